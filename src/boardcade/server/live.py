"""One match held in memory by a server process: its state, seats, connected clients and what each was sent.

The views it sends (whole or as deltas) are built by its `Views` (views.py); an expired match tells its
clients so (`expire`). Once loaded, a match's steps change only through commits.py, after they are stored.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections import Counter
from typing import Any

from ..core import CHANCE, State, advance_chance, game_spec
from ..core.endings import Ending, ending_from_json
from ..core.record import load_game_under_rules
from ..core.undo import NOT_YOUR_TURN, NOTHING, REASONS, Step, apply_step, undo_refusal
from . import clocks
from .account_tables import DELETED_NAME
from .errors import dumps
from .seats import matches_hash
from .storage import SeatRow, StoredMatch, now_iso
from .views import Client, Views

PRESENCE_TTL = 45.0  # seconds another server's presence report stays valid without being repeated


def resolve_chance(state: State, rng: random.Random, limit: int) -> list[int]:
    """Sample chance outcomes until a player must move (or the match ends) with the one chance driver every
    player of a game uses (core.advance_chance). Returns the outcomes applied."""
    applied: list[int] = []
    advance_chance(state, rng, lambda _state, _player, action: applied.append(action), limit)
    return applied


class LiveMatch:
    def __init__(self, stored: StoredMatch, owner: str | None = None):
        self.id = stored.id
        self.game = load_game_under_rules(stored.game, stored.options, stored.rules_version)
        self.rules_version = self.game.RULES_VERSION if stored.rules_version is None else stored.rules_version
        self.seats = stored.seats
        self.has_agents = False  # a computer plays a seat, or played a turn for a person (set_seats)
        self.seat_rows: dict[int, SeatRow] = dict(stored.seat_rows)
        self.host_hash = stored.host_hash
        self.created_at = stored.created_at
        self.updated_at = stored.updated_at or stored.created_at
        self.status = stored.status
        self.rematch_id = stored.rematch_id
        self.rematch_of = stored.rematch_of
        self.owner = owner or stored.id
        self.state = self.game.new_initial_state()
        self.movers: list[int] = []  # the player who chose each step's action (-1: chance)
        self.revealed: set[int] = set()  # the steps whose decision revealed something hidden (core/undo.py)
        self.undos = stored.undos  # decisions taken back so far (stored: other servers compare it)
        self.casual = stored.casual  # decisions may be taken back
        self.rated = stored.rated  # its result changes ratings (server/ratings.py)
        self.apply_stored(stored.actions)
        self.lock = asyncio.Lock()
        self.clients: set[Client] = set()
        self.views = Views(self.id)
        self.views.may_undo = lambda seat: self.undo_refusal(seat) is None
        self.set_seats(stored.seats)
        self.driving = False
        self.needs_sync = False
        self.resync = False  # a notification came while the match was being read (sync.Sync.schedule)
        self.last_used = time.monotonic()
        self.seats_read_at = 0.0  # when seat_rows were last read again from the database (authenticate_fresh)
        self.local_presence: Counter[int] = Counter()
        self.http_seen: dict[int, float] = {}  # seat -> when its person was last stored as seen over HTTP
        self.remote_presence: dict[str, tuple[frozenset[int], float]] = {}
        # Ending a match outside its game's rules (endings.py), and the turn clock.
        self.turn_limit = stored.turn_limit
        self.on_timeout = stored.on_timeout
        self.private = stored.private
        self.draw_offer = stored.draw_offer  # {"version", "seats"}: valid while the match is at that version
        self.draw_withdrawn: dict[tuple[int, ...], int] = {}  # side -> version it withdrew its offer at (endings.py)
        self.draws = game_spec(self.game.name).allows_draws(self.game.options)
        self.ending: Ending | None = None
        self.result: list[float] | None = list(self.state.returns()) if self.state.is_terminal() else None
        self.finished_untold = False  # the rules ended it here and the clients are not told yet (commits.py)
        self.clock = None  # the timer set for the turn limit or the chess clock's flag (endings.py)
        self.clock_spec = stored.clock  # {"base", "increment"}: a chess clock (clocks.py), or None
        self.clock_state = stored.clock_state  # the clocks now (clocks.py)
        self.clock_stale = False  # another server's steps moved them; being read (commits.py): not told, no flag
        if stored.ending is not None:
            self.end(ending_from_json(stored.ending, self.game), stored.status)

    # ---- state -----------------------------------------------------------------------------------
    @property
    def version(self) -> int:
        return self.state.move_number()

    def apply_stored(self, actions: list[int]) -> None:
        for a in actions:
            step = apply_step(self.state, a)
            if step.reveals:
                self.revealed.add(len(self.movers))
            self.movers.append(step.mover)
        if self.state.is_terminal() and self.status == "active":
            self.finish_by_rules()

    def adopt(self, new: State, actions: list[int], movers: list[int], reveals: list[bool] | None = None) -> None:
        """The steps `actions` (chosen by `movers`, already committed; `reveals`: which revealed something hidden)
        happened: `new` (a clone of the state held, played on) becomes the state held, taking over what the views
        have already worked out on the old one (each viewer's events as JSON, kept incrementally, and the parts of
        its views: State.take_views_from)."""
        start = len(self.movers)
        self.revealed.update(start + i for i, r in enumerate(reveals or ()) if r)
        self.movers.extend(movers)
        new.take_views_from(self.state)
        self.state = new
        if new.is_terminal() and self.status == "active":
            self.finish_by_rules()

    def finish_by_rules(self) -> None:
        """The game's own rules ended the match (its steps are stored): finished, with the result its state gives,
        in the match's JSON at once (not only once it is loaded again); its clients are told (`ended`, no ending)
        by the next Commits._tell."""
        self.status = "finished"
        self.result = list(self.state.returns())
        self.finished_untold = True

    def rewind(self, state: State, undos: int) -> None:
        """Decisions were taken back (stored already): `state`, replayed from the record less them, is the match
        now. Every view is built again from it (never from what was sent before), sent whole."""
        n = state.move_number()
        del self.movers[n:]
        self.revealed = {i for i in self.revealed if i < n}
        self.state = state
        self.undos = undos
        self.draw_offer = None
        self.views.reset()

    def reload(self, actions: list[int], undos: int) -> None:
        """Decisions were taken back by another server: the stored steps `actions`, replayed from the start, are
        the match now (its views built afresh)."""
        self.state = self.game.new_initial_state()
        self.movers, self.revealed = [], set()
        self.apply_stored(actions)
        self.undos = undos
        self.draw_offer = None
        self.views.reset()

    def undo_refusal(self, seat: int) -> tuple[str, str] | None:
        """None when `seat` may take back its last decision now (core/undo.py); else (code, why not)."""
        if not self.casual:
            return "undo_not_allowed", "decisions cannot be taken back in this match: it is not a casual match"
        if self.status != "active" or self.state.is_terminal():
            return "match_over", f"the match is over ({self.status}); nothing can be taken back"
        if self.seats[seat]["kind"] != "human" or self.computer_turn(seat):
            return "not_your_turn", "the computer is playing this seat; only a person takes back their own decision"
        movers = self.movers
        decided = len(movers) - 1
        while decided >= 0 and movers[decided] < 0:  # the last decision, and the chance outcomes since
            decided -= 1
        start = max(decided, 0)
        while start > 0 and movers[start - 1] >= 0:  # and the decisions before it, back to a chance outcome
            start -= 1
        tail = [Step(m, i in self.revealed) if m >= 0 else Step(CHANCE) for i, m in enumerate(movers[start:], start)]
        why = undo_refusal(tail, self.state.current_player(), seat)
        if why is None:
            return None
        code = {NOTHING: "nothing_to_undo", NOT_YOUR_TURN: "not_your_turn"}.get(why, "undo_barrier")
        return code, REASONS[why]

    def was_played(self, version: int, seat: int, action: int) -> bool:
        """True if `seat` played `action` at step `version` (a resent action)."""
        return version < len(self.movers) and self.movers[version] == seat and self.state.history()[version] == action

    def turn(self) -> tuple[int | None, str | None]:
        """(seat to move, "human" | "agent"), or (None, None) when the match is over."""
        if self.state.is_terminal():
            return None, None
        cur = self.state.current_player()
        return cur, ("agent" if self.agent_for(cur) else "human") if cur >= 0 else "human"

    def end(self, ending: Ending, status: str) -> None:
        """The match ended outside its game's rules (stored already): no more moves; every view tells it
        (core/endings.ended_view) from now on."""
        self.ending = ending
        self.status = status
        self.result = ending.result(self.game)
        self.draw_offer = None
        self.views.end(ending, self.result)

    def movers_so_far(self) -> set[int]:
        """The players who have chosen a move (chance aside)."""
        return {p for p in self.movers if p >= 0}

    def abortable(self) -> bool:
        """END-4: before the second player's first move."""
        return self.status == "active" and len(self.movers_so_far()) < 2

    def offer(self) -> dict[str, Any] | None:
        """The draw offer standing at this position, if any."""
        offer = self.draw_offer
        return offer if offer and offer.get("version") == self.version and self.status == "active" else None

    def seat_to_move_is_agent(self) -> bool:
        cur = self.state.current_player()
        return self.status == "active" and cur >= 0 and self.agent_for(cur) is not None

    # ---- chess clocks (clocks.py, SV-CL1..6) ---------------------------------------------------------------
    def clock_runner(self, state: State, movers: list[int]) -> int | None:
        """The seat whose clock runs in `state` (reached by steps chosen by `movers`): the person to move, once
        every person's seat has made its first decision; None while a computer (or nobody) is to move."""
        if not self.clock_spec or state.is_terminal():
            return None
        humans = [p for p, s in enumerate(self.seats) if s["kind"] == "human"]
        if not set(humans) <= set(movers):
            return None
        cur = state.current_player()
        return cur if cur in humans and not self.computer_turn(cur, movers[len(self.movers) :]) else None

    def clock_due(self) -> int | None:
        """Milliseconds until the running clock's flag falls (<= 0: it has), or None when no clock runs."""
        if not self.clock_spec or self.clock_state is None or self.status != "active" or self.clock_stale:
            return None
        return clocks.due_in(self.clock_state, clocks.now_ms())

    def clock_view(self) -> dict[str, Any] | None:
        if not self.clock_spec or self.clock_state is None:
            return None
        return clocks.view(self.clock_spec, self.clock_state, clocks.now_ms(), self.status == "active")

    def clock_message(self) -> dict[str, Any]:
        return {"type": "clock", "match": self.id, "clock": self.clock_view()}

    # ---- END-3: the computer plays one turn for a person whose time ran out ----------------------------
    def set_seats(self, seats: list[dict[str, Any]]) -> None:
        """The match's seats (stored already). A person's seat keeps, under "computer_turns", each turn their time
        ran out in: [{"version", "agent"}], the version that turn had reached and the computer that played it.
        The views log each such turn (END-3) from now on, so every viewer is sent the whole view again."""
        self.seats = seats
        self.has_agents = any(s["kind"] == "agent" or s.get("computer_turns") for s in seats)
        self.told_computer_turns = tuple(self.computer_turn(p) for p in range(len(seats))) if self.has_agents else ()
        self.views.set_notes(self.notes())

    def notes(self) -> list[dict[str, Any]]:
        """The log lines of the server's own (END-3: each turn the computer played for a person whose time ran
        out), by step: in every view, and in the replay (routes.py puts them in the record's meta)."""
        notes = []
        for p, s in enumerate(self.seats):
            for turn in s.get("computer_turns") or ():
                played = f"the computer ({turn['agent']}) played that turn for them"
                text = f"{self.person(p)} ran out of time (END-3): {played}"
                notes.append({"rule": "END-3", "text": text, "step": turn["version"]})
        return sorted(notes, key=lambda n: n["step"])

    def computer_turns_changed(self) -> bool:
        """True (once) when a computer started or stopped playing a turn for a person since last asked."""
        now = tuple(self.computer_turn(p) for p in range(len(self.seats))) if self.has_agents else ()
        changed = now != self.told_computer_turns
        self.told_computer_turns = now
        return changed

    def person(self, seat: int) -> str:
        """A seat as the log names it: "Sam (Red)", else its role."""
        row = self.seat_rows.get(seat)
        role = self.game.player_name(seat)
        return f"{row.name} ({role})" if row and row.name else role

    def computer_turn(self, seat: int, ahead: list[int] | None = None) -> str | None:
        """The computer playing `seat`'s turn for its person (END-3), if one is: the seat's time ran out in this
        turn, and since then nobody else has chosen a move (the match's movers, and those of the steps `ahead`
        about to be stored). Once another player has moved, the seat is its person's again: the computer plays
        only the turn that ran out."""
        turns = self.seats[seat].get("computer_turns")
        if not turns:
            return None
        since = turns[-1]["version"]
        if since > len(self.movers) or any(m not in (seat, -1) for m in [*self.movers[since:], *(ahead or ())]):
            return None
        return str(turns[-1]["agent"])

    def agent_for(self, seat: int, ahead: list[int] | None = None) -> str | None:
        """The computer choosing `seat`'s moves now (its own, or one standing in for a person), else None;
        `ahead`: the movers of steps about to be stored (see computer_turn)."""
        s = self.seats[seat]
        return s["agent"] if s["kind"] == "agent" else self.computer_turn(seat, ahead)

    # ---- seats ------------------------------------------------------------------------------------
    def check_token(self, seat: int, token: Any) -> bool:
        row = self.seat_rows.get(seat)
        return matches_hash(token, row.token_hash if row else None)

    def connected(self) -> set[int]:
        now = time.monotonic()
        seats = {s for s, n in self.local_presence.items() if n > 0}
        for server, (remote, expires) in list(self.remote_presence.items()):
            if expires < now:
                del self.remote_presence[server]
            else:
                seats |= remote
        return seats

    def seat_info(self) -> list[dict[str, Any]]:
        connected = self.connected()
        out = []
        for i, s in enumerate(self.seats):
            row = self.seat_rows.get(i) or SeatRow()
            info: dict[str, Any] = {"player": i, "role": self.game.player_name(i), "kind": s["kind"]}
            if s["kind"] == "agent":
                info.update(agent=s["agent"], name=f"Computer ({s['agent']})", claimed=True, connected=True)
                if s.get("replaced"):  # stored before END-3 stood in for one turn only: the computer kept the seat
                    info.update(replaced=True, person=row.name)
            else:
                info.update(name=row.name, claimed=row.token_hash is not None, connected=i in connected)
                if self.rated and row.name and row.name != DELETED_NAME:  # a rated seat is named by its account
                    info["account"] = row.name
                if s.get("computer_turns"):  # the turns the computer played for this person (END-3)
                    info.update(computer_turns=len(s["computer_turns"]), computer_turn=self.computer_turn(i))
            if row.away_hash is not None:  # handed on by the host while its person was away (seating.py)
                info.update(stand_in=True, away=row.away_name)
            out.append(info)
        return out

    def meta(self) -> dict[str, Any]:
        to_move, _ = self.turn()
        return {
            "id": self.id,
            "game": self.game.name,
            "title": self.game.title,
            "options": self.game.options,
            "seats": self.seat_info(),
            "status": self.status,
            "version": self.version,
            "rules_version": self.rules_version,
            "to_move": to_move,
            "created_at": self.created_at,
            "updated_at": self.updated_at,
            "rematch_of": self.rematch_of,
            "rematch_id": self.rematch_id,
            "ending": self.ending.to_json() if self.ending else None,
            "result": self.result,
            "turn_limit": self.turn_limit,
            "on_timeout": self.on_timeout if self.turn_limit else None,
            "private": self.private,
            "draws": self.draws,
            "teams": [list(team) for team in self.game.teams()],  # the sides: seats that win and lose together
            "draw_offer": self.offer(),
            "abortable": self.abortable(),
            "casual": self.casual,
            "rated": self.rated,
            "clock": self.clock_view(),
            "now": now_iso(),
        }

    # ---- views ------------------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        """observation(seat) at the current version (computed once per version and seat)."""
        return self.views.view(self.state, seat)

    def view_text(self, seat: int | None) -> tuple[str, int]:
        """observation(seat) as JSON text with its last events only, and how many it leaves out (views.py)."""
        return self.views.view_text(self.state, seat)

    def state_message(self, seat: int | None) -> str:
        return self.views.state_message(self.state, seat)

    def broadcast(self) -> None:
        """Queue the change for every client (Views.broadcast); never waits."""
        self.views.broadcast(self.state, list(self.clients))
        if self.clock_spec and self.clients and not self.clock_stale:  # the clocks after the change (SV-CL4)
            self.send_all(self.clock_message())

    def send_all(self, msg: dict[str, Any], skip: Client | None = None) -> None:
        text = dumps(msg)
        for client in list(self.clients):
            if client is not skip:
                client.send_text(text)

    def seats_message(self) -> dict[str, Any]:
        return {"type": "seats", "match": self.id, "seats": self.seat_info()}

    def expire(self) -> None:
        """The match expired (the sweep, here or on another server): no more moves; its clients are told."""
        self.status = "expired"
        text = "This match expired after a long time without moves; it can no longer be played."
        self.send_all({"type": "notice", "match": self.id, "code": "expired", "message": text})
