"""CENTIPEDE: moving, the shortcut, meeting, entering the goal and winning (MB-4, MB-5, MB-6, MB-9.1, MB-9.2)."""

from __future__ import annotations

import pytest

from boardcade import IllegalActionError


def test_mb_4_1_all_six_live_move_six_spaces(mb):
    """MB-4.1 (rulebook example): all six segments live, the centipede moves six spaces."""
    s = mb.new()
    mb.spin(s, mb.A.SPIN_CENTIPEDE)
    assert mb.segs(s, mb.GREEN) == [5, 4, 3, 2, 1, 0]
    assert s.is_chance_node() and s._player == mb.RED


def test_mb_4_1_one_space_per_live_segment(mb):
    """MB-4.1: with two dead body segments the centipede moves four spaces."""
    s = mb.new()
    mb.place(s, mb.RED, mb.trail(mb.RED, mb.at(6, 0)), dead=(2, 5))
    mb.spin(s, mb.A.SPIN_CENTIPEDE, mb.RED)
    assert mb.segs(s, mb.RED)[0] == mb.at(10, 0)


def test_mb_4_2_dead_head_revives_instead_of_moving(mb):
    """MB-4.2: a dead head cannot move; spinning CENTIPEDE turns it live and ends the turn."""
    s = mb.new()
    mb.place(s, mb.GREEN, mb.trail(mb.GREEN, 20), dead=(0, 1))
    mb.spin(s, mb.A.SPIN_CENTIPEDE, mb.GREEN)
    assert mb.segs(s, mb.GREEN)[0] == 20
    assert mb.alive(s, mb.GREEN) == [True, False, True, True, True, True]
    assert s.is_chance_node() and s._player == mb.RED and "MB-4.2" in mb.rules_fired(s)


def test_mb_4_3_centipede_spin_never_revives_a_body_segment(mb):
    """MB-4.3: with a live head and a dead body segment, CENTIPEDE moves (5 spaces) and the body stays dead."""
    s = mb.new()
    mb.place(s, mb.GREEN, mb.trail(mb.GREEN, 20), dead=(3,))
    mb.spin(s, mb.A.SPIN_CENTIPEDE, mb.GREEN)
    assert mb.segs(s, mb.GREEN)[0] == 25
    assert mb.alive(s, mb.GREEN) == [True, True, True, False, True, True]


def test_mb_4_4_segments_follow_the_trail_and_leave_home_one_by_one(mb):
    """MB-4.4: three live segments move three spaces: head, then one segment per step out of the home base."""
    s = mb.new()
    mb.place(s, mb.GREEN, [], dead=(3, 4, 5))
    mb.spin(s, mb.A.SPIN_CENTIPEDE)
    H = mb.B.HOME[mb.GREEN]
    assert mb.segs(s, mb.GREEN) == [2, 1, 0, H, H, H]
    obs = s.observation(None)["centipedes"][0]["segments"]
    assert [seg["at"] for seg in obs] == ["path"] * 3 + ["home"] * 3


def test_mb_4_5_head_sends_spider_home_mushroom_stays(mb):
    """MB-4.5: Red's head enters (6,10) holding the Spider on a mushroom: Spider to Den, mushroom stays."""
    s = mb.poison(mb.new(), 9)
    s._spider = 9
    mb.place(s, mb.RED, mb.trail(mb.RED, mb.at(8, 10)))  # Red's last row: no shortcut
    mb.spin(s, mb.A.SPIN_CENTIPEDE, mb.RED)
    assert s._spider == mb.R.DEN and s._poison[9]
    assert mb.segs(s, mb.RED)[0] == mb.at(2, 10)


def test_mb_4_5_head_sends_scorpion_home_with_its_token(mb):
    """MB-4.5: the Scorpion hit by a head goes to its Hollow and its unplanted mushroom goes with it."""
    s = mb.poison(mb.new(), 9)
    s._scorpion = 9
    mb.place(s, mb.RED, mb.trail(mb.RED, mb.at(8, 10)))
    mb.spin(s, mb.A.SPIN_CENTIPEDE, mb.RED)
    assert s._scorpion == mb.R.HOLLOW and not s._poison[9] and s._supply == 10


