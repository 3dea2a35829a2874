"""Atari's Centipede: what happens to pieces on the board (a mixin of the State).

Removal and splitting of centipedes, centipede/spider/flea steps, shooting, and the eating checks.
Everything here works on the flat board (`_board`, one cell code per square; `_bcol`, the colour of the bug in
a square) and the piece lists; a win raises `GameOver`, which the State turns into the end of the match.
"""

from __future__ import annotations

from .board import COLOUR_NAMES, COLS, EMPTY, FLEA, MUSH, SEG, SPIDER, SPIDER_DIRS, square_name


class GameOver(Exception):
    """Raised the moment a win condition is met (rule AC-3.4): `team` wins, for `rule` (the ending event)."""

    def __init__(self, team: int, rule: str, text: str):
        super().__init__(team)
        self.team = team
        self.rule = rule
        self.text = text


class PiecesMixin:
    """Board mechanics shared by the setup, Gnome and Centipede phases."""

    # ---- endings -----------------------------------------------------------------------------
    def _lose_colour(self, colour: int) -> None:
        """Colour `colour` has no segment left on the board: its opponents win (AC-3.2, AC-11.9)."""
        raise GameOver(
            self._lay.winner_if_lost[colour], "AC-3.2", f"the last {COLOUR_NAMES[colour]} centipede segment is gone"
        )

    def _eat(self, colour: int, rule: str, how: str) -> None:
        gnome = self._lay.enemy_gnome[colour]
        raise GameOver(self._lay.winner_if_eats[colour], rule, f"the {self._gnome_name(gnome)} is eaten: {how}")

    def _check_eat(self, colour: int, square: int) -> None:
        """A bug of `colour` now in `square`: it eats the enemy Gnome if directly above it (AC-10.1)."""
        if square == self._above[self._lay.enemy_gnome[colour]]:
            self._eat(colour, "AC-10.1", f"a bug is directly above it at {square_name(square)}")

    # ---- removal -----------------------------------------------------------------------------
    def _clear(self, square: int) -> None:
        self._board[square] = EMPTY
        self._bcol[square] = -1

    def _remove_at(self, square: int, rule: str, why: str) -> int:
        """Remove whatever stands in `square`; returns the cell code removed. May end the game."""
        cell = self._board[square]
        if cell == EMPTY:
            return EMPTY
        if cell == MUSH:
            self._clear(square)
            self._supply += 1
            if not self._quiet:  # quiet mode: no text to build
                self._emit(rule, f"mushroom at {square_name(square)} removed ({why})")
        elif cell == FLEA or cell == SPIDER:
            bugs = self._fleas if cell == FLEA else self._spiders
            for i, bug in enumerate(bugs):
                if bug[0] == square:
                    del bugs[i]
                    break
            self._clear(square)
            if cell == FLEA:
                self._flea_supply += 1
            else:
                self._spider_supply += 1
            if not self._quiet:  # quiet mode: no text to build
                self._emit(rule, f"{'flea' if cell == FLEA else 'spider'} at {square_name(square)} removed ({why})")
        else:
            self._remove_segment(square, rule, why)
        return cell

    def _remove_segment(self, square: int, rule: str, why: str) -> None:
        """Remove one centipede segment; the segment behind it becomes a new head (AC-7.4)."""
        colour = self._bcol[square]
        self._clear(square)
        cents = self._cents
        for cent in cents:
            pos = cent[1]
            if square in pos:
                i = pos.index(square)
                face = cent[2]
                if i + 1 < len(pos):
                    cents.append([colour, pos[i + 1 :], face[i + 1 :], cent[3]])
                del pos[i:]
                del face[i:]
                if not pos:
                    cents.remove(cent)
                break
        self._segs[colour] -= 1
        if not self._quiet:  # quiet mode: no text to build
            self._emit(rule, f"centipede segment at {square_name(square)} removed ({why})")
        if self._segs[colour] == 0 and not self._entering:  # during an entry: checked once it is complete (AC-6.6)
            self._lose_colour(colour)

    def _place_mushroom(self, square: int, rule: str, why: str) -> bool:
        if self._supply <= 0 or self._board[square] != EMPTY:
            return False
        self._board[square] = MUSH
        self._supply -= 1
        if not self._quiet:  # quiet mode: no text to build
            self._emit(rule, f"mushroom placed at {square_name(square)} ({why})")
        return True

    # ---- centipedes --------------------------------------------------------------------------
    def _cent_step(self, cent: list, drop: bool = False, grow: bool = False) -> None:
        """One square of centipede movement (AC-7.1 to AC-7.3). `drop` forces a drop (Berserk);
        `grow` keeps the tail (segments still entering from off the board)."""
        colour = cent[0]
        pos = cent[1]
        head = pos[0]
        f = cent[2][0]
        board = self._board
        col = head % COLS
        if not drop and 0 <= col + f < COLS and board[head + f] == EMPTY:
            target = head + f
            nf = f
        else:
            target = head + self._dy[colour] * COLS
            row = target // COLS
            if row == 0 or row == self._lay.last:
                g = self._gnome_at_end.get(row)
                if g is not None:
                    self._eat(colour, "AC-10.2", "a centipede entered its Gnome Movement Area")
            nf = -f
            if board[target] != EMPTY:
                try:
                    self._remove_at(target, "AC-7.2", "a centipede dropped onto it")
                except GameOver:
                    # The game ends here, but the step that ended it is finished first so the final
                    # position is whole (the head stands on the square it dropped onto).
                    self._finish_cent_step(cent, colour, target, nf, grow)
                    raise
        self._finish_cent_step(cent, colour, target, nf, grow)
        if target == self._above[self._lay.enemy_gnome[colour]]:
            self._check_eat(colour, target)

    def _finish_cent_step(self, cent: list, colour: int, target: int, nf: int, grow: bool) -> None:
        """Put the head on `target` facing `nf`; the body follows (the tail square empties unless growing)."""
        pos, face = cent[1], cent[2]
        board = self._board
        pos.insert(0, target)
        face.insert(0, nf)
        if not grow:
            tail = pos.pop()
            face.pop()
            board[tail] = EMPTY
            self._bcol[tail] = -1
        board[target] = SEG
        self._bcol[target] = colour

    def _cent_speed(self, cent: list) -> int:
        return self._cent_speed_table[len(cent[1])] + self._tucked[cent[0]]

    def _move_centipede(self, cent: list) -> None:
        """A centipede's whole move at its speed (AC-7.5). Parts split off on the way stop following."""
        steps = self._cent_speed(cent)
        cent[3] = True
        self._emit("AC-7.5", f"{COLOUR_NAMES[cent[0]]} centipede of {len(cent[1])} moves {steps}")
        for _ in range(steps):
            self._cent_step(cent)

    def _enter_centipede(self, colour: int, spawn: int, length: int, steps: int) -> None:
        """A new centipede of `length` enters through `spawn`, moving `steps` squares (AC-2.7, AC-6.6).

        Whatever stands on the spawn square is removed (the entry cannot turn aside); one of the colour's own
        segments removed so goes off the board and is not part of this centipede (AC-D8). A colour losing its
        last segment is checked once the entry is complete: the entering centipede is on the board by then, so
        its own colour never loses by it (AC-6.6); eating is checked at every square as always (AC-10)."""
        facing = 1 if spawn % COLS == 0 else -1
        cent = [colour, [spawn], [facing], True]
        before = self._segs.copy()
        self._entering = True
        try:
            if self._board[spawn] != EMPTY:
                self._remove_at(spawn, "AC-6.6", "a centipede entered through its spawn point")
            self._cents.append(cent)
            self._board[spawn] = SEG
            self._bcol[spawn] = colour
            self._segs[colour] += 1
            self._check_eat(colour, spawn)
            pending = length - 1
            for _ in range(steps - 1):
                if pending > 0:
                    pending -= 1
                    self._segs[colour] += 1
                    self._cent_step(cent, grow=True)
                else:
                    self._cent_step(cent)
        finally:
            self._entering = False
        for c, left in enumerate(self._segs):
            if left == 0 and before[c] > 0:  # (a colour yet to enter at setup has not lost anything)
                self._lose_colour(c)

    # ---- spiders and fleas -------------------------------------------------------------------
    def _spider_targets(self, square: int, speed: int) -> list[int]:
        """Squares a spider in `square` may end on (AC-8): 1 up to `speed` squares along a straight vertical or
        diagonal line, stopping before a bug, the board's edge or a Gnome Movement Area (empty: it cannot move)."""
        board = self._board
        r0, c0 = divmod(square, COLS)
        last_field = self._lay.last - 1
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

    def _move_spider(self, bug: list, target: int) -> None:
        src = bug[0]
        bug[2] = True
        r0, c0 = divmod(src, COLS)
        r1, c1 = divmod(target, COLS)
        dr = (r1 > r0) - (r1 < r0)
        dc = (c1 > c0) - (c1 < c0)
        step = dr * COLS + dc
        colour = bug[1]
        if not self._quiet:  # quiet mode: no text to build
            self._emit("AC-8", f"spider moves {square_name(src)} -> {square_name(target)}")
        board = self._board
        s = src
        while s != target:
            self._clear(s)
            s += step
            if board[s] == MUSH:
                self._remove_at(s, "AC-8", "a spider moved into it")
            board[s] = SPIDER
            self._bcol[s] = colour
            bug[0] = s
            self._check_eat(colour, s)

    def _flea_step(self, bug: list) -> int:
        """Move a flea one square toward the enemy end (AC-9.1); returns the square it left."""
        src = bug[0]
        colour = bug[1]
        target = src + self._dy[colour] * COLS
        self._clear(src)
        try:
            if self._board[target] != EMPTY:
                self._remove_at(target, "AC-9.1", "a flea moved into it")
        finally:  # a removal that ends the game still leaves the flea on its new square
            self._board[target] = FLEA
            self._bcol[target] = colour
            bug[0] = target
        self._check_eat(colour, target)
        return src

    # ---- shooting ----------------------------------------------------------------------------
    def _fire(self, g: int, rule: str) -> bool:
        """The Gnome's bolt (AC-4.6); returns True when it hit the other Gnome (AC-11.8)."""
        s = self._gnome[g]
        d = COLS if self._gend[g] == 0 else -COLS
        s += d
        board = self._board
        last = self._lay.last
        while 0 <= s < len(board):
            row = s // COLS
            if row == 0 or row == last:
                other = self._gnome_at_end.get(row)
                if other is not None and other != g and self._gnome[other] == s:
                    if not self._quiet:  # quiet mode: no text to build
                        self._emit("AC-11.8", f"the {self._gnome_name(g)} shoots the {self._gnome_name(other)}")
                    return True
                break
            cell = board[s]
            if cell == MUSH:
                self._remove_at(s, rule, "shot")
                return False
            if cell != EMPTY:
                self._remove_at(s, rule, "shot")
                self._place_mushroom(s, "AC-4.6", "a shot bug becomes a mushroom")
                return False
            s += d
        if not self._quiet:  # quiet mode: no text to build
            self._emit(rule, f"the {self._gnome_name(g)} fires and hits nothing")
        return False
