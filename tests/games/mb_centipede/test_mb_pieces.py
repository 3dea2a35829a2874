"""SPIDER/SCORPION and FREE CHOICE (MB-7, MB-8)."""

from __future__ import annotations

import pytest

from boardcade import IllegalActionError


def test_mb_7_1_either_player_may_move_either_piece(mb):
    """MB-7.1: after SPIDER/SCORPION both pieces can be moved; Red may move the Spider Green placed."""
    s = mb.poison(mb.new(), 1)
    mb.spin(s, mb.A.SPIN_PIECES, mb.GREEN)
    legal = s.legal_actions()
    assert mb.A.SPIDER_POISON0 + 1 in legal and mb.A.SCORPION_POISON0 + 0 in legal
    s.apply_action(mb.A.SPIDER_POISON0 + 1)
    assert s._spider == 1 and s.is_chance_node() and s._player == mb.RED
    mb.spin(s, mb.A.SPIN_PIECES)
    assert mb.A.SPIDER_DEN in s.legal_actions()
    s.apply_action(mb.A.SCORPION_POISON0 + 2)  # Red moves the Scorpion instead
    assert s._scorpion == 2 and s._spider == 1


def test_mb_7_2_spider_destinations(mb):
    """MB-7.2: Den, poison mushrooms free of Scorpion and segments, the Spider Space facing the opponent's gun."""
    s = mb.poison(mb.new(), 1, 3, 4)
    s._scorpion = 4
    mb.place(s, mb.GREEN, [mb.B.POISON_IDX[3]])
    s._gun[mb.RED] = 2
    mb.spin(s, mb.A.SPIN_PIECES, mb.GREEN)
    spider = [a for a in s.legal_actions() if a <= mb.A.SPIDER_ATTACK]
    assert spider == [mb.A.SPIDER_POISON0 + 1, mb.A.SPIDER_SPACE0 + 0]
    assert s.action_info(mb.A.SPIDER_SPACE0)["target"] == [3, -2]
    before = s.history()
    with pytest.raises(IllegalActionError, match="Spider or Scorpion cannot go there"):
        s.apply_action(mb.A.SPIDER_POISON0 + 4)
    assert s.history() == before and s._spider == mb.R.DEN
    s.apply_action(mb.A.SPIDER_POISON0 + 1)
    mb.spin(s, mb.A.SPIN_PIECES, mb.GREEN)
    assert mb.A.SPIDER_DEN in s.legal_actions()


def test_mb_7_3_spider_removes_a_mushroom_in_two_steps(mb):
    """MB-7.3: the Spider lands on a mushroom (it stays); the next move of the Spider, by anyone, removes it."""
    s = mb.poison(mb.new(), 1)
    mb.spin(s, mb.A.SPIN_PIECES, mb.GREEN)
    s.apply_action(mb.A.SPIDER_POISON0 + 1)
    assert s._poison[1] and s._supply == 9
    mb.spin(s, mb.A.SPIN_PIECES)  # Red's turn
    s.apply_action(mb.A.SPIDER_DEN)
    assert not s._poison[1] and s._supply == 10 and s._spider == mb.R.DEN
    assert "MB-7.3" in mb.rules_fired(s)


@pytest.mark.parametrize("x", [1, 2, 3, 4, 5])
def test_mb_7_4_attack_from_spider_space_onto_any_of_five_positions(mb, x):
    """MB-7.4 (Figure 4): from the Spider Space the Spider jumps onto the gun on any of the 5 positions of its half;
    the attacker spins again and the attacked gun is disabled."""
    s = mb.new()
    s._gun[mb.RED] = x
    mb.spin(s, mb.A.SPIN_PIECES, mb.GREEN)
    s.apply_action(mb.A.SPIDER_SPACE0 + 0)
    assert mb.A.SPIDER_ATTACK not in s.legal_actions()  # two steps: the turn is over
    assert s.is_chance_node() and s._player == mb.RED
    s.apply_action(mb.A.SPIN_CENTIPEDE)  # Red moves its centipede
    mb.spin(s, mb.A.SPIN_PIECES)
    assert mb.A.SPIDER_ATTACK in s.legal_actions()
    assert s.action_info(mb.A.SPIDER_ATTACK)["target"] == [x, -1]
    turns = s.turns()
    s.apply_action(mb.A.SPIDER_ATTACK)
    assert s._gun_disabled(mb.RED) and s.observation(None)["guns"][1]["disabled"]
    assert s.is_chance_node() and s._player == mb.GREEN and s.turns() == turns  # extra spin for Green


def test_mb_7_4_attack_needs_the_gun_still_on_that_half(mb):
    """MB-7.4: if the opponent moves the gun to the other half, no attack (the other Spider Space is offered)."""
    s = mb.new()
    s._gun[mb.RED] = 2
    s._spider = mb.R.SPACE0 + 0
    s._gun[mb.RED] = 9
    mb.spin(s, mb.A.SPIN_PIECES, mb.GREEN)
    assert mb.A.SPIDER_ATTACK not in s.legal_actions()
    assert mb.A.SPIDER_SPACE0 + 1 in s.legal_actions()


