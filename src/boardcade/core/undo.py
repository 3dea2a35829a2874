"""Taking back a decision within one's own turn (the Board Game Arena habit), decided here for every game.

A player to move may take back their last decision while it could not have told anyone anything: since the start
of their turn (or since the last barrier), every step was their own decision and none revealed anything. Barriers:

- a chance outcome (a die, a spinner, a card drawn): it cannot be undone and drawn again;
- another player's decision (their turn, or a choice the rules give them inside this one): it answered this one;
- a reveal: a decision that shows someone something hidden until then (`State.reveals`: a card played from a
  hidden hand), or one that tells some players what the others are not told (an event visible to some only).

So the player taking a decision back learned nothing from it, and nobody else learned anything hidden. Decisions
are taken back one at a time, by replay: the match is played again from its record less its last decision (every
chance outcome is in the record), so games need no reverse moves. The server allows it in casual matches only.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from .domain import ActionId, Seat
from .game import CHANCE, Game, State

# Why a decision cannot be taken back now (undo_refusal), each with the sentence a player reads.
NOT_YOUR_TURN = "not_your_turn"
NOTHING = "nothing"
CHANCE_SINCE = "chance"
OTHER_SINCE = "other_player"
REVEALED = "revealed"
REASONS = {
    NOT_YOUR_TURN: "it is not your turn: only the player to move can take back a decision of their own turn",
    NOTHING: "you have made no decision yet this turn, so there is nothing to take back",
    CHANCE_SINCE: "a chance outcome came after your last decision (a roll, a spin or a card drawn): it stands",
    OTHER_SINCE: "another player has decided since your last decision: it stands",
    REVEALED: "your last decision revealed something hidden (a card played from your hand): it stands",
}


class Step(NamedTuple):
    """One applied step as undo sees it: who chose it (CHANCE for a chance outcome) and whether it revealed
    something hidden (always False for chance, which is a barrier anyway)."""

    mover: int
    reveals: bool = False


def apply_step(state: State, action: ActionId) -> Step:
    """Apply `action` (a decision or a chance outcome) to `state` as `apply_action` does, and say what it was."""
    mover = state.current_player()
    reveals = mover != CHANCE and state.reveals(action)
    seen = state.event_count()
    state.apply_action(action)
    if mover != CHANCE and not reveals:
        reveals = any(e.visible_to is not None for e in state.events_since(seen))
    return Step(mover, reveals)


def steps_of(game: Game, actions: Iterable[ActionId]) -> tuple[State, list[Step]]:
    """Play `actions` from the start: the state reached and each step as undo sees it."""
    state = game.new_initial_state()
    steps = [apply_step(state, a) for a in actions]
    return state, steps


def undo_refusal(steps: Sequence[Step], to_move: int, player: Seat) -> str | None:
    """None when `player` may take back the last step now; else why not (a key of REASONS). `to_move`: the player
    to move now (`State.current_player()`)."""
    if to_move != player or player < 0:
        return NOT_YOUR_TURN
    decided = len(steps) - 1
    while decided >= 0 and steps[decided].mover == CHANCE:
        decided -= 1
    if decided < 0:
        return NOTHING
    last = steps[decided]
    if last.mover != player:
        # Another player's decision stands in the way only of one of this player's own before it (no chance outcome
        # between); with none (their first decision, or a turn that began with chance) there is nothing yet.
        mine = decided
        while mine >= 0 and steps[mine].mover not in (player, CHANCE):
            mine -= 1
        return OTHER_SINCE if decided == len(steps) - 1 and mine >= 0 and steps[mine].mover == player else NOTHING
    if decided < len(steps) - 1:
        return CHANCE_SINCE
    if last.reveals:
        return REVEALED
    return None


def undoable(steps: Sequence[Step], to_move: int) -> int:
    """How many decisions the player to move could take back now, one after another (0: none)."""
    n = 0
    for step in reversed(steps):
        if step.mover != to_move or to_move < 0 or step.reveals:
            break
        n += 1
    return n


def rewind(start: Game | State, actions: Sequence[ActionId], steps: int = 1) -> State:
    """The state `actions` less its last `steps` lead to, played again from `start` (a game: from its initial
    state; a state: from a copy of it). A fresh state: its events are those of the shorter match."""
    if not 0 <= steps <= len(actions):
        raise ValueError(f"cannot take back {steps} of {len(actions)} steps")
    state = start.new_initial_state() if isinstance(start, Game) else start.clone()
    for a in actions[: len(actions) - steps]:
        state.apply_action(a)
    return state
