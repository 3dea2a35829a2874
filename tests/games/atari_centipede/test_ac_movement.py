"""Bug movement: centipedes, spiders, fleas (AC-7, AC-8, AC-9)."""

from __future__ import annotations

from boardcade.games.atari_centipede import board as B
from boardcade.games.atari_centipede.turns import P_CDROP, P_CSPIDER, P_DRAW

PLAY = B.PLAY_BASE


def field(ac):
    """Gnome at r0c4 (so bugs travel toward row 0); the field cleared; nothing placed yet."""
    s = ac.setup2(gnome=(0, 4))
    ac.clear(s)
    return s


def move_one(ac, s, cent):
    ac.run_internal(s, s._move_centipede, cent)


def test_head_moves_forward_and_body_follows(ac):
    """AC-7.1, AC-7.3: into an empty square the head moves on; each body segment takes the square ahead."""
    s = field(ac)
    cent = ac.put_cent(s, [(6, 4), (6, 3), (6, 2), (6, 1), (6, 0)], 1)
    move_one(ac, s, cent)  # length 5: speed 2
    assert ac.cents_of(s) == [[(6, 6), (6, 5), (6, 4), (6, 3), (6, 2)]]
    assert s.board[ac.sq(6, 0)] == B.EMPTY and s.board[ac.sq(6, 1)] == B.EMPTY


def test_drop_at_the_edge_reverses(ac):
    """AC-7.2: at the board edge the head drops one row toward the Gnome and turns round."""
    s = field(ac)
    cent = ac.put_cent(s, [(6, 8)], 1)
    move_one(ac, s, cent)  # length 1: speed 4
    assert ac.cents_of(s) == [[(5, 5)]]
    assert cent[2][0] == -1


def test_drop_removes_bugs_and_segments_in_the_square(ac):
    """AC-7.2: a centipede blocked by a bug drops, removing whatever is in the square it drops into."""
    s = field(ac)
    ac.put_bug(s, "flea", (6, 5))
    ac.put_bug(s, "spider", (5, 4))
    cent = ac.put_cent(s, [(6, 4), (6, 3), (6, 2), (6, 1), (6, 0)], 1)
    ac.put_cent(s, [(4, 4)], 1, moved=True)
    s.segs[0] = 6
    move_one(ac, s, cent)
    assert s.spiders == [] and s.spider_supply == 3
    assert [c[1][0] for c in s.cents] == [ac.sq(5, 3), ac.sq(4, 4)]


def test_worked_example_four_segments_speed_three_through_a_mushroom(ac):
    """AC-7.2, AC-7.5 rulebook example: 4 segments (speed 2, +1 from a tucked card) moving right: 1 square,
    then a mushroom ahead makes it drop into a square holding a mushroom (removed), then 1 square back left."""
    s = field(ac)
    s.tucked[0] = 1
    cent = ac.put_cent(s, [(6, 4), (6, 3), (6, 2), (6, 1)], 1)
    ac.put_mush(s, (6, 6), (5, 5))
    move_one(ac, s, cent)
    assert ac.cents_of(s) == [[(5, 4), (5, 5), (6, 5), (6, 4)]]
    assert s.board[ac.sq(5, 5)] == B.SEG and s.board[ac.sq(6, 6)] == B.MUSH
    assert s.supply == 29


def test_shot_segment_splits_the_centipede_into_two(ac):
    """AC-7.4: removing a middle segment leaves two centipedes; each moves at its own length's speed."""
    s = field(ac)
    ac.place_gnome(s, 0, (0, 4))
    ac.put_cent(s, [(6, 2), (6, 3), (6, 4), (6, 5), (6, 6), (6, 7)], -1)
    ac.run_internal(s, s._fire, 0, "AC-4.6")
    assert sorted(ac.cents_of(s)) == [[(6, 2), (6, 3)], [(6, 5), (6, 6), (6, 7)]]
    back = [c for c in s.cents if len(c[1]) == 3][0]
    assert s._cent_speed(back) == 3
    move_one(ac, s, back)  # mushroom now at r6c4: drops at once, then right
    assert ac.cents_of(s)[-1] == [(5, 7), (5, 6), (5, 5)]


def test_new_head_keeps_the_facing_it_last_moved_with(ac):
    """AC-7.4: after a drop the body segments carry the new facing; a split-off part goes that way."""
    s = field(ac)
    cent = ac.put_cent(s, [(6, 4), (6, 5), (6, 6)], -1)
    ac.put_mush(s, (6, 3))
    move_one(ac, s, cent)  # drop to r5c4 facing right, then r5c5, r5c6
    assert ac.cents_of(s) == [[(5, 6), (5, 5), (5, 4)]]
    s.supply = 0
    ac.run_internal(s, s._remove_segment, ac.sq(5, 5), "AC-4.6", "test")
    tail = [c for c in s.cents if c[1] == [ac.sq(5, 4)]][0]
    assert tail[2] == [1]
    move_one(ac, s, tail)  # length 1: 4 squares to the right: c5, c6 is a segment -> drop ...
    assert tail[1][0] // 9 < 5


