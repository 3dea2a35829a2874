"""The shape of a Q*bert observation (`QbertState.observation`), as types: the keys every game carries
(core.game.Observation) and this game's own. Only the roll in the secret tube and the moves left are viewer
dependent (QB-7.1): None for whoever may not see them."""

from __future__ import annotations

from typing import TypeAlias, TypedDict

from boardcade.core.domain import Seat
from boardcade.core.game import Observation

Cube: TypeAlias = list[int]
"""A cube of the pyramid as [r, i]: row r (0 at the top), i-th cube of that row (0..r)."""


def cube_key(cube: Cube) -> tuple[int, int]:
    """A cube as a tuple (r, i), to key a dict or a set by."""
    return cube[0], cube[1]


class NastyView(TypedDict):
    key: str  # board.NASTY_KEYS
    name: str
    where: str  # "home", "eliminated", "cube", or for Ugg and Wrong Way "right_face" / "left_face"
    cube: Cube | None  # the cube it stands on, or whose face it holds


class DiscView(TypedDict):
    cube: Cube  # the edge cube beside it
    side: str
    active: bool


class EscapeView(TypedDict):
    by: str  # the threatening nasty
    hops: int
    moves_left: int | None  # None: hidden from this viewer
    text: str


class ScoreView(TypedDict):
    round: int
    game: int
    qbert_player: Seat
    pegs: int


class GameView(TypedDict):
    game: int
    pegs: list[int]  # per player


class QbertObservation(Observation):
    phase: str  # the phase's name (phases.PHASES)
    round: int
    game_number: int
    qbert_player: Seat
    nasty_player: Seat
    first_qbert: Seat
    rolloff: list[int] | None
    qbert: Cube  # Q*bert's cube
    pegs: list[Cube]  # the cubes still holding a peg
    pegs_left: int
    nasties: list[NastyView]
    discs: list[DiscView]
    roll: int | None  # the roll in the tube, if this viewer may see it
    roll_hidden: bool
    moves_used: int
    moves_left: int | None
    character: str | None  # the nasty on the character die
    steps_left: int
    threat: bool
    escape: EscapeView | None
    escape_hops: int
    threat_on_outside_space: bool
    last_revealed_roll: int | None
    frozen: bool
    turn: int
    max_turns_per_round: int
    scores: list[ScoreView]
    games: list[GameView]
    totals: list[int]
    player_names: list[str]
