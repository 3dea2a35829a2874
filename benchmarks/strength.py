"""Strength and speed targets of a level (default `hard`), in every game, variant and role.

    python benchmarks/strength.py [--games 20] [--level hard] [--opponents random,greedy,os_mcts]
                                  [--game qbert ...] [--workers 2] [--seed 0] [--json out.json]

For each game variant and opponent it plays `--games` matches in every seat order (through the arena's
local backend, so the same seed replays the same matches) and prints the level's win rate in each role
with a 95% Wilson interval, and the slowest and mean decision time. Targets:
  * win rate >= 95% against `random` and >= 80% against `greedy` in every role;
  * >= 60% against OpenSpiel's Python MCTSBot (random rollouts) given the same time per move (`os_mcts`:
    its seconds per move are set to the level's mean decision time measured against `greedy`);
  * every decision of `hard` within 2 seconds.
A target is PASS when the measured rate reaches it, FAIL otherwise (the interval shows how sure that is).
Exit status 1 if any target fails.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict

from boardcade import game_names
from boardcade.arena import round_robin, run_local, wilson
from boardcade.core import game_class

TARGETS = {"random": 0.95, "greedy": 0.80, "os_mcts": 0.60}
MAX_MOVE_SECONDS = 2.0


def evaluate(game: str, options: dict, level: str, opponent: str, games: int, workers: int, seed: int) -> dict:
    specs = round_robin(game, options, [level, opponent], games, seed)
    roles: dict[str, list[int]] = defaultdict(lambda: [0, 0])  # wins, games
    slowest, think, decisions, overall = 0.0, 0.0, 0, [0, 0]
    start = time.perf_counter()
    for rec in run_local(specs, workers):
        mine = [p for p, s in enumerate(rec["seats"]) if s == level]
        won = rec["returns"][mine[0]] > 0
        overall[0] += won
        overall[1] += 1
        for p in mine:
            roles[rec["roles"][p]][0] += won
            roles[rec["roles"][p]][1] += 1
            slowest = max(slowest, rec["max_move_seconds"][p])
            think += rec["think_seconds"][p]
            decisions += rec["decisions"][p]
    return {
        "game": game,
        "options": options,
        "opponent": opponent,
        "overall": [overall[0], overall[1]],
        "roles": {r: [w, n] for r, (w, n) in sorted(roles.items())},
        "max_move_seconds": slowest,
        "mean_move_seconds": think / decisions if decisions else 0.0,
        "wall_seconds": time.perf_counter() - start,
    }


def report(res: dict, target: float) -> bool:
    ok = True
    label = f"{res['game']} {res['options'] or ''}".strip()
    w, n = res["overall"]
    print(f"{label} vs {res['opponent']}: {w}/{n} = {100 * w / n:.0f}%  (target {100 * target:.0f}% in every role)")
    for role, (w, n) in res["roles"].items():
        lo, hi = wilson(w, n)
        passed = n > 0 and w / n >= target
        ok &= passed
        print(
            f"    as {role:<24} {w:>3}/{n:<3} {100 * w / n:5.1f}%  [{100 * lo:.0f}-{100 * hi:.0f}%]  "
            f"{'PASS' if passed else 'FAIL'}"
        )
    fast = res["max_move_seconds"] <= MAX_MOVE_SECONDS
    print(
        f"    decision time: mean {res['mean_move_seconds']:.2f} s, slowest {res['max_move_seconds']:.2f} s  "
        f"{'PASS' if fast else 'FAIL'} (<= {MAX_MOVE_SECONDS:.0f} s); wall {res['wall_seconds']:.0f} s"
    )
    return ok and fast


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=20, help="matches per seat order (default 20)")
    ap.add_argument("--level", default="hard")
    ap.add_argument("--opponents", default="random,greedy,os_mcts")
    ap.add_argument("--game", action="append", help="only this game (repeatable)")
    ap.add_argument("--variant", action="append", help="only this variant label (repeatable)")
    ap.add_argument("--workers", type=int, default=None, help="local processes (default: one per CPU)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", help="also write the figures to this JSON file")
    args = ap.parse_args()
    opponents = [o.strip() for o in args.opponents.split(",") if o.strip()]
    results, all_ok = [], True
    for name in args.game or game_names():
        for label, options in game_class(name).VARIANTS:
            if args.variant and label not in args.variant:
                continue
            mean_time = None
            for opponent in opponents:
                if opponent == "os_mcts":
                    try:
                        import boardcade.interop.openspiel  # noqa: F401
                    except ImportError as e:
                        print(f"{name} {label}: skipping os_mcts, OpenSpiel adapter not available ({e})")
                        continue
                    seconds = mean_time or 1.0
                    agent = f"os_mcts:seconds={seconds:.3f}"
                else:
                    agent = opponent
                res = evaluate(name, dict(options), args.level, agent, args.games, args.workers, args.seed)
                res["variant"] = label
                if opponent == "greedy":
                    mean_time = res["mean_move_seconds"]
                all_ok &= report(res, TARGETS.get(opponent.split(":")[0], 0.5))
                results.append(res)
                sys.stdout.flush()
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)
    print("ALL TARGETS MET" if all_ok else "SOME TARGETS MISSED")
    return 0 if all_ok else 1


if __name__ == "__main__":
    sys.exit(main())
