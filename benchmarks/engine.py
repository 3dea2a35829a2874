"""Random-play speed of every registered game and variant, on one core.

    python benchmarks/engine.py [--seconds 3] [--game NAME]

Prints, per game variant: steps/s (actions applied per second, chance outcomes included, with legal-action
generation and the random choice counted) and games/s. Targets (one core of the 2-core CI machine):
qbert >= 50,000 steps/s, atari_centipede >= 20,000, mb_centipede >= 30,000.
"""

from __future__ import annotations

import argparse
import platform
import random
import time

from boardcade import game_names
from boardcade.core import game_class, random_playout

TARGETS = {"qbert": 50_000, "atari_centipede": 20_000, "mb_centipede": 30_000}


def measure(name: str, options: dict, seconds: float, seed: int = 1) -> tuple[float, float, int]:
    game = game_class(name)(**options)
    rng = random.Random(seed)
    steps = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = random_playout(game.new_initial_state(), rng)  # the project's one play loop
        steps += state.move_number()
        games += 1
    elapsed = time.perf_counter() - start
    return steps / elapsed, games / elapsed, games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per variant (whole games only)")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, one process")
    print(f"{'game':<18}{'variant':<14}{'steps/s':>12}{'games/s':>10}{'games':>8}  target")
    for name in args.game or game_names():
        for label, options in game_class(name).VARIANTS:
            steps_s, games_s, games = measure(name, options, args.seconds)
            target = TARGETS.get(name)
            verdict = "" if target is None else f"{target:,} {'met' if steps_s >= target else 'MISSED'}"
            print(f"{name:<18}{label:<14}{steps_s:>12,.0f}{games_s:>10,.1f}{games:>8}  {verdict}")


if __name__ == "__main__":
    main()
