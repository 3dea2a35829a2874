"""Board, pieces and the start of a match (QB-1.x, QB-2.x)."""

import boardcade
from boardcade import CHANCE
from boardcade.games.qbert import board as B
from boardcade.testing import act


def test_QB_1_1_pyramid_has_28_cubes_in_7_rows_with_diagonal_neighbours(qb):
    """QB-1.1: pyramid has 28 cubes in 7 rows with diagonal neighbours."""
    assert B.NUM_CUBES == 28
    assert [sum(1 for r, _ in B.CUBES if r == row) for row in range(7)] == [1, 2, 3, 4, 5, 6, 7]
    top = qb.start(roll=8)
    assert qb.targets(top, "hop") == [(1, 0), (1, 1)]  # only downward hops from the top
    inside = qb.start(roll=8, qbert=(3, 1))
    assert qb.targets(inside, "hop") == [(2, 0), (2, 1), (4, 1), (4, 2)]
    corner = qb.start(roll=8, qbert=(6, 6))
    assert qb.targets(corner, "hop") == [(5, 5)]  # nothing below the bottom row, nothing right of the edge


def test_QB_1_2_outside_spaces_are_the_two_edges_and_the_bottom_row():
    """QB-1.2: outside spaces are the two edges and the bottom row."""
    assert B.cube(3, 0) in B.OUTSIDE and B.cube(3, 3) in B.OUTSIDE and B.cube(6, 2) in B.OUTSIDE
    assert B.cube(3, 1) not in B.OUTSIDE and B.cube(5, 3) not in B.OUTSIDE
    assert len(B.OUTSIDE) == 7 + 5 + 5 + 1  # bottom row, left and right edges above it, and the top


def test_QB_1_3_every_cube_starts_with_a_peg(qb):
    """QB-1.3: every cube starts with a peg."""
    obs = qb.start().observation(None)
    assert obs["pegs_left"] == 28 and len(obs["pegs"]) == 28


def test_QB_1_4_three_discs_beside_rows_2_and_5(qb):
    """QB-1.4: three discs beside rows 2 and 5."""
    discs = qb.start().observation(None)["discs"]
    assert [(tuple(d["cube"]), d["side"], d["active"]) for d in discs] == [
        ((2, 0), "left", True),
        ((5, 0), "left", True),
        ((5, 5), "right", True),
    ]


def test_QB_1_5_qbert_starts_on_top_and_nasties_at_home(qb):
    """QB-1.5: Q*bert starts on top and nasties at home."""
    state = boardcade.load_game("qbert").new_initial_state()
    act(state, "roll_off", p1=3, p2=5)
    obs = state.observation(None)
    assert obs["qbert"] == [0, 0]
    assert {n["where"] for n in obs["nasties"]} == {"home"}
    assert [n["name"] for n in obs["nasties"]] == ["Coily", "Red Ball", "Green Ball", "Slick", "Ugg", "Wrong Way"]


def test_QB_2_1_roll_off_is_a_chance_node_without_ties_higher_roll_is_qbert_first():
    """QB-2.1: roll off is a chance node without ties higher roll is Q*bert first."""
    state = boardcade.load_game("qbert").new_initial_state()
    assert state.current_player() == CHANCE
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 30 and abs(sum(p for _, p in outcomes) - 1) < 1e-12
    infos = [state.action_info(a) for a, _ in outcomes]
    assert all(i["kind"] == "roll_off" and i["args"]["p1"] != i["args"]["p2"] for i in infos)  # ties rolled again
    act(state, "roll_off", p1=2, p2=5)
    assert state.observation(None)["qbert_player"] == 1 and state.roles() == ["nasties first", "Q*bert first"]
    assert any("Player 2 is Q*bert first" in e.text for e in state.events())


def test_QB_2_1_roll_off_outcomes_describe_both_dice():
    """QB-2.1: action_info at the roll-off names both players' faces, not a player move."""
    state = boardcade.load_game("qbert").new_initial_state()
    info = state.action_info(6 * 1 + 4)
    assert info == {"action": 10, "kind": "roll_off", "args": {"p1": 2, "p2": 5}, "label": info["label"]}
    assert info["label"] == "roll-off: Player 1 rolls 2, Player 2 rolls 5"


def test_QB_2_2_qbert_moves_first_in_each_round(qb):
    """QB-2.2: Q*bert moves first in each round."""
    state = qb.start()
    assert state.current_player() == qb.view(state)["qbert_player"] == 0
    state = qb.start(qbert_player=1)
    assert state.current_player() == 1
