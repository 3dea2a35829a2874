"""The Gnome's turn in Atari's Centipede (AC-4, AC-5): choosing a die or a Gnome Control card, resolving the die's
faces, Wrist Control, Glitch, and the bonus bug move a bolt reaching the other Gnome earns (AC-11.8). Handlers of
the phase table (phases.py)."""

from __future__ import annotations

from .board import (
    CARD_NAMES,
    COLS,
    DIE_FACES,
    GLITCH,
    MOVE,
    MUSH,
    NUM_DICE,
    RECHARGE_STEP,
    SLAM,
    SQUARE_NAMES,
    TRIGGER,
    WRIST,
    face_text,
)
from .pieces import (
    fire,
    gnome_name,
    remove_at,
)
from .state import AtariData as St
from .state import Phase
from .turn import AFTER_GNOME, end_turn, flea_stuck, gnome_continue, has_card, spider_stuck, start_bug_move, start_rolls

# ---- the Gnome's turn (AC-4, AC-5) ----------------------------------------------------------------------


def usable_cards(st: St) -> list[int]:
    ready = st._cards[st._g]
    use = st._T.acts.use_card
    out = []
    for k in range(4):
        if ready[k]:
            if k == GLITCH and MUSH not in st._board:
                continue
            out.append(use[k])
    return out


def move_dirs(st: St) -> list[int]:
    """The move actions: away from an edge the Gnome stands against (AC-4.4)."""
    col = st._gnome[st._g] % COLS
    left, right = st._T.acts.move
    if col == 0:
        return [right]
    if col == COLS - 1:
        return [left]
    return [left, right]


def face_down(st: St, actions: tuple[int, ...]) -> list[int]:
    cards = st._cards[st._g]
    return [actions[k] for k in range(4) if has_card(st, k) and not cards[k]]


def gchoose_choices(st: St) -> list[int]:
    die = st._T.acts.die
    return [die[f] for f in range(6) if st._pool[f]] + usable_cards(st)


def gstep_choices(st: St) -> list[int]:
    acts = st._T.acts
    kind = DIE_FACES[st._die][st._die_step][0]
    if kind == MOVE:
        own = move_dirs(st)
    elif kind == RECHARGE_STEP:
        own = face_down(st, acts.recharge) or [acts.no_recharge]
    else:
        own = [acts.fire]
    return sorted(usable_cards(st) + own)


def gafter_choices(st: St) -> list[int]:
    acts = st._T.acts
    out = [acts.end_turn, *usable_cards(st)]
    if not st._used_card:
        out += face_down(st, acts.recharge_and_end)
    return sorted(out)


def gwrist_choices(st: St) -> list[int]:
    return move_dirs(st)


def glitch_choices(st: St) -> list[int]:
    glitch = st._T.acts.glitch
    return [glitch[s] for s, cell in enumerate(st._board) if cell == MUSH]


def gnome_move(st: St, direction: int, n: int, rule: str) -> None:
    """Move the Gnome n squares toward column 0 (direction 0) or 8 (1), stopping at the edge (AC-4.4): it never
    leaves its Gnome Movement Area (AC-4.5)."""
    g = st._g
    s = st._gnome[g]
    col = s % COLS
    d = 1 if direction else -1
    dest = max(0, min(COLS - 1, col + d * n))
    st._gnome[g] = s - col + dest
    st._above[g] += dest - col
    if not st._quiet:  # quiet mode: no text to build
        way = "right" if direction else "left"
        st._emit(rule, f"the {gnome_name(st, g)} moves {way} to {SQUARE_NAMES[s - col + dest]}")


def gnome_fire(st: St, rule: str) -> None:
    g = st._g
    if fire(st, g, rule):
        st._bonus = True
        st._c = g  # the shooter's team colour (AC-11.8)
        st._enter(Phase.BONUS)
        return
    gnome_continue(st)


def activate_die(st: St, f: int) -> None:
    """AC-4.2: the Gnome activates one die of the pool and must carry out all its actions."""
    g = st._g
    st._pool[f] -= 1
    st._die = f
    st._die_step = 0
    st._die_used = True
    if not st._quiet:  # quiet mode: no text to build
        st._emit("AC-4.2", f"the {gnome_name(st, g)} activates the die showing {face_text(f)}")
    gnome_continue(st)


