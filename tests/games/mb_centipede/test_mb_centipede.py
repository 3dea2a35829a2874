"""CENTIPEDE: moving, the shortcut, meeting, entering the goal and winning (MB-4, MB-5, MB-6, MB-9.1, MB-9.2).

Path indexes count spaces in Green's direction: 0 = (0,9) beside Green's home base ... 86 = (12,1).
"""

from __future__ import annotations

import pytest

from boardcade import IllegalActionError
from boardcade.testing import act, choices, scenario


def move(**description):
    return scenario("mb_centipede", spin="CENTIPEDE", **description)


def test_mb_4_1_all_six_live_move_six_spaces(mb):
    """MB-4.1 (rulebook example): all six segments live, the centipede moves six spaces out of its home base."""
    s = move()
    assert mb.pos(s, mb.GREEN) == [5, 4, 3, 2, 1, 0]
    assert mb.xys(s, mb.GREEN)[0] == (0, 4)
    assert s.is_chance_node() and mb.obs(s)["player"] == mb.RED


def test_mb_4_1_one_space_per_live_segment(mb):
    """MB-4.1: with two dead body segments Red moves four spaces (up column 6 toward (6,1))."""
    s = move(to_move="red", red={"head": (6, 8)}, red_dead=[2, 5])
    assert mb.xys(s, mb.RED)[0] == (6, 4)


def test_mb_4_2_dead_head_revives_instead_of_moving(mb):
    """MB-4.2: a dead head cannot move; spinning CENTIPEDE turns it live and ends the turn."""
    s = move(green={"head": 20}, green_dead=[0, 1])
    assert mb.pos(s, mb.GREEN)[0] == 20
    assert mb.alive(s, mb.GREEN) == [True, False, True, True, True, True]
    assert s.is_chance_node() and mb.obs(s)["player"] == mb.RED and "MB-4.2" in mb.rules(s)


def test_mb_4_3_centipede_spin_never_revives_a_body_segment(mb):
    """MB-4.3: with a live head and a dead body segment, CENTIPEDE moves (5 spaces) and the body stays dead."""
    s = move(green={"head": 40}, green_dead=[3])
    assert mb.pos(s, mb.GREEN)[0] == 45
    assert mb.alive(s, mb.GREEN) == [True, True, True, False, True, True]


def test_mb_4_4_segments_follow_the_trail_and_leave_home_one_by_one(mb):
    """MB-4.4: three live segments move three spaces: the head, then one segment per step out of the home base."""
    s = move(green_dead=[3, 4, 5])
    assert mb.pos(s, mb.GREEN) == [2, 1, 0, "home", "home", "home"]
    segs = mb.obs(s)["centipedes"][0]["segments"]
    assert [seg["at"] for seg in segs] == ["path"] * 3 + ["home"] * 3


def test_mb_4_5_head_sends_spider_home_mushroom_stays(mb):
    """MB-4.5: declining the shortcut, Green's head enters (2,4) under the Spider: Spider to Den, mushroom stays."""
    s = move(green={"head": (2, 3)}, green_dead=[1, 2, 3, 4, 5], poison=[(2, 4)], spider=(2, 4))
    act(s, "no_shortcut")
    assert mb.xys(s, mb.GREEN)[0] == (2, 4)
    assert mb.obs(s)["spider"]["at"] == "den" and mb.poison(s) == {(2, 4): True} and "MB-4.5" in mb.rules(s)


def test_mb_4_5_head_sends_scorpion_home_with_its_token(mb):
    """MB-4.5: the Scorpion met by a head goes to its Hollow and its unplanted mushroom goes with it."""
    s = move(green={"head": (2, 3)}, green_dead=[1, 2, 3, 4, 5], scorpion=(2, 4))
    act(s, "no_shortcut")
    assert mb.obs(s)["scorpion"]["at"] == "hollow" and mb.poison(s) == {} and mb.obs(s)["supply"] == 10


def test_mb_5_1_shortcut_offered_when_next_space_holds_poison(mb):
    """MB-5.1: Green's head at (2,3), going down column 2, with a poison mushroom at (2,4) next: its owner decides;
    the shortcut lands on the poison mushroom's line in the next column, (4,4)."""
    s = move(green={"head": (2, 3)}, poison=[(2, 4)])
    assert s.current_player() == mb.GREEN
    assert [c["kind"] for c in choices(s)] == ["shortcut", "no_shortcut"]
    assert s.action_info(s.legal_actions()[0])["target"] == [4, 4]
    assert s.action_info(s.legal_actions()[1])["target"] == [2, 4]
    assert mb.obs(s)["moves_left"] == 6 and mb.obs(s)["phase"] == "shortcut"


@pytest.mark.parametrize("piece", ["spider", "scorpion"])
def test_mb_5_1_mushroom_under_spider_or_scorpion_counts(mb, piece):
    """MB-5.1: a poison mushroom under the Spider or the Scorpion also opens the shortcut."""
    if piece == "spider":
        s = move(green={"head": (2, 3)}, poison=[(2, 4)], spider=(2, 4))
    else:
        s = move(green={"head": (2, 3)}, scorpion=(2, 4))
    assert [c["kind"] for c in choices(s)] == ["shortcut", "no_shortcut"]


