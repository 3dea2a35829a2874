"""What each Q*bert player may know: observations, action descriptions, information states and resampling, as
plain functions of the state (game.py's QbertState calls them).

The only hidden thing in Q*bert is the roll in the secret tube (QB-7.1): from the d8 until the tube is lifted
(QB-7.2), the nasty player and spectators see Q*bert's hops, never the roll or the moves left. Nothing they
are shown, no event, label or action_info they can read, depends on it.
"""

from __future__ import annotations

import random
from typing import Any

from boardcade.core.prompts import counted

from . import actions as A
from . import board as B
from . import query as Q
from .board import CUBES, ELIMINATED, HOME, HOP, NASTY_NAMES
from .observation import EscapeView, GameView, NastyView, QbertObservation, ScoreView
from .phases import PHASE_NAMES
from .state import Phase, QbertData

_WALK_WORDS = {B.UGG: {"along": "left", "up": "up-left"}, B.WRONG_WAY: {"along": "right", "up": "up-right"}}


# The codec of each chance phase's outcomes (the nasty's d6 otherwise).
_CHANCE_CODECS = {Phase.ROLL_OFF: A.ROLL_OFF, Phase.QBERT_ROLL: A.D8, Phase.CHARACTER_DIE: A.CHARACTER_DIE}


# ---- actions --------------------------------------------------------------------------
def action_info(st: QbertData, action: int) -> dict[str, Any]:
    """The codec's description of a legal action (or chance outcome) plus where it lands on the board."""
    phase = st._phase
    if phase == Phase.QBERT_MOVE or phase == Phase.ESCAPE or phase == Phase.NASTY_MOVE:
        if not 0 <= action < A.NUM_ACTIONS:
            return {"action": action, "kind": "action", "args": {}, "label": f"action {action}"}
        return _nasty_info(st, action) if phase == Phase.NASTY_MOVE else _qbert_info(st, action)
    codec = _CHANCE_CODECS.get(phase, A.D6)
    if phase == Phase.OVER or not 0 <= action < codec.size:
        return {"action": action, "kind": "chance", "args": {}, "label": f"chance outcome {action}"}
    return codec.info(action)


def _qbert_info(st: QbertData, action: int) -> dict[str, Any]:
    info = A.CODEC.info(action)
    kind = info["kind"]
    args = info["args"]
    if kind == "hop":
        dest = HOP[st._q][st.game.arg_of[action]]
        info["target"] = list(CUBES[dest]) if dest >= 0 else None
        info["label"] = f"hop {args['dir']}" + (f" to {A.rc(dest)}" if dest >= 0 else "")
    elif kind == "stop":
        captures = st._phase == Phase.ESCAPE and st._escape_hops == 0
        info["captures"] = captures
        if st._phase == Phase.QBERT_MOVE:
            info["label"] = "end the move"
        else:
            info["label"] = "stay put (Q*bert is captured)" if captures else "end the escape"
    elif kind == "disc":
        cube, side = B.DISCS[args["disc"]]
        r, i = args["to"]
        info["target"] = [r, i]
        info["label"] = f"hop onto the {side} disc beside {A.rc(cube)} and fly to ({r},{i})"
    return info


