"""The board mechanics of Milton Bradley Centipede: shots, centipede moves, Spider and Scorpion moves.

A mixin for MBCentipedeState (game.py), which owns the turn flow. Rule IDs refer to rules/mb-centipede.md.
Every board fact comes from the state's layout `_L` (layout.py). State fields used here:
  _seg[p*6 + k]  position of player p's segment k (k = 0 is the head): a path index, or a home/goal sentinel
  _alive[p*6+k]  whether that segment is live (label side up)
  _poison[i]     whether poison space i holds a poison mushroom token (under the Scorpion counts)
  _supply        poison mushroom tokens off the board
  _gun[p]        player p's gun position on its Firing Line
  _spider        DEN, a poison space i, _L.spider_space0 + Spider Space j, or _L.spider_gun0 + owner of the gun
  _scorpion      HOLLOW or the poison space it stands on (its token there is not yet planted)
  _counts        figures for stats() (indexes below)
"""

from __future__ import annotations

from .layout import OPEN, PLUG, RED_LINE, SEGMENTS, Layout, fmt

DEN = -1
HOLLOW = -1
NAMES = ("Green", "Red")

# Action kinds, in the codec's block order (codec.make_codec); game.py checks they agree.
KINDS = (
    "gun",
    "revive",
    "revive_none",
    "shortcut",
    "no_shortcut",
    "choose",
    "spider_den",
    "spider_poison",
    "spider_space",
    "spider_attack",
    "scorpion_hollow",
    "scorpion_poison",
    "pass",
)
(
    K_GUN,
    K_REVIVE,
    K_REVIVE_NONE,
    K_SHORTCUT,
    K_NO_SHORTCUT,
    K_CHOOSE,
    K_SPIDER_DEN,
    K_SPIDER_POISON,
    K_SPIDER_SPACE,
    K_SPIDER_ATTACK,
    K_SCORPION_HOLLOW,
    K_SCORPION_POISON,
    K_PASS,
) = range(len(KINDS))

# stats() figures kept in _counts, in this order.
STAT_NAMES = (
    "spins_green",
    "spins_red",
    "shot_opponent_segment",
    "shot_own_segment",
    "shot_poison",
    "shot_spider",
    "shot_scorpion",
    "shot_spider_on_gun",
    "shot_plug_in",
    "shot_red_line",
    "shot_opponent_gun",
    "shot_off_board",
    "shortcuts_green",
    "shortcuts_red",
    "shortcuts_declined",
    "spider_attacks",
    "spider_removals",
    "scorpion_plantings",
    "passes",
    "meetings",
)
N_COUNTS = len(STAT_NAMES)
C_SPINS = 0
(
    C_OPP_SEG,
    C_OWN_SEG,
    C_POISON,
    C_SPIDER,
    C_SCORPION,
    C_SPIDER_GUN,
    C_PLUG,
    C_RED,
    C_GUN,
    C_OFF,
    C_SHORTCUT,
) = range(2, 13)
C_DECLINED, C_ATTACK, C_REMOVAL, C_PLANTING, C_PASS, C_MEETING = range(14, 20)


