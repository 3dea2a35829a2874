"""The threat map of the next Centipede turn and the evaluation built on it (AC-10, AC-6.5, AC-6.6, AC-6.8,
AC-12.1): what the greedy Gnome and the search agents weigh, from public information only."""

from __future__ import annotations

import random
from math import comb

import pytest

from boardcade.agents.registry import make_agent
from boardcade.games.atari_centipede.heuristic import evaluate
from boardcade.games.atari_centipede.threat import card_odds, reachable_columns, threat_map


def lone(ac):
    return [{"segments": [(ac.FAR, 8)], "facing": "left"}]


def test_AC_12_1_threat_and_evaluation_never_read_the_hidden_hand(ac):
    """AC-12.1: two positions differing only in the Centipede's hidden hand give the same card odds, threat
    map and evaluation (the hand is a uniform draw of its size from the unseen cards)."""
    a = ac.pos(gnome=(0, 0), hand=("Spawn Spider", "Spawn Spider", "Berserk!"))
    b = ac.pos(gnome=(0, 0), hand=("Mushroom", "Mushroom", "Spawn Flea"))
    assert card_odds(a, 0) == card_odds(b, 0)
    assert threat_map(a, 0) == threat_map(b, 0)
    for player in (0, 1):
        assert evaluate(a, player) == evaluate(b, player)


def test_AC_6_5_spawn_spider_odds_threaten_the_edge_columns(ac):
    """AC-6.5, AC-10.1: a Spawn Spider card puts a spider on any empty edge square after the bugs moved, so the
    columns 0 and 8 carry P(the hand holds one): hypergeometric over the unseen cards (11 less the public
    discard pile)."""
    s = ac.pos(gnome=(0, 4), centipedes=lone(ac), discard=("Spawn Spider", "Mushroom"))
    unseen, spiders, hand = 11 - 2, 2, 3
    p = 1 - comb(unseen - spiders, hand) / comb(unseen, hand)
    odds = card_odds(s, 0)
    assert odds[1] == pytest.approx(p)
    threat, row = threat_map(s, 0)
    assert threat[0] == pytest.approx(p) and threat[8] == pytest.approx(p)
    assert threat[1:8] == [0.0] * 7 and row == 0.0
    # With every Spawn Spider seen in the discard pile, the edge is safe.
    s = ac.pos(gnome=(0, 4), centipedes=lone(ac), hand=("Mushroom",) * 2, discard=("Spawn Spider",) * 3)
    assert threat_map(s, 0)[0][0] == 0.0


def test_AC_10_1_bug_reach_is_certain_threat(ac):
    """AC-10.1, AC-8, AC-9.1: a spider with a straight line to the square in front of a column, and a flea two
    squares above it, threaten that column for sure."""
    s = ac.pos(
        gnome=(0, 4), centipedes=lone(ac), spiders=[(5, 4)], fleas=[(3, 7)], hand=(), discard=("Spawn Spider",) * 3
    )
    threat, _ = threat_map(s, 0)
    assert threat[4] == 1.0  # straight down 4 squares
    assert threat[0] == 1.0 and threat[8] == 1.0  # both diagonals (4 rows, 4 columns) are open
    assert threat[2] == 0.0 and threat[5] == 0.0  # no straight line to r1c2 or r1c5
    assert threat[7] == 1.0  # the flea falls 2 squares to r1c7


def test_AC_10_2_and_AC_6_8_a_centipede_that_would_drop_into_the_row_threatens_every_column(ac):
    """AC-10.2: a centipede on the front row that will drop into the Gnome row eats the Gnome anywhere; AC-6.8:
    Berserk!'s two drops bring a centipede two rows nearer, weighed by the odds of holding it."""
    s = ac.pos(gnome=(0, 8), centipedes=[{"segments": [(1, 1), (1, 2)], "facing": "left"}])
    assert threat_map(s, 0)[1] == 1.0
    s = ac.pos(gnome=(0, 8), centipedes=[{"segments": [(3, 1)], "facing": "left"}])
    _, row = threat_map(s, 0)
    assert 0.0 < row < 1.0 and row == pytest.approx(card_odds(s, 0)[4])


def test_AC_10_1_greedy_gnome_ends_its_move_away_from_the_spider_threat(ac):
    """AC-10.1, AC-6.5: from column 1 with a move-1 die, the greedy Gnome moves right (column 2), not onto the
    edge column 0 that a Spawn Spider would reach (the weakness of the version-1 evaluation)."""
    for seed in range(5):
        s = ac.pos(gnome=(0, 1), centipedes=lone(ac), dice=(1, 1), used_cards=("Wrist Control",))
        gnome = make_agent("greedy", seed=seed)
        ac.act(s, "die", face=1)
        s.apply_action(gnome.step(s))
        assert ac.gnome(s) == (0, 2)


def test_AC_4_6_evaluation_plans_the_shot_of_the_die_in_use(ac):
    """AC-4.6, AC-3.2: with 'move 1, fire' in use, the Gnome values the move that lines up the shot at the
    centipede's last segment as a won game, and greedy takes it."""
    s = ac.pos(gnome=(0, 4), centipedes=[{"segments": [(9, 5)], "facing": "left"}], dice=(1, 1))
    ac.act(s, "die", face=1)
    assert evaluate(s, 0) > 0.9999  # the best plan of the die wins
    ac.act(s, "move", dir="right")
    ac.act(s, "fire")
    assert s.is_terminal() and s.returns() == [1.0, -1.0]
    s = ac.pos(gnome=(0, 4), centipedes=[{"segments": [(9, 5)], "facing": "left"}], dice=(1, 1))
    ac.act(s, "die", face=1)
    rng = random.Random(0)
    s.apply_action(make_agent("greedy", seed=rng.randrange(100)).step(s))
    assert ac.gnome(s) == (0, 5)


def test_AC_5_2_wrist_control_mid_die_is_valued_with_the_rest_of_the_die(ac):
    """AC-5.1, AC-5.2, AC-4.6: Wrist Control used before the die's move is not scored as if the die were spent:
    from column 3 with 'move 1, fire' in use, Wrist Control to column 4, then move right and fire, shoots the
    centipede's last segment in column 5, so the Wrist Control decision is worth a win to the Gnome, and the
    columns it may still reach include the die's move."""
    s = ac.pos(gnome=(0, 3), centipedes=[{"segments": [(9, 5)], "facing": "left"}], dice=(1, 1))
    ac.act(s, "die", face=1)
    ac.act(s, "use_card", card="Wrist Control")
    assert evaluate(s, 0) > 0.9999
    assert reachable_columns(s, 0) == {1, 3, 5}
    ac.act(s, "move", dir="right")
    ac.act(s, "move", dir="right")
    ac.act(s, "fire")
    assert s.is_terminal() and s.returns() == [1.0, -1.0]
