"""The board (a validated layout file), setup, options and the spinner of Milton Bradley Centipede (MB-1, MB-2)."""

from __future__ import annotations

import json

import pytest

import boardcade
from boardcade import GameError, IllegalActionError
from boardcade.games.mb_centipede.layout import LayoutError, parse_layout
from boardcade.testing import act, can, check_game, scenario

LANE_X = (0, 2, 4, 6, 8, 10, 12)


def board(mb):
    return mb.obs(mb.new())["board"]


def test_mb_1_1_green_fires_from_the_left_edge_red_from_the_right(mb):
    """MB-1.1: Green and Red; Green's Firing Line runs down the left edge, Red's down the right edge."""
    game = boardcade.load_game("mb_centipede")
    assert game.num_players == 2 and [game.player_name(p) for p in (0, 1)] == ["Green", "Red"]
    b = board(mb)
    green, red = b["firing_lines"]
    assert all(x < 0 for x, _ in green["guns"]) and green["direction"] == [1, 0]
    assert all(x > b["columns"] - 1 for x, _ in red["guns"]) and red["direction"] == [-1, 0]


def test_mb_1_2_path_of_87_spaces_up_and_down_seven_columns(mb):
    """MB-1.2: 7 path columns of 9 spaces joined by 6 curves of 4 = 87 spaces, from (0,9) up column 0 to (12,1)."""
    b = board(mb)
    path = [tuple(p) for p in b["path"]]
    assert (b["columns"], b["lines"]) == (13, 11)
    assert len(path) == 87 == len(set(path))
    assert path[0] == (0, 9) and path[8] == (0, 1) and path[-1] == (12, 1)
    assert [tuple(lane) for lane in b["lanes"]] == [(13 * k, 13 * k + 8) for k in range(7)]
    for k, (first, last) in enumerate(b["lanes"]):
        column = path[first : last + 1]
        assert {x for x, _ in column} == {LANE_X[k]}
        ys = [y for _, y in column]
        assert ys == (list(range(9, 0, -1)) if k % 2 == 0 else list(range(1, 10)))  # up, down, up, ...
    curves = [path[13 * k + 9 : 13 * k + 13] for k in range(6)]
    for k, curve in enumerate(curves):
        assert {y for _, y in curve} == {0 if k % 2 == 0 else 10}  # top, bottom, top, ...
        assert LANE_X[k] < min(x for x, _ in curve) and max(x for x, _ in curve) < LANE_X[k + 1]
    # Red travels the same path the other way: its first move starts at (12,1).
    s = scenario("mb_centipede", to_move="red", spin="CENTIPEDE")
    assert mb.xys(s, mb.RED)[5] == (12, 1)


def test_mb_1_3_every_curve_space_has_a_red_line_and_wraps_a_plug_in(mb):
    """MB-1.3: the 24 curve spaces (and only they) are red-lined; each curve passes around a plug-in mushroom; home
    bases lie on no firing line."""
    b = board(mb)
    path = [tuple(p) for p in b["path"]]
    curve = [i for i in range(87) if not any(f <= i <= t for f, t in b["lanes"])]
    assert b["red_line"] == curve and len(curve) == 24
    plugs = {tuple(p) for p in b["plug_ins"]}
    for k in range(6):
        middle = LANE_X[k] + 1
        assert (middle, 1 if k % 2 == 0 else 9) in plugs  # the plug-in the curve turns around
        assert all(abs(path[i][0] - middle) < 1 for i in range(13 * k + 9, 13 * k + 13))
    lines = {y for line in b["firing_lines"] for _, y in line["guns"]}
    assert all(y not in lines for _, y in b["home"])


