"""Atari's Centipede: static data (pieces, dice, cards, speeds) and the `Layout` of one loaded game.

Squares are numbered `row * 9 + col`. The board has 9 columns and `field_rows + 2` rows (rule AC-1.1): row 0
and the last row are the two Gnome Movement Areas, the rows between them the field (18 by default, AC-D1).
Everything that depends on the options (the board's length, who sits where) lives in one `Layout` per game,
built once and shared by every state of that game. The rules document's sections name the parts: the board and
pieces (AC-1) here, what each player may see (AC-12) in game.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

COLS = 9
DEFAULT_FIELD_ROWS = 18
MIN_FIELD_ROWS = 6
MAX_FIELD_ROWS = 30

# Cell contents (one int per square).
EMPTY, MUSH, FLEA, SPIDER, SEG = 0, 1, 2, 3, 4
CELL_NAMES = ("empty", "mushroom", "flea", "spider", "centipede segment")

# Supplies (AC-1.3).
MUSHROOMS = 30
FLEAS = 3
SPIDERS = 3
SEGMENTS = 6

# Gnome dice (AC-4.3): six identical dice; each face is a left-to-right list of steps.
# A step is ("move", n), ("fire", 0) or ("recharge", 0). Faces are numbered 1-6 in this order.
MOVE, FIRE_STEP, RECHARGE_STEP = "move", "fire", "recharge"
DIE_FACES: tuple[tuple[tuple[str, int], ...], ...] = (
    (("move", 1), ("fire", 0)),
    (("move", 2), ("fire", 0)),
    (("move", 3), ("fire", 0), ("recharge", 0)),
    (("fire", 0), ("move", 1), ("fire", 0)),
    (("fire", 0), ("move", 2)),
    (("move", 1), ("fire", 0), ("recharge", 0)),
)
NUM_DICE = 6


def face_text(face: int) -> str:
    """The actions of face index `face` (0-5), e.g. "move 3, fire, recharge"."""
    return ", ".join(f"move {n}" if kind == MOVE else kind for kind, n in DIE_FACES[face])


FACE_TEXTS = tuple(face_text(f) for f in range(len(DIE_FACES)))

# Gnome Control cards (AC-5): index -> name and effect.
WRIST, TRIGGER, SLAM, GLITCH = 0, 1, 2, 3
CARD_NAMES = ("Wrist Control", "Trigger Finger", "Slam the Ball", "Glitch")
CARD_EFFECTS = ("move once", "shoot once", "refresh the dice pool", "remove one mushroom")

# Centipede cards (AC-6.2): index -> name, and copies per colour deck.
SPAWN_CENT, SPAWN_SPIDER, SPAWN_FLEA, MUSHROOM_CARD, BERSERK = 0, 1, 2, 3, 4
CENT_CARD_NAMES = ("Spawn Centipede", "Spawn Spider", "Spawn Flea", "Mushroom", "Berserk!")
DECK = (2, 3, 3, 2, 1)
DECK_SIZE = sum(DECK)
HAND_SIZE = 3

# Speeds (AC-7.5, AC-8, AC-9.1): centipede speed by length; flea; spider.
CENT_SPEED = (0, 4, 3, 3, 2, 2, 1)
FLEA_SPEED = 2
SPIDER_SPEED = 9
ENTRY_SQUARES = 6

# Spider directions (AC-8): straight up/down and the four diagonals, as (drow, dcol).
SPIDER_DIRS = ((-1, 0), (1, 0), (-1, -1), (-1, 1), (1, -1), (1, 1))

COLOUR_NAMES = ("red", "blue")
TEAM_NAMES = ("A", "B")


# ---- pieces on the board ------------------------------------------------------------------------------------
@dataclass(slots=True)
class Centipede:
    """A centipede on the board: its colour, its segments' squares head first, each segment's facing (+1 right,
    -1 left; the head's first) and whether it has moved this turn."""

    colour: int
    squares: list[int]
    facings: list[int]
    moved: bool = False

    def copy(self) -> Centipede:
        return Centipede(self.colour, self.squares.copy(), self.facings.copy(), self.moved)


@dataclass(slots=True)
class Bug:
    """A flea or a spider on the board: its square, its colour and whether it has moved this turn."""

    square: int
    colour: int
    moved: bool = False

    def copy(self) -> Bug:
        return Bug(self.square, self.colour, self.moved)


@dataclass(slots=True)
class CardMove:
    """A Centipede card drawn (seen only by its owner) or played (public), kept to resample the hidden draws
    (AC-12.1): which colour, in which reshuffle cycle of its deck, the card, the history index of the draw or
    play, and the index of the draw's private event (-1 for a play)."""

    drawn: bool
    colour: int
    cycle: int
    card: int
    step: int
    event: int

    def copy(self) -> CardMove:
        return CardMove(self.drawn, self.colour, self.cycle, self.card, self.step, self.event)


@dataclass(frozen=True, eq=False)  # one object per (field_rows, players): hashed by identity
class Layout:
    """Everything fixed by a game's options: the board's geometry (AC-1.1, AC-1.2) and the seats (AC-2.1, AC-11).

    rows: all rows, Gnome rows included; last: the last row's number; field: the field rows (1 .. last - 1).
    nsq: squares; field_lo/field_hi: the first field square and one past the last.
    spawns: home row -> its two spawn squares (column 0 first). flea_row: home row -> the field row farthest
    from the enemy Gnome (where that side's fleas spawn). last_field: home row -> the field row next to the
    enemy Gnome (where that side's fleas stop).
    Seats: `gnome_seat[g]` and `cent_seat[c]` for Gnome g and centipede colour c (2 players: one of each;
    4 players: team A = Gnome 0 + red, team B = Gnome 1 + blue). `enemy_gnome[c]`: the Gnome colour c hunts
    (never its own team's, AC-11.7).
    `winner_if_eats[c]` / `winner_if_lost[c]`: the team (index into the game's teams) that wins when colour c
    eats its enemy Gnome / loses its last segment. `team_game`: the 4-player team game (AC-11), with its dice-off.
    `seeders`: the seats that seed mushroom columns in turn (AC-2.2, AC-11.2). `glitch`: whether the Glitch card
    is in play (2 players, AC-11.6).
    """

    field_rows: int
    players: int
    rows: int
    last: int
    nsq: int
    field_lo: int
    field_hi: int
    field: tuple[int, ...]
    spawns: dict[int, tuple[int, int]]
    all_spawns: frozenset[int]
    flea_row: dict[int, int]
    last_field: dict[int, int]
    colours: int
    gnomes: int
    gnome_seat: tuple[int, ...]
    cent_seat: tuple[int, ...]
    enemy_gnome: tuple[int, ...]
    winner_if_eats: tuple[int, ...]
    winner_if_lost: tuple[int, ...]
    seed_squares: tuple[tuple[int, ...], ...]
    teams: tuple[tuple[int, ...], ...]
    team_game: bool
    seeders: tuple[int, ...]
    glitch: bool

    def sq(self, row: int, col: int) -> int:
        return row * COLS + col

    def in_field(self, row: int, col: int) -> bool:
        return 1 <= row <= self.last - 1 and 0 <= col < COLS


def coords(square: int) -> tuple[int, int]:
    return divmod(square, COLS)


def square_name(square: int) -> str:
    if 0 <= square < len(SQUARE_NAMES):
        return SQUARE_NAMES[square]
    r, c = divmod(square, COLS)
    return f"r{r}c{c}"


# Every square's name "r<row>c<col>", built once for the event texts (up to 100 rows: any field the options allow).
SQUARE_NAMES: tuple[str, ...] = tuple(f"r{r}c{c}" for r in range(100) for c in range(COLS))


@cache
def layout(field_rows: int, players: int) -> Layout:
    rows = field_rows + 2
    last = rows - 1
    spawns = {0: (COLS, 2 * COLS - 1), last: ((last - 1) * COLS, last * COLS - 1)}
    team_game = players == 4
    # 2 players: seat 0 the Gnome, seat 1 the Centipede (teams (0,), (1,)). 4 players: team A = seats 0 (Gnome)
    # and 1 (red), team B = seats 2 (Gnome) and 3 (blue).
    teams: tuple[tuple[int, ...], ...] = ((0,), (1,))
    if team_game:
        teams = ((0, 1), (2, 3))
    colours = 2 if team_game else 1
    all_spawns = frozenset(spawns[0] + spawns[last])
    field = tuple(range(1, last))
    return Layout(
        field_rows=field_rows,
        players=players,
        rows=rows,
        last=last,
        nsq=rows * COLS,
        field_lo=COLS,
        field_hi=last * COLS,
        field=field,
        spawns=spawns,
        all_spawns=all_spawns,
        flea_row={0: 1, last: last - 1},
        last_field={0: last - 1, last: 1},
        seed_squares=tuple(tuple(r * COLS + c for r in field if r * COLS + c not in all_spawns) for c in range(COLS)),
        colours=colours,
        gnomes=colours,
        gnome_seat=(0, 2) if team_game else (0,),
        cent_seat=(1, 3) if team_game else (1,),
        enemy_gnome=(1, 0) if team_game else (0,),
        winner_if_eats=(0, 1) if team_game else (1,),
        winner_if_lost=(1, 0) if team_game else (0,),
        teams=teams,
        team_game=team_game,
        seeders=(1, 3) if team_game else (1, 0),
        glitch=not team_game,
    )
