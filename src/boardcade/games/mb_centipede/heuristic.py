"""One-ply evaluation for Milton Bradley Centipede, used by the greedy agent and search agents.

The race is what matters: path spaces left to travel for all six segments (fewer is better), how fast the
centipede can move (live segments; a dead head stops it), a working gun, and a poison mushroom a player's
head is about to reach where a shortcut starts (a likely jump into the next lane).
"""

from __future__ import annotations

import math

from .layout import SEGMENTS


def _side_score(state, p: int) -> float:
    lay = state._L
    s = state._seg
    b = p * SEGMENTS
    left = sum(lay.remaining(p, s[b + k]) for k in range(SEGMENTS))
    alive = state._alive
    live = sum(alive[b : b + SEGMENTS])
    score = -left / 6.0 + 1.5 * live
    if not alive[b]:
        score -= 4.0  # a dead head costs a whole turn
    if state._gun_disabled(p):
        score -= 2.0
    # a poison mushroom just ahead of the head, where a shortcut starts, is likely to be used
    h = s[b]
    step = lay.step[p]
    landing, poison_at, poison = lay.landing[p], lay.poison_at, state._poison
    for k in range(6):
        at = h + step * k
        if not 0 <= at < lay.n:
            break
        if landing[at] >= 0 and poison[poison_at[at + step]]:
            score += 3.0
            break
    return score


def evaluate(state, player: int) -> float:
    """Value of `state` for `player` in [-1, 1] (+1 won, -1 lost)."""
    if state.is_terminal():
        return float(state.returns()[player])
    diff = _side_score(state, player) - _side_score(state, 1 - player)
    return math.tanh(diff / 40.0)
