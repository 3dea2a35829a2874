"""One-ply evaluation of an Atari's Centipede state for the greedy agent and search: a value in [-1, 1].

Each Centipede colour's threat to the Gnome it hunts mixes how far its nearest segment has come toward that
Gnome's end, how close any of its bugs is to the square in front of that Gnome, and how many segments it has
left, less a little when the Gnome is lined up to shoot one of its segments. The Centipede side values its
threat; the Gnome side its opposite (in 4 players a team weighs its own colour's threat against the other's).
"""

from __future__ import annotations

from .board import COLS, EMPTY, SEG, SEGMENTS


def _threat(state, colour: int) -> float:
    lay = state._lay
    g = lay.enemy_gnome[colour]
    gsq = state._gnome[g]
    if gsq < 0 or state._segs[colour] == 0:
        return 0.0
    gend = state._gend[g]
    ar, ac = divmod(state._above[g], COLS)
    progress = 0.0
    near = 0.0
    span = lay.rows - 3
    for cent in state._cents:
        if cent[0] != colour:
            continue
        for s in cent[1]:
            r, c = divmod(s, COLS)
            rows_left = abs(r - gend)
            progress = max(progress, 1.0 - (rows_left - 1) / span)
            d = max(abs(r - ar), abs(c - ac))
            near = max(near, 1.0 / (1 + d))
    for bug in state._fleas + state._spiders:
        if bug[1] == colour:
            r, c = divmod(bug[0], COLS)
            d = max(abs(r - ar), abs(c - ac))
            near = max(near, 0.8 / (1 + d))
    return 0.45 * progress + 0.25 * near + 0.3 * state._segs[colour] / SEGMENTS - 0.15 * _aim(state, g, colour)


def _aim(state, g: int, colour: int) -> float:
    """1 when the first thing up the Gnome's column is a segment of `colour` (its next shot would hit it)."""
    lay = state._lay
    step = COLS if state._gend[g] == 0 else -COLS
    s = state._gnome[g] + step
    board = state._board
    while lay.field_lo <= s < lay.field_hi:
        if board[s] != EMPTY:
            return 1.0 if board[s] == SEG and state._bcol[s] == colour else 0.0
        s += step
    return 0.0


def evaluate(state, player: int) -> float:
    if state.is_terminal():
        return float(state.returns()[player])
    if state._turn_i < 0:
        return 0.0
    lay = state._lay
    if not lay.team_game:
        value = 2.0 * _threat(state, 0) - 1.0
        return max(-1.0, min(1.0, value if player == 1 else -value))
    team = player // 2
    value = _threat(state, team) - _threat(state, 1 - team)
    return max(-1.0, min(1.0, value))
