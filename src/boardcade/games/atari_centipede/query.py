"""Read-only questions about an Atari's Centipede state, for the heuristic, threat and tensor code (which read no
engine field themselves). Each answers from a state, or from a copy of its fields (`fields`) that a planner has
changed to try out a move."""

from __future__ import annotations

from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any

from . import board as B
from .state import AtariData, Phase


# `view` is a state or a planner's SimpleNamespace of its fields: either is read by attribute name only.
def fields(view: Any) -> dict[str, Any]:
    """Every field of a state (or of a namespace made from one), by name: for a planner's copy that changes a
    few (`SimpleNamespace(**fields(state))`). The values are the state's own: change none in place."""
    if isinstance(view, SimpleNamespace):
        return dict(vars(view))
    names = _SLOTS.get(type(view))
    if names is None:
        names = _SLOTS[type(view)] = tuple(
            name for cls in reversed(type(view).__mro__) for name in cls.__dict__.get("__slots__", ())
        )
    out: dict[str, Any] = {}
    for name in names:
        value = getattr(view, name, _UNSET)
        if value is not _UNSET:
            out[name] = value
    out.update(getattr(view, "__dict__", {}))
    return out


_SLOTS: dict[type, tuple[str, ...]] = {}  # per state class: its slots, base classes' first (for `fields`)
_UNSET = object()


# ---- the board ------------------------------------------------------------------------------------------
# Sequences are the state's own lists, typed read-only: change none in place. Squares are r * board.COLS + c.
def layout(st: AtariData) -> B.Layout:
    """The board's geometry and the seats (shared by every state of the game)."""
    return st._lay


def phase(st: AtariData) -> int:
    """The current phase (a `state.Phase` name)."""
    return st._phase


def round_number(st: AtariData) -> int:
    return st._round


def board(st: AtariData) -> Sequence[int]:
    """Per square: board.EMPTY, MUSH, FLEA, SPIDER or SEG."""
    return st._board


def bug_colours(st: AtariData) -> Sequence[int]:
    """Per square: the colour of the bug there (-1: none)."""
    return st._bcol


def centipedes(st: AtariData) -> Sequence[B.Centipede]:
    return st._cents


def fleas(st: AtariData) -> Sequence[B.Bug]:
    return st._fleas


def spiders(st: AtariData) -> Sequence[B.Bug]:
    return st._spiders


def flea_left_from(st: AtariData) -> int:
    """The square the flea now dropping just left (AC-9.2), -1 for none."""
    return st._flea_from if st._phase == Phase.CDROP else -1


def mushroom_supply(st: AtariData) -> int:
    return st._supply


def flea_supply(st: AtariData) -> int:
    return st._flea_supply


def spider_supply(st: AtariData) -> int:
    return st._spider_supply


def spider_pending(st: AtariData) -> bool:
    """Spawn Spider was played: a spider comes after the moves (AC-6.5)."""
    return st._pending_spider


# ---- the Gnomes -----------------------------------------------------------------------------------------
def gnome_squares(st: AtariData) -> Sequence[int]:
    """Per Gnome: its square (-1: not placed yet)."""
    return st._gnome


def gnome_end_rows(st: AtariData) -> Sequence[int]:
    """Per Gnome: its end's row (-1: not chosen yet)."""
    return st._gend


def gnome_cards(st: AtariData) -> Sequence[Sequence[bool]]:
    """Per Gnome: each Gnome Control card (board.CARD_NAMES) face up, ready to use."""
    return st._cards


def gnome_to_move(st: AtariData) -> int:
    """The Gnome whose turn it is (meaningful in a Gnome's turn)."""
    return st._g


def dice_pool(st: AtariData) -> Sequence[int]:
    """Dice in the pool, per face (board.DIE_FACES index)."""
    return st._pool


def die_in_use(st: AtariData) -> int:
    """The face index of the die in use, -1 when none is (also during setup)."""
    return st._die if st._die >= 0 and st._turn_i >= 0 else -1


def die_step(st: AtariData) -> int:
    """The next action of the die in use."""
    return st._die_step


def die_steps_left(st: AtariData) -> Sequence[tuple[str, int]]:
    """The die in use's actions still to take (board.DIE_FACES entries: ("move", 2), ...); empty when none is."""
    die = die_in_use(st)
    return B.DIE_FACES[die][st._die_step :] if die >= 0 else ()


# ---- the turn -------------------------------------------------------------------------------------------
def turn(st: AtariData) -> tuple[int, int, int] | None:
    """The turn now played: (seat, 0 Gnome / 1 Centipede, Gnome or colour index); None during setup."""
    return st._order[st._turn_i] if st._turn_i >= 0 else None


def turn_order(st: AtariData) -> Sequence[tuple[int, int, int]]:
    """This round's turns, as `turn` gives each."""
    return st._order


# ---- the Centipede sides --------------------------------------------------------------------------------
def home_rows(st: AtariData) -> Sequence[int]:
    """Per colour: its home row (-1: not set yet)."""
    return st._home


def row_steps(st: AtariData) -> Sequence[int]:
    """Per colour: +1 or -1, the row step toward the Gnome it hunts (0 before setup)."""
    return st._dy


def segments_on_board(st: AtariData) -> Sequence[int]:
    """Per colour: its segments on the board."""
    return st._segs


def tucked(st: AtariData) -> Sequence[int]:
    """Per colour: tucked Spawn Centipede cards (+1 speed each)."""
    return st._tucked


def discards(st: AtariData) -> Sequence[Sequence[int]]:
    """Per colour: the discard pile, per card (board.CENT_CARD_NAMES); public."""
    return st._discard


def drawing_colour(st: AtariData) -> int:
    """The colour whose deck the cards now drawn come from (meaningful while drawing)."""
    return st._draw_colour


def hand_size(st: AtariData, colour: int) -> int:
    """Cards in that colour's hand (public; the cards are not, AC-12.1)."""
    return sum(st._hand[colour])


def deck_size(st: AtariData, colour: int) -> int:
    return sum(st._deck[colour])


def hand_seen_by(st: AtariData, colour: int, player: int | None) -> Sequence[int] | None:
    """That colour's hand, per card, when `player` owns the colour; None for anyone else (AC-12.1)."""
    return st._hand[colour] if st._lay.cent_seat[colour] == player else None
