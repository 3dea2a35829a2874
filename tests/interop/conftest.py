"""Interop tests run for every registered game and each of its variants (chosen at collection time)."""

from __future__ import annotations

import random
from typing import NamedTuple

import pytest

from boardcade.core import game_class, game_names, load_game

from . import tensor_helpers


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
    return tensor_helpers.random_states


def _every_state(game, seed: int, games: int = 3):
    """Every state along `games` seeded random matches, terminal ones included (each a copy)."""
    rng = random.Random(seed)
    for _ in range(games):
        state = game.new_initial_state()
        yield state.clone()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            yield state.clone()


def _no_observation(self, player):
    raise AssertionError("the direct path built an observation")


def _direct_equals_reference(game, states) -> int:
    """Asserts that the direct tensor path gives, for every state, every seat and the spectator, exactly what the
    reference path computes from `observation(viewer)`: `Encoder.encode_state` (observation and information
    state, fresh and into a given buffer), reused `Writer`s and a `BatchWriter` (all rows, and some rows with the
    others left alone). The direct encodings run with `observation` disabled, so they cannot read it. Returns the
    number of (state, viewer) pairs compared."""
    import numpy as np

    from boardcade.interop.tensors import encoder_for

    states = list(states)
    enc = encoder_for(game)
    assert enc.direct, f"{game.name} has no encode_state"
    viewers = [*range(game.num_players), None]
    references = []
    for state in states:
        observations = [state.observation(v) for v in viewers]
        references.append(
            ([enc.encode(obs) for obs in observations], [enc.encode_info_state(obs) for obs in observations])
        )
    writers = [enc.writer(np.zeros(enc.size, np.float32)) for _ in viewers]
    info_writers = [enc.writer(np.zeros(enc.info_state_size, np.float32), info_state=True) for _ in viewers]
    batch = enc.batch_writer(np.zeros((len(viewers), enc.size), np.float32))
    given = np.zeros(enc.size, np.float32)
    rows = list(range(len(viewers)))
    cls = type(states[0])
    own = cls.__dict__.get("observation")  # None when inherited (a mixin's)
    cls.observation = _no_observation
    try:
        for state, (obs_refs, info_refs) in zip(states, references, strict=True):
            context = (state.history(), state.current_player())
            batch.write(rows, [state] * len(viewers), viewers)
            for row, (v, ref, info_ref) in enumerate(zip(viewers, obs_refs, info_refs, strict=True)):
                assert np.array_equal(batch.out[row], ref), (*context, v, "batch writer")
                assert np.array_equal(enc.encode_state(state, v), ref), (*context, v, "encode_state")
                assert np.array_equal(enc.encode_state(state, v, out=given), ref), (*context, v, "into a buffer")
                assert np.array_equal(writers[row].write(state, v), ref), (*context, v, "writer")
                info = enc.encode_state(state, v, info_state=True)
                assert np.array_equal(info, info_ref), (*context, v, "information state")
                assert np.array_equal(info_writers[row].write(state, v), info_ref), (*context, v, "info writer")
            # One row rewritten for another viewer, the others left as they are.
            kept = batch.out[1:].copy()
            batch.write([0], [state], [viewers[-1]])
            assert np.array_equal(batch.out[0], obs_refs[-1]) and np.array_equal(batch.out[1:], kept), context
    finally:
        if own is None:
            del cls.observation
        else:
            cls.observation = own
    return len(states) * len(viewers)


@pytest.fixture(scope="session")
def every_state():
    """`every_state(game, seed, games=3)`: every state along seeded random matches, terminal ones included."""
    return _every_state


@pytest.fixture(scope="session")
def direct_equals_reference():
    """`direct_equals_reference(game, states)`: asserts the direct tensor path equals the observation path."""
    return _direct_equals_reference