class RulesMixin:
    _L: Layout
    _seg: list[int]
    _alive: list[bool]
    _poison: list[bool]
    _gun: list[int]
    _spider: int
    _scorpion: int
    _supply: int
    _counts: list[int]

    def _where(self, pos: int) -> str:
        return fmt(self._L.path[pos])

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
        return self._spider == self._L.spider_gun0 + p

    # ---- shots (MB-3) -----------------------------------------------------------------------------
    def _fire(self, p: int) -> bool:
        """Fire p's gun along its line; True when an opponent segment was hit (MB-3.3)."""
        lay = self._L
        pos_k = self._gun[p]
        name = NAMES[p]
        c = self._counts
        poison_at = lay.poison_at
        for pos in lay.shot_path[p][pos_k]:
            sid = self._seg_at(pos)
            if sid >= 0:
                owner, k = divmod(sid, SEGMENTS)
                if owner == p:
                    c[C_OWN_SEG] += 1
                    if not self._quiet:  # quiet mode: no text to build
                        self._emit("MB-3.7", f"{name}'s shot hits its own segment at {self._where(pos)}: no effect")
                    return False
                self._alive[sid] = False
                c[C_OPP_SEG] += 1
                part = "head" if k == 0 else f"body segment {k}"
                if not self._quiet:  # quiet mode: no text to build
                    self._emit("MB-3.3", f"{name} shoots {NAMES[owner]}'s {part} at {self._where(pos)}: it is dead")
                return True
            i = poison_at[pos]
            if i >= 0:
                if self._spider == i:
                    self._spider = DEN
                    c[C_SPIDER] += 1
                    self._emit(
                        "MB-3.5", f"{name} shoots the Spider at {self._where(pos)}: back to its Den, mushroom stays"
                    )
                    return False
                if self._scorpion == i:
                    self._scorpion = HOLLOW
                    self._poison[i] = False
                    self._supply += 1
                    c[C_SCORPION] += 1
                    if not self._quiet:  # quiet mode: no text to build
                        self._emit(
                            "MB-3.6", f"{name} shoots the Scorpion at {self._where(pos)}: Hollow, mushroom removed"
                        )
                    return False
                if self._poison[i]:
                    self._poison[i] = False
                    self._supply += 1
                    c[C_POISON] += 1
                    if not self._quiet:  # quiet mode: no text to build
                        self._emit("MB-3.4", f"{name} shoots the poison mushroom at {self._where(pos)}: removed")
                    return False
        kind, what = lay.shot_end[p][pos_k]
        if kind == PLUG:
            c[C_PLUG] += 1
            if not self._quiet:  # quiet mode: no text to build
                self._emit("MB-3.7", f"{name}'s shot hits the plug-in mushroom at {fmt(what)}: no effect")
            return False
        if kind == RED_LINE:
            c[C_RED] += 1
            if not self._quiet:  # quiet mode: no text to build
                self._emit(
                    "MB-3.11", f"{name}'s shot stops at the red line of the curve at {self._where(what)}: no effect"
                )
            return False
        assert kind == OPEN
        q = 1 - p
        if what >= 0 and self._gun[q] == what:
            if self._spider == lay.spider_gun0 + q:
                self._spider = DEN
                c[C_SPIDER_GUN] += 1
                self._emit("MB-3.9", f"{name} shoots the Spider off {NAMES[q]}'s gun: back to its Den")
            else:
                c[C_GUN] += 1
                self._emit("MB-3.12", f"{name}'s shot hits {NAMES[q]}'s gun: no effect")
            return False
        c[C_OFF] += 1
        self._emit("MB-3.13", f"{name}'s shot crosses the board and goes off the far side")
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
        i = self._L.poison_at[pos]
        if i < 0:
            return
        if self._spider == i:
            self._spider = DEN
            if not self._quiet:  # quiet mode: no text to build
                self._emit(rule, f"the Spider at {self._where(pos)} goes back to its Den")
        if self._scorpion == i:
            self._scorpion = HOLLOW
            self._poison[i] = False
            self._supply += 1
            if not self._quiet:  # quiet mode: no text to build
                self._emit(
                    rule, f"the Scorpion at {self._where(pos)} goes back to its Hollow with its unplanted mushroom"
                )
        if clear_mushroom and self._poison[i]:
            self._poison[i] = False
            self._supply += 1
            if not self._quiet:  # quiet mode: no text to build
                self._emit(rule, f"the poison mushroom at {self._where(pos)} is removed")

    def _enter(self, p: int, pos: int) -> bool:
        """The head moves into path space `pos` (or its goal). False when a meeting ended the move."""
        lay = self._L
        if pos < 0 or pos >= lay.n:
            self._shift(p, lay.goal[p])
            return True
        if self._opponent_at(p, pos):
            self._meet(p, pos)
            return False
        if lay.poison_at[pos] >= 0:
            self._send_pieces_home(pos, False, "MB-4.5")
        self._shift(p, pos)
        return True

    def _meet(self, p: int, pos: int) -> None:
        """MB-6: jump the run of opponent segments directly ahead; land on the next six free path spaces."""
        lay = self._L
        n = lay.n
        d = lay.step[p]
        b = (1 - p) * SEGMENTS
        opp = self._seg[b : b + SEGMENTS]
        run = 0
        while 0 <= pos < n and pos in opp:
            pos += d
            run += 1
        land = []
        while len(land) < SEGMENTS:
            if pos < 0 or pos >= n:
                land.append(lay.goal[p])
                continue
            if pos not in opp:  # MB-6.4: a further opponent segment is jumped too
                land.append(pos)
            pos += d
        self._counts[C_MEETING] += 1
        self._emit("MB-6.1", f"{NAMES[p]}'s centipede meets {NAMES[1 - p]}'s, jumps {run} segment(s) and lands beyond")
        for spot in land:
            if 0 <= spot < n:
                self._send_pieces_home(spot, True, "MB-6.3")
        s = self._seg
        base = p * SEGMENTS
        for k in range(SEGMENTS):
            s[base + k] = land[SEGMENTS - 1 - k]

    # ---- Spider and Scorpion (MB-7) -------------------------------------------------------------
    def _piece_moves(self, p: int) -> list[int]:
        """Legal Spider and Scorpion moves for p, in action order (the pass is added by the caller)."""
        lay = self._L
        st = self.game.start  # type: ignore[attr-defined]
        sp, sc, poison = self._spider, self._scorpion, self._poison
        segs = set(self._seg)
        where = lay.poison_idx
        out = []
        if sp != DEN:
            out.append(st["spider_den"])
        spider0, scorpion0 = st["spider_poison"], st["scorpion_poison"]
        supply = self._supply > 0
        scorpion = []
        for i, has in enumerate(poison):
            if sp == i or where[i] in segs:
                continue
            if has:
                if sc != i:
                    out.append(spider0 + i)
            elif supply:
                scorpion.append(scorpion0 + i)
        q = 1 - p
        j = lay.spider_for[q][self._gun[q]]
        if j >= 0:
            if sp == lay.spider_space0 + j:
                out.append(st["spider_attack"])  # MB-7.4, MB-7.10: the attack stays open
            else:
                out.append(st["spider_space"] + j)
        if sc != HOLLOW:
            out.append(st["scorpion_hollow"])
        out += scorpion
        return out

    def _spider_view(self) -> dict:
        lay = self._L
        sp = self._spider
        if sp == DEN:
            return {"at": "den", "xy": list(lay.den)}
        if sp < lay.spider_space0:
            return {"at": "poison", "space": sp, "xy": list(lay.poison_xy[sp])}
        if sp < lay.spider_gun0:
            j = sp - lay.spider_space0
            return {"at": "spider_space", "space": j, "xy": list(lay.spider_xy[j])}
        q = sp - lay.spider_gun0
        return {"at": "gun", "player": q, "xy": list(lay.guns[q][self._gun[q]])}

    def _scorpion_view(self) -> dict:
        lay = self._L
        sc = self._scorpion
        if sc == HOLLOW:
            return {"at": "hollow", "xy": list(lay.hollow)}
        return {"at": "poison", "space": sc, "xy": list(lay.poison_xy[sc])}

    def _spider_leaves(self, name: str) -> None:
        """MB-7.3: the Spider leaving a poison mushroom removes it; leaving a gun frees that gun (MB-7.5)."""
        lay = self._L
        sp = self._spider
        if 0 <= sp < lay.spider_space0 and self._poison[sp]:
            self._poison[sp] = False
            self._supply += 1
            self._counts[C_REMOVAL] += 1
            self._emit(
                "MB-7.3", f"{name} moves the Spider off the poison mushroom at {fmt(lay.poison_xy[sp])}: removed"
            )
        elif sp >= lay.spider_gun0:
            self._emit("MB-7.5", f"{name} moves the Spider off {NAMES[sp - lay.spider_gun0]}'s gun: it works again")

    def _move_piece(self, p: int, k: int, v: int) -> bool:
        """Carry out a Spider or Scorpion action of kind k (argument v); True when it earns an extra spin."""
        lay = self._L
        name = NAMES[p]
        if k <= K_SPIDER_ATTACK:
            self._spider_leaves(name)
            if k == K_SPIDER_DEN:
                self._spider = DEN
                self._emit("MB-7.2", f"{name} moves the Spider back to its Den")
            elif k == K_SPIDER_POISON:
                self._spider = v
                if not self._quiet:  # quiet mode: no text to build
                    self._emit("MB-7.3", f"{name} moves the Spider onto the poison mushroom at {fmt(lay.poison_xy[v])}")
            elif k == K_SPIDER_SPACE:
                self._spider = lay.spider_space0 + v
                who = NAMES[lay.spider_beside[v]]
                self._emit(
                    "MB-7.4",
                    f"{name} moves the Spider onto the Spider Space beside {who}'s gun at {fmt(lay.spider_xy[v])}",
                )
            else:
                q = 1 - p
                self._spider = lay.spider_gun0 + q
                self._counts[C_ATTACK] += 1
                self._emit("MB-7.4", f"{name}'s Spider attacks {NAMES[q]}'s gun (disabled); {name} spins again")
                return True
            return False
        sc = self._scorpion
        if sc != HOLLOW:
            if not self._quiet:  # quiet mode: no text to build
                self._emit(
                    "MB-7.8", f"the poison mushroom under the Scorpion at {fmt(lay.poison_xy[sc])} is now planted"
                )
        if k == K_SCORPION_HOLLOW:
            self._scorpion = HOLLOW
            self._emit("MB-7.7", f"{name} moves the Scorpion back to its Hollow")
        else:
            self._scorpion = v
            self._poison[v] = True
            self._supply -= 1
            self._counts[C_PLANTING] += 1
            self._emit(
                "MB-7.7", f"{name} moves the Scorpion to {fmt(lay.poison_xy[v])} and puts a poison mushroom under it"
            )
        return False
