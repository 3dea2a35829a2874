"""The clone a state class gets from its FIELDS (core.game): every declared field copied as declared, the same in
both modes, for the class itself and for a subclass that inherits it (which gets State's own clone, built for it)."""

from __future__ import annotations

import random
from typing import Any

from boardcade.core import COPY, SHARE, TERMINAL, Game, State


class CounterGame(Game):
    name = "counter"
    title = "Counter"
    num_distinct_actions = 2
    max_chance_outcomes = 0
    PERFECT_INFORMATION = True

    @property
    def num_players(self) -> int:
        return 1

    @property
    def max_game_length(self) -> int:
        return 3

    def new_initial_state(self) -> Counter:
        return Counter(self)


class Counter(State):
    FIELDS = {"n": SHARE, "seen": COPY}
    __slots__ = tuple(FIELDS)

    def __init__(self, game: Game):
        super().__init__(game)
        self.n = 0
        self.seen: list[int] = []

    def current_player(self) -> int:
        return TERMINAL if self.n >= 3 else 0

    def _legal_actions(self) -> list[int]:
        return [0, 1]

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        return []

    def _apply(self, action: int) -> None:
        self.n += 1
        self.seen.append(action)

    def observation(self, player: int | None) -> Any:
        return self._observation_common(player)

    def resample_from_infostate(self, player: int, rng: random.Random) -> Counter:
        return self.clone()


class LoudCounter(Counter):
    __slots__ = ()


def test_a_generated_clone_copies_the_declared_fields_for_the_class_and_a_subclass():
    game = CounterGame()
    for cls in (Counter, LoudCounter, Counter):  # the subclass's first copy comes after its base's clone is built
        state = cls(game)
        state.apply_action(1)
        twin = state.clone()
        assert type(twin) is cls
        assert (twin.n, twin.seen, twin.history()) == (1, [1], [1])
        twin.apply_action(0)
        assert (state.n, state.seen, state.history()) == (1, [1], [1])  # the copy's list is its own
        assert (twin.n, twin.seen, twin.history()) == (2, [1, 0], [1, 0])
