"""Q*bert's state as data: its declared fields, and the rule values every state of a game shares.

The contract (observations, action descriptions, information states, copies) is added in game.py and views.py;
the turn flow (phases.py) is plain functions of this state.
"""

from __future__ import annotations

from typing import Any, Self

from boardcade.core.game import COPY, SHARE
from boardcade.core.phases import PhasedGame, PhasedState

from . import board as B


class Phase:
    """The phases of a turn, each's one name in code (core/phases.py); phases.py declares each one's rule (what
    the observation shows as the phase, its decision kind, who acts and what may follow)."""

    ROLL_OFF = 0
    QBERT_ROLL = 1
    QBERT_MOVE = 2
    CHARACTER_DIE = 3
    NASTY_DIE = 4
    NASTY_MOVE = 5
    ESCAPE = 6
    OVER = 7


# The roles of a phase's actor (core.phases): whoever is Q*bert this round, and the nasty player.
QBERT, NASTY = 0, 1


class Rules:
    """The option values the rules read, shared read-only by every state of one loaded game."""

    __slots__ = ("max_turns_per_round", "tiebreak", "tiebreak_max_pairs", "max_rounds", "disc_always")

    def __init__(self, options: dict[str, Any], max_rounds: int):
        self.max_turns_per_round: int = options["max_turns_per_round"]
        self.tiebreak: bool = options["tiebreak"]
        self.tiebreak_max_pairs: int = options["tiebreak_max_pairs"]
        self.max_rounds = max_rounds
        self.disc_always: bool = options["disc_ride_falls"] == "always"

    def __repr__(self) -> str:
        return (
            f"Rules(max_turns_per_round={self.max_turns_per_round}, tiebreak={self.tiebreak}, "
            f"tiebreak_max_pairs={self.tiebreak_max_pairs}, disc_always={self.disc_always})"
        )


class QbertData(PhasedState):
    """A position: the pyramid (Q*bert, pegs, nasties, discs), the secret roll and the rounds so far."""

    # The state's own fields, declared once (core.game.State): how a copy takes each.
    FIELDS = {
        "_T": SHARE,  # the rule values (Rules)
        "_round": SHARE,  # rounds finished
        "_first_q": SHARE,  # Q*bert first in the current game (set by its roll-off; -1 before)
        "_qp": SHARE,  # Q*bert's player this round (-1 before the roll-off)
        "_q": SHARE,  # Q*bert's cube
        "_pegs": SHARE,  # bit c set: cube c still holds its peg
        "_nasty": COPY,  # per character (board.NASTY_NAMES order): a cube or face number, HOME or ELIMINATED
        "_discs": SHARE,  # bit d set: disc d is still in play
        "_roll": SHARE,  # Q*bert's roll this turn (0 before the d8)
        "_hops": SHARE,  # moves used this turn (hops, escape hops; a disc ride forfeits the rest)
        "_revealed": SHARE,  # the tube is lifted (QB-7.2)
        "_roll_step": SHARE,  # where in the history the hidden roll is (-1: none)
        "_roll_event": SHARE,  # the private "secretly rolled" event's index
        "_escape_events": SHARE,  # private "moves left" events: (event index, hops then), a tuple
        "_last_roll": SHARE,  # the last roll revealed
        "_char": SHARE,  # the nasty on the character die (-1: none)
        "_steps_left": SHARE,  # its steps still to make
        "_threat_outside": SHARE,  # it threatened Q*bert on an outside space during this move (QB-5.7)
        "_escape_hops": SHARE,  # hops of the current escape
        "_frozen": SHARE,  # the Green Ball froze the next nasty turn (QB-3.8)
        "_turn": SHARE,  # Q*bert's turns this round
        "_turns_total": SHARE,  # Q*bert's turns in the match
        "_scores": COPY,  # (Q*bert player, pegs) per finished round
        "_ends": COPY,  # rounds ended by a capture, the last peg, the turn cap
        "_rolloff": SHARE,  # the last roll-off's faces, or None
        "_setup": SHARE,  # a scenario's description (scenario.py); empty in a match played from the start
    }
    __slots__ = tuple(FIELDS)
    _T: Rules
    _round: int
    _first_q: int
    _qp: int
    _q: int
    _pegs: int
    _nasty: list[int]
    _discs: int
    _roll: int
    _hops: int
    _revealed: bool
    _roll_step: int
    _roll_event: int
    _escape_events: tuple[tuple[int, int], ...]
    _last_roll: int
    _char: int
    _steps_left: int
    _threat_outside: bool
    _escape_hops: int
    _frozen: bool
    _turn: int
    _turns_total: int
    _scores: list[tuple[int, int]]
    _ends: list[int]
    _rolloff: tuple[int, int] | None
    _setup: str

    def __init__(self, game: PhasedGame, rules: Rules):
        super().__init__(game)
        self._T = rules
        self._round = 0
        self._first_q = -1
        self._qp = -1
        self._q = B.TOP
        self._pegs = B.ALL_PEGS
        self._nasty = [B.HOME] * 6
        self._discs = B.ALL_DISCS
        self._roll = 0
        self._hops = 0
        self._revealed = True
        self._roll_step = -1
        self._roll_event = -1
        self._escape_events = ()
        self._last_roll = 0
        self._char = -1
        self._steps_left = 0
        self._threat_outside = False
        self._escape_hops = 0
        self._frozen = False
        self._turn = 0
        self._turns_total = 0
        self._scores = []
        self._ends = [0, 0, 0]
        self._rolloff = None
        self._setup = ""
        self._enter(Phase.ROLL_OFF)  # QB-2.1: the roll-off decides who is Q*bert first

    def _seat(self, role: int) -> int:
        return self._qp if role == QBERT else 1 - self._qp

    def clone(self) -> Self:
        """An independent copy: the fields of FIELDS written out, so that the compiled class copies its C fields
        directly (the copy FIELDS would build goes through each field's descriptor there). A test holds it to
        FIELDS (tests/core/test_contract_all_games.py)."""
        new = type(self).__new__(type(self))
        self._copy_base_into(new)
        new._T = self._T
        new._round = self._round
        new._first_q = self._first_q
        new._qp = self._qp
        new._q = self._q
        new._pegs = self._pegs
        new._nasty = self._nasty.copy()
        new._discs = self._discs
        new._roll = self._roll
        new._hops = self._hops
        new._revealed = self._revealed
        new._roll_step = self._roll_step
        new._roll_event = self._roll_event
        new._escape_events = self._escape_events
        new._last_roll = self._last_roll
        new._char = self._char
        new._steps_left = self._steps_left
        new._threat_outside = self._threat_outside
        new._escape_hops = self._escape_hops
        new._frozen = self._frozen
        new._turn = self._turn
        new._turns_total = self._turns_total
        new._scores = self._scores.copy()
        new._ends = self._ends.copy()
        new._rolloff = self._rolloff
        new._setup = self._setup
        return new

    # The heuristic's, until it reads query.totals (branch agents); remove it then.
    def _totals(self) -> list[int]:
        t = [0, 0]
        for p, n in self._scores:
            t[p] += n
        return t
