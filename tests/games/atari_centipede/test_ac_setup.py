"""Board, pieces and setup of Atari's Centipede (AC-1, AC-2, AC-3.1)."""

from __future__ import annotations

import math

import pytest

from boardcade import CHANCE, GameError, IllegalActionError
from boardcade.games.atari_centipede.turns import P_GCHOOSE, P_GPLACE, P_SEED, P_SEED_CHANCE


def test_board_is_9_by_12_with_two_gnome_rows_and_a_field(ac):
    """AC-1.1: 9 columns x 12 rows; rows 0 and 11 are Gnome Movement Areas, no mushroom ever seeded there."""
    s = ac.new()
    legal = s.legal_actions()
    rows = {a // 9 for a in legal}
    assert rows == set(range(1, 11))
    assert {a % 9 for a in legal} == set(range(9))
    ac.seed_all(s)
    mush = [tuple(m) for m in s.observation(None)["mushrooms"]]
    assert all(1 <= r <= 10 for r, _ in mush)


def test_spawn_points_are_the_marked_squares_of_the_centipede_end(ac):
    """AC-1.2: the Centipede chooses r10c0 or r10c8 when the Gnome holds row 0, r1c0 or r1c8 when row 11."""
    s = ac.new()
    ac.seed_all(s)
    s.apply_action(ac.sq(0, 4))
    for f in range(6):
        s.apply_action(f)
    for k in (0, 1, 2):
        s.apply_action(k)
    assert s.legal_actions() == [ac.sq(10, 0), ac.sq(10, 8)]
    s = ac.new()
    ac.seed_all(s)
    s.apply_action(ac.sq(11, 4))
    for f in range(6):
        s.apply_action(f)
    for k in (0, 1, 2):
        s.apply_action(k)
    assert s.legal_actions() == [ac.sq(1, 0), ac.sq(1, 8)]


def test_supplies_of_mushrooms_fleas_spiders_and_segments(ac):
    """AC-1.3: 30 mushrooms, 3 fleas, 3 spiders and 6 segments per colour."""
    s = ac.new()
    obs = s.observation(None)
    assert obs["mushroom_supply"] == 30
    assert obs["bug_supply"] == {"fleas": 3, "spiders": 3}
    s = ac.setup2()
    assert s.segs == [6]
    assert len(s.cents) == 1 and len(s.cents[0][1]) == 6


def test_roles_fixed_player_0_gnome_player_1_centipede(ac):
    """AC-2.1: in 2 players, player 0 is the Gnome and player 1 the Centipede from the start."""
    s = ac.new()
    assert s.roles() == ["gnome", "centipede"]
    ac.seed_all(s)
    assert s.phase == P_GPLACE and s.current_player() == 0


def test_seeding_alternates_centipede_first_three_per_empty_column(ac):
    """AC-2.2: the Centipede seeds first, 3 mushrooms in one empty column, then the Gnome; 3 left over."""
    s = ac.new()
    assert s.phase == P_SEED and s.current_player() == 1
    s.apply_action(ac.sq(5, 4))
    assert s.current_player() == 1
    assert {a % 9 for a in s.legal_actions()} == {4}
    assert ac.sq(5, 4) not in s.legal_actions()
    with pytest.raises(IllegalActionError):
        s.apply_action(ac.sq(5, 3))
    s.apply_action(ac.sq(1, 4))
    s.apply_action(ac.sq(10, 4))
    assert s.current_player() == 0
    assert 4 not in {a % 9 for a in s.legal_actions()}
    ac.seed_all(s)
    assert s.supply == 3
    assert s._col_mush == [3] * 9


def test_seeding_never_on_a_spawn_point(ac):
    """AC-2.2: no mushroom may be seeded on any of the four spawn points."""
    s = ac.new()
    spawns = {ac.sq(1, 0), ac.sq(1, 8), ac.sq(10, 0), ac.sq(10, 8)}
    assert not spawns & set(s.legal_actions())
    s.apply_action(ac.sq(5, 0))
    assert not spawns & set(s.legal_actions())
    assert len(s.legal_actions()) == 7


def test_random_setup_seeds_by_chance_then_players_choose(ac):
    """AC-2.3: setup="random" seeds 3 mushrooms per column by chance; end, square and spawn are still chosen."""
    s = ac.new(setup="random")
    assert s.phase == P_SEED_CHANCE and s.current_player() == CHANCE
    outcomes = s.chance_outcomes()
    assert [a for a, _ in outcomes] == [2, 3, 4, 5, 6, 7, 8, 9]  # column 0: rows 1 and 10 are spawn points
    assert math.isclose(sum(p for _, p in outcomes), 1.0)
    for _ in range(27):
        s.apply_action(s.chance_outcomes()[0][0])
    assert s.supply == 3 and s._col_mush == [3] * 9
    assert s.phase == P_GPLACE and s.current_player() == 0


def test_bad_options_are_rejected(ac):
    """AC-2.3: options are checked: setup must be 'players' or 'random', players 2 or 4."""
    with pytest.raises(GameError, match="setup"):
        ac.new(setup="chaos")
    with pytest.raises(GameError, match="players"):
        ac.new(players=3)


def test_gnome_chooses_end_and_square(ac):
    """AC-2.4: the Gnome may start on any square of row 0 or row 11."""
    s = ac.new()
    ac.seed_all(s)
    assert s.legal_actions() == [ac.sq(0, c) for c in range(9)] + [ac.sq(11, c) for c in range(9)]
    s.apply_action(ac.sq(11, 2))
    assert s.observation(None)["gnomes"][0]["square"] == [11, 2]


def test_gnome_rolls_six_dice_and_holds_four_face_up_cards(ac):
    """AC-2.5: after placing, 6 dice are rolled (one chance node each, 1/6 per face); 4 cards face up."""
    s = ac.new()
    ac.seed_all(s)
    s.apply_action(ac.sq(0, 4))
    for i in range(6):
        assert s.current_player() == CHANCE
        assert s.chance_outcomes() == [(f, 1 / 6) for f in range(6)]
        s.apply_action(i)
    assert sum(s.pool) == 6
    cards = s.observation(0)["gnomes"][0]["cards"]
    assert cards == {"Wrist Control": True, "Trigger Finger": True, "Slam the Ball": True, "Glitch": True}


def test_centipede_draws_hand_of_three_from_shuffled_deck(ac):
    """AC-2.6: three draws, each weighted by the 11-card deck's contents; the hand is seen by its owner."""
    s = ac.new()
    ac.seed_all(s)
    s.apply_action(ac.sq(0, 4))
    for f in range(6):
        s.apply_action(f)
    assert s.chance_outcomes() == [(0, 2 / 11), (1, 3 / 11), (2, 3 / 11), (3, 2 / 11), (4, 1 / 11)]
    s.apply_action(4)
    assert s.chance_outcomes() == [(0, 2 / 10), (1, 3 / 10), (2, 3 / 10), (3, 2 / 10)]
    s.apply_action(0)
    s.apply_action(0)
    assert s.observation(1)["centipede_players"][0]["hand"] == ["Spawn Centipede", "Spawn Centipede", "Berserk!"]
    assert "hand" not in s.observation(0)["centipede_players"][0]
    assert s.observation(0)["centipede_players"][0]["hand_size"] == 3


def test_centipede_enters_six_squares_from_the_chosen_spawn_point(ac):
    """AC-2.7: the 6-segment centipede enters through the spawn square facing inward and moves 6 squares."""
    s = ac.setup2(spawn_col=8)
    assert ac.cents_of(s) == [[(10, 3), (10, 4), (10, 5), (10, 6), (10, 7), (10, 8)]]
    assert s.cents[0][2][0] == -1
    s = ac.setup2(spawn_col=0)
    assert ac.cents_of(s) == [[(10, 5), (10, 4), (10, 3), (10, 2), (10, 1), (10, 0)]]
    assert s.cents[0][2][0] == 1


def test_entry_follows_centipede_movement_rules(ac):
    """AC-2.7: an entering centipede that meets a mushroom drops toward the Gnome and reverses."""
    s = ac.new()
    ac.seed_all(s)
    s.apply_action(ac.sq(0, 4))
    for f in range(6):
        s.apply_action(f)
    for k in (0, 1, 2):
        s.apply_action(k)
    ac.put_mush(s, (10, 3))
    s.apply_action(ac.sq(10, 0))
    # r10c0, c1, c2, then drop to r9c2 (mushroom at r10c3), then left: r9c1, r9c0
    assert ac.cents_of(s) == [[(9, 0), (9, 1), (9, 2), (10, 2), (10, 1), (10, 0)]]


def test_gnome_moves_first(ac):
    """AC-3.1: once setup is over the Gnome takes the first turn."""
    s = ac.setup2()
    assert s.phase == P_GCHOOSE and s.current_player() == 0
    assert s.round == 1
