"""The nasty player's turn (QB-4.x)."""

import pytest

from boardcade import CHANCE, IllegalActionError
from boardcade.games.qbert.game import NMOVE, QROLL


def test_QB_4_1_character_die_and_d6_are_public_chance_nodes(qb):
    """QB-4.1: character die and d6 are public chance nodes."""
    state = qb.start(roll=1)
    state.apply_action(qb.A.STOP)
    assert state.current_player() == CHANCE and len(state.chance_outcomes()) == 6
    state.apply_action(0)
    assert state.current_player() == CHANCE and state.chance_outcomes() == [(a, 1 / 6) for a in range(6)]
    state.apply_action(3)
    rolled = [e for e in state.events() if e.rule == "QB-4.1"][-1]
    assert rolled.visible_to is None and "Coily and 4" in rolled.text


def test_QB_4_2_character_die_has_one_face_per_nasty(qb):
    """QB-4.2: character die has one face per nasty."""
    names = []
    for face in range(6):
        state = qb.start(roll=1)
        state.apply_action(qb.A.STOP)
        state.apply_action(face)
        names.append(state.observation(None)["character"])
    assert names == ["Coily", "Red Ball", "Green Ball", "Slick", "Ugg", "Wrong Way"]


def test_QB_4_3_nasty_moves_exactly_the_d6_one_chosen_step_at_a_time(qb):
    """QB-4.3: nasty moves exactly the d6 one chosen step at a time."""
    state = qb.place(qb.start(roll=1), qbert=(0, 0))
    state.apply_action(qb.hop("down-left"))
    qb.nasty_turn(state, qb.B.RED_BALL, 3)
    state.apply_action(qb.A.ENTER0 + 1)  # (1,1)
    assert state.current_player() == 1 and state.steps_left == 2
    assert state.legal_actions() == [qb.step("down-left"), qb.step("down-right")]
    state.apply_action(qb.step("down-right"))
    state.apply_action(qb.step("down-left"))
    assert state.nasty[qb.B.RED_BALL] == qb.c(3, 2)
    assert state.phase == QROLL  # move done, next Q*bert turn


def test_QB_4_4_eliminated_or_stuck_character_forfeits_its_move(qb):
    """QB-4.4: eliminated or stuck character forfeits its move."""
    state = qb.place(qb.start(roll=1), coily="out")
    qb.nasty_turn(state, qb.B.COILY, 4)
    assert state.phase == QROLL and any(e.rule == "QB-4.4" for e in state.events())
    # Red Ball at home with both entry spaces taken has no legal step.
    state = qb.place(qb.start(roll=1), qbert=(2, 2), green_ball=(1, 0), slick=(1, 1))
    qb.nasty_turn(state, qb.B.RED_BALL, 2)
    assert state.phase == QROLL and state.nasty[qb.B.RED_BALL] == qb.B.HOME


def test_QB_4_5_entry_spaces(qb):
    """QB-4.5: entry spaces."""
    expect = {
        qb.B.COILY: [(6, 3)],
        qb.B.RED_BALL: [(1, 0), (1, 1)],
        qb.B.GREEN_BALL: [(1, 0), (1, 1)],
        qb.B.SLICK: [(1, 0), (1, 1)],
        qb.B.UGG: [(6, 6)],
        qb.B.WRONG_WAY: [(6, 0)],
    }
    for k, spaces in expect.items():
        state = qb.place(qb.start(roll=1), qbert=(3, 1))
        qb.nasty_turn(state, k, 1)
        infos = [state.action_info(a) for a in state.legal_actions()]
        assert [tuple(i["target"]) for i in infos] == spaces, k


def test_QB_4_6_balls_and_slick_only_go_down_and_drop_off_home(qb):
    """QB-4.6: balls and slick only go down and drop off home."""
    state = qb.place(qb.start(roll=1), qbert=(0, 0), slick=(5, 2))
    qb.nasty_turn(state, qb.B.SLICK, 3)
    assert state.legal_actions() == [qb.step("down-left"), qb.step("down-right")]
    with pytest.raises(IllegalActionError):
        state.apply_action(qb.step("up-left"))
    state.apply_action(qb.step("down-right"))
    assert state.legal_actions() == [qb.A.GO_HOME]
    state.apply_action(qb.A.GO_HOME)
    assert state.nasty[qb.B.SLICK] == qb.B.HOME and state.phase == QROLL  # the move ends at home


