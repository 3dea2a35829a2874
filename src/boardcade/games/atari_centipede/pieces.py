"""Atari's Centipede: what happens to pieces on the board (a mixin of the State).

Removal and splitting of centipedes, centipede/spider/flea steps, shooting, and the eating checks.
Everything here works on the flat board (`self.board`, one cell code per square, `self.bcol` the colour of
the bug in a square) and the piece lists; an ending raises `GameOver`, which the State turns into a result.
"""

from __future__ import annotations

from .board import COLS, EMPTY, FLEA, MUSH, ROWS, SEG, SPIDER, SPIDER_DIRS, square_name


class GameOver(Exception):
    """Raised the moment a win condition is met (rule AC-3.4); `side` is the winning side."""

    def __init__(self, side: int):
        super().__init__(side)
        self.side = side


class PiecesMixin:
    """Board mechanics shared by the setup, Gnome and Centipede phases."""

    # ---- endings -----------------------------------------------------------------------------
    def _side_of_colour(self, colour: int) -> int:
        return 1 if self._n == 2 else colour

    def _enemy_gnome(self, colour: int) -> int:
        return 0 if self._n == 2 else 1 - colour

    def _lose_colour(self, colour: int) -> None:
        """Colour `colour` has no segment left on the board: its opponents win (AC-3.2, AC-11.9)."""
        side = 0 if self._n == 2 else 1 - colour
        self._emit("AC-3.2", f"the last {self._colour_name(colour)} centipede segment is gone")
        raise GameOver(side)

    def _eat(self, gnome: int, colour: int, rule: str, how: str) -> None:
        self._emit(rule, f"the {self._gnome_name(gnome)} is eaten: {how}")
        raise GameOver(self._side_of_colour(colour))

    def _check_eat(self, colour: int, square: int) -> None:
        """A bug of `colour` now in `square`: it eats the enemy Gnome if directly above it (AC-10.1)."""
        if square == self._above[self._enemy_gnome(colour)]:
            self._eat(
                self._enemy_gnome(colour), colour, "AC-10.1", f"a bug is directly above it at {square_name(square)}"
            )

    # ---- removal -----------------------------------------------------------------------------
    def _clear(self, square: int) -> None:
        self.board[square] = EMPTY
        self.bcol[square] = -1

    def _remove_at(self, square: int, rule: str, why: str) -> int:
        """Remove whatever stands in `square`; returns the cell code removed. May end the game."""
        cell = self.board[square]
        if cell == EMPTY:
            return EMPTY
        if cell == MUSH:
            self._clear(square)
            self.supply += 1
            self._emit(rule, f"mushroom at {square_name(square)} removed ({why})")
        elif cell == FLEA or cell == SPIDER:
            bugs = self.fleas if cell == FLEA else self.spiders
            for i, bug in enumerate(bugs):
                if bug[0] == square:
                    del bugs[i]
                    break
            self._clear(square)
            if cell == FLEA:
                self.flea_supply += 1
            else:
                self.spider_supply += 1
            self._emit(rule, f"{'flea' if cell == FLEA else 'spider'} at {square_name(square)} removed ({why})")
        else:
            self._remove_segment(square, rule, why)
        return cell

    def _remove_segment(self, square: int, rule: str, why: str) -> None:
        """Remove one centipede segment; the segment behind it becomes a new head (AC-7.4)."""
        colour = self.bcol[square]
        self._clear(square)
        for cent in self.cents:
            pos = cent[1]
            if square in pos:
                i = pos.index(square)
                face = cent[2]
                if i + 1 < len(pos):
                    self.cents.append([colour, pos[i + 1 :], face[i + 1 :], cent[3]])
                del pos[i:]
                del face[i:]
                if not pos:
                    self.cents.remove(cent)
                break
        self.segs[colour] -= 1
        self._emit(rule, f"centipede segment at {square_name(square)} removed ({why})")
        if self.segs[colour] == 0:
            self._lose_colour(colour)

    def _place_mushroom(self, square: int, rule: str, why: str) -> bool:
        if self.supply <= 0 or self.board[square] != EMPTY:
            return False
        self.board[square] = MUSH
        self.supply -= 1
        self._emit(rule, f"mushroom placed at {square_name(square)} ({why})")
        return True

    # ---- centipedes --------------------------------------------------------------------------
    def _cent_step(self, cent: list, drop: bool = False, grow: bool = False) -> None:
        """One square of centipede movement (AC-7.1 to AC-7.3). `drop` forces a drop (Berserk);
        `grow` keeps the tail (segments still entering from off the board)."""
        colour = cent[0]
        pos = cent[1]
        face = cent[2]
        head = pos[0]
        f = face[0]
        board = self.board
        col = head % COLS
        if not drop and 0 <= col + f < COLS and board[head + f] == EMPTY:
            target = head + f
            nf = f
        else:
            dy = self._dy[colour]
            target = head + dy * COLS
            row = target // COLS
            if row == 0 or row == ROWS - 1:
                g = self._gnome_at_end.get(row)
                if g is not None:
                    self._eat(g, colour, "AC-10.2", "a centipede entered its Gnome Movement Area")
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
        if target == self._above[self._enemy_gnome(colour)]:
            self._check_eat(colour, target)

    def _finish_cent_step(self, cent: list, colour: int, target: int, nf: int, grow: bool) -> None:
        """Put the head on `target` facing `nf`; the body follows (the tail square empties unless growing)."""
        pos, face = cent[1], cent[2]
        board = self.board
        pos.insert(0, target)
        face.insert(0, nf)
        if not grow:
            tail = pos.pop()
            face.pop()
            board[tail] = EMPTY
            self.bcol[tail] = -1
        board[target] = SEG
        self.bcol[target] = colour

    def _cent_speed(self, cent: list) -> int:
        return self._cent_speed_table[len(cent[1])] + self.tucked[cent[0]]

    def _move_centipede(self, cent: list) -> None:
        """A centipede's whole move at its speed (AC-7.5). Parts split off on the way stop following."""
        steps = self._cent_speed(cent)
        cent[3] = True
        self._emit("AC-7.5", f"{self._colour_name(cent[0])} centipede of {len(cent[1])} moves {steps}")
        for _ in range(steps):
            self._cent_step(cent)

    def _enter_centipede(self, colour: int, spawn: int, length: int, steps: int) -> None:
        """A new centipede of `length` enters through `spawn`, moving `steps` squares (AC-2.7, AC-6.6)."""
        facing = 1 if spawn % COLS == 0 else -1
        cent = [colour, [spawn], [facing], True]
        try:
            if self.board[spawn] != EMPTY:
                self._remove_at(spawn, "AC-6.6", "a centipede entered through its spawn point")
        finally:  # even when that removal ends the game, the new head stands on its spawn square
            self.cents.append(cent)
            self.board[spawn] = SEG
            self.bcol[spawn] = colour
            self.segs[colour] += 1
        self._check_eat(colour, spawn)
        pending = length - 1
        for _ in range(steps - 1):
            if pending > 0:
                pending -= 1
                self.segs[colour] += 1
                self._cent_step(cent, grow=True)
            else:
                self._cent_step(cent)

    # ---- spiders and fleas -------------------------------------------------------------------
    def _spider_targets(self, square: int, speed: int) -> list[int]:
        """Squares a spider in `square` may end on (AC-8): its own, or a straight vertical/diagonal line."""
        board = self.board
        r0, c0 = divmod(square, COLS)
        out = [square]
        for dr, dc in SPIDER_DIRS:
            r, c = r0, c0
            for _ in range(speed):
                r += dr
                c += dc
                if r < 1 or r > ROWS - 2 or c < 0 or c >= COLS:
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
        if target == src:
            self._emit("AC-8", f"spider at {square_name(src)} stays")
            return
        r0, c0 = divmod(src, COLS)
        r1, c1 = divmod(target, COLS)
        dr = (r1 > r0) - (r1 < r0)
        dc = (c1 > c0) - (c1 < c0)
        step = dr * COLS + dc
        colour = bug[1]
        self._emit("AC-8", f"spider moves {square_name(src)} -> {square_name(target)}")
        s = src
        while s != target:
            self._clear(s)
            s += step
            if self.board[s] == MUSH:
                self._remove_at(s, "AC-8", "a spider moved into it")
            self.board[s] = SPIDER
            self.bcol[s] = colour
            bug[0] = s
            self._check_eat(colour, s)

    def _flea_step(self, bug: list) -> int:
        """Move a flea one square toward the enemy end (AC-9.1); returns the square it left."""
        src = bug[0]
        colour = bug[1]
        target = src + self._dy[colour] * COLS
        self._clear(src)
        try:
            if self.board[target] != EMPTY:
                self._remove_at(target, "AC-9.1", "a flea moved into it")
        finally:  # a removal that ends the game still leaves the flea on its new square
            self.board[target] = FLEA
            self.bcol[target] = colour
            bug[0] = target
        self._check_eat(colour, target)
        return src

    # ---- shooting ----------------------------------------------------------------------------
    def _fire(self, g: int, rule: str) -> bool:
        """The Gnome's bolt (AC-4.6); returns True when it hit the other Gnome (AC-11.8)."""
        s = self.gnome[g]
        d = COLS if self.gend[g] == 0 else -COLS
        s += d
        while 0 <= s < len(self.board):
            row = s // COLS
            if row == 0 or row == ROWS - 1:
                other = self._gnome_at_end.get(row)
                if other is not None and other != g and self.gnome[other] == s:
                    self._emit("AC-11.8", f"the {self._gnome_name(g)} shoots the {self._gnome_name(other)}")
                    return True
                break
            cell = self.board[s]
            if cell == MUSH:
                self._remove_at(s, rule, "shot")
                return False
            if cell != EMPTY:
                self._remove_at(s, rule, "shot")
                self._place_mushroom(s, "AC-4.6", "a shot bug becomes a mushroom")
                return False
            s += d
        self._emit(rule, f"the {self._gnome_name(g)} fires and hits nothing")
        return False
