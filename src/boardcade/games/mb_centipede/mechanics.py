"""The board mechanics of Milton Bradley Centipede: shots, centipede moves, Spider and Scorpion moves.

A mixin for MBCentipedeState (game.py), which owns the turn flow. Rule IDs refer to docs/rules/mb-centipede.md.
State fields used here:
  _seg[p*6 + k]  position of player p's segment k (k = 0 is the head): a path index, or HOME/GOAL sentinel
  _alive[p*6+k]  whether that segment is live (label side up)
  _poison[i]     whether poison space i holds a poison mushroom token (under the Scorpion counts)
  _supply        poison mushroom tokens off the board
  _gun[p]        x of player p's gun on its firing line
  _spider        DEN, a poison space 0..9, SPACE0 + Spider Space, or ON_GUN0 + owner of the attacked gun
  _scorpion      HOLLOW or the poison space it stands on (its token there is not yet planted)
"""

from __future__ import annotations

from .actions import (
    SCORPION_HOLLOW,
    SCORPION_POISON0,
    SPIDER_ATTACK,
    SPIDER_DEN,
    SPIDER_POISON0,
    SPIDER_SPACE0,
)
from .board import (
    GOAL,
    PATH,
    PATH_LEN,
    PLAYER_NAMES,
    PLUG,
    POISON_AT,
    POISON_IDX,
    SEGMENTS,
    SHORTCUT_LANDING,
    SHOT_LINE,
    SPIDER_SPACE_XY,
    STEP,
    spider_space_for,
    spider_space_owner,
)

DEN = -1
HOLLOW = -1
SPACE0 = 10  # Spider on Spider Space j is SPACE0 + j
ON_GUN0 = 14  # Spider on player q's gun is ON_GUN0 + q


def where(pos: int) -> str:
    x, y = PATH[pos]
    return f"({x:g},{y:g})"


