"""Milton Bradley Centipede's turn as a table of phases (core/phases.py): the spin, then the decision it leads to.

Each phase's procedures are plain functions of the state, grouped below by phase: what is legal, what each kind
of action does (the codec decodes the action; its handler receives the argument), and why anything else is
refused. The board mechanics they call are in mechanics.py. Rule IDs refer to rules/mb-centipede.md.
"""

from __future__ import annotations

from typing import Any

from boardcade.core import CHANCE, TERMINAL
from boardcade.core.phases import PLAYER, PhaseRule, phase_table
from boardcade.core.prompts import counted

from .codec import (
    CHOOSE_CENTIPEDE,
    CHOOSE_GUN,
    CHOOSE_PIECES,
    K_CHOOSE,
    K_GUN,
    KINDS,
    SECTORS,
    SEGMENTS,
    SPIN,
    SPIN_CENTIPEDE,
    SPIN_GUN,
)
from .codec import SPIN_PIECES as SPIN_SPIDER_SCORPION
from .layout import GREEN, fmt
from .mechanics import (
    C_ATTACK,
    C_DECLINED,
    C_PASS,
    C_PLANTING,
    C_SHORTCUT,
    C_SPINS,
    NAMES,
    enter,
    fire,
    gun_disabled,
    meet,
    piece_moves,
    scorpion_leaves,
    send_pieces_home,
    shift,
    shortcut_ahead,
    spider_leaves,
)
from .state import DEN, HOLLOW, Phase
from .state import MBState as St

# Event texts built once (the hot paths look them up): a spin's, by player and sector; a move's, by length.
_SPIN_TEXT = tuple(tuple(f"{name} spins {sector}" for sector in SECTORS) for name in NAMES)
_MOVES_TEXT = tuple(
    tuple(f"{name}'s centipede moves {counted(n, 'space')}" for n in range(SEGMENTS + 1)) for name in NAMES
)


FREE_NAMES = ("the gun", "the centipede", "the Spider or the Scorpion")


# ---- the turn: spin, end, the next spin -----------------------------------------------------------------
def end_turn(st: St) -> None:
    """The mover's turn is over: it wins with all six segments in the goal (MB-9.2; returns +1 and -1, MB-9.4);
    else the other spins."""
    p = st._player
    if st._seg[p * SEGMENTS + 5] == st._L.goal[p]:
        st._enter(Phase.OVER)
        result = [1.0, -1.0] if p == GREEN else [-1.0, 1.0]
        st._finish(
            result,
            "MB-9.2",
            f"all of {NAMES[p]}'s segments are in {NAMES[1 - p]}'s home base: {NAMES[p]} wins",
        )
        return
    next_spin(st, 1 - p)


def next_spin(st: St, player: int) -> None:
    """`player` spins next, unless the safety cap of spins is reached (MB-9.3)."""
    st._steps = 0
    if st._turns >= st._T.max_turns:
        st._enter(Phase.OVER)
        st._finish([0.0, 0.0], "MB-9.3", f"the safety cap of {st._turns} spins is reached: the game is a draw", True)
        return
    st._player = player
    st._enter(Phase.SPIN)


# ---- SPIN (chance, MB-2) ------------------------------------------------------------------------------
def spin_outcomes(game: Any) -> list[tuple[int, float]]:
    """The spinner's sectors, weighted by the option spinner_weights (MB-2.2): the same for the whole game."""
    outcomes: list[tuple[int, float]] = game.tables.spin_outcomes
    return outcomes


def spin(st: St, outcome: int) -> None:
    """MB-2.1: the spinner shows a sector; its decision follows, or the turn passes (MB-2.3, MB-3.10)."""
    p = st._player
    st._turns += 1
    st._counts[C_SPINS + p] += 1
    st._spin = outcome
    if not st._quiet:  # quiet mode: no text to build
        st._emit("MB-2.1", _SPIN_TEXT[p][outcome])
    if outcome == SPIN_GUN:
        if gun_disabled(st, p):
            if not st._quiet:  # quiet mode: no text to build
                st._emit("MB-3.10", f"{NAMES[p]}'s gun is under the Spider: the turn passes")
            end_turn(st)
        else:
            st._enter(Phase.GUN)
    elif outcome == SPIN_CENTIPEDE:
        start_centipede(st)
    elif outcome == SPIN_SPIDER_SCORPION:
        moves = piece_moves(st, p)
        if not moves:
            st._emit("MB-2.3", "neither the Spider nor the Scorpion can move: the turn passes")
            end_turn(st)
        else:
            st._enter(Phase.SPIDER_SCORPION)
            moves.append(st._T.acts.pass_)
            st._legal_cache = moves  # what the phase's legal actions would compute next (apply_action cleared it)
    else:
        st._enter(Phase.FREE_CHOICE)


