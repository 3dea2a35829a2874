"""Helpers to set up Q*bert positions for rule tests."""

from __future__ import annotations

import pytest

import boardcade
from boardcade.games.qbert import actions as A
from boardcade.games.qbert import board as B
from boardcade.games.qbert.game import QMOVE

ROLLOFF_P0_FIRST = 6 * 5 + 0  # player 0 rolls 6, player 1 rolls 1


def c(r: int, i: int) -> int:
    return B.cube(r, i)


def start(options: dict | None = None, roll: int = 5):
    """A match after the roll-off (player 0 is Q*bert) and Q*bert's secret d8 roll of `roll`."""
    state = boardcade.load_game("qbert", **(options or {})).new_initial_state()
    state.apply_action(ROLLOFF_P0_FIRST)
    state.apply_action(roll - 1)
    assert state.phase == QMOVE
    return state


def place(state, qbert=None, **nasties):
    """Move pieces directly: qbert=(r, i); coily=(r, i) (cube or face coordinates), or "home"/"out"."""
    if qbert is not None:
        state.q = c(*qbert)
    for key, where in nasties.items():
        k = B.NASTY_KEYS.index(key)
        state.nasty[k] = B.HOME if where == "home" else B.ELIMINATED if where == "out" else c(*where)
    state._legal_cache = None
    return state


def nasty_turn(state, character: int, steps: int):
    """End Q*bert's move (if needed) and roll the character die and d6."""
    if state.phase == QMOVE:
        state.apply_action(A.STOP)
    state.apply_action(B.CHARACTER_DIE.index(character))
    state.apply_action(steps - 1)
    return state


def hop(direction: str) -> int:
    return B.DIR_NAMES.index(direction)


def step(direction: str) -> int:
    return A.STEP0 + B.DIR_NAMES.index(direction)


class Helpers:
    """Bundle of the helpers above, handed to tests as the `qb` fixture."""

    A = A
    B = B
    c = staticmethod(c)
    start = staticmethod(start)
    place = staticmethod(place)
    nasty_turn = staticmethod(nasty_turn)
    hop = staticmethod(hop)
    step = staticmethod(step)


@pytest.fixture
def qb() -> type[Helpers]:
    return Helpers
