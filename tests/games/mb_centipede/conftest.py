"""Helpers to set up Milton Bradley Centipede positions for rule tests (the `mb` fixture)."""

from __future__ import annotations

import random

import pytest

import boardcade
from boardcade.games.mb_centipede import actions as A
from boardcade.games.mb_centipede import board as B
from boardcade.games.mb_centipede import mechanics as R

GREEN, RED = B.GREEN, B.RED


def at(x: int, y: int) -> int:
    """Path index of the row space (x, y)."""
    return B.INDEX_AT[(x, y)]


def new(**options):
    return boardcade.load_game("mb_centipede", **options).new_initial_state()


def place(state, player: int, positions, dead=()):
    """Put `player`'s segments (head first) on the given path indexes (or B.HOME / B.GOAL sentinels)."""
    positions = list(positions)
    home = B.HOME[player]
    positions += [home] * (6 - len(positions))
    for k in range(6):
        state._seg[player * 6 + k] = positions[k]
        state._alive[player * 6 + k] = k not in dead
    state._legal_cache = None
    return state


def trail(player: int, head: int, n: int = 6) -> list[int]:
    """A straight trail of n segments with the head on path index `head`."""
    d = B.STEP[player]
    return [head - d * k for k in range(n)]


def poison(state, *spaces: int):
    """Plant poison mushrooms on poison spaces (by number 0..9), taking tokens from the supply."""
    for i in spaces:
        state._poison[i] = True
        state._supply -= 1
    state._legal_cache = None
    return state


def spin(state, outcome: int, player: int | None = None):
    """Make it `player`'s spin (default: whoever spins now) and apply the spin `outcome`."""
    if player is not None:
        state._player = player
    assert state.is_chance_node()
    state.apply_action(outcome)
    return state


def segs(state, player: int) -> list[int]:
    return state._seg[player * 6 : player * 6 + 6]


def alive(state, player: int) -> list[bool]:
    return state._alive[player * 6 : player * 6 + 6]


def rules_fired(state) -> list[str]:
    return [e.rule for e in state.events()]


def random_playout(state, rng: random.Random, check=None):
    """Play uniformly random legal actions (chance included) to the end; `check(state)` before each step."""
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal, "a non-terminal state must have legal actions"
        if check is not None:
            check(state)
        state.apply_action(rng.choice(legal))
    return state


class Helpers:
    A = A
    B = B
    R = R
    GREEN = GREEN
    RED = RED
    at = staticmethod(at)
    new = staticmethod(new)
    place = staticmethod(place)
    trail = staticmethod(trail)
    poison = staticmethod(poison)
    spin = staticmethod(spin)
    segs = staticmethod(segs)
    alive = staticmethod(alive)
    rules_fired = staticmethod(rules_fired)
    random_playout = staticmethod(random_playout)


@pytest.fixture
def mb() -> type[Helpers]:
    return Helpers