def test_mb_1_4_twenty_plug_ins_centre_row_of_six_open_lines(mb):
    """MB-1.4: 20 fixed plug-ins in the mushroom columns; the centre line y=5 holds six; lines 2, 4, 6, 8 hold none;
    symmetric under a half turn."""
    plugs = {tuple(p) for p in board(mb)["plug_ins"]}
    assert len(plugs) == 20 and all(x % 2 == 1 for x, _ in plugs)
    assert sorted(x for x, y in plugs if y == 5) == [1, 3, 5, 7, 9, 11]
    assert not any(y in (2, 4, 6, 8) for _, y in plugs)
    assert {(12 - x, 10 - y) for x, y in plugs} == plugs


def test_mb_1_5_ten_poison_spaces_on_open_lines_and_tokens_in_supply(mb):
    """MB-1.5: ten poison spaces on path spaces of the open lines, numbered in order; all ten tokens start in the
    supply; a removed token goes back to it."""
    b = board(mb)
    spaces = [tuple(p) for p in b["poison_spaces"]]
    assert spaces == [(2, 4), (10, 6), (4, 8), (8, 2), (6, 2), (6, 8), (8, 6), (4, 4), (10, 2), (2, 8)]
    assert all(p in [tuple(q) for q in b["path"]] and p[1] in (2, 4, 6, 8) for p in spaces)
    s = mb.new()
    assert mb.obs(s)["poison"] == [] and mb.obs(s)["supply"] == 10
    s = mb.gun(8, poison=[(4, 8)])
    assert mb.poison(s) == {} and mb.obs(s)["supply"] == 10


def test_mb_1_6_guns_start_on_the_safety_space_level_with_the_centre_row(mb):
    """MB-1.6: 11 gun positions level with the lines y=0..10; both guns start on position 5, the Safety Space,
    level with and facing the centre row of six mushrooms."""
    o = mb.obs(mb.new())
    for line in o["board"]["firing_lines"]:
        assert [y for _, y in line["guns"]] == list(range(11)) and line["safety"] == 5
    assert [g["position"] for g in o["guns"]] == [5, 5]
    assert [g["xy"] for g in o["guns"]] == [[-1, 5], [13, 5]]
    centre = sorted(x for x, y in o["board"]["plug_ins"] if y == o["guns"][0]["xy"][1])
    assert len(centre) == 6


def test_mb_1_7_spider_spaces_den_and_hollow(mb):
    """MB-1.7: two Spider Spaces beside each Firing Line (level with y=2 for positions 0-4, y=8 for 6-10); the
    Spider starts in its Den above the top edge's centre, the Scorpion in its Hollow below the bottom edge's."""
    o = mb.obs(mb.new())
    b = o["board"]
    spaces = [(sp["beside"], sp["xy"][1], sp["serves"]) for sp in b["spider_spaces"]]
    upper, lower = [0, 1, 2, 3, 4], [6, 7, 8, 9, 10]
    assert spaces == [(0, 2, upper), (0, 8, lower), (1, 2, upper), (1, 8, lower)]
    assert b["den"] == [6, -1] and b["hollow"] == [6, 11]
    assert o["spider"] == {"at": "den", "xy": [6, -1]} and o["scorpion"] == {"at": "hollow", "xy": [6, 11]}


def test_mb_1_8_six_live_segments_in_the_home_base(mb):
    """MB-1.8: one head and five body segments, all live, all in the home base (drawn there)."""
    o = mb.new().observation(0)
    for cent in o["centipedes"]:
        segs = cent["segments"]
        assert len(segs) == 6 and segs[0]["head"] and not any(s["head"] for s in segs[1:])
        assert all(s["alive"] and s["at"] == "home" for s in segs)
        assert all(s["xy"] == o["board"]["home"][cent["player"]] for s in segs)


def test_mb_1_9_first_player_option(mb):
    """MB-1.9: Green spins first by default; first_player=1 makes Red start."""
    for first in (0, 1):
        s = mb.new(first_player=first)
        act(s, "spin", sector="GUN")
        assert s.current_player() == first
    with pytest.raises(GameError, match="first_player"):
        boardcade.load_game("mb_centipede", first_player=2)


