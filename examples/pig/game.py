"""Pig: the dice game, as a boardcade game. Rule IDs (PG-x) refer to rules/pig.md.

Two players race to `target` points. On your turn you roll a d6 as often as you like, adding each roll to your
turn total; a 1 wipes the turn total and ends your turn (PG-2.2); holding banks it (PG-2.3).
The turn total of the player rolling is hidden from the opponent until the turn ends, to exercise the
contract's hidden information (PG-2.4): the opponent sees how many dice were rolled, not what they showed.
"""

from __future__ import annotations

import random
from typing import Any

from boardcade.core import CHANCE, TERMINAL, ActionCodec, Arg, Block, Game, Option, State

CODEC = ActionCodec(
    [
        Block("roll", label="roll the die", actor="player to move", doc="roll the d6 again (PG-2.1)"),
        Block("hold", label="hold and bank {total} point(s)", actor="player to move", doc="bank the turn (PG-2.3)"),
    ]
)
DIE = ActionCodec([Block("die", (Arg("face", (1, 2, 3, 4, 5, 6)),), label="the die shows {face}", actor="chance")])
ROLL, HOLD = CODEC.start("roll"), CODEC.start("hold")
_D6 = [(a, 1 / 6) for a in range(6)]
PLAY, ROLLING, OVER = range(3)


class PigGame(Game):
    name = "pig"
    title = "Pig"
    OPTIONS = (Option("target", 20, "points needed to win (PG-1.2)", kind=int, minimum=2, maximum=100),)
    CODEC = CODEC
    num_distinct_actions = CODEC.size
    max_chance_outcomes = DIE.size
    RULES_VERSION = 2  # version 1 had no `target` option (always 20)

    @property
    def num_players(self) -> int:
        return 2

    @property
    def max_game_length(self) -> int:
        return 4000  # bounded by the cap below (PG-1.3)

    def new_initial_state(self) -> PigState:
        return PigState(self)


class PigState(State):
    def __init__(self, game: PigGame):
        super().__init__(game)
        self._phase = PLAY
        self._player = 0
        self._scores = [0, 0]
        self._turn_total = 0
        self._rolls = 0

    def current_player(self) -> int:
        return CHANCE if self._phase == ROLLING else TERMINAL if self._phase == OVER else self._player

    def _legal_actions(self) -> list[int]:
        return [ROLL, HOLD]

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        return _D6

    def _apply(self, action: int) -> None:
        if self._phase == ROLLING:
            face = action + 1
            self._rolls += 1
            self._emit("PG-2.1", f"{self.game.player_name(self._player)} rolls a die")
            if face == 1:
                self._emit("PG-2.2", f"{self.game.player_name(self._player)} rolled a 1: the turn total is lost")
                self._end_turn()
            else:
                self._turn_total += face
                self._emit("PG-2.4", f"the die shows {face}", (self._player,))
                self._phase = PLAY
            return
        if action == ROLL:
            self._phase = ROLLING
            return
        self._scores[self._player] += self._turn_total
        self._emit("PG-2.3", f"{self.game.player_name(self._player)} banks {self._turn_total}")
        if self._scores[self._player] >= self.game.options["target"]:
            result = [-1.0, -1.0]
            result[self._player] = 1.0
            self._phase = OVER
            self._finish(result, "PG-1.2", f"{self.game.player_name(self._player)} wins")
            return
        self._end_turn()

    def _end_turn(self) -> None:
        self._turn_total = 0
        self._rolls = 0
        self._player = 1 - self._player
        self._phase = PLAY
        if len(self._history) >= self.game.max_game_length - 2:
            self._phase = OVER
            self._finish([0.0, 0.0], "PG-1.3", "the safety cap ends the game as a draw", capped=True)

    def action_info(self, action: int) -> dict[str, Any]:
        if self._phase == ROLLING:
            return DIE.info(action)
        return CODEC.info(action, total=self._turn_total)

    def action_to_string(self, action: int) -> str:
        return self.action_info(action)["label"]

    def observation(self, player: int | None) -> dict[str, Any]:
        obs = self._observation_common(player)
        mine = player == self._player
        obs.update(
            scores=list(self._scores),
            player_to_roll=self._player,
            rolls_this_turn=self._rolls,
            turn_total=self._turn_total if mine or self._phase == OVER else None,
        )
        return obs

    def information_state_string(self, player: int) -> str:
        return self.observation_string(player)

    def resample_from_infostate(self, player: int, rng: random.Random) -> PigState:
        """The opponent's turn total is hidden: redraw its rolls (each 2..6) consistently with the roll count."""
        other = self.clone()
        if player == self._player or self._rolls == 0:
            return other
        faces = [rng.randint(2, 6) for _ in range(self._rolls)]
        other._turn_total = sum(faces)
        # This turn's history: roll, outcome, roll, outcome, ... (and a last roll when the die is in the air).
        first = len(self._history) - 2 * self._rolls - (1 if self._phase == ROLLING else 0)
        shown = [i for i, e in enumerate(other._events) if e.rule == "PG-2.4" and e.step >= first]
        for k, face in enumerate(faces):
            other._history[first + 2 * k + 1] = face - 1
            other._events[shown[k]] = other._events[shown[k]]._replace(text=f"the die shows {face}")
        return other

    def clone(self) -> PigState:
        other = PigState.__new__(PigState)
        self._copy_base_into(other)
        other._phase = self._phase
        other._player = self._player
        other._scores = self._scores.copy()
        other._turn_total = self._turn_total
        other._rolls = self._rolls
        return other
