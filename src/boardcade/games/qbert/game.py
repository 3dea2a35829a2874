"""Q*bert (Parker Brothers, 1983): the rules engine. Rule IDs refer to docs/rules/qbert.md."""

from __future__ import annotations

import random
from typing import Any

from ...core.game import CHANCE, TERMINAL, Game, State
from ...core.options import Option
from . import actions as A
from . import board as B
from .board import CUBES, ELIMINATED, HOME, HOP, NASTY_NAMES

# Phases of play.
ROLLOFF, QROLL, QMOVE, CHAR, NROLL, NMOVE, ESCAPE, OVER = range(8)
PHASE_NAMES = ("roll-off", "qbert-roll", "qbert-move", "character-die", "nasty-die", "nasty-move", "escape", "over")

_ROLLOFF_OUTCOMES = [(6 * a + b, 1 / 30) for a in range(6) for b in range(6) if a != b]
_D8 = [(a, 1 / 8) for a in range(8)]
_D6 = [(a, 1 / 6) for a in range(6)]
_PEG_BITS = tuple(1 << c for c in range(B.NUM_CUBES))


class QbertGame(Game):
    name = "qbert"
    title = "Q*bert"
    CODEC = A.CODEC
    num_distinct_actions = A.NUM_ACTIONS
    max_chance_outcomes = A.MAX_CHANCE_OUTCOMES
    OPTIONS = (
        Option(
            "max_turns_per_round",
            100,
            "Safety cap: a round ends after this many Q*bert turns (QB-6.4; QB-D10 proposed 60).",
            kind=int,
            minimum=1,
            maximum=1000,
        ),
        Option("tiebreak", False, "Break a tie by playing another game: roll-off and two rounds (QB-6.6).", kind=bool),
        Option(
            "tiebreak_max_pairs",
            3,
            "With tiebreak: at most this many extra games; still tied after them is a draw.",
            kind=int,
            minimum=1,
            maximum=20,
        ),
    )
    VARIANTS = (("default", {}), ("tiebreak", {"tiebreak": True}))
    # Upper bound on actions in one Q*bert turn plus the nasty turn after it: d8, 8 hops, stop,
    # two dice, 6 steps, and up to 6 escape stops (escape hops share the 8 moves).
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

    def __deepcopy__(self, memo: dict) -> QbertGame:
        # A game is static (options, codec, tables): deep copies of states share it. Adapters that deep-copy
        # states (OpenSpiel's Python MCTS) would otherwise try to copy the codec's read-only mappings.
        return self

    def action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE:
            return f"chance outcome {action}"
        return A.CODEC.label(action) if 0 <= action < A.NUM_ACTIONS else f"action {action}"


