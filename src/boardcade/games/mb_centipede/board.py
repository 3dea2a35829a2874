"""The Milton Bradley Centipede board as data (reconstruction MB-D1 to MB-D6; docs/rules/mb-centipede.md, MB-1).

Grid: columns x = 0..12, lines y = 0..10; Red's side is the top (y = 0), Green's the bottom (y = 10).
The path is one list of 86 spaces, indexed in Green's direction of travel (index 0 is beside Green's home
base, index 85 beside Red's). Positions of centipede segments use the same index, plus two sentinels:
-1 is Green's home base (Red's goal) and 86 is Red's home base (Green's goal).
Everything here is static and shared by every state.
"""

from __future__ import annotations

GREEN, RED = 0, 1
PLAYER_NAMES = ("Green", "Red")
ROLES = ("green", "red")
SEGMENTS = 6
PATH_LEN = 86
ROWS = (10, 8, 6, 4, 2, 0)  # path rows in Green's order of travel
CURVE_LEN = 4

HOME = (-1, PATH_LEN)  # where each player's centipede starts (its home base)
GOAL = (PATH_LEN, -1)  # where each player's centipede must go (the opponent's home base)
STEP = (1, -1)  # direction of travel along the path index
LAST_ROW = (0, 10)  # the last path row before each player's goal

# MB-D2: the path in Green's direction. Curve spaces get fractional coordinates between their two rows.
PATH: list[tuple[float, float]] = []
CURVE_OF: list[int] = []  # per path index: -1 on a row, else the curve's number (0..4)
for _r, _y in enumerate(ROWS):
    _xs = range(1, 12) if _r % 2 == 0 else range(11, 0, -1)
    for _x in _xs:
        PATH.append((_x, _y))
        CURVE_OF.append(-1)
    if _r < len(ROWS) - 1:
        _cx = 12 if _r % 2 == 0 else 0
        for _k in range(CURVE_LEN):
            PATH.append((_cx, round(_y - 0.4 * (_k + 1), 1)))
            CURVE_OF.append(_r)
assert len(PATH) == PATH_LEN

INDEX_AT: dict[tuple[int, int], int] = {(int(x), int(y)): i for i, (x, y) in enumerate(PATH) if CURVE_OF[i] < 0}

# MB-D3: the 20 fixed plug-in mushrooms, by mushroom row.
PLUG_INS: frozenset[tuple[int, int]] = frozenset(
    [(x, 1) for x in (3, 6, 9)]
    + [(x, 3) for x in (2, 5, 7, 10)]
    + [(x, 5) for x in (1, 2, 4, 8, 10, 11)]
    + [(x, 7) for x in (2, 5, 7, 10)]
    + [(x, 9) for x in (3, 6, 9)]
)
assert len(PLUG_INS) == 20

# MB-D4: the 10 poison mushroom spaces (numbered 0..9 in this order) and the token supply.
POISON_XY = ((6, 0), (3, 2), (9, 2), (4, 4), (8, 4), (4, 6), (8, 6), (3, 8), (9, 8), (6, 10))
POISON_IDX = tuple(INDEX_AT[xy] for xy in POISON_XY)
POISON_AT = [-1] * PATH_LEN  # path index -> poison space number or -1
for _i, _idx in enumerate(POISON_IDX):
    POISON_AT[_idx] = _i
POISON_TOKENS = 10

# MB-D5: firing lines (Green's along the bottom, Red's along the top), 11 gun positions, x = 6 is safe.
FIRING_X = tuple(range(1, 12))
SAFETY_X = 6
FIRING_Y = (11, -1)  # drawing line of each player's firing line

# MB-D6: Spider Spaces 0..3: Red's left half, Red's right half, Green's left half, Green's right half.
SPIDER_SPACE_XY = ((3, -2), (9, -2), (3, 12), (9, 12))
DEN_XY = (-1, 5)
HOLLOW_XY = (13, 5)
HOME_XY = ((0, 10), (0, 0))  # Green's and Red's home bases


def half_of(x: int) -> int:
    """0 for the left half (x 1-5) of a firing line, 1 for the right half (x 7-11); -1 for the Safety Space."""
    return -1 if x == SAFETY_X else (0 if x < SAFETY_X else 1)


def spider_space_for(owner: int, x: int) -> int:
    """The Spider Space beside `owner`'s firing line on the half holding position x (-1 on the Safety Space)."""
    h = half_of(x)
    return -1 if h < 0 else (2 if owner == GREEN else 0) + h


def spider_space_owner(j: int) -> int:
    """Whose firing line Spider Space j lies beside."""
    return RED if j < 2 else GREEN


# Shot lines: for each player and gun column, the path indexes and plug-ins met in firing order.
PLUG = -2


def _shot_line(player: int, x: int) -> tuple[int, ...]:
    ys = range(10, -1, -1) if player == GREEN else range(0, 11)
    out = []
    for y in ys:
        if y % 2 == 0:
            out.append(INDEX_AT[(x, y)])
        elif (x, y) in PLUG_INS:
            out.append(PLUG)
    return tuple(out)


SHOT_LINE = tuple({x: _shot_line(p, x) for x in FIRING_X} for p in (GREEN, RED))


# MB-D13: shortcut landings: for a head on a path row (not its last), the same x on the next row toward its goal.
def _landings(player: int) -> list[int]:
    out = [-1] * PATH_LEN
    dy = -2 if player == GREEN else 2
    for i, (x, y) in enumerate(PATH):
        if CURVE_OF[i] < 0 and y != LAST_ROW[player]:
            out[i] = INDEX_AT[(int(x), int(y) + dy)]
    return out


SHORTCUT_LANDING = (_landings(GREEN), _landings(RED))


def xy(pos: int) -> list[float] | None:
    """Board coordinates of a path index or home-base sentinel (as a JSON-friendly list)."""
    if 0 <= pos < PATH_LEN:
        return list(PATH[pos])
    if pos == HOME[GREEN]:
        return list(HOME_XY[GREEN])
    if pos == HOME[RED]:
        return list(HOME_XY[RED])
    return None


def remaining(player: int, pos: int) -> int:
    """Path spaces still to travel from `pos` to `player`'s goal (0 once inside it)."""
    return GOAL[player] - pos if player == GREEN else pos - GOAL[player]
