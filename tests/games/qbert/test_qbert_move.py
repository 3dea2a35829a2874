"""Q*bert's turn (QB-3.x)."""

import pytest

import boardcade
from boardcade import CHANCE, IllegalActionError
from boardcade.testing import act, find_action


def test_QB_3_1_d8_roll_is_a_chance_node_seen_only_by_qbert(qb):
    """QB-3.1: d8 roll is a chance node seen only by Q*bert."""
    state = qb.start(roll=3)
    assert state.observation(0)["roll"] == 3
    assert state.observation(1)["roll"] is None and state.observation(1)["roll_hidden"]
    assert state.observation(None)["roll"] is None
    secret = [e for e in state.events() if "secretly rolled" in e.text]
    assert secret and secret[-1].visible_to == (0,)


def test_QB_3_1_d8_has_eight_equally_likely_faces_described_as_d8_outcomes(qb):
    """QB-3.1: d8 has eight equally likely faces; action_info describes each face, not a hop."""
    state = qb.start(roll=None)
    assert state.chance_outcomes() == [(a, 1 / 8) for a in range(8)]
    assert [state.action_info(a)["label"] for a in state.legal_actions()] == [f"d8 shows {f}" for f in range(1, 9)]
    assert {state.action_info(a)["kind"] for a in state.legal_actions()} == {"d8"}
    assert state.action_info(2)["args"] == {"face": 3}


def test_QB_3_2_qbert_may_stop_at_once_or_after_any_hop_but_not_beyond_the_roll(qb):
    """QB-3.2: Q*bert may stop at once or after any hop but not beyond the roll."""
    state = qb.start(roll=2)
    assert qb.can(state, "stop")
    qb.hop(state, "down-left")
    qb.hop(state, "down-left")
    assert qb.kinds(state) == [("stop", {})]  # the roll is used up
    with pytest.raises(IllegalActionError, match="used every move"):
        state.apply_action(boardcade.load_game("qbert").codec.encode("hop", dir="down-left"))
    act(state, "stop")
    assert qb.phase(state) == "character-die" and state.current_player() == CHANCE


def test_QB_3_3_hops_are_diagonal_and_stay_on_the_pyramid(qb):
    """QB-3.3: hops are diagonal and stay on the pyramid."""
    state = qb.start(roll=8)
    assert qb.kinds(state) == [("hop", {"dir": "down-left"}), ("hop", {"dir": "down-right"}), ("stop", {})]
    before = state.observation(0)
    with pytest.raises(IllegalActionError, match="leaves the pyramid"):
        state.apply_action(state.game.codec.encode("hop", dir="up-left"))
    assert state.observation(0) == before  # illegal action leaves the state unchanged
    qb.hop(state, "down-right")
    qb.hop(state, "down-left")
    qb.hop(state, "up-left")  # up and down mixed in one move
    assert qb.qbert_at(state) == (1, 0)


def test_QB_3_3_hop_choices_name_their_target_cube(qb):
    """QB-3.3: every hop's action_info carries the cube it lands on, for the board UI."""
    state = qb.start(roll=3, qbert=(3, 1))
    info = state.action_info(find_action(state, "hop", dir="down-right"))
    assert info["target"] == [4, 2] and info["label"] == "hop down-right to (4,2)"


def test_QB_3_4_qbert_takes_the_peg_of_each_cube_he_lands_on_once(qb):
    """QB-3.4: Q*bert takes the peg of each cube he lands on once."""
    state = qb.start(roll=4)
    qb.hop(state, "down-left")  # (1,0)
    qb.hop(state, "up-right")  # back to the top: its peg too
    qb.hop(state, "down-left")  # (1,0) again: no peg left there
    obs = state.observation(1)
    assert obs["pegs_left"] == 26
    assert [0, 0] not in obs["pegs"] and [1, 0] not in obs["pegs"]


@pytest.mark.parametrize("key", ["coily", "red_ball"])
def test_QB_3_5_landing_on_coily_or_red_ball_captures_qbert(qb, key):
    """QB-3.5: landing on coily or red ball captures Q*bert."""
    state = qb.start(roll=3, **{key: (1, 1)})
    qb.hop(state, "down-right")
    assert qb.scores(state) == [(0, 0)]  # round over, no peg taken on the capture cube
    assert qb.fired(state, "QB-3.5")
    obs = qb.view(state)
    assert obs["round"] == 2 and obs["qbert_player"] == 1


