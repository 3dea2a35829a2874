"""Read-only questions about an Atari's Centipede state, for the heuristic, threat and tensor code (which read no
engine field themselves). Each answers from a state, or from a `Plan` of one that a planner has
changed to try out a move."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import TypeAlias

from . import board as B
from .state import AtariData, Phase


@dataclass(frozen=True, slots=True)
class Plan:
    """A planner's position (heuristic.py: the rest of a die played out): what the queries below read of a state,
    taken from one (`plan_of`) with some of it replaced (`dataclasses.replace(plan, _board=..., ...)`), read-only.
    A query answers a plan as it answers a state: the fields carry the state's names (state.py) and, where a
    state's are lists, are read-only sequences, which may be that state's own lists: change none in place."""

    _lay: B.Layout
    _phase: int
    _round: int
    # the board
    _board: Sequence[int]
    _bcol: Sequence[int]
    _cents: Sequence[B.Centipede]
    _fleas: Sequence[B.Bug]
    _spiders: Sequence[B.Bug]
    _segs: Sequence[int]
    _supply: int
    _flea_supply: int
    _spider_supply: int
    _pending_spider: bool
    _flea_from: int
    # the Gnomes
    _gnome: Sequence[int]
    _gend: Sequence[int]
    _cards: Sequence[Sequence[bool]]
    _g: int
    _pool: Sequence[int]
    _die: int
    _die_step: int
    # the turn
    _order: Sequence[tuple[int, int, int]]
    _turn_i: int
    # the Centipede sides
    _home: Sequence[int]
    _dy: Sequence[int]
    _tucked: Sequence[int]
    _discard: Sequence[Sequence[int]]
    _draw_colour: int
    _hand: Sequence[Sequence[int]]
    _deck: Sequence[Sequence[int]]


View: TypeAlias = AtariData | Plan
"""What the queries answer: a state, or a planner's `Plan` made from one."""

_PLAN_FIELDS = tuple(f.name for f in fields(Plan))


def plan_of(view: View) -> Plan:
    """A `Plan` of `view` (itself when it is one already), sharing its values."""
    if isinstance(view, Plan):
        return view
    return Plan(**{name: getattr(view, name) for name in _PLAN_FIELDS})


# ---- the board ------------------------------------------------------------------------------------------
# Sequences are the state's own lists, typed read-only: change none in place. Squares are r * board.COLS + c.
def layout(st: View) -> B.Layout:
    """The board's geometry and the seats (shared by every state of the game)."""
    return st._lay


def phase(st: View) -> int:
    """The current phase (a `state.Phase` name)."""
    return st._phase


def round_number(st: View) -> int:
    return st._round


def board(st: View) -> Sequence[int]:
    """Per square: board.EMPTY, MUSH, FLEA, SPIDER or SEG."""
    return st._board


def bug_colours(st: View) -> Sequence[int]:
    """Per square: the colour of the bug there (-1: none)."""
    return st._bcol


def centipedes(st: View) -> Sequence[B.Centipede]:
    return st._cents


def fleas(st: View) -> Sequence[B.Bug]:
    return st._fleas


def spiders(st: View) -> Sequence[B.Bug]:
    return st._spiders


def flea_left_from(st: View) -> int:
    """The square the flea now dropping just left (AC-9.2), -1 for none."""
    return st._flea_from if st._phase == Phase.CDROP else -1


def mushroom_supply(st: View) -> int:
    return st._supply


def flea_supply(st: View) -> int:
    return st._flea_supply


def spider_supply(st: View) -> int:
    return st._spider_supply


def spider_pending(st: View) -> bool:
    """Spawn Spider was played: a spider comes after the moves (AC-6.5)."""
    return st._pending_spider


# ---- the Gnomes -----------------------------------------------------------------------------------------
def gnome_squares(st: View) -> Sequence[int]:
    """Per Gnome: its square (-1: not placed yet)."""
    return st._gnome


def gnome_end_rows(st: View) -> Sequence[int]:
    """Per Gnome: its end's row (-1: not chosen yet)."""
    return st._gend


def gnome_cards(st: View) -> Sequence[Sequence[bool]]:
    """Per Gnome: each Gnome Control card (board.CARD_NAMES) face up, ready to use."""
    return st._cards


def gnome_to_move(st: View) -> int:
    """The Gnome whose turn it is (meaningful in a Gnome's turn)."""
    return st._g


def dice_pool(st: View) -> Sequence[int]:
    """Dice in the pool, per face (board.DIE_FACES index)."""
    return st._pool


def die_in_use(st: View) -> int:
    """The face index of the die in use, -1 when none is (also during setup)."""
    return st._die if st._die >= 0 and st._turn_i >= 0 else -1


def die_step(st: View) -> int:
    """The next action of the die in use."""
    return st._die_step


def die_steps_left(st: View) -> Sequence[tuple[str, int]]:
    """The die in use's actions still to take (board.DIE_FACES entries: ("move", 2), ...); empty when none is."""
    die = die_in_use(st)
    return B.DIE_FACES[die][st._die_step :] if die >= 0 else ()


# ---- the turn -------------------------------------------------------------------------------------------
def turn(st: View) -> tuple[int, int, int] | None:
    """The turn now played: (seat, 0 Gnome / 1 Centipede, Gnome or colour index); None during setup."""
    return st._order[st._turn_i] if st._turn_i >= 0 else None


def turn_order(st: View) -> Sequence[tuple[int, int, int]]:
    """This round's turns, as `turn` gives each."""
    return st._order


# ---- the Centipede sides --------------------------------------------------------------------------------
def home_rows(st: View) -> Sequence[int]:
    """Per colour: its home row (-1: not set yet)."""
    return st._home


def row_steps(st: View) -> Sequence[int]:
    """Per colour: +1 or -1, the row step toward the Gnome it hunts (0 before setup)."""
    return st._dy


def segments_on_board(st: View) -> Sequence[int]:
    """Per colour: its segments on the board."""
    return st._segs


def tucked(st: View) -> Sequence[int]:
    """Per colour: tucked Spawn Centipede cards (+1 speed each)."""
    return st._tucked


def discards(st: View) -> Sequence[Sequence[int]]:
    """Per colour: the discard pile, per card (board.CENT_CARD_NAMES); public."""
    return st._discard


def drawing_colour(st: View) -> int:
    """The colour whose deck the cards now drawn come from (meaningful while drawing)."""
    return st._draw_colour


def hand_size(st: View, colour: int) -> int:
    """Cards in that colour's hand (public; the cards are not, AC-12.1)."""
    return sum(st._hand[colour])


def deck_size(st: View, colour: int) -> int:
    return sum(st._deck[colour])


def hand_seen_by(st: View, colour: int, player: int | None) -> Sequence[int] | None:
    """That colour's hand, per card, when `player` owns the colour; None for anyone else (AC-12.1)."""
    return st._hand[colour] if st._lay.cent_seat[colour] == player else None
