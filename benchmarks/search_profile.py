"""Where a search agent spends its time: cProfile of its decisions in every game, then the rate without the profiler.

    python benchmarks/search_profile.py [--agent hard:seconds=100] [--states 3] [--top 10]

For each game it takes `--states` decision states from one seeded random playout (every 5th decision), runs the
agent on each (by default `hard` without its time cap: an iteration budget, so the work is the same on any machine)
and prints the top entries by own time and the iterations per second, with and without the profiler.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import time

from boardcade import game_names, load_game
from boardcade.agents import make_agent


def decision_states(game, seed: int, count: int, every: int = 5):
    rng = random.Random(seed)
    state = game.new_initial_state()
    out, steps = [], 0
    while not state.is_terminal() and len(out) < count:
        legal = state.legal_actions()
        if state.is_chance_node():
            state.apply_action(rng.choice(legal))
            continue
        if len(legal) > 1 and steps % every == 0:
            out.append(state.clone())
        steps += 1
        state.apply_action(rng.choice(legal))
    return out


def run(agent, states) -> tuple[int, float]:
    iterations, began = 0, time.perf_counter()
    for state in states:
        agent.step(state.clone())
        iterations += agent.last_search.get("iterations", 0)
    return iterations, time.perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--agent", default="hard:seconds=100")
    parser.add_argument("--states", type=int, default=3)
    parser.add_argument("--top", type=int, default=10)
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    args = parser.parse_args()
    for name in args.game or game_names():
        states = decision_states(load_game(name), seed=1, count=args.states)
        agent = make_agent(args.agent, 1)
        profiler = cProfile.Profile()
        profiler.enable()
        iterations, seconds = run(agent, states)
        profiler.disable()
        print(f"=== {name}: {iterations} iterations in {seconds:.2f} s under cProfile ({iterations / seconds:.0f}/s)")
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(args.top)
        print("\n".join(line for line in out.getvalue().splitlines() if "/" in line or "ncalls" in line))
        iterations, seconds = run(make_agent(args.agent, 1), states)
        print(f"    without the profiler: {iterations} iterations in {seconds:.2f} s ({iterations / seconds:.0f}/s)")


if __name__ == "__main__":
    main()
