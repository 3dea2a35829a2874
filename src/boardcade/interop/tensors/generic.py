"""Blocks shared by every game's tensor, and the hashed fallback for games without their own module.

Common block (from the contract's common observation keys):
  viewer[num_players + 1]        one-hot; the last slot is the spectator
  current_player[num_players + 2] one-hot; then chance, then terminal
  progress[1]                    move_number / max_game_length
  returns[num_players]           final returns when the game is over, else 0
  legal[num_distinct_actions]    1 for each action the viewer may take now (only the player to move has any)

Events block (information-state tensor only): events[EVENT_BUCKETS] counts the events the viewer has seen,
each hashed (CRC-32 of rule and text) into a bucket, so that different pasts usually give different tensors.

Hashed fallback game block: features[FALLBACK_BUCKETS]. Every leaf of the game's own observation keys
(everything but the common keys) is named by its path, e.g. `board/3/owner`; a number or boolean adds its
value to bucket CRC-32(path), a string or null adds 1 to bucket CRC-32(path=value). Fixed shape, but
collisions can merge features: games should ship their own module instead.
"""

from __future__ import annotations

import zlib
from collections.abc import Mapping
from typing import Any

import numpy as np

from ...core.domain import Viewer
from ...core.game import CHANCE, TERMINAL, Game, Observation, State

EVENT_BUCKETS = 256
FALLBACK_BUCKETS = 512
COMMON_BOUNDS: dict[str, tuple[float, float]] = {"returns": (-1.0, 1.0)}
BOUNDS: dict[str, tuple[float, float]] = {"features": (-np.inf, np.inf)}  # the hashed fallback block is unbounded
COMMON_KEYS = frozenset(
    {"game", "viewer", "move_number", "current_player", "is_terminal", "returns", "legal_actions", "events"}
)


def common_fields(game: Game) -> list[tuple[str, tuple[int, ...]]]:
    n = game.num_players
    return [
        ("viewer", (n + 1,)),
        ("current_player", (n + 2,)),
        ("progress", (1,)),
        ("returns", (n,)),
        ("legal", (game.num_distinct_actions,)),
    ]


def fill_common(obs: Observation, views: dict[str, np.ndarray], game: Game) -> None:
    n = game.num_players
    viewer = obs["viewer"]
    views["viewer"][n if viewer is None else viewer] = 1.0
    cur = obs["current_player"]
    views["current_player"][cur if cur >= 0 else (n if cur == -1 else n + 1)] = 1.0
    views["progress"][0] = min(1.0, obs["move_number"] / max(1, game.max_game_length))
    if obs["returns"] is not None:
        views["returns"][:] = obs["returns"]
    legal = views["legal"]
    for info in obs["legal_actions"]:
        legal[info["action"]] = 1.0


def fill_common_state(state: State, player: Viewer, views: dict[str, np.ndarray], game: Game) -> None:
    """`fill_common` straight from the state (the contract's calls), without building the observation dict."""
    n = game.num_players
    views["viewer"][n if player is None else player] = 1.0
    cur = state.current_player()
    views["current_player"][cur if cur >= 0 else (n if cur == CHANCE else n + 1)] = 1.0
    views["progress"][0] = min(1.0, state.move_number() / max(1, game.max_game_length))
    if cur == TERMINAL:
        views["returns"][:] = state.returns()
    elif player is not None and player == cur:
        views["legal"][state.legal_actions()] = 1.0


def event_fields(game: Game) -> list[tuple[str, tuple[int, ...]]]:
    return [("events", (EVENT_BUCKETS,))]


def fill_events(obs: Observation, views: dict[str, np.ndarray], game: Game) -> None:
    events = views["events"]
    for ev in obs["events"]:
        events[zlib.crc32(f"{ev['rule']}|{ev['text']}".encode()) % EVENT_BUCKETS] += 1.0


def fill_events_state(state: State, player: Viewer, views: dict[str, np.ndarray], game: Game) -> None:
    """`fill_events` straight from the state's events that `player` may see, kept incrementally: the bucket
    counts live in the state's `event_cache`, so each event is hashed once per viewer, not once per call."""
    cache = state.event_cache(("tensor-events", player if player is not None and player >= 0 else None))
    if not cache:
        cache += [0, np.zeros(EVENT_BUCKETS, dtype=np.float32)]
    seen, counts = cache
    total = state.event_count()
    if seen < total:
        for ev in state.events_since(seen, player):
            counts[zlib.crc32(f"{ev.rule}|{ev.text}".encode()) % EVENT_BUCKETS] += 1.0
        cache[0] = total
    views["events"] += counts


# ---- the hashed fallback game block --------------------------------------------------------------
def fields(game: Game) -> list[tuple[str, tuple[int, ...]]]:
    return [("features", (FALLBACK_BUCKETS,))]


def fill(obs: Mapping[str, Any], views: dict[str, np.ndarray], game: Game) -> None:
    out = views["features"]
    for key in sorted(obs):
        if key not in COMMON_KEYS:
            _walk(key, obs[key], out)


def _walk(path: str, value: Any, out: np.ndarray) -> None:
    if isinstance(value, dict):
        for k in sorted(value, key=str):
            _walk(f"{path}/{k}", value[k], out)
    elif isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            _walk(f"{path}/{i}", v, out)
    elif isinstance(value, (bool, int, float)):
        out[zlib.crc32(path.encode()) % FALLBACK_BUCKETS] += float(value)
    else:
        out[zlib.crc32(f"{path}={value}".encode()) % FALLBACK_BUCKETS] += 1.0
