"""Terminal drawing of an Atari's Centipede observation with Rich (any seat's view or the spectator's)."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from .board import COLS

COLOUR_STYLE = {"red": "bold red", "blue": "bold cyan"}


def _grid(obs: dict[str, Any]) -> Text:
    cells: dict[tuple[int, int], tuple[str, str]] = {}
    for r, c in obs["mushrooms"]:
        cells[(r, c)] = ("♣ ", "green")
    for cent in obs["centipedes"]:
        style = COLOUR_STYLE[cent["colour"]]
        for i, (r, c) in enumerate(cent["segments"]):
            head = "<" if cent["facing"] < 0 else ">"
            cells[(r, c)] = (("@" + head) if i == 0 else "o ", style)
    for flea in obs["fleas"]:
        cells[tuple(flea["square"])] = ("F ", COLOUR_STYLE[flea["colour"]])
    for spider in obs["spiders"]:
        cells[tuple(spider["square"])] = ("S ", COLOUR_STYLE[spider["colour"]])
    for i, gnome in enumerate(obs["gnomes"]):
        if gnome["square"] is not None:
            cells[tuple(gnome["square"])] = ("G" + ("AB"[i] if obs["players"] == 4 else " "), "bold black on yellow")
    rows = obs["rows"]
    spawns = {tuple(s) for s in obs.get("spawn_points", ())}
    text = Text("    " + " ".join(f"c{c}" for c in range(COLS)) + "\n", style="dim")
    for r in range(rows):
        end_row = r in (0, rows - 1)
        text.append(f"r{r:<2} ", style="dim")
        for c in range(COLS):
            empty = ("= ", "yellow dim") if end_row else ("+ ", "magenta dim") if (r, c) in spawns else ("· ", "dim")
            mark, style = cells.get((r, c), empty)
            text.append(mark, style=style)
            text.append(" ")
        text.append("\n")
    return text


def render(obs: dict[str, Any]) -> Group:
    info = Table.grid(padding=(0, 2))
    info.add_row("Phase", f"{obs['phase']} (round {obs['round']} of at most {obs['max_rounds']})")
    roles = obs.get("roles", [])
    if obs["current_player"] >= 0 and roles:
        info.add_row("To move", roles[obs["current_player"]])
    info.add_row("Dice pool", "; ".join(d["actions"] for d in obs["dice_pool"]) or "-")
    if obs.get("die_in_use"):
        info.add_row("Die in use", f"{obs['die_in_use']['actions']} (step {obs['die_in_use']['next_step'] + 1})")
    for i, gnome in enumerate(obs["gnomes"]):
        cards = ", ".join(f"{name}{'' if ready else ' (used)'}" for name, ready in gnome["cards"].items())
        info.add_row(f"Gnome {'AB'[i] if obs['players'] == 4 else ''}".strip(), cards)
    for side in obs["centipede_players"]:
        hand = ", ".join(side["hand"]) if "hand" in side else f"{side['hand_size']} hidden cards"
        discard = ", ".join(f"{k} x{v}" for k, v in side["discard"].items()) or "-"
        info.add_row(
            f"Centipede {side['colour']}",
            f"hand: {hand}; deck {side['deck_size']}; discard: {discard}; speed +{side['speed_bonus']}",
        )
    info.add_row(
        "Supply",
        f"{obs['mushroom_supply']} mushrooms, {obs['bug_supply']['fleas']} fleas, "
        f"{obs['bug_supply']['spiders']} spiders",
    )
    if obs["is_terminal"]:
        info.add_row("Result", str(obs["returns"]) + (" (safety cap)" if obs.get("safety_cap_hit") else ""))
    events = Text("\n".join(f"[{e['rule']}] {e['text']}" for e in obs["events"][-8:]), style="dim")
    parts: list[Any] = [Panel(_grid(obs), title="Atari's Centipede", expand=False), info, events]
    if obs["legal_actions"]:
        choices = Text(", ".join(f"{a['action']}: {a['label']}" for a in obs["legal_actions"]))
        parts.append(Panel(choices, title="Your choices", expand=False))
    return Group(*parts)