def why_spin(st: St, outcome: int) -> str:
    if not 0 <= outcome < SPIN.size:
        return f"a spin shows one of the sectors 0..{SPIN.size - 1}"
    return "that spinner sector has weight 0"


# ---- FREE CHOICE (MB-8) -------------------------------------------------------------------------------
def free_choices(st: St) -> list[int]:
    p = st._player
    choose = st._T.acts.choose
    out = [] if gun_disabled(st, p) else [choose[CHOOSE_GUN]]
    out.append(choose[CHOOSE_CENTIPEDE])
    if piece_moves(st, p):
        out.append(choose[CHOOSE_PIECES])
    return out


def choose(st: St, v: int) -> None:
    """MB-8.1: FREE CHOICE carries out GUN, CENTIPEDE or SPIDER/SCORPION as if spun."""
    if not st._quiet:  # quiet mode: no text to build
        st._emit("MB-8.1", f"{NAMES[st._player]} uses the free choice for {FREE_NAMES[v]}")
    if v == CHOOSE_GUN:
        st._enter(Phase.GUN)
    elif v == CHOOSE_CENTIPEDE:
        start_centipede(st)
    else:
        st._enter(Phase.SPIDER_SCORPION)


def why_free(st: St, action: int) -> str:
    g = st.game
    if g.kind_of[action] == K_CHOOSE and g.arg_of[action] == CHOOSE_GUN and gun_disabled(st, st._player):
        return "your gun is disabled by the Spider (MB-3.10)"
    return "on FREE CHOICE you pick gun, centipede or Spider/Scorpion (MB-8.1)"


# ---- GUN (MB-3) ---------------------------------------------------------------------------------------
def gun_positions(st: St) -> list[int]:
    return st._T.gun_moves[st._gun[st._player]]


def move_gun_and_fire(st: St, position: int) -> None:
    """MB-3.1: the gun moves to another position of its line and fires; a hit may revive a segment (MB-3.3)."""
    p = st._player
    st._gun[p] = position
    if not st._quiet:  # quiet mode: no text to build
        st._emit("MB-3.1", f"{NAMES[p]} moves the gun to position {position} and fires")
    if fire(st, p) and not all(st._alive[p * SEGMENTS : (p + 1) * SEGMENTS]):
        st._enter(Phase.REVIVE)
    else:
        end_turn(st)


def why_gun(st: St, action: int) -> str:
    if st.game.kind_of[action] == K_GUN:
        return "the gun must move to a different position of its Firing Line before it fires (MB-3.1)"
    return "after spinning GUN you choose a new firing-line position for your gun (MB-3.1)"


# ---- REVIVE (MB-3.3) ----------------------------------------------------------------------------------
def revivals(st: St) -> list[int]:
    b = st._player * SEGMENTS
    acts = st._T.acts
    alive = st._alive
    out = [acts.revive[k] for k in range(SEGMENTS) if not alive[b + k]]
    out.append(acts.revive_none)
    return out


def revive(st: St, segment: int) -> None:
    """MB-3.3: a dead segment of the shooter's own centipede is turned live again."""
    p = st._player
    st._alive[p * SEGMENTS + segment] = True
    if not st._quiet:  # quiet mode: no text to build
        part = "head" if segment == 0 else f"body segment {segment}"
        st._emit("MB-3.3", f"{NAMES[p]} revives its {part}")
    end_turn(st)


def revive_nothing(st: St, _: int) -> None:
    """MB-3.3: reviving is optional."""
    end_turn(st)


def why_revive(st: St, action: int) -> str:
    return "you may revive one of your own dead segments, or nothing (MB-3.3)"


# ---- the centipede's move (MB-4 to MB-6), and the SHORTCUT decision (MB-5) -----------------------------
def start_centipede(st: St) -> None:
    p = st._player
    b = p * SEGMENTS
    if not st._alive[b]:
        st._alive[b] = True
        if not st._quiet:  # quiet mode: no text to build
            st._emit("MB-4.2", f"{NAMES[p]}'s head is dead: no move; the head is revived instead")
        end_turn(st)
        return
    alive = st._alive
    st._steps = alive[b] + alive[b + 1] + alive[b + 2] + alive[b + 3] + alive[b + 4] + alive[b + 5]
    if not st._quiet:  # quiet mode: no text to build
        st._emit("MB-4.1", _MOVES_TEXT[p][st._steps])
    continue_move(st)


