"""The flow of Atari's Centipede's turn: what comes next after each step, whichever part of the turn it is in.

Turns and rounds (AC-3), the chance nodes every part comes back to (the Dice Pool's rolls, AC-4.1, and the
Centipede's card draws, AC-6.2), the deal (AC-2.6), the Gnome's next decision, and the Centipede's bugs moving
one after another (AC-6.1, AC-7 to AC-9). The parts of the turn (setup.py, gnome.py, centipede.py) call these
and never one another: a Gnome's bolt lets a Centipede bug move and the bug's move hands the turn back, so the
procedures both need live here, below the parts (no import cycle). Handlers of the phase table (phases.py)."""

from __future__ import annotations

from .board import (
    CENT_CARD_NAMES,
    COLOUR_NAMES,
    COLS,
    DIE_FACES,
    EMPTY,
    FLEA_SPEED,
    GLITCH,
    MUSH,
    NUM_DICE,
    SEG,
    SPIDER,
    SPIDER_DIRS,
    SPIDER_SPEED,
    SQUARE_NAMES,
    Bug,
    CardMove,
    face_text,
)
from .pieces import (
    check_eat,
    flea_step,
    move_centipede,
    spider_targets,
)
from .state import AtariData as St
from .state import Phase

# What to do when a run of dice rolls ends.
AFTER_SETUP, AFTER_GNOME = 0, 1
# (player, 0 = Gnome / 1 = Centipede, Gnome or colour index): one turn of the round's order.
_GNOME_TURN = 0


def has_card(st: St, k: int) -> bool:
    """Whether the Gnome Control card k is in play (Glitch only in 2 players, AC-11.6)."""
    return k != GLITCH or st._lay.glitch


def result_for(st: St, team: int) -> list[float]:
    winners = st._lay.teams[team]
    return [1.0 if p in winners else -1.0 for p in range(st._lay.players)]


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
    """AC-4.1: one die rolled into the Dice Pool (the setup's roll, AC-2.5, a refresh, or Slam the Ball, AC-5.4)."""
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
    """AC-6.2: the Centipede side draws a card (its hand of 3 at the setup, AC-2.6)."""
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
    """AC-3.1: the turn of the next player of the round's order (AC-11.4 in 4 players): a Gnome refreshes
    the Dice Pool when it holds one die or none (AC-4.1; one pool for both Gnomes, AC-11.5), a Centipede plays
    a card or moves its bugs (AC-6.1)."""
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
    """AC-3.1: the next turn; after the last turn of a round, the next round, or the safety cap's draw (AC-3.5)."""
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


# ---- the Gnome's next decision (AC-4, AC-5) -------------------------------------------------------------
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


# ---- the deal (AC-2.6) ---------------------------------------------------------------------------------
def deal_next(st: St) -> None:
    c = st._setup_colour
    st._c = c
    st._draws_left = 3
    st._draw_colour = c
    st._enter(Phase.DRAW)


# ---- the Centipede's bugs, one after another (AC-6.1, AC-7 to AC-9) -----------------------------------------
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


def spider_speed(st: St, bug: Bug) -> int:
    return SPIDER_SPEED + st._tucked[bug.colour]


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