def test_mb_5_1_shortcut_offered_when_next_space_holds_poison(mb):
    """MB-5.1: the head at (5,10) with a poison mushroom at (6,10) ahead: its owner decides."""
    s = mb.poison(mb.new(), 9)
    mb.place(s, mb.GREEN, mb.trail(mb.GREEN, mb.at(5, 10), 5))
    mb.spin(s, mb.A.SPIN_CENTIPEDE)
    assert s.current_player() == mb.GREEN
    assert s.legal_actions() == [mb.A.SHORTCUT_TAKE, mb.A.SHORTCUT_DECLINE]
    assert s.action_info(mb.A.SHORTCUT_TAKE)["target"] == [5, 8]
    assert s.observation(0)["moves_left"] == 6


@pytest.mark.parametrize("piece", ["spider", "scorpion"])
def test_mb_5_1_mushroom_under_spider_or_scorpion_counts(mb, piece):
    """MB-5.1: a poison mushroom under the Spider or the Scorpion also opens the shortcut."""
    s = mb.poison(mb.new(), 9)
    setattr(s, "_" + piece, 9)
    mb.place(s, mb.GREEN, mb.trail(mb.GREEN, mb.at(5, 10), 5))
    mb.spin(s, mb.A.SPIN_CENTIPEDE)
    assert s.legal_actions() == [mb.A.SHORTCUT_TAKE, mb.A.SHORTCUT_DECLINE]


def test_mb_5_1_no_shortcut_on_the_last_row(mb):
    """MB-5.1: Green on row 0 (its last row) walks onto the poison mushroom at (6,0) without a choice."""
    s = mb.poison(mb.new(), 0)
    mb.place(s, mb.GREEN, mb.trail(mb.GREEN, mb.at(8, 0)))
    mb.spin(s, mb.A.SPIN_CENTIPEDE)
    assert s.is_chance_node()
    assert mb.segs(s, mb.GREEN)[0] == mb.at(2, 0) and s._poison[0]


def test_mb_5_2_shortcut_crosses_to_the_next_row_and_goes_on(mb):
    """MB-5.2 / MB-4.4: the head jumps (5,10)->(5,8) as one space, then runs left on row 8; the body follows."""
    s = mb.poison(mb.new(), 9)
    mb.place(s, mb.GREEN, mb.trail(mb.GREEN, mb.at(5, 10), 5), dead=(3, 4, 5))
    mb.spin(s, mb.A.SPIN_CENTIPEDE)
    s.apply_action(mb.A.SHORTCUT_TAKE)
    assert mb.segs(s, mb.GREEN) == [mb.at(3, 8), mb.at(4, 8), mb.at(5, 8), mb.at(5, 10), mb.at(4, 10), mb.at(3, 10)]
    assert s._poison[9]  # MB-5.4: the mushroom stays
    assert s.is_chance_node() and s._player == mb.RED


def test_mb_5_3_declining_enters_the_mushroom_space(mb):
    """MB-5.3 / MB-5.4: declining, the head steps onto (6,10) and goes on along row 10; the mushroom stays."""
    s = mb.poison(mb.new(), 9)
    mb.place(s, mb.GREEN, mb.trail(mb.GREEN, mb.at(5, 10), 5), dead=(3, 4, 5))
    mb.spin(s, mb.A.SPIN_CENTIPEDE)
    s.apply_action(mb.A.SHORTCUT_DECLINE)
    assert mb.segs(s, mb.GREEN)[:3] == [mb.at(8, 10), mb.at(7, 10), mb.at(6, 10)]
    assert s._poison[9]


