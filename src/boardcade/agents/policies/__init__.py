"""Rollout policies and state evaluations used by search agents.

`policy_for(game)` builds a `GamePolicy` from the game's spec: its heuristic (`GameSpec.heuristic`) scores
positions, and its `SearchHints` set the rollout depth, how greedy rollout moves are and how a level scales its
iteration budget. A game without a heuristic gets uniformly random rollouts scored 0 until the end.
"""

from __future__ import annotations

from ...core.game import Game, State
from ...core.loop import play, random_decider, same_for_all
from ...core.registry import game_spec


class GamePolicy:
    """Generic policy: rollouts of `rollout_depth` actions (chance outcomes included), then `evaluate`.

    A rollout move is uniformly random when `rollout_greedy` is 0; otherwise that many legal actions are
    drawn at random and the one the evaluation likes best for the mover is played (cheap, noisy greed).
    """

    def __init__(self, game: Game):
        self.game = game
        self.num_players = game.num_players
        spec = game_spec(game.name)
        hints = spec.search
        self.rollout_depth = hints.rollout_depth
        self.rollout_greedy = hints.rollout_greedy
        # Levels multiply their iteration budgets by this, so that a game with costly rollouts keeps within time.
        self.iteration_scale = hints.iteration_scale
        self._heuristic = spec.part("heuristic")

    def choose(self, state: State, rng, greedy: int = 0) -> int:
        """The action a rollout plays for the player to move."""
        legal = state.legal_actions()
        n = len(legal)
        if greedy <= 0 or n == 1:
            return legal[int(rng.random() * n)]
        player = state.current_player()
        candidates = legal if n <= greedy else rng.sample(legal, greedy)
        best, best_value = candidates[0], -2.0
        for action in candidates:
            child = state.clone()
            child.apply_action(action)
            value = self.values(child)[player] if child.is_terminal() else self.evaluate(child, player)
            if value > best_value:
                best, best_value = action, value
        return best

    def evaluate(self, state: State, player: int) -> float:
        """Value in [-1, 1] of a non-terminal state for `player` (default: the game's heuristic, else 0)."""
        if self._heuristic is None:
            return 0.0
        return self._heuristic(state, player)

    def values(self, state: State) -> list[float]:
        """Per-player value of a state: `returns()` when over, else the evaluation."""
        if state.is_terminal():
            return [float(x) for x in state.returns()]
        return [self.evaluate(state, p) for p in range(self.num_players)]

    def rollout(self, state: State, rng, depth: int, greedy: int | None = None) -> list[float]:
        """Play up to `depth` actions from `state` (mutated) and return per-player values."""
        greedy = self.rollout_greedy if greedy is None else greedy
        if greedy <= 0:
            decide = random_decider(rng)
        else:

            def decide(s: State) -> int:
                return self.choose(s, rng, greedy)

        play(state, same_for_all(decide), rng, max_steps=depth)
        return self.values(state)


def policy_for(game: Game) -> GamePolicy:
    """The rollout policy for `game`, configured by its spec's search hints."""
    return GamePolicy(game)
