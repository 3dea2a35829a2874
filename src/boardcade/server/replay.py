"""Replay data for the viewer: the public view of every state of a match, from a stored or uploaded record."""

from __future__ import annotations

from typing import Any

from ..core import CHANCE, Record, RecordError, record_from_json
from .errors import ClientError

MAX_REPLAY_STEPS = 20000


def replay_data(record: Record) -> dict[str, Any]:
    """Every state's public observation (events stripped; the full public event list is sent once with the step
    each belongs to), with the label of the action leading to it."""
    if len(record.actions) > MAX_REPLAY_STEPS:
        raise ClientError("bad_record", f"record has {len(record.actions)} actions; at most {MAX_REPLAY_STEPS}")
    steps: list[dict[str, Any]] = []
    previous = None
    try:
        for i, state in enumerate(record.states()):
            obs = state.observation(None)
            obs.pop("events", None)
            entry: dict[str, Any] = {"version": i, "observation": obs}
            if previous is not None:
                action = record.actions[i - 1]
                mover = previous.current_player()
                entry["by"] = "chance" if mover == CHANCE else previous.game.player_name(mover)
                entry["label"] = previous.action_to_string(action) if mover != CHANCE else "(chance)"
            steps.append(entry)
            previous = state
    except RecordError as e:
        raise ClientError("bad_record", str(e)) from None
    events = [e.to_json() for e in previous.events(None)] if previous is not None else []
    game = previous.game if previous is not None else None
    return {
        "game": record.game,
        "title": game.title if game else record.game,
        "options": record.options,
        "seats": record.seats,
        "players": [game.player_name(p) for p in range(game.num_players)] if game else [],
        "result": record.result,
        "steps": steps,
        "events": events,
    }


def parse_record(data: Any) -> Record:
    try:
        record = record_from_json(data)
        record.load_game()
    except RecordError as e:
        raise ClientError("bad_record", str(e)) from None
    except OverflowError:  # record_from_json turns 'result' entries into floats; 10**400 does not fit one
        raise ClientError("bad_record", "field 'result' holds a number too large for a score") from None
    return record
