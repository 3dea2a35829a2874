"""Read-only questions about a Pig state, typed: the one place besides the engine (game.py) that reads its fields.
The heuristic asks these; a hidden thing is answered per viewer (the turn total, PG-2.4)."""

from __future__ import annotations

from .game import Phase, PigState


def scores(state: PigState) -> tuple[int, int]:
    """Both players' banked points (PG-1.2)."""
    return state._scores[0], state._scores[1]


def player_to_roll(state: PigState) -> int:
    return state._player


def turn_total_seen_by(state: PigState, player: int | None) -> int | None:
    """This turn's total as `player` sees it: None for anyone but the roller until the game is over (PG-2.4)."""
    return state._turn_total if player == state._player or state._phase == Phase.OVER else None
