"""Ending a match outside its game's rules (core/endings.py): a person resigns (END-1), the sides agree a draw
where the game's rules have draws (END-2), a person runs out of the turn time set at creation (END-3: they lose,
or a computer plays that turn for them, as the creator chose), or a person calls the match off before the second
player's first move (END-4). The server knows no game's internals: the result comes from the game's declared
sides, and the ending is recorded with its rule.

Like a move, an ending is stored first (in one transaction with its bus note, only if the match is still at the
version it was decided at) and told after: every client gets the whole view again, now over, with the ending as
its last event, and an `ended` message. A draw offer is stored too (it stands while the match stays at the
position it was made at) and told in a `draw` message. A side has one standing offer: offering again, or
withdrawing it and offering again, is refused (`draw_offered`) until a move is made or the other side answers.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from ..core.endings import ABORT, DRAW, RESIGN, TIMEOUT, Ending
from . import clocks
from .catalog import DEFAULT_AGENT, playable_agents
from .commits import Commits
from .context import Context
from .drivers import Drivers
from .errors import ClientError
from .live import LiveMatch
from .registry import Registry
from .seating import Seating
from .storage import age_seconds

log = logging.getLogger("boardcade.server")
ENDING_TRIES = 3  # a resignation raced by a move is decided again at the new version this many times
MIN_TURN_LIMIT = 10  # seconds
MAX_TURN_LIMIT = 14 * 86400
TIMEOUT_CHOICES = ("lose", "computer")


def check_clock(turn_limit: Any, on_timeout: Any) -> tuple[int | None, str]:
    """A new match's turn time limit (seconds or null) and what running out does; ClientError if bad."""
    if turn_limit is None:
        return None, "lose"
    if type(turn_limit) is not int or not MIN_TURN_LIMIT <= turn_limit <= MAX_TURN_LIMIT:
        raise ClientError(
            "bad_options",
            f"'turn_limit' is the seconds a person has for each turn, {MIN_TURN_LIMIT}..{MAX_TURN_LIMIT}, or null "
            f"for none; got {turn_limit!r}",
        )
    if on_timeout not in TIMEOUT_CHOICES:
        raise ClientError(
            "bad_options",
            f"'on_timeout' says what running out of time does: 'lose' or 'computer'; got {on_timeout!r}",
        )
    return turn_limit, on_timeout


