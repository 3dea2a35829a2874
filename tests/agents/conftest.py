"""Every registered game and variant, so agent tests cover each engine as it lands."""

from __future__ import annotations

import random

import pytest

from boardcade import game_names, load_game
from boardcade.core.registry import game_class

VARIANTS = [(name, label, opts) for name in game_names() for label, opts in game_class(name).VARIANTS]


@pytest.fixture(params=VARIANTS, ids=[f"{n}-{label}" for n, label, _ in VARIANTS])
def variant(request):
    name, _label, opts = request.param
    return load_game(name, **opts)


def decision_states(game, seed: int, count: int, every: int = 7):
    """Up to `count` states where a player must choose, taken from one random playout."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    out, steps = [], 0
    while not state.is_terminal() and len(out) < count:
        legal = state.legal_actions()
        if state.is_chance_node():
            state.apply_action(rng.choice(legal))
            continue
        if len(legal) > 1 and steps % every == 0:
            out.append(state.clone())
        steps += 1
        state.apply_action(rng.choice(legal))
    return out
