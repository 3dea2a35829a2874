"""The ISMCTS agent and the levels, on every registered game and variant."""

from __future__ import annotations

import random

import pytest

from boardcade import GameError, load_game
from boardcade.agents import LEVELS, ISMCTSAgent, make_agent
from boardcade.agents.ismcts import chance_hidden_exactly
from boardcade.agents.policies import policy_for

from .conftest import decision_states


def test_contract_ismcts_moves_are_legal_and_leave_the_state_unchanged(variant):
    """Contract: an agent returns a legal action for the player to move and does not touch the real state."""
    for state in decision_states(variant, seed=3, count=4):
        player = state.current_player()
        before = (state.history(), state.information_state_string(player))
        action = ISMCTSAgent(seed=1, iterations=40).step(state)
        assert action in state.legal_actions()
        assert (state.history(), state.information_state_string(player)) == before


def test_contract_ismcts_same_seed_same_move(variant):
    """Contract (reproducibility): with an iteration budget the same seed chooses the same action."""
    state = decision_states(variant, seed=5, count=2)[-1]
    a = ISMCTSAgent(seed=7, iterations=60).step(state.clone())
    b = ISMCTSAgent(seed=7, iterations=60).step(state.clone())
    assert a == b


def _a_move_that_wins_at_once(variant):
    """The first position of seeded random play where some, but not every, legal action wins the match at once:
    (state, the winning actions). Fails the test where 60 random games have none."""
    rng = random.Random(11)
    for _ in range(60):
        state = variant.new_initial_state()
        while not state.is_terminal():
            legal = state.legal_actions()
            if not state.is_chance_node() and len(legal) > 1:
                p = state.current_player()
                wins = []
                for a in legal:
                    child = state.clone()
                    child.apply_action(a)
                    if child.is_terminal() and child.returns()[p] > 0:
                        wins.append(a)
                if wins and len(wins) < len(legal):
                    return state, wins
            state.apply_action(rng.choice(legal))
    pytest.fail(f"no position with an immediately winning move found in 60 random games of {variant!r}")


def test_contract_ismcts_picks_a_move_that_wins_at_once(variant):
    """Contract: returns() +1 is a win. Where one legal action ends the match with a win, search finds it."""
    state, wins = _a_move_that_wins_at_once(variant)
    choice = ISMCTSAgent(seed=2, iterations=300).step(state)
    assert choice in wins, f"missed a winning move in {variant!r} at step {state.move_number()}"


def test_qb_d3_qbert_roll_is_hidden_from_the_nasty_player_in_search():
    """QB-D3: the d8 roll is hidden from the nasty player, so the nasty player's search must not branch on it,
    while Q*bert's own search does."""
    game = load_game("qbert")
    rng = random.Random(4)
    state = game.new_initial_state()
    while True:
        assert not state.is_terminal(), "no Q*bert roll found"
        if state.is_chance_node() and len(state.legal_actions()) == 8:
            probe = state.clone()
            probe.apply_action(probe.legal_actions()[0])
            qbert = probe.current_player()
            break
        legal = state.legal_actions()
        state.apply_action(rng.choice(legal))
    assert chance_hidden_exactly(state, 1 - qbert) is True
    assert chance_hidden_exactly(state, qbert) is False
    view = policy_for(game).chance_view
    assert view(state, 1 - qbert) is False and view(state, qbert) is True


def test_levels_are_agents_with_growing_iteration_budgets():
    """Levels easy < medium < hard by iteration budget, four times as much each; no wall-time cap, so the same seed
    plays the same moves on a loaded machine; a game's iteration scale multiplies every level alike."""
    iters = [LEVELS[k]["iterations"] for k in ("easy", "medium", "hard")]
    assert iters[1] == 4 * iters[0] and iters[2] == 4 * iters[1]
    for level in ("easy", "medium", "hard"):
        agent = make_agent(level, 1)
        assert isinstance(agent, ISMCTSAgent) and agent.name == level and agent.seconds is None
    for name in ("qbert", "mb_centipede", "atari_centipede"):
        state = load_game(name).new_initial_state()
        budgets = [make_agent(level, 1).budget(state) for level in ("easy", "medium", "hard")]
        assert budgets[0] < budgets[1] < budgets[2]


def test_ismcts_settings_in_the_agent_name():
    agent = make_agent("ismcts:iterations=25,seconds=0.5,rollout_depth=4,plan=0,temperature=0.3", 0)
    assert (agent.iterations, agent.seconds, agent.rollout_depth, agent.plan, agent.temperature) == (
        25,
        0.5,
        4,
        False,
        0.3,
    )
    timed = make_agent("ismcts:seconds=0.2", 0)
    assert timed.iterations is None and timed.seconds == 0.2


@pytest.mark.parametrize(
    "name, words",
    [
        ("ismcts:depth=3", ["depth", "iterations", "seconds"]),
        ("ismcts:iterations=many", ["iterations", "int", "many"]),
        ("ismcts:iterations=0", ["iterations", "at least 1"]),
        ("grandmaster", ["grandmaster", "random", "greedy", "easy", "medium", "hard"]),
    ],
)
def test_bad_agent_names_say_what_is_allowed(name, words):
    with pytest.raises(GameError) as err:
        make_agent(name, 0)
    for word in words:
        assert word in str(err.value)


def test_contract_openspiel_ismcts_plays_legal_moves_and_refuses_perfect_information(variant):
    """Contract: the comparison agent built on OpenSpiel's ISMCTSBot returns a legal action, leaves the state as it
    was, and says it cannot play a perfect-information game (MB Centipede) rather than failing inside OpenSpiel."""
    state = decision_states(variant, seed=6, count=2)[-1]
    before = state.history()
    agent = make_agent("os_ismcts:simulations=20", 3)
    if variant.game_type.perfect_information:
        with pytest.raises(ValueError, match="perfect-information"):
            agent.step(state)
        return
    assert agent.step(state) in state.legal_actions() and state.history() == before


def test_contract_openspiel_mcts_plays_legal_moves_without_seeing_hidden_state(variant):
    """Contract: the comparison agent (OpenSpiel's MCTSBot) returns a legal action and leaves the state as it was."""
    state = decision_states(variant, seed=6, count=2)[-1]
    before = state.history()
    action = make_agent("os_mcts:simulations=20", 3).step(state)
    assert action in state.legal_actions() and state.history() == before


def test_contract_a_single_iteration_finds_a_move_that_wins_at_once(variant):
    """Contract: one-ply priors see a move that ends the match with a win, so even one iteration plays it."""
    state, wins = _a_move_that_wins_at_once(variant)
    assert ISMCTSAgent(seed=2, iterations=1).step(state) in wins


@pytest.mark.parametrize("setting", ["temperature=-1", "exploration=-0.5", "determinizations=0"])
def test_search_settings_must_be_in_range(setting):
    with pytest.raises(GameError, match=setting.partition("=")[0]):
        make_agent(f"ismcts:{setting}", 0)
