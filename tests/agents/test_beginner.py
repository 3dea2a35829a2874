"""The `beginner` level (issue 38 §3: a beginner who blunders, below `greedy`, for a person's first matches): at
each decision with a choice it plays a random legal move with probability `blunder`, else `greedy`'s move."""

from __future__ import annotations

import pytest

import boardcade
from boardcade.agents import BeginnerAgent, make_agent
from boardcade.core import GameError

from .conftest import decision_states


@pytest.mark.parametrize("name", boardcade.game_names())
def test_beginner_is_greedy_without_blunders_and_random_with_nothing_but(name):
    """The two ends of its one setting: blunder=0 chooses what `greedy` chooses and blunder=1 what `random`
    chooses, position by position, with the same seed; the default lies between (a legal move either way)."""
    game = boardcade.load_game(name)
    for k, state in enumerate(decision_states(game, seed=38, count=12, every=5)):
        before = state.history()
        assert make_agent("beginner:blunder=0", k).step(state) == make_agent("greedy", k).step(state)
        assert make_agent("beginner:blunder=1", k).step(state) == make_agent("random", k).step(state)
        assert make_agent("beginner", k).step(state) in state.legal_actions()
        assert state.history() == before, "choosing leaves the position as it was"


def test_the_default_beginner_takes_the_best_move_often_and_misses_it_often():
    """Half its decisions are `greedy`'s and half random: over Q*bert positions where `greedy` has one clear
    best move, the default beginner plays it at some and misses it at others; the same seed, the same moves."""
    game = boardcade.load_game("qbert")
    took = missed = 0
    for k, state in enumerate(decision_states(game, seed=7, count=40, every=3)):
        best = {make_agent("greedy", seed).step(state) for seed in range(3)}
        if len(best) != 1:
            continue  # greedy's choice is a tie broken at random: no one best move
        choice = make_agent("beginner", 100 + k).step(state)
        assert choice == make_agent("beginner", 100 + k).step(state), "seeded"
        took += choice in best
        missed += choice not in best
    assert took >= 3 and missed >= 3, (took, missed)


@pytest.mark.parametrize(
    "name, words",
    [("beginner:blunder=1.5", ["blunder", "between 0 and 1", "1.5"]), ("beginner:blunder=often", ["blunder", "float"])],
)
def test_a_blunder_that_is_not_a_probability_is_refused_saying_what_is_allowed(name, words):
    with pytest.raises(GameError) as err:
        make_agent(name, 0)
    for word in words:
        assert word in str(err.value)


def test_beginner_is_offered_as_a_level_between_random_and_greedy():
    from boardcade.agents import AGENTS

    levels = [n for n, spec in AGENTS.items() if spec.level]
    assert levels.index("random") < levels.index("beginner") < levels.index("greedy")
    assert isinstance(make_agent("beginner", 1), BeginnerAgent) and make_agent("beginner", 1).blunder == 0.5
    assert "newcomer" in AGENTS["beginner"].description
