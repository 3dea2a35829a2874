"""The Gnome's turn: dice, moving, shooting, recharging and the Gnome Control cards (AC-4, AC-5)."""

from __future__ import annotations

import pytest

from boardcade import CHANCE, IllegalActionError
from boardcade.games.atari_centipede import board as B
from boardcade.games.atari_centipede.turns import P_CPLAY, P_GAFTER, P_GCHOOSE, P_GGLITCH, P_GSTEP, P_GWRIST

DIE = B.DIE_BASE
USE = B.USE_BASE
RECH = B.RECHARGE_BASE


def ready(ac, col=4, row=0):
    """Setup done, the field cleared, the Gnome at (row, col), a lone 6-centipede far away at row 10."""
    s = ac.setup2(gnome=(row, 4))
    ac.clear(s)
    ac.place_gnome(s, 0, (row, col))
    far = 10 if row == 0 else 1
    ac.put_cent(s, [(far, 8 - i) for i in range(6)], -1)
    return s


def test_refresh_when_one_die_or_none_left(ac):
    """AC-4.1: a Gnome turn that starts with one die in the pool rerolls all six first."""
    s = ready(ac)
    s.pool = [0, 0, 0, 0, 0, 1]
    s._turn_i = 1
    ac.run_internal(s, s._end_turn)
    assert s.current_player() == CHANCE
    for f in (0, 0, 1, 1, 2, 2):
        s.apply_action(f)
    assert s.pool == [2, 2, 2, 0, 0, 0]
    assert s.phase == P_GCHOOSE


def test_no_refresh_with_two_dice_left(ac):
    """AC-4.1: two dice in the pool: no reroll, the Gnome chooses at once."""
    s = ready(ac)
    s.pool = [0, 0, 0, 1, 0, 1]
    s._turn_i = 1
    ac.run_internal(s, s._end_turn)
    assert s.current_player() == 0 and s.phase == P_GCHOOSE
    assert [a for a in s.legal_actions() if a < USE] == [DIE + 3, DIE + 5]


def test_activated_die_leaves_pool_and_all_actions_run_in_order(ac):
    """AC-4.2: the chosen die leaves the pool; its actions come one by one, left to right."""
    s = ready(ac)
    s.apply_action(DIE + 3)  # fire, move 1, fire
    assert s.pool == [1, 1, 1, 0, 1, 1]
    assert s.phase == P_GSTEP
    assert B.FIRE in s.legal_actions() and B.LEFT not in s.legal_actions()
    with pytest.raises(IllegalActionError):
        s.apply_action(B.END_TURN)
    s.apply_action(B.FIRE)
    assert B.LEFT in s.legal_actions() and B.FIRE not in s.legal_actions()
    s.apply_action(B.LEFT)
    s.apply_action(B.FIRE)
    assert s.phase == P_GAFTER


def test_die_faces(ac):
    """AC-4.3: the six faces and their order of actions."""
    assert [B.face_text(f) for f in range(6)] == [
        "move 1, fire",
        "move 2, fire",
        "move 3, fire, recharge",
        "fire, move 1, fire",
        "fire, move 2",
        "move 1, fire, recharge",
    ]


def test_worked_example_gnome_moving_3_next_to_the_edge(ac):
    """AC-4.4 rulebook example: 3 to the right moves all 3; to the left stops after 2 at the edge, and the
    next move must then go right."""
    s = ready(ac, col=2)
    s.apply_action(DIE + 2)  # move 3, fire, recharge
    labels = {a: s.action_to_string(a) for a in s.legal_actions() if a in (B.LEFT, B.RIGHT)}
    assert labels == {B.LEFT: "move left to c0", B.RIGHT: "move right to c5"}
    s.apply_action(B.LEFT)
    assert s.gnome[0] == ac.sq(0, 0)
    s.apply_action(B.FIRE)
    s.apply_action(B.SKIP)
    s.apply_action(B.END_TURN)
    ac.start_centipede_turn(s, hand=[0, 0, 0, 0, 0])
    s._turn_i = 1
    ac.run_internal(s, s._end_turn)
    s.apply_action(DIE + 0)  # move 1, fire
    moves = [a for a in s.legal_actions() if a in (B.LEFT, B.RIGHT)]
    assert moves == [B.RIGHT]


def test_gnome_stays_in_its_row(ac):
    """AC-4.5: the Gnome only moves sideways inside its Gnome Movement Area."""
    s = ready(ac, col=7)
    s.apply_action(DIE + 1)
    s.apply_action(B.RIGHT)
    assert s.gnome[0] == ac.sq(0, 8)


def test_fire_removes_first_mushroom_only(ac):
    """AC-4.6: the bolt stops at the first thing in the column: a mushroom is removed, nothing else."""
    s = ready(ac, col=4)
    ac.put_mush(s, (3, 4), (5, 4))
    s.apply_action(DIE + 4)  # fire, move 2
    s.apply_action(B.FIRE)
    assert s.board[ac.sq(3, 4)] == B.EMPTY and s.board[ac.sq(5, 4)] == B.MUSH
    assert s.supply == 29


def test_fire_on_bug_replaces_it_with_a_mushroom(ac):
    """AC-4.6: a flea or spider hit is removed and a mushroom from the supply takes its square."""
    s = ready(ac, col=4)
    ac.put_bug(s, "spider", (6, 4))
    s.apply_action(DIE + 4)
    s.apply_action(B.FIRE)
    assert s.spiders == [] and s.spider_supply == 3
    assert s.board[ac.sq(6, 4)] == B.MUSH and s.supply == 29


