"""Board, pieces and setup of Atari's Centipede (AC-1, AC-2, AC-3.1), played through the contract."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from boardcade import CHANCE, GameError, IllegalActionError


def seed_all(ac, s) -> None:
    """Players' seeding: every placement takes the lowest legal square."""
    while ac.phase(s) == "seed mushrooms":
        s.apply_action(s.legal_actions()[0])


def to_spawn_choice(ac, s, gnome=(0, 4), hand=("Spawn Centipede", "Spawn Spider", "Spawn Flea")) -> None:
    """After seeding: place the Gnome, roll 1-6, deal `hand`; the Centipede is to choose its spawn point."""
    seed_all(ac, s)
    ac.act(s, "place_gnome", row=gnome[0], col=gnome[1])
    ac.roll(s, 1, 2, 3, 4, 5, 6)
    for card in hand:
        ac.draw(s, card)
    assert ac.phase(s) == "choose spawn point"


def test_AC_1_1_board_has_9_columns_two_gnome_rows_and_a_field(ac):
    """AC-1.1: 9 columns; rows 0 and the last row are Gnome Movement Areas, no mushroom is ever seeded there."""
    s = ac.new()
    assert ac.obs(s)["rows"] == ac.LAST + 1
    seeds = ac.targets(s, "seed")
    assert {r for r, _ in seeds} == set(range(1, ac.LAST))
    assert {c for _, c in seeds} == set(range(9))
    seed_all(ac, s)
    assert all(1 <= r <= ac.LAST - 1 for r, _ in ac.mushrooms(s))


def test_AC_1_2_spawn_points_are_the_marked_squares_of_the_centipede_end(ac):
    """AC-1.2: the Centipede chooses the far field row's column 0 or 8 when the Gnome holds row 0, and row 1's
    when the Gnome holds the last row."""
    s = ac.new()
    to_spawn_choice(ac, s, gnome=(0, 4))
    assert ac.targets(s, "spawn_centipede") == [(ac.FAR, 0), (ac.FAR, 8)]
    s = ac.new()
    to_spawn_choice(ac, s, gnome=(ac.LAST, 4))
    assert ac.targets(s, "spawn_centipede") == [(1, 0), (1, 8)]
    assert sorted(map(tuple, ac.obs(s)["spawn_points"])) == [(1, 0), (1, 8), (ac.FAR, 0), (ac.FAR, 8)]


def test_AC_1_3_supplies_of_mushrooms_fleas_spiders_and_segments(ac):
    """AC-1.3: 30 mushrooms, 3 fleas, 3 spiders and 6 segments per colour."""
    s = ac.new()
    assert ac.supply(s) == 30
    assert ac.obs(s)["bug_supply"] == {"fleas": 3, "spiders": 3}
    s = ac.pos()
    assert ac.side(s)["segments_on_board"] == 6
    assert [len(c) for c in ac.cents(s)] == [6]


def test_AC_2_1_roles_fixed_player_0_gnome_player_1_centipede(ac):
    """AC-2.1: in 2 players, player 0 is the Gnome and player 1 the Centipede from the start."""
    s = ac.new()
    assert s.roles() == ["gnome", "centipede"]
    seed_all(ac, s)
    assert ac.phase(s) == "place gnome" and s.current_player() == 0


def test_AC_2_2_seeding_alternates_centipede_first_three_per_empty_column(ac):
    """AC-2.2: the Centipede seeds first, 3 mushrooms in one empty column, then the Gnome; 3 left over."""
    s = ac.new()
    assert ac.phase(s) == "seed mushrooms" and s.current_player() == 1
    ac.act(s, "seed", row=5, col=4)
    assert s.current_player() == 1
    assert {c for _, c in ac.targets(s, "seed")} == {4}
    assert (5, 4) not in ac.targets(s, "seed")
    with pytest.raises(IllegalActionError):
        s.apply_action(ac.find_action(ac.new(), "seed", row=5, col=3))
    ac.act(s, "seed", row=1, col=4)
    ac.act(s, "seed", row=ac.FAR, col=4)
    assert s.current_player() == 0
    assert 4 not in {c for _, c in ac.targets(s, "seed")}
    seed_all(ac, s)
    assert ac.supply(s) == 3
    assert Counter(c for _, c in ac.mushrooms(s)) == {c: 3 for c in range(9)}


def test_AC_2_2_seeding_never_on_a_spawn_point(ac):
    """AC-2.2: no mushroom may be seeded on any of the four spawn points."""
    s = ac.new()
    spawns = {(1, 0), (1, 8), (ac.FAR, 0), (ac.FAR, 8)}
    assert not spawns & set(ac.targets(s, "seed"))
    ac.act(s, "seed", row=5, col=0)
    assert not spawns & set(ac.targets(s, "seed"))
    assert len(ac.targets(s, "seed")) == ac.LAST - 1 - 3  # column 0 less its two spawn points and r5c0


