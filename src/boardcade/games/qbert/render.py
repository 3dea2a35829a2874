"""Terminal drawing of a Q*bert observation with Rich.

`render(obs)` is the whole picture; the terminal play screen (`boardcade play`) composes its own from `board`,
`facts` and `legend`, names cubes as moves do (`(3,1)`: row 3 from the top, position 1 from the left) and keys
moves by direction (`ul`, `ur`, `dl`, `dr`, `s` to stop) so a key means the same move in every position.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from .observation import QbertObservation, cube_key

SYMBOLS = {"coily": "C", "red_ball": "R", "green_ball": "G", "slick": "S", "ugg": "U", "wrong_way": "W"}
STYLES = {"coily": "bold magenta", "red_ball": "bold red", "green_ball": "bold green", "slick": "bold cyan"}


WIDE = 52  # room for the cubes' names beside each row
DIRECTION_KEYS = {"up-left": "ul", "up-right": "ur", "down-left": "dl", "down-right": "dr"}
_PAIR = re.compile(r"^\(?\s*(\d)\s*[,\s]\s*(\d)\s*\)?$")


def menu_key(info: dict[str, Any]) -> str | None:
    """Q*bert's hops and a nasty's steps are keyed by direction, the same in every position; `s` stops."""
    direction = info.get("args", {}).get("dir")
    if direction in DIRECTION_KEYS:
        return DIRECTION_KEYS[direction]
    if info.get("kind") == "stop":
        return "s"
    return None


def square(target: Sequence[int]) -> str:
    return f"({target[0]},{target[1]})"


def parse_square(text: str) -> tuple[int, int] | None:
    """A cube as `(3,1)`, `3,1` or `3 1` -> (3, 1)."""
    m = _PAIR.match(text.strip())
    return (int(m.group(1)), int(m.group(2))) if m else None


def board(
    obs: QbertObservation, width: int | None = None, height: int | None = None, marks: Collection[Any] = ()
) -> Text:
    """The pyramid, one text row per row of cubes, each labelled with its row and the cubes' names; cubes in
    `marks` (the current menu's targets) are drawn highlighted."""
    on_cube: dict[tuple[int, int], list[str]] = {}  # two may share Q*bert's cube after an escape (QB-4.9)
    faces: dict[tuple[int, int], list[str]] = {}
    for n in obs["nasties"]:
        if n["cube"] is None:
            continue
        key = cube_key(n["cube"])
        (on_cube if n["where"] == "cube" else faces).setdefault(key, []).append(n["key"])
    pegs = {cube_key(p) for p in obs["pegs"]}
    qbert = cube_key(obs["qbert"])
    discs = {(cube_key(d["cube"]), d["side"]) for d in obs["discs"] if d["active"]}
    marked = {(int(m[0]), int(m[1])) for m in marks}
    wide = width is None or width >= WIDE
    lines = []
    for r in range(7):
        # Each cube is 4 characters wide (left face, top, right face) and each row starts 2 further left,
        # so a cube's diagonal neighbours sit half a cube to either side, as on the pyramid.
        line = Text(" " * (2 * (6 - r)))
        line.append("◎ " if ((r, 0), "left") in discs else "  ", style="bold yellow")
        for i in range(r + 1):
            cell = (r, i)
            hi = " reverse" if cell in marked else ""
            line.append("W" if "wrong_way" in faces.get(cell, []) else "/", style="bold blue")
            here = on_cube.get(cell, [])
            if cell == qbert and here:
                line.append("Q" + SYMBOLS[here[0]], style="bold yellow on red" + hi)
            elif cell == qbert:
                line.append("Q*", style="bold black on yellow" + hi)
            elif len(here) > 1:
                line.append(SYMBOLS[here[0]] + SYMBOLS[here[1]], style=STYLES.get(here[0], "bold") + hi)
            elif here:
                k = here[0]
                line.append(SYMBOLS[k] + ("•" if cell in pegs else " "), style=STYLES.get(k, "bold") + hi)
            else:
                line.append(" •" if cell in pegs else "  ", style="white" + hi)
            line.append("U" if "ugg" in faces.get(cell, []) else "\\", style="bold blue")
        line.append(" ◎" if ((r, r), "right") in discs else "  ", style="bold yellow")
        label = f" row {r}" + ((f": ({r},0)" + (f"..({r},{r})" if r else "")) if wide else "")
        line.append(" " * (2 * (6 - r)) + label, style="dim")
        lines.append(line)
    return Text("\n").join(lines)


def legend(obs: QbertObservation) -> Text:
    return Text(
        "Q* Q*bert  C Coily  R Red Ball  G Green Ball  S Slick  W Wrong Way (left face)  U Ugg (right face)  "
        "• peg  ◎ disc;  cube (row,position): row 0 at the top, position 0 at the left",
        style="dim",
    )


def count(n: int, word: str) -> str:
    """`1 flea`, `3 fleas`: a number and its noun, singular for one."""
    return f"{n} {word if n == 1 else word + 's'}"


ROUND_END_RULES = ("QB-6.1", "QB-6.2", "QB-6.3", "QB-6.4")  # a round ends, its pegs, the next round begins


def milestone(rule: str) -> bool:
    """A round's end and the next round's start are never cut from what happened since a seat's last move."""
    return rule in ROUND_END_RULES


def result_words(obs: QbertObservation) -> str:
    names = obs.get("player_names", ["Player 1", "Player 2"])
    r = obs.get("returns") or [0, 0]
    totals = obs.get("totals")
    score = f" ({names[0]}: {count(totals[0], 'peg')}, {names[1]}: {count(totals[1], 'peg')})" if totals else ""
    if r[0] == r[1]:
        return "The match is a draw" + score
    return f"{names[0] if r[0] > r[1] else names[1]} wins{score}"


def facts(obs: QbertObservation) -> list[tuple[str, Any]]:
    rows: list[tuple[str, Any]] = []
    if obs["is_terminal"]:
        rows.append(("Result", result_words(obs)))
    names = obs.get("player_names", ["Player 1", "Player 2"])
    qp = obs["qbert_player"]
    info = _Rows(rows)
    if qp >= 0:
        info.add_row("Round", f"{obs['round']}  (turn {obs['turn']} of at most {obs['max_turns_per_round']})")
        you = obs.get("viewer")
        info.add_row("Q*bert", names[qp] + (" (you)" if you == qp else ""))
        info.add_row("Nasties", names[1 - qp] + (" (you)" if you == 1 - qp else ""))
    info.add_row("Pegs left", str(obs["pegs_left"]))
    roll = "hidden in the tube" if obs["roll_hidden"] else ("-" if obs["roll"] is None else str(obs["roll"]))
    info.add_row("Q*bert's roll", roll)
    left = "hidden" if obs["roll_hidden"] else None if obs["moves_left"] is None else str(obs["moves_left"])
    info.add_row("Moves used", str(obs["moves_used"]) + ("" if left is None else f", moves left: {left}"))
    if obs["last_revealed_roll"] and not obs["roll"]:
        info.add_row("Last roll shown", str(obs["last_revealed_roll"]))
    if obs["character"]:
        info.add_row("Nasty moving", f"{obs['character']} ({count(obs['steps_left'], 'step')} left)")
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
        info.add_row(f"Round {s['round']}", f"{names[s['qbert_player']]} took {count(s['pegs'], 'peg')}{game}")
    for g in obs["games"]:
        which = "The game" if g["game"] == 1 else f"Extra game {g['game'] - 1}"
        p0, p1 = g["pegs"]
        info.add_row(which, f"{names[0]} {p0}, {names[1]} {p1}" + (" (tied)" if p0 == p1 else ""))
    return rows


class _Rows:
    def __init__(self, rows: list[tuple[str, Any]]):
        self.rows = rows

    def add_row(self, label: str, value: Any) -> None:
        self.rows.append((label, value))


def render(obs: QbertObservation) -> Group:
    info = Table.grid(padding=(0, 2))
    for label, value in facts(obs):
        info.add_row(label, value)
    return Group(Panel(board(obs), title="Q*bert pyramid", expand=False), info, legend(obs))