def continue_move(st: St) -> None:
    """Step the head until the move is used up, a shortcut decision is due, or the move ends early; the goal
    base is entered without the exact count, left-over spaces pulling the body in (MB-9.1)."""
    p = st._player
    lay = st._L
    d = lay.step[p]
    goal = lay.goal[p]
    landing = lay.landing[p]
    n = lay.n
    seg = st._seg
    b = p * SEGMENTS
    poison_at = lay.poison_at
    o = (1 - p) * SEGMENTS  # the opponent's segments
    while st._steps > 0:
        h = seg[b]
        if h == goal:
            shift(st, p, goal)
        else:
            if 0 <= h < n and landing[h] >= 0 and shortcut_ahead(st, p, h):
                st._enter(Phase.SHORTCUT)  # MB-5.1: its owner decides
                return
            # mechanics.enter, written out for the common step (MB-4.3 to MB-4.5)
            pos = h + d
            if 0 <= pos < n:
                if (
                    pos == seg[o]
                    or pos == seg[o + 1]
                    or pos == seg[o + 2]
                    or pos == seg[o + 3]
                    or pos == seg[o + 4]
                    or pos == seg[o + 5]
                ):
                    meet(st, p, pos)  # MB-6: the move ends
                    end_turn(st)
                    return
                if poison_at[pos] >= 0:
                    send_pieces_home(st, pos, False, "MB-4.5")
            else:
                pos = goal
            seg[b + 5] = seg[b + 4]  # mechanics.shift: each segment takes the place of the one before it
            seg[b + 4] = seg[b + 3]
            seg[b + 3] = seg[b + 2]
            seg[b + 2] = seg[b + 1]
            seg[b + 1] = h
            seg[b] = pos
        st._steps -= 1
        if seg[b + 5] == goal:
            break
    end_turn(st)


def shortcut_choices(st: St) -> list[int]:
    acts = st._T.acts
    return [acts.shortcut, acts.no_shortcut]


def take_shortcut(st: St, _: int) -> None:
    """MB-5.2: the head crosses to the shortcut's landing space; the poison mushroom stays (MB-5.4)."""
    p = st._player
    lay = st._L
    st._steps -= 1
    land = lay.landing[p][st._seg[p * SEGMENTS]]
    st._counts[C_SHORTCUT + p] += 1
    if not st._quiet:  # quiet mode: no text to build
        st._emit("MB-5.2", f"{NAMES[p]}'s head takes the shortcut to {fmt(lay.path[land])}")
    after_shortcut_decision(st, enter(st, p, land))


def decline_shortcut(st: St, _: int) -> None:
    """MB-5.3: the head enters the poison mushroom space instead; the mushroom stays either way (MB-5.4)."""
    p = st._player
    st._steps -= 1
    st._counts[C_DECLINED] += 1
    if not st._quiet:  # quiet mode: no text to build
        st._emit("MB-5.3", f"{NAMES[p]}'s head enters the poison mushroom space without a shortcut")
    after_shortcut_decision(st, enter(st, p, st._seg[p * SEGMENTS] + st._L.step[p]))


def after_shortcut_decision(st: St, moved: bool) -> None:
    if moved:
        continue_move(st)
    else:
        end_turn(st)


def why_shortcut(st: St, action: int) -> str:
    return "you must decide whether to take the shortcut (MB-5.1)"


# ---- SPIDER/SCORPION (MB-7) ---------------------------------------------------------------------------
def piece_choices(st: St) -> list[int]:
    out = piece_moves(st, st._player)
    out.append(st._T.acts.pass_)
    return out


def spider_to_den(st: St, _: int) -> None:
    """MB-7.2: the Spider goes back to its Den (a mushroom it stood on is removed, MB-7.3)."""
    name = NAMES[st._player]
    spider_leaves(st, name)
    st._spider = DEN
    if not st._quiet:  # quiet mode: no text to build
        st._emit("MB-7.2", f"{name} moves the Spider back to its Den")
    end_turn(st)


def spider_to_poison(st: St, space: int) -> None:
    """MB-7.3: the Spider moves onto a poison mushroom, to remove it when it next leaves."""
    name = NAMES[st._player]
    spider_leaves(st, name)
    st._spider = space
    if not st._quiet:  # quiet mode: no text to build
        st._emit("MB-7.3", f"{name} moves the Spider onto the poison mushroom at {fmt(st._L.poison_xy[space])}")
    end_turn(st)


def spider_to_space(st: St, space: int) -> None:
    """MB-7.4: the Spider moves onto the Spider Space serving the opponent's gun (never its Safety Space, MB-7.6)."""
    lay = st._L
    name = NAMES[st._player]
    spider_leaves(st, name)
    st._spider = lay.spider_space0 + space
    if not st._quiet:  # quiet mode: no text to build
        who = NAMES[lay.spider_beside[space]]
        st._emit(
            "MB-7.4", f"{name} moves the Spider onto the Spider Space beside {who}'s gun at {fmt(lay.spider_xy[space])}"
        )
    end_turn(st)


