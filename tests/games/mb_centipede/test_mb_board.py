"""Board, setup, options and the spinner of Milton Bradley Centipede (MB-1, MB-2)."""

from __future__ import annotations

import pytest

import boardcade
from boardcade import GameError


def test_mb_1_1_two_players_green_bottom_red_top(mb):
    """MB-1.1: Green and Red; Green's home base at the bottom (y=10), Red's at the top (y=0)."""
    game = boardcade.load_game("mb_centipede")
    assert game.num_players == 2
    assert [game.player_name(p) for p in (0, 1)] == ["Green", "Red"]
    assert mb.B.PATH[0] == (1, 10) and mb.B.PATH[-1] == (1, 0)
    assert mb.B.HOME_XY == ((0, 10), (0, 0))


def test_mb_1_2_path_of_86_spaces_in_serpentine_order(mb):
    """MB-1.2: six rows of 11 joined by five 4-space curves = 86 spaces, alternating direction."""
    B = mb.B
    assert len(B.PATH) == 86 == len(set(B.PATH))
    rows = [B.PATH[r * 15 : r * 15 + 11] for r in range(6)]
    for r, row in enumerate(rows):
        y = (10, 8, 6, 4, 2, 0)[r]
        xs = [x for x, _ in row]
        assert all(yy == y for _, yy in row)
        assert xs == (list(range(1, 12)) if r % 2 == 0 else list(range(11, 0, -1)))
    curves = [B.PATH[r * 15 + 11 : r * 15 + 15] for r in range(5)]
    for r, curve in enumerate(curves):
        assert {x for x, _ in curve} == {12 if r % 2 == 0 else 0}
    # Red travels the same path the other way: its first space is beside its home base at (1,0)
    assert B.HOME[mb.RED] + B.STEP[mb.RED] == 85


def test_mb_1_3_curve_spaces_are_in_no_firing_column(mb):
    """MB-1.3: no shot line of either gun passes over a curve space."""
    B = mb.B
    curve_idx = {i for i in range(86) if B.CURVE_OF[i] >= 0}
    assert len(curve_idx) == 20
    for p in (0, 1):
        for x in B.FIRING_X:
            assert not curve_idx & set(B.SHOT_LINE[p][x])


def test_mb_1_4_twenty_plug_in_mushrooms_with_centre_row_of_six(mb):
    """MB-1.4: 20 fixed plug-ins; the centre row y=5 holds six; symmetric under a half turn."""
    plugs = mb.B.PLUG_INS
    assert len(plugs) == 20
    assert sorted(x for x, y in plugs if y == 5) == [1, 2, 4, 8, 10, 11]
    assert {(12 - x, 10 - y) for x, y in plugs} == set(plugs)
    assert all(y % 2 == 1 for _, y in plugs)


def test_mb_1_5_ten_poison_spaces_on_the_path_and_tokens_in_supply(mb):
    """MB-1.5: ten poison mushroom spaces on path rows; all ten tokens start in the supply."""
    s = mb.new()
    assert len(mb.B.POISON_XY) == 10
    assert all(mb.B.CURVE_OF[i] < 0 for i in mb.B.POISON_IDX)
    assert s._supply == 10 and not any(s._poison)
    obs = s.observation(None)
    assert obs["poison"] == [] and obs["supply"] == 10


def test_mb_1_6_guns_start_on_the_safety_space(mb):
    """MB-1.6: both guns start at x=6, the Safety Space, on their own edges."""
    obs = mb.new().observation(None)
    assert [g["x"] for g in obs["guns"]] == [6, 6]
    assert [g["xy"][1] for g in obs["guns"]] == [11, -1]
    assert obs["board"]["safety_x"] == 6