def _nasty_info(st: QbertData, action: int) -> dict[str, Any]:
    """Piece, target cube (and face for Ugg and Wrong Way) and label of the moving nasty's step."""
    info = A.CODEC.info(action)
    k = st._char
    name = NASTY_NAMES[k]
    pos = st._nasty[k]
    walker = k == B.UGG or k == B.WRONG_WAY
    face = ("right" if k == B.UGG else "left") if walker else None
    kind = info["kind"]
    target = -1
    if kind == "step":
        target = HOP[pos][st.game.arg_of[action]] if pos >= 0 else -1
        text = f"{name} steps {info['args']['dir']}"
    elif kind == "enter":
        entries = B.ENTRY[k]
        j = st.game.arg_of[action]
        target = entries[j] if j < len(entries) else -1
        text = f"{name} enters the pyramid"
    elif kind == "walk":
        if pos >= 0 and walker:
            along, up = (B.UGG_STEPS if k == B.UGG else B.WW_STEPS)[pos]
            target = (along, up)[st.game.arg_of[action]]
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
def observation(st: QbertData, player: int | None) -> QbertObservation:
    seen = Q.roll_visible_to(st, player)
    phase = st._phase
    part = st._view_part  # parts that did not change since the last view are the same objects (core)
    moves_left = st._roll - st._hops if seen else None
    escape: EscapeView | None = None
    if phase == Phase.ESCAPE:
        shown = "hidden" if moves_left is None else str(moves_left)
        escape = {
            "by": NASTY_NAMES[st._char],
            "hops": st._escape_hops,
            "moves_left": moves_left,
            "text": f"Q*bert escapes (moves left: {shown})",
        }
    scores, games, totals = part("scores", tuple(st._scores), lambda: _score_views(st))
    obs: QbertObservation = {
        **st._observation_common(player),
        "phase": PHASE_NAMES[phase],
        "round": st._round + 1 if phase != Phase.OVER else st._round,
        "game_number": (st._round if phase == Phase.OVER else st._round + 2) // 2,
        "qbert_player": st._qp,
        "nasty_player": 1 - st._qp if st._qp >= 0 else -1,
        "first_qbert": st._first_q,
        "rolloff": list(st._rolloff) if st._rolloff else None,
        "qbert": part("qbert", st._q, lambda: list(CUBES[st._q])),
        "pegs": part("pegs", st._pegs, lambda: [list(CUBES[c]) for c in range(B.NUM_CUBES) if st._pegs >> c & 1]),
        "pegs_left": st._pegs.bit_count(),
        "nasties": part("nasties", tuple(st._nasty), lambda: _nasty_views(st)),
        "discs": part(
            "discs",
            st._discs,
            lambda: [
                {"cube": list(CUBES[c]), "side": side, "active": bool(st._discs >> d & 1)}
                for d, (c, side) in enumerate(B.DISCS)
            ],
        ),
        "roll": st._roll if seen else None,
        "roll_hidden": st._roll > 0 and not seen,
        "moves_used": st._hops,
        "moves_left": moves_left,
        "character": NASTY_NAMES[st._char] if st._char >= 0 else None,
        "steps_left": st._steps_left if phase == Phase.NASTY_MOVE or phase == Phase.ESCAPE else 0,
        "threat": phase == Phase.ESCAPE,
        "escape": escape,
        "escape_hops": st._escape_hops if phase == Phase.ESCAPE else 0,
        "threat_on_outside_space": st._threat_outside if phase == Phase.NASTY_MOVE or phase == Phase.ESCAPE else False,
        "last_revealed_roll": st._last_roll or None,
        "frozen": st._frozen,
        "turn": st._turn,
        "max_turns_per_round": st._T.max_turns_per_round,
        "scores": scores,
        "games": games,
        "totals": totals,
        "player_names": part("player_names", None, lambda: [st.game.player_name(p) for p in range(2)]),
    }
    return st._with_decision(obs)


def _nasty_views(st: QbertData) -> list[NastyView]:
    nasties: list[NastyView] = []
    for k, pos in enumerate(st._nasty):
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
    return nasties


def _score_views(st: QbertData) -> tuple[list[ScoreView], list[GameView], list[int]]:
    """The rounds' scores, each game's pegs and the totals: they change only when a round ends."""
    scores: list[ScoreView] = [
        {"round": i + 1, "game": i // 2 + 1, "qbert_player": p, "pegs": n} for i, (p, n) in enumerate(st._scores)
    ]
    return scores, _games(st), Q.totals(st)


def _games(st: QbertData) -> list[GameView]:
    """Each finished game's own pegs per player (the opening game, then any extra games)."""
    out: list[GameView] = []
    scores = st._scores
    for g in range(0, len(scores) - 1, 2):
        pegs = [0, 0]
        for p, n in scores[g : g + 2]:
            pegs[p] = n
        out.append({"game": g // 2 + 1, "pegs": pegs})
    return out


def information_state_string(st: QbertData, player: int) -> str:
    hist = [str(a) for a in st._history]
    if not st._revealed and player != st._qp and st._roll_step >= 0:
        hist[st._roll_step] = "?"
    return f"qbert p{player} {st._setup}|" + ",".join(hist)


def resample_from_infostate(st: QbertData, player: int, rng: random.Random) -> QbertData:
    """Only Q*bert's unrevealed d8 is hidden: redraw it, uniformly, among the rolls that allow every move he
    has been seen to use this turn (hops and escape hops alike); nothing else he did narrows it."""
    state = st.clone()
    if st._revealed or player == st._qp or st._roll_step < 0:
        return state
    roll = rng.randint(max(st._hops, 1), B.D8_FACES)
    state._roll = roll
    state._history[st._roll_step] = roll - 1
    state._replace_event(st._roll_event, text=f"Q*bert secretly rolled {roll}")
    for index, hops in st._escape_events:
        state._replace_event(index, text=f"Q*bert has {counted(roll - hops, 'escape move')} left")
    state._legal_cache = None
    return state
