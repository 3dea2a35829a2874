"""One-ply evaluation for Milton Bradley Centipede, used by the greedy agent and search agents.

The race is what matters: path spaces left to travel for all six segments (fewer is better), how fast the
centipede can move (live segments; a dead head stops it), a working gun, and poison mushrooms a player's
head is about to reach (a likely shortcut).
"""

from __future__ import annotations

import math

from .board import POISON_AT, SEGMENTS, STEP, remaining


def _side_score(state, p: int) -> float:
    s = state._seg
    b = p * SEGMENTS
    left = sum(remaining(p, s[b + k]) for k in range(SEGMENTS))
    alive = state._alive
    live = sum(alive[b : b + SEGMENTS])
    score = -left / 6.0 + 1.5 * live
    if not alive[b]:
        score -= 4.0  # a dead head costs a whole turn
    if state._gun_disabled(p):
        score -= 2.0
    # a poison mushroom just ahead of the head is likely to become a shortcut
    h = s[b]
    for step in range(1, 7):
        n = h + STEP[p] * step
        if 0 <= n < len(POISON_AT) and POISON_AT[n] >= 0 and state._poison[POISON_AT[n]]:
            score += 3.0
            break
    return score


def evaluate(state, player: int) -> float:
    """Value of `state` for `player` in [-1, 1] (+1 won, -1 lost)."""
    if state.is_terminal():
        return float(state.returns()[player])
    diff = _side_score(state, player) - _side_score(state, 1 - player)
    return math.tanh(diff / 40.0)