def test_speed_table_and_bonus(ac):
    """AC-7.5: speeds 6->1, 5->2, 4->2, 3->3, 2->3, 1->4, plus 1 per tucked Spawn Centipede card."""
    s = field(ac)
    speeds = []
    for n in range(1, 7):
        cent = ac.put_cent(s, [(1 + n, c) for c in range(n)], 1)
        speeds.append(s._cent_speed(cent))
    assert speeds == [4, 3, 3, 2, 2, 1]
    s.tucked[0] = 2
    assert s._cent_speed(s.cents[0]) == 6
    assert s._spider_speed([0, 0, False]) == 11
    assert s._flea_left == 0 and B.FLEA_SPEED == 2


def test_new_centipede_does_not_move_again_after_its_entry(ac):
    """AC-7.6: the 6-square entry is the new centipede's move for the turn (it is marked as moved)."""
    s = field(ac)
    ac.place_gnome(s, 0, (0, 4))
    ac.put_cent(s, [(5, 4)], 1)
    ac.start_centipede_turn(s, hand=[1, 0, 0, 0, 0])
    s.apply_action(PLAY + B.SPAWN_CENT)
    s.apply_action(ac.sq(10, 8))
    new = [c for c in s.cents if len(c[1]) == 5][0]
    assert new[3] is True
    assert [B.coords(x) for x in new[1]] == [(10, 3), (10, 4), (10, 5), (10, 6), (10, 7)]
    assert s.phase == P_DRAW


def test_spider_moves_straight_vertical_or_diagonal(ac):
    """AC-8: a spider ends in a straight vertical or diagonal line (never sideways), up to 9 squares, not
    into or past a bug, not into a Gnome Movement Area; it may stay put."""
    s = field(ac)
    ac.place_gnome(s, 0, (0, 8))
    spider = ac.put_bug(s, "spider", (5, 4))
    ac.put_bug(s, "flea", (7, 6), moved=True)
    ac.put_mush(s, (3, 4))
    targets = set(s._spider_targets(spider[0], 9))
    assert ac.sq(5, 4) in targets
    assert ac.sq(5, 3) not in targets and ac.sq(5, 5) not in targets
    assert {ac.sq(r, 4) for r in range(1, 11)} <= targets
    assert ac.sq(6, 5) in targets and ac.sq(7, 6) not in targets and ac.sq(8, 7) not in targets
    assert ac.sq(0, 4) not in targets and ac.sq(11, 4) not in targets
    assert ac.sq(1, 0) in targets and ac.sq(9, 0) in targets and ac.sq(2, 7) in targets


def test_spider_removes_mushrooms_along_its_path(ac):
    """AC-8: every mushroom in a square the spider enters is removed."""
    s = field(ac)
    ac.place_gnome(s, 0, (0, 8))
    ac.put_bug(s, "spider", (8, 4))
    ac.put_mush(s, (7, 4), (5, 4), (3, 4))
    ac.start_centipede_turn(s, hand=[0, 0, 0, 0, 0])
    assert s.phase == P_CSPIDER
    s.apply_action(ac.sq(4, 4))
    assert s.board[ac.sq(7, 4)] == B.EMPTY and s.board[ac.sq(5, 4)] == B.EMPTY
    assert s.board[ac.sq(3, 4)] == B.MUSH and s.spiders[0][0] == ac.sq(4, 4)


def test_flea_moves_two_straight_removing_everything_and_stops_on_last_row(ac):
    """AC-9.1: a flea moves 2 squares toward the Gnome, removing mushrooms, bugs and segments it enters, and
    stays on the last field row."""
    s = field(ac)
    ac.place_gnome(s, 0, (0, 8))
    flea = ac.put_bug(s, "flea", (4, 2))
    ac.put_mush(s, (3, 2))
    ac.put_cent(s, [(2, 3), (2, 2), (2, 1)], 1)
    s.supply = 0
    ac.start_centipede_turn(s, hand=[0, 0, 0, 0, 0])
    s.apply_action(flea[0])
    assert flea[0] == ac.sq(3, 2) and s.supply == 1  # the mushroom went back to the supply
    s.apply_action(B.SKIP)
    assert flea[0] == ac.sq(2, 2)
    assert sorted(ac.cents_of(s)) == [[(2, 1)], [(2, 3)]]
    s.apply_action(B.SKIP)
    assert flea[2] is True and s._moving is None
    # on the last field row it stays where it is
    flea[2] = False
    flea[0] = ac.sq(1, 2)
    s.board[ac.sq(2, 2)], s.board[ac.sq(1, 2)] = B.EMPTY, B.FLEA
    s._flea_left = 0
    ac.run_internal(s, s._start_bug_move, flea[0])
    assert flea[0] == ac.sq(1, 2)


def test_flea_may_drop_mushrooms_in_the_squares_it_leaves(ac):
    """AC-9.2: after each square the owner may put a supply mushroom where the flea just was."""
    s = field(ac)
    ac.place_gnome(s, 0, (0, 8))
    ac.put_bug(s, "flea", (6, 2))
    ac.start_centipede_turn(s, hand=[0, 0, 0, 0, 0])
    assert s.phase == P_CDROP and s.legal_actions() == [B.SKIP, B.DROP]
    assert s.action_info(B.DROP)["target"] == [6, 2]
    s.apply_action(B.DROP)
    s.apply_action(B.SKIP)
    assert s.board[ac.sq(6, 2)] == B.MUSH and s.board[ac.sq(5, 2)] == B.EMPTY
    assert s.fleas[0][0] == ac.sq(4, 2) and s.supply == 29
