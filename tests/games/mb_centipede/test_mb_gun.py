"""GUN: moving, firing along the lines, and what a shot does (MB-3)."""

from __future__ import annotations

import pytest

from boardcade import IllegalActionError
from boardcade.testing import act, choices, scenario


def test_mb_3_1_move_to_a_different_position_then_fire(mb):
    """MB-3.1: after GUN every other position of the Firing Line is offered (staying put is not a move); the gun
    moves there, then fires."""
    s = scenario("mb_centipede", spin="GUN")
    offered = [(c["kind"], c["args"]["position"]) for c in choices(s)]
    assert offered == [("gun", k) for k in range(11) if k != 5]
    assert s.action_info(s.legal_actions()[0])["target"] == [-1, 0]
    with pytest.raises(IllegalActionError, match="different position"):
        s.apply_action(5)  # the gun's own position
    act(s, "gun", position=2)
    assert mb.obs(s)["guns"][0]["position"] == 2 and mb.obs(s)["guns"][0]["xy"] == [-1, 2]
    assert mb.rules(s)[-2:] == ["MB-3.1", "MB-3.13"]  # moved, then fired (across the open line 2)
    assert mb.obs(s)["player"] == mb.RED and s.is_chance_node()


def test_mb_3_2_shot_stops_at_the_first_object_along_its_line(mb):
    """MB-3.2: Green fires right along line 4: Red's segment at (4,4) is hit, the one at (8,4) behind it is not;
    Red fires left: Green's segment at (10,4) is hit before the one at (6,4)."""
    s = mb.gun(4, red=[(4, 4), (4, 3), (4, 2), (4, 1), (8, 4)])
    assert mb.alive(s, mb.RED) == [False, True, True, True, True, True]
    s = mb.gun(4, to_move="red", green=[(10, 4), (10, 3), (6, 4)])
    assert mb.alive(s, mb.GREEN) == [False, True, True, True, True, True]


def test_mb_3_3_hit_kills_opponent_segment_and_shooter_may_revive_one(mb):
    """MB-3.3: the hit segment is dead; the shooter then revives any one of its own dead segments (or none)."""
    s = scenario("mb_centipede", red={"head": (4, 8)}, green={"head": (10, 4)}, green_dead=[0, 3], spin="GUN")
    act(s, "gun", position=8)
    assert mb.alive(s, mb.RED)[0] is False and "MB-3.3" in mb.rules(s)
    assert s.current_player() == mb.GREEN
    assert [(c["kind"], c["args"]) for c in choices(s)] == [
        ("revive", {"segment": 0}),
        ("revive", {"segment": 3}),
        ("revive_none", {}),
    ]
    assert s.action_info(s.legal_actions()[1])["target"] == list(mb.xys(s, mb.GREEN)[3])
    act(s, "revive", segment=3)
    assert mb.alive(s, mb.GREEN) == [False, True, True, True, True, True]
    assert s.is_chance_node() and mb.obs(s)["player"] == mb.RED


def test_mb_3_3_dead_segment_hit_again_still_earns_a_revival(mb):
    """MB-3.3: hitting an already dead opponent segment still lets the shooter revive one of its own."""
    s = scenario(
        "mb_centipede", red={"head": (4, 8)}, red_dead=[0], green={"head": (10, 4)}, green_dead=[2], spin="GUN"
    )
    act(s, "gun", position=8)
    assert [c["kind"] for c in choices(s)] == ["revive", "revive_none"]
    act(s, "revive_none")
    assert mb.alive(s, mb.GREEN)[2] is False and mb.alive(s, mb.RED)[0] is False


def test_mb_3_3_no_revival_decision_without_own_dead_segments(mb):
    """MB-3.3: with all own segments live there is nothing to revive; the turn ends at once."""
    s = mb.gun(8, red={"head": (4, 8)})
    assert s.is_chance_node() and mb.obs(s)["player"] == mb.RED


def test_mb_3_4_shot_removes_poison_mushroom(mb):
    """MB-3.4: a poison mushroom hit is removed and its token goes back to the supply (MB-1.5)."""
    s = mb.gun(4, poison=[(2, 4)])
    assert mb.poison(s) == {} and mb.obs(s)["supply"] == 10 and "MB-3.4" in mb.rules(s)


def test_mb_3_5_shot_spider_goes_to_den_mushroom_stays(mb):
    """MB-3.5: the Spider standing on a poison mushroom is sent to its Den; the mushroom stays."""
    s = mb.gun(4, poison=[(2, 4)], spider=(2, 4))
    assert mb.obs(s)["spider"]["at"] == "den" and mb.poison(s) == {(2, 4): True} and "MB-3.5" in mb.rules(s)


def test_mb_3_6_shot_scorpion_goes_to_hollow_with_its_token(mb):
    """MB-3.6: Red fires left along line 2: the Scorpion at (8,2) goes to its Hollow, its unplanted mushroom is
    removed."""
    s = mb.gun(2, to_move="red", scorpion=(8, 2))
    assert mb.obs(s)["scorpion"]["at"] == "hollow" and mb.poison(s) == {} and mb.obs(s)["supply"] == 10
    assert "MB-3.6" in mb.rules(s)


