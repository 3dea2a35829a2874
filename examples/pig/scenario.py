"""Pig positions from a readable description, for tests (`boardcade.testing.scenario("pig", ...)`).

    scenario("pig", scores=(15, 7), to_move=1, rolled=(4, 5))

scores: both players' banked points (default 0, 0). to_move: whose turn it is (default 0).
rolled: the faces (2..6) the player to move has rolled this turn, replayed through the contract.
"""

from __future__ import annotations

from .game import HOLD, ROLL, PigGame, PigState


def build(game: PigGame, scores: tuple[int, int] = (0, 0), to_move: int = 0, rolled: tuple[int, ...] = ()) -> PigState:
    state = game.new_initial_state()
    target = game.options["target"]
    if any(not 0 <= s < target for s in scores):
        raise ValueError(f"scores must lie in 0..{target - 1}, got {scores}")
    if to_move not in (0, 1):
        raise ValueError(f"to_move must be 0 or 1, got {to_move}")
    state._scores = list(scores)
    state._player = to_move
    for face in rolled:
        if not 2 <= face <= 6:
            raise ValueError(f"rolled faces must be 2..6 (a 1 ends the turn), got {face}")
        state.apply_action(ROLL)
        state.apply_action(face - 1)
    assert HOLD in state.legal_actions()
    return state
