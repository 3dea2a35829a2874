"""What each Q*bert player may know: observations, action descriptions, information states and resampling.

The only hidden thing in Q*bert is the roll in the secret tube (QB-7.1): from the d8 until the tube is lifted
(QB-7.2), the nasty player and spectators see Q*bert's hops, never the roll or the moves left. Nothing they
are shown, no event, label or action_info they can read, depends on it.
"""

from __future__ import annotations

import random
from typing import Any

from . import actions as A
from . import board as B
from .board import CUBES, ELIMINATED, HOME, HOP, NASTY_NAMES
from .phases import CHAR, ESCAPE, NMOVE, OVER, PHASE_NAMES, QMOVE, QROLL, ROLLOFF

_WALK_WORDS = {B.UGG: {"along": "left", "up": "up-left"}, B.WRONG_WAY: {"along": "right", "up": "up-right"}}


class QbertViews:
    """Mixed into QbertState: the views of the state (no rules here)."""

    __slots__ = ()

    def _roll_visible_to(self, player: int | None) -> bool:
        return self._roll > 0 and (self._revealed or player == self._qp)

    # ---- actions --------------------------------------------------------------------------
    def action_to_string(self, action: int) -> str:
        return self.action_info(action)["label"]

    def action_info(self, action: int) -> dict[str, Any]:
        """The codec's description of a legal action (or chance outcome) plus where it lands on the board."""
        phase = self._phase
        if phase == QMOVE or phase == ESCAPE or phase == NMOVE:
            if not 0 <= action < A.NUM_ACTIONS:
                return {"action": action, "kind": "action", "args": {}, "label": f"action {action}"}
            return self._nasty_info(action) if phase == NMOVE else self._qbert_info(action)
        codec = (
            A.ROLL_OFF if phase == ROLLOFF else A.D8 if phase == QROLL else A.CHARACTER_DIE if phase == CHAR else A.D6
        )
        if phase == OVER or not 0 <= action < codec.size:
            return {"action": action, "kind": "chance", "args": {}, "label": f"chance outcome {action}"}
        return codec.info(action)

    def _qbert_info(self, action: int) -> dict[str, Any]:
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
            r, i = args["to"]
            info["target"] = [r, i]
            info["label"] = f"hop onto the {side} disc beside {A.rc(cube)} and fly to ({r},{i})"
        return info

    def _nasty_info(self, action: int) -> dict[str, Any]:
        """Piece, target cube (and face for Ugg and Wrong Way) and label of the moving nasty's step."""
        info = A.CODEC.info(action)
        k = self._char
        name = NASTY_NAMES[k]
        pos = self._nasty[k]
        walker = k == B.UGG or k == B.WRONG_WAY
        face = ("right" if k == B.UGG else "left") if walker else None
        kind = info["kind"]
        target = -1
        if kind == "step":
            target = HOP[pos][action - A.STEP0] if pos >= 0 else -1
            text = f"{name} steps {info['args']['dir']}"
        elif kind == "enter":
            entries = B.ENTRY[k]
            j = action - A.ENTER0
            target = entries[j] if j < len(entries) else -1
            text = f"{name} enters the pyramid"
        elif kind == "walk":
            if pos >= 0 and walker:
                along, up = (B.UGG_STEPS if k == B.UGG else B.WW_STEPS)[pos]
                target = along if action == A.FACE_ALONG else up
            way = info["args"]["way"]
            text = f"{name} walks {_WALK_WORDS[k][way] if walker else way}"
        elif kind == "go_home":
            past = "walks past the edge" if walker else "drops off the bottom"
            text = f"{name} {past} and goes home"
        else:
            text = info["label"]
        info["piece"] = B.NASTY_KEYS[k]
        info["target"] = list(CUBES[target]) if target >= 0 else None
        if target >= 0:
            if face:
                info["face"] = face
                text += f" onto the {face} face of {A.rc(target)}"
            else:
                text += f" to {A.rc(target)}" if kind == "step" else f" at {A.rc(target)}"
        info["label"] = text
        return info

    # ---- views ----------------------------------------------------------------------------
    def observation(self, player: int | None) -> dict[str, Any]:
        obs = self._observation_common(player)
        seen = self._roll_visible_to(player)
        phase = self._phase
        nasties = []
        for k, pos in enumerate(self._nasty):
            where = "home" if pos == HOME else "eliminated" if pos == ELIMINATED else "cube"
            if pos >= 0 and (k == B.UGG or k == B.WRONG_WAY):
                where = "right_face" if k == B.UGG else "left_face"
            nasties.append(
                {
                    "key": B.NASTY_KEYS[k],
                    "name": NASTY_NAMES[k],
                    "where": where,
                    "cube": list(CUBES[pos]) if pos >= 0 else None,
                }
            )
        moves_left = self._roll - self._hops if seen else None
        escape = None
        if phase == ESCAPE:
            shown = "hidden" if moves_left is None else str(moves_left)
            escape = {
                "by": NASTY_NAMES[self._char],
                "hops": self._escape_hops,
                "moves_left": moves_left,
                "text": f"Q*bert escapes (moves left: {shown})",
            }
        scores = self._scores
        obs.update(
            phase=PHASE_NAMES[phase],
            round=self._round + 1 if phase != OVER else self._round,
            game_number=(self._round if phase == OVER else self._round + 2) // 2,
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
            moves_left=moves_left,
            character=NASTY_NAMES[self._char] if self._char >= 0 else None,
            steps_left=self._steps_left if phase == NMOVE or phase == ESCAPE else 0,
            threat=phase == ESCAPE,
            escape=escape,
            escape_hops=self._escape_hops if phase == ESCAPE else 0,
            threat_on_outside_space=self._threat_outside if phase == NMOVE or phase == ESCAPE else False,
            last_revealed_roll=self._last_roll or None,
            frozen=self._frozen,
            turn=self._turn,
            max_turns_per_round=self.game.options["max_turns_per_round"],
            scores=[
                {"round": i + 1, "game": i // 2 + 1, "qbert_player": p, "pegs": n} for i, (p, n) in enumerate(scores)
            ],
            games=self._games(),
            totals=self._totals(),
            player_names=[self.game.player_name(p) for p in range(2)],
        )
        return self._with_decision(obs)

    def _games(self) -> list[dict[str, Any]]:
        """Each finished game's own pegs per player (the opening game, then any extra games)."""
        out = []
        scores = self._scores
        for g in range(0, len(scores) - 1, 2):
            pegs = [0, 0]
            for p, n in scores[g : g + 2]:
                pegs[p] = n
            out.append({"game": g // 2 + 1, "pegs": pegs})
        return out

    def information_state_string(self, player: int) -> str:
        hist = [str(a) for a in self._history]
        if not self._revealed and player != self._qp and self._roll_step >= 0:
            hist[self._roll_step] = "?"
        return f"qbert p{player} {self._setup}|" + ",".join(hist)

    def resample_from_infostate(self, player: int, rng: random.Random):
        """Only Q*bert's unrevealed d8 is hidden: redraw it, uniformly, among the rolls that allow every move he
        has been seen to use this turn (hops and escape hops alike); nothing else he did narrows it."""
        state = self.clone()
        if self._revealed or player == self._qp or self._roll_step < 0:
            return state
        roll = rng.randint(max(self._hops, 1), B.D8_FACES)
        state._roll = roll
        state._history[self._roll_step] = roll - 1
        state._replace_event(self._roll_event, text=f"Q*bert secretly rolled {roll}")
        for index, hops in self._escape_events:
            state._replace_event(index, text=f"Q*bert has {roll - hops} escape move(s) left")
        state._legal_cache = None
        return state