def test_mb_5_4_shortcut_landing_is_entered_like_any_space(mb):
    """MB-5.4: landing on (4,6) where the Scorpion stands sends it to its Hollow with its token."""
    s = mb.poison(mb.new(), 7, 5)  # (3,8) ahead of the head, (4,6) the landing
    s._scorpion = 5
    mb.place(s, mb.GREEN, mb.trail(mb.GREEN, mb.at(4, 8), 1), dead=(1, 2, 3, 4, 5))
    mb.spin(s, mb.A.SPIN_CENTIPEDE)
    s.apply_action(mb.A.SHORTCUT_TAKE)
    assert mb.segs(s, mb.GREEN)[0] == mb.at(4, 6)
    assert s._scorpion == mb.R.HOLLOW and not s._poison[5] and s._poison[7]


def test_mb_5_shortcut_decision_rejects_other_actions(mb):
    """MB-5.1: at a shortcut decision only take/decline are legal; anything else leaves the state unchanged."""
    s = mb.poison(mb.new(), 9)
    mb.place(s, mb.GREEN, mb.trail(mb.GREEN, mb.at(5, 10), 5))
    mb.spin(s, mb.A.SPIN_CENTIPEDE)
    before = (s.history(), list(s._seg))
    with pytest.raises(IllegalActionError, match="shortcut"):
        s.apply_action(mb.A.GUN0)
    assert (s.history(), list(s._seg)) == before


def test_mb_6_1_meeting_jumps_the_opponent_and_ends_the_move(mb):
    """MB-6.1 (Figure 5): Green meets Red's head and lands on the six spaces beyond Red's tail, head farthest."""
    s = mb.new()
    mb.place(s, mb.RED, mb.trail(mb.RED, 12))  # Red on 12..17 (curve and row 8), tail at 17
    mb.place(s, mb.GREEN, mb.trail(mb.GREEN, 10))
    mb.spin(s, mb.A.SPIN_CENTIPEDE)
    assert mb.segs(s, mb.GREEN) == [23, 22, 21, 20, 19, 18]
    assert mb.segs(s, mb.RED) == [12, 13, 14, 15, 16, 17]
    assert s.is_chance_node() and s._player == mb.RED and "MB-6.1" in mb.rules_fired(s)


def test_mb_6_1_meeting_at_a_shortcut_landing(mb):
    """MB-6.1: a Red segment on the shortcut landing (5,8) makes Green jump it from there."""
    s = mb.poison(mb.new(), 9)
    mb.place(s, mb.RED, [mb.at(5, 8)] + [mb.at(x, 8) for x in (6, 7)])
    mb.place(s, mb.GREEN, mb.trail(mb.GREEN, mb.at(5, 10), 5))
    mb.spin(s, mb.A.SPIN_CENTIPEDE)
    s.apply_action(mb.A.SHORTCUT_TAKE)
    assert mb.segs(s, mb.GREEN)[0] == mb.at(5, 8) + 6 and mb.segs(s, mb.GREEN)[5] == mb.at(4, 8)


def test_mb_6_2_partial_overlap_only_segments_directly_ahead_are_jumped(mb):
    """MB-6.2 (Figure 6): Red's head took a shortcut to (4,4), its body is on row 2; Green jumps the head only."""
    s = mb.new()
    red = [mb.at(4, 4)] + [mb.at(x, 2) for x in (4, 5, 6, 7, 8)]
    mb.place(s, mb.RED, red)
    mb.place(s, mb.GREEN, mb.trail(mb.GREEN, mb.at(6, 4)))
    mb.spin(s, mb.A.SPIN_CENTIPEDE)
    head = mb.at(4, 4)
    assert mb.segs(s, mb.GREEN) == [head + 6, head + 5, head + 4, head + 3, head + 2, head + 1]
    assert mb.segs(s, mb.RED) == red


def test_mb_6_2_centipede_on_a_curve_meets_and_jumps(mb):
    """MB-6.2 (Figure 7): a centipede turning on a curve runs into the opponent and lands beyond its tail."""
    s = mb.new()
    mb.place(s, mb.GREEN, mb.trail(mb.GREEN, 12))  # head on the first right curve
    mb.place(s, mb.RED, mb.trail(mb.RED, 15))  # Red on row 8 from (11,8)
    mb.spin(s, mb.A.SPIN_CENTIPEDE)
    assert mb.segs(s, mb.GREEN) == [26, 25, 24, 23, 22, 21]


