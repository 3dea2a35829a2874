"""Q*bert (Parker Brothers, 1983): the rules engine. Rule IDs refer to rules/qbert.md.

The flow of one Q*bert turn: the secret d8 (QROLL), his hops (QMOVE), the character die and the d6 (CHAR,
NROLL), the nasty's steps (NMOVE), and at every capture threat his answer (ESCAPE). The roll stays in the
tube until the nasty turn ends, Q*bert is captured or the round ends (QB-7.2). What each player may see,
action descriptions and resampling live in `views.py`.
"""

from __future__ import annotations

from ...core.game import CHANCE, TERMINAL, Game, State
from ...core.options import Option
from . import actions as A
from . import board as B
from .board import ELIMINATED, HOME, HOP, NASTY_NAMES
from .phases import CHAR, ESCAPE, NMOVE, NROLL, OVER, PHASE_NAMES, QMOVE, QROLL, ROLLOFF
from .prompts import DECISIONS
from .views import QbertViews

__all__ = ["PHASE_NAMES", "QbertGame", "QbertState"]
# How a round ended (stats): a capture, the last peg, the turn cap.
CAPTURE, LAST_PEG, TURN_CAP = range(3)
# What one hop of Q*bert led to.
_GO_ON, _STOPPED, _ROUND_OVER = range(3)

_ROLLOFF_OUTCOMES = [(6 * a + b, 1 / 30) for a in range(6) for b in range(6) if a != b]
_D8 = [(a, 1 / 8) for a in range(8)]
_D6 = [(a, 1 / 6) for a in range(6)]
_PEG_BITS = tuple(1 << c for c in range(B.NUM_CUBES))
_WALKERS = (B.UGG, B.WRONG_WAY)
_WALKS = {B.UGG: B.UGG_STEPS, B.WRONG_WAY: B.WW_STEPS}
_ALL_DIRS = (B.UL, B.UR, B.DL, B.DR)
_DOWN_DIRS = (B.DL, B.DR)


class QbertGame(Game):
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
        return rolloffs + self.max_rounds * self.options["max_turns_per_round"] * self._TURN_BOUND

    def new_initial_state(self) -> QbertState:
        return QbertState(self)

    def action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE:
            return f"chance outcome {action}"
        return A.CODEC.label(action) if 0 <= action < A.NUM_ACTIONS else f"action {action}"


