"""Atari's Centipede's decisions in words (prompts.py): exact questions and descriptions, from positions built
by the scenario API. A Centipede hand (AC-12.1) is never named to anyone but its owner."""

from __future__ import annotations

import random

GNOME, CENTIPEDE = 0, 1


def said(state, viewer):
    obs = state.observation(viewer)
    return obs["decision"], obs["prompt"]


def lone(ac):
    """A one-segment centipede out of the way in the far corner."""
    return [{"segments": [(ac.FAR, 8)], "facing": "left"}]


def test_AC_2_2_seeding_asks_for_a_column_then_names_it(ac):
    """AC-2.2: the Centipede seeds first: any column with no mushroom, then the rest of its 3 in that column."""
    s = ac.new()
    assert said(s, CENTIPEDE) == (
        "seed",
        "Seed a mushroom (3 left): choose an empty square in a column with no mushroom yet; this turn's seeds all "
        "go in that column.",
    )
    assert said(s, GNOME) == ("seed", "Centipede is choosing a column to seed with mushrooms.")
    ac.act(s, "seed", row=5, col=4)
    assert said(s, CENTIPEDE) == ("seed", "Seed a mushroom (2 left; this turn's seeds go in column c4).")
    assert (
        said(s, GNOME) == said(s, None) == ("seed", "Centipede is seeding mushrooms in column c4 (2 left this turn).")
    )


def test_AC_5_5_glitch_asks_for_the_mushroom_to_remove(ac):
    """AC-5.5: after playing Glitch the Gnome is asked which mushroom goes; the Centipede reads what happens."""
    far = [{"segments": [(ac.FAR, 8 - i) for i in range(6)], "facing": "left"}]
    s = ac.pos(gnome=(0, 4), centipedes=far, mushrooms=[(5, 5), (7, 1)])
    assert said(s, GNOME) == (
        "choose_die",
        "Choose a die to activate from the Dice Pool (6 there), or use a Gnome Control card.",
    )
    ac.act(s, "use_card", card="Glitch")
    assert said(s, GNOME) == ("glitch_target", "Glitch: choose the mushroom to remove (2 on the board).")
    assert said(s, CENTIPEDE) == ("glitch_target", "Gnome uses Glitch: choosing the mushroom to remove.")


def test_AC_9_2_the_flea_drop_question_names_the_flea_and_the_square_it_left(ac):
    """AC-9.2: after each square the flea's owner is asked whether to drop a mushroom where it just was."""
    s = ac.pos(gnome=(0, 8), hand=(), to_move=CENTIPEDE, fleas=[(6, 2)], centipedes=lone(ac))
    assert said(s, CENTIPEDE) == ("bug_order", "Choose the next bug to move (2 still to move).")
    ac.act(s, "move_bug", row=6, col=2)
    assert said(s, CENTIPEDE) == (
        "flea_drop",
        "The flea at r5c2: drop a mushroom on r6c2, the square it just left, or not? (30 in the supply)",
    )
    told = ("flea_drop", "Centipede is deciding whether the flea at r5c2 drops a mushroom on r6c2.")
    assert said(s, GNOME) == said(s, None) == told


def test_AC_8_the_spider_question_names_the_spider_and_its_reach(ac):
    """AC-8: the moving spider is named by its square, with its speed (9, plus 1 per tucked Spawn Centipede)."""
    s = ac.pos(gnome=(0, 8), hand=(), to_move=CENTIPEDE, spiders=[(6, 0)], centipedes=lone(ac), tucked=1)
    ac.act(s, "move_bug", row=6, col=0)
    assert said(s, CENTIPEDE) == (
        "spider_move",
        "Move the spider at r6c0: choose its square (one straight line up, down or diagonally, up to 10 squares).",
    )
    assert said(s, GNOME) == ("spider_move", "Centipede is moving the spider at r6c0.")


def test_AC_12_1_the_card_question_counts_the_hand_and_names_no_card(ac):
    """AC-6.1, AC-12.1: the Centipede is asked to play a card; the Gnome reads that it is choosing, no card named."""
    s = ac.pos(to_move=CENTIPEDE, hand=("Berserk!", "Spawn Flea"))
    assert said(s, CENTIPEDE) == ("play_card", "Play a card from your hand (2 in hand).")
    assert said(s, GNOME) == said(s, None) == ("play_card", "Centipede is choosing a card to play.")


def test_AC_11_8_four_players_name_the_team_seat_and_the_winning_team(ac):
    """AC-11.1, AC-11.8, AC-11.9: in 4 players the deciding seat is named with its team's colour, and the end
    names the winning team by its colour too."""
    s = ac.pos(4)
    assert said(s, 1)[1] == "Blue Gnome is choosing a die to activate."
    ac.play_random(s, random.Random(3))
    decision, prompt = said(s, None)
    winner = ("red", "blue")[s.returns().index(1.0) // 2] if max(s.returns()) > 0 else None
    assert decision == "over" and prompt.startswith(f"Game over: the {winner} team wins (" if winner else "Game over: ")


def test_AC_11_8_the_bonus_move_is_asked_for(ac):
    """AC-11.8: a bolt reaching the other Gnome gives the shooter's Centipede player a bonus move: it is asked,
    the others are told (4 players; too rare in random play for the full-match prompt test)."""
    red = {"segments": [(5, 0), (4, 0)], "facing": "right", "colour": "red"}
    blue = {"segments": [(6, 8), (7, 8)], "facing": "left", "colour": "blue"}
    s = ac.pos(4, first="B", gnomes=((0, 4), (ac.LAST, 4)), centipedes=[red, blue])
    ac.act(s, "use_card", card="Trigger Finger")  # team B's Gnome fires up column 4, clear to r0c4
    assert said(s, 3) == (
        "bonus_move",
        "Bonus move: your Gnome's bolt reached the other Gnome. Move any one of your bugs, or decline.",
    )
    told = (
        "Blue Centipede has a bonus move (its Gnome's bolt reached the other Gnome): choosing a bug to "
        "move, or declining."
    )
    assert said(s, 0) == said(s, None) == ("bonus_move", told)
