"""Helpers the tensor tests share: seeded random playouts, a walk through given steps, a tensor's game block."""

from __future__ import annotations

import random

import numpy as np

from boardcade.interop.tensors import generic
from boardcade.testing import act


def random_states(game, seed: int, games: int = 2, every: int = 7):
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


def playout_states(game, seed: int, games: int):
    """Every state met along `games` random playouts (the live state, not a copy: read it before the next)."""
    rng = random.Random(seed)
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            yield state
            state.apply_action(rng.choice(state.legal_actions()))
        yield state


def game_block(enc, x: np.ndarray) -> np.ndarray:
    """The part of tensor `x` that is the game's own (the fields every game shares left out)."""
    common = dict(generic.common_fields(enc.game))
    return np.concatenate([v.ravel() for k, v in enc.named(x).items() if k not in common])


def walk(state, steps, then: int = 0, seed: int = 0) -> list:
    """The position, each position after the steps (kind, args), then `then` random actions more."""
    out = [state.clone()]
    for kind, args in steps:
        act(state, kind, **args)
        out.append(state.clone())
    rng = random.Random(seed)
    for _ in range(then):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
        out.append(state.clone())
    return out
