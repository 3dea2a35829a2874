"""Chess-style clocks for live play (SV-CL1..SV-CL6 in docs/server.md): a base time per person and an increment
after each of their decisions, running only while that person is to move, flagged by the server alone.

Pure bookkeeping in milliseconds of wall time (the server's `time.time()`, injectable: `Context.now`). A clock's
state is a JSON object stored with every commit (`matches.clock_state`):

    {"left": [ms or null per seat], "run": seat or null, "since": epoch ms or null, "incs": n}

`left` holds each person's time as of `since` (null for a computer's seat: computers think off the clock);
`run` is the seat whose clock runs (null: none runs: a computer is to move, the clocks have not started, or the
match is over); `since` is when it started running (null with a `run`: paused while the server was stopped);
`incs` counts the increments given to `run` in the turn now going on (an undo takes one back).
"""

from __future__ import annotations

import time
from typing import Any

from .errors import ClientError

TIME = time.time  # the server's wall clock, in seconds; tests put their own in its place

MIN_BASE = 60  # seconds (tests lower it)
MAX_BASE = 7200
MAX_INCREMENT = 60


def now_ms() -> int:
    """The time now (TIME), in epoch milliseconds."""
    return int(TIME() * 1000)


def check_clock_spec(clock: Any, turn_limit: Any) -> dict[str, int] | None:
    """A new match's `clock` ({"base": s, "increment": s} or null); ClientError naming what is allowed."""
    if clock is None:
        return None
    allowed = (
        f'\'clock\' is {{"base": seconds {MIN_BASE}..{MAX_BASE}, "increment": seconds 0..{MAX_INCREMENT}}} '
        "or null for none"
    )
    if not isinstance(clock, dict) or set(clock) - {"base", "increment"} or "base" not in clock:
        raise ClientError("bad_options", f"{allowed}; got {str(clock)[:80]}")
    base, inc = clock["base"], clock.get("increment", 0)
    if type(base) is not int or not MIN_BASE <= base <= MAX_BASE:
        raise ClientError("bad_options", f"{allowed}; the base {base!r} is out of range")
    if type(inc) is not int or not 0 <= inc <= MAX_INCREMENT:
        raise ClientError("bad_options", f"{allowed}; the increment {inc!r} is out of range")
    if turn_limit is not None:
        raise ClientError(
            "bad_options",
            "a match has either a clock ('clock', live play) or a time per turn ('turn_limit', correspondence), "
            "not both",
        )
    return {"base": base, "increment": inc}


def new_state(spec: dict[str, int], humans: list[bool]) -> dict[str, Any]:
    """Every person's full base time; nothing runs yet (the clocks start with the last person's first decision)."""
    return {"left": [spec["base"] * 1000 if h else None for h in humans], "run": None, "since": None, "incs": 0}


def left_now(state: dict[str, Any], now: int) -> list[int | None]:
    """Each seat's time left at `now` (ms; the running seat's charged since it started running)."""
    left = list(state["left"])
    run, since = state["run"], state["since"]
    held = None if run is None else left[run]
    if run is not None and since is not None and held is not None:
        left[run] = held - max(0, now - since)
    return left


def due_in(state: dict[str, Any], now: int) -> int | None:
    """Milliseconds until the running seat's flag falls (<= 0: fallen), or None if no clock runs."""
    run = state["run"]
    if run is None or state["since"] is None:
        return None
    left = left_now(state, now)[run]
    return None if left is None else left


def advance(state: dict[str, Any], now: int, deciders: list[int], run: int | None, increment: int) -> dict[str, Any]:
    """The clocks after steps whose decisions were made by `deciders` (seats; chance steps left out): the running
    seat is charged up to `now`, each of its decisions adds `increment` seconds, and `run` (a person to move once
    the clocks have started, else None) runs from `now`."""
    left = left_now(state, now)
    was = state["run"] if state["since"] is not None else None
    incs = state.get("incs", 0)
    for seat in deciders:
        held = left[seat]
        if seat == was and held is not None:
            left[seat] = held + increment * 1000
            incs += 1
    if run is not None and left[run] is None:
        run = None
    if run != was:
        incs = 0
    return {"left": left, "run": run, "since": None if run is None else now, "incs": incs}


def take_back(state: dict[str, Any], now: int, increment: int, run: int | None) -> dict[str, Any]:
    """The clocks after the running seat took back a decision: charged up to `now`, less that decision's
    increment (so taking back never gains time); `run` runs from `now`."""
    left = left_now(state, now)
    was, incs = state["run"], state.get("incs", 0)
    held = None if was is None else left[was]
    if was is not None and incs > 0 and held is not None:
        left[was] = held - increment * 1000
        incs -= 1
    if run is not None and left[run] is None:
        run = None
    if run != was:
        incs = 0
    return {"left": left, "run": run, "since": None if run is None else now, "incs": incs}


def stopped(state: dict[str, Any], now: int, flagged: int | None = None) -> dict[str, Any]:
    """The clocks at the end of the match: charged up to `now`, none running (a flagged seat shows 0)."""
    left = left_now(state, now)
    if flagged is not None and left[flagged] is not None:
        left[flagged] = 0
    return {"left": left, "run": None, "since": None, "incs": 0}


def paused(state: dict[str, Any], now: int) -> dict[str, Any]:
    """The clocks while the server is stopped: charged up to `now`; the running seat kept, `since` null."""
    return {**state, "left": left_now(state, now), "since": None}


def resumed(state: dict[str, Any], now: int) -> dict[str, Any]:
    """A paused clock runs again from `now`."""
    if state["run"] is not None and state["since"] is None:
        return {**state, "since": now}
    return state


def view(spec: dict[str, int], state: dict[str, Any], now: int, active: bool) -> dict[str, Any]:
    """What viewers are sent: the clock, each seat's time left at `now` (the server's time, epoch ms) and the
    seat whose clock runs, so a client ticks it down by itself."""
    run = state["run"] if active and state["since"] is not None else None
    return {
        "base": spec["base"],
        "increment": spec["increment"],
        "left": left_now(state, now) if run is not None else list(state["left"]),
        "running": run,
        "now": now,
    }