def test_mb_5_1_no_shortcut_without_a_mushroom_or_sideways(mb):
    """MB-5.1: an empty poison space, or a mushroom that is not the head's next space, offers nothing."""
    s = move(green={"head": (2, 3)})
    assert s.is_chance_node() and mb.xys(s, mb.GREEN)[0] == (2, 9)
    s = move(green={"head": (0, 4)}, green_dead=[3, 4, 5], poison=[(2, 4)])  # (2,4) is beside, not ahead
    assert s.is_chance_node() and mb.xys(s, mb.GREEN)[0] == (0, 1)


def test_mb_5_1_an_opponent_segment_on_the_poison_mushroom_is_a_meeting_not_a_shortcut(mb):
    """MB-5.1 with MB-6.1 (MB-D20): Red's segment stands on the poison mushroom at (2,4), Green's next space. The
    centipedes meet (rulebook 7) whatever lies under the segment: no shortcut is offered, Green jumps Red's
    segment and lands on the six spaces beyond it; the mushroom under Red stays."""
    s = move(green={"head": (2, 3)}, red=[(2, 4)], poison=[(2, 4)])
    assert s.is_chance_node() and "MB-6.1" in mb.rules(s) and "MB-5.2" not in mb.rules(s)
    assert mb.pos(s, mb.GREEN) == [22, 21, 20, 19, 18, 17] and mb.pos(s, mb.RED)[0] == 16
    assert mb.poison(s) == {(2, 4): True} and s.stats()["meetings"] == 1


def test_mb_5_1_rules_version_2_offered_the_shortcut_over_an_opponent_segment(mb):
    """Rules version 2 (option shortcut_under_opponent, its legacy reading) offered the shortcut there."""
    s = move(green={"head": (2, 3)}, red=[(2, 4)], poison=[(2, 4)], options={"shortcut_under_opponent": True})
    assert [c["kind"] for c in choices(s)] == ["shortcut", "no_shortcut"]


def test_mb_5_2_green_shortcut_crosses_to_the_next_column_and_goes_on(mb):
    """MB-5.2 / MB-4.4: Green's head jumps (2,3) -> across (3,4) -> (4,4) as one space, then goes on up column 4;
    the body follows the head's trail."""
    s = move(green={"head": (2, 3)}, green_dead=[3, 4, 5], poison=[(2, 4)])
    act(s, "shortcut")
    assert mb.xys(s, mb.GREEN) == [(4, 2), (4, 3), (4, 4), (2, 3), (2, 2), (2, 1)]
    assert mb.poison(s) == {(2, 4): True}  # MB-5.4: the mushroom stays
    assert s.is_chance_node() and mb.obs(s)["player"] == mb.RED
    assert "MB-5.2" in mb.rules(s) and s.stats()["shortcuts_green"] == 1


def test_mb_5_2_red_shortcut_crosses_to_the_next_column_toward_its_goal(mb):
    """MB-5.2: Red's head goes up column 2 from (2,5); with a poison mushroom at (2,4) it crosses to (0,4) (x - 2)
    and goes on down column 0 toward its goal."""
    s = move(to_move="red", red={"head": (2, 5)}, red_dead=[3, 4, 5], poison=[(2, 4)])
    assert s.action_info(s.legal_actions()[0])["target"] == [0, 4]
    act(s, "shortcut")
    assert mb.xys(s, mb.RED)[:3] == [(0, 6), (0, 5), (0, 4)]
    assert s.stats()["shortcuts_red"] == 1 and s.stats()["shortcuts"] == 1


def test_mb_5_3_declining_enters_the_mushroom_space(mb):
    """MB-5.3 / MB-5.4: declining, the head steps onto (2,4) and goes on down column 2; the mushroom stays."""
    s = move(green={"head": (2, 3)}, green_dead=[3, 4, 5], poison=[(2, 4)])
    act(s, "no_shortcut")
    assert mb.xys(s, mb.GREEN)[:3] == [(2, 6), (2, 5), (2, 4)]
    assert mb.poison(s) == {(2, 4): True} and s.stats()["shortcuts_declined"] == 1


def test_mb_5_4_shortcut_landing_is_entered_like_any_space(mb):
    """MB-5.4: landing on (4,4) where the Scorpion stands sends it to its Hollow with its token."""
    s = move(green={"head": (2, 3)}, green_dead=[1, 2, 3, 4, 5], poison=[(2, 4)], scorpion=(4, 4))
    act(s, "shortcut")
    assert mb.xys(s, mb.GREEN)[0] == (4, 4)
    assert mb.obs(s)["scorpion"]["at"] == "hollow" and mb.poison(s) == {(2, 4): True}


