"""The `beginner` level (issue 38 §3): a newcomer who knows the rules and often misses the best move.

At each decision with a choice it blunders with probability `blunder` (a uniformly random legal move) and
otherwise plays as `greedy` (the move whose result the game's evaluation likes best). It sits between `random`
(`blunder=1`) and `greedy` (`blunder=0`), for a person's first matches: it still takes what is plainly there
most of the time, so a newcomer learns what a good move looks like, and leaves openings a newcomer can use.
Hidden information is respected as in `greedy` (it never looks at what its seat cannot know).
"""

from __future__ import annotations

from ..core.errors import GameError
from ..core.game import State
from .base import GreedyAgent

DEFAULT_BLUNDER = 0.5


class BeginnerAgent(GreedyAgent):
    """`greedy`, but with probability `blunder` a uniformly random legal move instead (seeded: the same seed
    plays the same moves)."""

    name = "beginner"

    def __init__(self, seed: int | None = None, blunder: float = DEFAULT_BLUNDER):
        if not 0.0 <= blunder <= 1.0:
            raise GameError(f"blunder is a probability: between 0 and 1, got {blunder}")
        super().__init__(seed)
        self.blunder = blunder

    def step(self, state: State) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        # No draw at the ends, so blunder=0 plays exactly as `greedy` and blunder=1 as `random` (same seed).
        if self.blunder >= 1.0 or (self.blunder > 0.0 and self.rng.random() < self.blunder):
            return self.rng.choice(legal)
        return super().step(state)
