"""Atari's Centipede: what happens to pieces on the board.

Removal and splitting of centipedes, centipede/spider/flea steps, shooting, and the eating checks, as plain
functions of the state. Everything here works on the flat board (`_board`, one cell code per square; `_bcol`, the
colour of the bug in a square) and the piece lists; a win raises `GameOver`, which the State turns into the end
of the match.
"""

from __future__ import annotations

from .board import (
    CENT_SPEED,
    COLOUR_NAMES,
    COLS,
    EMPTY,
    FLEA,
    MUSH,
    SEG,
    SPIDER,
    SPIDER_DIRS,
    SQUARE_NAMES,
    Bug,
    Centipede,
)
from .state import AtariData as St


class GameOver(Exception):
    """Raised the moment a win condition is met (rule AC-3.4): `team` wins, for `rule` (the ending event)."""

    def __init__(self, team: int, rule: str, text: str):
        super().__init__(team)
        self.team = team
        self.rule = rule
        self.text = text


def gnome_name(st: St, g: int) -> str:
    return f"{COLOUR_NAMES[g]} Gnome" if st._lay.team_game else "Gnome"


# ---- endings -----------------------------------------------------------------------------
def lose_colour(st: St, colour: int) -> None:
    """Colour `colour` has no segment left on the board: its opponents win (AC-3.2, AC-11.9)."""
    raise GameOver(
        st._lay.winner_if_lost[colour], "AC-3.2", f"the last {COLOUR_NAMES[colour]} centipede segment is gone"
    )


def eat(st: St, colour: int, rule: str, how: str) -> None:
    """A bug of `colour` eats the Gnome it hunts (only an enemy's, AC-11.7): its side wins (AC-3.3)."""
    gnome = st._lay.enemy_gnome[colour]
    raise GameOver(st._lay.winner_if_eats[colour], rule, f"the {gnome_name(st, gnome)} is eaten: {how}")


def check_eat(st: St, colour: int, square: int) -> None:
    """A bug of `colour` now in `square`: it eats the enemy Gnome if directly above it (AC-10.1)."""
    if square == st._above[st._lay.enemy_gnome[colour]]:
        eat(st, colour, "AC-10.1", f"a bug is directly above it at {SQUARE_NAMES[square]}")


# ---- removal -----------------------------------------------------------------------------
def clear(st: St, square: int) -> None:
    st._board[square] = EMPTY
    st._bcol[square] = -1


def remove_at(st: St, square: int, rule: str, why: str) -> int:
    """Remove whatever stands in `square`; returns the cell code removed. May end the game."""
    cell = st._board[square]
    if cell == EMPTY:
        return EMPTY
    if cell == MUSH:
        clear(st, square)
        st._supply += 1
        if not st._quiet:  # quiet mode: no text to build
            st._emit(rule, f"mushroom at {SQUARE_NAMES[square]} removed ({why})")
    elif cell == FLEA or cell == SPIDER:
        bugs = st._fleas if cell == FLEA else st._spiders
        for i, bug in enumerate(bugs):
            if bug.square == square:
                del bugs[i]
                break
        clear(st, square)
        if cell == FLEA:
            st._flea_supply += 1
        else:
            st._spider_supply += 1
        if not st._quiet:  # quiet mode: no text to build
            st._emit(rule, f"{'flea' if cell == FLEA else 'spider'} at {SQUARE_NAMES[square]} removed ({why})")
    else:
        remove_segment(st, square, rule, why)
    return cell


def remove_segment(st: St, square: int, rule: str, why: str) -> None:
    """Remove one centipede segment; the segment behind it becomes a new head (AC-7.4)."""
    colour = st._bcol[square]
    clear(st, square)
    cents = st._cents
    for cent in cents:
        pos = cent.squares
        if square in pos:
            i = pos.index(square)
            face = cent.facings
            if i + 1 < len(pos):
                cents.append(Centipede(colour, pos[i + 1 :], face[i + 1 :], cent.moved))
            del pos[i:]
            del face[i:]
            if not pos:
                cents.remove(cent)
            break
    st._segs[colour] -= 1
    if not st._quiet:  # quiet mode: no text to build
        st._emit(rule, f"centipede segment at {SQUARE_NAMES[square]} removed ({why})")
    if st._segs[colour] == 0 and not st._entering:  # during an entry: checked once it is complete (AC-6.6)
        lose_colour(st, colour)


