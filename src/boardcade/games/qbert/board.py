"""Q*bert board data: the pyramid, hop and face tables, discs, homes, dice. One place for each.

Cubes are (r, i) with r = 0..6 from the top and i = 0..r (QB-D1), numbered c = r*(r+1)/2 + i.
LF(r, i) is the face crossed by a hop between (r, i) and (r+1, i); RF(r, i) the face crossed by a hop
between (r, i) and (r+1, i+1) (QB-D6). Faces share their cube's number.
"""

from __future__ import annotations

ROWS = 7
CUBES: tuple[tuple[int, int], ...] = tuple((r, i) for r in range(ROWS) for i in range(r + 1))
NUM_CUBES = len(CUBES)  # 28
ALL_PEGS = (1 << NUM_CUBES) - 1


def cube(r: int, i: int) -> int:
    """Cube number of (r, i), or -1 when (r, i) is not on the pyramid."""
    if 0 <= r < ROWS and 0 <= i <= r:
        return r * (r + 1) // 2 + i
    return -1


# Hop directions, in action order: up-left, up-right, down-left, down-right (QB-D1).
DIRS: tuple[tuple[int, int], ...] = ((-1, -1), (-1, 0), (1, 0), (1, 1))
DIR_NAMES = ("up-left", "up-right", "down-left", "down-right")
UL, UR, DL, DR = range(4)

# HOP[c][d]: cube reached from c in direction d, or -1.
HOP: tuple[tuple[int, ...], ...] = tuple(tuple(cube(r + dr, i + di) for dr, di in DIRS) for r, i in CUBES)

# Face kinds: Wrong Way walks left faces, Ugg right faces.
LEFT, RIGHT = 0, 1
# CROSS[c][d]: (face kind, face number) crossed by the hop from c in direction d (valid hops only).
_cross = []
for _c, (_r, _i) in enumerate(CUBES):
    row = []
    for _d, _dest in enumerate(HOP[_c]):
        if _dest < 0:
            row.append((-1, -1))
        elif _d == DL:
            row.append((LEFT, _c))
        elif _d == DR:
            row.append((RIGHT, _c))
        elif _d == UL:
            row.append((RIGHT, _dest))  # hop between (r-1, i-1) and (r, i) crosses RF(r-1, i-1)
        else:
            row.append((LEFT, _dest))  # hop between (r-1, i) and (r, i) crosses LF(r-1, i)
    _cross.append(tuple(row))
CROSS: tuple[tuple[tuple[int, int], ...], ...] = tuple(_cross)

# Outside spaces (QB-1.2): i = 0, i = r or r = 6 (QB-D1).
OUTSIDE: frozenset[int] = frozenset(c for c, (r, i) in enumerate(CUBES) if i == 0 or i == r or r == ROWS - 1)

# Face walkers' steps (QB-D6): Wrong Way LF(r,i) -> LF(r,i+1) "right" or LF(r-1,i) "up-right";
# Ugg RF(r,i) -> RF(r,i-1) "left" or RF(r-1,i-1) "up-left". -1 = past the edge.
WW_STEPS: tuple[tuple[int, int], ...] = tuple((cube(r, i + 1), cube(r - 1, i)) for r, i in CUBES)
UGG_STEPS: tuple[tuple[int, int], ...] = tuple((cube(r, i - 1), cube(r - 1, i - 1)) for r, i in CUBES)

# Discs (QB-D9): (edge cube, side). Hopping off that edge from that cube onto the disc counts one move.
DISCS: tuple[tuple[int, str], ...] = ((cube(2, 0), "left"), (cube(5, 0), "left"), (cube(5, 5), "right"))
ALL_DISCS = (1 << len(DISCS)) - 1
# Where a disc flight lands, in order of preference (QB-D9): the top, else the free one below it.
DISC_LANDINGS: tuple[int, ...] = (cube(0, 0), cube(1, 0), cube(1, 1))
TOP = cube(0, 0)

# Nasty characters: the character die's faces in order (QB-D4).
COILY, RED_BALL, GREEN_BALL, SLICK, UGG, WRONG_WAY = range(6)
NASTY_NAMES = ("Coily", "Red Ball", "Green Ball", "Slick", "Ugg", "Wrong Way")
NASTY_KEYS = ("coily", "red_ball", "green_ball", "slick", "ugg", "wrong_way")
CHARACTER_DIE: tuple[int, ...] = (COILY, RED_BALL, GREEN_BALL, SLICK, UGG, WRONG_WAY)
CUBE_WALKERS = (COILY, RED_BALL, GREEN_BALL, SLICK)
DOWN_ONLY = frozenset((RED_BALL, GREEN_BALL, SLICK))
CAPTURERS = frozenset((COILY, RED_BALL, UGG, WRONG_WAY))

# Entry spaces from home (QB-D5): balls and Slick drop onto (1,0) or (1,1); Coily enters at (6,3);
# Wrong Way onto LF(6,0); Ugg onto RF(6,6).
ENTRY: dict[int, tuple[int, ...]] = {
    COILY: (cube(6, 3),),
    RED_BALL: (cube(1, 0), cube(1, 1)),
    GREEN_BALL: (cube(1, 0), cube(1, 1)),
    SLICK: (cube(1, 0), cube(1, 1)),
    UGG: (cube(6, 6),),
    WRONG_WAY: (cube(6, 0),),
}

# Piece positions: a cube/face number, or one of these.
HOME = -1
ELIMINATED = -2

# Dice (QB-D3, QB-D4, QB-D12).
D8_FACES = 8
D6_FACES = 6
