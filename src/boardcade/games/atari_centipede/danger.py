"""Danger for the Gnome's player: where ending a move can lose the match in the coming Centipede turn.

A bug standing in the field square in front of the Gnome eats it (AC-10.1), and a centipede dropping into its
row eats it anywhere (AC-10.2). `danger(state, g)` lists, for Gnome `g`, the squares of the field row in front
of its row that a bug of the hunting colour can reach or spawn on in that colour's coming turn (a spider on
column 0 or 8 by Spawn Spider, AC-6.5 and AC-D8), with the chance and the reasons in words, and the columns of
the Gnome row where ending the turn is therefore dangerous. It is the threat map the greedy Gnome weighs
(threat.py), so it is built from public information only: the board, the bugs, and the odds of the hidden hand
from its size, the discard pile and the tucked cards (AC-12.1) — never the hand itself.
"""

from __future__ import annotations

from typing import TypedDict

from . import query
from .board import COLS
from .state import AtariData
from .threat import ROW, _threat_map, turn_under_way


class DangerSquare(TypedDict):
    square: list[int]  # (row, col): the field square in front of the Gnome row
    chance: float  # of a bug standing there during the hunting colour's coming turn (2 decimals; 1.0: sure)
    why: list[str]  # e.g. "a spider can spawn here"


class DangerView(TypedDict):
    gnome_row: int
    squares: list[DangerSquare]
    drop: float  # the chance of a centipede dropping into the Gnome row, eating the Gnome wherever it stands
    drop_why: list[str]
    columns: list[int]  # the Gnome row's columns where ending the turn may be eaten


def danger(state: AtariData, g: int) -> DangerView:
    """Where Gnome `g` may be eaten in the coming turn of the colour that hunts it (public information only)."""
    lay = query.layout(state)
    row = query.gnome_end_rows(state)[g]
    front = row + (1 if row == 0 else -1)
    chance = [0.0] * COLS
    drop = 0.0
    why: dict[int, list[str]] = {}
    for colour in range(lay.colours):
        if lay.enemy_gnome[colour] != g:
            continue
        threat, row_threat = _threat_map(state, colour, turn_under_way(state, colour), why)
        chance = [1.0 - (1.0 - a) * (1.0 - b) for a, b in zip(chance, threat, strict=True)]
        drop = 1.0 - (1.0 - drop) * (1.0 - row_threat)
    for reasons in why.values():  # "a spider can move here" says all that "... if Spawn Centipede ..." would
        reasons[:] = [r for r in reasons if not any(r != o and r.startswith(o + " ") for o in reasons)]
    squares: list[DangerSquare] = [
        {"square": [front, k], "chance": max(0.01, round(chance[k], 2)), "why": why[k]}
        for k in range(COLS)
        if chance[k] > 0
    ]
    return {
        "gnome_row": row,
        "squares": squares,
        "drop": max(0.01, round(drop, 2)) if drop > 0 else 0.0,
        "drop_why": why.get(ROW, []) if drop > 0 else [],
        "columns": [k for k in range(COLS) if chance[k] > 0 or drop > 0],
    }
