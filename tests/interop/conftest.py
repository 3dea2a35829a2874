"""Interop tests run for every registered game and each of its variants (chosen at collection time)."""

from __future__ import annotations

import random
from typing import NamedTuple

import pytest

from boardcade.core import game_class, game_names, load_game


class Case(NamedTuple):
    name: str
    label: str
    options: dict

    def load(self):
        return load_game(self.name, **self.options)


CASES = [Case(name, label, dict(opts)) for name in game_names() for label, opts in game_class(name).VARIANTS]


def pytest_generate_tests(metafunc):
    if "case" in metafunc.fixturenames:
        metafunc.parametrize("case", CASES, ids=[f"{c.name}-{c.label}" for c in CASES])


def _random_states(game, seed: int, games: int = 2, every: int = 7):
    """States met along `games` random playouts (every `every`-th one, plus each terminal state)."""
    rng = random.Random(seed)
    for _ in range(games):
        state = game.new_initial_state()
        step = 0
        while not state.is_terminal():
            if step % every == 0:
                yield state.clone()
            state.apply_action(rng.choice(state.legal_actions()))
            step += 1
        yield state


@pytest.fixture(scope="session")
def spiel():
    """pyspiel with every boardcade game registered."""
    import pyspiel

    from boardcade.interop import openspiel

    openspiel.register()
    return pyspiel


@pytest.fixture(scope="session")
def random_states():
    """`random_states(game, seed, games=2, every=7)`: states met along random playouts, terminal ones included."""
    return _random_states
