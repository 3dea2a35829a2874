"""Batched stepping (`BatchedMatches`) and the Gymnasium vector env over it: stacked tensors and masks equal to
the per-match encodings, opponents played inside, autoreset, seeding, truncation, bad input, copies."""

from __future__ import annotations

import copy
import pickle

import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

from boardcade.core import GameError, IllegalActionError
from boardcade.interop.batched import BatchedMatches
from boardcade.interop.tensors import encoder_for
from boardcade.interop.vector_env import BoardcadeVectorEnv


def _random_actions(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One legal action per row (0 for a row without any: a finished match, whose action is ignored)."""
    out = np.zeros(len(mask), np.int64)
    for i, row in enumerate(mask):
        legal = np.flatnonzero(row)
        if len(legal):
            out[i] = rng.choice(legal)
    return out


def test_stacked_tensors_and_masks_are_each_matchs_own(case):
    """Each row is the reference tensor of its match's state for its learner seat (only what that seat may
    know), the mask row is that seat's legal actions, and the learner is always the one to move."""
    game = case.load()
    enc = encoder_for(game)
    b = BatchedMatches(case.name, 2 * game.num_players, seat="rotate", **case.options)
    obs, mask = b.reset(seed=4)
    rng = np.random.default_rng(4)
    for _ in range(60):
        for i, state in enumerate(b.states):
            seat = b.seats[i]
            assert seat == i % game.num_players
            if b.is_over(i):
                continue
            assert state.current_player() == seat
            assert np.array_equal(obs[i], enc.encode(state.observation(seat)))
            assert np.flatnonzero(mask[i]).tolist() == state.legal_actions(seat)
        obs, rewards, terminated, truncated, mask = b.step(_random_actions(mask, rng))
        assert set(rewards[terminated].tolist()) <= {-1.0, 0.0, 1.0}
    assert obs.dtype == np.float32 and mask.dtype == bool


def test_full_episodes_end_with_the_seat_return_and_autoreset_next_step():
    """NEXT_STEP autoreset: a finished match shows its last state; the next step starts a new match, ignores
    the action and pays 0. The reward at the end is the learner seat's return."""
    b = BatchedMatches("mb_centipede", 4, seat="rotate", opponents="greedy")
    obs, mask = b.reset(seed=2)
    rng = np.random.default_rng(2)
    finished = set()
    for _ in range(3000):
        over_before = [b.is_over(i) for i in range(4)]
        histories = [len(s.history()) for s in b.states]
        obs, rewards, terminated, truncated, mask = b.step(_random_actions(mask, rng))
        for i in range(4):
            if over_before[i]:
                assert rewards[i] == 0 and not terminated[i] and not b.is_over(i)
                assert len(b.states[i].history()) < histories[i]  # a new match
            elif terminated[i]:
                assert rewards[i] == b.states[i].returns()[b.seats[i]] and not mask[i].any()
                finished.add(i)
        if len(finished) == 4:
            break
    assert finished == {0, 1, 2, 3}


def test_same_step_autoreset_keeps_the_final_observation():
    """SAME_STEP autoreset: the row already shows the new match; final_obs holds the last one."""
    b = BatchedMatches("qbert", 3, autoreset="same_step")
    obs, mask = b.reset(seed=8)
    enc = b.encoder
    rng = np.random.default_rng(8)
    for _ in range(5000):
        last = [s for s in b.states]
        obs, rewards, terminated, truncated, mask = b.step(_random_actions(mask, rng))
        if terminated.any():
            i = int(np.flatnonzero(terminated)[0])
            assert np.array_equal(b.final_obs[i], enc.encode(last[i].observation(b.seats[i])))
            assert b.states[i] is not last[i] and not b.is_over(i) and mask[i].any()
            return
    raise AssertionError("no qbert match ended in 5000 steps")


