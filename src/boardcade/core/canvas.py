"""A small numpy drawing kit for the games' raster parts (`GameSpec.raster`: the board as an RGB picture, which
Gymnasium's `render_mode="rgb_array"` and video recorders show).

Needs numpy, unlike the rest of the core: `boardcade.core` does not import this module; only the games' raster
parts do, and only the research adapters call those (their extras bring numpy). Shapes are filled by testing
pixel centres inside their bounding box, so each call touches only the pixels it may cover; everything is
clipped to the canvas. Text uses a 3x5 pixel font (capitals, digits and a few signs), scaled by whole pixels.
"""

from __future__ import annotations

import numpy as np

Colour = tuple[int, int, int]
_Box = tuple[int, int, int, int, np.ndarray, np.ndarray]  # clipped bounds, and the pixel centres inside them

# 3x5 glyphs, one string per row, '#' = ink. Lower-case letters are drawn as capitals; unknown characters as blanks.
_FONT_ROWS = {
    "A": ("###", "#.#", "###", "#.#", "#.#"),
    "B": ("##.", "#.#", "##.", "#.#", "##."),
    "C": ("###", "#..", "#..", "#..", "###"),
    "D": ("##.", "#.#", "#.#", "#.#", "##."),
    "E": ("###", "#..", "##.", "#..", "###"),
    "F": ("###", "#..", "##.", "#..", "#.."),
    "G": ("###", "#..", "#.#", "#.#", "###"),
    "H": ("#.#", "#.#", "###", "#.#", "#.#"),
    "I": ("###", ".#.", ".#.", ".#.", "###"),
    "J": ("..#", "..#", "..#", "#.#", "###"),
    "K": ("#.#", "#.#", "##.", "#.#", "#.#"),
    "L": ("#..", "#..", "#..", "#..", "###"),
    "M": ("#.#", "###", "###", "#.#", "#.#"),
    "N": ("##.", "#.#", "#.#", "#.#", "#.#"),
    "O": ("###", "#.#", "#.#", "#.#", "###"),
    "P": ("###", "#.#", "###", "#..", "#.."),
    "Q": ("###", "#.#", "#.#", "###", "..#"),
    "R": ("###", "#.#", "##.", "#.#", "#.#"),
    "S": ("###", "#..", "###", "..#", "###"),
    "T": ("###", ".#.", ".#.", ".#.", ".#."),
    "U": ("#.#", "#.#", "#.#", "#.#", "###"),
    "V": ("#.#", "#.#", "#.#", "#.#", ".#."),
    "W": ("#.#", "#.#", "###", "###", "#.#"),
    "X": ("#.#", "#.#", ".#.", "#.#", "#.#"),
    "Y": ("#.#", "#.#", ".#.", ".#.", ".#."),
    "Z": ("###", "..#", ".#.", "#..", "###"),
    "0": ("###", "#.#", "#.#", "#.#", "###"),
    "1": (".#.", "##.", ".#.", ".#.", "###"),
    "2": ("###", "..#", "###", "#..", "###"),
    "3": ("###", "..#", "###", "..#", "###"),
    "4": ("#.#", "#.#", "###", "..#", "..#"),
    "5": ("###", "#..", "###", "..#", "###"),
    "6": ("###", "#..", "###", "#.#", "###"),
    "7": ("###", "..#", "..#", "..#", "..#"),
    "8": ("###", "#.#", "###", "#.#", "###"),
    "9": ("###", "#.#", "###", "..#", "###"),
    "*": ("...", "#.#", ".#.", "#.#", "..."),
    "?": ("###", "..#", ".##", "...", ".#."),
    ":": ("...", ".#.", "...", ".#.", "..."),
    "-": ("...", "...", "###", "...", "..."),
    "+": ("...", ".#.", "###", ".#.", "..."),
    "/": ("..#", "..#", ".#.", "#..", "#.."),
    ".": ("...", "...", "...", "...", ".#."),
    "=": ("...", "###", "...", "###", "..."),
}
FONT = {ch: np.array([[c == "#" for c in row] for row in rows], bool) for ch, rows in _FONT_ROWS.items()}


