"""Taking back decisions in Milton Bradley Centipede (core/undo.py, issue 35 item 5): after the spin (MB-D7, a
chance outcome that stands), the player's own decisions of the turn (the Free Choice, MB-D9; the shot, MB-D16;
the segment revived) are taken back one by one; the next spin ends what can be taken back."""

from __future__ import annotations

from boardcade.core import CHANCE
from boardcade.core.undo import NOT_YOUR_TURN, NOTHING, apply_step, rewind, undo_refusal, undoable
from boardcade.testing import scenario

from ..undo_helpers import label, same

GREEN, RED = 0, 1


def test_MB_D9_a_free_choice_shot_and_revival_are_taken_back_one_by_one_but_not_the_spin():
    start = scenario("mb_centipede", to_move="green", spin="FREE CHOICE", red={"head": (2, 4)}, green_dead=[1])
    state, actions, steps, before = start.clone(), [], [], []

    def play(action):
        before.append(state.clone())
        actions.append(action)
        steps.append(apply_step(state, action))

    # The position follows the spin: nothing of Green's own to take back yet (the spin is not in `steps` here,
    # as the scenario played it; a match's record holds it as a chance step).
    assert undo_refusal(steps, state.current_player(), GREEN) == NOTHING
    play(label(state, "free choice: move and shoot your gun"))
    play(label(state, "move your gun to position 4 and fire"))  # MB-D16: Red's head is dead
    assert "revive" in state.action_info(state.legal_actions()[0])["label"]
    assert undoable(steps, state.current_player()) == 2
    same(rewind(start, actions, 1), before[1])  # the shot taken back: Red's head lives again
    same(rewind(start, actions, 2), before[0])
    play(label(state, "revive your body segment 1"))
    assert state.current_player() == CHANCE  # Red's spin
    assert undo_refusal(steps, state.current_player(), GREEN) == NOT_YOUR_TURN
    play(0)  # Red spins GUN (MB-D7)
    assert undo_refusal(steps, state.current_player(), RED) == NOTHING, "Red has not decided yet"
