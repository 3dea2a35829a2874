"""A toy game for testing the search's backups: one player's turn of two decisions, then a coin decides the match.

Player 0 either COMMITs at once (worth `COMMIT_VALUE`) or WAITs and then picks one of `OPTIONS` options, of
which only the first is good (`GOOD`, the others `BAD`). Then player 1 makes a decision that changes nothing,
and a chance node ends the match: player 0 wins with probability (1 + v) / 2, v the value of the line taken.
So the evaluation (`evaluate`: v at player 1's decision, 0 in the middle of player 0's turn) is exactly the
expected result. A search that averages WAIT over its options undervalues it; one that backs up the best line
of the turn sees WAIT worth GOOD.
"""

from __future__ import annotations

import random
from typing import Any

from boardcade.core import CHANCE, TERMINAL, Game, GameSpec, State

COMMIT, WAIT = 0, 1
OPTIONS = 8
COMMIT_VALUE, GOOD, BAD = 0.3, 0.8, -0.6
START, CHOOSE, REPLY, COIN, OVER = range(5)


class ToyGame(Game):
    name = "toy_plan"
    title = "Toy plan"
    num_distinct_actions = 2 + OPTIONS
    max_chance_outcomes = 2
    PERFECT_INFORMATION = True

    @property
    def num_players(self) -> int:
        return 2

    @property
    def max_game_length(self) -> int:
        return 4

    def new_initial_state(self) -> ToyState:
        return ToyState(self)


class ToyState(State):
    def __init__(self, game: ToyGame):
        super().__init__(game)
        self.phase = START
        self.value = 0.0  # player 0's value of the line taken, once taken

    def current_player(self) -> int:
        return {START: 0, CHOOSE: 0, REPLY: 1, COIN: CHANCE}.get(self.phase, TERMINAL)

    def _legal_actions(self) -> list[int]:
        if self.phase == START:
            return [COMMIT, WAIT]
        if self.phase == CHOOSE:
            return [2 + k for k in range(OPTIONS)]
        return [0, 1]

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        p = (1 + self.value) / 2
        return [(0, p), (1, 1 - p)]

    def _apply(self, action: int) -> None:
        if self.phase == START:
            if action == COMMIT:
                self.value, self.phase = COMMIT_VALUE, REPLY
            else:
                self.phase = CHOOSE
        elif self.phase == CHOOSE:
            self.value, self.phase = (GOOD if action == 2 else BAD), REPLY
        elif self.phase == REPLY:
            self.phase = COIN
        else:
            self.phase = OVER
            self._finish([1.0, -1.0] if action == 0 else [-1.0, 1.0], "T-1", "the coin decides")

    def observation(self, player: int | None) -> dict[str, Any]:
        obs = self._observation_common(player)
        obs.update(phase=self.phase, value=self.value)
        return obs

    def resample_from_infostate(self, player: int, rng: random.Random) -> ToyState:
        return self.clone()

    def clone(self) -> ToyState:
        other = ToyState.__new__(ToyState)
        self._copy_base_into(other)
        other.phase = self.phase
        other.value = self.value
        return other


def evaluate(state: ToyState, player: int) -> float:
    if state.is_terminal():
        return state.returns()[player]
    v = state.value if state.phase in (REPLY, COIN) else 0.0
    return v if player == 0 else -v


SPEC = GameSpec(name="toy_plan", title="Toy plan", game=ToyGame, heuristic=evaluate)