def test_fire_on_segment_without_supply_leaves_square_empty(ac):
    """AC-4.6: a shot segment is removed; with the supply empty no mushroom replaces it."""
    s = ready(ac, col=5)
    ac.put_cent(s, [(4, 5), (4, 4)], 1)
    s.supply = 0
    s.apply_action(DIE + 4)
    s.apply_action(B.FIRE)
    assert s.board[ac.sq(4, 5)] == B.EMPTY
    assert ac.cents_of(s)[-1] == [(4, 4)]


def test_recharge_action_flips_a_used_card(ac):
    """AC-4.7: recharge turns a face-down card of the Gnome's choice face up; with none down it is skipped."""
    s = ready(ac, col=4)
    s.apply_action(DIE + 5)  # move 1, fire, recharge
    s.apply_action(B.RIGHT)
    s.apply_action(B.FIRE)
    assert B.SKIP in s.legal_actions()
    assert not [a for a in s.legal_actions() if RECH <= a < B.PLAY_BASE]
    s.apply_action(USE + B.TRIGGER)
    assert s.cards[0][B.TRIGGER] is False
    assert [a for a in s.legal_actions() if RECH <= a < B.PLAY_BASE] == [RECH + B.TRIGGER]
    assert B.SKIP not in s.legal_actions()
    s.apply_action(RECH + B.TRIGGER)
    assert s.cards[0][B.TRIGGER] is True


def test_worked_example_move_fire_recharge_die(ac):
    """AC-4.2, AC-4.7 rulebook example: move 3, then fire once, then recharge one used card if possible."""
    s = ready(ac, col=1)
    s.cards[0][B.SLAM] = False
    ac.put_mush(s, (2, 4))
    s.apply_action(DIE + 2)
    s.apply_action(B.RIGHT)
    assert s.gnome[0] == ac.sq(0, 4)
    s.apply_action(B.FIRE)
    assert s.board[ac.sq(2, 4)] == B.EMPTY
    s.apply_action(RECH + B.SLAM)
    assert s.cards[0] == [True, True, True, True]
    assert s.phase == P_GAFTER


def test_cards_usable_before_between_and_after_die(ac):
    """AC-5.1: cards are offered before a die is chosen, between its actions and after; a used card is face
    down and cannot be used again."""
    s = ready(ac)
    assert USE + B.WRIST in s.legal_actions()
    s.apply_action(USE + B.TRIGGER)
    assert USE + B.TRIGGER not in s.legal_actions()
    s.apply_action(DIE + 3)
    assert USE + B.WRIST in s.legal_actions()
    s.apply_action(B.FIRE)
    s.apply_action(B.LEFT)
    s.apply_action(B.FIRE)
    assert s.phase == P_GAFTER and USE + B.WRIST in s.legal_actions()
    assert s.observation(1)["gnomes"][0]["cards"]["Trigger Finger"] is False


def test_wrist_control_moves_one_square_choosing_direction(ac):
    """AC-5.2: Wrist Control moves the Gnome one square; at the edge only away from it."""
    s = ready(ac, col=8)
    s.apply_action(USE + B.WRIST)
    assert s.phase == P_GWRIST and s.legal_actions() == [B.LEFT]
    s.apply_action(B.LEFT)
    assert s.gnome[0] == ac.sq(0, 7) and s.phase == P_GCHOOSE


def test_trigger_finger_fires_once(ac):
    """AC-5.3: Trigger Finger fires a bolt at once."""
    s = ready(ac, col=3)
    ac.put_mush(s, (9, 3))
    s.apply_action(USE + B.TRIGGER)
    assert s.board[ac.sq(9, 3)] == B.EMPTY


def test_slam_the_ball_rerolls_all_six_dice_die_in_use_continues(ac):
    """AC-5.4: Slam the Ball rerolls all six dice into the pool; the activated die keeps its remaining actions."""
    s = ready(ac)
    s.apply_action(DIE + 1)  # move 2, fire
    s.apply_action(B.LEFT)
    s.apply_action(USE + B.SLAM)
    for _ in range(6):
        assert s.current_player() == CHANCE
        s.apply_action(4)
    assert s.pool == [0, 0, 0, 0, 6, 0]
    assert s.phase == P_GSTEP and B.FIRE in s.legal_actions()


def test_glitch_removes_any_one_mushroom(ac):
    """AC-5.5: Glitch removes a mushroom of the Gnome's choice; without mushrooms it is not offered."""
    s = ready(ac)
    assert USE + B.GLITCH not in s.legal_actions()
    ac.put_mush(s, (5, 5), (7, 1))
    s.apply_action(USE + B.GLITCH)
    assert s.phase == P_GGLITCH and s.legal_actions() == [ac.sq(5, 5), ac.sq(7, 1)]
    s.apply_action(ac.sq(7, 1))
    assert s.board[ac.sq(7, 1)] == B.EMPTY and s.supply == 29


def test_end_of_turn_recharge_only_if_no_card_used(ac):
    """AC-5.6: after a turn without card use the Gnome may recharge one card (ending the turn); after using
    a card it may not."""
    s = ready(ac)
    s.cards[0][B.SLAM] = False
    s.apply_action(DIE + 0)
    s.apply_action(B.LEFT)
    s.apply_action(B.FIRE)
    assert RECH + B.SLAM in s.legal_actions()
    assert s.action_to_string(RECH + B.SLAM).endswith("end the turn")
    s.apply_action(RECH + B.SLAM)
    assert s.cards[0][B.SLAM] is True and s.phase == P_CPLAY and s.current_player() == 1
    s = ready(ac)
    s.cards[0][B.SLAM] = False
    s.apply_action(USE + B.WRIST)
    s.apply_action(B.LEFT)
    s.apply_action(DIE + 0)
    s.apply_action(B.LEFT)
    s.apply_action(B.FIRE)
    assert not [a for a in s.legal_actions() if RECH <= a < B.PLAY_BASE]
