"""Gymnasium single-agent adapter: env_checker, full episodes from each seat, bad input."""

from __future__ import annotations

import warnings

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from boardcade.core import GameError, IllegalActionError
from boardcade.interop.gymnasium_env import BoardcadeEnv


def test_check_env_passes_for_every_seat(case):
    """Gymnasium's check_env accepts the environment from every seat, without a single warning."""
    for seat in range(case.load().num_players):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            check_env(BoardcadeEnv(case.name, seat=seat, **case.options), skip_render_check=True)
        assert [str(w.message) for w in caught] == []
    with warnings.catch_warnings(record=True) as caught:  # and with each render mode, render checked
        warnings.simplefilter("always")
        for mode in ("ansi", "rgb_array"):  # through gym.make, so check_env also tries the other render mode
            env = gym.make(f"boardcade/{case.name}-v0", render_mode=mode, disable_env_checker=True, **case.options)
            check_env(env.unwrapped)
    assert [str(w.message) for w in caught] == []


def test_full_episode_ends_with_the_seat_return(case):
    """Playing masked random actions from the last seat ends the game; the last reward is that seat's return."""
    game = case.load()
    seat = game.num_players - 1
    env = BoardcadeEnv(case.name, seat=seat, **case.options)
    obs, info = env.reset(seed=7)
    assert obs.shape == env.observation_space.shape and env.observation_space.contains(obs)
    terminated, steps, reward = env.state.is_terminal(), 0, 0.0
    while not terminated:
        assert env.state.current_player() == seat
        action = env.action_space.sample(mask=info["action_mask"])
        obs, reward, terminated, truncated, info = env.step(action)
        assert not truncated and env.observation_space.contains(obs)
        steps += 1
        assert steps <= game.max_game_length
    assert reward == env.state.returns()[seat]


def test_same_seed_same_episode(case):
    """Seeding reset fixes chance and the opponents' choices."""
    runs = []
    for _ in range(2):
        env = BoardcadeEnv(case.name, seat=0, **case.options)
        obs, info = env.reset(seed=21)
        env.action_space.seed(21)
        for _ in range(15):
            if env.state.is_terminal():
                break
            obs, *_rest, info = env.step(env.action_space.sample(mask=info["action_mask"]))
        runs.append(env.state.history())
    assert runs[0] == runs[1]


def test_illegal_action_penalized_or_raised_with_state_unchanged(case):
    """Bad input: an illegal action leaves the game unchanged; it is penalised with the reason, or raised."""
    env = BoardcadeEnv(case.name, seat=0, **case.options)
    obs, info = env.reset(seed=2)
    illegal = np.flatnonzero(info["action_mask"] == 0)
    assert len(illegal) > 0  # every game has more distinct actions than choices at its first decision
    before = env.state.history()
    obs2, reward, terminated, truncated, info2 = env.step(int(illegal[0]))
    assert reward == env.illegal_reward and not terminated and "Legal now" in info2["illegal_action"]
    assert env.state.history() == before and np.array_equal(obs, obs2)
    strict = BoardcadeEnv(case.name, seat=0, illegal_action="raise", **case.options)
    strict.reset(seed=2)
    with pytest.raises(IllegalActionError):
        strict.step(int(illegal[0]))


def test_bad_seat_and_opponents_are_refused(case):
    """Bad input: the error names what was wrong and what is allowed."""
    n = case.load().num_players
    with pytest.raises(GameError, match=r"seat 99 is not allowed; allowed: .*0\.\." + str(n - 1)):
        BoardcadeEnv(case.name, seat=99, **case.options)
    with pytest.raises(GameError, match="unknown agent 'nobody'"):
        BoardcadeEnv(case.name, opponents="nobody", **case.options)
    with pytest.raises(GameError, match="one per other seat"):
        BoardcadeEnv(case.name, opponents=["random"] * n, **case.options)
    with pytest.raises(GameError, match="illegal_action 'ignore' is not allowed"):
        BoardcadeEnv(case.name, illegal_action="ignore", **case.options)
