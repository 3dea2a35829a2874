"""The Centipede's turn and its cards (AC-6)."""

from __future__ import annotations

from boardcade import CHANCE


def cturn(ac, hand, cent=None, facing="left", **description):
    """The Gnome at r0c4, one red centipede (default: 6 segments on the far field row), the Centipede to play
    from `hand`."""
    cent = cent or [(ac.FAR, 3 + i) for i in range(6)]
    s = ac.pos(gnome=(0, 4), centipedes=[{"segments": cent, "facing": facing}], hand=hand, to_move=1, **description)
    assert ac.phase(s) == "play a card" and s.current_player() == 1
    return s


def weights(s) -> dict[str, float]:
    return {s.action_info(a)["args"]["card"]: p for a, p in s.chance_outcomes()}


def test_AC_6_1_turn_is_play_then_move_all_bugs_in_chosen_order_then_draw(ac):
    """AC-6.1: play one card, then the player picks which bug moves first, each bug's whole move at a time,
    then one card is drawn."""
    s = cturn(ac, ("Berserk!",), spiders=[(5, 0)], fleas=[(6, 6)])
    assert [i["args"]["card"] for i in ac.choices(s)] == ["Berserk!"]
    ac.act(s, "play", card="Berserk!")
    ac.act(s, "berserk", row=ac.FAR, col=3)
    assert ac.phase(s) == "choose bug to move"
    assert sorted(ac.targets(s, "move_bug")) == sorted([(ac.FAR - 2, 3), (5, 0), (6, 6)])
    ac.act(s, "move_bug", row=5, col=0)
    assert ac.phase(s) == "spider destination"
    ac.act(s, "spider_to", row=7, col=0)
    assert sorted(ac.targets(s, "move_bug")) == sorted([(ac.FAR - 2, 3), (6, 6)])
    ac.act(s, "move_bug", row=6, col=6)  # the flea moves 2, asked about a mushroom after each square
    ac.act(s, "no_mushroom")
    ac.act(s, "no_mushroom")
    assert ac.fleas(s) == [(4, 6)]
    # the centipede, the last bug, moved on its own; then one card is drawn
    assert ac.phase(s) == "draw card" and s.current_player() == CHANCE
    assert ac.side(s, viewer=1)["hand"] == []
    assert {s.action_info(a)["kind"] for a in s.legal_actions()} == {"draw"}
    ac.draw(s, "Spawn Flea")
    assert ac.side(s, viewer=1)["hand"] == ["Spawn Flea"]


def test_AC_6_1_single_bug_left_moves_without_a_choice(ac):
    """AC-6.1: when only one bug is left to move it moves on its own."""
    s = cturn(ac, ("Berserk!",))
    ac.act(s, "play", card="Berserk!")
    ac.act(s, "berserk", row=ac.FAR, col=3)
    assert ac.phase(s) == "draw card"


def test_AC_6_2_deck_composition_and_reshuffle_of_discard(ac):
    """AC-6.2: 11 cards per deck (2 Spawn Centipede, 3 Spider, 3 Flea, 2 Mushroom, 1 Berserk); an empty deck
    is rebuilt from the discard pile at the next draw."""
    s = cturn(ac, ("Berserk!",), deck=())
    assert ac.side(s)["deck_size"] == 0
    assert ac.side(s)["discard"] == {"Spawn Centipede": 2, "Spawn Spider": 3, "Spawn Flea": 3, "Mushroom": 2}
    ac.act(s, "play", card="Berserk!")
    ac.act(s, "berserk", row=ac.FAR, col=3)
    assert ac.phase(s) == "draw card"
    assert weights(s) == {
        "Spawn Centipede": 2 / 11,
        "Spawn Spider": 3 / 11,
        "Spawn Flea": 3 / 11,
        "Mushroom": 2 / 11,
        "Berserk!": 1 / 11,
    }
    assert ac.side(s)["discard"] == {} and "AC-6.2" in ac.rules_fired(s)
    ac.draw(s, "Spawn Spider")
    assert ac.side(s, viewer=1)["hand"] == ["Spawn Spider"] and ac.side(s)["deck_size"] == 10
    assert s.current_player() == 0 and ac.phase(s) == "choose die"


def test_AC_6_3_spawn_bug_card_without_pieces_has_no_effect(ac):
    """AC-6.3: Spawn Flea with all 3 fleas on the board does nothing; Spawn Spider likewise."""
    bugs = {"fleas": [(3, 0), (3, 1), (3, 2)], "spiders": [(5, 6), (5, 7), (5, 8)]}
    s = cturn(ac, ("Spawn Flea",), **bugs)
    ac.act(s, "play", card="Spawn Flea")
    assert len(ac.fleas(s)) == 3 and ac.side(s)["discard"] == {"Spawn Flea": 1}
    assert not ac.can(s, "spawn_flea")
    assert any(e.rule == "AC-6.3" and "no effect" in e.text for e in s.events())
    s = cturn(ac, ("Spawn Spider",), **bugs)
    ac.act(s, "play", card="Spawn Spider")
    assert any(e.rule == "AC-6.3" and "no effect" in e.text for e in s.events())


