"""The shape of an Atari's Centipede observation (`AtariCentipedeState.observation`), as types: the keys every
game carries (core.game.Observation) and this game's own. A Centipede hand is shown only to its owner
(AC-12.1); squares are (row, col)."""

from __future__ import annotations

from typing import NotRequired, TypedDict

from boardcade.core.game import Observation

from .danger import DangerView


class CentipedeView(TypedDict):
    colour: str
    segments: list[list[int]]  # head first
    facing: int  # the head's: +1 right, -1 left


class BugView(TypedDict):
    colour: str
    square: list[int]


class BugSupply(TypedDict):
    fleas: int
    spiders: int


class GnomeView(TypedDict):
    player: int
    team: str | None  # 4 players: "A" or "B"
    square: list[int] | None  # None before it is placed
    cards: dict[str, bool]  # Gnome Control card -> face up


class DieView(TypedDict):
    face: int  # 1-6
    actions: str


class DieInUse(TypedDict):
    face: int
    actions: str
    next_step: int


class SideView(TypedDict):
    player: int
    colour: str
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
    spawn_points: list[list[int]]
    phase: str  # the phase's name (phases.PHASES)
    round: int
    max_rounds: int
    roles: list[str]
    safety_cap_hit: bool
    mushrooms: list[list[int]]
    mushroom_supply: int
    centipedes: list[CentipedeView]
    fleas: list[BugView]
    spiders: list[BugView]
    bug_supply: BugSupply
    gnomes: list[GnomeView]
    dice_pool: list[DieView]
    die_in_use: DieInUse | None
    centipede_players: list[SideView]
    flea_left: NotRequired[list[int]]  # the square the moving flea just left (a mushroom may drop there)
    moving_bug: NotRequired[list[int]]  # the flea or spider now moving
    seeding: NotRequired[SeedingView]
    drawing: NotRequired[str]  # whose deck a card is drawn from
    danger: NotRequired[DangerView]  # the Gnome's player, in its turn: where it may be eaten next (danger.py)