def use_card(st: St, k: int) -> None:
    """AC-5.1: a face-up Gnome Control card, used at any point of the turn (AC-5.2 to AC-5.5)."""
    g = st._g
    st._cards[g][k] = False
    st._used_card = True
    if not st._quiet:  # quiet mode: no text to build
        st._emit("AC-5.1", f"the {gnome_name(st, g)} uses {CARD_NAMES[k]}")
    if k == WRIST:
        st._enter(Phase.GWRIST)
    elif k == TRIGGER:
        gnome_fire(st, "AC-5.3")
    elif k == SLAM:
        if 0 <= st._die and st._die_step < len(DIE_FACES[st._die]):
            # Between a die's actions (AC-5.4): the five other dice now, the die in use when it is done.
            st._slam_pending = True
            start_rolls(
                st,
                AFTER_GNOME,
                "AC-5.4",
                NUM_DICE - 1,
                "the five other Gnome dice are rolled into the Dice Pool; the die in use follows it when "
                "its actions are done",
            )
        else:
            st._die = -1  # a finished die is rerolled with the others: none is in use
            start_rolls(st, AFTER_GNOME, "AC-5.4")
    else:
        st._enter(Phase.GGLITCH)


def die_move(st: St, direction: int) -> None:
    """AC-4.4: the Gnome moves N squares left or right, never leaving its Gnome Movement Area (AC-4.5)."""
    _kind, n = DIE_FACES[st._die][st._die_step]
    st._die_step += 1
    gnome_move(st, direction, n, "AC-4.4")
    gnome_continue(st)


def die_fire(st: St, _: int) -> None:
    """AC-4.6: the bolt goes along the Gnome's column and stops at the first thing it hits."""
    st._die_step += 1
    gnome_fire(st, "AC-4.6")


def die_recharge(st: St, k: int) -> None:
    """AC-4.7: the recharge flips one face-down Gnome Control card face up."""
    st._die_step += 1
    st._cards[st._g][k] = True
    if not st._quiet:  # quiet mode: no text to build
        st._emit("AC-4.7", f"{CARD_NAMES[k]} is recharged")
    gnome_continue(st)


def die_no_recharge(st: St, _: int) -> None:
    """AC-4.7: with no card face down, the recharge does nothing."""
    st._die_step += 1
    st._emit("AC-4.7", "nothing to recharge")
    gnome_continue(st)


def end_gnome_turn(st: St, _: int) -> None:
    """AC-3.1: the Gnome ends its turn (declining the recharge of AC-5.6)."""
    end_turn(st)


def recharge_and_end(st: St, k: int) -> None:
    """AC-5.6: a Gnome that used no card this turn recharges one, and the turn ends."""
    st._cards[st._g][k] = True
    if not st._quiet:  # quiet mode: no text to build
        st._emit("AC-5.6", f"no card used this turn: {CARD_NAMES[k]} is recharged")
    end_turn(st)


def wrist_move(st: St, direction: int) -> None:
    """AC-5.2: Wrist Control moves the Gnome 1 square in the direction chosen."""
    gnome_move(st, direction, 1, "AC-5.2")
    gnome_continue(st)


def glitch(st: St, square: int) -> None:
    """AC-5.5: Glitch removes any one mushroom from the board."""
    remove_at(st, square, "AC-5.5", "Glitch")
    gnome_continue(st)


# ---- the bonus bug move (AC-11.8) ------------------------------------------------------------------------
def bonus_choices(st: St) -> list[int]:
    c = st._c
    every = st._T.offer_stuck
    own = [cent.squares[0] for cent in st._cents if cent.colour == c]
    own += [b.square for b in st._fleas if b.colour == c and (every or not flea_stuck(st, b))]
    own += [b.square for b in st._spiders if b.colour == c and (every or not spider_stuck(st, b))]
    acts = st._T.acts
    bonus = acts.bonus_move
    return sorted(bonus[s] for s in own) + [acts.decline_bonus]


def bonus_move(st: St, square: int) -> None:
    """AC-11.8: a bolt reaching the other Gnome lets the shooter's Centipede move one of its bugs."""
    if not st._quiet:  # quiet mode: no text to build
        st._emit("AC-11.8", f"bonus move for the bug at {SQUARE_NAMES[square]}")
    start_bug_move(st, square)


def decline_bonus(st: St, _: int) -> None:
    """AC-11.8: ... or decline."""
    st._bonus = False
    st._emit("AC-11.8", "the bonus bug move is declined")
    gnome_continue(st)
