"""Q*bert tensor block, read from `QbertState.observation(p)` (`fill`), or straight from the state for a seat
(`encode_state`, the same values without building the observation). Every element is in [0, 1].

Built only from what the viewer may see, so for the nasty player nothing here depends on Q*bert's roll
before the tube is lifted (QB-7.1): the roll and the moves left are zero (with roll_hidden set) until then,
during an escape too. `encode_state` asks the state the same question as its observation does
(`query.roll_seen_by`), and tests/interop check that both paths agree for every seat and the spectator.

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

from typing import Any, NamedTuple

import numpy as np

from boardcade.core.spec import TensorViews

from . import board as B
from . import query as Q
from .game import QbertGame
from .phases import PHASE_NAMES as PHASES
from .state import Phase, QbertData

_PHASE_INDEX = {name: i for i, name in enumerate(PHASES)}
_NASTY_INDEX = {key: i for i, key in enumerate(B.NASTY_KEYS)}
_HOME, _ELIMINATED = B.NUM_CUBES, B.NUM_CUBES + 1


def _rounds(game: QbertGame) -> int:
    return int(2 + (2 * game.options["tiebreak_max_pairs"] if game.options["tiebreak"] else 0))


def fields(game: QbertGame) -> list[tuple[str, tuple[int, ...]]]:
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


def _cube(rc: list[int]) -> int:
    return B.cube(rc[0], rc[1])


def fill(obs: dict[str, Any], v: dict[str, np.ndarray], game: QbertGame) -> None:
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


# ---- the direct path ---------------------------------------------------------------------------------
_D6, _D8, _DISCS = B.D6_FACES, B.D8_FACES, len(B.DISCS)


class Tables(NamedTuple):
    """Offsets into the game block (`views.flat`) and lookup tables, built once per encoder by `prepare`."""

    round: int
    rounds: int
    qbert_player: int
    rolloff: int
    qbert: int
    pegs: tuple[tuple[int, int, int, tuple[memoryview, ...]], ...]  # (shift, start, end, rows) per byte of pegs
    nasty_slots: tuple[tuple[int, ...], ...]  # per character: offset of each place, indexed by position + 2
    discs: int
    disc_rows: tuple[memoryview, ...]  # per bitmask of discs still in play: the block's cells
    roll: int
    roll_hidden: int
    moves: int
    character: int
    steps_left: int
    flags: int
    turn: int
    max_turns: int
    totals: int
    totals_scale: int


def _bit_rows(width: int) -> tuple[memoryview, ...]:
    """Row b: the `width` cells of bitmask b (bit i -> cell i), as float32, ready for a slice store."""
    return tuple(np.array([(b >> i) & 1 for i in range(width)], np.float32).data for b in range(1 << width))


def prepare(game: QbertGame) -> Tables:
    at: dict[str, int] = {}
    size = 0
    for name, shape in fields(game):
        at[name] = size
        size += int(np.prod(shape))
    # Pegs by bytes: row b of a byte's table is its 8 (or fewer) cells, copied with one slice store.
    pegs = []
    for shift in range(0, B.NUM_CUBES, 8):
        width = min(8, B.NUM_CUBES - shift)
        pegs.append((shift, at["pegs"] + shift, at["pegs"] + shift + width, _bit_rows(width)))
    width = B.NUM_CUBES + 2
    slots = []
    for k in range(len(B.NASTY_KEYS)):
        base = at["nasties"] + k * width
        # Positions ELIMINATED (-2), HOME (-1), then cubes 0..27, each shifted by 2.
        places = {B.ELIMINATED: _ELIMINATED, B.HOME: _HOME} | {c: c for c in range(B.NUM_CUBES)}
        slots.append(tuple(base + places[pos] for pos in range(-2, B.NUM_CUBES)))
    assert B.ELIMINATED == -2 and B.HOME == -1 and at["phase"] == 0
    return Tables(
        round=at["round"],
        rounds=_rounds(game),
        qbert_player=at["qbert_player"],
        rolloff=at["rolloff"],
        qbert=at["qbert"],
        pegs=tuple(pegs),
        nasty_slots=tuple(slots),
        discs=at["discs"],
        disc_rows=_bit_rows(_DISCS),
        roll=at["roll"],
        roll_hidden=at["roll_hidden"],
        moves=at["moves"],
        character=at["character"],
        steps_left=at["steps_left"],
        flags=at["flags"],
        turn=at["turn"],
        max_turns=max(1, game.options["max_turns_per_round"]),
        totals=at["totals"],
        totals_scale=B.NUM_CUBES * (_rounds(game) // 2),
    )


def encode_state(state: QbertData, player: int | None, views: TensorViews[Tables], game: QbertGame) -> None:
    """`fill(state.observation(player), views, game)` without the observation: the same cells, the same values."""
    m = views.flat
    t = views.tables
    phase = Q.phase(state)
    m[phase] = 1.0  # phase is the first field
    finished = Q.rounds_finished(state)  # one score per finished round
    rnd = finished + (0 if phase == Phase.OVER else 1)
    x = rnd / t.rounds
    m[t.round] = x if x < 1.0 else 1.0  # min(1.0, x) without the call
    qp = Q.qbert_player(state)
    m[t.qbert_player + (qp if qp == 0 or qp == 1 else 2)] = 1.0
    rolloff = Q.rolloff(state)
    if rolloff:
        m[t.rolloff + rolloff[0] - 1] = 1.0
        m[t.rolloff + _D6 + rolloff[1] - 1] = 1.0
    m[t.qbert + Q.qbert_cube(state)] = 1.0
    pegs = Q.pegs(state)
    for shift, start, end, rows in t.pegs:
        byte = pegs >> shift & 255
        if byte:
            m[start:end] = rows[byte]
    for slots, pos in zip(t.nasty_slots, Q.nasties(state), strict=True):
        m[slots[pos + 2]] = 1.0
    discs = Q.discs(state)
    if discs:
        m[t.discs : t.discs + _DISCS] = t.disc_rows[discs]
    hops = Q.moves_used(state)
    x = hops / _D8
    m[t.moves] = x if x < 1.0 else 1.0
    roll = Q.roll_seen_by(state, player)  # the observation's own test: Q*bert's seat, or after the tube is lifted
    if roll is None:
        m[t.roll_hidden] = 1.0
    elif roll > 0:
        m[t.roll + roll - 1] = 1.0
        x = (roll - hops) / _D8
        m[t.moves + 1] = x if x < 1.0 else 1.0
    char = Q.character(state)
    if char >= 0:
        m[t.character + char] = 1.0
    if phase == Phase.NASTY_MOVE or phase == Phase.ESCAPE:
        x = Q.steps_left(state) / _D6
        m[t.steps_left] = x if x < 1.0 else 1.0
    if phase == Phase.ESCAPE:
        m[t.flags] = 1.0
    if Q.frozen(state):
        m[t.flags + 1] = 1.0
    x = Q.turn(state) / t.max_turns
    m[t.turn] = x if x < 1.0 else 1.0
    if finished:
        totals = Q.totals(state)
        x = totals[0] / t.totals_scale
        m[t.totals] = x if x < 1.0 else 1.0
        x = totals[1] / t.totals_scale
        m[t.totals + 1] = x if x < 1.0 else 1.0


def visible_history(state: QbertData, player: int | None) -> list[int]:
    """The actions of the match as `player` knows them (-1 for Q*bert's d8 while it is hidden from them, QB-3.1):
    read from the game's own exact information-state string ("qbert p<player> <setup>|a,b,?,..."), for the
    exact perfect-recall tensor (`Encoder.encode_exact`)."""
    # A spectator (None) knows what the nasty player knows (QB-7.1): -2 is no seat and never Q*bert's (-1 is
    # "not decided yet").
    text = state.information_state_string(-2 if player is None else player).partition("|")[2]
    return [-1 if a == "?" else int(a) for a in text.split(",")] if text else []
