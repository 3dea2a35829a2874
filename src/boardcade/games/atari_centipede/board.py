"""Atari's Centipede: board geometry, pieces, dice, cards and the action encoding (all static data).

Squares are numbered `row * 9 + col` on a 9-column by 12-row board (rule AC-1.1). Rows 0 and 11 are the
two Gnome Movement Areas; rows 1-10 are the field.
"""

from __future__ import annotations

COLS = 9
ROWS = 12
NSQ = COLS * ROWS
END_ROWS = (0, ROWS - 1)
FIELD_ROWS = tuple(range(1, ROWS - 1))


def sq(row: int, col: int) -> int:
    return row * COLS + col


def coords(square: int) -> tuple[int, int]:
    return divmod(square, COLS)


def square_name(square: int) -> str:
    r, c = divmod(square, COLS)
    return f"r{r}c{c}"


# Cell contents (one int per square).
EMPTY, MUSH, FLEA, SPIDER, SEG = 0, 1, 2, 3, 4
CELL_NAMES = ("empty", "mushroom", "flea", "spider", "centipede segment")

# Supplies (AC-1.3).
MUSHROOMS = 30
FLEAS = 3
SPIDERS = 3
SEGMENTS = 6


def spawn_points(home_row: int) -> tuple[int, int]:
    """The two Centipede spawn squares at the end whose Gnome row is `home_row` (AC-1.2)."""
    r = 1 if home_row == 0 else ROWS - 2
    return (sq(r, 0), sq(r, COLS - 1))


ALL_SPAWNS = frozenset(spawn_points(0) + spawn_points(ROWS - 1))

# Gnome dice (AC-4.3): six identical dice; each face is a left-to-right list of steps.
# A step is ("move", n), ("fire", 0) or ("recharge", 0).
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
    parts = []
    for kind, n in DIE_FACES[face]:
        parts.append(f"move {n}" if kind == MOVE else kind)
    return ", ".join(parts)


# Gnome Control cards (AC-5): index -> name and effect.
WRIST, TRIGGER, SLAM, GLITCH = 0, 1, 2, 3
CARD_NAMES = ("Wrist Control", "Trigger Finger", "Slam the Ball", "Glitch")
CARD_EFFECTS = ("move once", "shoot once", "refresh the dice pool", "remove one mushroom")

# Centipede cards (AC-6.2): index -> name, and copies per colour deck.
SPAWN_CENT, SPAWN_SPIDER, SPAWN_FLEA, MUSHROOM_CARD, BERSERK = 0, 1, 2, 3, 4
CENT_CARD_NAMES = ("Spawn Centipede", "Spawn Spider", "Spawn Flea", "Mushroom", "Berserk!")
DECK = (2, 3, 3, 2, 1)
HAND_SIZE = 3

# Speeds (AC-7.5, AC-8, AC-9.1): centipede speed by length; flea; spider.
CENT_SPEED = (0, 4, 3, 3, 2, 2, 1)
FLEA_SPEED = 2
SPIDER_SPEED = 9
ENTRY_SQUARES = 6

# Spider directions (AC-8): straight up/down and the four diagonals, as (drow, dcol).
SPIDER_DIRS = ((-1, 0), (1, 0), (-1, -1), (-1, 1), (1, -1), (1, 1))

# ---- action encoding (player actions 0 .. NUM_ACTIONS-1) -----------------------------------------
# 0..107: a square (its meaning depends on the decision being made; see docs/rules/atari-centipede.md).
LEFT = NSQ  # move toward column 0
RIGHT = NSQ + 1  # move toward column 8
FIRE = NSQ + 2
SKIP = NSQ + 3  # nothing to recharge / decline an optional thing
END_TURN = NSQ + 4
DROP = NSQ + 5  # place a mushroom where the flea just left
DIE_BASE = NSQ + 6  # + face index: activate a die showing that face
USE_BASE = DIE_BASE + 6  # + card index: use a Gnome Control card
RECHARGE_BASE = USE_BASE + 4  # + card index: recharge that card
PLAY_BASE = RECHARGE_BASE + 4  # + Centipede card index: play that card
NUM_ACTIONS = PLAY_BASE + 5

# Chance outcomes: a die face (0-5), a Centipede card drawn (0-4), a seeded mushroom row (0-11),
# or a dice-off pair (first gnome's die * 6 + second gnome's die, 0-35).
MAX_CHANCE = 36


def action_name(action: int) -> str:
    """Context-free name of a player action."""
    if 0 <= action < NSQ:
        return f"square {square_name(action)}"
    if action == LEFT:
        return "left"
    if action == RIGHT:
        return "right"
    if action == FIRE:
        return "fire"
    if action == SKIP:
        return "skip"
    if action == END_TURN:
        return "end turn"
    if action == DROP:
        return "drop mushroom"
    if DIE_BASE <= action < USE_BASE:
        return f"die {face_text(action - DIE_BASE)}"
    if USE_BASE <= action < RECHARGE_BASE:
        return f"use {CARD_NAMES[action - USE_BASE]}"
    if RECHARGE_BASE <= action < PLAY_BASE:
        return f"recharge {CARD_NAMES[action - RECHARGE_BASE]}"
    if PLAY_BASE <= action < NUM_ACTIONS:
        return f"play {CENT_CARD_NAMES[action - PLAY_BASE]}"
    return f"action {action}"
