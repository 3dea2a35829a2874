"""What the compiled mode buys the search and the learner: pure against compiled, interleaved, in CPU time.

    python benchmarks/modes.py [--rounds 3] [--seconds 1] [--agent hard:seconds=100] [--states 2] [--game NAME]

Builds (or brings up to date) the compiled copy of this tree (scripts/build_compiled.py), then in each round runs
one child process per mode, in an order that rotates from round to round, and prints each mode's median and
compiled/pure, per game:
- search: iterations per CPU second of the agent (`--agent`, an iteration budget: the same work in both modes) on
  `--states` decision states of one seeded random match (benchmarks/search_profile.py's states);
- learner: learner steps per CPU second of the engine loop of benchmarks/learner_profile.py (quiet mode, the
  learner's random action, then chance and a random opponent until its turn), without tensors;
- learner+tensors: the same with the observation tensor written after every learner step.
Both modes run the same `.py` sources of this tree; only the engine modules differ (boardcade.compiled.MODULES).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
FIGURES = ("search", "learner", "learner+tensors")


def child(args: argparse.Namespace) -> None:
    sys.path.insert(0, str(HERE))
    from learner_profile import engine_loop
    from search_profile import decision_states

    from boardcade import game_names, load_game
    from boardcade.agents import make_agent
    from boardcade.compiled import mode

    out: dict[str, object] = {"mode": mode()}
    for name in args.game or game_names():
        game = load_game(name)
        states = decision_states(game, seed=1, count=args.states)
        agent = make_agent(args.agent, 1)
        iterations, start = 0, time.process_time()
        for state in states:
            agent.step(state.clone())
            iterations += agent.last_search.get("iterations", 0)
        search = iterations / (time.process_time() - start)
        learner = 1e6 / engine_loop(game, args.seconds, 1, False)[0]
        tensors = 1e6 / engine_loop(game, args.seconds, 1, True)[0]
        out[name] = {"search": search, "learner": learner, "learner+tensors": tensors}
    print(json.dumps(out))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU time per learner figure")
    parser.add_argument("--agent", default="hard:seconds=100", help="the search agent (an iteration budget)")
    parser.add_argument("--states", type=int, default=2, help="decision states searched per game")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args)
        return
    build = [sys.executable, str(HERE.parent / "scripts" / "build_compiled.py")]
    compiled = subprocess.run(build, capture_output=True, text=True, check=True).stdout.strip().splitlines()[-1]
    trees = {"pure": str(HERE.parent / "src"), "compiled": compiled}
    runs: dict[str, list[dict]] = {label: [] for label in trees}
    labels = list(trees)
    for r in range(args.rounds):
        for label in labels[r % 2 :] + labels[: r % 2]:
            cmd = [sys.executable, __file__, "--child", "--seconds", str(args.seconds), "--agent", args.agent]
            cmd += ["--states", str(args.states)] + [x for g in args.game or [] for x in ("--game", g)]
            env = dict(os.environ, PYTHONPATH=trees[label])
            result = json.loads(subprocess.run(cmd, env=env, capture_output=True, text=True, check=True).stdout)
            assert result.pop("mode") == label, f"{trees[label]} does not run the {label} mode"
            runs[label].append(result)
        print(f"round {r + 1}/{args.rounds} done", file=sys.stderr)
    print(f"{args.rounds} rounds; agent {args.agent} on {args.states} states; medians, per CPU second")
    print(f"{'game':<18}{'figure':<17}{'pure':>12}{'compiled':>12}{'compiled/pure':>15}")
    for name in runs["pure"][0]:
        for fig in FIGURES:
            med = {label: statistics.median(run[name][fig] for run in runs[label]) for label in labels}
            ratio = med["compiled"] / med["pure"]
            print(f"{name:<18}{fig:<17}{med['pure']:>12,.0f}{med['compiled']:>12,.0f}{ratio:>15.3f}")


if __name__ == "__main__":
    main()
