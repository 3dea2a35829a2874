"""The board mechanics of Milton Bradley Centipede, as plain functions of the state: shots, centipede moves,
Spider and Scorpion moves. The turn flow that calls them is in phases.py; rule IDs refer to rules/mb-centipede.md.

Every board fact comes from the state's layout `_L` (layout.py). The state's fields are declared in state.py
(`MBState.FIELDS`): where segments, poison mushrooms, guns, the Spider and the Scorpion are.
"""

from __future__ import annotations

from boardcade.core.prompts import counted

from .layout import OPEN, PLUG, RED_LINE, SEGMENTS, fmt
from .state import DEN, HOLLOW, STAT_NAMES, MBState

NAMES = ("Green", "Red")
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


def where(st: MBState, pos: int) -> str:
    return fmt(st._L.path[pos])


# ---- occupancy --------------------------------------------------------------------------------------
def segment_at(st: MBState, pos: int) -> int:
    """Segment id (p*6 + k) on path index `pos`, or -1."""
    s = st._seg
    for i in range(12):
        if s[i] == pos:
            return i
    return -1


def gun_disabled(st: MBState, p: int) -> bool:
    """MB-3.10: a gun under the Spider cannot move or fire."""
    return st._spider == st._L.spider_gun0 + p


def opponent_at(st: MBState, p: int, pos: int) -> bool:
    b = (1 - p) * SEGMENTS
    s = st._seg
    return pos == s[b] or pos == s[b + 1] or pos == s[b + 2] or pos == s[b + 3] or pos == s[b + 4] or pos == s[b + 5]


# ---- shots (MB-3) -------------------------------------------------------------------------------------
def fire(st: MBState, p: int) -> bool:
    """Fire p's gun straight across the board along its line (MB-3.2), hitting the first thing there, the one on
    top where two share a space (MB-3.8); True when an opponent segment was hit (MB-3.3)."""
    lay = st._L
    pos_k = st._gun[p]
    name = NAMES[p]
    c = st._counts
    poison_at = lay.poison_at
    for pos in lay.shot_path[p][pos_k]:
        sid = segment_at(st, pos)
        if sid >= 0:
            owner, k = divmod(sid, SEGMENTS)
            if owner == p:
                c[C_OWN_SEG] += 1
                if not st._quiet:  # quiet mode: no text to build
                    st._emit("MB-3.7", f"{name}'s shot hits its own segment at {where(st, pos)}: no effect")
                return False
            st._alive[sid] = False
            c[C_OPP_SEG] += 1
            if not st._quiet:  # quiet mode: no text to build
                part = "head" if k == 0 else f"body segment {k}"
                st._emit("MB-3.3", f"{name} shoots {NAMES[owner]}'s {part} at {where(st, pos)}: it is dead")
            return True
        i = poison_at[pos]
        if i >= 0:
            if st._spider == i:
                st._spider = DEN
                c[C_SPIDER] += 1
                if not st._quiet:  # quiet mode: no text to build
                    st._emit("MB-3.5", f"{name} shoots the Spider at {where(st, pos)}: back to its Den, mushroom stays")
                return False
            if st._scorpion == i:
                st._scorpion = HOLLOW
                st._poison[i] = False
                st._supply += 1
                c[C_SCORPION] += 1
                if not st._quiet:  # quiet mode: no text to build
                    st._emit("MB-3.6", f"{name} shoots the Scorpion at {where(st, pos)}: Hollow, mushroom removed")
                return False
            if st._poison[i]:
                st._poison[i] = False
                st._supply += 1
                c[C_POISON] += 1
                if not st._quiet:  # quiet mode: no text to build
                    st._emit("MB-3.4", f"{name} shoots the poison mushroom at {where(st, pos)}: removed")
                return False
    kind, what = lay.shot_end[p][pos_k]
    if kind == PLUG:
        c[C_PLUG] += 1
        if not st._quiet:  # quiet mode: no text to build
            st._emit("MB-3.7", f"{name}'s shot hits the plug-in mushroom at {fmt(what)}: no effect")
        return False
    if kind == RED_LINE:
        c[C_RED] += 1
        if not st._quiet:  # quiet mode: no text to build
            st._emit("MB-3.11", f"{name}'s shot stops at the red line of the curve at {where(st, what)}: no effect")
        return False
    assert kind == OPEN
    q = 1 - p
    if what >= 0 and st._gun[q] == what:
        if st._spider == lay.spider_gun0 + q:
            st._spider = DEN
            c[C_SPIDER_GUN] += 1
            if not st._quiet:  # quiet mode: no text to build
                st._emit("MB-3.9", f"{name} shoots the Spider off {NAMES[q]}'s gun: back to its Den")
        else:
            c[C_GUN] += 1
            if not st._quiet:  # quiet mode: no text to build
                st._emit("MB-3.12", f"{name}'s shot hits {NAMES[q]}'s gun: no effect")
        return False
    c[C_OFF] += 1
    if not st._quiet:  # quiet mode: no text to build
        st._emit("MB-3.13", f"{name}'s shot crosses the board and goes off the far side")
    return False


# ---- centipede moves (MB-4, MB-5, MB-6) ---------------------------------------------------------------
def shift(st: MBState, p: int, new: int) -> None:
    """MB-4.4: the head goes to `new`; every other segment takes the place of the one before it."""
    b = p * SEGMENTS
    s = st._seg
    s[b + 5] = s[b + 4]
    s[b + 4] = s[b + 3]
    s[b + 3] = s[b + 2]
    s[b + 2] = s[b + 1]
    s[b + 1] = s[b]
    s[b] = new


