"""Rollout policies and state evaluations used by search agents, one per game.

`policy_for(game)` returns the game's `Policy` from `boardcade.agents.policies.<game name>` when that
module exists, else the generic `GamePolicy`: uniformly random rollouts scored by the game's heuristic
(`boardcade.games.<game>.heuristic.evaluate`). A per-game module subclasses `GamePolicy` and overrides
`choose` (which action a rollout plays), `evaluate` and/or `rollout_depth`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from ...core.game import CHANCE, Game, State, sample_chance


def _heuristic(game_name: str) -> Callable[[State, int], float] | None:
    try:
        module = importlib.import_module(f"boardcade.games.{game_name}.heuristic")
    except ModuleNotFoundError as e:
        if e.name and e.name.endswith(".heuristic"):
            return None
        raise
    return module.evaluate


class GamePolicy:
    """Generic policy: rollouts of `rollout_depth` actions (chance outcomes included), then `evaluate`.

    A rollout move is uniformly random when `rollout_greedy` is 0; otherwise that many legal actions are
    drawn at random and the one the evaluation likes best for the mover is played (cheap, noisy greed).
    """

    rollout_depth = 40
    rollout_greedy = 0
    # Levels multiply their iteration budgets by this, so that a game with costly rollouts keeps within time.
    iteration_scale = 1.0

    def __init__(self, game: Game):
        self.game = game
        self.num_players = game.num_players
        self._heuristic = _heuristic(game.name)

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
        for _ in range(depth):
            cur = state.current_player()
            if cur == CHANCE:
                state.apply_action(sample_chance(state, rng))
            elif cur < 0:
                break
            else:
                state.apply_action(self.choose(state, rng, greedy))
        return self.values(state)


def policy_for(game: Game) -> GamePolicy:
    """The game's own policy if `boardcade.agents.policies.<game>` exists, else the generic one."""
    try:
        module = importlib.import_module(f"{__name__}.{game.name}")
    except ModuleNotFoundError as e:
        if e.name != f"{__name__}.{game.name}":
            raise
        return GamePolicy(game)
    return module.Policy(game)
