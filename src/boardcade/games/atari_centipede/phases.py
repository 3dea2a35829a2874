"""Atari's Centipede's turn as a table of phases (core/phases.py): setup, the Gnome's turn, the Centipede's turn.

Each phase names the decision being made (or the chance node); its procedures are plain functions of the state,
grouped below by phase: what is legal, what each kind of action does (the codec decodes the action; its handler
receives the argument: a square, a face, a card, a direction), then the automatic steps up to the next decision
or chance node. The board mechanics they call are in pieces.py. Rule IDs refer to rules/atari-centipede.md.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from boardcade.core import CHANCE, TERMINAL
from boardcade.core.phases import PhaseRule, phase_table

from .board import (
    BERSERK,
    CARD_NAMES,
    CENT_CARD_NAMES,
    COLOUR_NAMES,
    COLS,
    DIE_FACES,
    EMPTY,
    ENTRY_SQUARES,
    FLEA,
    FLEA_SPEED,
    GLITCH,
    MOVE,
    MUSH,
    MUSHROOM_CARD,
    NUM_DICE,
    RECHARGE_STEP,
    SEG,
    SEGMENTS,
    SLAM,
    SPAWN_CENT,
    SPAWN_FLEA,
    SPAWN_SPIDER,
    SPIDER,
    SPIDER_DIRS,
    SPIDER_SPEED,
    SQUARE_NAMES,
    TRIGGER,
    WRIST,
    Bug,
    CardMove,
    face_text,
)
from .pieces import (
    cent_step,
    check_eat,
    enter_centipede,
    fire,
    flea_step,
    gnome_name,
    move_centipede,
    move_spider,
    place_mushroom,
    remove_at,
    spider_targets,
)
from .state import CENTIPEDE, GNOME, PLACER, SEEDER, Phase
from .state import AtariData as St

# What to do when a run of dice rolls ends.
AFTER_SETUP, AFTER_GNOME = 0, 1
# (player, 0 = Gnome / 1 = Centipede, Gnome or colour index): one turn of the round's order.
_GNOME_TURN = 0

_ROLL_OUTCOMES = [(f, 1 / 6) for f in range(6)]
_DICEOFF_OUTCOMES = [(k, 1 / 36) for k in range(36)]


def _fixed(outcomes: list[tuple[int, float]]) -> Callable[[Any], list[tuple[int, float]]]:
    """Dice outcomes, the same in every game."""
    return lambda game: outcomes


def has_card(st: St, k: int) -> bool:
    """Whether the Gnome Control card k is in play (Glitch only in 2 players, AC-11.6)."""
    return k != GLITCH or st._lay.glitch


def result_for(st: St, team: int) -> list[float]:
    winners = st._lay.teams[team]
    return [1.0 if p in winners else -1.0 for p in range(st._lay.players)]


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
    seed(st, (outcome + 1) * COLS + st._seed_col)


def seed(st: St, square: int) -> None:
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


def deal_next(st: St) -> None:
    c = st._setup_colour
    st._c = c
    st._draws_left = 3
    st._draw_colour = c
    st._enter(Phase.DRAW)


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


# ---- the dice (AC-2.5, AC-4.1, AC-5.4; chance) ---------------------------------------------------------
def start_rolls(st: St, after: int, rule: str, dice: int = NUM_DICE, text: str = "", fresh: bool = True) -> None:
    """Roll `dice` Gnome dice into the pool, one chance node each (`fresh`: the pool is emptied first)."""
    if fresh:
        st._pool = [0] * 6
    st._rolls_left = dice
    st._after_roll = after
    st._roll_rule = rule
    st._emit(rule, text or "all six Gnome dice are rolled into the Dice Pool")
    st._enter(Phase.ROLL)


def roll(st: St, face: int) -> None:
    st._pool[face] += 1
    st._rolls_left -= 1
    if st._rolls_left:
        return
    if not st._quiet:  # quiet mode: no text to build
        pool = st._pool
        st._emit(st._roll_rule, "Dice Pool: " + "; ".join(face_text(f) for f in range(6) for _ in range(pool[f])))
    if st._after_roll == AFTER_SETUP:
        st._setup_colour = 0
        deal_next(st)
    else:
        gnome_continue(st)


# ---- cards drawn (AC-2.6, AC-6.2; chance) ---------------------------------------------------------------
def draw_outcomes(st: St) -> list[tuple[int, float]]:
    deck = st._deck[st._draw_colour]
    total = sum(deck)
    return [(k, deck[k] / total) for k in range(5) if deck[k]]


_DRAWS_TEXT = tuple(tuple(f"{colour} Centipede draws {card}" for card in CENT_CARD_NAMES) for colour in COLOUR_NAMES)
_DRAWS_A_CARD_TEXT = tuple(f"{colour} Centipede draws a card" for colour in COLOUR_NAMES)


def draw(st: St, kind: int) -> None:
    c = st._draw_colour
    st._deck[c][kind] -= 1
    st._hand[c][kind] += 1
    owner = st._lay.cent_seat[c]
    st._card_log.append(CardMove(True, c, st._cycle[c], kind, len(st._history), len(st._events)))
    if not st._quiet:  # quiet mode: no text to build
        st._emit("AC-6.2", _DRAWS_TEXT[c][kind], (owner,))
        st._emit("AC-6.2", _DRAWS_A_CARD_TEXT[c])
    st._draws_left -= 1
    if st._draws_left:
        return
    if st._turn_i < 0:
        st._enter(Phase.SPAWN)
    else:
        end_turn(st)


def start_draw(st: St, c: int) -> None:
    deck = st._deck[c]
    if not any(deck):
        disc = st._discard[c]
        if not any(disc):
            st._emit("AC-6.2", "no card left to draw")
            end_turn(st)
            return
        st._deck[c] = disc
        st._discard[c] = [0] * 5
        st._cycle[c] += 1
        st._emit("AC-6.2", f"{COLOUR_NAMES[c]} Centipede reshuffles its discard pile into a new deck")
    st._draws_left = 1
    st._draw_colour = c
    st._enter(Phase.DRAW)


# ---- turns and rounds (AC-3) -----------------------------------------------------------------------------
def start_play(st: St) -> None:
    st._turn_i = 0
    st._round = 1
    begin_turn(st)


def begin_turn(st: St) -> None:
    _player, kind, idx = st._order[st._turn_i]
    if kind == _GNOME_TURN:
        st._g = idx
        st._used_card = False
        st._die = -1
        st._die_step = 0
        st._die_used = False
        if sum(st._pool) <= 1:
            start_rolls(st, AFTER_GNOME, "AC-4.1")
        else:
            st._enter(Phase.GCHOOSE)
        return
    st._c = idx
    st._pending_spider = False
    for b in st._fleas:
        b.moved = False
    for b in st._spiders:
        b.moved = False
    for cent in st._cents:
        cent.moved = False
    for cent in st._cents:
        if cent.colour == idx:
            for s in cent.squares:
                check_eat(st, idx, s)
    for b in st._fleas + st._spiders:
        if b.colour == idx:
            check_eat(st, idx, b.square)
    if any(st._hand[idx]):
        st._enter(Phase.CPLAY)
    else:
        st._emit("AC-6.1", "the Centipede has no card to play")
        move_next(st)


def end_turn(st: St) -> None:
    st._turn_i += 1
    if st._turn_i == len(st._order):
        st._turn_i = 0
        st._round += 1
        if st._round > st._T.max_rounds:
            st._enter(Phase.OVER)
            st._finish(
                [0.0] * st._lay.players,
                "AC-3.5",
                f"safety cap: {st._T.max_rounds} rounds played, the game is a draw",
                capped=True,
            )
            return
    begin_turn(st)


# ---- the Gnome's turn (AC-4, AC-5) ----------------------------------------------------------------------
def gnome_continue(st: St) -> None:
    """The Gnome's next decision: the die's next action, the die in use rolled back after Slam the Ball (AC-5.4),
    the end of the turn once its die is done, or the choice of a die."""
    if st._die >= 0 and st._die_step < len(DIE_FACES[st._die]):
        st._enter(Phase.GSTEP)
    elif st._slam_pending:  # Slam the Ball was used during this die: now the die joins the pool (AC-5.4)
        st._slam_pending = False
        st._die = -1  # back in the pool: no die is in use
        text = "the die that was in use is rolled into the Dice Pool"
        start_rolls(st, AFTER_GNOME, "AC-5.4", 1, text, fresh=False)
    elif st._die_used:
        st._enter(Phase.GAFTER)
    else:
        st._enter(Phase.GCHOOSE)


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
    """Move the Gnome n squares toward column 0 (direction 0) or 8 (1), stopping at the edge (AC-4.4)."""
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
    g = st._g
    st._pool[f] -= 1
    st._die = f
    st._die_step = 0
    st._die_used = True
    if not st._quiet:  # quiet mode: no text to build
        st._emit("AC-4.2", f"the {gnome_name(st, g)} activates the die showing {face_text(f)}")
    gnome_continue(st)


def use_card(st: St, k: int) -> None:
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
    _kind, n = DIE_FACES[st._die][st._die_step]
    st._die_step += 1
    gnome_move(st, direction, n, "AC-4.4")
    gnome_continue(st)


def die_fire(st: St, _: int) -> None:
    st._die_step += 1
    gnome_fire(st, "AC-4.6")


def die_recharge(st: St, k: int) -> None:
    st._die_step += 1
    st._cards[st._g][k] = True
    if not st._quiet:  # quiet mode: no text to build
        st._emit("AC-4.7", f"{CARD_NAMES[k]} is recharged")
    gnome_continue(st)


def die_no_recharge(st: St, _: int) -> None:
    st._die_step += 1
    st._emit("AC-4.7", "nothing to recharge")
    gnome_continue(st)


def end_gnome_turn(st: St, _: int) -> None:
    end_turn(st)


def recharge_and_end(st: St, k: int) -> None:
    st._cards[st._g][k] = True
    if not st._quiet:  # quiet mode: no text to build
        st._emit("AC-5.6", f"no card used this turn: {CARD_NAMES[k]} is recharged")
    end_turn(st)


def wrist_move(st: St, direction: int) -> None:
    gnome_move(st, direction, 1, "AC-5.2")
    gnome_continue(st)


def glitch(st: St, square: int) -> None:
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
    if not st._quiet:  # quiet mode: no text to build
        st._emit("AC-11.8", f"bonus move for the bug at {SQUARE_NAMES[square]}")
    start_bug_move(st, square)


def decline_bonus(st: St, _: int) -> None:
    st._bonus = False
    st._emit("AC-11.8", "the bonus bug move is declined")
    gnome_continue(st)


# ---- the Centipede's turn: the card (AC-6) --------------------------------------------------------------
def play_choices(st: St) -> list[int]:
    play = st._T.acts.play
    hand = st._hand[st._c]
    return [play[k] for k in range(5) if hand[k]]


def play_card(st: St, kind: int) -> None:
    c = st._c
    st._hand[c][kind] -= 1
    st._card_log.append(CardMove(False, c, st._cycle[c], kind, len(st._history), -1))
    if not st._quiet:  # quiet mode: no text to build
        st._emit("AC-6.1", f"{COLOUR_NAMES[c]} Centipede plays {CENT_CARD_NAMES[kind]}")
    if kind == SPAWN_CENT:
        if st._segs[c] < SEGMENTS:
            st._tucked[c] += 1
            if not st._quiet:  # quiet mode: no text to build
                st._emit("AC-6.6", f"Spawn Centipede tucked: all {COLOUR_NAMES[c]} bugs move +{st._tucked[c]}")
            st._enter(Phase.SPAWN)
            return
        st._emit("AC-6.6", "every segment is on the board: no effect")
    st._discard[c][kind] += 1
    if kind == SPAWN_SPIDER:
        if st._spider_supply > 0:
            st._pending_spider = True
        else:
            st._emit("AC-6.3", "every spider is on the board: no effect")
    elif kind == SPAWN_FLEA:
        if st._flea_supply > 0 and flea_spawn_squares(st):
            st._enter(Phase.CFLEA)
            return
        st._emit("AC-6.3", "no flea or no empty square to spawn it: no effect")
    elif kind == MUSHROOM_CARD:
        if any(mush_card_squares(st)):
            st._enter(Phase.CMUSH)
            return
        st._emit("AC-6.7", "no mushroom to remove and none can be placed: no effect")
    elif kind == BERSERK:
        st._enter(Phase.CBERSERK)
        return
    move_next(st)


def flea_spawn_squares(st: St) -> list[int]:
    row = st._lay.flea_row[st._home[st._c]]
    board = st._board
    return [row * COLS + k for k in range(COLS) if board[row * COLS + k] == EMPTY]


def flea_choices(st: St) -> list[int]:
    spawn = st._T.acts.spawn_flea
    return [spawn[s % COLS] for s in flea_spawn_squares(st)]


def spawn_flea(st: St, col: int) -> None:
    c = st._c
    square = st._lay.flea_row[st._home[c]] * COLS + col
    st._flea_supply -= 1
    st._fleas.append(Bug(square, c, False))
    st._board[square] = FLEA
    st._bcol[square] = c
    if not st._quiet:  # quiet mode: no text to build
        st._emit("AC-6.4", f"flea spawned at {SQUARE_NAMES[square]}")
    check_eat(st, c, square)
    move_next(st)


def mush_card_squares(st: St) -> tuple[list[int], list[int]]:
    """Mushrooms the Mushroom card may remove, and empty squares where it may place one (AC-6.7)."""
    board = st._board
    remove = [s for s, cell in enumerate(board) if cell == MUSH]
    place = []
    if st._supply > 0:
        near = set()
        for cent in st._cents:
            for s in cent.squares:
                k = s % COLS
                for dr in (-COLS, 0, COLS):
                    for dk in (-1, 0, 1):
                        if 0 <= k + dk < COLS:
                            near.add(s + dr + dk)
        spawns = st._lay.all_spawns
        for s in range(st._lay.field_lo, st._lay.field_hi):
            if board[s] == EMPTY and s not in near and s not in spawns:
                place.append(s)
    return remove, place


def mushroom_choices(st: St) -> list[int]:
    acts = st._T.acts
    remove, place = mush_card_squares(st)
    return [acts.remove_mushroom[s] for s in remove] + [acts.place_mushroom[s] for s in place]


def remove_mushroom(st: St, square: int) -> None:
    remove_at(st, square, "AC-6.7", "Mushroom card")
    move_next(st)


def place_mushroom_card(st: St, square: int) -> None:
    place_mushroom(st, square, "AC-6.7", "Mushroom card")
    move_next(st)


def berserk_choices(st: St) -> list[int]:
    berserk = st._T.acts.berserk
    c = st._c
    return sorted(berserk[cent.squares[0]] for cent in st._cents if cent.colour == c)


def berserk(st: St, head: int) -> None:
    cent = next(x for x in st._cents if x.squares[0] == head)
    if not st._quiet:  # quiet mode: no text to build
        st._emit("AC-6.8", f"Berserk! the centipede at {SQUARE_NAMES[head]} leaps two rows")
    cent_step(st, cent, drop=True)
    cent_step(st, cent, drop=True)
    move_next(st)


# ---- the Centipede's turn: moving the bugs (AC-6.1, AC-7 to AC-9) ----------------------------------------
def bugs_to_move(st: St) -> list[int]:
    """Squares of the bugs still to move this turn that can move now (AC-6.1; all of them, stuck or not, with
    the option offer_stuck_bugs of rules version 2)."""
    c = st._c
    out = [cent.squares[0] for cent in st._cents if cent.colour == c and not cent.moved]
    if st._T.offer_stuck:
        out += [b.square for b in st._fleas if b.colour == c and not b.moved]
        out += [b.square for b in st._spiders if b.colour == c and not b.moved]
        return out
    last_row = st._lay.last_field[st._home[c]]
    for b in st._fleas:
        if b.colour == c and not b.moved and b.square // COLS != last_row:
            out.append(b.square)
    for b in st._spiders:
        if b.colour == c and not b.moved and not spider_stuck(st, b):
            out.append(b.square)
    return out


def flea_stuck(st: St, bug: Bug) -> bool:
    """A flea on the last field row before the enemy Gnome stays there (AC-9.1)."""
    return bug.square // COLS == st._lay.last_field[st._home[bug.colour]]


def spider_stuck(st: St, bug: Bug) -> bool:
    """A spider with no square to move to stays where it is (AC-8): no first square of any of its lines is free
    (a field square holding nothing or a mushroom)."""
    board = st._board
    square = bug.square
    r0 = square // COLS
    c0 = square - r0 * COLS
    last_field = st._lay.last - 1
    for dr, dc in SPIDER_DIRS:
        r = r0 + dr
        c = c0 + dc
        if 1 <= r <= last_field and 0 <= c < COLS and board[r * COLS + c] <= MUSH:
            return False
    return True


def move_next(st: St) -> None:
    """Move the next bug (AC-6.1): the player picks the order among the bugs that can move; a single one goes
    on its own. When none can, the bugs left (boxed-in spiders, fleas on their last row) stay."""
    todo = bugs_to_move(st)
    if len(todo) > 1:
        st._enter(Phase.CMOVE)
        move_bug = st._T.acts.move_bug
        st._legal_cache = sorted(move_bug[s] for s in todo)  # what the phase's legal actions would compute next
    elif todo:
        start_bug_move(st, todo[0])
    else:
        c = st._c
        for b in st._fleas:
            if b.colour == c and not b.moved:
                flea_stays(st, b)
        for b in st._spiders:
            if b.colour == c and not b.moved:
                spider_stays(st, b)
        after_moves(st)


def move_bug_choices(st: St) -> list[int]:
    move_bug = st._T.acts.move_bug
    return sorted(move_bug[s] for s in bugs_to_move(st))


def flea_stays(st: St, bug: Bug) -> None:
    bug.moved = True
    if not st._quiet:  # quiet mode: no text to build
        st._emit("AC-9.1", f"the flea at {SQUARE_NAMES[bug.square]} is on the last field row: it stays")


def spider_stays(st: St, bug: Bug) -> None:
    bug.moved = True
    if not st._quiet:  # quiet mode: no text to build
        st._emit("AC-8", f"the spider at {SQUARE_NAMES[bug.square]} has no square to move to: it stays")


def after_moves(st: St) -> None:
    if st._pending_spider:
        st._pending_spider = False
        if st._spider_supply > 0 and spider_spawn_squares(st):
            st._enter(Phase.CSPIDERSPAWN)
            return
        st._emit("AC-6.5", "no spider or no empty edge square: no effect")
    start_draw(st, st._c)


def start_bug_move(st: St, square: int) -> None:
    cell = st._board[square]
    if cell == SEG:
        for cent in st._cents:
            if cent.squares[0] == square:
                move_centipede(st, cent)
                break
        after_bug_move(st)
    elif cell == SPIDER:
        bug = next(b for b in st._spiders if b.square == square)
        targets = spider_targets(st, square, spider_speed(st, bug))
        if targets:
            st._moving = square
            st._spider_to = targets  # the board stays as it is until the spider has moved
            st._enter(Phase.CSPIDER)
        else:  # it must move when it can (AC-8); boxed in, it stays
            spider_stays(st, bug)
            after_bug_move(st)
    else:
        bug = next(b for b in st._fleas if b.square == square)
        if flea_stuck(st, bug):
            flea_stays(st, bug)
            after_bug_move(st)
            return
        st._moving = square
        st._flea_left = FLEA_SPEED + st._tucked[bug.colour]
        bug.moved = True
        if not st._quiet:  # quiet mode: no text to build
            st._emit("AC-9.1", f"the flea at {SQUARE_NAMES[square]} moves")
        flea_advance(st)


def moving(st: St, bugs: list[Bug]) -> Bug:
    """The flea or spider now moving (its square is `_moving`)."""
    square = st._moving
    return next(b for b in bugs if b.square == square)


def move_bug(st: St, square: int) -> None:
    start_bug_move(st, square)


def spider_speed(st: St, bug: Bug) -> int:
    return SPIDER_SPEED + st._tucked[bug.colour]


def spider_choices(st: St) -> list[int]:
    spider_to = st._T.acts.spider_to
    return [spider_to[s] for s in st._spider_to]


def spider_to(st: St, square: int) -> None:
    move_spider(st, moving(st, st._spiders), square)
    after_bug_move(st)


def flea_advance(st: St) -> None:
    bug = moving(st, st._fleas)
    last_row = st._lay.last_field[st._home[bug.colour]]
    if st._flea_left <= 0 or bug.square // COLS == last_row:
        after_bug_move(st)
        return
    st._flea_left -= 1
    st._flea_from = flea_step(st, bug)
    st._moving = bug.square
    if st._supply > 0:
        st._enter(Phase.CDROP)
    else:
        flea_advance(st)


def drop_choices(st: St) -> list[int]:
    acts = st._T.acts
    return [acts.drop_mushroom, acts.no_mushroom]


def drop_mushroom(st: St, _: int) -> None:
    place_mushroom(st, st._flea_from, "AC-9.2", "dropped by a flea")
    flea_advance(st)


def no_mushroom(st: St, _: int) -> None:
    if not st._quiet:  # quiet mode: no text to build
        st._emit("AC-9.2", f"the flea drops no mushroom at {SQUARE_NAMES[st._flea_from]}")
    flea_advance(st)


def after_bug_move(st: St) -> None:
    st._moving = -1
    if st._bonus:
        st._bonus = False
        gnome_continue(st)
    else:
        move_next(st)


def spider_spawn_squares(st: St) -> list[int]:
    board = st._board
    return [r * COLS + k for r in st._lay.field for k in (0, COLS - 1) if board[r * COLS + k] == EMPTY]


def spider_spawn_choices(st: St) -> list[int]:
    spawn = st._T.acts.spawn_spider
    return [spawn[s] for s in spider_spawn_squares(st)]


def spawn_spider(st: St, square: int) -> None:
    c = st._c
    st._spider_supply -= 1
    st._spiders.append(Bug(square, c, True))
    st._board[square] = SPIDER
    st._bcol[square] = c
    if not st._quiet:  # quiet mode: no text to build
        st._emit("AC-6.5", f"spider spawned at {SQUARE_NAMES[square]}")
    check_eat(st, c, square)
    start_draw(st, c)


# The table, keyed by Phase: who acts, the phases one action may lead to (NEXT), the procedures above, what the
# observation shows and the decision kind (prompts.py).
P = Phase
# What may follow, by part of the turn: the Gnome's next decision (gnome_continue), any Gnome decision, the start
# of a turn (begin_turn), and the end of the Centipede's turn (its bugs move, it draws, the next turn begins).
GNOME_ON = (P.ROLL, P.GCHOOSE, P.GSTEP, P.GAFTER)
GNOME_NEXT = (*GNOME_ON, P.GWRIST, P.GGLITCH, P.BONUS, P.OVER)
TURN_START = (P.ROLL, P.GCHOOSE, P.CPLAY)
TURN_END = (P.CMOVE, P.CSPIDER, P.CDROP, P.CSPIDERSPAWN, P.DRAW, *TURN_START, P.OVER)
NEXT: dict[int, tuple[int, ...]] = {
    P.SEED: (P.SEED, P.DICEOFF, P.GPLACE),
    P.SEED_CHANCE: (P.SEED_CHANCE, P.DICEOFF, P.GPLACE),
    P.DICEOFF: (P.DICEOFF, P.GPLACE),
    P.GPLACE: (P.GPLACE, P.ROLL),
    P.ROLL: (P.ROLL, P.DRAW, *GNOME_ON),  # the last die of the setup's roll leads to the deal (AC-2.6)
    P.DRAW: (P.SPAWN, *TURN_END),
    P.SPAWN: TURN_END,
    P.GCHOOSE: GNOME_NEXT,
    P.GSTEP: GNOME_NEXT,
    P.GAFTER: (*GNOME_NEXT, *TURN_END),
    P.GWRIST: GNOME_NEXT,
    P.GGLITCH: GNOME_NEXT,
    P.BONUS: (P.CSPIDER, P.CDROP, *GNOME_ON, P.OVER),  # AC-11.8: then the Gnome's turn goes on
    P.CPLAY: (P.SPAWN, P.CFLEA, P.CMUSH, P.CBERSERK, *TURN_END),
    P.CFLEA: TURN_END,
    P.CMUSH: TURN_END,
    P.CBERSERK: TURN_END,
    P.CMOVE: TURN_END,
    P.CSPIDER: (*TURN_END, *GNOME_ON),  # a bonus move's spider hands the turn back to the Gnome
    P.CDROP: (*TURN_END, *GNOME_ON),  # ... and a bonus move's flea
    P.CSPIDERSPAWN: TURN_END,
}
PHASES: tuple[PhaseRule[St], ...] = phase_table(
    Phase,
    [
        PhaseRule(
            P.SEED,
            SEEDER,
            next=NEXT[P.SEED],
            legal=seed_choices,
            on={"seed": seed},
            shown="seed mushrooms",
            decision="seed",
        ),
        PhaseRule(
            P.SEED_CHANCE,
            CHANCE,
            next=NEXT[P.SEED_CHANCE],
            outcomes=seed_outcomes,
            chance=seed_by_chance,
            shown="seed mushrooms (random)",
            decision="seed_roll",
        ),
        PhaseRule(
            P.DICEOFF,
            CHANCE,
            next=NEXT[P.DICEOFF],
            fixed_outcomes=_fixed(_DICEOFF_OUTCOMES),
            chance=dice_off,
            shown="dice-off",
            decision="dice_off",
        ),
        PhaseRule(
            P.GPLACE,
            PLACER,
            next=NEXT[P.GPLACE],
            legal=gplace_choices,
            on={"place_gnome": place_gnome},
            shown="place gnome",
            decision="place_gnome",
        ),
        PhaseRule(
            P.ROLL,
            CHANCE,
            next=NEXT[P.ROLL],
            fixed_outcomes=_fixed(_ROLL_OUTCOMES),
            chance=roll,
            shown="roll dice",
            decision="dice_roll",
        ),
        PhaseRule(
            P.DRAW,
            CHANCE,
            next=NEXT[P.DRAW],
            outcomes=draw_outcomes,
            chance=draw,
            shown="draw card",
            decision="card_draw",
        ),
        PhaseRule(
            P.SPAWN,
            CENTIPEDE,
            next=NEXT[P.SPAWN],
            legal=spawn_choices,
            on={"spawn_centipede": spawn_centipede},
            shown="choose spawn point",
            decision="spawn_point",
        ),
        PhaseRule(
            P.GCHOOSE,
            GNOME,
            next=NEXT[P.GCHOOSE],
            legal=gchoose_choices,
            on={"die": activate_die, "use_card": use_card},
            shown="choose die",
            decision="choose_die",
        ),
        PhaseRule(
            P.GSTEP,
            GNOME,
            next=NEXT[P.GSTEP],
            legal=gstep_choices,
            on={
                "use_card": use_card,
                "move": die_move,
                "fire": die_fire,
                "recharge": die_recharge,
                "no_recharge": die_no_recharge,
            },
            shown="resolve die",
            decision="die_fire",  # or die_move, die_recharge: the die's next action (prompts.py)
        ),
        PhaseRule(
            P.GAFTER,
            GNOME,
            next=NEXT[P.GAFTER],
            legal=gafter_choices,
            on={"use_card": use_card, "end_turn": end_gnome_turn, "recharge_and_end": recharge_and_end},
            shown="after die",
            decision="end_turn",
        ),
        PhaseRule(
            P.GWRIST,
            GNOME,
            next=NEXT[P.GWRIST],
            legal=gwrist_choices,
            on={"move": wrist_move},
            shown="wrist control: direction",
            decision="wrist_control",
        ),
        PhaseRule(
            P.GGLITCH,
            GNOME,
            next=NEXT[P.GGLITCH],
            legal=glitch_choices,
            on={"glitch": glitch},
            shown="glitch: mushroom to remove",
            decision="glitch_target",
        ),
        PhaseRule(
            P.BONUS,
            CENTIPEDE,
            next=NEXT[P.BONUS],
            legal=bonus_choices,
            on={"bonus_move": bonus_move, "decline_bonus": decline_bonus},
            shown="bonus bug move",
            decision="bonus_move",
        ),
        PhaseRule(
            P.CPLAY,
            CENTIPEDE,
            next=NEXT[P.CPLAY],
            legal=play_choices,
            on={"play": play_card},
            shown="play a card",
            decision="play_card",
        ),
        PhaseRule(
            P.CFLEA,
            CENTIPEDE,
            next=NEXT[P.CFLEA],
            legal=flea_choices,
            on={"spawn_flea": spawn_flea},
            shown="flea spawn square",
            decision="flea_spawn",
        ),
        PhaseRule(
            P.CMUSH,
            CENTIPEDE,
            next=NEXT[P.CMUSH],
            legal=mushroom_choices,
            on={"remove_mushroom": remove_mushroom, "place_mushroom": place_mushroom_card},
            shown="mushroom card square",
            decision="mushroom_card",
        ),
        PhaseRule(
            P.CBERSERK,
            CENTIPEDE,
            next=NEXT[P.CBERSERK],
            legal=berserk_choices,
            on={"berserk": berserk},
            shown="berserk centipede",
            decision="berserk",
        ),
        PhaseRule(
            P.CMOVE,
            CENTIPEDE,
            next=NEXT[P.CMOVE],
            legal=move_bug_choices,
            on={"move_bug": move_bug},
            shown="choose bug to move",
            decision="bug_order",
        ),
        PhaseRule(
            P.CSPIDER,
            CENTIPEDE,
            next=NEXT[P.CSPIDER],
            legal=spider_choices,
            on={"spider_to": spider_to},
            shown="spider destination",
            decision="spider_move",
        ),
        PhaseRule(
            P.CDROP,
            CENTIPEDE,
            next=NEXT[P.CDROP],
            legal=drop_choices,
            on={"drop_mushroom": drop_mushroom, "no_mushroom": no_mushroom},
            shown="flea mushroom drop",
            decision="flea_drop",
        ),
        PhaseRule(
            P.CSPIDERSPAWN,
            CENTIPEDE,
            next=NEXT[P.CSPIDERSPAWN],
            legal=spider_spawn_choices,
            on={"spawn_spider": spawn_spider},
            shown="spider spawn square",
            decision="spider_spawn",
        ),
        PhaseRule(P.OVER, TERMINAL, shown="game over", decision="over"),
    ],
)
PHASE_NAMES = tuple(rule.name for rule in PHASES)
DECISION_OF = {rule.name: rule.decision for rule in PHASES}  # the observation's phase -> its decision kind
CHANCE_PHASES = frozenset(p for p, rule in enumerate(PHASES) if rule.actor == CHANCE)
GNOME_PHASES = frozenset(p for p, rule in enumerate(PHASES) if rule.actor == GNOME)