def test_AC_6_4_spawn_flea_on_far_row_and_it_moves_this_turn(ac):
    """AC-6.4: the flea appears on an empty square of the row farthest from the enemy Gnome and moves 2."""
    s = cturn(ac, ("Spawn Flea",), cent=[(5, 5 + i) for i in range(4)])
    ac.act(s, "play", card="Spawn Flea")
    assert ac.phase(s) == "flea spawn square"
    assert ac.targets(s, "spawn_flea") == [(ac.FAR, c) for c in range(9)]
    ac.act(s, "spawn_flea", col=2)
    assert ac.fleas(s) == [(ac.FAR, 2)]
    assert ac.phase(s) == "choose bug to move"
    ac.act(s, "move_bug", row=ac.FAR, col=2)
    ac.act(s, "no_mushroom")
    ac.act(s, "no_mushroom")
    assert ac.fleas(s) == [(ac.FAR - 2, 2)]


def test_AC_6_5_spawn_spider_after_movement_on_an_edge_column(ac):
    """AC-6.5: the spider is placed after the bugs moved, in column 0 or 8, and does not move that turn."""
    s = cturn(ac, ("Spawn Spider",), mushrooms=[(2, 0)])
    ac.act(s, "play", card="Spawn Spider")
    assert ac.phase(s) == "spider spawn square"
    assert ac.cents(s)[0][0] == (ac.FAR, 2)  # the centipede has already moved
    squares = ac.targets(s, "spawn_spider")
    assert {c for _, c in squares} == {0, 8} and all(1 <= r <= ac.FAR for r, _ in squares)
    assert (2, 0) not in squares  # not empty
    ac.act(s, "spawn_spider", row=4, col=0)
    assert ac.spiders(s) == [(4, 0)]
    assert ac.phase(s) == "draw card"


def test_AC_6_6_spawn_centipede_regathers_shot_segments_and_tucks_for_speed(ac):
    """AC-6.6: off-board segments form a new centipede entering 6 squares from a chosen spawn point; the card
    is tucked (+1 speed to all bugs) instead of discarded."""
    s = cturn(ac, ("Spawn Centipede",), cent=[(5, 4), (5, 5)])
    ac.act(s, "play", card="Spawn Centipede")
    assert ac.phase(s) == "choose spawn point"
    assert ac.targets(s, "spawn_centipede") == [(ac.FAR, 0), (ac.FAR, 8)]
    ac.act(s, "spawn_centipede", col=8)
    assert sorted(len(c) for c in ac.cents(s)) == [2, 4]
    new = [c for c in ac.cents(s) if len(c) == 4][0]
    assert new == [(ac.FAR, 3), (ac.FAR, 4), (ac.FAR, 5), (ac.FAR, 6)]
    assert ac.side(s)["tucked_spawn_centipede"] == 1 and ac.side(s)["speed_bonus"] == 1
    assert "Spawn Centipede" not in ac.side(s)["discard"]
    # AC-7.6: the new centipede has made its move; the old one (length 2: speed 3 + 1) moves 4.
    assert ac.phase(s) == "draw card"
    old = [c for c in ac.cents(s) if len(c) == 2][0]
    assert old[0] == (5, 0)


def test_AC_6_6_spawn_centipede_with_all_segments_on_board_is_discarded(ac):
    """AC-6.6: with no segment off the board the card has no effect and gives no speed."""
    s = cturn(ac, ("Spawn Centipede",))
    ac.act(s, "play", card="Spawn Centipede")
    assert ac.side(s)["tucked_spawn_centipede"] == 0 and ac.side(s)["discard"] == {"Spawn Centipede": 1}


def test_AC_6_6_spawn_centipede_entry_clears_a_mushroom_on_the_spawn_point(ac):
    """AC-6.6: whatever stands on the spawn square is removed as the new centipede enters."""
    s = cturn(ac, ("Spawn Centipede",), cent=[(5, 4)], mushrooms=[(ac.FAR, 0)])
    ac.act(s, "play", card="Spawn Centipede")
    ac.act(s, "spawn_centipede", col=0)
    assert [c for c in ac.cents(s) if len(c) == 5][0] == [
        (ac.FAR, 5),
        (ac.FAR, 4),
        (ac.FAR, 3),
        (ac.FAR, 2),
        (ac.FAR, 1),
    ]
    assert (ac.FAR, 0) not in ac.mushrooms(s) and ac.supply(s) == 30


