"""Q*bert (Parker Brothers, 1983): the game and its state. Rule IDs refer to rules/qbert.md.

The flow of one Q*bert turn, as a table of phases with plain functions (phases.py): the secret d8
(Phase.QBERT_ROLL), his hops (QBERT_MOVE), the character die and the d6 (CHARACTER_DIE, NASTY_DIE), the nasty's
steps (NASTY_MOVE), and at every capture threat his answer (ESCAPE); the rules document draws the phase graph.
The state's fields: state.py. What each player may see, action descriptions and resampling: views.py.
"""

from __future__ import annotations

import random
from typing import Any

from ...core.codec import Action
from ...core.game import CHANCE
from ...core.options import Option
from ...core.phases import PhasedGame
from . import actions as A
from . import views
from .observation import QbertObservation
from .phases import CAPTURE, LAST_PEG, PHASE_NAMES, PHASES, TURN_CAP
from .prompts import DECISIONS
from .state import NASTY, QBERT, Phase, QbertData, Rules

__all__ = ["PHASE_NAMES", "Phase", "QbertGame", "QbertState"]


class QbertGame(PhasedGame):
    name = "qbert"
    title = "Q*bert"
    CODEC = A.CODEC
    num_distinct_actions = A.NUM_ACTIONS
    max_chance_outcomes = A.MAX_CHANCE_OUTCOMES
    # 2: the tube stays down at a threat, discs save, walkers go home, no shielding, ties replayed by default.
    # 3: a disc ride fells the threatening nasty only when it threatened Q*bert on an outside space (QB-5.8);
    #    version 2 replays with disc_ride_falls="always" (spec.legacy_rules).
    RULES_VERSION = 3
    OPTIONS = (
        Option(
            "max_turns_per_round",
            100,
            "Safety cap: a round ends after this many Q*bert turns (QB-6.4; QB-D10 sets 100).",
            kind=int,
            minimum=1,
            maximum=1000,
        ),
        Option(
            "tiebreak",
            True,
            "Break a tie as the rulebook says, by playing another game: a roll-off and two rounds (QB-6.6). "
            "Off: a tie is a draw.",
            kind=bool,
        ),
        Option(
            "tiebreak_max_pairs",
            3,
            "Safety cap on extra games: a match still tied after this many is a draw (QB-6.7).",
            kind=int,
            minimum=1,
            maximum=20,
        ),
        Option(
            "disc_ride_falls",
            "outside",
            "Which nasty a disc ride knocks off the pyramid (QB-5.8): 'outside', the threatening nasty only when it "
            "threatened Q*bert on an outside space (QB-5.7); 'always', every time (rules version 2's reading).",
            choices=("outside", "always"),
        ),
    )
    VARIANTS = (("default", {}), ("draw-on-tie", {"tiebreak": False}))
    DECISIONS = DECISIONS  # what each decision asks (prompts.py)
    PHASES = PHASES  # the turn as a table of phases (phases.py)
    # The kinds of chance (Game.chance_kind), one per die: the roll-off, the d8 in the tube, the character die and
    # the nasty player's d6.
    CHANCE_KINDS = {
        "roll-off": "roll-off dice",
        "qbert-roll": "d8",
        "character-die": "character die",
        "nasty-die": "d6",
    }
    PHASE_ROLES = {QBERT: "Q*bert", NASTY: "the nasty player"}
    # Upper bound on actions in one Q*bert turn plus the nasty turn after it: d8, 8 hops, stop, two dice,
    # 6 steps, and an answer to each of up to 6 threats (escape hops share the 8 moves).
    _TURN_BOUND = 1 + 8 + 1 + 2 + 6 + 6

    @property
    def num_players(self) -> int:
        return 2

    @property
    def max_rounds(self) -> int:
        return 2 + (2 * self.options["tiebreak_max_pairs"] if self.options["tiebreak"] else 0)

    @property
    def max_game_length(self) -> int:
        rolloffs = self.max_rounds // 2
        turns: int = self.options["max_turns_per_round"]
        return rolloffs + self.max_rounds * turns * self._TURN_BOUND

    def prepare(self) -> None:
        self.rules = Rules(self.options, self.max_rounds)

    def action_argument(self, action: Action) -> Any:
        """A handler's argument: the digit of the action's one argument (direction, entry space, way), the pair
        (disc, landing) of a disc ride, 0 without one."""
        digits = action.digits
        return digits[0] if len(digits) == 1 else digits if digits else 0

    def new_initial_state(self) -> QbertState:
        return QbertState(self, self.rules)

    def action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE:
            return f"chance outcome {action}"
        return A.CODEC.label(action) if 0 <= action < A.NUM_ACTIONS else f"action {action}"


class QbertState(QbertData):
    """A position (its fields: state.py) with the contract: views, information states, copies."""

    __slots__ = ()
    game: QbertGame

    def action_info(self, action: int) -> dict[str, Any]:
        return views.action_info(self, action)

    def action_to_string(self, action: int) -> str:
        return str(views.action_info(self, action)["label"])

    def observation(self, player: int | None) -> QbertObservation:
        return views.observation(self, player)

    def information_state_string(self, player: int) -> str:
        return views.information_state_string(self, player)

    def resample_from_infostate(self, player: int, rng: random.Random) -> QbertState:
        return views.resample_from_infostate(self, player, rng)  # type: ignore[return-value]

    # ---- reports --------------------------------------------------------------------------
    def roles(self) -> list[str]:
        first = self._scores[0][0] if self._scores else self._first_q  # Q*bert in the very first round
        if first < 0:
            return ["undecided", "undecided"]
        out = ["Q*bert first", "Q*bert first"]
        out[1 - first] = "nasties first"
        return out

    def stats(self) -> dict[str, float]:
        """Per match: Q*bert turns, rounds and how each ended (capture, last peg, turn cap), extra games."""
        return {
            "qbert_turns": self._turns_total,
            "rounds": len(self._scores),
            "rounds_captured": self._ends[CAPTURE],
            "rounds_all_pegs": self._ends[LAST_PEG],
            "rounds_capped": self._ends[TURN_CAP],
            "extra_games": max(0, (len(self._scores) - 1) // 2),
        }
