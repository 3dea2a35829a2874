"""Eating the Gnome and the end of the game (AC-10; AC-3: AC-3.2 to AC-3.5)."""

from __future__ import annotations

from boardcade.games.atari_centipede import board as B

PLAY = B.PLAY_BASE


def field(ac, gnome_col=4, **options):
    s = ac.setup2(gnome=(0, 4), **options)
    ac.clear(s)
    ac.place_gnome(s, 0, (0, gnome_col))
    return s


def test_spider_passing_in_front_of_the_gnome_eats_it_mid_move(ac):
    """AC-10.1, AC-3.3, AC-3.4: a spider entering the square directly above the Gnome eats it at once; the
    game ends there, before the rest of its move."""
    s = field(ac, gnome_col=3)
    ac.put_cent(s, [(9, 8)], -1)
    ac.put_bug(s, "spider", (4, 0))
    ac.start_centipede_turn(s, hand=[0, 0, 0, 0, 0])
    s.apply_action(ac.sq(4, 0))
    targets = s.legal_actions()
    assert ac.sq(1, 3) in targets
    s.apply_action(ac.sq(1, 3))
    assert s.is_terminal() and s.returns() == [-1.0, 1.0]
    assert s.events()[-1].rule == "AC-10.1"


def test_bug_in_front_of_the_gnome_at_start_of_centipede_turn_eats_it(ac):
    """AC-10.1: a bug already in front of the Gnome when the Centipede's turn starts eats it (the Gnome moved
    under it)."""
    s = field(ac, gnome_col=5)
    ac.put_cent(s, [(9, 8)], -1)
    ac.put_bug(s, "spider", (1, 5))
    ac.start_centipede_turn(s, hand=[0, 0, 0, 1, 0])
    assert s.is_terminal() and s.returns() == [-1.0, 1.0]


def test_bug_beside_the_front_square_does_not_eat(ac):
    """AC-10.1: only the square in the Gnome's own column eats; a bug diagonally in front does not."""
    s = field(ac, gnome_col=5)
    ac.put_cent(s, [(9, 8)], -1)
    ac.put_bug(s, "flea", (1, 4))
    ac.start_centipede_turn(s, hand=[0, 0, 0, 1, 0])
    assert not s.is_terminal()


def test_centipede_dropping_into_the_gnome_area_eats_it_anywhere(ac):
    """AC-10.2: a segment dropping into the Gnome Movement Area eats the Gnome even in another column."""
    s = field(ac, gnome_col=8)
    ac.put_cent(s, [(1, 0), (1, 1)], -1)
    ac.start_centipede_turn(s, hand=[0, 0, 0, 0, 0])
    assert s.is_terminal() and s.returns() == [-1.0, 1.0]
    assert s.events()[-1].rule == "AC-10.2"


def test_shooting_the_last_segment_wins_for_the_gnome(ac):
    """AC-3.2: the Gnome wins the moment the last centipede segment leaves the board."""
    s = field(ac, gnome_col=4)
    ac.put_cent(s, [(7, 4)], 1)
    s.apply_action(B.USE_BASE + B.TRIGGER)
    assert s.is_terminal() and s.returns() == [1.0, -1.0]
    assert not s.safety_cap_hit()


def test_flea_running_into_the_last_segment_wins_for_the_gnome(ac):
    """AC-3.2: a flea removing its own side's last segment also gives the Gnome the win."""
    s = field(ac, gnome_col=8)
    ac.put_cent(s, [(5, 2)], 1, moved=True)
    ac.put_bug(s, "flea", (6, 2))
    s.supply = 0
    s._c = 0
    ac.run_internal(s, s._start_bug_move, ac.sq(6, 2))
    assert s.is_terminal() and s.returns() == [1.0, -1.0]


def test_safety_cap_triggers_after_the_last_round(ac):
    """AC-3.5: with max_rounds=1 a quiet first round ends the game as a draw."""
    s = field(ac, gnome_col=4, max_rounds=1)
    ac.put_cent(s, [(6, 0), (6, 1), (6, 2), (6, 3), (6, 4), (6, 5)], -1)
    s.apply_action(B.DIE_BASE + 3)  # fire, move 1, fire: hits r6c4, then r6c3 after moving
    s.apply_action(B.FIRE)
    s.apply_action(B.LEFT)
    s.apply_action(B.FIRE)
    s.apply_action(B.END_TURN)
    s.hand[0] = [0, 0, 0, 1, 0]
    s._legal_cache = None
    s.apply_action(PLAY + B.MUSHROOM_CARD)
    s.apply_action(s.legal_actions()[0])
    while not s.is_terminal():
        s.apply_action(s.legal_actions()[0])
    assert s.safety_cap_hit() and s.returns() == [0.0, 0.0]
