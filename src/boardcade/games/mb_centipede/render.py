"""Terminal drawing of a Milton Bradley Centipede observation with Rich.

The board is drawn as a grid of 3-character cells, Red's side at the top and Green's at the bottom:
path spaces ".", plug-in mushrooms "M", poison mushrooms "P", centipede heads "G"/"R" and bodies "g"/"r"
(dim "x"/"X" when dead), the Spider "S", the Scorpion "K", guns "A" (Green, firing up) and "V" (Red, firing
down), Spider Spaces "*", the Safety Space "+". A curve's four spaces share the side column: its middle
cell shows two of them.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.text import Text

COLOURS = ("green", "red")
X_MIN, X_MAX, Y_MIN, Y_MAX = -1, 13, -2, 12


def _cell_key(x: float, y: float) -> tuple[int, int]:
    return int(round(x)), int(round(y))


def render(observation: dict[str, Any]) -> Any:
    obs = observation
    board = obs["board"]
    cells: dict[tuple[int, int], list[tuple[str, str]]] = {}

    def put(x: float, y: float, ch: str, style: str = "") -> None:
        cells.setdefault(_cell_key(x, y), []).append((ch, style))

    # path spaces, one glyph per space (curve middles hold two)
    content: dict[int, tuple[str, str]] = {}
    for i in range(len(board["path"])):
        content[i] = (".", "dim")
    poison_at = {tuple(p["xy"]): p for p in obs["poison"]}
    index_of = {tuple(c): i for i, c in enumerate(board["path"])}
    for xy in poison_at:
        content[index_of[xy]] = ("P", "bold magenta")
    for piece, ch, style in ((obs["spider"], "S", "bold cyan"), (obs["scorpion"], "K", "bold yellow")):
        if piece["at"] == "poison":
            content[index_of[tuple(piece["xy"])]] = (ch, style + " underline")
        elif piece["at"] != "gun":
            put(*piece["xy"], ch, style)
    for cent in obs["centipedes"]:
        colour = COLOURS[cent["player"]]
        for seg in cent["segments"]:
            if seg["at"] != "path":
                continue
            letter = "GR"[cent["player"]] if seg["head"] else "gr"[cent["player"]]
            if seg["alive"]:
                content[seg["space"]] = (letter, f"bold {colour}")
            else:
                content[seg["space"]] = ("X" if seg["head"] else "x", f"dim {colour}")
    for i, (x, y) in enumerate(board["path"]):
        put(x, y, *content[i])
    for x, y in board["plug_ins"]:
        put(x, y, "M", "yellow")
    for x, y in board["spider_spaces"]:
        if (x, y) != tuple(obs["spider"]["xy"]) or obs["spider"]["at"] != "spider_space":
            put(x, y, "*", "dim")
    safety = board["safety_x"]
    for fy in board["firing_y"]:
        for x in range(1, 12):
            put(x, fy, "+" if x == safety else "-", "dim")
    for gun in obs["guns"]:
        x, fy = gun["xy"]
        cells[(x, fy)] = [("A" if gun["player"] == 0 else "V", f"bold {COLOURS[gun['player']]}")]
        if gun["disabled"]:
            cells[(x, fy)].append(("S", "bold cyan"))
    if obs["spider"]["at"] != "den":
        put(*board["den"], "D", "dim cyan")
    if obs["scorpion"]["at"] != "hollow":
        put(*board["hollow"], "H", "dim yellow")
    # home bases: how many segments of each colour are inside (Green's start is Red's goal and vice versa)
    for cent in obs["centipedes"]:
        off = [s for s in cent["segments"] if s["at"] != "path"]
        for base in {tuple(s["xy"]) for s in off}:
            n = sum(tuple(s["xy"]) == base for s in off)
            put(*base, str(n), f"bold {COLOURS[cent['player']]}")

    text = Text()
    for y in range(Y_MIN, Y_MAX + 1):
        for x in range(X_MIN, X_MAX + 1):
            glyphs = cells.get((x, y), [])[:3]
            width = sum(len(g) for g, _ in glyphs)
            text.append(" " if width < 3 else "")
            for g, style in glyphs:
                text.append(g, style=style)
            text.append(" " * max(0, 2 - width))
        text.append("\n")
    text.rstrip()
    return Group(Panel(text, title="Centipede (Milton Bradley)", expand=False), _status(obs))


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
            f"  gun x={gun['x']}{' DISABLED by the Spider' if gun['disabled'] else ''}\n"
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