def test_mb_5_shortcut_decision_rejects_other_actions(mb):
    """MB-5.1: at a shortcut decision only take/decline are legal; anything else leaves the state unchanged."""
    s = move(green={"head": (2, 3)}, poison=[(2, 4)])
    before = (s.history(), mb.obs(s))
    with pytest.raises(IllegalActionError, match="shortcut"):
        s.apply_action(0)
    assert (s.history(), mb.obs(s)) == before


def test_mb_6_1_meeting_jumps_the_opponent_and_ends_the_move(mb):
    """MB-6.1 (Figure 5): Green meets Red's head and lands on the six spaces beyond Red's tail, head farthest."""
    s = move(red={"head": 12}, green={"head": 10})  # Red on 12..17 (curve and column 2), its tail at 17
    assert mb.pos(s, mb.GREEN) == [23, 22, 21, 20, 19, 18]
    assert mb.pos(s, mb.RED) == [12, 13, 14, 15, 16, 17]
    assert s.is_chance_node() and mb.obs(s)["player"] == mb.RED and "MB-6.1" in mb.rules(s)
    assert s.stats()["meetings"] == 1


def test_mb_6_1_meeting_at_a_shortcut_landing(mb):
    """MB-6.1: Red segments on the shortcut landing (4,4) and beyond make Green jump them from there."""
    landing = 31  # (4,4)
    s = move(red=[landing, landing + 1, landing + 2], green={"head": (2, 3)}, poison=[(2, 4)])
    act(s, "shortcut")
    assert mb.pos(s, mb.GREEN) == [39, 38, 37, 36, 35, 34]


def test_mb_6_2_partial_overlap_only_segments_directly_ahead_are_jumped(mb):
    """MB-6.2 (Figure 6): Red's head took a shortcut to (4,4); its body is elsewhere: Green jumps the head only."""
    red = [31, 45, 46, 47, 48, 49]
    s = move(red=red, green={"head": 29})
    assert mb.pos(s, mb.GREEN) == [37, 36, 35, 34, 33, 32]
    assert mb.pos(s, mb.RED) == red


def test_mb_6_2_centipede_on_a_curve_meets_and_jumps(mb):
    """MB-6.2 (Figure 7): a centipede turning around a plug-in on a curve runs into the opponent and lands beyond."""
    s = move(green={"head": (0.7, 0)}, red={"head": (2, 1)})
    assert mb.pos(s, mb.GREEN) == [24, 23, 22, 21, 20, 19]


def test_mb_6_3_landing_spaces_are_cleared(mb):
    """MB-6.3: on the landing spaces a poison mushroom goes, the Spider to its Den, the Scorpion to its Hollow."""
    s = move(red={"head": 12}, green={"head": 10}, poison=[(2, 8), (2, 4)], spider=(2, 8))  # (2,8) = 20 lands
    assert mb.obs(s)["spider"]["at"] == "den" and mb.poison(s) == {(2, 4): True} and "MB-6.3" in mb.rules(s)
    s = move(red={"head": 12}, green={"head": 10}, scorpion=(2, 8))
    assert mb.obs(s)["scorpion"]["at"] == "hollow" and mb.poison(s) == {} and mb.obs(s)["supply"] == 10


def test_mb_6_4_landing_skips_further_opponent_segments(mb):
    """MB-6.4: a landing space holding another opponent segment is jumped as well."""
    s = move(red=[30, 32, 33], green={"head": 29})
    assert mb.pos(s, mb.GREEN) == [38, 37, 36, 35, 34, 31]


def test_mb_6_4_landing_beyond_the_path_is_the_goal(mb):
    """MB-6.4 / MB-9.2: Red's segments fill the last spaces; Green jumps them into Red's home base and wins."""
    s = move(red=[84, 85, 86], green={"head": 82})
    assert mb.pos(s, mb.GREEN) == ["goal"] * 6
    assert s.is_terminal() and s.returns() == [1.0, -1.0]


def test_mb_9_1_goal_entered_without_exact_count(mb):
    """MB-9.1: the head enters the goal with steps to spare; the spare steps pull the body in after it."""
    s = move(green={"head": 85})
    assert mb.pos(s, mb.GREEN) == ["goal"] * 5 + [86]
    assert not s.is_terminal()
    segs = s.observation(1)["centipedes"][0]["segments"]
    assert [seg["at"] for seg in segs] == ["goal"] * 5 + ["path"]
    assert all(seg["xy"] == mb.obs(s)["board"]["home"][1] for seg in segs[:5])  # drawn in Red's home base


def test_mb_9_2_all_six_in_the_goal_wins(mb):
    """MB-9.2: the last segment enters the opponent's home base: that player wins; spare steps are lost."""
    s = move(green=["goal"] * 5 + [86])
    assert s.is_terminal() and s.returns() == [1.0, -1.0]
    assert s.events()[-1].rule == "MB-9.2" and s.legal_actions() == []
    assert all(seg["at"] == "goal" for seg in mb.obs(s)["centipedes"][0]["segments"])
    s = move(to_move="red", red=["goal", "goal", "goal", 0, 1, 2])  # Red's goal is Green's home base
    assert s.is_terminal() and s.returns() == [-1.0, 1.0]
