"""Bug movement: centipedes, spiders, fleas (AC-7, AC-8, AC-9)."""

from __future__ import annotations


def bugs_move(ac, gnome=(0, 4), **description):
    """The Centipede's turn with an empty hand (AC-6.1: no card, straight to moving the bugs); the Gnome holds
    row 0, so bugs travel toward row 0."""
    return ac.pos(gnome=gnome, hand=(), to_move=1, **description)


def cent(segments, facing, colour="red"):
    return {"segments": segments, "facing": facing, "colour": colour}


def lone(ac):
    """A one-segment centipede out of the way in the far corner."""
    return [cent([(ac.FAR, 8)], "left")]


def occupied(ac, s) -> set[tuple[int, int]]:
    taken = set(ac.mushrooms(s)) | set(ac.fleas(s)) | set(ac.spiders(s))
    return taken | {sq for c in ac.cents(s) for sq in c}


def test_AC_7_1_and_AC_7_3_head_moves_forward_and_body_follows(ac):
    """AC-7.1, AC-7.3: into an empty square the head moves on; each body segment takes the square ahead."""
    s = bugs_move(ac, centipedes=[cent([(6, 4), (6, 3), (6, 2), (6, 1), (6, 0)], "right")])  # length 5: speed 2
    assert ac.cents(s) == [[(6, 6), (6, 5), (6, 4), (6, 3), (6, 2)]]
    assert not {(6, 0), (6, 1)} & occupied(ac, s)
    assert ac.phase(s) == "draw card"


def test_AC_7_2_drop_at_the_edge_reverses(ac):
    """AC-7.2: at the board edge the head drops one row toward the Gnome and turns round."""
    s = bugs_move(ac, centipedes=[cent([(6, 8)], "right")])  # length 1: speed 4
    assert ac.cents(s) == [[(5, 5)]]
    assert ac.facings(s) == [-1]


def test_AC_7_2_drop_removes_a_bug_in_the_square(ac):
    """AC-7.2: a centipede blocked by a bug drops, removing whatever is in the square it drops into."""
    s = bugs_move(
        ac, centipedes=[cent([(6, 4), (6, 3), (6, 2), (6, 1), (6, 0)], "right")], fleas=[(6, 5)], spiders=[(5, 4)]
    )
    ac.act(s, "move_bug", row=6, col=4)  # blocked by the flea at r6c5: drops onto the spider at r5c4
    assert ac.spiders(s) == [] and ac.obs(s)["bug_supply"]["spiders"] == 3
    assert ac.cents(s) == [[(5, 3), (5, 4), (6, 4), (6, 3), (6, 2)]]
    assert any(e.rule == "AC-7.2" and "spider" in e.text for e in s.events())


def test_AC_7_2_drop_removes_a_segment_even_its_own(ac):
    """AC-7.2: the square dropped into may hold a segment, even of the same colour: it is removed."""
    s = bugs_move(ac, centipedes=[cent([(6, 4), (6, 3), (6, 2)], "right"), cent([(5, 4)], "left")], mushrooms=[(6, 5)])
    ac.act(s, "move_bug", row=6, col=4)
    assert ac.cents(s) == [[(5, 2), (5, 3), (5, 4)]]  # dropped onto r5c4, then 2 more squares to the left
    assert ac.side(s)["segments_on_board"] == 3


def test_AC_7_2_and_AC_7_5_worked_example_four_segments_speed_three_through_a_mushroom(ac):
    """AC-7.2, AC-7.5 rulebook example: 4 segments (speed 2, +1 from a tucked card) moving right: 1 square,
    then a mushroom ahead makes it drop into a square holding a mushroom (removed), then 1 square back left."""
    s = bugs_move(
        ac, centipedes=[cent([(6, 4), (6, 3), (6, 2), (6, 1)], "right")], mushrooms=[(6, 6), (5, 5)], tucked=1
    )
    assert ac.cents(s) == [[(5, 4), (5, 5), (6, 5), (6, 4)]]
    assert ac.mushrooms(s) == {(6, 6)}
    assert ac.supply(s) == 29