def test_AC_2_3_random_setup_seeds_by_chance_then_players_choose(ac):
    """AC-2.3: setup="random" seeds 3 mushrooms per column by chance; end, square and spawn are still chosen."""
    s = ac.new(setup="random")
    assert ac.phase(s) == "seed mushrooms (random)" and s.current_player() == CHANCE
    outcomes = s.chance_outcomes()
    infos = [s.action_info(a) for a, _ in outcomes]
    assert {i["kind"] for i in infos} == {"seed_mushroom"}
    assert [i["args"]["row"] for i in infos] == list(range(2, ac.FAR))  # column 0: rows 1 and FAR are spawns
    assert all(i["target"] == [i["args"]["row"], 0] for i in infos)
    assert math.isclose(sum(p for _, p in outcomes), 1.0)
    for _ in range(27):
        s.apply_action(s.chance_outcomes()[0][0])
    assert ac.supply(s) == 3 and Counter(c for _, c in ac.mushrooms(s)) == {c: 3 for c in range(9)}
    assert ac.phase(s) == "place gnome" and s.current_player() == 0


def test_AC_2_3_bad_options_are_rejected(ac):
    """AC-2.3: options are checked: setup must be 'players' or 'random', players 2 or 4."""
    with pytest.raises(GameError, match="setup"):
        ac.new(setup="chaos")
    with pytest.raises(GameError, match="players"):
        ac.new(players=3)


def test_AC_2_4_gnome_chooses_end_and_square(ac):
    """AC-2.4: the Gnome may start on any square of row 0 or the last row."""
    s = ac.new()
    seed_all(ac, s)
    assert ac.targets(s, "place_gnome") == [(0, c) for c in range(9)] + [(ac.LAST, c) for c in range(9)]
    ac.act(s, "place_gnome", row=ac.LAST, col=2)
    assert ac.gnome(s) == (ac.LAST, 2)


def test_AC_2_5_gnome_rolls_six_dice_and_holds_four_face_up_cards(ac):
    """AC-2.5: after placing, 6 dice are rolled (one chance node each, 1/6 per face); 4 cards face up."""
    s = ac.new()
    seed_all(ac, s)
    ac.act(s, "place_gnome", row=0, col=4)
    for f in range(1, 7):
        assert s.current_player() == CHANCE
        assert [p for _, p in s.chance_outcomes()] == [1 / 6] * 6
        assert [s.action_info(a)["args"]["face"] for a, _ in s.chance_outcomes()] == [1, 2, 3, 4, 5, 6]
        ac.act(s, "roll", face=f)
    assert ac.pool(s) == [1, 2, 3, 4, 5, 6]
    assert ac.cards(s) == {"Wrist Control": True, "Trigger Finger": True, "Slam the Ball": True, "Glitch": True}


def test_AC_2_6_centipede_draws_hand_of_three_from_shuffled_deck(ac):
    """AC-2.6: three draws, each weighted by the 11-card deck's contents; the hand is seen by its owner."""
    s = ac.new()
    seed_all(ac, s)
    ac.act(s, "place_gnome", row=0, col=4)
    ac.roll(s, 1, 2, 3, 4, 5, 6)

    def weights():
        return {s.action_info(a)["args"]["card"]: p for a, p in s.chance_outcomes()}

    assert weights() == {
        "Spawn Centipede": 2 / 11,
        "Spawn Spider": 3 / 11,
        "Spawn Flea": 3 / 11,
        "Mushroom": 2 / 11,
        "Berserk!": 1 / 11,
    }
    ac.draw(s, "Berserk!")
    assert weights() == {"Spawn Centipede": 2 / 10, "Spawn Spider": 3 / 10, "Spawn Flea": 3 / 10, "Mushroom": 2 / 10}
    ac.draw(s, "Spawn Centipede")
    ac.draw(s, "Spawn Centipede")
    assert ac.side(s, viewer=1)["hand"] == ["Spawn Centipede", "Spawn Centipede", "Berserk!"]
    assert "hand" not in ac.side(s, viewer=0)
    assert ac.side(s, viewer=0)["hand_size"] == 3


def test_AC_2_7_centipede_enters_six_squares_from_the_chosen_spawn_point(ac):
    """AC-2.7: the 6-segment centipede enters through the spawn square facing inward and moves 6 squares."""
    s = ac.new()
    to_spawn_choice(ac, s)
    ac.act(s, "spawn_centipede", col=8)
    assert ac.cents(s) == [[(ac.FAR, c) for c in range(3, 9)]]
    assert ac.facings(s) == [-1]
    s = ac.new()
    to_spawn_choice(ac, s)
    ac.act(s, "spawn_centipede", col=0)
    assert ac.cents(s) == [[(ac.FAR, c) for c in range(5, -1, -1)]]
    assert ac.facings(s) == [1]


