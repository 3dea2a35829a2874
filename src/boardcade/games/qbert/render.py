"""Terminal drawing of a Q*bert observation with Rich."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

SYMBOLS = {"coily": "C", "red_ball": "R", "green_ball": "G", "slick": "S", "ugg": "U", "wrong_way": "W"}
STYLES = {"coily": "bold magenta", "red_ball": "bold red", "green_ball": "bold green", "slick": "bold cyan"}


def render(obs: dict[str, Any]) -> Group:
    on_cube = {}
    faces: dict[tuple[int, int], list[str]] = {}
    for n in obs["nasties"]:
        if n["cube"] is None:
            continue
        key = tuple(n["cube"])
        if n["where"] == "cube":
            on_cube[key] = n["key"]
        else:
            faces.setdefault(key, []).append(n["key"])
    pegs = {tuple(p) for p in obs["pegs"]}
    qbert = tuple(obs["qbert"])
    discs = {(tuple(d["cube"]), d["side"]) for d in obs["discs"] if d["active"]}
    lines = []
    for r in range(7):
        # Each cube is 4 characters wide (left face, top, right face) and each row starts 2 further left,
        # so a cube's diagonal neighbours sit half a cube to either side, as on the pyramid.
        line = Text(" " * (2 * (6 - r)))
        line.append("◎ " if ((r, 0), "left") in discs else "  ", style="bold yellow")
        for i in range(r + 1):
            cell = (r, i)
            line.append("W" if "wrong_way" in faces.get(cell, []) else "/", style="bold blue")
            if cell == qbert and cell in on_cube:
                line.append("Q" + SYMBOLS[on_cube[cell]], style="bold yellow on red")
            elif cell == qbert:
                line.append("Q*", style="bold black on yellow")
            elif cell in on_cube:
                k = on_cube[cell]
                line.append(SYMBOLS[k] + ("•" if cell in pegs else " "), style=STYLES[k])
            else:
                line.append(" •" if cell in pegs else "  ", style="white")
            line.append("U" if "ugg" in faces.get(cell, []) else "\\", style="bold blue")
        line.append(" ◎" if ((r, r), "right") in discs else "  ", style="bold yellow")
        line.append(" " * (2 * (6 - r)) + f"  row {r}", style="dim")
        lines.append(line)
    info = Table.grid(padding=(0, 2))
    names = obs.get("player_names", ["Player 1", "Player 2"])
    qp = obs["qbert_player"]
    if qp >= 0:
        info.add_row("Round", f"{obs['round']}  (turn {obs['turn']} of at most {obs['max_turns_per_round']})")
        info.add_row("Q*bert", names[qp])
        info.add_row("Nasties", names[1 - qp])
    info.add_row("Pegs left", str(obs["pegs_left"]))
    roll = "hidden in the tube" if obs["roll_hidden"] else ("-" if obs["roll"] is None else str(obs["roll"]))
    info.add_row("Q*bert's roll", roll)
    info.add_row(
        "Moves used", str(obs["moves_used"]) + ("" if obs["moves_left"] is None else f", {obs['moves_left']} left")
    )
    if obs["character"]:
        info.add_row("Nasty moving", f"{obs['character']} ({obs['steps_left']} step(s) left)")
    if obs["threat"]:
        info.add_row("Danger", Text("capture threatened: escape or be captured!", style="bold red"))
    if obs["frozen"]:
        info.add_row("Frozen", "the next nasty turn is skipped")
    home = [n["name"] for n in obs["nasties"] if n["where"] == "home"]
    out = [n["name"] for n in obs["nasties"] if n["where"] == "eliminated"]
    info.add_row("At home", ", ".join(home) or "-")
    if out:
        info.add_row("Fallen off", ", ".join(out))
    for s in obs["scores"]:
        info.add_row(f"Round {s['round']}", f"{names[s['qbert_player']]} took {s['pegs']} peg(s)")
    legend = Text(
        "Q* Q*bert  C Coily  R Red Ball  G Green Ball  S Slick  "
        "W Wrong Way (left face)  U Ugg (right face)  • peg  ◎ disc",
        style="dim",
    )
    return Group(Panel(Group(*lines), title="Q*bert pyramid", expand=False), info, legend)
