"""Terminal drawing of an Atari's Centipede observation with Rich (any seat's view or the spectator's).

`render(obs)` is the whole picture (board, facts, result). The terminal play screen (`boardcade play`) composes
its own screen from the parts: `board` (compact below a width), `facts`, `legend`, and the way squares are
named and typed (`square`, `parse_square`, `square_set`), so a move's label, the board's coordinates and what a
player types all say `r13c4`.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from .board import COLS
from .observation import AtariObservation, square_key

COLOUR_STYLE = {"red": "bold red", "blue": "bold cyan"}
MARK_STYLE = "reverse"  # squares a move of the current menu names
WIDE = 3 + 3 * COLS + 1  # the board's width with three characters per column


def square(target: Sequence[int]) -> str:
    return f"r{target[0]}c{target[1]}"


_SQUARE = re.compile(r"^\(?\s*r?\s*(\d+)\s*(?:c|,|\s)\s*c?\s*(\d+)\s*\)?$", re.IGNORECASE)


def parse_square(text: str) -> tuple[int, int] | None:
    """`r13c4`, `R13 C4`, `13,4` or `(13,4)` -> (13, 4)."""
    m = _SQUARE.match(text.strip())
    return (int(m.group(1)), int(m.group(2))) if m else None


def ranges(values: Collection[int], prefix: str = "") -> str:
    """Integers as compact ranges: [1, 2, 3, 5] -> "r1–r3, r5" (with prefix "r")."""
    vals = sorted(set(values))
    out: list[str] = []
    start = 0
    for i in range(1, len(vals) + 1):
        if i == len(vals) or vals[i] != vals[i - 1] + 1:
            a, b = vals[start], vals[i - 1]
            out.append(
                f"{prefix}{a}" if a == b else f"{prefix}{a}, {prefix}{b}" if b == a + 1 else f"{prefix}{a}–{prefix}{b}"
            )
            start = i
    return ", ".join(out)


def square_set(targets: list[Sequence[int]]) -> str:
    """Many squares in few words: one column ("r1–r18 in column c4"), one row, or their rows and columns."""
    rows = sorted({t[0] for t in targets})
    cols = sorted({t[1] for t in targets})
    n = len(targets)
    if len(cols) == 1:
        return f"{ranges(rows, 'r')} in column c{cols[0]}"
    if len(rows) == 1:
        return f"{ranges(cols, 'c')} in row r{rows[0]}"
    full = n == len(rows) * len(cols)
    return f"{'any square' if full else f'any of {n} squares'} in rows {ranges(rows, 'r')}, columns {ranges(cols, 'c')}"


def _cells(obs: AtariObservation) -> dict[tuple[int, int], tuple[str, str]]:
    cells: dict[tuple[int, int], tuple[str, str]] = {}
    for r, c in obs["mushrooms"]:
        cells[(r, c)] = ("♣", "green")
    for cent in obs["centipedes"]:
        style = COLOUR_STYLE[cent["colour"]]
        for i, (r, c) in enumerate(cent["segments"]):
            head = "<" if cent["facing"] < 0 else ">"
            cells[(r, c)] = (("@" + head) if i == 0 else "o", style)
    for flea in obs["fleas"]:
        cells[square_key(flea["square"])] = ("F", COLOUR_STYLE[flea["colour"]])
    for spider in obs["spiders"]:
        cells[square_key(spider["square"])] = ("S", COLOUR_STYLE[spider["colour"]])
    for i, gnome in enumerate(obs["gnomes"]):
        if gnome["square"] is not None:
            cells[square_key(gnome["square"])] = (
                "G" + ("RB"[i] if obs["players"] == 4 else ""),
                "bold black on yellow",
            )
    return cells


def board(
    obs: AtariObservation, width: int | None = None, height: int | None = None, marks: Collection[Any] = ()
) -> Text:
    """The grid with its coordinates: `c0`.. across, `r0`.. down; three characters a square, two when `width`
    is too small for three. Squares in `marks` (e.g. the current menu's targets) are drawn highlighted."""
    cells = _cells(obs)
    rows = obs["rows"]
    spawns = {tuple(s) for s in obs.get("spawn_points", ())}
    marked = {(int(m[0]), int(m[1])) for m in marks}
    danger = {tuple(d["square"]) for d in obs.get("danger", {}).get("squares", ())}  # the Gnome's view in its turn
    cell_w = 3 if width is None or width >= WIDE else 2
    head = (
        "    " + "".join(f"c{c} " for c in range(COLS))
        if cell_w == 3
        else "r\\c " + "".join(f"{c} " for c in range(COLS))
    )
    text = Text(head.rstrip() + "\n", style="dim")
    for r in range(rows):
        end_row = r in (0, rows - 1)
        text.append(f"r{r:<2} ", style="dim")
        for c in range(COLS):
            empty = ("=", "yellow dim") if end_row else ("+", "magenta dim") if (r, c) in spawns else ("·", "dim")
            if (r, c) in danger:
                empty = ("!", "bold red")
            mark, style = cells.get((r, c), empty)
            if (r, c) in marked:
                style = f"{style} {MARK_STYLE}"
            text.append(mark, style=style)
            text.append(" " * (cell_w - len(mark)))
        text.rstrip()
        if r < rows - 1:
            text.append("\n")
    return text


def legend(obs: AtariObservation) -> Text:
    gnome = "GR Red Gnome  GB Blue Gnome" if obs["players"] == 4 else "G Gnome"  # named as the seats are
    danger = "  ! danger next turn" if obs.get("danger", {}).get("squares") else ""
    return Text(
        f"{gnome}  @> centipede head (facing)  o segment  F flea  S spider  ♣ mushroom  + spawn point  = Gnome rows"
        + danger,
        style="dim",
    )


def _roles(obs: AtariObservation) -> list[str]:
    """Role names as the game's players are named: "Gnome", "Centipede"; with four players "Red Gnome",
    "Blue Centipede" (a team is named by its colour, AC-11.1)."""
    return [" ".join(word.capitalize() for word in r.split(" ")) for r in obs.get("roles", [])]


def result_words(obs: AtariObservation) -> str:
    """Who won, in words ("Gnome wins", "The red team wins (Red Gnome and Red Centipede)", "a draw")."""
    returns = obs.get("returns") or []
    cap = " (the safety cap ended the match)" if obs.get("safety_cap_hit") else ""
    if not returns or max(returns) == min(returns):
        return "The match is a draw" + cap
    roles = _roles(obs)
    best = max(returns)
    winners = [roles[i] if i < len(roles) else f"Player {i + 1}" for i, r in enumerate(returns) if r == best]
    if obs["players"] == 4:
        team = "red" if returns[0] == best else "blue"
        return f"The {team} team wins ({' and '.join(w.split(' (')[0] for w in winners)}){cap}"
    return f"{' and '.join(winners)} wins{cap}"


def count(n: int, word: str) -> str:
    """`1 flea`, `3 fleas`: a number and its noun, singular for one."""
    return f"{n} {word if n == 1 else word + 's'}"


def _cards(cards: dict[str, bool]) -> str:
    ready = [name for name, ok in cards.items() if ok]
    used = [name for name, ok in cards.items() if not ok]
    return "; ".join(
        part
        for part in (f"ready: {', '.join(ready)}" if ready else "", f"used: {', '.join(used)}" if used else "")
        if part
    )


def _odds(p: float) -> str:
    return "sure" if p >= 1 else f"about {max(1, round(p * 100))}%"


def facts(obs: AtariObservation) -> list[tuple[str, str]]:
    """The state beside the board, as (label, value) rows, most important first."""
    rows: list[tuple[str, str]] = []
    if obs["is_terminal"]:
        rows.append(("Result", result_words(obs)))
    rows.append(("Round", f"{obs['round']} of at most {obs['max_rounds']}"))
    die = obs["die_in_use"]
    if die:
        rows.append(("Die in use", f"{die['actions']} (step {die['next_step'] + 1})"))
    rows.append(("Dice pool", "; ".join(d["actions"] for d in obs["dice_pool"]) or "-"))
    four = obs["players"] == 4
    for i, gnome in enumerate(obs["gnomes"]):
        rows.append((f"{('Red', 'Blue')[i]} Gnome cards" if four else "Gnome cards", _cards(gnome["cards"])))
    for side in obs["centipede_players"]:
        hand = (", ".join(side["hand"]) or "no cards") if "hand" in side else count(side["hand_size"], "hidden card")
        discard = ", ".join(f"{k} x{v}" for k, v in side["discard"].items()) or "-"
        team = " Centipede"
        speed = f"; speed +{side['speed_bonus']}" if side["speed_bonus"] else ""
        rows.append(
            (
                f"{side['colour'].capitalize()}{team}",
                f"hand: {hand}; deck {side['deck_size']}; discard: {discard}{speed}",
            )
        )
    rows.append(
        (
            "Supply",
            f"{count(obs['mushroom_supply'], 'mushroom')}, {count(obs['bug_supply']['fleas'], 'flea')}, "
            f"{count(obs['bug_supply']['spiders'], 'spider')}",
        )
    )
    return rows


def danger_words(obs: AtariObservation) -> str | None:
    """The danger of the coming Centipede turn (AC-10.1, AC-10.2) in full: each square with its reasons and odds."""
    danger = obs.get("danger")
    if not danger or not (danger["squares"] or danger["drop"]):
        return None
    words = [f"{square(d['square'])}: {'; '.join(d['why'])} ({_odds(d['chance'])})" for d in danger["squares"]]
    if danger["drop"]:
        words.insert(0, f"row r{danger['gnome_row']}: {'; '.join(danger['drop_why'])} ({_odds(danger['drop'])})")
    return " | ".join(words)


def alert(obs: AtariObservation) -> Text | None:
    """The danger in one short sentence the terminal screen always keeps (AC-10.1, AC-10.2): the squares of the
    row in front of the Gnome row that a bug can reach or spawn on, grouped by their odds, and a drop into the
    Gnome row. The reasons are in the full picture (`render`)."""
    danger = obs.get("danger")
    if not danger or not (danger["squares"] or danger["drop"]):
        return None
    by_odds: dict[str, list[str]] = {}
    for d in danger["squares"]:
        by_odds.setdefault(_odds(d["chance"]).replace("about ", ""), []).append(f"c{d['square'][1]}")
    parts = []
    if danger["squares"]:
        front = danger["squares"][0]["square"][0]
        parts.append(f"r{front} " + ", ".join(f"{' '.join(cols)} {odds}" for odds, cols in by_odds.items()))
    if danger["drop"]:
        parts.append(f"a drop into r{danger['gnome_row']} {_odds(danger['drop']).replace('about ', '')}")
    return Text("! Danger next turn: " + "; ".join(parts), style="bold red")


def render(obs: AtariObservation) -> Group:
    info = Table.grid(padding=(0, 2))
    info.add_row("Now", obs.get("prompt") or obs["phase"])
    roles = _roles(obs)
    if obs["current_player"] >= 0 and roles:
        info.add_row("To move", roles[obs["current_player"]])
    rows = facts(obs)
    words = danger_words(obs)
    if words:
        at = next(i for i, (label, _) in enumerate(rows) if label == "Dice pool") + 1
        rows.insert(at, ("Danger next turn", words))
    for label, value in rows:
        info.add_row(label, value)
    return Group(Panel(board(obs), title="Atari's Centipede", expand=False), legend(obs), info)
