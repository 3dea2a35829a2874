"""Read-only questions about a Milton Bradley Centipede state, for the heuristic and tensor code (which read no
engine field themselves). Everything in this game is public (MB-10.1), so no answer depends on who asks.

Sequences are the state's own lists, typed read-only: change none in place (copy first). Positions use the
engine's numbering: a segment's position is a path index (Green's direction of travel), or its colour's home
or goal sentinel (`layout(st).home_pos`, `layout(st).goal`); the Spider's code is DEN (-1), a poison space i,
`spider_space0 + j` (Spider Space j) or `spider_gun0 + p` (on player p's gun); the Scorpion's is HOLLOW (-1)
or the poison space it stands on.
"""

from __future__ import annotations

from collections.abc import Sequence

from .layout import SEGMENTS, Layout
from .mechanics import gun_disabled
from .state import DEN, HOLLOW, MBState

__all__ = [
    "DEN",
    "HOLLOW",
    "SEGMENTS",
    "alive",
    "gun_disabled",
    "guns",
    "layout",
    "phase",
    "player",
    "poison",
    "scorpion",
    "segments",
    "spider",
    "spin",
    "spins",
    "steps_left",
    "supply",
]


def layout(st: MBState) -> Layout:
    """The board (shared by every state of the game)."""
    return st._L


def phase(st: MBState) -> int:
    """The current phase (an index into phases.PHASE_NAMES)."""
    return st._phase


def player(st: MBState) -> int:
    """Whose turn it is (the player who spins or spun): 0 Green, 1 Red."""
    return st._player


def spin(st: MBState) -> int:
    """The last spin's sector (codec.SECTORS index), -1 before the first spin."""
    return st._spin


def segments(st: MBState) -> Sequence[int]:
    """Each segment's position, player p's segment k (0 = head) at p * SEGMENTS + k."""
    return st._seg


def alive(st: MBState) -> Sequence[bool]:
    """Each segment is live (label side up), indexed as `segments`."""
    return st._alive


def poison(st: MBState) -> Sequence[bool]:
    """Poison space i holds a poison mushroom (also when the Scorpion stands on it)."""
    return st._poison


def supply(st: MBState) -> int:
    """Poison mushroom tokens off the board."""
    return st._supply


def guns(st: MBState) -> Sequence[int]:
    """Each player's gun position on its Firing Line."""
    return st._gun


def spider(st: MBState) -> int:
    """The Spider's code (see the module docstring)."""
    return st._spider


def scorpion(st: MBState) -> int:
    """The Scorpion's code: HOLLOW or a poison space."""
    return st._scorpion


def steps_left(st: MBState) -> int:
    """Centipede spaces still to move this turn."""
    return st._steps


def spins(st: MBState) -> int:
    """Spins so far (the unit of the max_turns safety cap)."""
    return st._turns