def place_mushroom(st: St, square: int, rule: str, why: str) -> bool:
    if st._supply <= 0 or st._board[square] != EMPTY:
        return False
    st._board[square] = MUSH
    st._supply -= 1
    if not st._quiet:  # quiet mode: no text to build
        st._emit(rule, f"mushroom placed at {SQUARE_NAMES[square]} ({why})")
    return True


# ---- centipedes --------------------------------------------------------------------------
def cent_step(st: St, cent: Centipede, drop: bool = False, grow: bool = False) -> None:
    """One square of centipede movement (AC-7.1 to AC-7.3). `drop` forces a drop (Berserk);
    `grow` keeps the tail (segments still entering from off the board)."""
    colour = cent.colour
    head = cent.squares[0]
    f = cent.facings[0]
    board = st._board
    col = head % COLS
    if not drop and 0 <= col + f < COLS and board[head + f] == EMPTY:
        target = head + f
        nf = f
    else:
        target = head + st._dy[colour] * COLS
        row = target // COLS
        if row == 0 or row == st._lay.last:
            g = st._gnome_at_end.get(row)
            if g is not None:
                eat(st, colour, "AC-10.2", "a centipede entered its Gnome Movement Area")
        nf = -f
        if board[target] != EMPTY:
            try:
                remove_at(st, target, "AC-7.2", "a centipede dropped onto it")
            except GameOver:
                # The game ends here, but the step that ended it is finished first so the final
                # position is whole (the head stands on the square it dropped onto).
                finish_cent_step(st, cent, colour, target, nf, grow)
                raise
    finish_cent_step(st, cent, colour, target, nf, grow)
    if target == st._above[st._lay.enemy_gnome[colour]]:
        check_eat(st, colour, target)


def finish_cent_step(st: St, cent: Centipede, colour: int, target: int, nf: int, grow: bool) -> None:
    """Put the head on `target` facing `nf`; the body follows (the tail square empties unless growing)."""
    pos, face = cent.squares, cent.facings
    board = st._board
    pos.insert(0, target)
    face.insert(0, nf)
    if not grow:
        tail = pos.pop()
        face.pop()
        board[tail] = EMPTY
        st._bcol[tail] = -1
    board[target] = SEG
    st._bcol[target] = colour


def cent_speed(st: St, cent: Centipede) -> int:
    return CENT_SPEED[len(cent.squares)] + st._tucked[cent.colour]


def move_centipede(st: St, cent: Centipede) -> None:
    """A centipede's whole move at its speed (AC-7.5). Parts split off on the way stop following."""
    steps = cent_speed(st, cent)
    cent.moved = True
    if not st._quiet:  # quiet mode: no text to build
        st._emit("AC-7.5", f"{COLOUR_NAMES[cent.colour]} centipede of {len(cent.squares)} moves {steps}")
    for _ in range(steps):
        cent_step(st, cent)


def enter_centipede(st: St, colour: int, spawn: int, length: int, steps: int) -> None:
    """A new centipede of `length` enters through `spawn`, moving `steps` squares (AC-2.7, AC-6.6).

    Whatever stands on the spawn square is removed (the entry cannot turn aside); one of the colour's own
    segments removed so goes off the board and is not part of this centipede (AC-D8). A colour losing its
    last segment is checked once the entry is complete: the entering centipede is on the board by then, so
    its own colour never loses by it (AC-6.6); eating is checked at every square as always (AC-10)."""
    facing = 1 if spawn % COLS == 0 else -1
    cent = Centipede(colour, [spawn], [facing], True)  # AC-7.6: its entry is its move this turn
    before = st._segs.copy()
    st._entering = True
    try:
        if st._board[spawn] != EMPTY:
            remove_at(st, spawn, "AC-6.6", "a centipede entered through its spawn point")
        st._cents.append(cent)
        st._board[spawn] = SEG
        st._bcol[spawn] = colour
        st._segs[colour] += 1
        check_eat(st, colour, spawn)
        pending = length - 1
        for _ in range(steps - 1):
            if pending > 0:
                pending -= 1
                st._segs[colour] += 1
                cent_step(st, cent, grow=True)
            else:
                cent_step(st, cent)
    finally:
        st._entering = False
    for c, left in enumerate(st._segs):
        if left == 0 and before[c] > 0:  # (a colour yet to enter at setup has not lost anything)
            lose_colour(st, c)


