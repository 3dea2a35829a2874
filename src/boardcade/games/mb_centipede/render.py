"""Terminal drawing of a Milton Bradley Centipede observation with Rich, drawn from the board in the observation
(the layout: any board, not only the shipped one).

One text row per board line, three characters per grid column (two in a narrow terminal), so the four spaces of
a curve get places of their own; x coordinates run across the top and y down the left, as moves name places
(`(14,2)`; a gun's position on its Firing Line is its y). Path spaces ".", red-lined curve spaces "~" (red),
empty poison spaces "o", poison mushrooms "P", plug-in mushrooms "M", centipede heads "G"/"R" and bodies
"g"/"r" (dead ones "X"/"x", dim), the Spider "S", the Scorpion "K", guns as arrows in their firing direction
(">" Green's, "<" Red's on the shipped board) on their Firing Lines ("-" positions, "+" the Safety Space),
Spider Spaces "*", Den "D", Hollow "H". A home base shows how many segments of each colour are inside, e.g.
"g6" (Green at home) or "r2" (Red arrived).
"""

from __future__ import annotations

import math
import re
from collections.abc import Collection, Sequence
from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from .observation import MBObservation, PieceView

COLOURS = ("green", "red")
ARROWS = {(1, 0): ">", (-1, 0): "<", (0, 1): "v", (0, -1): "^"}


WIDE = 3 * 17 + 4 + 3  # the shipped board at three characters per unit, with its y labels


def square(target: Sequence[float]) -> str:
    return "(" + ",".join(str(int(v)) if float(v).is_integer() else f"{v:g}" for v in target[:2]) + ")"


def parse_square(text: str) -> tuple[int, int] | None:
    """`(14,2)`, `14,2` or `14 2` -> (14, 2)."""
    m = _PAIR.match(text.strip())
    return (int(m.group(1)), int(m.group(2))) if m else None


_PAIR = re.compile(r"^\(?\s*(-?\d+)\s*[,\s]\s*(-?\d+)\s*\)?$")


def menu_key(info: dict[str, Any]) -> str | None:
    """The gun's moves are keyed by their Firing Line position (the y coordinate), the same in every turn."""
    if info.get("kind") == "gun":
        return str(info["args"]["position"])
    return None


def group_label(kind: str, where: str) -> str | None:
    if kind == "gun":
        return "move your gun to that position (its y on the board) and fire"
    return None


class _Canvas:
    """Board coordinates (x, y) on a character grid: `scale` characters per x unit, one row per y unit, with
    the x coordinates above and the y coordinates on the left (so `(14,2)` can be found by eye)."""

    def __init__(self, points: list[list[float]], scale: int = 3):
        self.scale = scale
        self.x0 = math.floor(min(p[0] for p in points))
        self.y0 = math.floor(min(p[1] for p in points))
        self.x1 = math.ceil(max(p[0] for p in points))
        width = round(scale * (self.x1 - self.x0)) + 4
        height = round(max(p[1] for p in points) - self.y0) + 1
        self.cells: list[list[tuple[str, str]]] = [[(" ", "")] * width for _ in range(height)]

    def put(self, xy: list[float], text: str, style: str = "", shift: int = 0) -> None:
        row = round(xy[1] - self.y0)
        col = round(self.scale * (xy[0] - self.x0)) + shift
        line = self.cells[row]
        for k, ch in enumerate(text):
            if 0 <= col + k < len(line):
                line[col + k] = (ch, style)

    def mark(self, xy: list[float], style: str) -> None:
        row = round(xy[1] - self.y0)
        col = round(self.scale * (xy[0] - self.x0))
        if 0 <= row < len(self.cells) and 0 <= col < len(self.cells[row]):
            ch, old = self.cells[row][col]
            self.cells[row][col] = (ch if ch != " " else "·", f"{old} {style}".strip())

    def text(self) -> Text:
        out = Text(style="")
        step = 1 if self.scale >= 3 else 2  # label every unit, or every other one when squeezed
        axis = [" "] * (len(self.cells[0]) + 3)
        for x in range(self.x0, self.x1 + 1, step):
            label = str(x)
            col = 3 + round(self.scale * (x - self.x0)) - (len(label) - 1)
            for k, ch in enumerate(label):
                if 0 <= col + k < len(axis):
                    axis[col + k] = ch
        out.append("".join(axis).rstrip() + "\n", style="dim")
        for r, line in enumerate(self.cells):
            out.append(f"{r + self.y0:>2} ", style="dim")
            for ch, style in line:
                out.append(ch, style=style)
            out.rstrip()
            if r < len(self.cells) - 1:
                out.append("\n")
        return out