def test_AC_7_4_shot_segment_splits_the_centipede_into_two(ac):
    """AC-7.4: removing a middle segment leaves two centipedes; each moves at its own length's speed."""
    s = ac.pos(gnome=(0, 4), centipedes=[cent([(6, 2), (6, 3), (6, 4), (6, 5), (6, 6), (6, 7)], "left")], hand=())
    ac.act(s, "use_card", card="Trigger Finger")
    assert sorted(ac.cents(s)) == [[(6, 2), (6, 3)], [(6, 5), (6, 6), (6, 7)]]
    assert (6, 4) in ac.mushrooms(s)
    ac.act(s, "die", face=3)  # move 3 left to column 1, fire at nothing, recharge Trigger Finger
    ac.act(s, "move", dir="left")
    ac.act(s, "fire")
    ac.act(s, "recharge", card="Trigger Finger")
    ac.act(s, "end_turn")
    ac.act(s, "move_bug", row=6, col=5)
    # length 3: speed 3. The mushroom at r6c4 makes it drop at once, then it goes right.
    # The front part (length 2: speed 3) then moves left and drops at the edge.
    assert sorted(ac.cents(s)) == [[(5, 0), (6, 0)], [(5, 7), (5, 6), (5, 5)]]


def test_AC_7_4_new_head_keeps_the_facing_it_last_moved_with(ac):
    """AC-7.4: after a drop the body segments carry the new facing; a split-off part goes that way."""
    s = bugs_move(ac, gnome=(0, 5), centipedes=[cent([(6, 4), (6, 5), (6, 6)], "left")], mushrooms=[(6, 3)])
    assert ac.cents(s) == [[(5, 6), (5, 5), (5, 4)]]  # dropped to r5c4 facing right, then r5c5, r5c6
    ac.draw(s, "Mushroom")
    ac.act(s, "use_card", card="Trigger Finger")  # hits r5c5, the middle segment
    parts = dict(zip(map(tuple, ac.cents(s)), ac.facings(s), strict=True))
    assert parts == {((5, 6),): 1, ((5, 4),): 1}  # the tail r5c4 keeps facing right


def test_AC_7_5_speed_table_and_bonus(ac):
    """AC-7.5: speeds 6->1, 5->2, 4->2, 3->3, 2->3, 1->4, plus 1 per tucked Spawn Centipede card (bugs too)."""
    speeds = []
    for n in range(1, 7):
        s = bugs_move(ac, centipedes=[cent([(6, c) for c in range(n - 1, -1, -1)], "right")])
        speeds.append(ac.cents(s)[0][0][1] - (n - 1))
    assert speeds == [4, 3, 3, 2, 2, 1]
    s = bugs_move(ac, centipedes=[cent([(6, c) for c in range(5, -1, -1)], "right")], tucked=2)
    assert ac.cents(s)[0][0] == (6, 8)  # speed 1 + 2
    s = bugs_move(ac, gnome=(0, 8), fleas=[(6, 2)], tucked=1, centipedes=lone(ac))
    ac.act(s, "move_bug", row=6, col=2)
    for _ in range(3):
        ac.act(s, "no_mushroom")
    assert ac.fleas(s) == [(3, 2)]  # flea speed 2 + 1
    for tucked, reach in ((0, 9), (2, 11)):
        s = bugs_move(ac, gnome=(0, 0), spiders=[(1, 4)], tucked=tucked, centipedes=lone(ac))
        ac.act(s, "move_bug", row=1, col=4)
        assert max(r for r, c in ac.targets(s, "spider_to") if c == 4) == min(ac.FAR, 1 + reach)


