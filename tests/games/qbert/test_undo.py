"""Taking back decisions in Q*bert (core/undo.py, issue 35 item 5): Q*bert's hops after the secret roll (QB-3.1,
QB-D3) are taken back one by one, never the roll itself; the nasty player's steps after its public dice likewise;
a capture threat (QB-5.1, QB-5.4) tells Q*bert his escape moves privately, so the threatening step stands."""

from __future__ import annotations

from boardcade.core import CHANCE
from boardcade.core.undo import NOT_YOUR_TURN, NOTHING, apply_step, rewind, undo_refusal, undoable
from boardcade.testing import scenario

from ..undo_helpers import label, same

QBERT, NASTY = 0, 1
ROLLED_4 = 3  # the d8 outcome that shows 4


def test_QB_D3_hops_are_taken_back_one_by_one_but_never_the_secret_roll():
    start = scenario("qbert", qbert=(3, 1))  # waiting for the d8 in the tube (QB-3.1)
    state, actions, steps, before = start.clone(), [], [], []

    def play(action):
        before.append(state.clone())
        actions.append(action)
        steps.append(apply_step(state, action))

    play(ROLLED_4)
    assert steps[-1].mover == CHANCE
    assert undo_refusal(steps, state.current_player(), QBERT) == NOTHING, "no hop yet; the roll stands"
    play(label(state, "hop up-left to (2,0)"))
    play(label(state, "hop up-right to (1,0)"))
    assert undo_refusal(steps, state.current_player(), QBERT) is None
    assert undoable(steps, state.current_player()) == 2, "both hops, not the roll"
    assert undo_refusal(steps, state.current_player(), NASTY) == NOT_YOUR_TURN
    # Taken back by replay: exactly the position before each hop, for every viewer.
    same(rewind(start, actions, 1), before[2])
    same(rewind(start, actions, 2), before[1])
    play(label(state, "end the move"))
    assert state.current_player() == CHANCE  # the nasty player's character die
    assert undo_refusal(steps, state.current_player(), QBERT) == NOT_YOUR_TURN, "his move is over"


def test_QB_5_1_the_nasty_steps_are_taken_back_until_a_capture_threat_tells_Q_bert_his_moves():
    state = scenario("qbert", qbert=(3, 1), coily=(5, 1), roll=3)
    start = state.clone()
    actions, steps = [], []

    def play(action):
        actions.append(action)
        steps.append(apply_step(state, action))

    play(label(state, "end the move"))
    play(0)  # the character die shows Coily (QB-D4, public)
    play(1)  # the d6 shows 2
    dice_rolled = state.clone()
    assert undo_refusal(steps, state.current_player(), NASTY) == NOTHING, "its dice are no decision of its own"
    play(label(state, "Coily steps up-right to (4,1)"))
    assert undo_refusal(steps, state.current_player(), NASTY) is None, "Coily's first step"
    same(rewind(start, actions, 1), dice_rolled)
    play(label(state, "Coily steps up-right to (3,1)"))  # onto Q*bert: a capture threat
    assert state.current_player() == QBERT
    assert steps[-1].reveals, "Q*bert alone is told his escape moves left (QB-5.4)"
    assert undo_refusal(steps, state.current_player(), QBERT) == NOTHING, "his last decision came before the dice"
    assert undo_refusal(steps, state.current_player(), NASTY) == NOT_YOUR_TURN
    threatened = state.clone()
    play(label(state, "hop up-left to (2,0)"))  # an escape hop (QB-D8); he may hop on or end the escape
    assert undo_refusal(steps, state.current_player(), QBERT) is None, "his escape hop"
    assert undoable(steps, state.current_player()) == 1, "the hop, not the threat"
    same(rewind(start, actions, 1), threatened)
