"""What search agents know about a game beyond the contract: how to score a position, and how each player sees
a chance node.

`policy_for(game)` builds a `GamePolicy` from the game's spec: its heuristic (`GameSpec.heuristic`; in this
package a model over the heuristic's features read from the game's `evaluator.json` by `boardcade.core.learned`,
else its hand-set weights) scores positions, and its
`SearchHints` give the budget scale of the levels and, optionally, `chance_view`: a rule saying, per chance
node and player, whether that player sees the outcome and whether outcomes in a row are exchangeable (dice
rolled into a pool), so the search decides it once per kind of chance node instead of comparing information
states at every node. A game without a heuristic gets random playouts to the end instead of an evaluation.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ...core.domain import Seat
from ...core.game import CHANCE, TERMINAL, Game, State
from ...core.loop import sample_chance
from ...core.registry import game_spec
from ..base import Heuristic

# How a player sees a chance node (`chance_view`). A string instead means seen *and* exchangeable with the
# neighbouring outcomes of the same tag: the search branches once on the multiset (a dice pool, not the order).
HIDDEN = False
SEEN = True
UNKNOWN = None  # the game gives no rule: the search compares information states (slow, exact)

ChanceView = Callable[[State, Seat], bool | str | None]
# Playouts of games without an evaluation stop after this many actions at most.
PLAYOUT_CAP = 2000


class GamePolicy:
    """Evaluation and chance rules for one game, read from its spec."""

    def __init__(self, game: Game):
        self.game = game
        self.num_players = game.num_players
        spec = game_spec(game.name)
        hints = spec.search
        # Levels multiply their iteration budgets by this, so that a game with a costly evaluation keeps its time.
        self.iteration_scale = hints.iteration_scale
        self._heuristic: Heuristic | None = spec.part("heuristic")
        self.has_evaluation = self._heuristic is not None
        view: ChanceView | None = hints.part("chance_view")
        if view is None and game.game_type.perfect_information:
            view = _always_seen
        self._chance_view = view

    def evaluate(self, state: State, player: int) -> float:
        """Value in [-1, 1] of a non-terminal state for `player` (the game's heuristic, else 0)."""
        if self._heuristic is None:
            return 0.0
        return self._heuristic(state, player)

    def values(self, state: State) -> list[float]:
        """Per-player value of a state: `returns()` when over, else the evaluation."""
        if state.is_terminal():
            return [float(x) for x in state.returns()]
        return [self.evaluate(state, p) for p in range(self.num_players)]

    def value_after(self, state: State, player: int) -> float:
        """`player`'s value of `state` (not mutated), chance outcomes there averaged one level deep."""
        if state.is_terminal():
            return float(state.returns()[player])
        if state.current_player() != CHANCE:
            return self.evaluate(state, player)
        total = 0.0
        for outcome, p in state.chance_outcomes():
            after = state.clone()
            after.apply_action(outcome)
            total += p * (float(after.returns()[player]) if after.is_terminal() else self.evaluate(after, player))
        return total

    def chance_view(self, state: State, player: Seat) -> bool | str | None:
        """HIDDEN, SEEN, a pooling tag (seen, exchangeable) or UNKNOWN for the chance node `state`."""
        view = self._chance_view
        return UNKNOWN if view is None else view(state, player)

    def playout(self, state: State, rng: random.Random, depth: int) -> list[float]:
        """Play up to `depth` uniformly random actions from `state` (mutated; chance by its probabilities) and
        return per-player values."""
        steps = 0
        while steps < depth:
            cur = state.current_player()
            if cur == TERMINAL:
                break
            if cur == CHANCE:
                action = sample_chance(state, rng)
            else:
                legal = state.legal_actions()
                action = legal[int(rng.random() * len(legal))]
            state.apply_action(action)
            steps += 1
        return self.values(state)


def _always_seen(state: State, player: int) -> bool:
    return SEEN


def policy_for(game: Game) -> GamePolicy:
    """The search policy for `game`, configured by its spec."""
    return GamePolicy(game)
