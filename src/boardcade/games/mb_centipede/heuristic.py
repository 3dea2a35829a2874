"""Evaluation of a Milton Bradley Centipede state for the greedy agent and search: a value in (-1, 1).

The value is 2 P(win) - 1 as predicted by a model trained from self-play (`evaluator.json` in this folder,
`scripts/train_evaluator.py`, docs/agents.md) over the race's terms, each the player's less the opponent's:
path spaces left to travel for all six segments (fewer is better) and for the leading and trailing segment,
how fast the centipede can move (live segments; a dead head stops it), a working gun, a poison mushroom a head
is about to reach where a shortcut starts (a likely jump into the next lane), and whose turn it is. Nothing is
hidden in this game (MB-10.1). Without a trained model, `HAND_WEIGHTS` (the first hand-set evaluation) stand in.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from boardcade.core.learned import LearnedModel, load_model

from . import query
from .layout import SEGMENTS, Layout
from .state import MBState

FEATURES = ("left", "lead", "last", "live", "head_dead", "gun_disabled", "shortcut", "to_move")
# The first hand-set evaluation: tanh((side score of the player less the opponent's) / 40), a side score being
# -left / 6 + 1.5 live - 4 (dead head) - 2 (gun disabled) + 3 (shortcut ahead); as a logit.
HAND_WEIGHTS = dict(left=-1 / 120, live=1.5 / 20, head_dead=-4 / 20, gun_disabled=-2 / 20, shortcut=3 / 20)
_MODEL: list[LearnedModel | None] = []


def model() -> LearnedModel | None:
    """The trained model (None when this folder has none)."""
    if not _MODEL:
        _MODEL.append(load_model(__package__, "evaluator.json"))
    return _MODEL[0]


def set_model(new: LearnedModel | None, players: int = 2) -> None:
    """Use `new` instead of the shipped model (None: the hand-set weights); for training and tests."""
    _MODEL[:] = [new]


def _side(
    state: MBState, p: int, lay: Layout, s: Sequence[int], alive: Sequence[bool], poison: Sequence[bool]
) -> tuple[float, ...]:
    """One side's terms, from the state's segments, live flags and poison mushrooms (read once by `features`)."""
    b = p * SEGMENTS
    left = [lay.remaining(p, s[b + k]) for k in range(SEGMENTS)]
    live = sum(alive[b : b + SEGMENTS])
    shortcut = 0.0
    # a poison mushroom just ahead of the head, where a shortcut starts, is likely to be used
    h = s[b]
    step = lay.step[p]
    landing, poison_at = lay.landing[p], lay.poison_at
    for k in range(6):
        at = h + step * k
        if not 0 <= at < lay.n:
            break
        if landing[at] >= 0 and poison[poison_at[at + step]]:
            shortcut = 1.0
            break
    return (
        float(sum(left)),
        float(min(left)),
        float(max(left)),
        float(live),
        0.0 if alive[b] else 1.0,
        1.0 if query.gun_disabled(state, p) else 0.0,
        shortcut,
    )


def features(state: MBState, player: int) -> list[float]:
    """The model's input for `player`: each term the player's less the opponent's."""
    lay, s, alive, poison = query.layout(state), query.segments(state), query.alive(state), query.poison(state)
    mine, theirs = _side(state, player, lay, s, alive, poison), _side(state, 1 - player, lay, s, alive, poison)
    to_move = 1.0 if query.player(state) == player else -1.0
    return [a - b for a, b in zip(mine, theirs, strict=True)] + [to_move]


def evaluate(state: MBState, player: int) -> float:
    """Value of `state` for `player` in (-1, 1) (+1 won, -1 lost)."""
    if state.is_terminal():
        return float(state.returns()[player])
    x = features(state, player)
    m = model()
    if m is not None:
        return m.value(x)
    return math.tanh(0.5 * sum(HAND_WEIGHTS.get(name, 0.0) * v for name, v in zip(FEATURES, x, strict=True)))
