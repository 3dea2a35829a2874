"""Win rates of one agent from arena results folders: per role and over both roles, with 95% Wilson intervals,
and its CPU per decision (the arena records thinking time per seat).

    python benchmarks/win_rates.py runs/agents/FOLDER [FOLDER ...] [--agent NAME] [--markdown]

For each folder (an `arena` run of two agents), the agent (default: the first in the run's config) is credited a
win when its return beats the opponent's; a draw counts half in the score. "all" pools both roles: with as many
games per role (as the arena plays them) it is the mean of the role rates, so an asymmetric game counts fairly.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path

from boardcade.arena import wilson


def rates(folder: Path, agent: str | None) -> dict:
    config = json.loads((folder / "config.json").read_text())
    agents = config["agents"]
    me = agent or agents[0]
    other = next(a for a in agents if a != me)
    roles: dict[str, list[float]] = defaultdict(lambda: [0, 0, 0])  # wins, draws, games
    think = [0.0, 0]
    cpu = [0.0, 0]
    for line in (folder / "results.jsonl").read_text().splitlines():
        if not line.strip():
            continue
        r = json.loads(line)
        mine = [p for p, s in enumerate(r["seats"]) if s == me]
        theirs = [p for p, s in enumerate(r["seats"]) if s == other]
        a, b = r["returns"][mine[0]], r["returns"][theirs[0]]
        role = r["roles"][mine[0]].split(" (")[0]
        roles[role][0] += a > b
        roles[role][1] += a == b
        roles[role][2] += 1
        for p in mine:
            think[0] += r["think_seconds"][p]
            think[1] += r["decisions"][p]
            if "cpu_seconds" in r:
                cpu[0] += r["cpu_seconds"][p]
                cpu[1] += r["decisions"][p]
    total = [sum(v[i] for v in roles.values()) for i in range(3)]
    return {
        "folder": str(folder),
        "agent": me,
        "opponent": other,
        "roles": dict(roles),
        "all": total,
        "seconds_per_decision": think[0] / think[1] if think[1] else 0.0,
        "cpu_per_decision": cpu[0] / cpu[1] if cpu[1] else None,
        "game": config["game"],
    }


def cell(wins: float, games: int) -> str:
    if not games:
        return "-"
    lo, hi = wilson(int(wins), games)
    return f"{int(wins)}/{games} = {100 * wins / games:.1f}% [{100 * lo:.1f}-{100 * hi:.1f}]"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("folders", nargs="+")
    ap.add_argument("--agent")
    ap.add_argument("--markdown", action="store_true")
    args = ap.parse_args()
    for folder in args.folders:
        r = rates(Path(folder), args.agent)
        roles = "; ".join(f"{role} {cell(w, n)}" for role, (w, d, n) in sorted(r["roles"].items()))
        w, d, n = r["all"]
        cpu_text = "" if r["cpu_per_decision"] is None else f", {r['cpu_per_decision']:.3f} s CPU"
        draws = f", {d} draws" if d else ""
        line = (
            f"{r['game']}: {r['agent']} vs {r['opponent']}: all {cell(w, n)}{draws}; {roles}; "
            f"{r['seconds_per_decision']:.3f} s/decision (wall){cpu_text}"
        )
        if args.markdown:
            line = (
                f"| `{r['game']}` | `{r['agent']}` | `{r['opponent']}` | {cell(w, n)} | {roles} | "
                f"{r['seconds_per_decision']:.3f} | `{folder}` |"
            )
        print(line)


if __name__ == "__main__":
    main()