class Canvas:
    """An RGB picture being drawn: `pixels` is (height, width, 3) uint8."""

    def __init__(self, width: int, height: int, background: Colour = (0, 0, 0)):
        self.width, self.height = int(width), int(height)
        self.pixels = np.empty((self.height, self.width, 3), np.uint8)
        self.pixels[:] = background

    def _box(self, x0: float, y0: float, x1: float, y1: float) -> _Box | None:
        """Clipped integer bounds and the pixel-centre coordinates inside them (None when empty)."""
        i0, i1 = max(int(np.floor(x0)), 0), min(int(np.ceil(x1)), self.width)
        j0, j1 = max(int(np.floor(y0)), 0), min(int(np.ceil(y1)), self.height)
        if i0 >= i1 or j0 >= j1:
            return None
        xs = np.arange(i0, i1) + 0.5
        ys = (np.arange(j0, j1) + 0.5)[:, None]
        return i0, i1, j0, j1, xs, ys

    def _paint(self, box: _Box, inside: np.ndarray, colour: Colour) -> None:
        i0, i1, j0, j1 = box[:4]
        self.pixels[j0:j1, i0:i1][inside] = colour

    def rect(self, x0: float, y0: float, x1: float, y1: float, colour: Colour) -> None:
        """Fill the rectangle [x0, x1) x [y0, y1)."""
        box = self._box(x0, y0, x1, y1)
        if box is not None:
            i0, i1, j0, j1 = box[:4]
            self.pixels[j0:j1, i0:i1] = colour

    def disc(self, cx: float, cy: float, r: float, colour: Colour) -> None:
        box = self._box(cx - r, cy - r, cx + r, cy + r)
        if box is not None:
            xs, ys = box[4], box[5]
            self._paint(box, (xs - cx) ** 2 + (ys - cy) ** 2 <= r * r, colour)

    def ring(self, cx: float, cy: float, r: float, colour: Colour, width: float = 1.0) -> None:
        box = self._box(cx - r, cy - r, cx + r, cy + r)
        if box is not None:
            xs, ys = box[4], box[5]
            d2 = (xs - cx) ** 2 + (ys - cy) ** 2
            self._paint(box, (d2 <= r * r) & (d2 >= (r - width) ** 2), colour)

    def polygon(self, points: list[tuple[float, float]], colour: Colour) -> None:
        """Fill a convex polygon given by its corners in order (either direction)."""
        px = np.array([p[0] for p in points], float)
        py = np.array([p[1] for p in points], float)
        box = self._box(px.min(), py.min(), px.max(), py.max())
        if box is None:
            return
        xs, ys = box[4], box[5]
        qx, qy = np.roll(px, -1), np.roll(py, -1)
        area = np.sum(px * qy - qx * py)
        sign = 1.0 if area >= 0 else -1.0
        inside = np.ones((len(ys), len(xs)), bool)
        for ax, ay, bx, by in zip(px, py, qx, qy, strict=True):
            inside &= sign * ((bx - ax) * (ys - ay) - (by - ay) * (xs - ax)) >= 0
        self._paint(box, inside, colour)

    def line(self, x0: float, y0: float, x1: float, y1: float, colour: Colour, width: float = 1.0) -> None:
        """A straight stroke of the given width between two points."""
        pad = width / 2 + 1
        box = self._box(min(x0, x1) - pad, min(y0, y1) - pad, max(x0, x1) + pad, max(y0, y1) + pad)
        if box is None:
            return
        xs, ys = box[4], box[5]
        dx, dy = x1 - x0, y1 - y0
        length2 = dx * dx + dy * dy or 1.0
        t = np.clip(((xs - x0) * dx + (ys - y0) * dy) / length2, 0.0, 1.0)
        d2 = (xs - (x0 + t * dx)) ** 2 + (ys - (y0 + t * dy)) ** 2
        self._paint(box, d2 <= (width / 2) ** 2, colour)

    def text(self, x: int, y: int, text: str, colour: Colour, scale: int = 1) -> int:
        """Write `text` with its top-left corner at (x, y); returns the x just after it."""
        for ch in text.upper():
            glyph = FONT.get(ch)
            if glyph is not None:
                big = np.kron(glyph, np.ones((scale, scale), bool)) if scale > 1 else glyph
                h, w = big.shape
                i0, j0 = max(x, 0), max(y, 0)
                i1, j1 = min(x + w, self.width), min(y + h, self.height)
                if i0 < i1 and j0 < j1:
                    self.pixels[j0:j1, i0:i1][big[j0 - y : j1 - y, i0 - x : i1 - x]] = colour
            x += 4 * scale
        return x


def shade(colour: Colour, factor: float) -> Colour:
    """The colour made darker (factor < 1) or lighter (factor > 1), clipped to 0..255."""
    return tuple(int(min(255, max(0, round(c * factor)))) for c in colour)  # type: ignore[return-value]