def test_QB_3_6_passing_over_wrong_way_or_ugg_captures_qbert(qb):
    """QB-3.6: passing over wrong way or ugg captures Q*bert."""
    state = qb.start(roll=3, qbert=(2, 1), wrong_way=(2, 1))  # left face of (2,1)
    qb.hop(state, "down-left")  # hop (2,1)->(3,1) crosses LF(2,1)
    assert qb.scores(state) and qb.scores(state)[0][0] == 0
    assert qb.fired(state, "QB-3.6", "Wrong Way")
    state = qb.start(roll=3, qbert=(3, 2), ugg=(2, 1))  # right face of (2,1)
    qb.hop(state, "up-left")  # hop (3,2)->(2,1) crosses RF(2,1)
    assert qb.fired(state, "QB-3.6", "Ugg")
    # Hopping past a face walker without crossing its face is safe.
    state = qb.start(roll=3, qbert=(2, 1), wrong_way=(2, 1))
    qb.hop(state, "down-right")
    assert not qb.scores(state)


def test_QB_3_7_landing_on_slick_stops_qbert_and_sends_slick_home(qb):
    """QB-3.7: landing on slick stops Q*bert and sends slick home."""
    state = qb.start(roll=5, slick=(1, 0))
    qb.hop(state, "down-left")
    assert qb.where(state, "slick") == "home"
    assert qb.phase(state) == "character-die"  # his move ended with moves left
    assert state.observation(0)["pegs_left"] == 27


def test_QB_3_7_slicks_stop_keeps_the_moves_left_as_escape_moves(qb):
    """QB-3.7 (QB-D13): Slick stops Q*bert after 1 of his 5 moves; the other 4 stay in the tube and serve as
    escape moves when Coily threatens him in the nasty turn."""
    state = qb.start(roll=5, slick=(1, 0), coily=(2, 0))
    qb.hop(state, "down-left")  # onto Slick: the move ends
    assert qb.phase(state) == "character-die" and state.observation(0)["moves_left"] == 4
    assert state.observation(1)["moves_left"] is None
    act(state, "character_die", character="Coily")
    act(state, "d6", face=1)
    qb.step(state, "up-right")  # (1,0): threat
    assert state.observation(0)["escape"]["moves_left"] == 4
    assert [i["target"] for i in qb.choices(state) if i["kind"] == "hop"] == [[0, 0], [2, 0], [2, 1]]
    qb.hop(state, "up-right")
    qb.hop(state, "down-right")
    act(state, "stop")
    assert qb.qbert_at(state) == (1, 1) and not qb.scores(state)
    assert qb.fired(state, "QB-4.11", "rolled 5 (2 moves unused)")


def test_QB_3_8_landing_on_green_ball_sends_it_home_and_freezes_the_next_nasty_turn(qb):
    """QB-3.8: landing on green ball sends it home and freezes the next nasty turn."""
    state = qb.start(roll=5, green_ball=(1, 1))
    qb.hop(state, "down-right")
    assert qb.where(state, "green_ball") == "home" and qb.view(state)["frozen"]
    assert qb.can(state, "hop", dir="down-left")  # he may keep hopping
    act(state, "stop")
    obs = qb.view(state)
    assert obs["phase"] == "qbert-roll" and obs["turn"] == 2  # straight to Q*bert's next roll
    assert qb.fired(state, "QB-4.10")


def test_QB_3_9_discs_are_not_usable_in_a_normal_move(qb):
    """QB-3.9: discs are not usable in a normal move."""
    state = qb.start(roll=5, qbert=(2, 0))
    assert not qb.can(state, "disc")
    with pytest.raises(IllegalActionError, match="disc"):
        state.apply_action(state.game.codec.encode("disc", disc=0, to=(0, 0)))


def test_QB_4_1_nasty_turn_follows_qbert_move(qb):
    """QB-4.1: once Q*bert stops, the nasty player's dice are rolled and the nasty player moves."""
    state = qb.nasty_turn(qb.start(roll=1), "Coily", 2)
    assert qb.phase(state) == "nasty-move" and state.current_player() == 1