def test_AC_2_7_entry_follows_centipede_movement_rules(ac):
    """AC-2.7: an entering centipede that meets a mushroom drops toward the Gnome and reverses."""
    s = ac.new()
    # The Centipede seeds column 3 with a mushroom in the entry row; the rest is seeded lowest first.
    for row in (ac.FAR, 1, 2):
        ac.act(s, "seed", row=row, col=3)
    to_spawn_choice(ac, s)
    ac.act(s, "spawn_centipede", col=0)
    # r FAR c0, c1, c2, then drop to r FAR-1 c2 (mushroom at c3), then left: c1, c0
    f = ac.FAR
    assert ac.cents(s) == [[(f - 1, 0), (f - 1, 1), (f - 1, 2), (f, 2), (f, 1), (f, 0)]]


def test_AC_3_1_gnome_moves_first(ac):
    """AC-3.1: once setup is over the Gnome takes the first turn."""
    s = ac.new()
    to_spawn_choice(ac, s)
    ac.act(s, "spawn_centipede", col=8)
    assert ac.phase(s) == "choose die" and s.current_player() == 0
    assert ac.obs(s)["round"] == 1


def test_AC_1_1_field_rows_option_sets_the_length_of_the_board(ac):
    """AC-1.1 (AC-D1 revised): 18 field rows by default (20 rows in all); `field_rows=10` gives the first
    reconstruction's 12-row board, and every view follows (rows, spawn points, seeding squares)."""
    s = ac.new()
    assert ac.obs(s)["rows"] == 20 and ac.obs(s)["field_rows"] == 18
    for field_rows in (10, 14):
        s = ac.new(field_rows=field_rows)
        obs = ac.obs(s)
        assert obs["rows"] == field_rows + 2 and obs["field_rows"] == field_rows
        assert {r for r, _ in ac.targets(s, "seed")} == set(range(1, field_rows + 1))
        assert sorted(map(tuple, obs["spawn_points"])) == [(1, 0), (1, 8), (field_rows, 0), (field_rows, 8)]
        assert s.game.num_distinct_actions == s.game.codec.size


def test_AC_1_1_field_rows_outside_6_to_30_is_refused(ac):
    """AC-1.1: the option is checked and the error names what is allowed."""
    for bad in (5, 31):
        with pytest.raises(GameError, match="field_rows"):
            ac.new(field_rows=bad)
    with pytest.raises(GameError, match="field_rows"):
        ac.new(field_rows="long")


def test_AC_1_4_shot_bug_on_a_spawn_point_becomes_a_mushroom_there(ac):
    """AC-1.4 (AC-D6c): a mushroom replacing a shot bug goes exactly where the bug was, spawn point or not."""
    s = ac.pos(gnome=(ac.LAST, 8), centipedes=[{"segments": [(ac.FAR - 5, 4)], "facing": "left"}], spiders=[(1, 8)])
    ac.act(s, "use_card", card="Trigger Finger")  # the bolt flies up column 8 to the spider on spawn point r1c8
    assert [1, 8] in ac.obs(s)["spawn_points"]
    assert ac.spiders(s) == [] and ac.mushrooms(s) == {(1, 8)}


def test_AC_1_4_flea_may_drop_a_mushroom_on_a_spawn_point(ac):
    """AC-1.4 (AC-D6c): a flea leaving a spawn point may drop a mushroom on it; seeding and the Mushroom card
    never offer spawn points (AC-2.2, AC-6.7)."""
    s = ac.pos(gnome=(0, 4), centipedes=[{"segments": [(9, 4)], "facing": "left"}], hand=("Spawn Flea",), to_move=1)
    ac.act(s, "play", card="Spawn Flea")
    ac.act(s, "spawn_flea", col=8)  # the flea row is the far field row: r FAR c8 is a spawn point
    ac.act(s, "move_bug", row=ac.FAR, col=8)
    assert ac.targets(s, "drop_mushroom") == [(ac.FAR, 8)]
    ac.act(s, "drop_mushroom")
    assert (ac.FAR, 8) in ac.mushrooms(s)
    s = ac.pos(gnome=(0, 4), hand=("Mushroom",), to_move=1)
    ac.act(s, "play", card="Mushroom")
    spawns = {tuple(p) for p in ac.obs(s)["spawn_points"]}
    assert not spawns & set(ac.targets(s, "place_mushroom"))
