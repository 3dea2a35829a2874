"""Milton Bradley Centipede's decisions in words (prompts.py): exact questions and descriptions, from positions
built by the scenario API."""

from __future__ import annotations

from boardcade.testing import act, scenario


def said(state, viewer):
    obs = state.observation(viewer)
    return obs["decision"], obs["prompt"]


def test_MB_5_1_the_shortcut_question_names_the_mushroom_the_landing_and_the_moves_left(mb):
    """MB-5.1: Green's head at (2,3) with a poison mushroom at (2,4) next: Green is asked whether to take the
    shortcut to (4,4); Red and spectators read that Green is deciding."""
    s = scenario("mb_centipede", spin="CENTIPEDE", green={"head": (2, 3)}, poison=[(2, 4)])
    assert said(s, mb.GREEN) == (
        "shortcut",
        "Shortcut across the poison mushroom at (2,4)? Take it to (4,4), or enter the poison mushroom space "
        "(6 spaces still to move).",
    )
    told = (
        "shortcut",
        "Green's centipede has reached a poison mushroom: Green is deciding whether to take the shortcut.",
    )
    assert said(s, mb.RED) == said(s, None) == told


def test_MB_8_1_free_choice_offers_only_what_can_be_done(mb):
    """MB-8.1, MB-3.10: FREE CHOICE lists the three options; with Green's gun under the Spider the gun is left
    out of the question."""
    s = scenario("mb_centipede", spin="FREE CHOICE")
    assert said(s, mb.GREEN) == (
        "free_choice",
        "FREE CHOICE: move and fire your gun, move your centipede, or move the Spider or the Scorpion.",
    )
    assert said(s, mb.RED) == ("free_choice", "Green spun FREE CHOICE and is choosing what to do.")
    s = scenario("mb_centipede", spin="FREE CHOICE", green_gun=3, spider="green_gun")
    assert said(s, mb.GREEN)[1] == (
        "FREE CHOICE: move your centipede, or move the Spider or the Scorpion (your gun is under the Spider)."
    )


def test_MB_2_1_the_spin_and_the_gun_say_who_acts(mb):
    """MB-2.1, MB-3.1: the spin is described alike to everyone; GUN asks for another position of the line."""
    s = scenario("mb_centipede", to_move="red")
    assert {said(s, v) for v in (0, 1, None)} == {("spin", "Red spins the spinner.")}
    act(s, "spin", sector="GUN")
    assert said(s, mb.RED) == (
        "gun",
        "GUN: move your gun to another position of your Firing Line (now at position 5); it fires from there.",
    )
    assert said(s, mb.GREEN) == ("gun", "Red is moving the gun to fire.")
