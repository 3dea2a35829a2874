"""OpenSpiel adapter: registration, GameType/GameInfo, random_sim_test, strings, tensors, search bots."""

from __future__ import annotations

import random

import numpy as np
import pytest

from boardcade.interop import openspiel
from boardcade.interop.tensors import encoder_for


def _load(spiel, case):
    return openspiel.load(case.name, **case.options)


def test_game_type_and_info_match_the_contract(spiel, case):
    """Contract (Game sizes, GameType): GameInfo comes from the loaded boardcade game; GameType is sequential,
    explicit stochastic (when the game has chance), perfect information exactly where the boardcade GameType
    says so, zero-sum, terminal rewards."""
    game = _load(spiel, case)
    bc = case.load()
    gt = game.get_type()
    assert gt.short_name == f"python_boardcade_{case.name}"
    assert gt.dynamics == spiel.GameType.Dynamics.SEQUENTIAL
    info = spiel.GameType.Information
    assert gt.information == (
        info.PERFECT_INFORMATION if bc.game_type.perfect_information else info.IMPERFECT_INFORMATION
    )
    assert gt.utility == spiel.GameType.Utility.ZERO_SUM
    assert gt.reward_model == spiel.GameType.RewardModel.TERMINAL
    if bc.max_chance_outcomes:
        assert gt.chance_mode == spiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.num_distinct_actions() == bc.num_distinct_actions
    assert game.max_chance_outcomes() == bc.max_chance_outcomes
    assert game.num_players() == bc.num_players
    assert game.max_game_length() == bc.max_game_length
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-1.0, 1.0, 0.0)
    assert game.bc_game.options == bc.options
    # The variant survives a round trip through the game string (how serialisation reloads it).
    assert spiel.load_game(str(game)).bc_game.options == bc.options


def test_zero_sum_declaration_holds(case, random_states):
    """Contract (returns): +1 win, -1 loss, 0 draw, team mates share; the declared zero-sum utility must hold."""
    game = case.load()
    for state in random_states(game, seed=11, games=3, every=10**9):
        if state.is_terminal():
            returns = state.returns()
            assert abs(sum(returns)) < 1e-9, returns
            assert all(-1.0 <= r <= 1.0 for r in returns)


def test_random_sim_test_with_serialisation(spiel, case):
    """OpenSpiel's own consistency checks (legal actions, chance, strings, tensors, serialisation) pass."""
    spiel.random_sim_test(_load(spiel, case), num_sims=2, serialize=True, verbose=False)


def test_unknown_parameter_is_refused_with_the_valid_ones(spiel, case):
    """Bad input: an unknown parameter names the valid parameters."""
    with pytest.raises(spiel.SpielError, match="Available parameters"):
        spiel.load_game(f"python_boardcade_{case.name}(no_such_option=1)")


def test_strings_and_tensors_come_from_the_contract(spiel, case):
    """Contract (information_state_string, observation_string, observation): adapter strings are the game's,
    tensors are the documented encoding of observation(p)."""
    game = _load(spiel, case)
    enc = encoder_for(game.bc_game)
    rng = random.Random(5)
    state = game.new_initial_state()
    checked = 0
    while not state.is_terminal() and checked < 40:
        for p in range(game.num_players()):
            inner = state.inner
            assert state.information_state_string(p) == inner.information_state_string(p)
            assert state.observation_string(p) == inner.observation_string(p)
            obs = inner.observation(p)
            assert np.array_equal(np.asarray(state.observation_tensor(p)), enc.encode(obs))
            assert np.array_equal(np.asarray(state.information_state_tensor(p)), enc.encode_info_state(obs))
        state.apply_action(rng.choice(state.legal_actions()))
        checked += 1


def test_resample_from_infostate_keeps_the_information_state(spiel, case):
    """Contract (resample_from_infostate): the resampled pyspiel state looks the same to the player, and its
    pyspiel history replays to it."""
    game = _load(spiel, case)
    rng = random.Random(3)
    sampler = spiel.UniformProbabilitySampler(0.0, 1.0)
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal() and steps < 60:
        if not state.is_chance_node():
            p = state.current_player()
            for viewer in range(game.num_players()):
                sample = state.resample_from_infostate(viewer, sampler)
                assert sample.information_state_string(viewer) == state.information_state_string(viewer)
                assert sample.history() == sample.inner.history()
                assert sample.current_player() == p
        state.apply_action(rng.choice(state.legal_actions()))
        steps += 1