def send_pieces_home(st: MBState, pos: int, clear_mushroom: bool, rule: str) -> None:
    """A head (MB-4.5) or a jumping centipede (MB-6.3) arrives: Spider and Scorpion there go home."""
    i = st._L.poison_at[pos]
    if i < 0:
        return
    if st._spider == i:
        st._spider = DEN
        if not st._quiet:  # quiet mode: no text to build
            st._emit(rule, f"the Spider at {where(st, pos)} goes back to its Den")
    if st._scorpion == i:
        st._scorpion = HOLLOW
        st._poison[i] = False
        st._supply += 1
        if not st._quiet:  # quiet mode: no text to build
            st._emit(rule, f"the Scorpion at {where(st, pos)} goes back to its Hollow with its unplanted mushroom")
    if clear_mushroom and st._poison[i]:
        st._poison[i] = False
        st._supply += 1
        if not st._quiet:  # quiet mode: no text to build
            st._emit(rule, f"the poison mushroom at {where(st, pos)} is removed")


def enter(st: MBState, p: int, pos: int) -> bool:
    """The head moves into path space `pos` (or its goal). False when a meeting ended the move."""
    lay = st._L
    if pos < 0 or pos >= lay.n:
        shift(st, p, lay.goal[p])
        return True
    if opponent_at(st, p, pos):
        meet(st, p, pos)
        return False
    if lay.poison_at[pos] >= 0:
        send_pieces_home(st, pos, False, "MB-4.5")
    shift(st, p, pos)
    return True


def meet(st: MBState, p: int, pos: int) -> None:
    """MB-6: jump the run of opponent segments directly ahead (only those one after another along the path,
    MB-6.2); land on the next six free path spaces."""
    lay = st._L
    n = lay.n
    d = lay.step[p]
    b = (1 - p) * SEGMENTS
    opp = st._seg[b : b + SEGMENTS]
    run = 0
    while 0 <= pos < n and pos in opp:
        pos += d
        run += 1
    land: list[int] = []
    while len(land) < SEGMENTS:
        if pos < 0 or pos >= n:
            land.append(lay.goal[p])
            continue
        if pos not in opp:  # MB-6.4: a further opponent segment is jumped too
            land.append(pos)
        pos += d
    st._counts[C_MEETING] += 1
    if not st._quiet:  # quiet mode: no text to build
        jumped = counted(run, "segment")
        st._emit("MB-6.1", f"{NAMES[p]}'s centipede meets {NAMES[1 - p]}'s, jumps {jumped} and lands beyond")
    for spot in land:
        if 0 <= spot < n:
            send_pieces_home(st, spot, True, "MB-6.3")
    s = st._seg
    base = p * SEGMENTS
    for k in range(SEGMENTS):
        s[base + k] = land[SEGMENTS - 1 - k]


def shortcut_ahead(st: MBState, p: int, h: int) -> bool:
    """MB-5.1 (MB-D20): the head at path index `h` may take a shortcut now: its next space shows a poison mushroom
    (planted, or under the Spider or the Scorpion) and no opponent segment, and a shortcut starts there."""
    lay = st._L
    if not 0 <= h < lay.n or lay.landing[p][h] < 0:
        return False
    ahead = h + lay.step[p]
    if not st._poison[lay.poison_at[ahead]]:
        return False
    return st._T.shortcut_under_opponent or not opponent_at(st, p, ahead)


# ---- Spider and Scorpion (MB-7) -----------------------------------------------------------------------
def piece_moves(st: MBState, p: int) -> list[int]:
    """Legal Spider and Scorpion moves for p, in action order (the pass is added by the caller); no Spider Space
    leads to a gun on its Safety Space (MB-7.6)."""
    lay = st._L
    acts = st._T.acts
    sp, sc, poison = st._spider, st._scorpion, st._poison
    segs = set(st._seg)
    places = lay.poison_idx
    out: list[int] = []
    if sp != DEN:
        out.append(acts.spider_den)
    spider_poison, scorpion_poison = acts.spider_poison, acts.scorpion_poison
    supply = st._supply > 0
    scorpion: list[int] = []
    for i, has in enumerate(poison):
        if sp == i or places[i] in segs:
            continue
        if has:
            if sc != i:
                out.append(spider_poison[i])
        elif supply:
            scorpion.append(scorpion_poison[i])
    q = 1 - p
    j = lay.spider_for[q][st._gun[q]]
    if j >= 0:
        if sp == lay.spider_space0 + j:
            out.append(acts.spider_attack)  # MB-7.4, MB-7.10: the attack stays open
        else:
            out.append(acts.spider_space[j])
    if sc != HOLLOW:
        out.append(acts.scorpion_hollow)
    out += scorpion
    return out


def spider_leaves(st: MBState, name: str) -> None:
    """MB-7.3: the Spider leaving a poison mushroom removes it; leaving a gun frees that gun (MB-7.5)."""
    lay = st._L
    sp = st._spider
    if 0 <= sp < lay.spider_space0 and st._poison[sp]:
        st._poison[sp] = False
        st._supply += 1
        st._counts[C_REMOVAL] += 1
        if not st._quiet:  # quiet mode: no text to build
            st._emit("MB-7.3", f"{name} moves the Spider off the poison mushroom at {fmt(lay.poison_xy[sp])}: removed")
    elif sp >= lay.spider_gun0:
        if not st._quiet:  # quiet mode: no text to build
            st._emit("MB-7.5", f"{name} moves the Spider off {NAMES[sp - lay.spider_gun0]}'s gun: it works again")


def scorpion_leaves(st: MBState) -> None:
    """MB-7.8: the poison mushroom the Scorpion stood on is planted once it moves on."""
    sc = st._scorpion
    if sc != HOLLOW:
        if not st._quiet:  # quiet mode: no text to build
            st._emit("MB-7.8", f"the poison mushroom under the Scorpion at {fmt(st._L.poison_xy[sc])} is now planted")
