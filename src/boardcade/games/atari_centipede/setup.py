"""Atari's Centipede's setup (AC-2): seeding the mushrooms, the dice-off, the Gnomes' ends and squares, the deal
and each Centipede's entry; then play begins (turn.py). Handlers of the phase table (phases.py)."""

from __future__ import annotations

from .board import (
    COLOUR_NAMES,
    COLS,
    EMPTY,
    ENTRY_SQUARES,
    MUSH,
    SEGMENTS,
    SQUARE_NAMES,
)
from .pieces import (
    enter_centipede,
    gnome_name,
)
from .state import AtariData as St
from .state import Phase
from .turn import AFTER_SETUP, deal_next, move_next, start_play, start_rolls


# ---- setup: seeding (AC-2.2, AC-2.3) ------------------------------------------------------------------
def begin_setup(st: St) -> None:
    st._seed_cols_done = 0
    st._seed_col = -1
    st._seed_left = 3
    if st._T.random_setup:
        st._seed_col = 0
        st._enter(Phase.SEED_CHANCE)
    else:
        st._enter(Phase.SEED)


def seed_squares(st: St) -> list[int]:
    board = st._board
    by_col = st._lay.seed_squares
    if st._seed_col >= 0:
        return [s for s in by_col[st._seed_col] if board[s] == EMPTY]
    col_mush = st._col_mush
    out = [s for c in range(COLS) if col_mush[c] == 0 for s in by_col[c] if board[s] == EMPTY]
    out.sort()
    return out


def seed_choices(st: St) -> list[int]:
    seed = st._T.acts.seed
    return [seed[s] for s in seed_squares(st)]


def seed_outcomes(st: St) -> list[tuple[int, float]]:
    rows = [s // COLS - 1 for s in seed_squares(st)]
    return [(r, 1 / len(rows)) for r in rows]


def seed_by_chance(st: St, outcome: int) -> None:
    """AC-2.3: with setup="random" chance seeds each column's mushrooms."""
    seed(st, (outcome + 1) * COLS + st._seed_col)


def seed(st: St, square: int) -> None:
    """AC-2.2: the players take turns seeding mushrooms, never on a spawn point (AC-1.4); by team in 4 players
    (AC-11.2)."""
    st._board[square] = MUSH
    st._supply -= 1
    c = square % COLS
    st._col_mush[c] += 1
    st._seed_col = c
    st._seed_left -= 1
    if not st._quiet:  # quiet mode: no text to build
        st._emit("AC-2.2", f"mushroom seeded at {SQUARE_NAMES[square]}")
    if st._seed_left:
        return
    st._seed_cols_done += 1
    st._seed_left = 3
    if st._seed_cols_done == COLS:
        st._seed_col = -1
        after_seeding(st)
    elif st._T.random_setup:
        st._seed_col = st._seed_cols_done
    else:
        st._seed_col = -1
        st._enter(Phase.SEED)  # the next seeder (AC-2.2, AC-11.2)


def after_seeding(st: St) -> None:
    if st._lay.team_game:
        st._enter(Phase.DICEOFF)
    else:
        st._placing = 0
        st._enter(Phase.GPLACE)


# ---- setup: the dice-off (AC-11.3), the Gnomes' ends (AC-2.4), the deal and the entry (AC-2.6, AC-2.7) -------
def dice_off(st: St, outcome: int) -> None:
    """AC-11.3: both Gnomes roll a die; the high roller picks its end first."""
    a, b = divmod(outcome, 6)
    st._diceoff.append((a + 1, b + 1))
    if a == b:
        st._emit("AC-11.3", f"dice-off: both Gnomes roll {a + 1}; roll again")
        return
    high = 0 if a > b else 1
    low = 1 - high
    if not st._quiet:  # quiet mode: no text to build
        hi, lo = COLOUR_NAMES[high], COLOUR_NAMES[low]
        st._emit("AC-11.3", f"dice-off {a + 1} to {b + 1}: the {hi} team picks the end, the {lo} team starts")
    lay = st._lay
    st._order = [
        (lay.gnome_seat[low], 0, low),
        (lay.cent_seat[low], 1, low),
        (lay.gnome_seat[high], 0, high),
        (lay.cent_seat[high], 1, high),
    ]
    st._placing = high
    st._enter(Phase.GPLACE)


def gplace_squares(st: St) -> list[int]:
    last = st._lay.last
    rows = [r for r in (0, last) if r not in st._gnome_at_end]
    return [r * COLS + c for r in rows for c in range(COLS)]


def gplace_choices(st: St) -> list[int]:
    place = st._T.acts.place_gnome
    return [place[s] for s in gplace_squares(st)]


def place_gnome(st: St, square: int) -> None:
    """AC-2.4: the Gnome chooses its end and starting square; then it rolls the Dice Pool (AC-2.5)."""
    g = st._placing
    row = square // COLS
    st._gnome[g] = square
    st._gend[g] = row
    st._gnome_at_end[row] = g
    st._above[g] = square + (COLS if row == 0 else -COLS)
    if not st._quiet:  # quiet mode: no text to build
        st._emit("AC-2.4", f"the {gnome_name(st, g)} takes the end at row {row}, square {SQUARE_NAMES[square]}")
    unplaced = [h for h in range(st._lay.gnomes) if st._gnome[h] < 0]
    if unplaced:
        st._placing = unplaced[0]
        st._enter(Phase.GPLACE)
        return
    # Centipede ends (AC-1.2, AC-11.1): each colour starts at the end opposite the Gnome it hunts.
    lay = st._lay
    for c in range(lay.colours):
        home = lay.last - st._gend[lay.enemy_gnome[c]]
        st._home[c] = home
        st._dy[c] = 1 if home == 0 else -1
        st._spawns[c] = lay.spawns[home]
    start_rolls(st, AFTER_SETUP, "AC-2.5")


def spawn_choices(st: St) -> list[int]:
    return list(st._T.acts.spawn_centipede)


def spawn_centipede(st: St, spawn: int) -> None:
    """Enter the colour's centipede at its spawn point `spawn` (0: column 0, 1: column 8) (AC-2.7, AC-6.6)."""
    c = st._c
    square = st._spawns[c][spawn]
    length = SEGMENTS - st._segs[c]
    if not st._quiet:  # quiet mode: no text to build
        rule = "AC-2.7" if st._turn_i < 0 else "AC-6.6"
        st._emit(rule, f"a centipede of {length} enters at {SQUARE_NAMES[square]}")
    enter_centipede(st, c, square, length, ENTRY_SQUARES)
    if st._turn_i < 0:
        st._setup_colour += 1
        if st._setup_colour < st._lay.colours:
            deal_next(st)
        else:
            start_play(st)
        return
    move_next(st)