class QbertState(QbertViews, State):
    __slots__ = (
        "game",
        "_history",
        "_events",
        "_legal_cache",
        "_result",
        "_capped",
        "_event_views",
        "_phase",
        "_round",
        "_first_q",
        "_qp",
        "_q",
        "_pegs",
        "_nasty",
        "_discs",
        "_roll",
        "_hops",
        "_revealed",
        "_roll_step",
        "_roll_event",
        "_escape_events",
        "_last_roll",
        "_char",
        "_steps_left",
        "_threat_outside",
        "_escape_hops",
        "_frozen",
        "_turn",
        "_turns_total",
        "_scores",
        "_ends",
        "_rolloff",
        "_setup",
    )

    def __init__(self, game: QbertGame):
        super().__init__(game)
        self._phase = ROLLOFF
        self._round = 0  # rounds finished
        self._first_q = -1  # Q*bert first in the current game (set by its roll-off)
        self._qp = -1  # Q*bert's player this round
        self._q = B.TOP
        self._pegs = B.ALL_PEGS
        self._nasty = [HOME] * 6  # a cube or face number, HOME or ELIMINATED
        self._discs = B.ALL_DISCS
        self._roll = 0
        self._hops = 0  # moves used this turn (hops, escape hops, a disc ride forfeits the rest)
        self._revealed = True
        self._roll_step = -1  # where in the history the hidden roll is
        self._roll_event = -1  # the private "secretly rolled" event
        self._escape_events: tuple[tuple[int, int], ...] = ()  # private "moves left" events: (index, hops then)
        self._last_roll = 0
        self._char = -1
        self._steps_left = 0
        self._threat_outside = False
        self._escape_hops = 0
        self._frozen = False
        self._turn = 0
        self._turns_total = 0
        self._scores: list[tuple[int, int]] = []  # (Q*bert player, pegs) per finished round
        self._ends = [0, 0, 0]  # rounds ended by CAPTURE, LAST_PEG, TURN_CAP
        self._rolloff: tuple[int, int] | None = None
        self._setup = ""  # a scenario's description (scenario.py); empty in a match played from the start

    # ---- contract -------------------------------------------------------------------------
    def current_player(self) -> int:
        phase = self._phase
        if phase == QMOVE or phase == ESCAPE:
            return self._qp
        if phase == NMOVE:
            return 1 - self._qp
        if phase == OVER:
            return TERMINAL
        return CHANCE

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        phase = self._phase
        if phase == ROLLOFF:
            return _ROLLOFF_OUTCOMES
        if phase == QROLL:
            return _D8
        return _D6  # the character die and the nasty's d6 both have six faces

    def _legal_actions(self) -> list[int]:
        if self._phase == NMOVE:
            return self._nasty_steps()
        moves_left = self._hops < self._roll
        row = HOP[self._q]
        out = [d for d in _ALL_DIRS if row[d] >= 0] if moves_left else []
        out.append(A.STOP)  # always: ending the move (or answering a threat) never shows what is left
        if moves_left and self._phase == ESCAPE:
            out.extend(self._disc_actions())
        return out

    def _why_illegal(self, action: int) -> str:
        phase = self._phase
        if phase in (QMOVE, ESCAPE):
            if 0 <= action < A.STOP:
                if self._hops >= self._roll:
                    return "Q*bert has used every move of his roll (QB-3.2)"
                return f"hopping {B.DIR_NAMES[action]} from {A.rc(self._q)} leaves the pyramid (QB-3.3)"
            if A.DISC0 <= action < A.STEP0:
                disc, landing = divmod(action - A.DISC0, 3)
                cube, _side = B.DISCS[disc]
                if phase == ESCAPE and cube == self._q and self._discs >> disc & 1 and self._hops < self._roll:
                    spot = A.rc(B.DISC_LANDINGS[landing])
                    if landing == 0 or self._occupied(B.TOP):
                        return f"the disc cannot land on {spot}: it is occupied (QB-5.8)"
                    return f"the top cube is free, so the disc lands there, not on {spot} (QB-5.8)"
                return "a disc can only be used during an escape, from the edge cube beside an unused disc (QB-5.8)"
            return "it is Q*bert's move: hop, or stop"
        if phase == NMOVE:
            return f"{NASTY_NAMES[self._char]} cannot make that step from where it stands (QB-4.5 to QB-4.9)"
        return "it is not a player's turn"

    def _occupied(self, c: int) -> bool:
        """Whether a nasty stands on cube c (face walkers stand on faces, not cubes)."""
        n = self._nasty
        return n[B.COILY] == c or n[B.RED_BALL] == c or n[B.GREEN_BALL] == c or n[B.SLICK] == c

    def _free_for(self, c: int, k: int) -> bool:
        """Whether nasty k may step onto cube c: nobody else is there, or Q*bert is (QB-4.9)."""
        if c == self._q:
            return True
        n = self._nasty
        return not any(n[j] == c for j in B.CUBE_WALKERS if j != k)

    def _disc_actions(self) -> list[int]:
        out = []
        for d, (c, _side) in enumerate(B.DISCS):
            if c == self._q and self._discs >> d & 1:
                if not self._occupied(B.TOP):
                    out.append(A.DISC0 + 3 * d)
                else:
                    out.extend(A.DISC0 + 3 * d + k for k in (1, 2) if not self._occupied(B.DISC_LANDINGS[k]))
        return out

    def _nasty_steps(self) -> list[int]:
        k = self._char
        pos = self._nasty[k]
        if pos == ELIMINATED:
            return []
        if k == B.UGG or k == B.WRONG_WAY:
            if pos == HOME:
                return [A.ENTER0]
            along, up = _WALKS[k][pos]
            out = [a for a, dest in ((A.FACE_ALONG, along), (A.FACE_UP, up)) if dest >= 0]
            return out or [A.GO_HOME]  # no face to walk to: past the edge, and home (QB-4.8)
        if pos == HOME:
            return [A.ENTER0 + j for j, c in enumerate(B.ENTRY[k]) if self._free_for(c, k)]
        row = HOP[pos]
        if k in B.DOWN_ONLY:
            if row[B.DL] < 0:  # bottom row: the only way on is off the board, back home (QB-4.6)
                return [A.GO_HOME]
            dirs = _DOWN_DIRS
        else:
            dirs = _ALL_DIRS
        return [A.STEP0 + d for d in dirs if row[d] >= 0 and self._free_for(row[d], k)]

    def _apply(self, action: int) -> None:
        phase = self._phase
        if phase == QMOVE:
            if action == A.STOP:
                self._emit("QB-3.2", f"Q*bert ends his move after {self._hops} hop(s)")
                self._end_qbert_move()
            elif self._qbert_hop(action) == _STOPPED:
                self._end_qbert_move()
        elif phase == NMOVE:
            self._nasty_step(action)
        elif phase == ESCAPE:
            self._escape_action(action)
        elif phase == QROLL:
            self._roll = action + 1
            self._hops = 0
            self._revealed = False
            self._roll_step = len(self._history)
            self._escape_events = ()
            self._emit("QB-3.1", "Q*bert rolls the d8 in the secret tube")
            self._roll_event = len(self._events)
            self._emit("QB-3.1", f"Q*bert secretly rolled {self._roll}", (self._qp,))
            self._phase = QMOVE
        elif phase == CHAR:
            self._char = B.CHARACTER_DIE[action]
            self._phase = NROLL
        elif phase == NROLL:
            self._steps_left = action + 1
            self._threat_outside = False
            self._emit("QB-4.1", f"The nasty player rolls {NASTY_NAMES[self._char]} and {self._steps_left}")
            self._phase = NMOVE
            self._advance_nasty()
        else:  # ROLLOFF
            a, b = divmod(action, 6)
            self._rolloff = (a + 1, b + 1)
            self._first_q = 0 if a > b else 1
            names = self.game.player_name
            self._emit(
                "QB-2.1",
                f"Roll-off: {names(0)} rolled {a + 1}, {names(1)} rolled {b + 1}; "
                f"{names(self._first_q)} is Q*bert first",
            )
            self._start_round()

    # ---- rounds and turns -----------------------------------------------------------------
    def _reset_board(self) -> None:
        """Pegs back, every piece home, discs back (QB-6.3)."""
        self._q = B.TOP
        self._pegs = B.ALL_PEGS
        self._nasty = [HOME] * 6
        self._discs = B.ALL_DISCS
        self._frozen = False
        self._turn = 0
        self._char = -1
        self._steps_left = 0

    def _start_round(self) -> None:
        self._qp = self._first_q if self._round % 2 == 0 else 1 - self._first_q
        self._reset_board()
        name = self.game.player_name(self._qp)
        self._emit("QB-6.3", f"Round {self._round + 1}: {name} is Q*bert; the board is set up")
        self._start_qbert_turn()

    def _start_qbert_turn(self) -> None:
        if self._turn >= self.game.options["max_turns_per_round"]:
            self._capped = True  # a digital safeguard ended this round (QB-6.4)
            self._emit("QB-6.4", f"Safety cap: {self._turn} Q*bert turns played; the round ends")
            self._end_round(TURN_CAP)
            return
        self._turn += 1
        self._turns_total += 1
        self._roll = 0
        self._hops = 0
        self._char = -1
        self._phase = QROLL

    def _reveal(self, end_of_nasty_turn: bool) -> None:
        """Lift the tube (QB-4.11 at the end of a nasty turn; QB-7.2 at a capture or the round's end)."""
        if self._revealed:
            return
        self._revealed = True
        self._last_roll = self._roll
        if end_of_nasty_turn:
            unused = self._roll - self._hops
            self._emit("QB-4.11", f"The tube is lifted: Q*bert had rolled {self._roll} ({unused} move(s) unused)")
        else:
            self._emit("QB-7.2", f"The tube is lifted: Q*bert had rolled {self._roll}")

    def _end_qbert_move(self) -> None:
        if self._frozen:
            self._frozen = False
            self._emit("QB-4.10", "The nasties are frozen by the Green Ball: their turn is skipped")
            self._end_nasty_turn()
        else:
            self._phase = CHAR

    def _end_nasty_turn(self) -> None:
        self._reveal(True)
        self._start_qbert_turn()

    def _end_round(self, how: int, captured_by: str = "") -> None:
        self._reveal(False)
        taken = B.NUM_CUBES - self._pegs.bit_count()
        self._scores.append((self._qp, taken))
        self._ends[how] += 1
        if captured_by:
            self._emit("QB-6.1", f"Q*bert is captured by {captured_by}; the round ends")
        if not self._quiet:  # quiet mode: no text to build
            self._emit("QB-6.2", f"{self.game.player_name(self._qp)} took {taken} peg(s) as Q*bert")
        self._round += 1
        self._char = -1
        self._steps_left = 0
        if self._round % 2 == 0:
            self._end_game()
        else:
            self._start_round()

    def _end_game(self) -> None:
        """Both players have been Q*bert once in this game: a winner, a draw, or another game (QB-6.5-6.7)."""
        pegs = [0, 0]
        for p, n in self._scores[-2:]:
            pegs[p] = n
        extra = self._round // 2 - 1  # 0 for the opening game
        which = f"extra game {extra}" if extra else "the game"
        names = self.game.player_name
        if pegs[0] != pegs[1]:
            w = 0 if pegs[0] > pegs[1] else 1
            result = [-1.0, -1.0]
            result[w] = 1.0
            self._phase = OVER
            text = f"{names(w)} wins, {pegs[w]} pegs to {pegs[1 - w]}" + (f" in {which}" if extra else "")
            self._finish(result, "QB-6.5", text)
            return
        if not self.game.options["tiebreak"]:
            self._phase = OVER
            self._finish((0.0, 0.0), "QB-6.6", f"Tied at {pegs[0]} pegs each: the match is a draw")
            return
        if self._round >= self.game.max_rounds:
            self._phase = OVER
            self._finish(
                (0.0, 0.0),
                "QB-6.7",
                f"{which.capitalize()} is tied too, at {pegs[0]} pegs each; the cap of "
                f"{self.game.options['tiebreak_max_pairs']} extra game(s) is reached: the match is a draw",
                capped=True,
            )
            return
        self._emit(
            "QB-6.6",
            f"{which.capitalize()} is tied at {pegs[0]} pegs each: another game (a new roll-off, two rounds) "
            "breaks the tie",
        )
        self._reset_board()
        self._phase = ROLLOFF

    # ---- Q*bert -------------------------------------------------------------------------------
    def _qbert_hop(self, d: int) -> int:
        """One hop of Q*bert (in a move or an escape): _GO_ON, _STOPPED (Slick) or _ROUND_OVER."""
        dest = HOP[self._q][d]
        kind, face = B.CROSS[self._q][d]
        self._hops += 1
        self._q = dest
        if not self._quiet:  # quiet mode: no text to build
            self._emit("QB-3.3", f"Q*bert hops {B.DIR_NAMES[d]} to {A.rc(dest)}")
        nasty = self._nasty
        walker = B.WRONG_WAY if kind == B.LEFT else B.UGG
        if nasty[walker] == face:
            self._emit("QB-3.6", f"Q*bert passes over {NASTY_NAMES[walker]}")
            self._end_round(CAPTURE, NASTY_NAMES[walker])
            return _ROUND_OVER
        for k in (B.COILY, B.RED_BALL):
            if nasty[k] == dest:
                self._emit("QB-3.5", f"Q*bert lands on {NASTY_NAMES[k]}")
                self._end_round(CAPTURE, NASTY_NAMES[k])
                return _ROUND_OVER
        result = _GO_ON
        if nasty[B.GREEN_BALL] == dest:
            nasty[B.GREEN_BALL] = HOME
            self._frozen = True
            self._emit("QB-3.8", "Q*bert lands on the Green Ball: it goes home and the next nasty turn is frozen")
        if nasty[B.SLICK] == dest:
            nasty[B.SLICK] = HOME
            self._emit("QB-3.7", "Q*bert lands on Slick: Slick goes home and Q*bert's move ends")
            result = _STOPPED
        return _ROUND_OVER if self._take_peg(dest) else result

    def _take_peg(self, c: int) -> bool:
        """Take the peg on cube c if there is one. True when that was the last peg (the round is over)."""
        bit = _PEG_BITS[c]
        if self._pegs & bit:
            self._pegs ^= bit
            if not self._quiet:  # quiet mode: no text to build
                self._emit("QB-3.4", f"Q*bert takes the peg on {A.rc(c)} ({self._pegs.bit_count()} left)")
            if not self._pegs:
                self._emit("QB-6.1", "Every peg is taken; the round ends")
                self._end_round(LAST_PEG)
                return True
        return False

    def _escape_action(self, action: int) -> None:
        name = NASTY_NAMES[self._char]
        if action == A.STOP:
            if self._escape_hops == 0:
                self._emit("QB-5.5", "Q*bert stays put")
                self._end_round(CAPTURE, name)
            else:
                self._emit("QB-5.5", "Q*bert ends his escape")
                self._end_escape()
            return
        if action >= A.DISC0:
            disc, landing = divmod(action - A.DISC0, 3)
            self._discs &= ~(1 << disc)
            self._hops = self._roll  # the disc hop counts one; the rest is forfeited (QB-5.8)
            self._q = B.DISC_LANDINGS[landing]
            if not self._quiet:  # quiet mode: no text to build
                self._emit("QB-5.8", f"Q*bert rides the disc to {A.rc(self._q)}; the disc leaves play")
            if self._take_peg(self._q):
                return
            # The ride saves him: the threatening nasty's move ends. Having threatened him on an outside space
            # and failed, it falls off (QB-5.7); threatened only on inside spaces, it stays where it is.
            self._steps_left = 0
            if self._threat_outside or self.game.options["disc_ride_falls"] == "always":
                self._nasty[self._char] = ELIMINATED
                self._emit("QB-5.7", f"{name} failed to capture Q*bert on an outside space and falls off the board")
            else:
                self._emit(
                    "QB-5.8", f"{name}'s move ends; it threatened Q*bert only on inside spaces and stays on the pyramid"
                )
            self._end_nasty_turn()
            return
        self._escape_hops += 1
        if self._qbert_hop(action) == _STOPPED:
            self._end_escape()
        # Otherwise he stays in the escape, even with no moves left: only he knows, so he ends it himself.

    def _end_escape(self) -> None:
        k = self._char
        if self._nasty[k] == self._q:
            # Hopping away and back (possible past a face walker without crossing its face) escapes nothing.
            self._emit("QB-5.5", f"Q*bert ends his escape where {NASTY_NAMES[k]} threatens him")
            self._end_round(CAPTURE, NASTY_NAMES[k])
            return
        self._phase = NMOVE
        self._advance_nasty()

    # ---- nasties --------------------------------------------------------------------------
    def _nasty_step(self, action: int) -> None:
        k = self._char
        nasty = self._nasty
        pos = nasty[k]
        name = NASTY_NAMES[k]
        self._steps_left -= 1
        if action == A.GO_HOME:
            nasty[k] = HOME
            self._steps_left = 0
            if k == B.UGG or k == B.WRONG_WAY:
                self._emit("QB-4.8", f"{name} walks past the edge of the pyramid and goes home")
            else:
                self._emit("QB-4.6", f"{name} drops off the bottom of the pyramid and goes home")
        elif action >= A.FACE_ALONG:
            along, up = _WALKS[k][pos]
            nasty[k] = along if action == A.FACE_ALONG else up
            if not self._quiet:  # quiet mode: no text to build
                self._emit("QB-4.8", f"{name} walks to the face of {A.rc(nasty[k])}")
        elif action >= A.ENTER0:
            nasty[k] = B.ENTRY[k][action - A.ENTER0]
            if not self._quiet:  # quiet mode: no text to build
                self._emit("QB-4.5", f"{name} enters the pyramid at {A.rc(nasty[k])}")
        else:
            nasty[k] = HOP[pos][action - A.STEP0]
            if not self._quiet:  # quiet mode: no text to build
                self._emit("QB-4.7" if k == B.COILY else "QB-4.6", f"{name} steps to {A.rc(nasty[k])}")
        if nasty[k] == self._q and k in B.CAPTURERS:
            self._threat()
        else:
            self._advance_nasty()

    def _threat(self) -> None:
        """A capturer reached Q*bert: its move pauses and he answers, the tube still down (QB-5.4)."""
        k = self._char
        rule = "QB-5.2" if k in _WALKERS else "QB-5.1"
        if not self._quiet:  # quiet mode: no text to build
            self._emit(rule, f"{NASTY_NAMES[k]} reaches Q*bert at {A.rc(self._q)}: capture threatened")
        if self._q in B.OUTSIDE:
            self._threat_outside = True
        self._emit("QB-5.4", "The tube stays down: Q*bert may escape with the moves he has left (moves left: hidden)")
        self._escape_events += ((len(self._events), self._hops),)
        self._emit("QB-5.4", f"Q*bert has {self._roll - self._hops} escape move(s) left", (self._qp,))
        self._escape_hops = 0
        self._phase = ESCAPE

    def _advance_nasty(self) -> None:
        """Hand the move to the nasty player, or end the nasty's move when it is done or stuck."""
        k = self._char
        if self._steps_left > 0:
            if self._nasty_steps():
                return
            if self._nasty[k] == ELIMINATED:
                self._emit("QB-4.4", f"{NASTY_NAMES[k]} is out of the round: the move is forfeited")
            else:
                self._emit("QB-4.4", f"{NASTY_NAMES[k]} has no legal step: the rest of the move is forfeited")
            self._steps_left = 0
        if self._threat_outside and self._nasty[k] != ELIMINATED:
            self._nasty[k] = ELIMINATED
            self._emit(
                "QB-5.7", f"{NASTY_NAMES[k]} failed to capture Q*bert on an outside space and falls off the board"
            )
        self._end_nasty_turn()

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

    def _totals(self) -> list[int]:
        t = [0, 0]
        for p, n in self._scores:
            t[p] += n
        return t

    def clone(self) -> QbertState:
        s = QbertState.__new__(QbertState)
        self._copy_base_into(s)
        s._phase = self._phase
        s._round = self._round
        s._first_q = self._first_q
        s._qp = self._qp
        s._q = self._q
        s._pegs = self._pegs
        s._nasty = self._nasty.copy()
        s._discs = self._discs
        s._roll = self._roll
        s._hops = self._hops
        s._revealed = self._revealed
        s._roll_step = self._roll_step
        s._roll_event = self._roll_event
        s._escape_events = self._escape_events
        s._last_roll = self._last_roll
        s._char = self._char
        s._steps_left = self._steps_left
        s._threat_outside = self._threat_outside
        s._escape_hops = self._escape_hops
        s._frozen = self._frozen
        s._turn = self._turn
        s._turns_total = self._turns_total
        s._scores = self._scores.copy()
        s._ends = self._ends.copy()
        s._rolloff = self._rolloff
        s._setup = self._setup
        return s
