"""Milton Bradley Centipede's board as a small RGB picture (its `GameSpec.raster`), drawn from an observation and
the layout it carries (any board, not only the shipped one). Everything in this game is public (MB-10.1).

Path spaces are grey dots (red on the red-lined curves), poison spaces dim rings, plug-in mushrooms yellow and
poison mushrooms magenta; centipede segments are discs in their player's colour (Green, Red), heads larger, dead
segments dark; guns are triangles pointing along their Firing Line; the Spider is cyan, the Scorpion orange; each
home base shows how many segments of each colour are inside. Under the board: the spin count, the last spin,
who is to play, and the result at the end.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ...core.canvas import Canvas, shade
from .observation import MBObservation

UNIT, MARGIN, STATUS_H = 16, 12, 40
BACKGROUND = (12, 14, 20)
PATH, RED_LINE, POISON_SPACE = (90, 90, 100), (170, 50, 50), (110, 60, 110)
PLUG_IN, POISON = (230, 200, 60), (220, 60, 220)
PLAYER = ((50, 210, 80), (235, 60, 60))
SPIDER, SCORPION = (60, 220, 230), (255, 150, 30)
TEXT, DIM, ALERT = (235, 235, 235), (150, 150, 170), (255, 90, 90)


def _points(board: dict[str, Any]) -> list[list[float]]:
    lines = board["firing_lines"]
    # The board part of an observation is a JSON-shaped layout description (observation.py), read here as such.
    points: list[list[float]] = (
        board["path"]
        + board["plug_ins"]
        + [g for line in lines for g in line["guns"]]
        + [s["xy"] for s in board["spider_spaces"]]
        + [board["den"], board["hollow"]]
        + board["home"]
    )
    return points


def draw(obs: MBObservation) -> np.ndarray:
    """The observation as a uint8 picture (its size follows the board layout)."""
    board = obs["board"]
    pts = _points(board)
    xmin, ymin = min(p[0] for p in pts), min(p[1] for p in pts)
    xmax, ymax = max(p[0] for p in pts), max(p[1] for p in pts)
    width = int((xmax - xmin) * UNIT) + 2 * MARGIN
    height = int((ymax - ymin) * UNIT) + 2 * MARGIN + STATUS_H
    c = Canvas(max(width, 200), height, BACKGROUND)
    dx = (c.width - width) / 2

    def at(xy: Sequence[float]) -> tuple[float, float]:
        return MARGIN + dx + (xy[0] - xmin) * UNIT, MARGIN + (xy[1] - ymin) * UNIT

    red = set(board["red_line"])
    for i, xy in enumerate(board["path"]):
        c.disc(*at(xy), 2.5, RED_LINE if i in red else PATH)
    for xy in board["poison_spaces"]:
        c.ring(*at(xy), 5, POISON_SPACE)
    for xy in board["plug_ins"]:
        x, y = at(xy)
        c.rect(x - 1.5, y, x + 1.5, y + 5, shade(PLUG_IN, 0.7))
        c.disc(x, y - 1, 4.5, PLUG_IN)
    for mushroom in obs["poison"]:
        x, y = at(mushroom["xy"])
        c.disc(x, y, 5, POISON)
    for line in board["firing_lines"]:
        for k, xy in enumerate(line["guns"]):
            x, y = at(xy)
            c.rect(x - 1, y - 1, x + 1, y + 1, TEXT if k == line["safety"] else PATH)
    for sp in board["spider_spaces"]:
        c.ring(*at(sp["xy"]), 4, shade(SPIDER, 0.5))
    c.ring(*at(board["den"]), 5, shade(SPIDER, 0.5))
    c.ring(*at(board["hollow"]), 5, shade(SCORPION, 0.5))
    for cent in obs["centipedes"]:
        colour = PLAYER[cent["player"]]
        for seg in reversed(cent["segments"]):  # the head last, on top
            if seg["at"] != "path":
                continue
            x, y = at(seg["xy"])
            tint = colour if seg["alive"] else shade(colour, 0.35)
            c.disc(x, y, 6 if seg["head"] else 4.5, tint)
            if seg["head"] and seg["alive"]:
                c.disc(x, y, 2, (255, 255, 255))
    lines = board["firing_lines"]
    for gun in obs["guns"]:
        p = gun["player"]
        x, y = at(gun["xy"])
        fx, fy = lines[p]["direction"]
        colour = shade(PLAYER[p], 0.5) if gun["disabled"] else PLAYER[p]
        tip = (x + 7 * fx, y + 7 * fy)
        back = [(x - 5 * fx - 5 * fy, y - 5 * fy - 5 * fx), (x - 5 * fx + 5 * fy, y - 5 * fy + 5 * fx)]
        c.polygon([back[0], tip, back[1]], colour)
    c.disc(*at(obs["spider"]["xy"]), 4.5, SPIDER)
    c.disc(*at(obs["scorpion"]["xy"]), 4.5, SCORPION)
    for base in board["home"]:
        x, y = at(base)
        tx = int(x) - 10
        for cent in obs["centipedes"]:
            inside = sum(s["at"] != "path" and s["xy"] == base for s in cent["segments"])
            if inside:
                tx = c.text(tx, int(y) - 2, str(inside), PLAYER[cent["player"]]) + 2
    _status(c, obs, height - STATUS_H + 4)
    return c.pixels


def _status(c: Canvas, obs: MBObservation, y: int) -> None:
    c.text(6, y, f"SPIN {obs['turn']}  {obs['spin'] or '-'}", TEXT, 2)
    if obs["is_terminal"]:
        r = obs["returns"]
        assert r is not None, "the end's view has the returns"
        result = "DRAW" if r[0] == r[1] else ("GREEN WINS" if r[0] > r[1] else "RED WINS")
        c.text(6, y + 16, "GAME OVER: " + result, ALERT, 2)
    elif obs["current_player"] >= 0:
        name = ("GREEN", "RED")[obs["current_player"]]
        c.text(6, y + 16, f"{name} TO PLAY  {obs['phase']}", PLAYER[obs["current_player"]], 2)
