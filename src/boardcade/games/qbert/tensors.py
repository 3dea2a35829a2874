"""Q*bert tensor block, read from `QbertState.observation(p)`. Every element is in [0, 1].

Built only from the viewer's observation, so for the nasty player nothing here depends on Q*bert's roll
before the tube is lifted (QB-7.1): the roll and the moves left are zero (with roll_hidden set) until then,
during an escape too.

Cubes are numbered c = r*(r+1)/2 + i as in `games/qbert/board.py` (28 cubes); Ugg and Wrong Way stand on
faces, which share their cube's number.

  phase[8]            one-hot: roll-off, qbert-roll, qbert-move, character-die, nasty-die, nasty-move, escape, over
  round[1]            round number / number of rounds possible with the tie-break option
  qbert_player[3]     one-hot: player 0 or 1 is Q*bert this round, or not yet decided
  rolloff[2, 6]       each player's roll-off die, one-hot (zero before the roll-off)
  qbert[28]           Q*bert's cube
  pegs[28]            cubes that still hold a peg
  nasties[6, 30]      per character (Coily, Red Ball, Green Ball, Slick, Ugg, Wrong Way): its cube or face,
                      then home, then eliminated
  discs[3]            flying discs still available
  roll[8]             Q*bert's d8 roll one-hot, only when the viewer may see it
  roll_hidden[1]      1 when a roll exists that the viewer may not see
  moves[2]            moves used (hops and escape hops, public) and moves left (only when visible), each / 8
  character[6]        the character the nasty die chose, one-hot
  steps_left[1]       steps left for that character / 6
  flags[2]            Q*bert is threatened and answering (escape), the next nasty turn is frozen (Green Ball)
  turn[1]             turn in this round / the round's turn cap
  totals[2]           pegs collected as Q*bert by each player / (28 * rounds each player can be Q*bert)
"""

from __future__ import annotations

from typing import Any

import numpy as np

from . import board as B
from .phases import PHASE_NAMES as PHASES

_PHASE_INDEX = {name: i for i, name in enumerate(PHASES)}
_NASTY_INDEX = {key: i for i, key in enumerate(B.NASTY_KEYS)}
_HOME, _ELIMINATED = B.NUM_CUBES, B.NUM_CUBES + 1


def _rounds(game) -> int:
    return 2 + (2 * game.options["tiebreak_max_pairs"] if game.options["tiebreak"] else 0)


def fields(game) -> list[tuple[str, tuple[int, ...]]]:
    return [
        ("phase", (len(PHASES),)),
        ("round", (1,)),
        ("qbert_player", (3,)),
        ("rolloff", (2, 6)),
        ("qbert", (B.NUM_CUBES,)),
        ("pegs", (B.NUM_CUBES,)),
        ("nasties", (len(B.NASTY_KEYS), B.NUM_CUBES + 2)),
        ("discs", (len(B.DISCS),)),
        ("roll", (B.D8_FACES,)),
        ("roll_hidden", (1,)),
        ("moves", (2,)),
        ("character", (len(B.NASTY_NAMES),)),
        ("steps_left", (1,)),
        ("flags", (2,)),
        ("turn", (1,)),
        ("totals", (2,)),
    ]


def _cube(rc) -> int:
    return B.cube(rc[0], rc[1])


def fill(obs: dict[str, Any], v: dict[str, np.ndarray], game) -> None:
    v["phase"][_PHASE_INDEX[obs["phase"]]] = 1.0
    v["round"][0] = min(1.0, obs["round"] / _rounds(game))
    qp = obs["qbert_player"]
    v["qbert_player"][qp if qp in (0, 1) else 2] = 1.0
    if obs["rolloff"]:
        for p, die in enumerate(obs["rolloff"][:2]):
            v["rolloff"][p, die - 1] = 1.0
    if obs["qbert"] is not None:
        v["qbert"][_cube(obs["qbert"])] = 1.0
    pegs = v["pegs"]
    for rc in obs["pegs"]:
        pegs[_cube(rc)] = 1.0
    nasties = v["nasties"]
    for n in obs["nasties"]:
        k = _NASTY_INDEX[n["key"]]
        if n["cube"] is not None:
            nasties[k, _cube(n["cube"])] = 1.0
        elif n["where"] == "eliminated":
            nasties[k, _ELIMINATED] = 1.0
        else:
            nasties[k, _HOME] = 1.0
    for d, disc in enumerate(obs["discs"]):
        v["discs"][d] = 1.0 if disc["active"] else 0.0
    if obs["roll"]:
        v["roll"][obs["roll"] - 1] = 1.0
    v["roll_hidden"][0] = 1.0 if obs["roll_hidden"] else 0.0
    v["moves"][0] = min(1.0, obs["moves_used"] / B.D8_FACES)
    if obs["moves_left"] is not None:
        v["moves"][1] = min(1.0, obs["moves_left"] / B.D8_FACES)
    if obs["character"] is not None:
        v["character"][B.NASTY_NAMES.index(obs["character"])] = 1.0
    v["steps_left"][0] = min(1.0, obs["steps_left"] / B.D6_FACES)
    v["flags"][0] = 1.0 if obs["threat"] else 0.0
    v["flags"][1] = 1.0 if obs["frozen"] else 0.0
    v["turn"][0] = min(1.0, obs["turn"] / max(1, obs["max_turns_per_round"]))
    scale = B.NUM_CUBES * (_rounds(game) // 2)
    for p, total in enumerate(obs["totals"][:2]):
        v["totals"][p] = min(1.0, total / scale)