def spider_attack(st: St, _: int) -> None:
    """MB-7.4: from its Spider Space the Spider jumps onto the opponent's gun; the attacker spins again."""
    p = st._player
    name = NAMES[p]
    spider_leaves(st, name)
    q = 1 - p
    st._spider = st._L.spider_gun0 + q
    st._counts[C_ATTACK] += 1
    if not st._quiet:  # quiet mode: no text to build
        st._emit("MB-7.4", f"{name}'s Spider attacks {NAMES[q]}'s gun (disabled); {name} spins again")
    next_spin(st, p)  # MB-7.4: the attacker spins again


def scorpion_to_hollow(st: St, _: int) -> None:
    """MB-7.7: the Scorpion goes back to its Hollow (the mushroom it stood on stays, planted, MB-7.8)."""
    scorpion_leaves(st)
    st._scorpion = HOLLOW
    if not st._quiet:  # quiet mode: no text to build
        st._emit("MB-7.7", f"{NAMES[st._player]} moves the Scorpion back to its Hollow")
    end_turn(st)


def scorpion_to_poison(st: St, space: int) -> None:
    """MB-7.7: the Scorpion moves to an empty Poison Mushroom space and a token is put under it."""
    scorpion_leaves(st)
    st._scorpion = space
    st._poison[space] = True
    st._supply -= 1
    st._counts[C_PLANTING] += 1
    if not st._quiet:  # quiet mode: no text to build
        at = fmt(st._L.poison_xy[space])
        st._emit("MB-7.7", f"{NAMES[st._player]} moves the Scorpion to {at} and puts a poison mushroom under it")
    end_turn(st)


def pass_pieces(st: St, _: int) -> None:
    """MB-7.9: moving the Spider or the Scorpion is optional."""
    st._counts[C_PASS] += 1
    if not st._quiet:  # quiet mode: no text to build
        st._emit("MB-7.9", f"{NAMES[st._player]} moves neither the Spider nor the Scorpion")
    end_turn(st)


def why_pieces(st: St, action: int) -> str:
    if KINDS[st.game.kind_of[action]].startswith(("spider_", "scorpion_")):
        return "the Spider or Scorpion cannot go there now (MB-7.2, MB-7.7)"
    return "after spinning SPIDER/SCORPION you move the Spider or the Scorpion, or pass (MB-7.1, MB-7.9)"


# The table, keyed by Phase: who acts, the phases one action may lead to, and the procedures above.
PHASES: tuple[PhaseRule[St], ...] = phase_table(
    Phase,
    [
        PhaseRule(
            Phase.SPIN,
            CHANCE,
            next=(
                Phase.FREE_CHOICE,
                Phase.GUN,
                Phase.SHORTCUT,
                Phase.SPIDER_SCORPION,
                Phase.SPIN,  # the turn passes (MB-2.3, MB-3.10) or the centipede's move ends it
                Phase.OVER,
            ),
            fixed_outcomes=spin_outcomes,
            chance=spin,
            why=why_spin,
        ),
        PhaseRule(
            Phase.FREE_CHOICE,
            PLAYER,
            next=(Phase.GUN, Phase.SHORTCUT, Phase.SPIDER_SCORPION, Phase.SPIN, Phase.OVER),
            legal=free_choices,
            on={"choose": choose},
            why=why_free,
        ),
        PhaseRule(
            Phase.GUN,
            PLAYER,
            next=(Phase.REVIVE, Phase.SPIN, Phase.OVER),
            legal=gun_positions,
            on={"gun": move_gun_and_fire},
            why=why_gun,
        ),
        PhaseRule(
            Phase.REVIVE,
            PLAYER,
            next=(Phase.SPIN, Phase.OVER),
            legal=revivals,
            on={"revive": revive, "revive_none": revive_nothing},
            why=why_revive,
        ),
        PhaseRule(
            Phase.SHORTCUT,
            PLAYER,
            next=(Phase.SHORTCUT, Phase.SPIN, Phase.OVER),
            legal=shortcut_choices,
            on={"shortcut": take_shortcut, "no_shortcut": decline_shortcut},
            why=why_shortcut,
        ),
        PhaseRule(
            Phase.SPIDER_SCORPION,
            PLAYER,
            next=(Phase.SPIN, Phase.OVER),  # MB-7.4: after an attack the attacker spins again
            legal=piece_choices,
            on={
                "spider_den": spider_to_den,
                "spider_poison": spider_to_poison,
                "spider_space": spider_to_space,
                "spider_attack": spider_attack,
                "scorpion_hollow": scorpion_to_hollow,
                "scorpion_poison": scorpion_to_poison,
                "pass": pass_pieces,
            },
            why=why_pieces,
        ),
        PhaseRule(Phase.OVER, TERMINAL),
    ],
)
PHASE_NAMES = tuple(rule.name for rule in PHASES)
DECISION_OF = {rule.name: rule.decision for rule in PHASES}  # the observation's phase -> its decision kind
