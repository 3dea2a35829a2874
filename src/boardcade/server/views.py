"""What the viewers of one match are sent: its views, whole or as deltas, built once per version and seat.

A client gets `observation(seat)` for each seat it holds (the public view, `observation(None)`, as a
spectator). The first view on a connection is whole (a `state` message); after that each change is a `delta`
holding only the new events and the top-level keys of the view that changed, with the version it applies to
(`from`) so a client that missed one can tell and ask for the whole view again.

Every view and message a match sends is built here (live.py's `view`, `state_message` and `broadcast` hand
over to a match's `Views`), so caching them harder is a change to this module alone.
"""

from __future__ import annotations

from typing import Any, Protocol

from ..core import State
from ..core.endings import Ending, ended_view
from .errors import dumps
from .replay import diff


class Client(Protocol):
    """A connected browser (or test): the seats it holds (empty = spectator), the version of the view it was
    last sent per seat, and a send that never waits (it queues, or drops the client if it is too far behind)."""

    seats: tuple[int, ...]
    versions: dict[int | None, int]

    def send_text(self, text: str) -> bool: ...


class Views:
    """The views of one match: observation(seat) kept per seat for the version it was built at (the last one a
    client was sent, until the next broadcast), which is what the next delta is worked out from."""

    def __init__(self, match_id: str):
        self.match_id = match_id
        self.cache: dict[int | None, tuple[int, dict[str, Any]]] = {}
        self.ending: tuple[Ending, list[float] | None] | None = None

    def end(self, ending: Ending, result: list[float] | None) -> None:
        """From now on every view tells how the match ended outside its rules; the views built so far are
        dropped, so every viewer is sent the whole view once more."""
        self.ending = (ending, result)
        self.cache.clear()

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """observation(seat) at the state's version (computed once per version and seat)."""
        version = state.move_number()
        cached = self.cache.get(seat)
        if cached is not None and cached[0] == version:
            return cached[1]
        obs = state.observation(seat)
        if self.ending is not None:
            obs = ended_view(obs, *self.ending)
        self.cache[seat] = (version, obs)
        return obs

    def state_message(self, state: State, seat: int | None) -> str:
        """The whole view, as a `state` message."""
        version = state.move_number()
        return dumps(
            {
                "type": "state",
                "match": self.match_id,
                "seat": seat,
                "version": version,
                "observation": self.view(state, seat),
            }
        )

    def delta(self, state: State, seat: int | None) -> tuple[int | None, str]:
        """(version the delta applies to, message) for `seat`; (None, whole state) if there is no earlier view."""
        version = state.move_number()
        before = self.cache.get(seat)
        if before is None or before[0] == version:
            return None, self.state_message(state, seat)
        old_version, old = before
        new = self.view(state, seat)
        old_events, new_events = old.get("events", []), new.get("events", [])
        if len(new_events) < len(old_events):
            return None, self.state_message(state, seat)
        changed, removed = diff(
            {k: v for k, v in old.items() if k != "events"}, {k: v for k, v in new.items() if k != "events"}
        )
        msg: dict[str, Any] = {
            "type": "delta",
            "match": self.match_id,
            "seat": seat,
            "version": version,
            "from": old_version,
            "events": new_events[len(old_events) :],
            "changed": changed,
        }
        if removed:
            msg["removed"] = removed
        return old_version, dumps(msg)

    def broadcast(self, state: State, clients: list[Client]) -> None:
        """Queue the change for every client: a delta when it holds the view the delta applies to, else the whole
        view. One message per seat, shared by every client that holds it. Never waits: slow clients are dropped by
        their own queue (ws.py), never awaited here."""
        version = state.move_number()
        deltas: dict[int | None, tuple[int | None, str]] = {}
        for client in clients:
            for seat in client.seats or (None,):
                if seat not in deltas:
                    deltas[seat] = self.delta(state, seat)
                since, text = deltas[seat]
                if since is not None and client.versions.get(seat) != since:
                    text = self.state_message(state, seat)
                client.versions[seat] = version
                client.send_text(text)
        for seat in [s for s in self.cache if s not in deltas]:  # nobody holds that view any more
            del self.cache[seat]