def test_mb_3_7_plug_in_and_own_segment_absorb_the_shot(mb):
    """MB-3.7: a plug-in mushroom or a segment of the shooter's own centipede: nothing happens."""
    s = mb.gun(7, red=[(4, 7)])  # line 7: (0,7), then the plug-in at (1,7) shields Red
    assert all(mb.alive(s, mb.RED)) and mb.rules(s)[-1] == "MB-3.7" and "plug-in" in mb.texts(s)[-1]
    s = mb.gun(6, green=[(0, 6)], red=[(4, 6)])
    assert all(mb.alive(s, mb.RED)) and all(mb.alive(s, mb.GREEN))
    assert mb.rules(s)[-1] == "MB-3.7" and "own segment" in mb.texts(s)[-1]


def test_mb_3_8_segment_on_a_poison_mushroom_is_hit_first(mb):
    """MB-3.8: a segment standing on a poison mushroom takes the shot; the mushroom stays."""
    s = mb.gun(4, poison=[(2, 4)], red=[(2, 4)])
    assert mb.alive(s, mb.RED)[0] is False and mb.poison(s) == {(2, 4): True}


def test_mb_3_9_spider_on_the_opponent_gun_can_be_shot_off(mb):
    """MB-3.9: a shot reaching the opponent's gun with the Spider on it sends the Spider to its Den."""
    s = mb.gun(4, red_gun=4, spider="red_gun")
    assert mb.obs(s)["spider"]["at"] == "den" and not mb.obs(s)["guns"][1]["disabled"]
    assert "MB-3.9" in mb.rules(s) and s.stats()["shot_spider_on_gun"] == 1


def test_mb_3_10_disabled_gun_cannot_move_or_fire(mb):
    """MB-3.10: with the Spider on Green's gun, GUN passes and FREE CHOICE does not offer the gun."""
    s = scenario("mb_centipede", green_gun=3, spider="green_gun", spin="GUN")
    assert s.is_chance_node() and mb.obs(s)["player"] == mb.RED and "MB-3.10" in mb.rules(s)
    s = scenario("mb_centipede", green_gun=3, spider="green_gun", spin="FREE CHOICE")
    assert [c["args"]["option"] for c in choices(s)] == ["centipede", "spider_scorpion"]


def test_mb_3_11_a_red_line_stops_the_shot(mb):
    """MB-3.11: line 0 meets the red-lined curve at (0.1,0) first: the shot stops there and nothing happens, even
    to a Red segment standing on the curve; likewise Red's shot along line 10."""
    s = mb.gun(0, red=[(0.7, 0), (1.3, 0)])
    assert all(mb.alive(s, mb.RED)) and mb.rules(s)[-1] == "MB-3.11" and "(0.1,0)" in mb.texts(s)[-1]
    s = mb.gun(10, to_move="red", green=[(4, 9), (4, 8)])
    assert all(mb.alive(s, mb.GREEN)) and mb.rules(s)[-1] == "MB-3.11" and "(11.9,10)" in mb.texts(s)[-1]
    assert s.stats()["shot_red_line"] == 1


def test_mb_3_12_a_shot_across_the_board_hits_the_opponents_gun(mb):
    """MB-3.12: Red's gun stands at the far end of the clear line 2: it is hit, nothing happens."""
    s = mb.gun(2, red_gun=2)
    assert mb.rules(s)[-1] == "MB-3.12" and "hits Red's gun" in mb.texts(s)[-1]
    assert not mb.obs(s)["guns"][1]["disabled"] and s.stats()["shot_opponent_gun"] == 1


def test_mb_3_13_a_clear_shot_goes_off_the_far_side(mb):
    """MB-3.13: nothing on line 6 and Red's gun elsewhere: the shot goes off the opposite side of the board."""
    s = mb.gun(6)
    assert mb.rules(s)[-1] == "MB-3.13" and "off the far side" in mb.texts(s)[-1]
    assert s.stats()["shot_off_board"] == 1 and s.stats()["shots"] == 1


@pytest.mark.parametrize("space", range(10))
def test_mb_3_4_every_poison_space_can_be_shot_from_some_position(mb, space):
    """MB-3.4 / MB-1.10: each of the ten poison spaces is hit from some gun position of some colour."""
    xy = tuple(mb.obs(mb.new())["board"]["poison_spaces"][space])
    hits = []
    for colour in ("green", "red"):
        for position in range(11):
            if position == 5:
                continue
            s = mb.gun(position, to_move=colour, poison=[xy])
            if mb.poison(s) == {} and "MB-3.4" in mb.rules(s):
                hits.append((colour, position))
    assert hits, f"no gun position hits the poison space at {xy}"
    assert ("green", xy[1]) in hits and ("red", xy[1]) in hits  # from both sides, along its line