class RulesMixin:
    _seg: list[int]
    _alive: list[bool]
    _poison: list[bool]
    _gun: list[int]

    # ---- occupancy --------------------------------------------------------------------------
    def _seg_at(self, pos: int) -> int:
        """Segment id (p*6 + k) on path index `pos`, or -1."""
        s = self._seg
        for i in range(12):
            if s[i] == pos:
                return i
        return -1

    def _gun_disabled(self, p: int) -> bool:
        """MB-3.10: a gun under the Spider cannot move or fire."""
        return self._spider == ON_GUN0 + p

    # ---- shots (MB-3) -----------------------------------------------------------------------------
    def _fire(self, p: int) -> bool:
        """Fire p's gun along its column; True when an opponent segment was hit (MB-3.3)."""
        x = self._gun[p]
        name = PLAYER_NAMES[p]
        for pos in SHOT_LINE[p][x]:
            if pos == PLUG:
                self._emit("MB-3.7", f"{name}'s shot hits a plug-in mushroom: no effect")
                return False
            sid = self._seg_at(pos)
            if sid >= 0:
                owner, k = divmod(sid, SEGMENTS)
                if owner == p:
                    self._emit("MB-3.7", f"{name}'s shot hits its own segment at {where(pos)}: no effect")
                    return False
                self._alive[sid] = False
                part = "head" if k == 0 else f"body segment {k}"
                self._emit("MB-3.3", f"{name} shoots {PLAYER_NAMES[owner]}'s {part} at {where(pos)}: it is dead")
                return True
            i = POISON_AT[pos]
            if i >= 0:
                if self._spider == i:
                    self._spider = DEN
                    self._emit("MB-3.5", f"{name} shoots the Spider at {where(pos)}: back to its Den, mushroom stays")
                    return False
                if self._scorpion == i:
                    self._scorpion = HOLLOW
                    self._poison[i] = False
                    self._supply += 1
                    self._emit("MB-3.6", f"{name} shoots the Scorpion at {where(pos)}: Hollow, mushroom removed")
                    return False
                if self._poison[i]:
                    self._poison[i] = False
                    self._supply += 1
                    self._emit("MB-3.4", f"{name} shoots the poison mushroom at {where(pos)}: removed")
                    return False
        q = 1 - p
        if self._gun[q] == x:
            if self._spider == ON_GUN0 + q:
                self._spider = DEN
                self._emit("MB-3.9", f"{name} shoots the Spider off {PLAYER_NAMES[q]}'s gun: back to its Den")
            else:
                self._emit("MB-3.7", f"{name}'s shot hits {PLAYER_NAMES[q]}'s gun: no effect")
            return False
        self._emit("MB-3.7", f"{name}'s shot crosses the board and hits nothing")
        return False

    # ---- centipede moves (MB-4, MB-5, MB-6) -------------------------------------------------------
    def _shift(self, p: int, new: int) -> None:
        """MB-4.4: the head goes to `new`; every other segment takes the place of the one before it."""
        b = p * SEGMENTS
        s = self._seg
        s[b + 5] = s[b + 4]
        s[b + 4] = s[b + 3]
        s[b + 3] = s[b + 2]
        s[b + 2] = s[b + 1]
        s[b + 1] = s[b]
        s[b] = new

    def _opponent_at(self, p: int, pos: int) -> bool:
        b = (1 - p) * SEGMENTS
        s = self._seg
        return pos in (s[b], s[b + 1], s[b + 2], s[b + 3], s[b + 4], s[b + 5])

    def _send_pieces_home(self, pos: int, clear_mushroom: bool, rule: str) -> None:
        """A head (MB-4.5) or a jumping centipede (MB-6.3) arrives: Spider and Scorpion there go home."""
        i = POISON_AT[pos]
        if i < 0:
            return
        if self._spider == i:
            self._spider = DEN
            self._emit(rule, f"the Spider at {where(pos)} goes back to its Den")
        if self._scorpion == i:
            self._scorpion = HOLLOW
            self._poison[i] = False
            self._supply += 1
            self._emit(rule, f"the Scorpion at {where(pos)} goes back to its Hollow with its unplanted mushroom")
        if clear_mushroom and self._poison[i]:
            self._poison[i] = False
            self._supply += 1
            self._emit(rule, f"the poison mushroom at {where(pos)} is removed")

    def _enter(self, p: int, pos: int) -> bool:
        """The head moves into path space `pos` (or its goal). False when a meeting ended the move."""
        if pos < 0 or pos >= PATH_LEN:
            self._shift(p, GOAL[p])
            return True
        if self._opponent_at(p, pos):
            self._meet(p, pos)
            return False
        self._send_pieces_home(pos, False, "MB-4.5")
        self._shift(p, pos)
        return True

    def _meet(self, p: int, pos: int) -> None:
        """MB-6: jump the run of opponent segments directly ahead; land on the next six free path spaces."""
        d = STEP[p]
        b = (1 - p) * SEGMENTS
        opp = self._seg[b : b + SEGMENTS]
        run = 0
        while 0 <= pos < PATH_LEN and pos in opp:
            pos += d
            run += 1
        land = []
        while len(land) < SEGMENTS:
            if pos < 0 or pos >= PATH_LEN:
                land.append(GOAL[p])
                continue
            if pos not in opp:  # MB-6.4: a further opponent segment is jumped too
                land.append(pos)
            pos += d
        self._emit(
            "MB-6.1",
            f"{PLAYER_NAMES[p]}'s centipede meets {PLAYER_NAMES[1 - p]}'s, jumps {run} segment(s) and lands beyond",
        )
        for spot in land:
            if 0 <= spot < PATH_LEN:
                self._send_pieces_home(spot, True, "MB-6.3")
        s = self._seg
        base = p * SEGMENTS
        for k in range(SEGMENTS):
            s[base + k] = land[SEGMENTS - 1 - k]

    def _shortcut_open(self, p: int) -> bool:
        """MB-5.1: the head's next space holds a poison mushroom and the head is not on its last row."""
        h = self._seg[p * SEGMENTS]
        n = h + STEP[p]
        if not (0 <= n < PATH_LEN):
            return False
        i = POISON_AT[n]
        return i >= 0 and self._poison[i] and SHORTCUT_LANDING[p][h] >= 0

    def _win_check(self, p: int) -> bool:
        """MB-9.2: all six segments inside the opponent's home base."""
        return self._seg[p * SEGMENTS + 5] == GOAL[p]

    # ---- Spider and Scorpion (MB-7) -------------------------------------------------------------
    def _piece_moves(self, p: int) -> list[int]:
        """Legal Spider and Scorpion moves for p (sorted)."""
        out = []
        sp, sc, poison, s = self._spider, self._scorpion, self._poison, self._seg
        occupied = [POISON_IDX[i] in s for i in range(10)]
        if sp != DEN:
            out.append(SPIDER_DEN)
        for i in range(10):
            if poison[i] and sc != i and sp != i and not occupied[i]:
                out.append(SPIDER_POISON0 + i)
        q = 1 - p
        j = spider_space_for(q, self._gun[q])
        if j >= 0:
            if sp == SPACE0 + j:
                out.append(SPIDER_ATTACK)
            else:
                out.append(SPIDER_SPACE0 + j)
        if sc != HOLLOW:
            out.append(SCORPION_HOLLOW)
        if self._supply > 0:
            for i in range(10):
                if not poison[i] and not occupied[i] and sp != i:
                    out.append(SCORPION_POISON0 + i)
        out.sort()
        return out

    def _spider_leaves(self, name: str) -> None:
        """MB-7.3: the Spider leaving a poison mushroom removes it; leaving a gun frees that gun (MB-7.5)."""
        sp = self._spider
        if 0 <= sp < 10 and self._poison[sp]:
            self._poison[sp] = False
            self._supply += 1
            self._emit("MB-7.3", f"{name} moves the Spider off the poison mushroom at {where(POISON_IDX[sp])}: removed")
        elif sp >= ON_GUN0:
            self._emit("MB-7.5", f"{name} moves the Spider off {PLAYER_NAMES[sp - ON_GUN0]}'s gun: it works again")

    def _move_piece(self, p: int, a: int) -> bool:
        """Carry out a Spider or Scorpion action; True when it earns an extra spin (MB-7.4)."""
        name = PLAYER_NAMES[p]
        if a <= SPIDER_ATTACK:
            self._spider_leaves(name)
            if a == SPIDER_DEN:
                self._spider = DEN
                self._emit("MB-7.2", f"{name} moves the Spider back to its Den")
            elif a < SPIDER_SPACE0:
                i = a - SPIDER_POISON0
                self._spider = i
                self._emit("MB-7.3", f"{name} moves the Spider onto the poison mushroom at {where(POISON_IDX[i])}")
            elif a < SPIDER_ATTACK:
                j = a - SPIDER_SPACE0
                self._spider = SPACE0 + j
                x, y = SPIDER_SPACE_XY[j]
                who = PLAYER_NAMES[spider_space_owner(j)]
                self._emit("MB-7.4", f"{name} moves the Spider onto the Spider Space beside {who}'s gun at ({x},{y})")
            else:
                q = 1 - p
                self._spider = ON_GUN0 + q
                self._emit("MB-7.4", f"{name}'s Spider attacks {PLAYER_NAMES[q]}'s gun (disabled); {name} spins again")
                return True
            return False
        sc = self._scorpion
        if sc != HOLLOW:
            self._emit("MB-7.8", f"the poison mushroom under the Scorpion at {where(POISON_IDX[sc])} is now planted")
        if a == SCORPION_HOLLOW:
            self._scorpion = HOLLOW
            self._emit("MB-7.7", f"{name} moves the Scorpion back to its Hollow")
        else:
            i = a - SCORPION_POISON0
            self._scorpion = i
            self._poison[i] = True
            self._supply -= 1
            at = where(POISON_IDX[i])
            self._emit("MB-7.7", f"{name} moves the Scorpion to {at} and puts a poison mushroom under it")
        return False