def test_mb_7_5_gun_disabled_until_its_owner_moves_the_spider_off(mb):
    """MB-7.5: Red's gun stays disabled until Red spends SPIDER/SCORPION (or FREE CHOICE) moving the Spider off."""
    s = mb.new()
    s._spider = mb.R.ON_GUN0 + mb.RED
    mb.spin(s, mb.A.SPIN_GUN, mb.RED)
    assert s._player == mb.GREEN  # passed (MB-3.10)
    mb.spin(s, mb.A.SPIN_FREE, mb.RED)
    s.apply_action(mb.A.CHOOSE_PIECES)
    s.apply_action(mb.A.SPIDER_DEN)
    assert not s._gun_disabled(mb.RED) and "MB-7.5" in mb.rules_fired(s)
    mb.spin(s, mb.A.SPIN_GUN, mb.RED)
    assert s.legal_actions() == list(range(11))


def test_mb_7_6_gun_on_safety_space_cannot_be_attacked(mb):
    """MB-7.6: with the opponent's gun on the Safety Space no Spider Space or attack is offered."""
    s = mb.new()
    s._spider = mb.R.SPACE0 + 0  # waiting beside Red's left half
    mb.spin(s, mb.A.SPIN_PIECES, mb.GREEN)
    legal = s.legal_actions()
    assert mb.A.SPIDER_ATTACK not in legal
    assert not any(mb.A.SPIDER_SPACE0 <= a < mb.A.SPIDER_ATTACK for a in legal)


def test_mb_7_7_scorpion_destinations(mb):
    """MB-7.7: the Scorpion goes onto empty poison spaces (no mushroom, segment or Spider) while tokens last."""
    s = mb.poison(mb.new(), 0)
    s._spider = 0
    mb.place(s, mb.GREEN, [mb.B.POISON_IDX[9]])
    mb.spin(s, mb.A.SPIN_PIECES, mb.GREEN)
    scorpion = [a - mb.A.SCORPION_POISON0 for a in s.legal_actions() if a >= mb.A.SCORPION_POISON0]
    assert scorpion == [1, 2, 3, 4, 5, 6, 7, 8]
    assert mb.A.SCORPION_HOLLOW not in s.legal_actions()
    s.apply_action(mb.A.SCORPION_POISON0 + 3)
    assert s._scorpion == 3 and s._poison[3] and s._supply == 8
    s = mb.new()
    s._supply = 0
    s._scorpion = 2
    s._poison[2] = True
    mb.spin(s, mb.A.SPIN_PIECES, mb.GREEN)
    assert [a for a in s.legal_actions() if a >= mb.A.SCORPION_HOLLOW] == [mb.A.SCORPION_HOLLOW]


def test_mb_7_8_moving_the_scorpion_plants_its_mushroom(mb):
    """MB-7.8: the token under the Scorpion is planted when the Scorpion next moves; until then it counts for
    shortcuts but is not yet planted."""
    s = mb.new()
    mb.spin(s, mb.A.SPIN_PIECES, mb.GREEN)
    s.apply_action(mb.A.SCORPION_POISON0 + 5)
    assert s.observation(None)["poison"] == [{"space": 5, "xy": [4, 6], "planted": False}]
    mb.spin(s, mb.A.SPIN_PIECES)  # Red moves it on
    s.apply_action(mb.A.SCORPION_POISON0 + 6)
    assert s._poison[5] and s._poison[6] and s._supply == 8
    planted = {p["space"]: p["planted"] for p in s.observation(None)["poison"]}
    assert planted == {5: True, 6: False}
    mb.spin(s, mb.A.SPIN_PIECES)
    s.apply_action(mb.A.SCORPION_HOLLOW)
    assert s._poison[6] and s._scorpion == mb.R.HOLLOW


def test_mb_8_1_free_choice_offers_gun_centipede_and_pieces(mb):
    """MB-8.1: FREE CHOICE lets the player pick A, B or C and carries it out."""
    s = mb.new()
    mb.spin(s, mb.A.SPIN_FREE)
    assert s.legal_actions() == [mb.A.CHOOSE_GUN, mb.A.CHOOSE_CENTIPEDE, mb.A.CHOOSE_PIECES]
    s.apply_action(mb.A.CHOOSE_GUN)
    assert s.legal_actions() == list(range(11))
    s = mb.new()
    mb.spin(s, mb.A.SPIN_FREE)
    s.apply_action(mb.A.CHOOSE_CENTIPEDE)
    assert mb.segs(s, mb.GREEN)[0] == 5
    s = mb.new()
    mb.spin(s, mb.A.SPIN_FREE)
    s.apply_action(mb.A.CHOOSE_PIECES)
    assert all(a >= mb.A.SPIDER_DEN for a in s.legal_actions())
    s = mb.new()
    s._supply = 0
    mb.spin(s, mb.A.SPIN_FREE)
    assert s.legal_actions() == [mb.A.CHOOSE_GUN, mb.A.CHOOSE_CENTIPEDE]  # no piece can move


def test_mb_8_1_free_choice_attack_with_spider(mb):
    """MB-8.1 / MB-7.4: the second step of an attack may be made with a FREE CHOICE."""
    s = mb.new()
    s._gun[mb.RED] = 10
    s._spider = mb.R.SPACE0 + 1
    mb.spin(s, mb.A.SPIN_FREE, mb.GREEN)
    s.apply_action(mb.A.CHOOSE_PIECES)
    s.apply_action(mb.A.SPIDER_ATTACK)
    assert s._gun_disabled(mb.RED) and s._player == mb.GREEN and s.is_chance_node()
