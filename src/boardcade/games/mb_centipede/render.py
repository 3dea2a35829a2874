"""Terminal drawing of a Milton Bradley Centipede observation with Rich, drawn from the board in the observation
(the layout: any board, not only the shipped one).

One text row per board line, three characters per grid column, so the four spaces of a curve get places of
their own. Path spaces ".", red-lined curve spaces "~" (red), empty poison spaces "o", poison mushrooms "P",
plug-in mushrooms "M", centipede heads "G"/"R" and bodies "g"/"r" (dead ones "X"/"x", dim), the Spider "S",
the Scorpion "K", guns as arrows in their firing direction (">" Green's, "<" Red's on the shipped board) on
their Firing Lines ("-" positions, "+" the Safety Space), Spider Spaces "*", Den "D", Hollow "H". A home base
shows how many segments of each colour are inside, e.g. "g6" (Green at home) or "r2" (Red arrived).
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.text import Text

COLOURS = ("green", "red")
ARROWS = {(1, 0): ">", (-1, 0): "<", (0, 1): "v", (0, -1): "^"}


class _Canvas:
    def __init__(self, points: list[list[float]]):
        self.x0 = min(p[0] for p in points)
        self.y0 = min(p[1] for p in points)
        width = round(3 * (max(p[0] for p in points) - self.x0)) + 4
        height = round(max(p[1] for p in points) - self.y0) + 1
        self.cells: list[list[tuple[str, str]]] = [[(" ", "")] * width for _ in range(height)]

    def put(self, xy: list[float], text: str, style: str = "", shift: int = 0) -> None:
        row = round(xy[1] - self.y0)
        col = round(3 * (xy[0] - self.x0)) + shift
        line = self.cells[row]
        for k, ch in enumerate(text):
            if 0 <= col + k < len(line):
                line[col + k] = (ch, style)

    def text(self) -> Text:
        out = Text()
        for r, line in enumerate(self.cells):
            for ch, style in line:
                out.append(ch, style=style)
            if r < len(self.cells) - 1:
                out.append("\n")
        return out


def render(observation: dict[str, Any]) -> Any:
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
    c = _Canvas(points)
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
    title = f"Centipede (Milton Bradley) — {board['layout']} board"
    return Group(Panel(c.text(), title=title, expand=False), _status(obs))


def _status(obs: dict[str, Any]) -> Text:
    out = Text()
    for cent in obs["centipedes"]:
        p = cent["player"]
        segs = cent["segments"]
        live = sum(s["alive"] for s in segs)
        home = sum(s["at"] == "home" for s in segs)
        goal = sum(s["at"] == "goal" for s in segs)
        marks = "".join(("H" if s["head"] else "b") if s["alive"] else ("X" if s["head"] else "x") for s in segs)
        gun = obs["guns"][p]
        out.append(f"{cent['name']:5}", style=f"bold {COLOURS[p]}")
        out.append(
            f" segments {marks} ({live} live)  home {home}  in goal {goal}  spaces left {obs['remaining'][p]}"
            f"  gun at position {gun['position']}{' DISABLED by the Spider' if gun['disabled'] else ''}\n"
        )
    spin = obs["spin"] or "-"
    turn = f"Spin {obs['turn']}/{obs['max_turns']}  last spin: {spin}  phase: {obs['phase']}"
    if obs["moves_left"]:
        turn += f"  spaces still to move: {obs['moves_left']}"
    out.append(turn + f"  poison mushrooms in supply: {obs['supply']}\n")
    out.append(f"Spider: {obs['spider']['at']}  Scorpion: {obs['scorpion']['at']}\n")
    if obs["is_terminal"]:
        r = obs["returns"]
        result = "draw (safety cap)" if r[0] == r[1] else ("Green wins" if r[0] > r[1] else "Red wins")
        out.append(f"Game over: {result}\n", style="bold")
    return out