def test_AC_6_7_mushroom_card_removes_or_places_away_from_segments(ac):
    """AC-6.7: any mushroom may be removed; a new one goes on an empty field square not on a spawn point and
    not next to any centipede segment."""
    s = cturn(ac, ("Mushroom",), cent=[(5, 4), (5, 5)], mushrooms=[(2, 2)])
    ac.act(s, "play", card="Mushroom")
    assert ac.phase(s) == "mushroom card square"
    assert ac.targets(s, "remove_mushroom") == [(2, 2)]
    place = set(ac.targets(s, "place_mushroom"))
    for square in [(4, 3), (4, 4), (6, 6), (5, 3), (5, 6), (2, 2)]:
        assert square not in place
    assert (5, 2) in place and (3, 4) in place
    assert not {(1, 0), (1, 8), (ac.FAR, 0), (ac.FAR, 8)} & place
    assert not [r for r, _ in place if r in (0, ac.LAST)]
    ac.act(s, "place_mushroom", row=3, col=4)
    assert ac.mushrooms(s) == {(2, 2), (3, 4)}


def test_AC_6_7_mushroom_card_with_empty_supply_can_only_remove(ac):
    """AC-6.7: with no mushroom left in the supply only removals are offered."""
    all30 = ac.filler(30, (2, 3, 4, 5))
    s = cturn(ac, ("Mushroom",), mushrooms=all30)
    ac.act(s, "play", card="Mushroom")
    assert not ac.can(s, "place_mushroom")
    assert sorted(ac.targets(s, "remove_mushroom")) == sorted(all30)
    ac.act(s, "remove_mushroom", row=2, col=2)
    assert ac.supply(s) == 1


def test_AC_6_8_berserk_two_drops_then_normal_move(ac):
    """AC-6.8: the chosen centipede drops two rows toward the Gnome (reversing each time), removing what is
    there, then still makes its normal move."""
    s = cturn(ac, ("Berserk!",), cent=[(6, 4), (6, 5), (6, 6)], mushrooms=[(4, 4)])
    ac.act(s, "play", card="Berserk!")
    assert ac.phase(s) == "berserk centipede" and ac.targets(s, "berserk") == [(6, 4)]
    ac.act(s, "berserk", row=6, col=4)
    # drop to r5c4 (face right), drop to r4c4 removing the mushroom (face left), then 3 squares left
    assert ac.cents(s) == [[(4, 1), (4, 2), (4, 3)]]
    assert ac.supply(s) == 30


def test_AC_6_6_entry_onto_the_colours_only_segment_is_no_win_for_the_gnome(ac):
    """AC-6.6 (AC-D8, added text): the colour's only segment stands on the chosen spawn square. The entering
    centipede (5 long: the length is counted before the entry) removes it; the segment goes off the board, and
    since the colour has the entering centipede on the board once the entry is complete, nobody has won
    (version 1 declared the Gnome the winner here)."""
    s = cturn(ac, ("Spawn Centipede",), cent=[(ac.FAR, 8)], facing="left")
    ac.act(s, "play", card="Spawn Centipede")
    ac.act(s, "spawn_centipede", col=8)
    assert not s.is_terminal() and s.returns() == [0.0, 0.0]
    assert ac.cents(s) == [[(ac.FAR, c) for c in range(3, 8)]]  # 6 squares in: its tail has left r FAR c8
    assert ac.side(s)["segments_on_board"] == 5  # one segment is off the board
    assert any(e.rule == "AC-6.6" and "centipede segment at" in e.text for e in s.events())
    assert "AC-3.2" not in ac.rules_fired(s)
    assert ac.phase(s) == "draw card"
    # The segment that went off the board comes back with a later Spawn Centipede.
    s2 = cturn(ac, ("Spawn Centipede",), cent=[(ac.FAR - 3, c) for c in range(5)], tucked=1)
    ac.act(s2, "play", card="Spawn Centipede")
    ac.act(s2, "spawn_centipede", col=0)
    assert sorted(len(c) for c in ac.cents(s2)) == [1, 5] and ac.side(s2)["tucked_spawn_centipede"] == 2


def test_AC_6_6_entry_removing_the_other_colours_last_segment_ends_the_game_after_the_entry(ac):
    """AC-6.6 (AC-D8): in 4 players an entering centipede that removes the other colour's last segment on its
    spawn square wins for its team, once the entry is complete (the new centipede stands on the board)."""
    red = {"segments": [(5, 4)], "facing": "left", "colour": "red"}
    blue = {"segments": [(1, 8)], "facing": "left", "colour": "blue"}  # on red's spawn point r1c8
    s = ac.pos(4, gnomes=((0, 4), (ac.LAST, 4)), centipedes=[red, blue], hand={"red": ("Spawn Centipede",)}, to_move=1)
    ac.act(s, "play", card="Spawn Centipede")
    ac.act(s, "spawn_centipede", col=8)
    assert s.is_terminal() and s.returns() == [1.0, 1.0, -1.0, -1.0]
    assert s.events()[-1].rule == "AC-3.2" and "blue" in s.events()[-1].text
    assert [len(c) for c in ac.cents(s, "red")] == [1, 5]  # the entry was completed first
