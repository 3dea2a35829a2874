"""How long a post-game analysis of a typical match takes, per game, in CPU seconds (issue 29).

    python benchmarks/analysis.py [--matches 2] [--agent NAME] [--workers 2] [--out runs/analysis/results.jsonl]

A typical match: two `easy` players (the level the home page suggests) from a fixed seed, played to the end.
Each is analysed as the server and `boardcade analyse` do (the strongest level of the agent registry unless
--agent names another, on --workers worker processes). Prints per game: decisions evaluated, CPU seconds in all
(the workers' CPU time, summed) and per decision, and the wall time on this machine. Results are appended to
--out as they come (one JSON line per match), so an interrupted run resumes where it stopped.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
from pathlib import Path

from boardcade import load_game
from boardcade.agents import make_agent
from boardcade.analysis import analyse, strongest_agent
from boardcade.core import Record, play

GAMES = ("qbert", "mb_centipede", "atari_centipede")


def typical_match(game: str, seed: int) -> Record:
    g = load_game(game)
    state = g.new_initial_state()
    play(state, {p: make_agent("easy", seed * 10 + p) for p in range(g.num_players)}, random.Random(seed))
    return Record.for_state(state, ["easy"] * g.num_players)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--matches", type=int, default=2, help="matches per game (seeds 1..N)")
    ap.add_argument("--agent", default=None, help="the analysing agent (default: the strongest level)")
    ap.add_argument("--workers", type=int, default=2, help="worker processes")
    ap.add_argument("--out", default="runs/analysis/results.jsonl")
    args = ap.parse_args()
    agent = args.agent or strongest_agent()
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    done = {}
    if out.exists():
        for line in out.read_text().splitlines():
            row = json.loads(line)
            done[(row["game"], row["seed"], row["agent"], row["workers"])] = row
    python = f"{platform.python_implementation()} {platform.python_version()}"
    print(f"agent {agent}, {args.workers} worker process(es), {python}")
    for game in GAMES:
        rows = []
        for seed in range(1, args.matches + 1):
            key = (game, seed, agent, args.workers)
            if key not in done:
                record = typical_match(game, seed)
                result = analyse(record, agent=agent, workers=args.workers)
                done[key] = {
                    "game": game,
                    "seed": seed,
                    "agent": agent,
                    "workers": args.workers,
                    "steps": result["length"],
                    "decisions": len(result["positions"]),
                    "cpu_seconds": result["cpu_seconds"],
                    "wall_seconds": result["wall_seconds"],
                }
                with out.open("a") as f:
                    f.write(json.dumps(done[key]) + "\n")
            rows.append(done[key])
        cpu = [r["cpu_seconds"] for r in rows]
        per = [r["cpu_seconds"] / max(1, r["decisions"]) for r in rows]
        print(
            f"{game:16} steps {statistics.mean(r['steps'] for r in rows):7.0f}  decisions "
            f"{statistics.mean(r['decisions'] for r in rows):6.0f}  CPU s {statistics.mean(cpu):7.1f} "
            f"(min {min(cpu):.1f}, max {max(cpu):.1f})  CPU s per decision {statistics.mean(per):.3f}  "
            f"wall s {statistics.mean(r['wall_seconds'] for r in rows):7.1f}"
        )


if __name__ == "__main__":
    main()