def test_QB_4_7_coily_moves_in_all_four_diagonals(qb):
    """QB-4.7: coily moves in all four diagonals."""
    state = qb.place(qb.start(roll=1), qbert=(0, 0), coily=(3, 1))
    qb.nasty_turn(state, qb.B.COILY, 2)
    assert state.legal_actions() == [qb.step(d) for d in ("up-left", "up-right", "down-left", "down-right")]
    state.apply_action(qb.step("up-right"))
    assert state.nasty[qb.B.COILY] == qb.c(2, 1)


def test_QB_4_8_face_walkers_cross_the_pyramid_and_fall_off_its_edge(qb):
    """QB-4.8: face walkers cross the pyramid and fall off its edge."""
    state = qb.place(qb.start(roll=1), qbert=(0, 0), wrong_way=(2, 1))
    qb.nasty_turn(state, qb.B.WRONG_WAY, 3)
    assert state.legal_actions() == [qb.A.FACE_ALONG, qb.A.FACE_UP]
    state.apply_action(qb.A.FACE_ALONG)  # LF(2,2): the right end of its row
    # No face to step to from there: it walks off the edge and is out for the round.
    assert state.phase == QROLL and any(e.rule == "QB-4.8" and "falls off" in e.text for e in state.events())
    assert state.nasty[qb.B.WRONG_WAY] == qb.B.ELIMINATED
    state = qb.place(qb.start(roll=1), qbert=(0, 0), ugg=(4, 2))
    qb.nasty_turn(state, qb.B.UGG, 1)
    assert [tuple(state.action_info(a)["target"]) for a in state.legal_actions()] == [(4, 1), (3, 1)]


def test_QB_4_9_two_nasties_never_share_a_cube(qb):
    """QB-4.9: two nasties never share a cube."""
    state = qb.place(qb.start(roll=1), qbert=(0, 0), coily=(3, 1), red_ball=(2, 1))
    qb.nasty_turn(state, qb.B.COILY, 1)
    assert qb.step("up-right") not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="cannot make that step"):
        state.apply_action(qb.step("up-right"))


def test_QB_4_10_frozen_nasty_turn_is_skipped_and_roll_revealed(qb):
    """QB-4.10: frozen nasty turn is skipped and roll revealed."""
    state = qb.place(qb.start(roll=4), green_ball=(1, 0))
    state.apply_action(qb.hop("down-left"))
    state.apply_action(qb.A.STOP)
    assert state.phase == QROLL and not state.frozen
    revealed = [e for e in state.events() if e.rule == "QB-4.11"]
    assert revealed and "rolled 4" in revealed[-1].text and revealed[-1].visible_to is None


def test_QB_4_11_roll_revealed_after_the_nasty_turn_and_unused_moves_lapse(qb):
    """QB-4.11: roll revealed after the nasty turn and unused moves lapse."""
    state = qb.start(roll=6)
    state.apply_action(qb.hop("down-left"))
    qb.nasty_turn(state, qb.B.SLICK, 1)
    assert state.observation(1)["roll"] is None
    state.apply_action(qb.A.ENTER0 + 1)
    assert state.phase == QROLL
    text = [e for e in state.events() if e.rule == "QB-4.11"][-1].text
    assert "rolled 6" in text and "5 move(s) unused" in text
    state.apply_action(1)  # next roll: 2; the old unused moves are gone
    assert state.observation(0)["moves_left"] == 2


def test_nasty_phase_belongs_to_the_nasty_player(qb):
    state = qb.place(qb.start(roll=1), qbert=(0, 0))
    qb.nasty_turn(state, qb.B.COILY, 1)
    assert state.phase == NMOVE and state.current_player() == 1 - state.qp
    assert state.legal_actions(player=0) == []