def test_AC_7_6_new_centipede_does_not_move_again_after_its_entry(ac):
    """AC-7.6: the 6-square entry is the new centipede's move for the turn."""
    s = ac.pos(gnome=(0, 4), centipedes=[cent([(5, 4)], "right")], hand=("Spawn Centipede",), to_move=1)
    ac.act(s, "play", card="Spawn Centipede")
    ac.act(s, "spawn_centipede", col=8)
    new = [c for c in ac.cents(s) if len(c) == 5][0]
    assert new == [(ac.FAR, 3), (ac.FAR, 4), (ac.FAR, 5), (ac.FAR, 6), (ac.FAR, 7)]
    assert ac.phase(s) == "draw card"


def test_AC_8_spider_moves_straight_vertical_or_diagonal(ac):
    """AC-8: a spider ends in a straight vertical or diagonal line (never sideways), up to 9 squares, not
    into or past a bug, not into a Gnome Movement Area."""
    s = bugs_move(ac, gnome=(0, 8), spiders=[(5, 4)], fleas=[(7, 6)], mushrooms=[(3, 4)], centipedes=lone(ac))
    ac.act(s, "move_bug", row=5, col=4)
    targets = set(ac.targets(s, "spider_to"))
    assert (5, 3) not in targets and (5, 5) not in targets
    assert {(r, 4) for r in range(1, min(ac.FAR, 14) + 1) if r != 5} <= targets
    assert (6, 5) in targets and (7, 6) not in targets and (8, 7) not in targets
    assert (0, 4) not in targets and (ac.LAST, 4) not in targets
    assert (1, 0) in targets and (9, 0) in targets and (2, 7) in targets


def test_AC_8_spider_removes_mushrooms_along_its_path(ac):
    """AC-8: every mushroom in a square the spider enters is removed."""
    s = bugs_move(ac, gnome=(0, 8), spiders=[(8, 4)], mushrooms=[(7, 4), (5, 4), (3, 4)], centipedes=lone(ac))
    ac.act(s, "move_bug", row=8, col=4)
    assert ac.phase(s) == "spider destination"
    ac.act(s, "spider_to", row=4, col=4)
    assert ac.mushrooms(s) == {(3, 4)} and ac.spiders(s) == [(4, 4)]


def test_AC_9_1_flea_moves_two_straight_removing_everything_and_stops_on_last_row(ac):
    """AC-9.1: a flea moves 2 squares toward the Gnome, removing mushrooms, bugs and segments it enters, and
    stays on the last field row."""
    s = bugs_move(
        ac, gnome=(0, 8), fleas=[(4, 2)], mushrooms=[(3, 2)], centipedes=[cent([(2, 3), (2, 2), (2, 1)], "right")]
    )
    ac.act(s, "move_bug", row=4, col=2)
    assert ac.fleas(s) == [(3, 2)] and ac.supply(s) == 30  # the mushroom went back to the supply
    ac.act(s, "no_mushroom")
    assert ac.fleas(s) == [(2, 2)]
    assert sorted(ac.cents(s)) == [[(2, 1)], [(2, 3)]]
    ac.act(s, "no_mushroom")
    assert ac.phase(s) == "choose bug to move" and sorted(ac.targets(s, "move_bug")) == [(2, 1), (2, 3)]


def test_AC_9_1_a_flea_on_the_last_field_row_stays_and_is_not_offered_a_move(ac):
    """AC-9.1: a flea already on the last field row cannot move: it is not among the bugs to move, the event
    says it stays (with its rule), and no move of it is logged."""
    s = bugs_move(ac, gnome=(0, 8), fleas=[(1, 2)], centipedes=lone(ac))
    assert ac.fleas(s) == [(1, 2)] and ac.phase(s) == "draw card"  # the centipede moved on its own
    said = [e.text for e in s.events() if "flea" in e.text]
    assert said == ["the flea at r1c2 is on the last field row: it stays"]
    assert any(e.rule == "AC-9.1" and e.text == said[0] for e in s.events())