def test_same_seed_same_matches_and_different_seeds_differ():
    """Seeding: reset(seed) fixes every match's chance and its opponents' choices."""

    def run(seed: int) -> list[list[int]]:
        b = BatchedMatches("atari_centipede", 3, opponents="greedy")
        _obs, mask = b.reset(seed=seed)
        rng = np.random.default_rng(0)
        for _ in range(40):
            _obs, _r, _t, _tr, mask = b.step(_random_actions(mask, rng))
        return [s.history() for s in b.states]

    assert run(5) == run(5)
    assert run(5) != run(6)


def test_opponents_by_agent_name_per_seat():
    """Opponents are any agent-registry names, one for all other seats or one per seat."""
    b = BatchedMatches("atari_centipede", 2, seat=1, opponents=["greedy", "random", "easy:iterations=5"], players=4)
    _obs, mask = b.reset(seed=1)
    assert b.opponents[0] == {0: "greedy", 2: "random", 3: "easy:iterations=5"}
    assert all(s.current_player() == 1 for s in b.states)
    b.step(_random_actions(mask, np.random.default_rng(1)))
    with pytest.raises(GameError, match="unknown agent 'nobody'"):
        BatchedMatches("qbert", 2, opponents="nobody")
    with pytest.raises(GameError, match="give one agent name for all"):
        BatchedMatches("qbert", 2, seat="rotate", opponents=["greedy"])


def test_illegal_actions_are_penalised_or_refused_with_nothing_moved():
    """Bad input: penalize leaves that match unchanged and pays illegal_reward; raise refuses the whole step,
    naming the match and what is legal, before any match moves."""
    b = BatchedMatches("qbert", 2)
    obs, mask = b.reset(seed=3)
    bad = int(np.flatnonzero(~mask[0])[0])
    good = int(np.flatnonzero(mask[1])[0])
    before = [s.history() for s in b.states]
    obs0 = obs[0].copy()
    obs, rewards, terminated, truncated, mask = b.step([bad, good])
    assert rewards[0] == b.illegal_reward and b.states[0].history() == before[0] and np.array_equal(obs[0], obs0)
    assert b.states[1].history() != before[1] and b.illegal_count.tolist() == [1, 0]
    strict = BatchedMatches("qbert", 2, illegal_action="raise")
    _obs, mask = strict.reset(seed=3)
    before = [s.history() for s in strict.states]
    with pytest.raises(IllegalActionError, match=r"match 1: .*Legal now"):
        strict.step([int(np.flatnonzero(mask[0])[0]), bad])
    assert [s.history() for s in strict.states] == before


def test_truncation_after_max_episode_steps():
    """The step limit counts learner steps (illegal ones too) and truncates; the match then resets."""
    b = BatchedMatches("qbert", 2, max_episode_steps=3)
    _obs, mask = b.reset(seed=1)
    bad = [int(np.flatnonzero(~m)[0]) for m in mask]
    flags = [b.step(bad)[3].tolist() for _ in range(3)]
    assert flags == [[False, False], [False, False], [True, True]]
    assert b.is_over(0) and b.is_over(1)


def test_bad_arguments_are_refused_with_what_is_allowed():
    with pytest.raises(GameError, match="num_matches must be a positive integer"):
        BatchedMatches("qbert", 0)
    with pytest.raises(GameError, match="autoreset 'later' is not allowed"):
        BatchedMatches("qbert", 2, autoreset="later")
    with pytest.raises(GameError, match="2 seats given for 3 matches"):
        BatchedMatches("qbert", 3, seat=[0, 1])
    with pytest.raises(GameError, match="max_episode_steps must be a positive integer"):
        BatchedMatches("qbert", 3, max_episode_steps=0)
    b = BatchedMatches("qbert", 3)
    b.reset(seed=1)
    with pytest.raises(GameError, match="step needs 3 actions"):
        b.step([0, 0])
    off = BatchedMatches("qbert", 1, autoreset=None, max_episode_steps=1)
    _obs, mask = off.reset(seed=1)
    off.step([int(np.flatnonzero(mask[0])[0])])
    with pytest.raises(GameError, match="match 0 is over"):
        off.step([0])


