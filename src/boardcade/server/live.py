"""One match held in memory by a server process: its state, seats, connected clients and what each was sent.

Views: a client gets `observation(seat)` for each seat it holds (the public view, `observation(None)`, as a
spectator). The first view on a connection is whole (a `state` message); after that each change is a `delta`
holding only the new events and the top-level keys of the view that changed, with the version it applies to
(`from`) so a client that missed one can tell and ask for the whole view again.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections import Counter
from typing import Any, Protocol

from ..core import State
from ..core.record import load_game_under_rules
from .errors import dumps
from .replay import diff
from .seats import matches_hash
from .storage import SeatRow, StoredMatch

PRESENCE_TTL = 45.0  # seconds another server's presence report stays valid without being repeated


def resolve_chance(state: State, rng: random.Random, limit: int) -> list[int]:
    """Sample chance outcomes until a player must move (or the match ends). Returns the outcomes applied."""
    applied: list[int] = []
    while state.is_chance_node():
        if len(applied) >= limit:
            raise RuntimeError("too many chance outcomes in a row; the game looks stuck")
        outcomes = state.chance_outcomes()
        r = rng.random() * sum(p for _, p in outcomes)
        pick = outcomes[-1][0]
        for outcome, p in outcomes:
            r -= p
            if r < 0:
                pick = outcome
                break
        state.apply_action(pick)
        applied.append(pick)
    return applied


class Client(Protocol):
    """A connected browser (or test): the seats it holds (empty = spectator), the version of the view it was
    last sent per seat, and a send that never waits (it queues, or drops the client if it is too far behind)."""

    seats: tuple[int, ...]
    versions: dict[int | None, int]

    def send_text(self, text: str) -> bool: ...


class LiveMatch:
    def __init__(self, stored: StoredMatch, owner: str | None = None):
        self.id = stored.id
        self.game = load_game_under_rules(stored.game, stored.options, stored.rules_version)
        self.rules_version = self.game.RULES_VERSION if stored.rules_version is None else stored.rules_version
        self.seats = stored.seats
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
        self.apply_stored(stored.actions)
        self.lock = asyncio.Lock()
        self.clients: set[Client] = set()
        self.views: dict[int | None, tuple[int, dict[str, Any]]] = {}
        self.driving = False
        self.needs_sync = False
        self.resync = False  # a notification came while the match was being read (manager._schedule_sync)
        self.last_used = time.monotonic()
        self.seats_read_at = 0.0  # when seat_rows were last read again from the database (authenticate_fresh)
        self.local_presence: Counter[int] = Counter()
        self.remote_presence: dict[str, tuple[frozenset[int], float]] = {}

    # ---- state -----------------------------------------------------------------------------------
    @property
    def version(self) -> int:
        return self.state.move_number()

    def apply_stored(self, actions: list[int]) -> None:
        for a in actions:
            self.movers.append(self.state.current_player())
            self.state.apply_action(a)
        if self.state.is_terminal() and self.status == "active":
            self.status = "finished"

    def adopt(self, new: State, movers: list[int]) -> None:
        """Take `new` (this state plus the steps chosen by `movers`, already committed) as the current state."""
        self.movers.extend(movers)
        self.state = new
        if new.is_terminal():
            self.status = "finished"

    def was_played(self, version: int, seat: int, action: int) -> bool:
        """True if `seat` played `action` at step `version` (a resent action)."""
        return version < len(self.movers) and self.movers[version] == seat and self.state.history()[version] == action

    def turn(self) -> tuple[int | None, str | None]:
        """(seat to move, "human" | "agent"), or (None, None) when the match is over."""
        if self.state.is_terminal():
            return None, None
        cur = self.state.current_player()
        return cur, self.seats[cur]["kind"] if cur >= 0 else "human"

    def seat_to_move_is_agent(self) -> bool:
        cur = self.state.current_player()
        return self.status == "active" and cur >= 0 and self.seats[cur]["kind"] == "agent"

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
            else:
                info.update(name=row.name, claimed=row.token_hash is not None, connected=i in connected)
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
        }

    # ---- views ------------------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        """observation(seat) at the current version (computed once per version and seat)."""
        cached = self.views.get(seat)
        if cached is not None and cached[0] == self.version:
            return cached[1]
        obs = self.state.observation(seat)
        self.views[seat] = (self.version, obs)
        return obs

    def state_message(self, seat: int | None) -> str:
        return dumps(
            {"type": "state", "match": self.id, "seat": seat, "version": self.version, "observation": self.view(seat)}
        )

    def _delta(self, seat: int | None) -> tuple[int | None, str]:
        """(version the delta applies to, message) for `seat`; (None, whole state) if there is no earlier view."""
        before = self.views.get(seat)
        if before is None or before[0] == self.version:
            return None, self.state_message(seat)
        old_version, old = before
        new = self.view(seat)
        old_events, new_events = old.get("events", []), new.get("events", [])
        if len(new_events) < len(old_events):
            return None, self.state_message(seat)
        changed, removed = diff(
            {k: v for k, v in old.items() if k != "events"}, {k: v for k, v in new.items() if k != "events"}
        )
        msg: dict[str, Any] = {
            "type": "delta",
            "match": self.id,
            "seat": seat,
            "version": self.version,
            "from": old_version,
            "events": new_events[len(old_events) :],
            "changed": changed,
        }
        if removed:
            msg["removed"] = removed
        return old_version, dumps(msg)

    def broadcast(self) -> None:
        """Queue the change for every client: a delta when it holds the view the delta applies to, else the whole
        view. Never waits: slow clients are dropped by their own queue (ws.py), never awaited here."""
        deltas: dict[int | None, tuple[int | None, str]] = {}
        for client in list(self.clients):
            for seat in client.seats or (None,):
                if seat not in deltas:
                    deltas[seat] = self._delta(seat)
                since, text = deltas[seat]
                if since is not None and client.versions.get(seat) != since:
                    text = self.state_message(seat)
                client.versions[seat] = self.version
                client.send_text(text)
        for seat in [s for s in self.views if s not in deltas]:  # nobody holds that view any more
            del self.views[seat]

    def send_all(self, msg: dict[str, Any], skip: Client | None = None) -> None:
        text = dumps(msg)
        for client in list(self.clients):
            if client is not skip:
                client.send_text(text)

    def seats_message(self) -> dict[str, Any]:
        return {"type": "seats", "match": self.id, "seats": self.seat_info()}
