"""Evaluation of an Atari's Centipede state for the greedy agent and search: a value in [-1, 1].

Each Centipede colour's pressure on the Gnome it hunts (0 to 1) mixes:
- danger: the threat of the coming Centipede turn (`threat.threat_map`: bug reach, and the odds that the hidden
  hand holds Spawn Spider, Berserk! or Spawn Centipede, from the public discards and tucked cards only) at the
  safest column the Gnome can still reach before that turn (`threat.reachable_columns`), combined with the
  threat of a drop into its row, which no move escapes;
- material: the colour's segments on the board (the Gnome wins when none is left);
- progress: how far its nearest segment has come toward that Gnome's row;
- less a little for each Gnome Control card the Gnome still holds face up (a card spent is a resource gone).
While the Gnome carries out a die, the rest of the die is planned: each way of making its move (left or right)
with its fires where they fall (and one more from Trigger Finger if it is face up) is played out on a light
copy of the board (`_shoot`: the first thing up the column goes, a segment splits its centipede) and the best
plan for the Gnome is the position's value. So a move that lines up a shot at a threatening centipede is worth
the shot, and the greedy agent, choosing one action at a time, still plays the whole die with a plan.
The Centipede side values its colour's pressure, the Gnome side the opposite (in 4 players a team weighs its
own colour's pressure against the other colour's).
"""

from __future__ import annotations

from types import SimpleNamespace

from .board import COLS, DIE_FACES, EMPTY, FIRE_STEP, MOVE, MUSH, SEG, SEGMENTS, TRIGGER, WRIST, Centipede
from .phases import P_GSTEP
from .query import fields
from .threat import reachable_columns, threat_map

DANGER, MATERIAL, PROGRESS, CARDS = 0.55, 0.25, 0.2, 0.02
_CACHE = ("atari_centipede.heuristic", "pressures")


def pressure(state, colour: int, columns: set[int] | None = None) -> float:
    """`colour`'s pressure on the Gnome it hunts, that Gnome standing at the end of its turn in the best of
    `columns` (default: the columns it can still reach)."""
    lay = state._lay
    g = lay.enemy_gnome[colour]
    if state._gnome[g] < 0 or state._segs[colour] == 0:
        return 0.0
    threat, row = threat_map(state, colour)
    danger = min(threat[c] for c in (columns if columns is not None else reachable_columns(state, g)))
    danger = 1.0 - (1.0 - danger) * (1.0 - row)
    gend = state._gend[g]
    nearest = lay.rows
    for cent in state._cents:
        if cent.colour == colour:
            for s in cent.squares:
                d = abs(s // COLS - gend)
                if d < nearest:
                    nearest = d
    progress = 1.0 - (nearest - 1) / lay.field_rows if nearest < lay.rows else 0.0
    material = state._segs[colour] / SEGMENTS
    cards = sum(state._cards[g]) / 4
    return DANGER * danger + MATERIAL * material + PROGRESS * progress - CARDS * cards


def _shoot(view, col: int):
    """`view` after the acting Gnome fires from column `col` (AC-4.6): a copy holding only what changed."""
    lay = view._lay
    g = view._g
    step = COLS if view._gend[g] == 0 else -COLS
    s = view._gend[g] * COLS + col + step
    board = view._board
    while lay.field_lo <= s < lay.field_hi and board[s] == EMPTY:
        s += step
    if not lay.field_lo <= s < lay.field_hi:
        return view
    cell = board[s]
    out = SimpleNamespace(**fields(view))
    out._board = board.copy()
    if cell == MUSH:
        out._board[s] = EMPTY
        out._supply = view._supply + 1
        return out
    out._board[s] = MUSH if view._supply > 0 else EMPTY
    out._supply = max(0, view._supply - 1)
    if cell == SEG:
        colour = view._bcol[s]
        cents = []
        for cent in view._cents:
            if s in cent.squares:
                i = cent.squares.index(s)
                if i:
                    cents.append(Centipede(cent.colour, cent.squares[:i], cent.facings[:i], cent.moved))
                if i + 1 < len(cent.squares):
                    cents.append(Centipede(cent.colour, cent.squares[i + 1 :], cent.facings[i + 1 :], cent.moved))
            else:
                cents.append(cent)
        out._cents = cents
        out._segs = view._segs.copy()
        out._segs[colour] -= 1
    else:
        out._fleas = [b for b in view._fleas if b.square != s]
        out._spiders = [b for b in view._spiders if b.square != s]
    return out


def _plans(state) -> list[tuple[object, set[int]]]:
    """(position at the end of the die, columns the Gnome may end on) for each plan of the die in use."""
    g = state._g
    col0 = state._gnome[g] % COLS
    steps = DIE_FACES[state._die][state._die_step :]
    trigger = state._cards[g][TRIGGER]
    wrist = state._cards[g][WRIST]
    out = []
    for d in (-1, 1):
        if not any(kind == MOVE for kind, _ in steps) and d == 1:
            break
        view, col = state, col0
        for kind, n in steps:
            if kind == MOVE:
                col = max(0, min(COLS - 1, col + d * n))
            elif kind == FIRE_STEP:
                view = _shoot(view, col)
        ends = {col}
        if wrist:
            ends |= {max(0, col - 1), min(COLS - 1, col + 1)}
        out.append((view, ends))
        if trigger:
            extra = SimpleNamespace(**fields(_shoot(view, col)))
            extra._cards = [c.copy() for c in view._cards]
            extra._cards[g][TRIGGER] = False
            out.append((extra, ends))
    return out


def _value(state, colour: int) -> float:
    lay = state._lay
    if state._phase == P_GSTEP and lay.enemy_gnome[colour] == state._g:
        return min(pressure(view, colour, ends) for view, ends in _plans(state))
    return pressure(state, colour)


def evaluate(state, player: int) -> float:
    if state.is_terminal():
        return float(state.returns()[player])
    if state._turn_i < 0:
        return 0.0
    # Search asks for every player's value of one position in a row: the pressures are computed once per position.
    key = len(state._history)
    cached = state.event_cache(_CACHE)  # [history length, pressures] (a clone starts with none)
    if cached and cached[0] == key:
        pressures = cached[1]
    else:
        pressures = [_value(state, c) for c in range(state._lay.colours)]
        cached[:] = [key, pressures]
    if not state._lay.team_game:
        value = 2.0 * pressures[0] - 1.0
        return max(-1.0, min(1.0, value if player == 1 else -value))
    team = player // 2
    return max(-1.0, min(1.0, pressures[team] - pressures[1 - team]))
