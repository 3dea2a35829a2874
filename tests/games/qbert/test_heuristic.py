"""Q*bert's evaluation (heuristic.py) for the greedy agent and search: it takes the pegs in front of Q*bert
and never reads the hidden roll on the nasty player's behalf (QB-7.1)."""

import pytest

from boardcade.agents.base import GreedyAgent
from boardcade.games.qbert.heuristic import evaluate
from boardcade.testing import find_action


def test_QB_3_4_greedy_qbert_takes_a_safe_peg_rather_than_stopping(qb):
    """QB-3.4: a peg taken is worth more than a small change of position: with Coily three hops away, greedy
    Q*bert hops onto a peg instead of ending his move at once."""
    state = qb.start(roll=3, qbert=(3, 1), coily=(5, 1), pegs=[(2, 1), (6, 6), (0, 0)])
    choice = state.action_info(GreedyAgent(seed=1).step(state))
    assert choice["kind"] == "hop" and choice["target"] == [2, 1]


def test_QB_3_4_an_isolated_last_peg_is_still_worth_taking(qb):
    """QB-3.4: taking a peg far from the others (the nearest peg gets much further away) is still better
    than standing next to it."""
    state = qb.start(roll=1, qbert=(5, 3), pegs=[(6, 4), (2, 0), (6, 0)])
    take = state.clone()
    take.apply_action(find_action(take, "hop", dir="down-right"))
    stay = state.clone()
    stay.apply_action(find_action(stay, "stop"))
    assert evaluate(take, 0) > evaluate(stay, 0)


def test_QB_3_5_greedy_qbert_does_not_hop_onto_coily(qb):
    """QB-3.5: a peg on Coily's cube is not worth a capture."""
    state = qb.start(roll=1, qbert=(3, 1), coily=(4, 1), pegs=[(4, 1), (0, 0)])
    hop = state.clone()
    hop.apply_action(find_action(hop, "hop", dir="down-left"))
    stop = state.clone()
    stop.apply_action(find_action(stop, "stop"))
    assert evaluate(stop, 0) > evaluate(hop, 0)


@pytest.mark.parametrize("phase_steps", [0, 1])
def test_QB_7_1_the_nasty_players_evaluation_does_not_depend_on_the_hidden_roll(qb, phase_steps):
    """QB-7.1: the same position with different rolls in the tube is worth the same to the nasty player,
    before the nasty turn and during an escape."""
    values = []
    for roll in range(1, 9):
        state = qb.start(roll=roll, qbert=(3, 1), coily=(4, 1))
        qb.nasty_turn(state, "Coily", 2)
        if phase_steps:
            qb.step(state, "up-right")  # a threat: Q*bert answers next
        values.append(evaluate(state, 1))
    assert len(set(values)) == 1
    mine = [evaluate(qb.start(roll=r, qbert=(3, 1), coily=(4, 1)), 0) for r in (1, 8)]
    assert mine[0] < mine[1]  # Q*bert's own evaluation may use what only he knows: more escape moves
