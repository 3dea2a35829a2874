"""GUN: moving, firing and what a shot does (MB-3)."""

from __future__ import annotations

import pytest

from boardcade import IllegalActionError


def gun_turn(mb, s, player, x):
    mb.spin(s, mb.A.SPIN_GUN, player)
    s.apply_action(mb.A.GUN0 + x - 1)
    return s


def test_mb_3_1_move_anywhere_on_the_firing_line_then_fire(mb):
    """MB-3.1: after GUN, every firing-line position (the current one too) is offered; then the gun fires."""
    s = mb.new()
    mb.spin(s, mb.A.SPIN_GUN)
    assert s.legal_actions() == list(range(0, 11))
    assert s.action_info(0)["target"] == [1, 11] and s.action_info(0)["kind"] == "gun"
    s.apply_action(mb.A.GUN0 + 5)  # stay on x=6
    assert s._gun[mb.GREEN] == 6
    assert mb.rules_fired(s)[-2:] == ["MB-3.1", "MB-3.7"]  # moved, then fired (into the plug-in at (6,9))
    assert s._player == mb.RED and s.is_chance_node()


def test_mb_3_2_shot_stops_at_first_object_in_its_column(mb):
    """MB-3.2: Green fires up column 5: the segment at (5,10) is hit, the one at (5,8) behind it is not."""
    s = mb.new()
    mb.place(s, mb.RED, [mb.at(5, 10)] + [mb.at(x, 10) for x in (4, 3, 2, 1)] + [mb.at(5, 8)])
    gun_turn(mb, s, mb.GREEN, 5)
    assert mb.alive(s, mb.RED) == [False, True, True, True, True, True]


def test_mb_3_2_red_fires_downward_from_its_edge(mb):
    """MB-3.2: Red's shot starts at y=0 and travels down: it hits (8,0) before (8,2)."""
    s = mb.new()
    mb.place(s, mb.GREEN, [mb.at(8, 2), mb.at(9, 2), mb.at(10, 2), mb.at(11, 2), mb.at(8, 0)])
    gun_turn(mb, s, mb.RED, 8)
    assert mb.alive(s, mb.GREEN) == [True, True, True, True, False, True]


def test_mb_3_3_hit_kills_opponent_segment_and_shooter_may_revive_one(mb):
    """MB-3.3: the hit segment is dead; the shooter then revives any one of its own dead segments."""
    s = mb.new()
    mb.place(s, mb.RED, mb.trail(mb.RED, mb.at(4, 8)))
    mb.place(s, mb.GREEN, mb.trail(mb.GREEN, mb.at(6, 2)), dead=(0, 3))
    gun_turn(mb, s, mb.GREEN, 4)
    assert not s._alive[6]  # Red's head at (4,8)
    assert s.current_player() == mb.GREEN
    assert s.legal_actions() == [mb.A.REVIVE0, mb.A.REVIVE0 + 3, mb.A.REVIVE_NONE]
    s.apply_action(mb.A.REVIVE0 + 3)
    assert mb.alive(s, mb.GREEN) == [False, True, True, True, True, True]
    assert s.is_chance_node() and s._player == mb.RED


def test_mb_3_3_dead_segment_hit_again_still_earns_a_revival(mb):
    """MB-3.3: hitting an already dead opponent segment still lets the shooter revive one of its own."""
    s = mb.new()
    mb.place(s, mb.RED, mb.trail(mb.RED, mb.at(4, 8)), dead=(0,))
    mb.place(s, mb.GREEN, mb.trail(mb.GREEN, mb.at(6, 2)), dead=(2,))
    gun_turn(mb, s, mb.GREEN, 4)
    assert s.legal_actions() == [mb.A.REVIVE0 + 2, mb.A.REVIVE_NONE]
    s.apply_action(mb.A.REVIVE_NONE)
    assert mb.alive(s, mb.GREEN)[2] is False


def test_mb_3_3_no_revival_decision_without_own_dead_segments(mb):
    """MB-3.3: with all own segments live there is nothing to revive; the turn ends at once."""
    s = mb.new()
    mb.place(s, mb.RED, mb.trail(mb.RED, mb.at(4, 8)))
    gun_turn(mb, s, mb.GREEN, 4)
    assert s.is_chance_node() and s._player == mb.RED


def test_mb_3_4_shot_removes_poison_mushroom(mb):
    """MB-3.4: a poison mushroom hit is removed and its token goes back to the supply (MB-1.5)."""
    s = mb.poison(mb.new(), 5)  # (4,6)
    gun_turn(mb, s, mb.GREEN, 4)
    assert not s._poison[5] and s._supply == 10
    assert "MB-3.4" in mb.rules_fired(s)