class QbertState(State):
    __slots__ = (
        "game",
        "_history",
        "_events",
        "_legal_cache",
        "_result",
        "_capped",
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
        "_last_roll",
        "_char",
        "_steps_left",
        "_threat_outside",
        "_escape_hops",
        "_frozen",
        "_turn",
        "_turns_total",
        "_scores",
        "_rolloff",
        "_setup",
    )

    def __init__(self, game: QbertGame):
        super().__init__(game)
        self._phase = ROLLOFF
        self._round = 0
        self._first_q = -1
        self._qp = -1
        self._q = B.TOP
        self._pegs = B.ALL_PEGS
        self._nasty = [HOME] * 6
        self._discs = B.ALL_DISCS
        self._roll = 0
        self._hops = 0
        self._revealed = True
        self._roll_step = -1
        self._roll_event = -1
        self._last_roll = 0
        self._char = -1
        self._steps_left = 0
        self._threat_outside = False
        self._escape_hops = 0
        self._frozen = False
        self._turn = 0
        self._turns_total = 0
        self._scores: list[tuple[int, int]] = []  # (Q*bert player, pegs) per finished round
        self._rolloff: tuple[int, int] | None = None
        self._setup = ""  # a scenario's description (scenario.py); empty in a match played from the start

    # ---- contract -------------------------------------------------------------------------
    def current_player(self) -> int:
        phase = self._phase
        if phase in (QMOVE, ESCAPE):
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
        return _D6  # character die and the nasty's d6 both have six faces

    def _legal_actions(self) -> list[int]:
        phase = self._phase
        if phase == NMOVE:
            return self._nasty_steps()
        hop_row = HOP[self._q]
        out = [d for d in range(4) if hop_row[d] >= 0] if self._hops < self._roll else []
        if phase == ESCAPE:
            out.append(A.STOP)
            out.extend(self._disc_actions())
        else:
            out.append(A.STOP)
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
                    if landing == 0 or self._cube_occupied(B.TOP):
                        return f"the disc cannot land on {spot}: it is occupied (QB-5.8)"
                    return f"the top cube is free, so the disc lands there, not on {spot} (QB-5.8)"
                return "a disc can only be used during an escape, from the edge cube beside an unused disc (QB-5.8)"
            return "it is Q*bert's move: hop, or stop"
        if phase == NMOVE:
            return f"{NASTY_NAMES[self._char]} cannot make that step from where it stands (QB-4.5 to QB-4.9)"
        return "it is not a player's turn"

    def _disc_actions(self) -> list[int]:
        if self._hops >= self._roll:
            return []
        out = []
        occupied = self._cube_occupied
        for d, (c, _side) in enumerate(B.DISCS):
            if c == self._q and self._discs >> d & 1:
                if not occupied(B.TOP):
                    out.append(A.DISC0 + 3 * d)
                else:
                    out.extend(A.DISC0 + 3 * d + k for k in (1, 2) if not occupied(B.DISC_LANDINGS[k]))
        return out

    def _cube_occupied(self, c: int, exclude: int = -1) -> bool:
        n = self._nasty
        return any(n[k] == c for k in B.CUBE_WALKERS if k != exclude)

    def _nasty_steps(self) -> list[int]:
        k = self._char
        pos = self._nasty[k]
        if pos == ELIMINATED:
            return []
        if k in (B.UGG, B.WRONG_WAY):
            if pos == HOME:
                return [A.ENTER0]
            along, up = (B.UGG_STEPS if k == B.UGG else B.WW_STEPS)[pos]
            return [a for a, dest in ((A.FACE_ALONG, along), (A.FACE_UP, up)) if dest >= 0]
        occupied = self._cube_occupied
        if pos == HOME:
            return [A.ENTER0 + j for j, c in enumerate(B.ENTRY[k]) if not occupied(c, k)]
        row = HOP[pos]
        if k in B.DOWN_ONLY:
            if row[B.DL] < 0:  # bottom row: the only way on is off the board, back home (QB-4.6)
                return [A.GO_HOME]
            dirs = (B.DL, B.DR)
        else:
            dirs = (B.UL, B.UR, B.DL, B.DR)
        return [A.STEP0 + d for d in dirs if row[d] >= 0 and not occupied(row[d], k)]

    def _apply(self, action: int) -> None:
        phase = self._phase
        if phase == QMOVE:
            if action == A.STOP:
                self._emit("QB-3.2", f"Q*bert ends his move after {self._hops} hop(s)")
                self._end_qbert_move()
            elif self._qbert_hop(action) == "stop":
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

    def _start_round(self) -> None:
        self._qp = self._first_q if self._round % 2 == 0 else 1 - self._first_q
        self._reset_board()
        self._emit(
            "QB-6.3", f"Round {self._round + 1}: {self.game.player_name(self._qp)} is Q*bert; the board is set up"
        )
        self._start_qbert_turn()

    def _start_qbert_turn(self) -> None:
        if self._turn >= self.game.options["max_turns_per_round"]:
            self._capped = True  # a digital safeguard ended this round (QB-6.4)
            self._emit("QB-6.4", f"Safety cap: {self._turn} Q*bert turns played; the round ends")
            self._end_round()
            return
        self._turn += 1
        self._turns_total += 1
        self._roll = 0
        self._hops = 0
        self._char = -1
        self._phase = QROLL

    def _reveal(self, at_threat: bool = False) -> None:
        if not self._revealed:
            self._revealed = True
            self._last_roll = self._roll
            left = self._roll - self._hops
            if at_threat:
                self._emit("QB-5.4", f"The tube is lifted: Q*bert rolled {self._roll} ({left} escape move(s))")
            else:
                self._emit("QB-4.11", f"The tube is lifted: Q*bert had rolled {self._roll} ({left} move(s) unused)")

    def _end_qbert_move(self) -> None:
        if self._frozen:
            self._frozen = False
            self._emit("QB-4.10", "The nasties are frozen by the Green Ball: their turn is skipped")
            self._end_nasty_turn()
        else:
            self._phase = CHAR

    def _end_nasty_turn(self) -> None:
        self._reveal()
        self._start_qbert_turn()

    def _end_round(self, captured_by: str | None = None) -> None:
        self._reveal()
        taken = B.NUM_CUBES - self._pegs.bit_count()
        self._scores.append((self._qp, taken))
        if captured_by:
            self._emit("QB-6.1", f"Q*bert is captured by {captured_by}; the round ends")
        self._emit("QB-6.2", f"{self.game.player_name(self._qp)} took {taken} peg(s) as Q*bert")
        self._round += 1
        self._char = -1
        if self._round % 2 == 0:
            totals = self._totals()
            tied = totals[0] == totals[1]
            if not tied or not self.game.options["tiebreak"] or self._round >= self.game.max_rounds:
                self._phase = OVER
                if tied:
                    self._finish((0.0, 0.0), "QB-6.6", f"Tied at {totals[0]} pegs each: the match is a draw")
                else:
                    w = 0 if totals[0] > totals[1] else 1
                    result = [-1.0, -1.0]
                    result[w] = 1.0
                    self._finish(
                        result, "QB-6.5", f"{self.game.player_name(w)} wins, {totals[w]} pegs to {totals[1 - w]}"
                    )
                return
            self._emit(
                "QB-6.6", f"Tied at {totals[0]} pegs each: another game (a new roll-off, two rounds) breaks the tie"
            )
            self._reset_board()
            self._phase = ROLLOFF
            return
        self._start_round()

    def _totals(self) -> list[int]:
        t = [0, 0]
        for p, n in self._scores:
            t[p] += n
        return t

    # ---- Q*bert -------------------------------------------------------------------------------
    def _qbert_hop(self, d: int) -> str:
        """One hop of Q*bert. Returns "ok", "stop" (Slick ends the move) or "over" (the round ended)."""
        dest = HOP[self._q][d]
        kind, face = B.CROSS[self._q][d]
        self._hops += 1
        self._emit("QB-3.3", f"Q*bert hops {B.DIR_NAMES[d]} to {A.rc(dest)}")
        nasty = self._nasty
        walker = B.WRONG_WAY if kind == B.LEFT else B.UGG
        if nasty[walker] == face:
            self._q = dest
            self._emit("QB-3.6", f"Q*bert passes over {NASTY_NAMES[walker]}")
            self._end_round(NASTY_NAMES[walker])
            return "over"
        self._q = dest
        for k in B.CUBE_WALKERS:
            if nasty[k] == dest:
                if k == B.COILY or k == B.RED_BALL:
                    self._emit("QB-3.5", f"Q*bert lands on {NASTY_NAMES[k]}")
                    self._end_round(NASTY_NAMES[k])
                    return "over"
                nasty[k] = HOME
                if k == B.SLICK:
                    self._emit("QB-3.7", "Q*bert lands on Slick: Slick goes home and Q*bert's move ends")
                    return "over" if self._take_peg(dest) else "stop"
                self._frozen = True
                self._emit("QB-3.8", "Q*bert lands on the Green Ball: it goes home and the next nasty turn is frozen")
                break
        return "over" if self._take_peg(dest) else "ok"

    def _take_peg(self, c: int) -> bool:
        """Take the peg on cube c if there is one. True when that was the last peg (the round is over)."""
        bit = _PEG_BITS[c]
        if self._pegs & bit:
            self._pegs ^= bit
            self._emit("QB-3.4", f"Q*bert takes the peg on {A.rc(c)} ({self._pegs.bit_count()} left)")
            if not self._pegs:
                self._emit("QB-6.1", "Every peg is taken; the round ends")
                self._end_round()
                return True
        return False

    def _escape_action(self, action: int) -> None:
        if action == A.STOP:
            if self._escape_hops == 0:
                self._emit("QB-5.5", "Q*bert stays put")
                self._end_round(NASTY_NAMES[self._char])
                return
            self._emit("QB-5.5", "Q*bert ends his escape")
            self._end_escape()
            return
        if action >= A.DISC0:
            disc, landing = divmod(action - A.DISC0, 3)
            self._discs &= ~(1 << disc)
            self._hops = self._roll  # the disc hop counts one; the rest is forfeited (QB-5.8)
            self._q = B.DISC_LANDINGS[landing]
            self._emit("QB-5.8", f"Q*bert rides the disc to {A.rc(self._q)}; the disc leaves play")
            if not self._take_peg(self._q):
                self._end_escape()
            return
        self._escape_hops += 1
        result = self._qbert_hop(action)
        if result == "over":
            return
        if result == "stop":
            self._end_escape()
        elif self._hops >= self._roll:
            self._emit("QB-5.5", "Q*bert has no moves left; his escape ends")
            self._end_escape()

    def _end_escape(self) -> None:
        k = self._char
        if self._nasty[k] == self._q:
            # Hopping away and back (possible past a face walker without crossing its face) escapes nothing.
            self._emit("QB-5.5", f"Q*bert ends his escape where {NASTY_NAMES[k]} threatens him")
            self._end_round(NASTY_NAMES[k])
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
            self._emit("QB-4.6", f"{name} drops off the bottom of the pyramid and goes home")
        elif action >= A.FACE_ALONG:
            along, up = (B.UGG_STEPS if k == B.UGG else B.WW_STEPS)[pos]
            nasty[k] = along if action == A.FACE_ALONG else up
            self._emit("QB-4.8", f"{name} walks to the face of {A.rc(nasty[k])}")
        elif action >= A.ENTER0:
            nasty[k] = B.ENTRY[k][action - A.ENTER0]
            self._emit("QB-4.5", f"{name} enters the pyramid at {A.rc(nasty[k])}")
        else:
            nasty[k] = HOP[pos][action - A.STEP0]
            self._emit("QB-4.7" if k == B.COILY else "QB-4.6", f"{name} steps to {A.rc(nasty[k])}")
        if k in B.CAPTURERS and nasty[k] == self._q:
            self._threat()
        else:
            self._advance_nasty()

    def _threat(self) -> None:
        name = NASTY_NAMES[self._char]
        rule = "QB-5.2" if self._char in (B.UGG, B.WRONG_WAY) else "QB-5.1"
        self._emit(rule, f"{name} reaches Q*bert at {A.rc(self._q)}: capture threatened")
        self._reveal(at_threat=True)
        if self._q in B.OUTSIDE:
            self._threat_outside = True
        if self._hops >= self._roll:
            self._emit("QB-5.4", "Q*bert has no escape moves left")
            self._end_round(name)
            return
        self._emit("QB-5.4", f"Q*bert has {self._roll - self._hops} escape move(s)")
        self._escape_hops = 0
        self._phase = ESCAPE

    def _advance_nasty(self) -> None:
        """Hand the move to the nasty player, or end the nasty's move when it is done or stuck."""
        k = self._char
        if self._steps_left > 0 and self._nasty_steps():
            return
        if self._steps_left > 0:
            pos = self._nasty[k]
            if pos == ELIMINATED:
                self._emit("QB-4.4", f"{NASTY_NAMES[k]} is out of the round: the move is forfeited")
            elif k in (B.UGG, B.WRONG_WAY) and pos >= 0:
                self._nasty[k] = ELIMINATED
                self._emit("QB-4.8", f"{NASTY_NAMES[k]} walks past the edge of the pyramid and falls off")
            else:
                self._emit("QB-4.4", f"{NASTY_NAMES[k]} has no legal step: the rest of the move is forfeited")
            self._steps_left = 0
        if self._threat_outside and self._nasty[k] != ELIMINATED:
            self._nasty[k] = ELIMINATED
            self._emit(
                "QB-5.7", f"{NASTY_NAMES[k]} failed to capture Q*bert on an outside space and falls off the board"
            )
        self._end_nasty_turn()

    # ---- views ----------------------------------------------------------------------------
    def roles(self) -> list[str]:
        first = self._scores[0][0] if self._scores else self._first_q  # who was Q*bert in the very first round
        if first < 0:
            return ["undecided", "undecided"]
        out = ["Q*bert first", "Q*bert first"]
        out[1 - first] = "nasties first"
        return out

    def stats(self) -> dict[str, float]:
        return {"qbert_turns": self._turns_total, "rounds": len(self._scores)}

    def _roll_visible_to(self, player: int | None) -> bool:
        return self._roll > 0 and (self._revealed or player == self._qp)

    def action_to_string(self, action: int) -> str:
        return self.action_info(action)["label"]

    def action_info(self, action: int) -> dict[str, Any]:
        """The codec's description of a legal action (or chance outcome) plus where it lands on the board."""
        phase = self._phase
        if phase in (QMOVE, ESCAPE, NMOVE):
            return self._move_info(action)
        codec = (
            A.ROLL_OFF if phase == ROLLOFF else A.D8 if phase == QROLL else A.CHARACTER_DIE if phase == CHAR else A.D6
        )
        if 0 <= action < codec.size:
            return codec.info(action)
        return {"action": action, "kind": "chance", "args": {}, "label": f"chance outcome {action}"}

    def _move_info(self, action: int) -> dict[str, Any]:
        if not 0 <= action < A.NUM_ACTIONS:
            return {"action": action, "kind": "action", "args": {}, "label": f"action {action}"}
        info = A.CODEC.info(action)
        kind = info["kind"]
        args = info["args"]
        if kind == "hop":
            dest = HOP[self._q][action]
            info["target"] = list(CUBES[dest]) if dest >= 0 else None
            info["label"] = f"hop {args['dir']}" + (f" to {A.rc(dest)}" if dest >= 0 else "")
        elif kind == "stop":
            captures = self._phase == ESCAPE and self._escape_hops == 0
            info["captures"] = captures
            if self._phase == QMOVE:
                info["label"] = "end the move"
            else:
                info["label"] = "stay put (Q*bert is captured)" if captures else "end the escape"
        elif kind == "disc":
            cube, side = B.DISCS[args["disc"]]
            info["target"] = list(args["to"])
            info["label"] = f"hop onto the {side} disc beside {A.rc(cube)} and fly to ({args['to'][0]},{args['to'][1]})"
        else:
            self._nasty_context(info, action)
        return info

    def _nasty_context(self, info: dict[str, Any], action: int) -> None:
        """Piece, target cube (and face for Ugg and Wrong Way) and label of the moving nasty's step."""
        k = self._char
        name = NASTY_NAMES[k] if k >= 0 else "the nasty"
        pos = self._nasty[k] if k >= 0 else HOME
        walker = k in (B.UGG, B.WRONG_WAY)
        face = ("right" if k == B.UGG else "left") if walker else None
        kind = info["kind"]
        target = -1
        if kind == "step":
            target = HOP[pos][action - A.STEP0] if pos >= 0 else -1
            text = f"{name} steps {info['args']['dir']}"
        elif kind == "enter":
            entries = B.ENTRY.get(k, ())
            j = action - A.ENTER0
            target = entries[j] if j < len(entries) else -1
            text = f"{name} enters the pyramid"
        elif kind == "walk":
            if pos >= 0 and walker:
                along, up = (B.UGG_STEPS if k == B.UGG else B.WW_STEPS)[pos]
                target = along if action == A.FACE_ALONG else up
            way = info["args"]["way"]
            text = f"{name} walks " + (
                way
                if not walker
                else {"along": "left", "up": "up-left"}[way]
                if k == B.UGG
                else {"along": "right", "up": "up-right"}[way]
            )
        else:  # go_home
            text = f"{name} drops off the bottom and goes home"
        info["piece"] = B.NASTY_KEYS[k] if k >= 0 else None
        info["target"] = list(CUBES[target]) if target >= 0 else None
        if face is not None and target >= 0:
            info["face"] = face
        if target >= 0:
            text += (
                f" onto the {face} face of {A.rc(target)}"
                if face
                else f" to {A.rc(target)}"
                if kind == "step"
                else f" at {A.rc(target)}"
            )
        info["label"] = text

    def observation(self, player: int | None) -> dict[str, Any]:
        obs = self._observation_common(player)
        seen = self._roll_visible_to(player)
        nasties = []
        for k, pos in enumerate(self._nasty):
            where = "home" if pos == HOME else "eliminated" if pos == ELIMINATED else "cube"
            if pos >= 0 and k in (B.UGG, B.WRONG_WAY):
                where = "right_face" if k == B.UGG else "left_face"
            nasties.append(
                {
                    "key": B.NASTY_KEYS[k],
                    "name": NASTY_NAMES[k],
                    "where": where,
                    "cube": list(CUBES[pos]) if pos >= 0 else None,
                }
            )
        obs.update(
            phase=PHASE_NAMES[self._phase],
            round=self._round + 1 if self._phase != OVER else self._round,
            qbert_player=self._qp,
            nasty_player=1 - self._qp if self._qp >= 0 else -1,
            first_qbert=self._first_q,
            rolloff=list(self._rolloff) if self._rolloff else None,
            qbert=list(CUBES[self._q]),
            pegs=[list(CUBES[c]) for c in range(B.NUM_CUBES) if self._pegs >> c & 1],
            pegs_left=self._pegs.bit_count(),
            nasties=nasties,
            discs=[
                {"cube": list(CUBES[c]), "side": side, "active": bool(self._discs >> d & 1)}
                for d, (c, side) in enumerate(B.DISCS)
            ],
            roll=self._roll if seen else None,
            roll_hidden=self._roll > 0 and not seen,
            moves_used=self._hops,
            moves_left=self._roll - self._hops if seen else None,
            character=NASTY_NAMES[self._char] if self._char >= 0 else None,
            steps_left=self._steps_left if self._phase in (NMOVE, ESCAPE) else 0,
            threat=self._phase == ESCAPE,
            escape_hops=self._escape_hops if self._phase == ESCAPE else 0,
            threat_on_outside_space=self._threat_outside if self._phase in (NMOVE, ESCAPE) else False,
            last_revealed_roll=self._last_roll or None,
            frozen=self._frozen,
            turn=self._turn,
            max_turns_per_round=self.game.options["max_turns_per_round"],
            scores=[{"round": i + 1, "qbert_player": p, "pegs": n} for i, (p, n) in enumerate(self._scores)],
            totals=self._totals(),
            player_names=[self.game.player_name(p) for p in range(2)],
        )
        return obs

    def information_state_string(self, player: int) -> str:
        hist = [str(a) for a in self._history]
        if not self._revealed and player != self._qp and self._roll_step >= 0:
            hist[self._roll_step] = "?"
        return f"qbert p{player} {self._setup}|" + ",".join(hist)

    def resample_from_infostate(self, player: int, rng: random.Random) -> QbertState:
        """Only Q*bert's unrevealed d8 is hidden: redraw it among rolls consistent with the hops seen."""
        state = self.clone()
        if self._revealed or player == self._qp or self._roll_step < 0:
            return state
        roll = rng.randint(max(self._hops, 1), B.D8_FACES)
        state._roll = roll
        state._history[self._roll_step] = roll - 1
        ev = state._events[self._roll_event]
        state._events[self._roll_event] = ev._replace(text=f"Q*bert secretly rolled {roll}")
        state._legal_cache = None
        return state

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
        s._last_roll = self._last_roll
        s._char = self._char
        s._steps_left = self._steps_left
        s._threat_outside = self._threat_outside
        s._escape_hops = self._escape_hops
        s._frozen = self._frozen
        s._turn = self._turn
        s._turns_total = self._turns_total
        s._scores = self._scores.copy()
        s._rolloff = self._rolloff
        s._setup = self._setup
        return s
