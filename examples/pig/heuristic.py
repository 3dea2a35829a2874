"""Pig's evaluation for the greedy and search agents: the score lead, plus this turn's total when it is yours."""

from __future__ import annotations

from . import query
from .game import PigState


def evaluate(state: PigState, player: int) -> float:
    scores = query.scores(state)
    mine, theirs = scores[player], scores[1 - player]
    pending = (query.turn_total_seen_by(state, player) or 0) if query.player_to_roll(state) == player else 0
    target: int = state.game.options["target"]
    return max(-1.0, min(1.0, (mine + 0.5 * pending - theirs) / target))