# ---- spiders and fleas -------------------------------------------------------------------
def spider_targets(st: St, square: int, speed: int) -> list[int]:
    """Squares a spider in `square` may end on (AC-8): 1 up to `speed` squares along a straight vertical or
    diagonal line, stopping before a bug, the board's edge or a Gnome Movement Area (empty: it cannot move)."""
    board = st._board
    r0, c0 = divmod(square, COLS)
    last_field = st._lay.last - 1
    out = []
    for dr, dc in SPIDER_DIRS:
        r, c = r0, c0
        for _ in range(speed):
            r += dr
            c += dc
            if r < 1 or r > last_field or c < 0 or c >= COLS:
                break
            s = r * COLS + c
            cell = board[s]
            if cell != EMPTY and cell != MUSH:
                break
            out.append(s)
    out.sort()
    return out


def move_spider(st: St, bug: Bug, target: int) -> None:
    src = bug.square
    bug.moved = True
    r0, c0 = divmod(src, COLS)
    r1, c1 = divmod(target, COLS)
    dr = (r1 > r0) - (r1 < r0)
    dc = (c1 > c0) - (c1 < c0)
    step = dr * COLS + dc
    colour = bug.colour
    if not st._quiet:  # quiet mode: no text to build
        st._emit("AC-8", f"spider moves {SQUARE_NAMES[src]} -> {SQUARE_NAMES[target]}")
    board = st._board
    s = src
    while s != target:
        clear(st, s)
        s += step
        if board[s] == MUSH:
            remove_at(st, s, "AC-8", "a spider moved into it")
        board[s] = SPIDER
        st._bcol[s] = colour
        bug.square = s
        check_eat(st, colour, s)


def flea_step(st: St, bug: Bug) -> int:
    """Move a flea one square toward the enemy end (AC-9.1); returns the square it left."""
    src = bug.square
    colour = bug.colour
    target = src + st._dy[colour] * COLS
    clear(st, src)
    try:
        if st._board[target] != EMPTY:
            remove_at(st, target, "AC-9.1", "a flea moved into it")
    finally:  # a removal that ends the game still leaves the flea on its new square
        st._board[target] = FLEA
        st._bcol[target] = colour
        bug.square = target
    check_eat(st, colour, target)
    return src


# ---- shooting ----------------------------------------------------------------------------
def fire(st: St, g: int, rule: str) -> bool:
    """The Gnome's bolt (AC-4.6); returns True when it hit the other Gnome (AC-11.8)."""
    s = st._gnome[g]
    d = COLS if st._gend[g] == 0 else -COLS
    s += d
    board = st._board
    last = st._lay.last
    while 0 <= s < len(board):
        row = s // COLS
        if row == 0 or row == last:
            other = st._gnome_at_end.get(row)
            if other is not None and other != g and st._gnome[other] == s:
                if not st._quiet:  # quiet mode: no text to build
                    st._emit("AC-11.8", f"the {gnome_name(st, g)} shoots the {gnome_name(st, other)}")
                return True
            break
        cell = board[s]
        if cell == MUSH:
            remove_at(st, s, rule, "shot")
            return False
        if cell != EMPTY:
            remove_at(st, s, rule, "shot")
            place_mushroom(st, s, "AC-4.6", "a shot bug becomes a mushroom")
            return False
        s += d
    if not st._quiet:  # quiet mode: no text to build
        st._emit(rule, f"the {gnome_name(st, g)} fires and hits nothing")
    return False
