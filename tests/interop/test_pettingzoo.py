"""PettingZoo AEC adapter: the library's API and seed tests, agent names, rewards, bad input."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from boardcade.core import GameError, IllegalActionError
from boardcade.interop.pettingzoo_env import agent_names, env


def test_api_test_passes(case):
    """PettingZoo's api_test accepts the environment (observation + action_mask, dead steps, spaces)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # api_test warns about Dict observations, which PettingZoo's own games use
        api_test(env(case.name, **case.options), num_cycles=300, verbose_progress=False)


def test_seed_test_passes(case):
    """The same seed gives the same chance outcomes, observations and rewards."""
    seed_test(lambda: env(case.name, **case.options), num_cycles=60)


def test_agents_are_named_and_a_full_game_pays_the_returns(case):
    """Agents have stable distinct names; at the end each agent's reward is its return (+1/-1/0)."""
    game = case.load()
    e = env(case.name, **case.options)
    assert e.possible_agents == agent_names(game)
    assert len(set(e.possible_agents)) == game.num_players
    e.reset(seed=4)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter(max_iter=game.max_game_length + game.num_players):
        obs, reward, termination, truncation, info = e.last()
        totals[agent] += reward
        assert "role" in info
        if termination or truncation:
            e.step(None)
            continue
        mask = obs["action_mask"]
        assert mask.sum() >= 1 and mask.dtype == np.int8
        e.step(int(e.np_random.choice(np.flatnonzero(mask))))
    returns = e.state.returns()
    assert e.state.is_terminal()
    assert [totals[a] for a in e.possible_agents] == returns


def test_illegal_action_is_refused_with_state_unchanged(case):
    """Bad input: an illegal action raises IllegalActionError listing the legal ones; nothing changes."""
    e = env(case.name, **case.options)
    e.reset(seed=1)
    agent = e.agent_selection
    mask = e.observe(agent)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0]) if (mask == 0).any() else e.state.game.num_distinct_actions
    before = e.state.history()
    with pytest.raises(IllegalActionError, match="Legal now"):
        e.step(bad)
    assert e.state.history() == before and e.agent_selection == agent


def test_bad_render_mode_is_refused(case):
    with pytest.raises(ValueError, match="allowed: None, 'ansi', 'rgb_array'"):
        env(case.name, render_mode="human", **case.options)


def test_ansi_render_draws_the_spectators_board(case):
    """render_mode="ansi" draws the board as text (the spectator's view, the game's terminal renderer)."""
    e = env(case.name, render_mode="ansi", **case.options)
    assert e.render() is None  # nothing to draw before reset
    e.reset(seed=3)
    text = e.render()
    assert isinstance(text, str) and "move " in text and len(text.splitlines()) > 3 and "\x1b[" not in text
    assert env(case.name, **case.options).render() is None


def test_envs_pickle_and_deepcopy_and_play_on_alike(case):
    """A copy (pickle or deepcopy) of a running environment continues exactly as the original."""
    import copy
    import pickle

    e = env(case.name, **case.options)
    e.reset(seed=6)
    for _ in range(5):
        e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0]))
    for copied in (copy.deepcopy(e), pickle.loads(pickle.dumps(e))):
        original = copy.deepcopy(e)
        for _ in range(15):
            if original.terminations[original.agent_selection]:
                break
            a = original.agent_selection
            assert copied.agent_selection == a
            action = int(np.flatnonzero(original.observe(a)["action_mask"])[-1])
            original.step(action)
            copied.step(action)
            assert np.array_equal(original.observe(a)["observation"], copied.observe(a)["observation"])
        assert original.state.history() == copied.state.history() != e.state.history()


def test_using_the_env_before_reset_says_to_reset_first():
    """Observing or stepping before the first reset is bad input: a GameError saying to call reset() first
    (it failed on None inside the env before), and nothing starts."""
    e = env("qbert")
    agent = e.possible_agents[0]
    with pytest.raises(GameError, match=r"call reset\(\) first"):
        e.observe(agent)
    assert e.state is None
    e.reset(seed=3)
    assert e.observe(e.agent_selection)["action_mask"].any()
