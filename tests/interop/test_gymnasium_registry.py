"""Gymnasium ids, gym.make and make_vec, action_masks, the step limit, text rendering and copies."""

from __future__ import annotations

import copy
import pickle

import gymnasium as gym
import numpy as np
import pytest

import boardcade.interop.gymnasium_env as genv
from boardcade.core import GameError
from boardcade.interop.gymnasium_env import BoardcadeEnv
from boardcade.interop.vector_env import BoardcadeVectorEnv

IDS = ["boardcade/qbert-v0", "boardcade/mb_centipede-v0", "boardcade/atari_centipede-v0"]


@pytest.mark.parametrize("env_id", [*IDS, "boardcade/atari_centipede_4p-v0"])
def test_registered_ids_make_single_and_vector_envs(env_id):
    """gym.make and gym.make_vec build the registered ids; the vector one is the batched BoardcadeVectorEnv."""
    env = gym.make(env_id, opponents="random")
    assert env.spec.id == env_id and isinstance(env.unwrapped, BoardcadeEnv)
    obs, info = env.reset(seed=3)
    assert env.observation_space.contains(obs) and info["action_mask"].any()
    envs = gym.make_vec(env_id, num_envs=3)
    assert isinstance(envs.unwrapped, BoardcadeVectorEnv) and envs.num_envs == 3
    obs, info = envs.reset(seed=3)
    assert obs.shape == (3, *env.observation_space.shape) and info["action_mask"].shape == (3, env.action_space.n)
    if env_id.endswith("4p-v0"):
        assert env.unwrapped.game.num_players == 4


def test_module_prefixed_id_imports_the_registrations():
    """gym.make("boardcade.interop.gymnasium_env:boardcade/qbert-v0") works without a separate import."""
    env = gym.make("boardcade.interop.gymnasium_env:boardcade/qbert-v0")
    assert env.unwrapped.game.name == "qbert"


def test_action_masks_matches_the_legal_actions(case):
    """sb3-contrib's MaskablePPO reads env.action_masks(): a bool vector of the legal actions of our seat."""
    env = BoardcadeEnv(case.name, **case.options)
    obs, info = env.reset(seed=5)
    for _ in range(20):
        masks = env.action_masks()
        assert masks.dtype == bool and masks.shape == (env.action_space.n,)
        assert np.flatnonzero(masks).tolist() == env.state.legal_actions(env.seat)
        assert np.array_equal(masks, info["action_mask"].astype(bool))
        obs, reward, terminated, truncated, info = env.step(int(np.flatnonzero(masks)[0]))
        if terminated or truncated:
            break


def test_a_policy_repeating_an_illegal_action_is_truncated():
    """The step limit: a policy that keeps repeating an illegal action ends by truncation, not never."""
    env = BoardcadeEnv("qbert", max_episode_steps=12)
    obs, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    for k in range(1, 13):
        obs, reward, terminated, truncated, info = env.step(illegal)
        assert reward == env.illegal_reward and not terminated
        assert truncated == (k == 12)
    with pytest.raises(GameError, match="call reset"):
        env.step(illegal)
    default = BoardcadeEnv("qbert")
    assert default.max_episode_steps == default.game.max_game_length
    limited = gym.make("boardcade/qbert-v0", max_episode_steps=5)
    limited.reset(seed=1)
    truncated = [limited.step(illegal)[3] for _ in range(5)]
    assert truncated == [False] * 4 + [True]


def test_ansi_render_draws_the_board_with_the_terminal_renderer(case):
    """render_mode="ansi" returns the board as plain text (the game's Rich renderer), not a JSON dump."""
    env = BoardcadeEnv(case.name, render_mode="ansi", **case.options)
    env.reset(seed=2)
    text = env.render()
    assert isinstance(text, str) and f"move {env.state.move_number()}" in text
    assert "\x1b[" not in text and not text.lstrip().startswith("{") and len(text.splitlines()) > 3
    assert BoardcadeEnv(case.name, **case.options).render() is None
    with pytest.raises(GameError, match="allowed: None, 'ansi'"):
        BoardcadeEnv(case.name, render_mode="rgb_array", **case.options)


def test_envs_pickle_and_deepcopy_and_play_on_alike(case):
    """A copy (pickle or deepcopy) continues exactly as the original: same observations for the same actions."""
    env = BoardcadeEnv(case.name, opponents="greedy", **case.options)
    obs, info = env.reset(seed=9)
    for copied in (copy.deepcopy(env), pickle.loads(pickle.dumps(env))):
        a, b = env, copied
        assert a.state.history() == b.state.history()
        sa, sb = copy.deepcopy(a), b  # leave `env` untouched for the next copy
        for _ in range(10):
            action = int(np.flatnonzero(sa.action_masks())[0])
            ra, rb = sa.step(action), sb.step(action)
            assert np.array_equal(ra[0], rb[0]) and ra[1:4] == rb[1:4]
            if ra[2] or ra[3]:
                break
        assert sa.state.history() == sb.state.history() != env.state.history()


def test_registry_lists_the_documented_ids():
    ids = genv.register_envs()
    assert set(IDS) | {"boardcade/atari_centipede_4p-v0"} <= set(ids)
