"""How a match's steps change, and the rule every change keeps: stored first, then told (SV-2).

Commits are optimistic: an action is applied to a copy of the state of version v (`play`: a person's action through
`submit`, a computer's from drivers.py), the chance outcomes that follow are sampled, and `store` commits the steps only
if the match is still at version v in the database (any server may have moved it meanwhile). Only then does the state in
memory change and clients hear of it. If the database's answer is lost, the match is read back to find out whether the
commit happened; the client is never told "unchanged" unless the read-back shows it.

Steps stored by another server (or by a commit whose answer was lost) come in by `catch_up` (read from the database) or
`apply_notified` (the notification sent in that commit's own transaction). Every path that changes a match's steps is in
this module, and each ends in `_tell`, after the steps are stored.
"""

from __future__ import annotations

import asyncio
import json
import logging

from ..core import IllegalActionError, State
from ..core.undo import apply_step, rewind
from . import clocks
from .context import Context
from .errors import ClientError
from .live import LiveMatch, resolve_chance
from .storage import Commit, now_iso
from .writer import CommitWriter

log = logging.getLogger("boardcade.server")
VERIFY_TRIES = (0.05, 0.2, 0.5, 1.0, 1.5)  # seconds between read-backs of a commit whose answer was lost


class Commits:
    def __init__(self, ctx: Context):
        self.ctx = ctx
        self.writer = CommitWriter(ctx.storage)

    # ---- a person's action -----------------------------------------------------------------------
    async def submit(self, match: LiveMatch, seat: int, version: int, action: int) -> None:
        """Apply `action` for the authenticated `seat`, chosen at state `version`, and store it; ClientError if
        it cannot be (stale, duplicate, out of turn, illegal, expired, over, or the database not answering)."""
        if version > match.version or match.needs_sync:  # another server may have moved on
            await self.sync(match)
        async with match.lock:
            if match.status == "expired":
                raise ClientError("expired", "this match expired after a long time without moves")
            if version != match.version:
                self._refuse_stale(match, seat, version, action)
            if match.status != "active":  # ended outside its rules (resigned, agreed drawn, out of time, aborted)
                raise ClientError("match_over", f"the match is over ({match.status}); no action is legal")
            if match.seats[seat]["kind"] != "human":
                raise ClientError("not_your_turn", f"seat {seat} is played by the computer")
            due = match.clock_due()
            if due is not None and due <= 0 and match.clock_state and match.clock_state["run"] == seat:
                if self.ctx.listeners.flag_fell.listeners:  # SV-CL3: the server ends it on time, then tells
                    self.ctx.spawn(self.ctx.listeners.flag_fell(match))
                raise ClientError(
                    "out_of_time",
                    f"{match.game.player_name(seat)}'s clock ran out before this move arrived (SV-CL3); "
                    "the match is lost on time",
                )
            if match.computer_turn(seat):
                raise ClientError(
                    "not_your_turn",
                    f"the time for this turn ran out: the computer plays it for {match.game.player_name(seat)} "
                    "(END-3); your next turn is yours",
                )
            state = match.state
            if state.is_terminal():
                raise ClientError("match_over", "the match is over; no action is legal")
            cur = state.current_player()
            if cur != seat:
                who = "chance" if cur < 0 else match.game.player_name(cur)
                raise ClientError("not_your_turn", f"it is {who}'s turn, not {match.game.player_name(seat)}'s")
            if not await self.play(match, seat, action):
                if match.status != "active":  # it ended meanwhile (another server: resigned, out of time...)
                    raise ClientError("match_over", f"the match is over ({match.status}); no action is legal")
                self._refuse_stale(match, seat, version, action)

    def _refuse_stale(self, match: LiveMatch, seat: int, version: int, action: int) -> None:
        if match.was_played(version, seat, action):
            raise ClientError(
                "duplicate", f"action {action} at version {version} was already applied; now at {match.version}"
            )
        raise ClientError(
            "stale_version",
            f"action was chosen for version {version} but the match is at version {match.version}; "
            "choose again from the latest state",
        )

    # ---- commit, then tell -----------------------------------------------------------------------
    async def play(self, match: LiveMatch, seat: int, action: int) -> bool:
        """The one way a decision is stored, a person's (`submit`) or a computer's (drivers.py): `action` for `seat`
        applied to a copy of the match's state, the chance outcomes that follow drawn with the server's dice, then
        `store` (commit, then tell: SV-2). Caller holds match.lock and has checked that `seat` is to move.
        True if stored, False if another server moved the match first (as `store`); ClientError("illegal_action")
        if `action` is not legal, the match unchanged."""
        new = match.state.clone()
        try:
            step = apply_step(new, action)
        except IllegalActionError as e:
            raise ClientError("illegal_action", str(e)) from None
        chance = resolve_chance(new, self.ctx.rng, match.game.max_game_length)
        return await self.store(match, new, [action, *chance], [seat] + [-1] * len(chance), [step.reveals])

    async def store(
        self, match: LiveMatch, new: State, actions: list[int], movers: list[int], reveals: list[bool] | None = None
    ) -> bool:
        """Commit `actions` (leading from match.state to `new`; `reveals`: which of them revealed something hidden,
        core/undo.py), then adopt and tell. Caller holds match.lock.
        True if stored; False if another server moved the match first (it has been brought up to date).
        Raises ClientError("unavailable") if the database could not be asked; the match is then unchanged,
        or (whether the commit happened is not known) marked to be read back before its next use."""
        start = match.version
        before = None if match.state.is_terminal() else match.state.current_player()
        to_move = None if new.is_terminal() else new.current_player()
        waiting: str | None = None
        if to_move is not None:
            waiting = "human"
            if to_move >= 0 and match.agent_for(to_move, movers):
                waiting = "agent"
        result = list(new.returns()) if new.is_terminal() else None
        note = None
        if self.ctx.bus.multi:  # the other servers hear of it in the commit's own transaction
            note = self.ctx.note("v", match, f"{start + len(actions)} {start} {','.join(map(str, actions))}")
        clock = None
        if match.clock_spec and match.clock_stale:  # moved by another server's steps: as stored, first
            head = await self.ctx.read(self.ctx.storage.load_head, match.id)
            if head is not None:
                match.clock_state, match.clock_stale = head.clock_state, False
        if match.clock_spec and match.clock_state is not None:  # the clocks after these steps (SV-CL2)
            now = clocks.now_ms()
            run = match.clock_runner(new, [*match.movers, *movers])
            clock = clocks.advance(
                match.clock_state, now, [m for m in movers if m >= 0], run, match.clock_spec["increment"]
            )
        commit = Commit(
            match.id, start, actions, result, to_move, waiting, note, None if clock is None else json.dumps(clock)
        )
        try:
            stored = await self.writer.commit(commit)
        except Exception as e:
            stored = await self._verify(match, start, actions, e)
        if not stored:
            await self.catch_up(match)
            return False
        match.adopt(new, actions, movers, reveals)  # stored: only now does the match change, and its clients hear of it
        if clock is not None:
            match.clock_state = clock
        if match.status != "active":
            self.ctx.finished.add(match.id)
            self.ctx.list_cache.clear()
            self.ctx.listeners.ended_here(match)
        self._tell(match)
        self.ctx.listeners.turn_started(match, before)  # a your-turn mail, perhaps
        return True

    async def _verify(self, match: LiveMatch, start: int, actions: list[int], error: Exception) -> bool:
        """The commit's answer was lost (the database failed or the connection broke): read the match back.
        True if the steps are stored (the commit happened), False if another server's are; ClientError if ours
        are not stored or the database cannot be read."""
        log.warning("commit of match %s at version %d: no answer (%s); reading it back", match.id, start, error)
        for pause in VERIFY_TRIES:
            await asyncio.sleep(pause)
            try:
                since = await self.ctx.read(self.ctx.storage.load_since, match.id, start)
            except Exception:
                continue
            stored = since[2] if since else []
            if stored[: len(actions)] == actions:
                log.warning("match %s: the commit at version %d had been stored", match.id, start)
                return True
            if not stored:
                raise ClientError(
                    "unavailable", "the database did not store this move (it failed); the match is unchanged, try again"
                )
            return False
        match.needs_sync = True
        raise ClientError(
            "unavailable",
            "the database did not answer, so it is not known yet whether this move was stored; "
            "the match will show it as soon as the database answers",
        )

    def _tell(self, match: LiveMatch) -> None:
        """The match's new steps are stored and applied: send every client its delta."""
        match.updated_at = now_iso()
        self._send_views(match)

    # ---- a person takes back their last decision (core/undo.py) ----------------------------------------
    async def undo(self, match: LiveMatch, seat: int, version: int) -> None:
        """Take back the authenticated `seat`'s last decision, made at `version` - 1 of a match now at `version`:
        the match is replayed from its record less that step, the truncation stored (with the match's undo count)
        before anyone is told, then every viewer gets its whole view again, built from the replayed state for its
        own seat. ClientError saying why when it cannot be (see live.LiveMatch.undo_refusal)."""
        if version > match.version or match.needs_sync:
            await self.sync(match)
        async with match.lock:
            if match.status == "expired":
                raise ClientError("expired", "this match expired after a long time without moves")
            if version != match.version:
                raise ClientError(
                    "stale_version",
                    f"undo was asked for at version {version} but the match is at version {match.version}; "
                    "look at the latest state first",
                )
            refused = match.undo_refusal(seat)
            if refused is not None:
                raise ClientError(*refused)
            state = rewind(match.game, match.state.history(), 1)
            to_move = state.current_player()
            note = self.ctx.note("u", match, f"{version - 1} {version}")
            clock = None
            if match.clock_spec and match.clock_state is not None:  # SV-CL2: the increment goes back too
                run = match.clock_runner(state, match.movers[: version - 1])
                clock = clocks.take_back(match.clock_state, clocks.now_ms(), match.clock_spec["increment"], run)
            try:
                undos = await self.ctx.read(
                    self.ctx.storage.undo_steps, match.id, version, version - 1, to_move, "human", note, clock
                )
            except ClientError:
                match.needs_sync = True  # stored or not: read back before the match is used again
                raise
            if undos is None:  # another server moved it (or ended it) first
                await self.catch_up(match)
                raise ClientError("stale_version", "the match moved on before the undo; look at the latest state")
            match.rewind(state, undos)
            if clock is not None:
                match.clock_state = clock
            self._told_again(match)

    def _told_again(self, match: LiveMatch) -> None:
        """The match went back (an undo, here or elsewhere): every client gets its whole view, built afresh; the
        turn clock runs on from the turn's start (it is set again for the version now held)."""
        self.ctx.list_cache.clear()
        self._send_views(match)

    def _send_views(self, match: LiveMatch) -> None:
        """Every client's view of the match as it now stands (seats first where a computer's turn for a person
        ended, the match's end where the rules ended it), then its turn clock set for the version now held."""
        if match.computer_turns_changed():  # the computer's turn for a person (END-3) is over: the seat is theirs
            match.send_all(match.seats_message())
        match.broadcast()
        if match.finished_untold:  # the rules ended it: the match's status and result, as a reload gives them
            match.finished_untold = False
            match.send_all(
                {"type": "ended", "match": match.id, "status": match.status, "ending": None, "result": match.result}
            )
        self.ctx.listeners.arm_clock(match)  # a person's turn may start: its clock

    # ---- steps stored elsewhere ------------------------------------------------------------------
    async def sync(self, match: LiveMatch) -> None:
        async with match.lock:
            await self.catch_up(match)

    async def catch_up(self, match: LiveMatch) -> None:
        """Apply the steps stored since match.version (by another server, or by a commit whose answer was lost)
        and tell the clients. Caller holds match.lock."""
        try:
            undos = await self.ctx.read(self.ctx.storage.undo_count, match.id)
            since = await self.ctx.read(self.ctx.storage.load_since, match.id, match.version)
        except Exception:
            match.needs_sync = True
            raise ClientError("unavailable", "the database is not answering; try again in a moment") from None
        if since is not None and undos != match.undos:  # decisions were taken back elsewhere: replay the record
            try:
                stored = await self.ctx.read(self.ctx.storage.load_match, match.id)
            except Exception:
                match.needs_sync = True
                raise ClientError("unavailable", "the database is not answering; try again in a moment") from None
            if stored is not None:
                match.reload(stored.actions, stored.undos)
                match.clock_state = stored.clock_state
                self._told_again(match)
            since = (since[0], since[1], [])
        match.needs_sync = False
        if since is None:
            return
        status, rematch_id, actions = since
        if actions:
            match.apply_stored(actions)
            self._clock_elsewhere(match)
            self._tell(match)
        elif match.clock_stale:
            self._clock_elsewhere(match)
        if status == "expired" and match.status != "expired":
            match.expire()
        ended_elsewhere = self.ctx.listeners.ended_elsewhere
        if status in ("finished", "aborted") and match.status == "active" and ended_elsewhere.listeners:
            head = await self.ctx.read(self.ctx.storage.load_head, match.id)  # ended outside its rules elsewhere
            if head is not None and head.ending is not None:
                ended_elsewhere(match, head.ending, status)
        if rematch_id and not match.rematch_id:
            match.rematch_id = rematch_id
            match.send_all({"type": "rematch", "match": match.id, "rematch": rematch_id})

    def apply_notified(self, match: LiveMatch, actions: list[int]) -> None:
        """Apply steps another server committed, as its notification (sent in the commit's own transaction, so
        exactly what was stored) names them; the match is at their first step and nothing is using it."""
        try:
            match.apply_stored(actions)
        except Exception:  # not what this server expected: read the match back instead
            log.exception("notified steps of match %s did not apply; reading it back", match.id)
            self.ctx.live.pop(match.id, None)
            return
        self._clock_elsewhere(match)
        self._tell(match)

    def _clock_elsewhere(self, match: LiveMatch) -> None:
        """Another server's steps moved the clocks: until they are read from the database (where that commit stored
        them), the clocks held here are not told and never flag (LiveMatch.clock_stale)."""
        if match.clock_spec:
            match.clock_stale = True
            self.ctx.spawn(self._read_clock(match))

    async def _read_clock(self, match: LiveMatch) -> None:
        for pause in (0.0, *VERIFY_TRIES):
            await asyncio.sleep(pause)
            try:
                head = await self.ctx.read(self.ctx.storage.load_head, match.id)
            except ClientError:
                continue
            if head is not None and head.clock_state is not None:
                match.clock_state = head.clock_state
            match.clock_stale = False
            match.send_all(match.clock_message())
            self.ctx.listeners.arm_clock(match)
            return
        match.needs_sync = True  # read again before its next use