# ---- MB-1.10: the layout is data, validated --------------------------------------------------------------
def broken(mb, change) -> str:
    doc = mb.layout_doc()
    change(doc)
    with pytest.raises(LayoutError) as e:
        parse_layout(json.dumps(doc))
    return str(e.value)


def test_mb_1_10_the_shipped_layout_is_valid_and_the_default(mb):
    """MB-1.10: the shipped board passes every check and is the default `layout`."""
    game = boardcade.load_game("mb_centipede")
    assert game.options["layout"] == "revised"
    assert parse_layout(json.dumps(mb.layout_doc())).n == 87


def test_mb_1_10_a_gap_in_the_path_is_refused(mb):
    """MB-1.10: path continuity: a lane that does not join the curve before it is named."""

    def gap(doc):
        doc["path"][2] = {"lane": [[2, 2], [2, 9]]}

    assert "path is broken between space 12 at (1.9,0) and space 13 at (2,2)" in broken(mb, gap)


def test_mb_1_10_an_asymmetric_board_is_refused(mb):
    """MB-1.10: symmetry under a half turn: a plug-in without a partner is named."""

    def extra(doc):
        doc["plug_ins"].append([3, 7])

    assert "plug-in mushroom at (3,7) has no partner at (9,3)" in broken(mb, extra)


def test_mb_1_10_a_poison_space_no_shot_can_reach_is_refused(mb):
    """MB-1.10: every poison space reachable by some shot: poison spaces on line 3 behind plug-ins are named."""

    def shielded(doc):
        doc["poison_spaces"] += [[6, 3], [6, 7]]  # line 3: plug-ins at (3,3) and (11,3) shield (6,3) from both sides

    assert "poison space 10 at (6,3) cannot be shot from any gun position" in broken(mb, shielded)


def test_mb_1_10_a_shortcut_over_a_plug_in_is_refused(mb):
    """MB-1.10: every shortcut crosses an empty cell: a plug-in in the crossing is named."""

    def blocked(doc):
        doc["plug_ins"] += [[3, 4], [9, 6]]

    assert "crosses the plug-in mushroom at (3,4)" in broken(mb, blocked)


def test_mb_1_10_structural_mistakes_are_named(mb):
    """MB-1.10: unknown keys, curves at the ends, a gun on the board, an unserved position: each is named."""
    assert "unknown key(s) colour" in broken(mb, lambda d: d.update(colour="blue"))
    assert "must begin and end with a lane" in broken(mb, lambda d: d["path"].insert(0, {"curve": [[0, 10]]}))
    assert "lies on the board" in broken(mb, lambda d: d["firing_lines"]["green"]["guns"].__setitem__(0, [0, 0]))
    assert "served by exactly one Spider Space" in broken(
        mb, lambda d: d["firing_lines"]["green"]["spider_spaces"][0]["serves"].remove(4)
    )
    assert "lists 201 points; at most 200" in broken(mb, lambda d: d.update(plug_ins=[[0.5, 0.5]] * 201))
    with pytest.raises(LayoutError, match="not valid JSON"):
        parse_layout("{nope")


def test_mb_1_10_layout_option_refuses_bad_values_clearly(mb):
    """MB-1.10: option `layout` takes a shipped name or layout JSON text; anything else is refused naming why."""
    with pytest.raises(GameError, match="unknown layout 'classic'; shipped layouts: revised"):
        boardcade.load_game("mb_centipede", layout="classic")
    doc = mb.layout_doc()
    doc["plug_ins"].append([3, 7])
    with pytest.raises(GameError, match="option 'layout'.*no partner"):
        boardcade.load_game("mb_centipede", layout=json.dumps(doc))


