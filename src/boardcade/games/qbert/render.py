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
    on_cube: dict[tuple[int, int], list[str]] = {}  # two may share Q*bert's cube after an escape (QB-4.9)
    faces: dict[tuple[int, int], list[str]] = {}
    for n in obs["nasties"]:
        if n["cube"] is None:
            continue
        key = tuple(n["cube"])
        (on_cube if n["where"] == "cube" else faces).setdefault(key, []).append(n["key"])
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
            here = on_cube.get(cell, [])
            if cell == qbert and here:
                line.append("Q" + SYMBOLS[here[0]], style="bold yellow on red")
            elif cell == qbert:
                line.append("Q*", style="bold black on yellow")
            elif len(here) > 1:
                line.append(SYMBOLS[here[0]] + SYMBOLS[here[1]], style=STYLES[here[0]])
            elif here:
                k = here[0]
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
    left = "hidden" if obs["roll_hidden"] else None if obs["moves_left"] is None else str(obs["moves_left"])
    info.add_row("Moves used", str(obs["moves_used"]) + ("" if left is None else f", moves left: {left}"))
    if obs["last_revealed_roll"] and not obs["roll"]:
        info.add_row("Last roll shown", str(obs["last_revealed_roll"]))
    if obs["character"]:
        info.add_row("Nasty moving", f"{obs['character']} ({obs['steps_left']} step(s) left)")
    if obs["escape"]:
        info.add_row("Danger", Text(f"{obs['escape']['by']} threatens Q*bert", style="bold red"))
        info.add_row("Escape", Text(obs["escape"]["text"], style="bold red"))
    if obs["frozen"]:
        info.add_row("Frozen", "the next nasty turn is skipped")
    home = [n["name"] for n in obs["nasties"] if n["where"] == "home"]
    out = [n["name"] for n in obs["nasties"] if n["where"] == "eliminated"]
    info.add_row("At home", ", ".join(home) or "-")
    if out:
        info.add_row("Fallen off", ", ".join(out))
    for s in obs["scores"]:
        game = f" (extra game {s['game'] - 1})" if s["game"] > 1 else ""
        info.add_row(f"Round {s['round']}", f"{names[s['qbert_player']]} took {s['pegs']} peg(s){game}")
    for g in obs["games"]:
        which = "The game" if g["game"] == 1 else f"Extra game {g['game'] - 1}"
        p0, p1 = g["pegs"]
        info.add_row(which, f"{names[0]} {p0}, {names[1]} {p1}" + (" (tied)" if p0 == p1 else ""))
    legend = Text(
        "Q* Q*bert  C Coily  R Red Ball  G Green Ball  S Slick  "
        "W Wrong Way (left face)  U Ugg (right face)  • peg  ◎ disc",
        style="dim",
    )
    return Group(Panel(Group(*lines), title="Q*bert pyramid", expand=False), info, legend)