def test_mb_6_3_landing_spaces_are_cleared(mb):
    """MB-6.3: on the landing spaces the poison mushroom goes, the Spider goes to its Den, the Scorpion home."""
    s = mb.poison(mb.new(), 7, 8)  # (3,8) = 23 and (9,8) = 17
    s._spider = 7
    s._scorpion = 8
    mb.place(s, mb.RED, mb.trail(mb.RED, 12, 5))  # Red on 12..16
    mb.place(s, mb.GREEN, mb.trail(mb.GREEN, 10))
    mb.spin(s, mb.A.SPIN_CENTIPEDE)
    assert mb.segs(s, mb.GREEN) == [22, 21, 20, 19, 18, 17]
    assert s._scorpion == mb.R.HOLLOW and not s._poison[8]
    assert s._spider == 7 and s._poison[7]  # (3,8) is not a landing space: untouched
    s = mb.poison(mb.new(), 7)
    s._spider = 7
    mb.place(s, mb.RED, mb.trail(mb.RED, 12))
    mb.place(s, mb.GREEN, mb.trail(mb.GREEN, 10))
    mb.spin(s, mb.A.SPIN_CENTIPEDE)
    assert s._spider == mb.R.DEN and not s._poison[7] and s._supply == 10


def test_mb_6_4_landing_skips_further_opponent_segments(mb):
    """MB-6.4: a landing space holding another opponent segment is jumped as well."""
    s = mb.new()
    mb.place(s, mb.RED, [30, 32, 33])
    mb.place(s, mb.GREEN, mb.trail(mb.GREEN, 29))
    mb.spin(s, mb.A.SPIN_CENTIPEDE)
    assert mb.segs(s, mb.GREEN) == [38, 37, 36, 35, 34, 31]


def test_mb_6_4_landing_beyond_the_path_is_the_goal(mb):
    """MB-6.4 / MB-9.2: Red's segments fill the last spaces; Green jumps them into Red's home base and wins."""
    s = mb.new()
    mb.place(s, mb.RED, [83, 84, 85])  # the rest of Red still in its home base
    mb.place(s, mb.GREEN, mb.trail(mb.GREEN, 81))
    mb.spin(s, mb.A.SPIN_CENTIPEDE)
    assert mb.segs(s, mb.GREEN) == [mb.B.GOAL[mb.GREEN]] * 6
    assert s.is_terminal() and s.returns() == [1.0, -1.0]


def test_mb_9_1_goal_entered_without_exact_count(mb):
    """MB-9.1: the head enters the goal with steps to spare; the spare steps pull the body in after it."""
    s = mb.new()
    mb.place(s, mb.GREEN, mb.trail(mb.GREEN, 84))
    mb.spin(s, mb.A.SPIN_CENTIPEDE)
    G = mb.B.GOAL[mb.GREEN]
    assert mb.segs(s, mb.GREEN) == [G, G, G, G, G, 85]
    assert not s.is_terminal()
    obs = s.observation(1)["centipedes"][0]["segments"]
    assert [seg["at"] for seg in obs] == ["goal"] * 5 + ["path"]


def test_mb_9_2_all_six_in_the_goal_wins(mb):
    """MB-9.2: the last segment enters Red's home base: Green wins; spare steps are lost."""
    s = mb.new()
    G = mb.B.GOAL[mb.GREEN]
    mb.place(s, mb.GREEN, [G, G, G, G, G, 85])
    mb.spin(s, mb.A.SPIN_CENTIPEDE)
    assert s.is_terminal() and s.returns() == [1.0, -1.0]
    assert s.events()[-1].rule == "MB-9.2" and s.legal_actions() == []
    s = mb.new()
    mb.place(s, mb.RED, [-1, -1, -1, 0, 1, 2])  # Red's goal is Green's home base (-1)
    mb.spin(s, mb.A.SPIN_CENTIPEDE, mb.RED)
    assert s.is_terminal() and s.returns() == [-1.0, 1.0]