def test_batched_matches_pickle_and_deepcopy_and_play_on_alike():
    """A copy continues exactly as the original, writing into its own buffers."""
    b = BatchedMatches("atari_centipede", 3, opponents="greedy")
    _obs, mask = b.reset(seed=7)
    for copied in (copy.deepcopy(b), pickle.loads(pickle.dumps(b))):
        original = copy.deepcopy(b)
        rng = np.random.default_rng(1)
        for _ in range(10):
            actions = _random_actions(original.mask, rng)
            ra, rb = original.step(actions), copied.step(actions)
            assert all(np.array_equal(x, y) for x, y in zip(ra, rb, strict=True))
        assert copied.obs is not original.obs
        assert [s.history() for s in copied.states] == [s.history() for s in original.states]


def test_vector_env_spaces_masks_seeding_and_render():
    """The VectorEnv: batched spaces contain what it returns; masks in info and action_masks(); seeded resets
    repeat; the ansi render draws every environment's board."""
    envs = BoardcadeVectorEnv("qbert", num_envs=4, opponents="greedy", render_mode="ansi")
    obs, info = envs.reset(seed=11)
    assert envs.observation_space.contains(obs) and envs.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    assert np.array_equal(info["action_mask"], envs.action_masks())
    actions = _random_actions(envs.action_masks(), np.random.default_rng(0))
    assert envs.action_space.contains(actions)
    obs, rewards, terminated, truncated, info = envs.step(actions)
    assert obs.shape == (4, envs.single_observation_space.shape[0]) and rewards.shape == (4,)
    frames = envs.render()
    assert len(frames) == 4 and all("Q*bert" in f for f in frames)
    again = BoardcadeVectorEnv("qbert", num_envs=4, opponents="greedy")
    obs2, _ = again.reset(seed=11)
    again.step(actions)
    assert [s.history() for s in again.batch.states] == [s.history() for s in envs.batch.states]
    with pytest.raises(GameError, match="autoreset_mode 'sometimes' is not allowed"):
        BoardcadeVectorEnv("qbert", autoreset_mode="sometimes")


def test_vector_env_same_step_reports_final_observations():
    envs = BoardcadeVectorEnv("qbert", num_envs=2, autoreset_mode=AutoresetMode.SAME_STEP, max_episode_steps=2)
    _obs, info = envs.reset(seed=1)
    envs.step(_random_actions(info["action_mask"], np.random.default_rng(0)))
    _obs, _r, terminated, truncated, info = envs.step(_random_actions(envs.action_masks(), np.random.default_rng(0)))
    assert (terminated | truncated).all() and info["_final_obs"].all() and info["final_obs"].shape == _obs.shape


def test_actions_are_stored_as_plain_integers_and_non_integers_are_refused():
    """Quiet matches store actions as given, so the batch turns numpy integers into ints and refuses floats."""
    b = BatchedMatches("qbert", 2, opponents="random")
    _obs, mask = b.reset(seed=4)
    actions = [np.int64(np.flatnonzero(row)[0]) for row in mask]
    b.step(actions)
    assert all(type(a) is int for state in b.states for a in state.history())
    with pytest.raises(GameError, match="actions must be integers"):
        b.step([0.5, 1.5])


def test_a_match_looked_at_before_reset_says_to_reset_first():
    """BatchedMatches before its first reset: rendering or asking a match's roles is a GameError saying to call
    reset() first (it failed on None before)."""
    b = BatchedMatches("qbert", 2)
    with pytest.raises(GameError, match=r"match 0 has not started: call reset\(\) first"):
        b.render(0)
    with pytest.raises(GameError, match=r"call reset\(\) first"):
        b.roles()
    b.reset(seed=1)
    assert len(b.roles()) == 2
