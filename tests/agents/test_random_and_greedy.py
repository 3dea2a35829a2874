"""The Agent interface and the two simple agents."""

import random

import pytest

import boardcade
from boardcade.agents import GreedyAgent, RandomAgent, make_agent
from boardcade.core import GameError, sample_chance


def _play(game, agents, rng):
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            action = agents[state.current_player()].step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
    return state.returns()


def test_make_agent_by_name_and_unknown_name_lists_valid_ones():
    assert isinstance(make_agent("random", 1), RandomAgent)
    assert isinstance(make_agent("greedy", 1), GreedyAgent)
    with pytest.raises(GameError, match="unknown agent 'genius'; valid agents: random, beginner, greedy"):
        make_agent("genius")


@pytest.mark.parametrize("name", boardcade.game_names())
def test_random_and_greedy_play_legal_moves_to_the_end(name):
    game = boardcade.load_game(name)
    rng = random.Random(2)
    returns = _play(game, [make_agent("greedy" if p == 0 else "random", p) for p in range(game.num_players)], rng)
    assert len(returns) == game.num_players


def test_greedy_beats_random_at_qbert_in_both_roles():
    """Greedy's one-ply Q*bert heuristic (pegs, danger, reach) should clearly beat random play."""
    game = boardcade.load_game("qbert")
    rng = random.Random(4)
    wins = games = 0
    for g in range(30):
        seat = g % 2
        agents = [make_agent("random", g), make_agent("random", g)]
        agents[seat] = make_agent("greedy", g)
        returns = _play(game, agents, rng)
        wins += returns[seat] > 0
        games += 1
    assert wins / games >= 0.7
