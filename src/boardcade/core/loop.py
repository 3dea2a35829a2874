"""The one play loop and the one chance driver, used by the CLI, simulate, arena, balance, agents,
benchmarks and tests.

A *decider* is anything that picks the action for the player to move: a function `state -> action`, or an
object with a `step(state)` method (every Agent). `play` asks the decider of the player to move, samples
chance nodes with their probabilities from one `random.Random`, and reports each step to `on_step`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from .errors import GameError
from .game import CHANCE, TERMINAL, State


class Decider(Protocol):
    def step(self, state: State) -> int: ...


# on_step(state_after, player_who_acted_or_CHANCE, action)
StepHook = Callable[[State, int, int], Any]


def sample_chance(state: State, rng: random.Random) -> int:
    """Draw a chance outcome of `state` (a chance node) with its probabilities."""
    x = rng.random()
    outcomes = state._chance_outcomes()  # the contract's own list: read only, never handed out
    for action, p in outcomes:
        x -= p
        if x < 0:
            return action
    return outcomes[-1][0]


def advance_chance(
    state: State, rng: random.Random, on_step: StepHook | None = None, limit: int | None = None
) -> State:
    """Apply chance outcomes until a player is to move or the match is over. Returns `state`.

    limit: at most this many outcomes in a row; a game that asks for more looks stuck (GameError, the outcomes
    applied so far stay applied)."""
    applied = 0
    while state.current_player() == CHANCE:
        if limit is not None and applied >= limit:
            raise GameError(f"more than {limit} chance outcomes in a row: {state.game.name} looks stuck")
        action = sample_chance(state, rng)
        state.apply_action(action)
        applied += 1
        if on_step is not None:
            on_step(state, CHANCE, action)
    return state


def _as_function(decider: Decider | Callable[[State], int]) -> Callable[[State], int]:
    step = getattr(decider, "step", None)
    return step if callable(step) else decider  # type: ignore[return-value]


def play(
    state: State,
    deciders: Sequence[Decider | Callable[[State], int]] | Mapping[int, Decider | Callable[[State], int]],
    rng: random.Random,
    *,
    on_step: StepHook | None = None,
    max_steps: int | None = None,
    stop: Callable[[State], bool] | None = None,
    until_player: int | None = None,
    chance: Callable[[State], int] | None = None,
) -> State:
    """Play `state` forward (mutating it) until the end, `max_steps` applied actions, `stop(state)` is true
    before a step, or player `until_player` is to move (a learner's seat: the others and chance play up to its
    turn). `deciders[p]` chooses for player p (none is needed for `until_player`); chance nodes draw from
    `rng`, or `chance(state)` picks their outcome when given (the arena's duplicate deals: a generator per kind of
    chance, each drawing with `sample_chance`). Returns `state`."""
    if isinstance(deciders, _Everyone):
        everyone = deciders._decide
        choose: Mapping[int, Callable[[State], int]] = {}
    elif isinstance(deciders, Mapping):
        everyone, choose = None, {p: _as_function(d) for p, d in deciders.items()}
    else:
        everyone, choose = None, {p: _as_function(d) for p, d in enumerate(deciders)}
    limit = -1 if max_steps is None else max_steps
    steps = 0
    while steps != limit:
        player = state.current_player()
        if player == TERMINAL or player == until_player or (stop is not None and stop(state)):
            break
        if player == CHANCE:
            action = sample_chance(state, rng) if chance is None else chance(state)
        else:
            action = everyone(state) if everyone is not None else choose[player](state)
        state.apply_action(action)
        steps += 1
        if on_step is not None:
            on_step(state, player, action)
    return state


def random_decider(rng: random.Random) -> Callable[[State], int]:
    """A decider that picks uniformly among the legal actions with `rng`."""

    def decide(state: State) -> int:
        legal = state._legal_now()  # the state's own list (read only): no copy per decision
        return legal[int(rng.random() * len(legal))]

    return decide


def random_playout(state: State, rng: random.Random, max_steps: int | None = None) -> State:
    """Uniformly random play (chance by its probabilities) from `state`, mutating it. Returns `state`.

    The same draws as `play(state, same_for_all(random_decider(rng)), rng, max_steps=max_steps)`, written out:
    rollouts and benchmarks spend their time here."""
    limit = -1 if max_steps is None else max_steps
    steps = 0
    while steps != limit:
        player = state.current_player()
        if player == TERMINAL:
            break
        if player == CHANCE:
            action = sample_chance(state, rng)
        else:
            legal = state._legal_now()  # the state's own list (read only)
            action = legal[int(rng.random() * len(legal))]
        # State._apply_legal written out: drawn from the legal ones, apply_action's check would only repeat that
        state._legal_cache = None
        state._apply(action)
        state._history.append(action)
        steps += 1
    return state


class _Everyone(dict[int, Callable[[State], int]]):
    """A deciders mapping that answers every player with the same decider."""

    def __init__(self, decide: Callable[[State], int]):
        super().__init__()
        self._decide = decide

    def __missing__(self, player: int) -> Callable[[State], int]:
        return self._decide


def same_for_all(decider: Decider | Callable[[State], int]) -> Mapping[int, Callable[[State], int]]:
    """A deciders mapping giving every player the same decider (self-play)."""
    return _Everyone(_as_function(decider))
