"""Atari's Centipede board as a small RGB picture (its `GameSpec.raster`), drawn from an observation, so a picture
shows only what that viewer may see (AC-12.1: hands are not drawn at all).

The field is the grid of `rows` x 9 squares, row 0 at the top; the two end rows are the Gnomes' rows (dark
yellow) and spawn points are marked. Mushrooms are green caps on a stem; centipede segments are discs in their
colour (red, and blue with four players), heads larger with an eye on the side they face; fleas are diamonds and
spiders discs with legs, in their colour; Gnomes are yellow squares (with their team's letter with four players).
Under the grid: the round, who is to play, the phase, and the result at the end.
"""

from __future__ import annotations

import numpy as np

from ...core.canvas import Canvas, shade
from .observation import AtariObservation

CELL, COLS, MARGIN = 14, 9, 6
STATUS_H = 48
BACKGROUND, GRID = (10, 10, 14), (28, 28, 36)
END_ROW, SPAWN = (70, 60, 10), (70, 20, 70)
MUSHROOM, STEM = (60, 200, 80), (200, 190, 160)
COLOUR = {"red": (235, 50, 50), "blue": (60, 140, 255)}
GNOME = (250, 220, 40)
TEXT, DIM, ALERT = (235, 235, 235), (150, 150, 170), (255, 90, 90)


def size(rows: int) -> tuple[int, int]:
    """(width, height) of the picture for a board of `rows` rows."""
    return max(COLS * CELL + 2 * MARGIN, 160), rows * CELL + 2 * MARGIN + STATUS_H


def draw(obs: AtariObservation) -> np.ndarray:
    """The observation as a uint8 picture of `size(obs["rows"])`."""
    rows = obs["rows"]
    width, height = size(rows)
    c = Canvas(width, height, BACKGROUND)
    x0 = (width - COLS * CELL) // 2

    def cell(r: int, col: int) -> tuple[float, float, float, float]:
        x, y = x0 + col * CELL, MARGIN + r * CELL
        return x, y, x + CELL, y + CELL

    spawns = {tuple(s) for s in obs.get("spawn_points", ())}
    for r in range(rows):
        for col in range(COLS):
            x, y, x1, y1 = cell(r, col)
            fill = END_ROW if r in (0, rows - 1) else SPAWN if (r, col) in spawns else GRID
            c.rect(x + 1, y + 1, x1, y1, fill)
    for r, col in obs["mushrooms"]:
        x, y, _, _ = cell(r, col)
        c.rect(x + 6, y + 7, x + 9, y + 12, STEM)
        c.disc(x + 7.5, y + 6.5, 5, MUSHROOM)
    for cent in obs["centipedes"]:
        colour = COLOUR.get(cent["colour"], TEXT)
        for i, (r, col) in enumerate(cent["segments"]):
            x, y, _, _ = cell(r, col)
            if i == 0:
                c.disc(x + 7.5, y + 7.5, 6.5, colour)
                c.disc(x + 7.5 + 3.5 * cent["facing"], y + 6, 1.8, (255, 255, 255))
            else:
                c.disc(x + 7.5, y + 7.5, 5, shade(colour, 0.8))
    for flea in obs["fleas"]:
        x, y, _, _ = cell(*flea["square"])
        colour = COLOUR.get(flea["colour"], TEXT)
        c.polygon([(x + 7.5, y + 1.5), (x + 13, y + 7.5), (x + 7.5, y + 13.5), (x + 2, y + 7.5)], colour)
    for spider in obs["spiders"]:
        x, y, _, _ = cell(*spider["square"])
        colour = COLOUR.get(spider["colour"], TEXT)
        c.line(x + 1, y + 2, x + 14, y + 13, colour)
        c.line(x + 1, y + 13, x + 14, y + 2, colour)
        c.disc(x + 7.5, y + 7.5, 4, colour)
    four = obs["players"] == 4
    for i, gnome in enumerate(obs["gnomes"]):
        if gnome["square"] is not None:
            x, y, x1, y1 = cell(*gnome["square"])
            c.rect(x + 2, y + 2, x1 - 1, y1 - 1, GNOME)
            if four:
                c.text(int(x) + 5, int(y) + 4, "AB"[i], (0, 0, 0))
    _status(c, obs, MARGIN + rows * CELL + 6)
    return c.pixels


def _status(c: Canvas, obs: AtariObservation, y: int) -> None:
    c.text(4, y, f"ROUND {obs['round']}", TEXT, 2)
    roles = obs.get("roles") or []
    cur = obs["current_player"]
    if obs["is_terminal"]:
        returns = obs["returns"] or []
        winners = sorted({roles[p].split(" ")[0] for p, v in enumerate(returns) if v > 0 and p < len(roles)})
        c.text(4, y + 14, "OVER: " + ("/".join(winners) + " WIN" if winners else "DRAW"), ALERT, 2)
    elif 0 <= cur < len(roles):
        c.text(4, y + 14, roles[cur].replace("(", "").replace(")", ""), DIM, 1 if len(roles[cur]) > 19 else 2)
    c.text(4, y + 30, str(obs["phase"]), DIM, 1)
