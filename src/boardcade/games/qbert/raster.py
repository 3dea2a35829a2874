"""Q*bert's board as a small RGB picture (its `GameSpec.raster`), drawn from an observation, so a picture shows
exactly what that viewer may see (QB-3.1: a roll hidden in the tube is drawn as "?").

The 28-cube pyramid is drawn as on the box: each cube a top face and two side faces, its top blue while it holds a
peg (with the peg as a white dot) and yellow once the peg is taken. Q*bert is the orange disc with a nose;
Coily purple, Red Ball red, Green Ball green, Slick cyan, each on its cube; Ugg (right faces) and Wrong Way (left
faces) as marks on their faces; active discs beside the pyramid. Under it: round, who is Q*bert, the roll as the
viewer sees it, moves, pegs left, and the result at the end.
"""

from __future__ import annotations

import numpy as np

from ...core.canvas import Canvas, shade
from .observation import QbertObservation, cube_key

WIDTH, HEIGHT = 256, 232
CUBE_W, TOP_H, SIDE_H = 32, 8, 16  # top face half-height, side face height
ROW_DY = TOP_H + SIDE_H
ORIGIN = (WIDTH // 2, 14)  # centre of the top face of cube (0, 0)

BACKGROUND = (8, 8, 40)
TOP_PEG, TOP_TAKEN = (70, 90, 200), (225, 200, 60)
LEFT_FACE, RIGHT_FACE = (150, 90, 40), (90, 55, 25)
QBERT = (255, 140, 0)
NASTY = {"coily": (170, 60, 210), "red_ball": (230, 40, 40), "green_ball": (40, 200, 60), "slick": (0, 200, 210)}
FACE_MARK = {"ugg": (240, 80, 200), "wrong_way": (255, 150, 200)}
DISC = (255, 230, 90)
TEXT, DIM, ALERT = (235, 235, 235), (140, 140, 170), (255, 90, 90)


def _centre(r: int, i: int) -> tuple[float, float]:
    return ORIGIN[0] + (i - r / 2) * CUBE_W, ORIGIN[1] + r * ROW_DY


def draw(obs: QbertObservation) -> np.ndarray:
    """The observation as a (232, 256, 3) uint8 picture."""
    c = Canvas(WIDTH, HEIGHT, BACKGROUND)
    pegs = {tuple(p) for p in obs["pegs"]}
    half = CUBE_W / 2
    for r in range(7):
        for i in range(r + 1):
            x, y = _centre(r, i)
            c.polygon([(x - half, y), (x, y + TOP_H), (x, y + TOP_H + SIDE_H), (x - half, y + SIDE_H)], LEFT_FACE)
            c.polygon([(x + half, y), (x, y + TOP_H), (x, y + TOP_H + SIDE_H), (x + half, y + SIDE_H)], RIGHT_FACE)
            top = TOP_PEG if (r, i) in pegs else TOP_TAKEN
            c.polygon([(x - half, y), (x, y - TOP_H), (x + half, y), (x, y + TOP_H)], top)
            if (r, i) in pegs:
                c.disc(x, y, 2.5, (250, 250, 250))
    for d in obs["discs"]:
        if d["active"]:
            x, y = _centre(*d["cube"])
            dx = -(half + 7) if d["side"] == "left" else half + 7
            c.disc(x + dx, y + SIDE_H / 2, 5, DISC)
            c.disc(x + dx, y + SIDE_H / 2, 2, shade(DISC, 0.5))
    on_cube: dict[tuple[int, int], list[str]] = {}
    for n in obs["nasties"]:
        if n["cube"] is None:
            continue
        x, y = _centre(*n["cube"])
        if n["where"] == "cube":
            on_cube.setdefault(cube_key(n["cube"]), []).append(n["key"])
        elif n["key"] in FACE_MARK:
            dx = half / 2 if n["where"] == "right_face" else -half / 2
            c.disc(x + dx, y + TOP_H / 2 + SIDE_H / 2, 4.5, FACE_MARK[n["key"]])
    qbert = cube_key(obs["qbert"]) if obs["qbert"] is not None else None
    for cube, keys in on_cube.items():
        x, y = _centre(*cube)
        shift = -5 if cube == qbert or len(keys) > 1 else 0
        for k, key in enumerate(keys):
            size = 6 if key == "coily" else 4.5
            c.disc(x + shift + 10 * k, y - 4, size, NASTY.get(key, TEXT))
    if qbert is not None:
        x, y = _centre(*qbert)
        x += 5 if on_cube.get(qbert) else 0
        c.disc(x, y - 5, 6.5, QBERT)
        c.disc(x + 5, y - 3, 2.5, shade(QBERT, 0.55))  # the nose
        c.disc(x - 2, y - 7, 1.5, (20, 20, 20))  # an eye
    _status(c, obs)
    return c.pixels


def _status(c: Canvas, obs: QbertObservation) -> None:
    y = 7 * ROW_DY + ORIGIN[1] + 14
    qp = obs["qbert_player"]
    line = f"ROUND {obs['round']}" + (f"  Q*BERT P{qp + 1}  TURN {obs['turn']}" if qp is not None and qp >= 0 else "")
    c.text(6, y, line, TEXT, 2)
    roll = "?" if obs["roll_hidden"] else ("-" if obs["roll"] is None else str(obs["roll"]))
    c.text(6, y + 14, f"ROLL {roll}  MOVES {obs['moves_used']}  PEGS {obs['pegs_left']}", DIM, 2)
    if obs["is_terminal"]:
        returns = obs["returns"] or []
        winner = [p for p, v in enumerate(returns) if v > 0]
        c.text(6, y + 28, f"GAME OVER: P{winner[0] + 1} WINS" if winner else "GAME OVER: DRAW", ALERT, 2)
    elif obs["current_player"] >= 0:
        c.text(6, y + 28, f"P{obs['current_player'] + 1} TO PLAY", DIM, 2)
