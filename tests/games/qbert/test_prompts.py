"""Q*bert's decisions in words (prompts.py): the exact questions and what the other side is told, from
positions built by the scenario API. The roll in the tube (QB-7.1) is named only in Q*bert's player's question."""

from __future__ import annotations


def said(state, viewer):
    obs = state.observation(viewer)
    return obs["decision"], obs["prompt"]


def test_QB_3_2_qbert_is_asked_to_hop_with_his_moves_left_and_the_nasty_player_is_not_told_them(qb):
    """QB-3.2, QB-7.1: Q*bert's player reads his moves left and roll; the nasty player and spectators read only
    the hops made, with the roll hidden in the tube."""
    state = qb.start(roll=4, qbert=(3, 1))
    qb.hop(state, "down-left")
    assert said(state, 0) == ("qbert_move", "Hop Q*bert: 3 of your 4 moves left. Choose a cube, or end the move.")
    told = ("qbert_move", "Player 1 is hopping Q*bert (1 hop so far; the roll is hidden in the tube).")
    assert said(state, 1) == said(state, None) == told


def test_QB_3_2_a_used_up_roll_asks_only_to_end_the_move(qb):
    """QB-3.2: with every move of his roll used, Q*bert's player is told to end the move (same decision kind)."""
    state = qb.start(roll=1, qbert=(3, 1))
    qb.hop(state, "down-left")
    assert said(state, 0) == ("qbert_move", "Your roll of 1 is used up: end the move.")
    assert said(state, 1) == (
        "qbert_move",
        "Player 1 is hopping Q*bert (1 hop so far; the roll is hidden in the tube).",
    )


def test_QB_5_4_an_escape_is_asked_of_qbert_and_described_to_the_nasty_player(qb):
    """QB-5.1, QB-5.4: Coily threatens Q*bert: his player is asked to escape with the moves he has left; the
    nasty player reads who decides, not how many moves are left."""
    state = qb.start(roll=4, qbert=(3, 1), coily=(4, 1))
    assert said(state, 1)[1] == "Player 1 is hopping Q*bert (0 hops so far; the roll is hidden in the tube)."
    qb.nasty_turn(state, "Coily", 1)
    assert said(state, 1) == ("nasty_move", "Move Coily: 1 step left. Choose where it goes.")
    assert said(state, 0) == ("nasty_move", "Player 2, the nasty player, is moving Coily (1 step left).")
    qb.step(state, "up-right")
    assert said(state, 0) == (
        "escape",
        "Coily threatens Q*bert! Escape: hop away (4 moves left), or stay put and be captured.",
    )
    assert said(state, 1) == said(state, None) == ("escape", "Player 1 is deciding whether Q*bert escapes Coily.")


def test_QB_4_1_chance_nodes_say_what_is_rolled(qb):
    """QB-3.1, QB-4.1: the d8 in the tube, the character die and the d6 are described alike to everyone."""
    state = qb.start(roll=None)
    for viewer in (0, 1, None):
        assert said(state, viewer) == (
            "qbert_roll",
            "Player 1 rolls the eight-sided die in the secret tube for Q*bert.",
        )
    qb.act(state, "d8", face=3)
    qb.act(state, "stop")
    assert said(state, None) == ("character_die", "Player 2 rolls the character die: which nasty moves.")
    qb.act(state, "character_die", character="Red Ball")
    assert said(state, 0) == ("nasty_die", "Player 2 rolls the six-sided die: how many steps Red Ball takes.")
