"""The shape of an Atari's Centipede observation (`AtariCentipedeState.observation`), as types: the keys every
game carries (core.game.Observation) and this game's own. A Centipede hand is shown only to its owner
(AC-12.1); squares are (row, col)."""

from __future__ import annotations

from typing import NotRequired, TypeAlias, TypedDict

from boardcade.core.domain import Seat
from boardcade.core.game import Observation

from .danger import DangerView

Square: TypeAlias = list[int]
"""A square as [row, col] (the engine's own squares are r * board.COLS + c, query.py)."""


def square_key(square: Square) -> tuple[int, int]:
    """A square as a tuple (row, col), to key a dict or a set by."""
    return square[0], square[1]


Colour: TypeAlias = str
"""A Centipede colour by its name (board.COLOUR_NAMES); the engine's colours are their indexes."""


class CentipedeView(TypedDict):
    colour: Colour
    segments: list[Square]  # head first
    facing: int  # the head's: +1 right, -1 left


class BugView(TypedDict):
    colour: Colour
    square: Square


class BugSupply(TypedDict):
    fleas: int
    spiders: int


class GnomeView(TypedDict):
    player: Seat
    team: str | None  # 4 players: "A" or "B"
    square: Square | None  # None before it is placed
    cards: dict[str, bool]  # Gnome Control card -> face up


class DieView(TypedDict):
    face: int  # 1-6
    actions: str


class DieInUse(TypedDict):
    face: int
    actions: str
    next_step: int


class SideView(TypedDict):
    player: Seat
    colour: Colour
    home_row: int
    segments_on_board: int
    hand_size: int
    deck_size: int
    discard: dict[str, int]
    tucked_spawn_centipede: int
    speed_bonus: int
    hand: NotRequired[list[str]]  # only in its owner's observation


class SeedingView(TypedDict):
    column: int | None  # None: the seeder picks this turn's column with its first mushroom (AC-2.2)
    left: int


class AtariObservation(Observation):
    players: int
    rows: int
    field_rows: int
    spawn_points: list[Square]
    phase: str  # the phase's name (phases.PHASES)
    round: int
    max_rounds: int
    roles: list[str]
    safety_cap_hit: bool
    mushrooms: list[Square]
    mushroom_supply: int
    centipedes: list[CentipedeView]
    fleas: list[BugView]
    spiders: list[BugView]
    bug_supply: BugSupply
    gnomes: list[GnomeView]
    dice_pool: list[DieView]
    die_in_use: DieInUse | None
    centipede_players: list[SideView]
    flea_left: NotRequired[Square]  # the square the moving flea just left (a mushroom may drop there)
    moving_bug: NotRequired[Square]  # the flea or spider now moving
    seeding: NotRequired[SeedingView]
    drawing: NotRequired[Colour]  # whose deck a card is drawn from
    danger: NotRequired[DangerView]  # the Gnome's player, in its turn: where it may be eaten next (danger.py)
