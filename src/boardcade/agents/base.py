"""The Agent interface and the two simple agents every game supports."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import TypeAlias

from ..core.domain import ActionId, Seat
from ..core.game import State
from ..core.registry import game_spec

Heuristic: TypeAlias = Callable[[State, Seat], float]
"""A game's one-ply evaluation, its spec's `heuristic`: `evaluate(state, player)`, a value in [-1, 1] for `player`."""


class Agent(ABC):
    """Chooses an action for the player to move. Agents see the true state only through the contract:
    an agent that must not cheat uses `state.observation(p)` / `resample_from_infostate`."""

    name = "agent"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    @abstractmethod
    def step(self, state: State) -> ActionId:
        """The action to play in `state` (the current player's)."""

    def reset(self) -> None:  # noqa: B027 - an optional hook; most agents keep no per-match memory
        """Called when a new match starts."""

    def analyse(self, state: State) -> list[tuple[ActionId, float]]:
        """The agent's choice in `state` with how sure it is: (action, share) pairs, best first, shares summing
        to 1. The first action is the one `step` would play. A search agent gives each root action's share of
        its visits; an agent without a search gives its one move with share 1.0."""
        return [(self.step(state), 1.0)]


class RandomAgent(Agent):
    """Uniformly random among legal actions."""

    name = "random"

    def step(self, state: State) -> ActionId:
        return self.rng.choice(state.legal_actions())


def heuristic_for(game_name: str) -> Heuristic:
    """The game's one-ply evaluation `evaluate(state, player) -> float` (its spec's heuristic)."""
    evaluate: Heuristic | None = game_spec(game_name).part("heuristic")
    return _no_evaluation if evaluate is None else evaluate


def _no_evaluation(state: State, player: Seat) -> float:
    return 0.0


class GreedyAgent(Agent):
    """One ply: tries each legal action and keeps the one whose resulting state the game's heuristic likes best.

    Hidden information is respected: it evaluates on a state resampled from its own information state.
    Chance nodes right after an action are averaged over their outcomes. Ties are broken at random.
    """

    name = "greedy"

    def __init__(self, seed: int | None = None):
        super().__init__(seed)
        self._evaluate: Heuristic = _no_evaluation
        self._game: str | None = None

    def _value(self, state: State, player: Seat) -> float:
        if state.is_terminal():
            return state.returns()[player] * 1000.0
        if state.is_chance_node():
            total = 0.0
            for outcome, p in state.chance_outcomes():
                child = state.clone()
                child.apply_action(outcome)
                total += p * self._evaluate(child, player)
            return total
        return self._evaluate(state, player)

    def step(self, state: State) -> ActionId:
        if self._game is not state.game.name:
            self._evaluate = heuristic_for(state.game.name)
            self._game = state.game.name
        player = state.current_player()
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        base = state.resample_from_infostate(player, self.rng).set_quiet()  # its own copy: no events needed
        best, best_value = [], float("-inf")
        for action in legal:
            child = base.clone()
            child.apply_action(action)
            value = self._value(child, player)
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-9:
                best.append(action)
        return self.rng.choice(best)