def test_AC_6_1_rules_version_2_offered_bugs_that_cannot_move(ac):
    """Rules version 2 (option offer_stuck_bugs, its legacy reading) listed a flea on its last row among the bugs
    to move; picking it let it stay."""
    s = bugs_move(ac, gnome=(0, 8), fleas=[(1, 2)], centipedes=lone(ac), options={"offer_stuck_bugs": True})
    assert sorted(ac.targets(s, "move_bug")) == [(1, 2), (ac.FAR, 8)]
    ac.act(s, "move_bug", row=1, col=2)
    assert ac.fleas(s) == [(1, 2)] and ac.phase(s) == "draw card"
    assert not any(e.text.endswith("moves") and "flea" in e.text for e in s.events())


def test_AC_9_2_flea_may_drop_mushrooms_in_the_squares_it_leaves(ac):
    """AC-9.2: after each square the owner may put a supply mushroom where the flea just was."""
    s = bugs_move(ac, gnome=(0, 8), fleas=[(6, 2)], centipedes=lone(ac))
    ac.act(s, "move_bug", row=6, col=2)
    assert ac.phase(s) == "flea mushroom drop" and ac.kinds(s) == ["drop_mushroom", "no_mushroom"]
    assert ac.targets(s, "drop_mushroom") == [(6, 2)]
    ac.act(s, "drop_mushroom")
    before = len(s.events())
    ac.act(s, "no_mushroom")
    assert ac.mushrooms(s) == {(6, 2)}
    assert ac.fleas(s) == [(4, 2)] and ac.supply(s) == 29
    # declining is logged too, so the choice is seen to be taken (everyone sees it: the flea is public)
    said = [e for e in s.events()[before:] if e.rule == "AC-9.2"]
    assert [e.text for e in said] == ["the flea drops no mushroom at r5c2"] and said[0].visible_to is None


def test_AC_8_spider_must_move_when_it_can(ac):
    """AC-8 (AC-D14 revised): "you must move all of your Bugs": a spider's destinations are 1 or more squares
    away; it cannot choose to stay put."""
    s = bugs_move(ac, gnome=(0, 8), spiders=[(5, 4)], centipedes=lone(ac))
    ac.act(s, "move_bug", row=5, col=4)
    targets = ac.targets(s, "spider_to")
    assert (5, 4) not in targets and len(targets) > 0
    assert all(max(abs(r - 5), abs(c - 4)) >= 1 for r, c in targets)


def test_AC_8_a_boxed_in_spider_stays_without_a_decision(ac):
    """AC-8: a spider with no square to move to (bugs that stay ahead of it, the Gnome row behind) stays where it
    is: it is not among the bugs to move, and the event says so with its rule. 4 players: the blue fleas in
    front of the red spider do not move on red's turn."""
    far = ac.FAR
    s = ac.pos(
        4,
        to_move=1,
        hand={"red": (), "blue": ("Spawn Flea",)},
        spiders=[(far, 0)],
        fleas=[{"square": (far - 1, 0), "colour": "blue"}, {"square": (far - 1, 1), "colour": "blue"}],
        centipedes=[cent([(5, 8)], "left"), cent([(9, 8)], "left", "blue")],
    )
    assert ac.spiders(s) == [(far, 0)] and ac.phase(s) == "draw card"  # the red centipede moved on its own
    said = [e for e in s.events() if e.rule == "AC-8"]
    assert [e.text for e in said] == [f"the spider at r{far}c0 has no square to move to: it stays"]


def test_AC_8_a_spider_boxed_in_at_first_moves_once_a_bug_moves_out_of_its_way(ac):
    """AC-8 ("you must move all of your Bugs"): the order of the moves is the player's; a spider boxed in by the
    centipede is not offered while boxed in, and must move once the centipede has moved out of its way."""
    s = bugs_move(ac, gnome=(0, 8), spiders=[(1, 0)], centipedes=[cent([(2, 1), (2, 0)], "right")])
    assert ac.cents(s) == [[(2, 4), (2, 3)]] and ac.phase(s) == "spider destination"
    assert (2, 0) in ac.targets(s, "spider_to")
