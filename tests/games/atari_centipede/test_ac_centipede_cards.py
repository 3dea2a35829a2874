"""The Centipede's turn and its cards (AC-6)."""

from __future__ import annotations

from boardcade import CHANCE
from boardcade.games.atari_centipede import board as B
from boardcade.games.atari_centipede.turns import (
    P_CBERSERK,
    P_CFLEA,
    P_CMOVE,
    P_CMUSH,
    P_CPLAY,
    P_CSPIDER,
    P_CSPIDERSPAWN,
    P_DRAW,
    P_GCHOOSE,
    P_SPAWN,
)

PLAY = B.PLAY_BASE


def cturn(ac, hand=(1, 1, 1, 1, 1), cent=None, facing=-1):
    """The Gnome at r0c4, the field cleared, one red centipede, the Centipede to play from `hand`."""
    s = ac.setup2(gnome=(0, 4))
    ac.clear(s)
    ac.put_cent(s, cent or [(10, 3 + i) for i in range(6)], facing)
    ac.start_centipede_turn(s, hand=list(hand))
    assert s.phase == P_CPLAY and s.current_player() == 1
    return s


def test_turn_is_play_then_move_all_bugs_in_chosen_order_then_draw(ac):
    """AC-6.1: play one card, then the player picks which bug moves first, each bug's whole move at a time,
    then one card is drawn."""
    s = cturn(ac, hand=(0, 0, 0, 0, 3))
    ac.put_bug(s, "spider", (5, 0))
    ac.put_bug(s, "flea", (6, 6))
    s._legal_cache = None
    assert s.legal_actions() == [PLAY + B.BERSERK]
    s.apply_action(PLAY + B.BERSERK)
    s.apply_action(ac.sq(10, 3))
    assert s.phase == P_CMOVE
    assert s.legal_actions() == sorted([ac.sq(8, 3), ac.sq(5, 0), ac.sq(6, 6)])
    s.apply_action(ac.sq(5, 0))
    assert s.phase == P_CSPIDER
    s.apply_action(ac.sq(7, 0))
    assert s.legal_actions() == sorted([ac.sq(8, 3), ac.sq(6, 6)])
    s.apply_action(ac.sq(6, 6))  # flea: moves 2 (no supply question when the supply is empty)
    s.supply = 0
    while s.phase != P_DRAW:
        s.apply_action(s.legal_actions()[0])
    assert s.current_player() == CHANCE and s.hand[0][B.BERSERK] == 2


def test_single_bug_left_moves_without_a_choice(ac):
    """AC-6.1: when only one bug is left to move it moves on its own."""
    s = cturn(ac, hand=(0, 0, 0, 0, 1))
    s.apply_action(PLAY + B.BERSERK)
    s.apply_action(ac.sq(10, 3))
    assert s.phase == P_DRAW


def test_deck_composition_and_reshuffle_of_discard(ac):
    """AC-6.2: 11 cards per deck (2 Spawn Centipede, 3 Spider, 3 Flea, 2 Mushroom, 1 Berserk); an empty deck
    is rebuilt from the discard pile at the next draw."""
    assert B.DECK == (2, 3, 3, 2, 1) and sum(B.DECK) == 11
    s = cturn(ac, hand=(0, 0, 0, 0, 1))
    s.deck[0] = [0, 0, 0, 0, 0]
    s.discard[0] = [0, 2, 0, 1, 0]
    s.apply_action(PLAY + B.BERSERK)
    s.apply_action(ac.sq(10, 3))
    assert s.phase == P_DRAW
    assert s.chance_outcomes() == [(1, 2 / 4), (3, 1 / 4), (4, 1 / 4)]
    assert s.discard[0] == [0, 0, 0, 0, 0]
    s.apply_action(1)
    assert s.hand[0] == [0, 1, 0, 0, 0] and s.deck[0] == [0, 1, 0, 1, 1]
    assert s.current_player() == 0 and s.phase == P_GCHOOSE


def test_spawn_bug_card_without_pieces_has_no_effect(ac):
    """AC-6.3: Spawn Flea with all 3 fleas on the board does nothing; Spawn Spider likewise."""
    s = cturn(ac, hand=(0, 1, 1, 0, 0))
    s.flea_supply = 0
    s.spider_supply = 0
    s.apply_action(PLAY + B.SPAWN_FLEA)
    assert s.fleas == [] and s.discard[0][B.SPAWN_FLEA] == 1
    assert any("no effect" in e.text for e in s.events()[-3:])


def test_spawn_flea_on_far_row_and_it_moves_this_turn(ac):
    """AC-6.4: the flea appears on an empty square of the row farthest from the enemy Gnome and moves 2."""
    s = cturn(ac, hand=(0, 0, 1, 0, 0), cent=[(5, 5 + i) for i in range(4)])
    s.apply_action(PLAY + B.SPAWN_FLEA)
    assert s.phase == P_CFLEA
    assert s.legal_actions() == [ac.sq(10, c) for c in range(9)]
    s.apply_action(ac.sq(10, 2))
    assert s.phase == P_CMOVE
    s.apply_action(ac.sq(10, 2))
    s.apply_action(B.SKIP)
    s.apply_action(B.SKIP)
    assert s.fleas[0][0] == ac.sq(8, 2)


