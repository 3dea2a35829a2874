"""The exact perfect-recall information-state tensor (issue 25): equal exactly when the information-state strings
are (the contract's "equal when the player cannot tell the states apart, given the whole past"), unlike the
hashed events block; resampled states keep it; sizes as documented."""

from __future__ import annotations

import random

import numpy as np
import pytest

from boardcade.core import GameError
from boardcade.interop.tensors import encoder_for

from .tensor_helpers import random_states


def test_exact_tensor_is_equal_exactly_when_the_information_state_is(case):
    """For every viewer (seats and spectator), over states of seeded matches and states resampled from each seat's
    information state (QB-3.1 hidden roll, AC-12.1 hidden draws): tensor equality <=> information-state string
    equality, and the observation part is the observation tensor."""
    game = case.load()
    enc = encoder_for(game)
    assert enc.exact and enc.exact_info_state_size == enc.size + game.max_game_length
    rng = random.Random(11)
    states = list(random_states(game, seed=3, games=3, every=5))
    states += [s.resample_from_infostate(p, rng) for s in states[::3] if not s.is_terminal() for p in range(2)]
    for viewer in [*range(game.num_players), None]:
        by_tensor: dict[bytes, set[str]] = {}
        by_string: dict[str, set[bytes]] = {}
        for state in states:
            tensor = enc.encode_exact(state, viewer)
            assert np.array_equal(tensor[: enc.size], enc.encode_state(state, viewer))
            history = enc.named(tensor)["history"]
            assert np.count_nonzero(history) == state.move_number()
            key, text = tensor.tobytes(), state.information_state_string(viewer)
            by_tensor.setdefault(key, set()).add(text)
            by_string.setdefault(text, set()).add(key)
        assert all(len(v) == 1 for v in by_tensor.values()), "two information states share an exact tensor"
        assert all(len(v) == 1 for v in by_string.values()), "one information state has two exact tensors"
        if viewer is not None and not game.game_type.perfect_information:
            hidden = [enc.named(enc.encode_exact(s, viewer))["history"] for s in states[-6:]]
            others = [enc.named(enc.encode_exact(s, None))["history"] for s in states[-6:]]
            assert sum((h == -1).sum() for h in hidden) <= sum((o == -1).sum() for o in others)


def test_a_resampled_state_has_the_same_exact_tensor_for_that_player(case):
    game = case.load()
    enc = encoder_for(game)
    rng = random.Random(5)
    for state in list(random_states(game, seed=8, games=1, every=9)):
        if state.is_terminal() or state.is_chance_node():
            continue
        p = state.current_player()
        sample = state.resample_from_infostate(p, rng)
        assert np.array_equal(enc.encode_exact(sample, p), enc.encode_exact(state, p))


def test_openspiel_exact_observer(spiel, case):
    """pyspiel observers: params={"exact": True} with perfect recall gives the exact tensor; anything else is refused
    with what is allowed."""
    from boardcade.interop import openspiel

    game = openspiel.load(case.name, **case.options)
    obs = game.make_py_observer(spiel.IIGObservationType(perfect_recall=True), {"exact": True})
    state = game.new_initial_state()
    rng = random.Random(2)
    for _ in range(30):
        state.apply_action(rng.choice(state.legal_actions()))
    obs.set_from(state, 0)
    assert np.array_equal(obs.tensor, encoder_for(state.inner.game).encode_exact(state.inner, 0))
    with pytest.raises(ValueError, match="allowed: exact=True"):
        game.make_py_observer(spiel.IIGObservationType(perfect_recall=True), {"hashed": True})
    with pytest.raises(ValueError, match="needs perfect_recall=True"):
        game.make_py_observer(spiel.IIGObservationType(perfect_recall=False), {"exact": True})


def test_a_game_without_visible_history_says_so(monkeypatch):
    from pathlib import Path

    from boardcade.core import load_game, register_game, unregister_game

    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[2] / "examples"))
    register_game("pig.spec:SPEC")
    try:
        game = load_game("pig")
        enc = encoder_for(game)
        assert not enc.exact
        with pytest.raises(GameError, match="no exact information-state tensor"):
            enc.encode_exact(game.new_initial_state(), 0)
    finally:
        unregister_game("pig")
