"""Pig: the dice game, as a boardcade game. Rule IDs (PG-x) refer to rules/pig.md.

Two players race to `target` points. On your turn you roll a d6 as often as you like, adding each roll to your
turn total; a 1 wipes the turn total and ends your turn (PG-2.2); holding banks it (PG-2.3).
The turn total of the player rolling is hidden from the opponent until the turn ends, to exercise the
contract's hidden information (PG-2.4): the opponent sees how many dice were rolled, not what they showed.

Written in the engine dialect of docs/contract.md: the state's fields declared once (FIELDS: the copy is built
from them), the turn as a table of phases keyed by the Phase names (each phase's actor, its possible next
phases, its legal actions and one handler per action kind), events through `_emit`, the end through `_finish`.
"""

from __future__ import annotations

import random
from typing import Any

from boardcade.core import (
    CHANCE,
    COPY,
    PLAYER,
    SHARE,
    TERMINAL,
    ActionCodec,
    Arg,
    Block,
    Observation,
    Option,
    PhasedGame,
    PhasedState,
    PhaseRule,
    phase_table,
)

CODEC = ActionCodec(
    [
        Block("roll", label="roll the die", actor="player to move", doc="roll the d6 again (PG-2.1)"),
        Block("hold", label="hold and bank {total} point(s)", actor="player to move", doc="bank the turn (PG-2.3)"),
    ]
)
DIE = ActionCodec([Block("die", (Arg("face", (1, 2, 3, 4, 5, 6)),), label="the die shows {face}", actor="chance")])
ROLL, HOLD = CODEC.start("roll"), CODEC.start("hold")
_D6 = [(a, 1 / 6) for a in range(6)]


class PigObservation(Observation):
    """The shape of Pig's observation: the keys every game carries (boardcade.core.Observation) and its own."""

    scores: list[int]  # banked points per player
    player_to_roll: int
    rolls_this_turn: int
    turn_total: int | None  # None for the opponent while the turn lasts (PG-2.4)


class Phase:
    """The phases of a turn, each's one name in code; the observation's "phase" shows it in lower case."""

    PLAY = 0  # the player to move rolls or holds
    ROLLING = 1  # the die is in the air (chance)
    OVER = 2


# ---- the procedures, by phase: plain functions of the state ----------------------------------------------
def roll_or_hold(st: PigState) -> list[int]:
    return [ROLL, HOLD]


def roll(st: PigState, _: None) -> None:
    """PG-2.1: the player to move rolls the die."""
    st._enter(Phase.ROLLING)


def hold(st: PigState, _: None) -> None:
    """PG-2.3: holding banks the turn's total and ends the turn; reaching the target wins (PG-1.2)."""
    p = st._player
    st._scores[p] += st._turn_total
    st._emit("PG-2.3", f"{st.game.player_name(p)} banks {st._turn_total}")
    if st._scores[p] >= st.game.options["target"]:
        result = [-1.0, -1.0]
        result[p] = 1.0
        st._enter(Phase.OVER)
        st._finish(result, "PG-1.2", f"{st.game.player_name(p)} wins")
        return
    end_turn(st)


def die(st: PigState, outcome: int) -> None:
    """PG-2.1: the die shows a face, seen only by the roller (PG-2.4); a 1 loses the turn's total (PG-2.2)."""
    face = outcome + 1
    p = st._player
    st._rolls += 1
    st._emit("PG-2.1", f"{st.game.player_name(p)} rolls a die")
    if face == 1:
        st._emit("PG-2.2", f"{st.game.player_name(p)} rolled a 1: the turn total is lost")
        end_turn(st)
    else:
        st._turn_total += face
        st._emit("PG-2.4", f"the die shows {face}", (p,))
        st._enter(Phase.PLAY)


def end_turn(st: PigState) -> None:
    """The other player's turn (PG-1.1), unless the safety cap ends the game as a draw (PG-1.3)."""
    st._turn_total = 0
    st._rolls = 0
    st._player = 1 - st._player
    if len(st._history) >= st.game.max_game_length - 2:
        st._enter(Phase.OVER)
        st._finish([0.0, 0.0], "PG-1.3", "the safety cap ends the game as a draw", capped=True)
        return
    st._enter(Phase.PLAY)


def _fixed_d6(game: Any) -> list[tuple[int, float]]:
    return _D6


# The table, keyed by Phase: who acts, the phases one action may lead to, and the procedures above.
PHASES: tuple[PhaseRule[PigState], ...] = phase_table(
    Phase,
    [
        PhaseRule(
            Phase.PLAY,
            PLAYER,
            next=(Phase.ROLLING, Phase.PLAY, Phase.OVER),
            legal=roll_or_hold,
            on={"roll": roll, "hold": hold},
        ),
        PhaseRule(Phase.ROLLING, CHANCE, next=(Phase.PLAY, Phase.OVER), fixed_outcomes=_fixed_d6, chance=die),
        PhaseRule(Phase.OVER, TERMINAL),
    ],
)


class PigGame(PhasedGame):
    name = "pig"
    title = "Pig"
    OPTIONS = (Option("target", 20, "points needed to win (PG-1.2)", kind=int, minimum=2, maximum=100),)
    CODEC = CODEC
    PHASES = PHASES
    num_distinct_actions = CODEC.size
    max_chance_outcomes = DIE.size
    RULES_VERSION = 2  # version 1 had no `target` option (always 20)

    @property
    def num_players(self) -> int:
        return 2

    @property
    def max_game_length(self) -> int:
        return 4000  # bounded by the cap (PG-1.3)

    def new_initial_state(self) -> PigState:
        return PigState(self)


class PigState(PhasedState):
    # The state's own fields, declared once: how a copy takes each (clone() is built from this).
    FIELDS = {
        "_player": SHARE,  # whose turn it is
        "_scores": COPY,  # banked points per player
        "_turn_total": SHARE,  # this turn's total (hidden from the opponent, PG-2.4)
        "_rolls": SHARE,  # dice rolled this turn
    }
    __slots__ = tuple(FIELDS)
    _player: int
    _scores: list[int]
    _turn_total: int
    _rolls: int

    def __init__(self, game: PigGame):
        super().__init__(game)
        self._player = 0
        self._scores = [0, 0]
        self._turn_total = 0
        self._rolls = 0
        self._enter(Phase.PLAY)  # PG-1.1: player 1 starts

    def _seat(self, role: int) -> int:
        return self._player  # the one role: the player whose turn it is

    def action_info(self, action: int) -> dict[str, Any]:
        if self._phase == Phase.ROLLING:
            return DIE.info(action)
        return CODEC.info(action, total=self._turn_total)

    def action_to_string(self, action: int) -> str:
        return str(self.action_info(action)["label"])

    def observation(self, player: int | None) -> PigObservation:
        return {
            **self._observation_common(player),
            "scores": list(self._scores),
            "player_to_roll": self._player,
            "rolls_this_turn": self._rolls,
            "turn_total": self._turn_total if player == self._player or self._phase == Phase.OVER else None,
        }

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
        first = len(self._history) - 2 * self._rolls - (1 if self._phase == Phase.ROLLING else 0)
        shown = [i for i, e in enumerate(other._events) if e.rule == "PG-2.4" and e.step >= first]
        for k, face in enumerate(faces):
            other._history[first + 2 * k + 1] = face - 1
        for index, face in zip(shown, faces, strict=False):  # (a quiet state recorded no events)
            other._replace_event(index, text=f"the die shows {face}")
        return other
