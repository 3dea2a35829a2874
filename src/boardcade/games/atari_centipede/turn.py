"""Atari's Centipede's turns and rounds (AC-3), and the chance nodes every part of the turn comes back to: the
Dice Pool's rolls (AC-4.1) and the Centipede's card draws (AC-6.2). Handlers of the phase table (phases.py)."""

from __future__ import annotations

from .board import (
    CENT_CARD_NAMES,
    COLOUR_NAMES,
    GLITCH,
    NUM_DICE,
    CardMove,
    face_text,
)
from .pieces import (
    check_eat,
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


# The parts of the turn call one another (a Gnome's bolt lets a Centipede bug move, whose end hands the turn
# back): imported after this module's own functions, so that each part can be imported first.
from .centipede import move_next  # noqa: E402
from .gnome import gnome_continue  # noqa: E402
from .setup import deal_next  # noqa: E402