def test_mb_3_5_shot_spider_goes_to_den_mushroom_stays(mb):
    """MB-3.5: the Spider standing on a poison mushroom is sent to its Den; the mushroom stays."""
    s = mb.poison(mb.new(), 5)
    s._spider = 5
    gun_turn(mb, s, mb.GREEN, 4)
    assert s._spider == mb.R.DEN and s._poison[5]


def test_mb_3_6_shot_scorpion_goes_to_hollow_with_its_token(mb):
    """MB-3.6: the Scorpion is sent to its Hollow and its unplanted mushroom is removed."""
    s = mb.poison(mb.new(), 4)  # (8,4), Red's column 8
    s._scorpion = 4
    gun_turn(mb, s, mb.RED, 8)
    assert s._scorpion == mb.R.HOLLOW and not s._poison[4] and s._supply == 10


def test_mb_3_7_plug_in_and_own_segment_absorb_the_shot(mb):
    """MB-3.7: a plug-in mushroom or a segment of the shooter's own centipede: nothing happens."""
    s = mb.new()
    mb.place(s, mb.RED, mb.trail(mb.RED, mb.at(3, 8)))
    gun_turn(mb, s, mb.GREEN, 3)  # (3,9) is a plug-in, in front of Red's head at (3,8)
    assert all(mb.alive(s, mb.RED))
    s = mb.new()
    mb.place(s, mb.GREEN, [mb.at(1, 8)])
    mb.place(s, mb.RED, mb.trail(mb.RED, mb.at(1, 6)))
    gun_turn(mb, s, mb.GREEN, 1)
    assert all(mb.alive(s, mb.RED)) and all(mb.alive(s, mb.GREEN))
    assert mb.rules_fired(s)[-1] == "MB-3.7"


def test_mb_3_7_shot_across_the_board_hits_gun_or_nothing(mb, monkeypatch):
    """MB-3.7: with a clear column (none in the default layout) the shot hits the opponent's gun: no effect."""
    clear = {x: tuple(p for p in line if p != mb.B.PLUG) for x, line in mb.B.SHOT_LINE[0].items()}
    monkeypatch.setattr(mb.R, "SHOT_LINE", (clear, mb.B.SHOT_LINE[1]))
    s = mb.new()
    gun_turn(mb, s, mb.GREEN, 6)
    assert "hits Red's gun" in s.events()[-1].text
    gun_turn(mb, s, mb.GREEN, 2)
    assert "hits nothing" in s.events()[-1].text


def test_mb_3_8_segment_on_a_poison_mushroom_is_hit_first(mb):
    """MB-3.8: a segment standing on a poison mushroom takes the shot; the mushroom stays."""
    s = mb.poison(mb.new(), 5)
    mb.place(s, mb.RED, mb.trail(mb.RED, mb.at(4, 6)))
    gun_turn(mb, s, mb.GREEN, 4)
    assert not s._alive[6] and s._poison[5]


def test_mb_3_9_spider_on_the_opponent_gun_can_be_shot_off(mb, monkeypatch):
    """MB-3.9: a shot reaching the opponent's gun with the Spider on it sends the Spider to its Den."""
    clear = {x: tuple(p for p in line if p != mb.B.PLUG) for x, line in mb.B.SHOT_LINE[0].items()}
    monkeypatch.setattr(mb.R, "SHOT_LINE", (clear, mb.B.SHOT_LINE[1]))
    s = mb.new()
    s._gun[mb.RED] = 2
    s._spider = mb.R.ON_GUN0 + mb.RED
    gun_turn(mb, s, mb.GREEN, 2)
    assert s._spider == mb.R.DEN and not s._gun_disabled(mb.RED)
    assert "MB-3.9" in mb.rules_fired(s)


def test_mb_3_10_disabled_gun_cannot_move_or_fire(mb):
    """MB-3.10: with the Spider on Green's gun, GUN passes and FREE CHOICE does not offer the gun."""
    s = mb.new()
    s._spider = mb.R.ON_GUN0 + mb.GREEN
    mb.spin(s, mb.A.SPIN_GUN, mb.GREEN)
    assert s.is_chance_node() and s._player == mb.RED and "MB-3.10" in mb.rules_fired(s)
    mb.spin(s, mb.A.SPIN_FREE, mb.GREEN)
    assert mb.A.CHOOSE_GUN not in s.legal_actions()
    before = s.history()
    with pytest.raises(IllegalActionError, match="disabled by the Spider"):
        s.apply_action(mb.A.CHOOSE_GUN)
    assert s.history() == before and s._phase == 1
