"""What the viewers of one match are sent: its views, whole or as deltas, each built and serialised once.

A client gets `observation(seat)` for each seat it holds (the public view, `observation(None)`, as a
spectator). The first view on a connection is whole (a `state` message); after that each change is a `delta`
holding only the new events and the top-level keys of the view that changed, with the version it applies to
(`from`) so a client that missed one can tell and ask for the whole view again.

Costs are paid once per (version, viewer class), never per socket or per request: the observation of a seat
(or of spectators) is built once per version; the whole view is serialised once per version (the `state`
message and the HTTP answers reuse that text); a delta is serialised once per broadcast and seat, and every
socket holding that seat gets the same text. Whole views carry only the last `VIEW_EVENTS` events (the match's
replay has them all; `events_omitted` says how many came before), so a long match's whole view stays small.

Every view and message a match sends is built here (live.py's `view`, `state_message` and `broadcast` hand
over to a match's `Views`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, cast

from ..core import State
from ..core.endings import Ending, ended_view
from .errors import dumps

VIEW_EVENTS = 200  # events in a whole view (state message, HTTP view); deltas carry every new one
_MISSING = object()


class Client(Protocol):
    """A connected browser (or test): the seats it holds (empty = spectator), the version of the view it was
    last sent per seat, and a send that never waits (it queues, or drops the client if it is too far behind)."""

    seats: tuple[int, ...]
    versions: dict[int | None, int]

    def send_text(self, text: str) -> bool: ...


def paged(obs: dict[str, Any]) -> tuple[dict[str, Any], int]:
    """The view with only its last VIEW_EVENTS events, and how many were left out."""
    events = obs.get("events")
    if events is None or len(events) <= VIEW_EVENTS:
        return obs, 0
    return {**obs, "events": events[-VIEW_EVENTS:]}, len(events) - VIEW_EVENTS


def _changed(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """The keys of view `new` whose values differ from view `old`'s (new or changed), but "events" (deltas carry
    the new events apart). A part the game kept unchanged (core State._view_part) is the same object: it needs
    no comparing."""
    get = old.get
    return {k: v for k, v in new.items() if k != "events" and (o := get(k, _MISSING)) is not v and o != v}


def _with_notes(events: list[Any], notes: list[dict[str, Any]]) -> list[Any]:
    """`events` with each note placed before the first event of a later or equal step (a fresh list)."""
    out: list[Any] = []
    i = 0
    for note in notes:
        while i < len(events) and events[i]["step"] < note["step"]:
            out.append(events[i])
            i += 1
        out.append(note)
    out.extend(events[i:])
    return out


class Views:
    """The views of one match: observation(seat) kept per seat for the version it was built at (the last one a
    client was sent, until the next broadcast), which is what the next delta is worked out from, and the whole
    view serialised once per version and seat."""

    def __init__(self, match_id: str):
        self.match_id = match_id
        self.cache: dict[int | None, tuple[int, dict[str, Any]]] = {}
        self.texts: dict[int | None, tuple[int, str, str]] = {}  # seat -> (version, view JSON, state message)
        self.ending: tuple[Ending, list[float] | None] | None = None
        self.notes: list[dict[str, Any]] = []  # the server's own log lines (END-3 turns), each at its step
        # Whether a seat may take back its last decision now (live.LiveMatch.undo_refusal): its own messages say so.
        self.may_undo: Callable[[int], bool] = lambda seat: False

    def _undo(self, seat: int | None) -> dict[str, bool]:
        """{"undo": True} in a message of a seat that may take back its last decision now (core/undo.py)."""
        return {"undo": True} if seat is not None and self.ending is None and self.may_undo(seat) else {}

    def reset(self) -> None:
        """Decisions were taken back: the views built so far are dropped, so every viewer is sent the whole view,
        built afresh from the replayed state (a version seen before may now hold another position)."""
        self.cache.clear()
        self.texts.clear()

    def set_notes(self, notes: list[dict[str, Any]]) -> None:
        """Log lines of the server's own, for every viewer, each placed before the game's events of its step (a
        turn the computer played for a person: live.LiveMatch.set_seats). New ones drop the views built so far,
        so every viewer is sent the whole view once more."""
        if notes != self.notes:
            self.notes = notes
            self.cache.clear()
            self.texts.clear()

    def end(self, ending: Ending, result: list[float] | None) -> None:
        """From now on every view tells how the match ended outside its rules; the views built so far are
        dropped, so every viewer is sent the whole view once more."""
        self.ending = (ending, result)
        self.cache.clear()
        self.texts.clear()

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """observation(seat) at the state's version (computed once per version and seat)."""
        version = state.move_number()
        cached = self.cache.get(seat)
        if cached is not None and cached[0] == version:
            return cached[1]
        # The game's own dict, not a copy (notes and an ending make new ones on top; nothing here changes it).
        obs = cast(dict[str, Any], state.observation(seat))
        if self.notes:
            obs = {**obs, "events": _with_notes(obs.get("events", []), self.notes)}
        if self.ending is not None:
            obs = ended_view(obs, *self.ending)
        self.cache[seat] = (version, obs)
        return obs

    def _texts(self, state: State, seat: int | None) -> tuple[int, str, str]:
        version = state.move_number()
        cached = self.texts.get(seat)
        if cached is not None and cached[0] == version:
            return cached
        obs, omitted = paged(self.view(state, seat))
        view = dumps(obs)
        extra = f',"events_omitted":{omitted}' if omitted else ""
        head = dumps({"type": "state", "match": self.match_id, "seat": seat, "version": version, **self._undo(seat)})
        message = f'{head[:-1]}{extra},"observation":{view}}}'
        cached = self.texts[seat] = (version, view, message)
        return cached

    def view_text(self, state: State, seat: int | None) -> tuple[str, int]:
        """The whole view as JSON text (events paged), and how many events it leaves out."""
        obs = self.view(state, seat)
        events = obs.get("events") or ()
        return self._texts(state, seat)[1], max(0, len(events) - VIEW_EVENTS)

    def state_message(self, state: State, seat: int | None) -> str:
        """The whole view, as a `state` message (serialised once per version and seat)."""
        return self._texts(state, seat)[2]

    def delta(self, state: State, seat: int | None) -> tuple[int | None, str]:
        """(version the delta applies to, message) for `seat`; (None, whole state) if there is no earlier view."""
        version = state.move_number()
        before = self.cache.get(seat)
        if before is None or before[0] == version:
            return None, self.state_message(state, seat)
        old_version, old = before
        new = self.view(state, seat)
        old_events, new_events = old.get("events", ()), new.get("events", ())
        if len(new_events) < len(old_events):
            return None, self.state_message(state, seat)
        changed = _changed(old, new)
        msg: dict[str, Any] = {
            "type": "delta",
            "match": self.match_id,
            "seat": seat,
            "version": version,
            "from": old_version,
            "events": new_events[len(old_events) :],
            "changed": changed,
            **self._undo(seat),
        }
        if old.keys() - new.keys():
            msg["removed"] = [k for k in old if k not in new]
        return old_version, dumps(msg)

    def broadcast(self, state: State, clients: list[Client]) -> None:
        """Queue the change for every client: a delta when it holds the view the delta applies to, else the whole
        view. One message per seat, serialised once and shared by every client that holds it. Never waits: slow
        clients are dropped by their own queue (ws.py), never awaited here."""
        version = state.move_number()
        deltas: dict[int | None, tuple[int | None, str]] = {}
        for client in clients:
            for seat in client.seats or (None,):
                found = deltas.get(seat)
                if found is None:
                    found = deltas[seat] = self.delta(state, seat)
                since, text = found
                if since is not None and client.versions.get(seat) != since:
                    text = self.state_message(state, seat)
                client.versions[seat] = version
                client.send_text(text)
        for seat in [s for s in self.cache if s not in deltas]:  # nobody holds that view any more
            del self.cache[seat]
            self.texts.pop(seat, None)