def test_spawn_spider_after_movement_on_an_edge_column(ac):
    """AC-6.5: the spider is placed after the bugs moved, in column 0 or 8, and does not move that turn."""
    s = cturn(ac, hand=(0, 1, 0, 0, 0))
    ac.put_mush(s, (2, 0))
    s.apply_action(PLAY + B.SPAWN_SPIDER)
    assert s.phase == P_CSPIDERSPAWN
    assert ac.cents_of(s)[0][0] == (10, 2)  # the centipede has already moved
    legal = s.legal_actions()
    assert {a % 9 for a in legal} == {0, 8} and all(1 <= a // 9 <= 10 for a in legal)
    assert ac.sq(2, 0) not in legal  # not empty
    s.apply_action(ac.sq(4, 0))
    assert s.spiders == [[ac.sq(4, 0), 0, True]]
    assert s.phase == P_DRAW


def test_spawn_centipede_regathers_shot_segments_and_tucks_for_speed(ac):
    """AC-6.6: off-board segments form a new centipede entering 6 squares from a chosen spawn point; the card
    is tucked (+1 speed to all bugs) instead of discarded."""
    s = cturn(ac, hand=(1, 0, 0, 0, 0), cent=[(5, 4), (5, 5)], facing=-1)
    s.apply_action(PLAY + B.SPAWN_CENT)
    assert s.phase == P_SPAWN and s.legal_actions() == [ac.sq(10, 0), ac.sq(10, 8)]
    s.apply_action(ac.sq(10, 8))
    assert sorted(len(c) for c in ac.cents_of(s)) == [2, 4]
    new = [c for c in ac.cents_of(s) if len(c) == 4][0]
    assert new == [(10, 3), (10, 4), (10, 5), (10, 6)]
    assert s.tucked[0] == 1 and s.discard[0][B.SPAWN_CENT] == 0
    assert s.observation(0)["centipede_players"][0]["tucked_spawn_centipede"] == 1
    # AC-7.6: the new centipede has made its move; the old one (length 2: speed 3 + 1) moves 4.
    assert s.phase == P_DRAW
    old = [c for c in ac.cents_of(s) if len(c) == 2][0]
    assert old[0] == (5, 0)


def test_spawn_centipede_with_all_segments_on_board_is_discarded(ac):
    """AC-6.6: with no segment off the board the card has no effect and gives no speed."""
    s = cturn(ac, hand=(1, 0, 0, 0, 0))
    s.apply_action(PLAY + B.SPAWN_CENT)
    assert s.tucked[0] == 0 and s.discard[0][B.SPAWN_CENT] == 1


def test_spawn_centipede_entry_clears_a_mushroom_on_the_spawn_point(ac):
    """AC-6.6: whatever stands on the spawn square is removed as the new centipede enters."""
    s = cturn(ac, hand=(1, 0, 0, 0, 0), cent=[(5, 4)])
    ac.put_mush(s, (10, 0))
    s.apply_action(PLAY + B.SPAWN_CENT)
    s.apply_action(ac.sq(10, 0))
    assert [c for c in ac.cents_of(s) if len(c) == 5][0] == [(10, 5), (10, 4), (10, 3), (10, 2), (10, 1)]
    assert s.board[ac.sq(10, 0)] == B.EMPTY and s.supply == 30


def test_mushroom_card_removes_or_places_away_from_segments(ac):
    """AC-6.7: any mushroom may be removed; a new one goes on an empty field square not on a spawn point and
    not next to any centipede segment."""
    s = cturn(ac, hand=(0, 0, 0, 1, 0), cent=[(5, 4), (5, 5)])
    ac.put_mush(s, (2, 2))
    s.apply_action(PLAY + B.MUSHROOM_CARD)
    assert s.phase == P_CMUSH
    legal = set(s.legal_actions())
    assert ac.sq(2, 2) in legal
    for r, c in [(4, 3), (4, 4), (6, 6), (5, 3), (5, 6)]:
        assert ac.sq(r, c) not in legal
    assert ac.sq(5, 2) in legal and ac.sq(3, 4) in legal
    assert not {ac.sq(1, 0), ac.sq(1, 8), ac.sq(10, 0), ac.sq(10, 8)} & legal
    assert not [a for a in legal if a // 9 in (0, 11)]
    assert s.action_info(ac.sq(2, 2))["kind"] == "remove_mushroom"
    assert s.action_info(ac.sq(3, 4))["kind"] == "place_mushroom"
    s.apply_action(ac.sq(3, 4))
    assert s.board[ac.sq(3, 4)] == B.MUSH


def test_mushroom_card_with_empty_supply_can_only_remove(ac):
    """AC-6.7: with no mushroom left in the supply only removals are offered."""
    s = cturn(ac, hand=(0, 0, 0, 1, 0))
    ac.put_mush(s, (2, 2))
    s.supply = 0
    s.apply_action(PLAY + B.MUSHROOM_CARD)
    assert s.legal_actions() == [ac.sq(2, 2)]
    s.apply_action(ac.sq(2, 2))
    assert s.supply == 1


def test_berserk_two_drops_then_normal_move(ac):
    """AC-6.8: the chosen centipede drops two rows toward the Gnome (reversing each time), removing what is
    there, then still makes its normal move."""
    s = cturn(ac, hand=(0, 0, 0, 0, 1), cent=[(6, 4), (6, 5), (6, 6)], facing=-1)
    ac.put_mush(s, (4, 4))
    s.apply_action(PLAY + B.BERSERK)
    assert s.phase == P_CBERSERK and s.legal_actions() == [ac.sq(6, 4)]
    s.apply_action(ac.sq(6, 4))
    # drop to r5c4 (face right), drop to r4c4 removing the mushroom (face left), then 3 squares left
    assert ac.cents_of(s) == [[(4, 1), (4, 2), (4, 3)]]
    assert s.supply == 30
