"""Eating the Gnome and the end of the game (AC-10; AC-3: AC-3.2 to AC-3.5)."""

from __future__ import annotations


def lone(ac):
    return {"segments": [(ac.FAR, 8)], "facing": "left"}


def test_AC_10_1_spider_passing_in_front_of_the_gnome_eats_it_mid_move(ac):
    """AC-10.1, AC-3.3, AC-3.4: a spider entering the square directly above the Gnome eats it at once; the
    game ends there, before the rest of its move."""
    s = ac.pos(gnome=(0, 3), centipedes=[lone(ac)], spiders=[(4, 0)], hand=(), to_move=1)
    ac.act(s, "move_bug", row=4, col=0)
    assert (1, 3) in ac.targets(s, "spider_to")
    ac.act(s, "spider_to", row=1, col=3)
    assert s.is_terminal() and s.returns() == [-1.0, 1.0]
    assert s.events()[-1].rule == "AC-10.1" and "eaten" in s.events()[-1].text
    assert ac.spiders(s) == [(1, 3)]


def test_AC_10_1_bug_in_front_of_the_gnome_at_start_of_centipede_turn_eats_it(ac):
    """AC-10.1: a bug already in front of the Gnome when the Centipede's turn starts eats it (the Gnome moved
    under it)."""
    s = ac.pos(gnome=(0, 5), centipedes=[lone(ac)], spiders=[(1, 5)], hand=("Mushroom",))
    ac.act(s, "use_card", card="Wrist Control")
    ac.act(s, "move", dir="left")
    assert not s.is_terminal()
    s = ac.pos(gnome=(0, 5), centipedes=[lone(ac)], spiders=[(1, 5)], hand=("Mushroom",), to_move=1)
    assert s.is_terminal() and s.returns() == [-1.0, 1.0]
    assert s.events()[-1].rule == "AC-10.1"


def test_AC_10_1_bug_beside_the_front_square_does_not_eat(ac):
    """AC-10.1: only the square in the Gnome's own column eats; a bug diagonally in front does not."""
    s = ac.pos(gnome=(0, 5), centipedes=[lone(ac)], fleas=[(1, 4)], hand=("Mushroom",), to_move=1)
    assert not s.is_terminal()


def test_AC_10_2_centipede_dropping_into_the_gnome_area_eats_it_anywhere(ac):
    """AC-10.2: a segment dropping into the Gnome Movement Area eats the Gnome even in another column."""
    s = ac.pos(gnome=(0, 8), centipedes=[{"segments": [(1, 0), (1, 1)], "facing": "left"}], hand=(), to_move=1)
    assert s.is_terminal() and s.returns() == [-1.0, 1.0]
    assert s.events()[-1].rule == "AC-10.2"


def test_AC_3_2_shooting_the_last_segment_wins_for_the_gnome(ac):
    """AC-3.2: the Gnome wins the moment the last centipede segment leaves the board."""
    s = ac.pos(gnome=(0, 4), centipedes=[{"segments": [(7, 4)], "facing": "right"}])
    ac.act(s, "use_card", card="Trigger Finger")
    assert s.is_terminal() and s.returns() == [1.0, -1.0]
    assert s.events()[-1].rule == "AC-3.2"
    assert not s.safety_cap_hit()


def test_AC_3_2_flea_running_into_the_last_segment_wins_for_the_gnome(ac):
    """AC-3.2: a flea removing its own side's last segment also gives the Gnome the win."""
    s = ac.pos(gnome=(0, 8), centipedes=[{"segments": [(5, 2)], "facing": "right"}], fleas=[(6, 2)], hand=(), to_move=1)
    ac.act(s, "move_bug", row=6, col=2)
    assert s.is_terminal() and s.returns() == [1.0, -1.0]
    assert ac.fleas(s) == [(5, 2)] and ac.cents(s) == []


def test_AC_3_5_safety_cap_triggers_after_the_last_round(ac):
    """AC-3.5: with max_rounds=1 a quiet first round ends the game as a draw."""
    s = ac.pos(
        options={"max_rounds": 1},
        gnome=(0, 4),
        centipedes=[{"segments": [(6, c) for c in range(6)], "facing": "left"}],
        hand=("Mushroom",),
    )
    ac.act(s, "die", face=4)  # fire, move 1, fire: hits r6c4, then r6c3 after moving
    ac.act(s, "fire")
    ac.act(s, "move", dir="left")
    ac.act(s, "fire")
    ac.act(s, "end_turn")
    ac.act(s, "play", card="Mushroom")
    while not s.is_terminal():
        s.apply_action(s.legal_actions()[0])
    assert s.safety_cap_hit() and s.returns() == [0.0, 0.0]
    assert s.events()[-1].rule == "AC-3.5" and ac.obs(s)["safety_cap_hit"] is True