def test_mb_1_10_an_owners_board_given_as_json_plays(mb):
    """MB-1.10: an owner's board in the same format (here: no centre row, two more poison spaces in the outer
    columns) is played through the `layout` option and passes the contract checks."""
    doc = mb.layout_doc()
    doc["name"] = "my board"
    doc["plug_ins"] = [p for p in doc["plug_ins"] if p[1] != 5]
    doc["poison_spaces"] += [[12, 4], [0, 6]]
    game = boardcade.load_game("mb_centipede", layout=json.dumps(doc))
    assert game.num_distinct_actions == 55  # two more poison spaces: two more Spider and two more Scorpion moves
    o = game.new_initial_state().observation(None)
    assert o["board"]["layout"] == "my board" and len(o["board"]["plug_ins"]) == 14
    check_game(game, matches=2, seed=4)


def test_mb_1_10_no_shortcut_from_the_last_column(mb):
    """MB-1.10 / MB-5.1: on a board with a poison space in column 12 (Green's last column), Green's head walks onto
    it without a shortcut decision; Red, for whom column 12 is the first, is offered one."""
    doc = mb.layout_doc()
    doc["poison_spaces"] += [[12, 4], [0, 6]]
    game = boardcade.load_game("mb_centipede", layout=json.dumps(doc))
    s = scenario(game, green={"head": (12, 5), "length": 3}, green_dead=[3, 4, 5], poison=[(12, 4)], spin="CENTIPEDE")
    assert s.is_chance_node() and mb.xys(s, mb.GREEN)[0] == (12, 2)
    s = scenario(game, to_move="red", red={"head": (12, 3)}, poison=[(12, 4)], spin="CENTIPEDE")
    assert can(s, "shortcut", target=[10, 4])


# ---- MB-2: turns and the spinner ---------------------------------------------------------------------------
def test_mb_2_1_turns_alternate_and_start_with_a_spin(mb):
    """MB-2.1: every turn begins with a chance spin, seen by both; turns alternate; one spin = one turn."""
    s = mb.new()
    assert s.is_chance_node() and s.action_info(0) == {
        "action": 0,
        "kind": "spin",
        "args": {"sector": "GUN"},
        "label": "the spinner shows GUN",
    }
    act(s, "spin", sector="CENTIPEDE")  # Green moves six spaces
    assert s.is_chance_node() and mb.obs(s)["player"] == mb.RED and mb.obs(s)["turn"] == 1
    act(s, "spin", sector="CENTIPEDE")
    assert mb.obs(s)["player"] == mb.GREEN and mb.obs(s)["turn"] == 2
    assert s.observation(1)["spin"] == s.observation(0)["spin"] == "CENTIPEDE"
    assert s.stats()["spins_green"] == s.stats()["spins_red"] == 1


def test_mb_2_2_spinner_weights_default_and_option(mb):
    """MB-2.2: 8 equal sectors (GUN 2, CENTIPEDE 3, SPIDER/SCORPION 2, FREE 1); weights are an option."""
    s = mb.new()
    assert s.chance_outcomes() == [(0, 2 / 8), (1, 3 / 8), (2, 2 / 8), (3, 1 / 8)]
    s = mb.new(spinner_weights="1,1,0,0")
    assert s.chance_outcomes() == [(0, 0.5), (1, 0.5)]
    with pytest.raises(IllegalActionError, match="weight 0"):
        s.apply_action(2)
    for bad in ("1,2,3", "a,b,c,d", "0,0,0,0", "1,-1,1,1"):
        with pytest.raises(GameError, match="spinner_weights"):
            boardcade.load_game("mb_centipede", spinner_weights=bad)


def test_mb_2_3_spider_scorpion_spin_with_no_move_passes(mb):
    """MB-2.3: SPIDER/SCORPION with neither piece able to move passes the turn."""
    s = scenario("mb_centipede", supply=0, spin="SPIDER/SCORPION")  # no token, nothing for the Spider to reach
    assert s.is_chance_node() and mb.obs(s)["player"] == mb.RED
    assert "MB-2.3" in mb.rules(s)


def test_unknown_option_lists_valid_ones():
    with pytest.raises(GameError, match="layout, max_turns"):
        boardcade.load_game("mb_centipede", nonsense=1)
