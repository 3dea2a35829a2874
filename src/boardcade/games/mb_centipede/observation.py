"""The shape of a Milton Bradley Centipede observation (`MBCentipedeState.observation`), as types: the keys every
game carries (core.game.Observation) and this game's own. Everything is public (MB-10.1): every viewer reads the
same values, but for "viewer" and the seat to move's "legal_actions"."""

from __future__ import annotations

from typing import Any, NotRequired, TypeAlias, TypedDict

from boardcade.core.domain import Seat
from boardcade.core.game import Observation

Point: TypeAlias = list[float]
"""Where a piece is drawn: [x, y] in the board's layout units (layout.Layout)."""

Space: TypeAlias = int
"""A space of the centipedes' path by its index (layout.Layout), or a poison space or Spider Space by number."""


class SegmentView(TypedDict):
    segment: int  # 0: the head, 1-5: the body
    head: bool
    alive: bool  # label side up
    at: str  # "home", "path" or "goal"
    space: Space | None  # the path index when on the path
    xy: Point


class CentipedeView(TypedDict):
    player: Seat
    name: str  # "Green" or "Red"
    segments: list[SegmentView]


class PoisonView(TypedDict):
    space: Space  # the poison space's number
    xy: Point
    planted: bool  # false under the Scorpion (its token not yet planted, MB-7.8)


class GunView(TypedDict):
    player: Seat
    position: int  # on its Firing Line
    xy: Point
    disabled: bool  # under the Spider (MB-3.10)


class PieceView(TypedDict):
    at: str  # Spider: "den", "poison", "spider_space" or "gun"; Scorpion: "hollow" or "poison"
    xy: Point
    space: NotRequired[Space]  # the poison space or Spider Space it stands on
    player: NotRequired[Seat]  # whose gun the Spider sits on


class MBObservation(Observation):
    board: dict[str, Any]  # the static board (layout.Layout.board)
    centipedes: list[CentipedeView]  # Green's, then Red's
    poison: list[PoisonView]  # the poison mushrooms on the board
    supply: int  # poison mushroom tokens off the board
    guns: list[GunView]
    spider: PieceView
    scorpion: PieceView
    spin: str | None  # the last spin's sector
    phase: str  # the phase's name (phases.PHASES)
    player: Seat  # whose turn it is
    moves_left: int  # centipede spaces still to move
    turn: int  # spins so far
    max_turns: int
    safety_cap_hit: bool  # the safety cap of max_turns spins ended the game, a draw (MB-9.3)
    remaining: list[int]  # per player: path spaces its six segments still have to travel