def board(
    observation: MBObservation, width: int | None = None, height: int | None = None, marks: Collection[Any] = ()
) -> Text:
    """The board with x coordinates across the top and y down the left, as moves name places: `(14,2)`; a gun's
    position on its Firing Line is its y. Three characters a unit, two when `width` is too small for three."""
    obs = observation
    board = obs["board"]
    lines = board["firing_lines"]
    points = (
        board["path"]
        + board["plug_ins"]
        + [g for line in lines for g in line["guns"]]
        + [s["xy"] for s in board["spider_spaces"]]
        + [board["den"], board["hollow"]]
        + board["home"]
    )
    scale = 3 if width is None or width >= WIDE else 2
    c = _Canvas(points, scale)
    red = set(board["red_line"])
    for i, xy in enumerate(board["path"]):
        c.put(xy, "~" if i in red else ".", "red" if i in red else "dim")
    for xy in board["poison_spaces"]:
        c.put(xy, "o", "dim magenta")
    for xy in board["plug_ins"]:
        c.put(xy, "M", "yellow")
    for mushroom in obs["poison"]:
        c.put(mushroom["xy"], "P", "bold magenta")
    for line in lines:
        for k, xy in enumerate(line["guns"]):
            c.put(xy, "+" if k == line["safety"] else "-", "dim")
    for sp in board["spider_spaces"]:
        c.put(sp["xy"], "*", "dim")
    c.put(board["den"], "D", "dim cyan")
    c.put(board["hollow"], "H", "dim yellow")
    for cent in obs["centipedes"]:
        colour = COLOURS[cent["player"]]
        for seg in reversed(cent["segments"]):  # the head is drawn last, on top
            if seg["at"] != "path":
                continue
            if seg["alive"]:
                c.put(seg["xy"], "GR"[cent["player"]] if seg["head"] else "gr"[cent["player"]], f"bold {colour}")
            else:
                c.put(seg["xy"], "X" if seg["head"] else "x", f"dim {colour}")
    for gun in obs["guns"]:
        p = gun["player"]
        d = tuple(lines[p]["direction"])
        c.put(gun["xy"], ARROWS.get(d, "A"), f"bold {COLOURS[p]}")
    spider = obs["spider"]
    if spider["at"] == "gun":
        d = lines[spider["player"]]["direction"]
        c.put(spider["xy"], "S", "bold cyan", shift=-1 if d[0] >= 0 else 1)
    else:
        c.put(spider["xy"], "S", "bold cyan")
    c.put(obs["scorpion"]["xy"], "K", "bold yellow")
    # home bases: how many segments of each colour are inside (one colour's start is the other's goal)
    for b, base in enumerate(board["home"]):
        label, styles = "", []
        for cent in obs["centipedes"]:
            inside = sum(s["at"] != "path" and s["xy"] == base for s in cent["segments"])
            if inside:
                text = "gr"[cent["player"]] + str(inside)
                label += text
                styles += [f"bold {COLOURS[cent['player']]}"] * len(text)
        if not label:
            label, styles = "[]", ["dim", "dim"]
        for k, ch in enumerate(label):
            c.put(base, ch, styles[k], shift=k - (len(label) - 1 if b == 1 else 0))
    for xy in marks:
        c.mark(list(xy), "reverse")
    return c.text()


def legend(obs: MBObservation) -> Text:
    return Text(
        "G/R Green/Red head, g/r body, X/x dead  > < guns on their Firing Lines (- positions, + safety; position = y)"
        "  . path  ~ red line  o poison space  P poison mushroom  M plug-in  * Spider Space  S Spider  K Scorpion"
        "  D Den  H Hollow  [] home base (g6 = 6 Green segments inside)",
        style="dim",
    )


def result_words(obs: MBObservation) -> str:
    r = obs.get("returns") or [0, 0]
    names = [c["name"] for c in sorted(obs["centipedes"], key=lambda c: c["player"])]
    if r[0] == r[1]:
        return "The match is a draw" + (" (the safety cap ended it)" if obs.get("safety_cap_hit") else "")
    return f"{names[0] if r[0] > r[1] else names[1]} wins"


def _where(piece: PieceView, obs: MBObservation) -> str:
    at = piece["at"]
    if at == "den":
        return "in its Den"
    if at == "hollow":
        return "in its Hollow"
    if at == "poison":
        return f"on the poison mushroom space {square(piece['xy'])}"
    if at == "spider_space":
        return f"on the Spider Space {square(piece['xy'])}"
    if at == "gun":
        names = {c["player"]: c["name"] for c in obs["centipedes"]}
        return f"on {names.get(piece['player'], 'a')}'s gun (it cannot shoot)"
    return str(at).replace("_", " ")


def count(n: int, word: str) -> str:
    """`1 flea`, `3 fleas`: a number and its noun, singular for one."""
    return f"{n} {word if n == 1 else word + 's'}"


def facts(obs: MBObservation) -> list[tuple[str, str]]:
    rows: list[tuple[str, str]] = []
    if obs["is_terminal"]:
        rows.append(("Game over", result_words(obs)))
    spin = obs["spin"] or "-"
    rows.append(("Spin", f"{obs['turn']} of at most {obs['max_turns']}; last spin: {spin}"))
    if obs["moves_left"]:
        rows.append(("To move", count(obs["moves_left"], "space")))
    for cent in obs["centipedes"]:
        p = cent["player"]
        segs = cent["segments"]
        live = sum(s["alive"] for s in segs)
        home = sum(s["at"] == "home" for s in segs)
        goal = sum(s["at"] == "goal" for s in segs)
        marks = "".join(("H" if s["head"] else "b") if s["alive"] else ("X" if s["head"] else "x") for s in segs)
        gun = obs["guns"][p]
        where = f"{home} at home, " if home else ""
        where += f"{goal} in goal, " if goal else ""
        rows.append(
            (
                cent["name"] + (" (you)" if obs.get("viewer") == p else ""),
                f"{marks} ({live} live), {where}{count(obs['remaining'][p], 'space')} to go; gun at {gun['position']}"
                f"{' (DISABLED by the Spider)' if gun['disabled'] else ''}",
            )
        )
    rows.append(("Spider", _where(obs["spider"], obs)))
    rows.append(("Scorpion", _where(obs["scorpion"], obs)))
    rows.append(("Supply", count(obs["supply"], "poison mushroom")))
    return rows


def render(observation: MBObservation) -> Any:
    title = f"Centipede (Milton Bradley) — {observation['board']['layout']} board"
    info = Table.grid(padding=(0, 2))
    if not observation["is_terminal"]:
        info.add_row("Now", observation.get("prompt") or observation["phase"])
    for label, value in facts(observation):
        info.add_row(label, value)
    return Group(Panel(board(observation), title=title, expand=False), legend(observation), info)
