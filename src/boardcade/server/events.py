"""The server's listener list: what a lower part of the match manager tells, and who hears it.

A part that has news (a match ended here, a clock to arm, a chat line another server stored...) calls
`ctx.listeners.<event>(...)`; it never knows who listens. Who listens is wired in one place, the manager's
constructor (manager.py), which has the table of events, their emitters and their listeners (docs/server.md too).

Each event calls its listeners in the order they subscribed, with the caller's arguments, and returns nothing;
an exception a listener raises goes to the caller (the listeners after it are not called), as a direct call would.
An event nobody listens to does nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any, Generic, ParamSpec

if TYPE_CHECKING:
    from .live import LiveMatch

P = ParamSpec("P")


class Event(Generic[P]):
    """One event: its listeners, called in turn (plain functions)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.listeners: list[Callable[P, object]] = []

    def subscribe(self, listener: Callable[P, object]) -> None:
        self.listeners.append(listener)

    def unsubscribe(self, listener: Callable[P, object]) -> None:
        """Stop `listener` hearing this event (a test, say, of a server that stops before it hears)."""
        self.listeners.remove(listener)

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> None:
        for listener in list(self.listeners):
            listener(*args, **kwargs)

    def __repr__(self) -> str:
        return f"<event {self.name}: {len(self.listeners)} listening>"


class AsyncEvent(Generic[P]):
    """One event whose listeners are coroutine functions. Calling it gives one coroutine (the caller awaits or
    spawns it) that awaits each listener in turn; with one listener it is that listener's own coroutine, so a
    spawned failure is logged under the listener's name (context.finished)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.listeners: list[Callable[P, Coroutine[Any, Any, object]]] = []

    def subscribe(self, listener: Callable[P, Coroutine[Any, Any, object]]) -> None:
        self.listeners.append(listener)

    def unsubscribe(self, listener: Callable[P, Coroutine[Any, Any, object]]) -> None:
        self.listeners.remove(listener)

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> Coroutine[Any, Any, object]:
        if len(self.listeners) == 1:
            return self.listeners[0](*args, **kwargs)
        return self._each(list(self.listeners), *args, **kwargs)

    @staticmethod
    async def _each(listeners: list[Callable[..., Coroutine[Any, Any, object]]], *args: Any, **kwargs: Any) -> None:
        for listener in listeners:
            await listener(*args, **kwargs)

    def __repr__(self) -> str:
        return f"<event {self.name}: {len(self.listeners)} listening>"


class Listeners:
    """Every event the manager's parts tell (ctx.listeners); manager.py subscribes the listeners."""

    def __init__(self) -> None:
        # a rated-or-not match ended here, by its game's rules or by an ending (not aborted): (match)
        self.ended_here: Event[[LiveMatch]] = Event("ended_here")
        # another server stored a match's end, seen in a read-back: (match, ending, status)
        self.ended_elsewhere: Event[[LiveMatch, dict[str, Any], str]] = Event("ended_elsewhere")
        # a match changed (a step, a seat, loaded): its turn clock or chess clock may start: (match)
        self.arm_clock: Event[[LiveMatch]] = Event("arm_clock")
        # a chess clock ran out (SV-CL3): (match)
        self.flag_fell: AsyncEvent[[LiveMatch]] = AsyncEvent("flag_fell")
        # a chat line another server stored (bus kind `c`): (match, data)
        self.chat_heard: Event[[LiveMatch, str]] = Event("chat_heard")
        # a lobby note from another server (bus kind `l`): (data)
        self.lobby_heard: Event[[str]] = Event("lobby_heard")
        # a commit made here is stored and told: (match, the seat that was to move before it)
        self.turn_started: Event[[LiveMatch, int | None]] = Event("turn_started")