def test_resample_uses_the_native_resampler_without_replaying(spiel, case, monkeypatch):
    """Issue 25: the adapter's resample_from_infostate wraps the game's own resample (no replay of the history into
    a fresh state: no action is applied), and the sample's history, move number, full history and serialisation
    are the drawn state's."""
    game = _load(spiel, case)
    rng = random.Random(5)
    state = game.new_initial_state()
    for _ in range(40):
        state.apply_action(rng.choice(state.legal_actions()))
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    player = state.current_player()
    applied = []
    cls = type(state.inner)
    original = cls.apply_action
    monkeypatch.setattr(cls, "apply_action", lambda self, a: applied.append(a) or original(self, a))
    sample = state.resample_from_infostate(player, spiel.UniformProbabilitySampler(0.0, 1.0))
    assert applied == []
    monkeypatch.undo()
    assert sample.information_state_string(player) == state.information_state_string(player)
    assert sample.history() == sample.inner.history() and sample.move_number() == state.move_number()
    assert [a.player for a in sample.full_history()] == [a.player for a in state.full_history()]
    again = game.deserialize_state(sample.serialize())
    assert again.history() == sample.history() and spiel.State.history(again) == sample.history()
    assert spiel.State.serialize(state) == state.serialize()  # the same text pyspiel writes itself


def test_mcts_and_ismcts_bots_play_a_full_game(spiel, case):
    """OpenSpiel's Python MCTSBot plays every game, and its ISMCTSBot (imperfect-information games only: Q*bert and
    Atari's Centipede) the other seats, a whole match through evaluate_bots."""
    from open_spiel.python.algorithms import evaluate_bots, mcts

    game = _load(spiel, case)
    rs = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(1, rs)
    bots = [mcts.MCTSBot(game, 2.0, 3, evaluator, random_state=rs, solve=False)]
    if game.get_type().information == spiel.GameType.Information.PERFECT_INFORMATION:  # ISMCTS refuses those
        assert case.name == "mb_centipede"
        bots += [mcts.MCTSBot(game, 2.0, 3, evaluator, random_state=rs, solve=False)] * (game.num_players() - 1)
    else:
        assert case.name in ("qbert", "atari_centipede")
        bots += [openspiel.ismcts_bot(game, evaluator, 2.0, 3, random_state=rs) for _ in range(game.num_players() - 1)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rs)
    assert len(returns) == game.num_players()
    assert abs(sum(returns)) < 1e-9 and all(r in (-1.0, 0.0, 1.0) for r in returns)


def _random_moves(game, seed: int, moves: int):
    """A new state of the adapter's game after `moves` seeded random actions (fewer where the match ends first)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_mb_centipede_is_perfect_information_and_the_others_are_not(spiel):
    """MB-10.1: everything in MB Centipede is public; Q*bert's roll (QB-3.1) and Atari hands (AC-12.1) are not."""
    info = spiel.GameType.Information
    assert openspiel.load("mb_centipede").get_type().information == info.PERFECT_INFORMATION
    assert openspiel.load("qbert").get_type().information == info.IMPERFECT_INFORMATION
    assert openspiel.load("atari_centipede", players=4).get_type().information == info.IMPERFECT_INFORMATION


def test_games_and_states_pickle_and_copies_keep_their_history(spiel, case):
    """Games pickle (by name and parameters); states pickle; deepcopy and clone keep history() and play on
    independently of the original."""
    import copy
    import pickle

    game = _load(spiel, case)
    again = pickle.loads(pickle.dumps(game))
    assert str(again) == str(game) and again.bc_game.options == game.bc_game.options
    state = _random_moves(game, seed=8, moves=25)
    for copied in (copy.deepcopy(state), state.clone(), pickle.loads(pickle.dumps(state))):
        assert copied.history() == state.history() == copied.inner.history()
        assert copied.information_state_string(0) == state.information_state_string(0)
        if not copied.is_terminal():
            copied.apply_action(copied.legal_actions()[0])
            assert len(copied.history()) == len(state.history()) + 1
            assert state.inner.history() == state.history()


def test_resample_draws_come_from_the_pyspiel_sampler(spiel, case):
    """Contract (resample_from_infostate): the adapter's sample is decided by the sampler OpenSpiel passes (every
    draw is the sampler's; no generator is seeded per call): the same sampler sequence gives the same sample, and
    it is a state the viewer cannot tell from the real one."""
    game = _load(spiel, case)
    state = _random_moves(game, seed=11, moves=60)
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    for viewer in range(game.num_players()):
        samples = [state.resample_from_infostate(viewer, random.Random(seed).random) for seed in (1, 1, 2)]
        assert samples[0].inner.history() == samples[1].inner.history()
        for sample in samples:
            assert sample.information_state_string(viewer) == state.information_state_string(viewer)