def test_mb_1_7_spider_in_den_scorpion_in_hollow_four_spider_spaces(mb):
    """MB-1.7: Spider starts in its Den, Scorpion in its Hollow; two Spider Spaces per firing line."""
    obs = mb.new().observation(None)
    assert obs["spider"]["at"] == "den" and obs["scorpion"]["at"] == "hollow"
    assert len(obs["board"]["spider_spaces"]) == 4
    assert mb.B.spider_space_for(mb.RED, 2) == 0 and mb.B.spider_space_for(mb.RED, 9) == 1
    assert mb.B.spider_space_for(mb.GREEN, 5) == 2 and mb.B.spider_space_for(mb.GREEN, 11) == 3
    assert mb.B.spider_space_for(mb.GREEN, 6) == -1


def test_mb_1_8_six_live_segments_in_home_base(mb):
    """MB-1.8: one head and five body segments, all live, all in the home base."""
    obs = mb.new().observation(0)
    for cent in obs["centipedes"]:
        segs = cent["segments"]
        assert len(segs) == 6 and segs[0]["head"] and not any(s["head"] for s in segs[1:])
        assert all(s["alive"] and s["at"] == "home" for s in segs)


def test_mb_1_9_first_player_option(mb):
    """MB-1.9: Green spins first by default; first_player=1 makes Red start."""
    for first in (0, 1):
        s = mb.new(first_player=first)
        s.apply_action(mb.A.SPIN_GUN)
        assert s.current_player() == first
    with pytest.raises(GameError, match="first_player"):
        boardcade.load_game("mb_centipede", first_player=2)


def test_mb_2_1_turns_alternate_and_start_with_a_spin(mb):
    """MB-2.1: every turn begins with a chance spin; turns alternate; one spin = one turn."""
    s = mb.new()
    assert s.is_chance_node()
    s.apply_action(mb.A.SPIN_CENTIPEDE)  # Green moves six spaces
    assert s.is_chance_node() and s._player == mb.RED and s.turns() == 1
    s.apply_action(mb.A.SPIN_CENTIPEDE)
    assert s._player == mb.GREEN and s.turns() == 2
    assert s.observation(1)["spin"] == "CENTIPEDE"


def test_mb_2_2_spinner_weights_default_and_option(mb):
    """MB-2.2: 8 equal sectors (GUN 2, CENTIPEDE 3, SPIDER/SCORPION 2, FREE 1); weights are an option."""
    s = mb.new()
    assert s.chance_outcomes() == [(0, 2 / 8), (1, 3 / 8), (2, 2 / 8), (3, 1 / 8)]
    s = mb.new(spinner_weights="1,1,0,0")
    assert s.chance_outcomes() == [(0, 0.5), (1, 0.5)]
    with pytest.raises(boardcade.IllegalActionError, match="weight 0"):
        s.apply_action(2)
    for bad in ("1,2,3", "a,b,c,d", "0,0,0,0", "1,-1,1,1"):
        with pytest.raises(GameError, match="spinner_weights"):
            boardcade.load_game("mb_centipede", spinner_weights=bad)


def test_mb_2_3_spider_scorpion_spin_with_no_move_passes(mb):
    """MB-2.3: SPIDER/SCORPION with neither piece able to move passes the turn."""
    s = mb.new()
    s._supply = 0  # no token to plant, Spider in Den with nothing to reach, gun on the Safety Space
    mb.spin(s, mb.A.SPIN_PIECES)
    assert s.is_chance_node() and s._player == mb.RED
    assert "MB-2.3" in mb.rules_fired(s)


def test_unknown_option_lists_valid_ones():
    with pytest.raises(GameError, match="max_turns"):
        boardcade.load_game("mb_centipede", nonsense=1)


def test_mb_3_2_every_column_is_closed_by_a_plug_in(mb):
    """MB-3.2 with the MB-1.4 layout: each gun reaches only the three path rows on its own side."""
    B = mb.B
    for p, rows in ((mb.GREEN, {10, 8, 6}), (mb.RED, {0, 2, 4})):
        reached = set()
        for line in B.SHOT_LINE[p].values():
            assert B.PLUG in line
            for pos in line[: line.index(B.PLUG)]:
                reached.add(B.PATH[pos][1])
        assert reached == rows
