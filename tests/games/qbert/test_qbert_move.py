"""Q*bert's turn (QB-3.x)."""

import pytest

from boardcade import CHANCE, IllegalActionError
from boardcade.games.qbert.game import CHAR, NMOVE


def test_QB_3_1_d8_roll_is_a_chance_node_seen_only_by_qbert(qb):
    """QB-3.1: d8 roll is a chance node seen only by Q*bert."""
    state = qb.start(roll=3)
    assert state.observation(0)["roll"] == 3
    assert state.observation(1)["roll"] is None and state.observation(1)["roll_hidden"]
    assert state.observation(None)["roll"] is None
    secret = [e for e in state.events() if "secretly rolled" in e.text]
    assert secret and secret[-1].visible_to == (0,)


def test_QB_3_1_d8_has_eight_equally_likely_faces():
    """QB-3.1: d8 has eight equally likely faces."""
    import boardcade

    state = boardcade.load_game("qbert").new_initial_state()
    state.apply_action(30)
    assert state.chance_outcomes() == [(a, 1 / 8) for a in range(8)]


def test_QB_3_2_qbert_may_stop_at_once_or_after_any_hop_but_not_beyond_the_roll(qb):
    """QB-3.2: Q*bert may stop at once or after any hop but not beyond the roll."""
    state = qb.start(roll=2)
    assert qb.A.STOP in state.legal_actions()
    state.apply_action(qb.hop("down-left"))
    state.apply_action(qb.hop("down-left"))
    assert state.legal_actions() == [qb.A.STOP]  # the roll is used up
    with pytest.raises(IllegalActionError, match="used every move"):
        state.apply_action(qb.hop("down-left"))
    state.apply_action(qb.A.STOP)
    assert state.phase == CHAR and state.current_player() == CHANCE


def test_QB_3_3_hops_are_diagonal_and_stay_on_the_pyramid(qb):
    """QB-3.3: hops are diagonal and stay on the pyramid."""
    state = qb.start(roll=8)
    assert state.legal_actions() == [qb.hop("down-left"), qb.hop("down-right"), qb.A.STOP]
    before = state.observation(0)
    with pytest.raises(IllegalActionError, match="leaves the pyramid"):
        state.apply_action(qb.hop("up-left"))
    assert state.observation(0) == before  # illegal action leaves the state unchanged
    state.apply_action(qb.hop("down-right"))
    state.apply_action(qb.hop("down-left"))
    state.apply_action(qb.hop("up-left"))  # up and down mixed in one move
    assert state.observation(0)["qbert"] == [1, 0]


def test_QB_3_4_qbert_takes_the_peg_of_each_cube_he_lands_on_once(qb):
    """QB-3.4: Q*bert takes the peg of each cube he lands on once."""
    state = qb.start(roll=4)
    state.apply_action(qb.hop("down-left"))  # (1,0)
    state.apply_action(qb.hop("up-right"))  # back to the top: its peg too
    state.apply_action(qb.hop("down-left"))  # (1,0) again: no peg left there
    obs = state.observation(1)
    assert obs["pegs_left"] == 26
    assert [0, 0] not in obs["pegs"] and [1, 0] not in obs["pegs"]


def test_QB_3_5_landing_on_coily_or_red_ball_captures_qbert(qb):
    """QB-3.5: landing on coily or red ball captures Q*bert."""
    for key in ("coily", "red_ball"):
        state = qb.place(qb.start(roll=3), coily=(2, 2)) if key == "red_ball" else qb.start(roll=3)
        qb.place(state, **{key: (1, 1)})
        state.apply_action(qb.hop("down-right"))
        assert state.scores == [(0, 0)], key  # round over, no peg taken on the capture cube
        assert any(e.rule == "QB-3.5" for e in state.events())
        assert state.round == 1 and state.qp == 1


def test_QB_3_6_passing_over_wrong_way_or_ugg_captures_qbert(qb):
    """QB-3.6: passing over wrong way or ugg captures Q*bert."""
    state = qb.place(qb.start(roll=3), qbert=(2, 1), wrong_way=(2, 1))  # left face of (2,1)
    state.apply_action(qb.hop("down-left"))  # hop (2,1)->(3,1) crosses LF(2,1)
    assert state.scores and state.scores[0][0] == 0
    assert any(e.rule == "QB-3.6" and "Wrong Way" in e.text for e in state.events())
    state = qb.place(qb.start(roll=3), qbert=(3, 2), ugg=(2, 1))  # right face of (2,1)
    state.apply_action(qb.hop("up-left"))  # hop (3,2)->(2,1) crosses RF(2,1)
    assert any(e.rule == "QB-3.6" and "Ugg" in e.text for e in state.events())
    # Hopping past a face walker without crossing its face is safe.
    state = qb.place(qb.start(roll=3), qbert=(2, 1), wrong_way=(2, 1))
    state.apply_action(qb.hop("down-right"))
    assert not state.scores


def test_QB_3_7_landing_on_slick_stops_qbert_and_sends_slick_home(qb):
    """QB-3.7: landing on slick stops Q*bert and sends slick home."""
    state = qb.place(qb.start(roll=5), slick=(1, 0))
    state.apply_action(qb.hop("down-left"))
    assert state.nasty[qb.B.SLICK] == qb.B.HOME
    assert state.phase == CHAR  # his move ended with moves left
    assert state.observation(0)["pegs_left"] == 27


def test_QB_3_8_landing_on_green_ball_sends_it_home_and_freezes_the_next_nasty_turn(qb):
    """QB-3.8: landing on green ball sends it home and freezes the next nasty turn."""
    state = qb.place(qb.start(roll=5), green_ball=(1, 1))
    state.apply_action(qb.hop("down-right"))
    assert state.nasty[qb.B.GREEN_BALL] == qb.B.HOME and state.frozen
    assert qb.hop("down-left") in state.legal_actions()  # he may keep hopping
    state.apply_action(qb.A.STOP)
    assert state.phase == 1 and state.turn == 2  # straight to Q*bert's next roll
    assert any(e.rule == "QB-4.10" for e in state.events())


def test_QB_3_9_discs_are_not_usable_in_a_normal_move(qb):
    """QB-3.9: discs are not usable in a normal move."""
    state = qb.place(qb.start(roll=5), qbert=(2, 0))
    assert all(a < qb.A.DISC0 for a in state.legal_actions())
    with pytest.raises(IllegalActionError, match="disc"):
        state.apply_action(qb.A.DISC0)


def test_nasty_turn_follows_qbert_move(qb):
    state = qb.nasty_turn(qb.start(roll=1), qb.B.COILY, 2)
    assert state.phase == NMOVE and state.current_player() == 1