class Endings:
    def __init__(self, ctx: Context, registry: Registry, commits: Commits, drivers: Drivers):
        self.ctx = ctx
        self.registry = registry
        self.commits = commits
        self.drivers = drivers

    # ---- names -----------------------------------------------------------------------------------
    @staticmethod
    def _who(match: LiveMatch, seat: int) -> str:
        row = match.seat_rows.get(seat)
        name = row.name if row and row.name else None
        role = match.game.player_name(seat)
        return f"{name} ({role})" if name else role

    @staticmethod
    def _side(match: LiveMatch, seat: int) -> tuple[int, ...]:
        return next(team for team in match.game.teams() if seat in team)

    def _winners(self, match: LiveMatch, seat: int) -> str:
        """ "Red wins", "Blue Gnome and Blue Centipede win": every seat not on `seat`'s side."""
        side = self._side(match, seat)
        others = [self._who(match, p) for p in range(match.game.num_players) if p not in side]
        return " and ".join(others) + (" wins" if len(others) == 1 else " win")

    # ---- the one way an ending is stored, then told ------------------------------------------------
    async def _end(self, match: LiveMatch, decide, version: int | None = None, flagged: int | None = None) -> Ending:
        """Store the ending `decide(match)` gives (None: nothing to end) and tell everyone. With `version`, only if
        the match is still at that version (a turn that ran out); otherwise decided again after a move that
        raced it."""
        for _ in range(ENDING_TRIES):
            async with match.lock:
                if match.needs_sync:
                    await self.commits.catch_up(match)
                if match.status != "active":
                    raise ClientError("match_over", "the match is over; it can no longer be ended")
                if version is not None and match.version != version:
                    raise ClientError("stale_version", "the match moved on; the turn that ran out was played")
                ending = decide(match)
                status = "aborted" if ending.rule == ABORT else "finished"
                result = ending.result(match.game)
                note = self.ctx.note("e", match, ending.rule)
                clock = None
                if match.clock_spec and match.clock_state is not None:  # the clocks stop (SV-CL3)
                    clock = clocks.stopped(match.clock_state, clocks.now_ms(), flagged)
                try:
                    stored = await self.ctx.read(
                        self.ctx.storage.end_match,
                        match.id,
                        match.version,
                        status,
                        result,
                        ending.to_json(),
                        note,
                        clock,
                    )
                except Exception as e:  # no answer: stored or not, it is read back before anyone is told
                    stored = await self._verify(match, ending, e)
                if stored:
                    if clock is not None:
                        match.clock_state = clock
                    self._tell(match, ending, status)
                    return ending
                await self.commits.catch_up(match)  # another server moved it (or ended it) first
        raise ClientError("unavailable", "the match kept moving on; try again")

    async def _verify(self, match: LiveMatch, ending: Ending, error: Exception) -> bool:
        """The database did not answer an ending: read the match back. True if the ending is stored."""
        log.warning(
            "ending match %s (%s): no answer from the database (%s); reading it back", match.id, ending.rule, error
        )
        try:
            head = await self.ctx.read(self.ctx.storage.load_head, match.id)
        except Exception:
            head = None
        if head is not None and head.ending == ending.to_json():
            return True
        match.needs_sync = True
        raise ClientError(
            "unavailable", f"the database did not store this ({ending.kind}); the match is unchanged, try again"
        )

    def _tell(self, match: LiveMatch, ending: Ending, status: str) -> None:
        match.end(ending, status)
        self.disarm(match)
        self.ctx.finished.add(match.id)
        self.ctx.list_cache.clear()
        self.ctx.listeners.ended_here(match)  # a rated match that ended (not one aborted): its ratings move
        match.broadcast()
        match.send_all(
            {"type": "ended", "match": match.id, "status": status, "ending": ending.to_json(), "result": match.result}
        )

    def adopt_stored(self, match: LiveMatch, stored_ending: dict, status: str) -> None:
        """Another server ended the match (its bus note, or a read-back): end it here too, and tell."""
        from ..core.endings import ending_from_json

        if match.ending is None:
            if match.clock_spec and match.clock_state is not None:
                self.ctx.spawn(self._stopped_elsewhere(match))
            self._tell(match, ending_from_json(stored_ending, match.game), status)

    async def _stopped_elsewhere(self, match: LiveMatch) -> None:
        head = await self.ctx.read(self.ctx.storage.load_head, match.id)
        if head is not None and head.clock_state is not None:
            match.clock_state = head.clock_state
            match.send_all(match.clock_message())

    # ---- END-1 resignation -------------------------------------------------------------------------
    async def resign(self, match: LiveMatch, seat: int) -> Ending:
        """The authenticated `seat` resigns: its side loses, every other side wins."""
        self._person(match, seat)

        def decide(m: LiveMatch) -> Ending:
            return Ending(RESIGN, seat, f"{self._who(m, seat)} resigns: {self._winners(m, seat)}")

        return await self._end(match, decide)

    # ---- END-4 abort -------------------------------------------------------------------------------
    async def abort(self, match: LiveMatch, seat: int) -> Ending:
        self._person(match, seat)

        def decide(m: LiveMatch) -> Ending:
            if not m.abortable():
                raise ClientError(
                    "too_late",
                    "both sides have moved, so the match can no longer be aborted (END-4); resign instead",
                )
            return Ending(ABORT, seat, f"{self._who(m, seat)} aborted the match before it got going: no result")

        return await self._end(match, decide)

    # ---- END-2 agreed draw -------------------------------------------------------------------------
    async def draw(self, match: LiveMatch, seat: int, answer: Any) -> dict[str, Any]:
        """`answer` "offer" (or "accept": the same, agreeing to the offer standing) or "decline". Returns the offer
        standing after it ({"version", "seats"}), or the ending when every side has agreed."""
        if answer not in ("offer", "accept", "decline"):
            raise ClientError("bad_message", f"'answer' must be 'offer', 'accept' or 'decline'; got {answer!r}")
        self._person(match, seat, stand_in=answer == "decline")
        if not match.draws:
            raise ClientError(
                "no_draws",
                f"{match.game.title}'s rules have no draws with these options, so none can be agreed (END-2)",
            )
        teams = match.game.teams()
        side = self._side(match, seat)
        machines = [t for t in teams if all(match.seats[p]["kind"] == "agent" for p in t)]
        if answer != "decline" and machines:
            raise ClientError("no_draws", "a computer player never agrees a draw; play on, or resign")
        async with match.lock:
            if match.status != "active":
                raise ClientError("match_over", "the match is over")
            standing = match.offer()
            if answer == "decline":
                if standing is None:
                    raise ClientError("bad_message", "there is no draw offer to decline")
                if set(standing["seats"]) <= set(side):  # its own offer, withdrawn: no new one at this position
                    match.draw_withdrawn[side] = match.version
                else:  # answered: the sides that offered may offer once more
                    match.draw_withdrawn.clear()
                offer = None
            else:
                agreed = set(standing["seats"]) if standing else set()
                if agreed & set(side):
                    raise ClientError(
                        "draw_offered",
                        "your side's draw offer stands already (END-2); it lasts until the other side answers or "
                        "a move is made",
                    )
                if match.draw_withdrawn.get(side) == match.version:
                    raise ClientError(
                        "draw_offered",
                        "your side withdrew its draw offer at this position (END-2); offer again once a move is made "
                        "or the other side has answered an offer",
                    )
                agreed.add(seat)
                offer = {"version": match.version, "seats": sorted(agreed)}
                sides = {i for i, t in enumerate(teams) if any(p in agreed for p in t)}
                if len(sides) == len(teams):
                    offer = "all"
            if offer != "all":
                note = self.ctx.note("d", match)
                if not await self.ctx.read(self.ctx.storage.set_draw_offer, match.id, offer, note):
                    raise ClientError("match_over", "the match is over")
                match.draw_offer = offer
                by = None if offer is None else self._who(match, seat)
                match.send_all({"type": "draw", "match": match.id, "offer": offer, "by": by, "side": list(side)})
                return {"offer": offer}

        def decide(m: LiveMatch) -> Ending:
            return Ending(DRAW, None, "A draw by agreement")

        ending = await self._end(match, decide, version=match.version)
        return {"offer": None, "ending": ending.to_json()}

    def _person(self, match: LiveMatch, seat: int, stand_in: bool = False) -> None:
        """A person's own seat (a computer's never; one the host handed on only where `stand_in` may act)."""
        if match.seats[seat]["kind"] != "human":
            raise ClientError("bad_message", f"seat {seat} is played by the computer now")
        if not stand_in:
            Seating.own_seat(match, seat)

    # ---- END-3 the turn clock ------------------------------------------------------------------------
    def arm(self, match: LiveMatch) -> None:
        """Set the timer for the turn now starting, when a person is to move in a match with a turn limit; in a
        match with a chess clock, for the moment the running clock's flag falls (SV-CL3)."""
        self.disarm(match)
        if match.clock_spec:
            due = match.clock_due()
            if due is not None:
                loop = asyncio.get_running_loop()
                match.clock = loop.call_later(max(0, due) / 1000 + 0.002, lambda: self.ctx.spawn(self.flag(match)))
            return
        if not match.turn_limit or match.status != "active":
            return
        to_move, kind = match.turn()
        if to_move is None or to_move < 0 or kind != "human":
            return
        left = match.turn_limit - (age_seconds(match.updated_at) or 0.0)
        version = match.version
        loop = asyncio.get_running_loop()
        match.clock = loop.call_later(max(0.0, left), lambda: self.ctx.spawn(self.run_out(match, version)))

    @staticmethod
    def disarm(match: LiveMatch) -> None:
        if match.clock is not None:
            match.clock.cancel()
            match.clock = None

    async def run_out(self, match: LiveMatch, version: int) -> None:
        """The person to move at `version` ran out of time: they lose, or a computer plays this turn for them."""
        try:
            seat = match.state.current_player()
            if match.version != version or match.status != "active" or match.seats[seat]["kind"] != "human":
                return
            if match.on_timeout == "computer":
                await self._hand_over(match, version, seat)
                return

            def decide(m: LiveMatch) -> Ending:
                return Ending(TIMEOUT, seat, f"{self._who(m, seat)} ran out of time: {self._winners(m, seat)}")

            await self._end(match, decide, version=version)
        except ClientError as e:  # moved on, ended meanwhile, or the database did not answer (the sweep retries)
            log.info("turn clock of match %s: %s", match.id, e.message)

    async def _hand_over(self, match: LiveMatch, version: int, seat: int) -> None:
        """The computer plays the turn that ran out, every decision of it, for the person; the seat stays theirs,
        and their next turn is theirs again (live.LiveMatch.computer_turn). Stored (the seat's "computer_turns")
        before anyone is told, so a restart, another server and the log all agree."""
        agents = playable_agents()
        agent = DEFAULT_AGENT if DEFAULT_AGENT in agents else next(iter(agents))
        async with match.lock:
            if match.version != version or match.status != "active":
                return
            seats = [dict(s) for s in match.seats]
            turns = [*seats[seat].get("computer_turns", ()), {"version": version, "agent": agent}]
            seats[seat]["computer_turns"] = turns
            note = self.ctx.note("s", match)
            if not await self.ctx.read(self.ctx.storage.hand_to_computer, match.id, version, seats, note):
                return
            who = self._who(match, seat)
            match.set_seats(seats)
        text = f"{who} ran out of time (END-3): the computer ({agent}) plays this turn for them."
        match.broadcast()  # the whole view again: its log tells the turn the computer plays
        match.send_all(match.seats_message())
        match.send_all({"type": "notice", "match": match.id, "code": "timeout", "message": text})
        self.ctx.list_cache.clear()
        self.drivers.schedule(match)

    # ---- SV-CL3 the chess clock's flag (clocks.py) -------------------------------------------------------
    async def flag(self, match: LiveMatch) -> None:
        """The running clock's time is up, by the server's own clock (never a client's word): that person's side
        loses on time. Early (a timer that fired before its time): set again."""
        try:
            due = match.clock_due()
            if due is None:
                return
            if due > 0:
                self.arm(match)
                return
            seat, version = match.clock_state["run"], match.version

            def decide(m: LiveMatch) -> Ending:
                now_due = m.clock_due()
                if now_due is None or now_due > 0 or m.clock_state["run"] != seat:
                    raise ClientError("stale_version", "the clock had not run out")
                text = f"{self._who(m, seat)} ran out of time on the clock: {self._winners(m, seat)}"
                return Ending(TIMEOUT, seat, text)

            await self._end(match, decide, version=version, flagged=seat)
        except ClientError as e:  # moved on, ended meanwhile, or the database did not answer (the sweep retries)
            log.info("chess clock of match %s: %s", match.id, e.message)

    def check_flag(self, match: LiveMatch) -> None:
        """Every message a match's clients send looks at its running clock too (SV-CL3)."""
        due = match.clock_due()
        if due is not None and due <= 0:
            self.ctx.spawn(self.flag(match))

    async def clock_sweep(self) -> None:
        """Clocks that ran out in matches this server holds no timer for; on a lone server (no other process
        shares its database), the clocks it paused when it last stopped run again (SV-CL5)."""
        now = clocks.now_ms()
        for match_id, version, state in await self.ctx.read(self.ctx.storage.clocked_matches):
            if not self.ctx.bus.multi and state["run"] is not None and state["since"] is None:
                if match_id not in self.ctx.live:  # (one held here was resumed as it was loaded: registry.py)
                    await self.ctx.read(self.ctx.storage.set_clock_state, match_id, version, clocks.resumed(state, now))
                continue
            due = clocks.due_in(state, now)
            if due is None or due > 0:
                continue
            try:
                match = await self.registry.get(match_id)
            except ClientError:
                continue
            await self.flag(match)

    async def pause_clocks(self) -> None:
        """A lone server stopping: the running clocks stop with it, charged up to now, and run again when it starts
        (SV-CL5: time the server is down is charged to nobody). Several processes sharing a database never pause:
        the others keep serving."""
        if self.ctx.bus.multi:
            return
        now = clocks.now_ms()
        for match_id, version, state in await self.ctx.read(self.ctx.storage.clocked_matches):
            if state["run"] is not None and state["since"] is not None:
                held = self.ctx.live.get(match_id)
                if held is not None:
                    self.disarm(held)
                await self.ctx.read(self.ctx.storage.set_clock_state, match_id, version, clocks.paused(state, now))

    async def sweep(self) -> None:
        """Turns that ran out in matches this server does not hold (after a restart, or held elsewhere)."""
        for match_id, updated_at, limit in await self.ctx.read(self.ctx.storage.overdue_turns):
            if (age_seconds(updated_at) or 0.0) < limit:
                continue
            try:
                match = await self.registry.get(match_id)
            except ClientError:
                continue
            await self.run_out(match, match.version)
