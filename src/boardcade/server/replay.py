"""Replay data for the viewer: the public view of every state of a match, from a stored or uploaded record.

Compact: the first step carries the whole public observation; every later step carries only the top-level
keys of the observation that changed (`changed`) and those that disappeared (`removed`). Events are left out of
the steps and sent once, each with the step it belongs to. The viewer rebuilds step i by applying the changes
of steps 1..i in order. This runs in a worker process (compute.py), never on the server's event loop.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import CHANCE, Record, RecordError, record_from_json
from .errors import ClientError

MAX_REPLAY_STEPS = 20000


def diff(old: Mapping[str, Any], new: Mapping[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """Top-level keys of `new` whose values differ from `old`, and keys of `old` that `new` lacks."""
    changed = {k: v for k, v in new.items() if k not in old or old[k] != v}
    removed = [k for k in old if k not in new]
    return changed, removed


def replay_data(record: Record, max_steps: int = MAX_REPLAY_STEPS) -> dict[str, Any]:
    if len(record.actions) > max_steps:
        raise ClientError("too_large", f"record has {len(record.actions)} actions; at most {max_steps} can be replayed")
    steps: list[dict[str, Any]] = []
    previous = None
    last_obs: dict[str, Any] = {}
    try:
        for i, state in enumerate(record.states()):
            obs = {k: v for k, v in state.observation(None).items() if k != "events"}  # events: sent once, below
            if previous is None:
                entry: dict[str, Any] = {"version": i, "observation": obs}
            else:
                changed, removed = diff(last_obs, obs)
                entry = {"version": i, "changed": changed}
                if removed:
                    entry["removed"] = removed
                action = record.actions[i - 1]
                mover = previous.current_player()
                entry["by"] = "chance" if mover == CHANCE else previous.game.player_name(mover)
                entry["label"] = previous.action_to_string(action) if mover != CHANCE else "(chance)"
            steps.append(entry)
            previous, last_obs = state, obs
    except RecordError as e:
        raise ClientError("bad_record", str(e)) from None
    events: list[Mapping[str, Any]] = [e.to_json() for e in previous.events(None)] if previous is not None else []
    notes = _notes(record, len(steps))
    if notes:  # the server's own lines (END-3), placed before the game's events of their step, as in the match
        events = sorted(notes + events, key=lambda e: e["step"])
    if isinstance(record.ending, dict) and previous is not None:  # told at the last state, with its rule (END-*)
        events.append(
            {"rule": record.ending.get("rule"), "text": record.ending.get("text"), "step": max(0, len(steps) - 2)}
        )
    game = previous.game if previous is not None else None
    return {
        "format": "compact-1",
        "game": record.game,
        "title": game.title if game else record.game,
        "options": record.options,
        "seats": record.seats,
        "players": [game.player_name(p) for p in range(game.num_players)] if game else [],
        "names": _names(record, len(record.seats)),
        "result": record.result,
        "ending": record.ending,  # how it ended outside the game's rules (core/endings.py), if it did
        "steps": steps,
        "events": events,
    }


def _notes(record: Record, steps: int) -> list[dict[str, Any]]:
    """The server's own log lines a record's meta holds ("notes": [{rule "END-3", text, step}]), those well formed."""
    notes = record.meta.get("notes")
    if not isinstance(notes, list):
        return []
    return [
        {"rule": "END-3", "text": n["text"][:300], "step": n["step"]}
        for n in notes
        if isinstance(n, dict)
        and n.get("rule") == "END-3"
        and isinstance(n.get("text"), str)
        and type(n.get("step")) is int
        and 0 <= n["step"] < steps
    ]


def _names(record: Record, seats: int) -> list[str | None] | None:
    """The players' names a record's meta holds ("names": one name or null per seat), when it holds them
    properly; shown as text by the viewer."""
    names = record.meta.get("names")
    if not isinstance(names, list) or len(names) != seats:
        return None
    return [n[:40] if isinstance(n, str) and n.strip() else None for n in names]


def parse_record(data: Any) -> Record:
    try:
        record = record_from_json(data)
        record.load_game()
    except RecordError as e:
        raise ClientError("bad_record", str(e)) from None
    except OverflowError:  # record_from_json turns 'result' entries into floats; 10**400 does not fit one
        raise ClientError("bad_record", "field 'result' holds a number too large for a score") from None
    return record
