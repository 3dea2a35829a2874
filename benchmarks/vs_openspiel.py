"""Random-play speed of our games beside OpenSpiel's, in one run.

    python benchmarks/vs_openspiel.py [--seconds 2] [--seed 0]

For each registered boardcade game (default options) it measures steps per second of uniform random play
(one step = one applied action or chance outcome, all picked uniformly among the legal ones) natively through
the game contract and through the pyspiel adapter, and beside them OpenSpiel's Python `python_tic_tac_toe`,
C++ `tic_tac_toe` and C++ `backgammon`, all with the same loop. It prints a table with ratios.
"""

from __future__ import annotations

import argparse
import random
import time

import pyspiel
from open_spiel.python.games import tic_tac_toe  # noqa: F401  (registers python_tic_tac_toe)

import boardcade
from boardcade.interop import openspiel


def measure(new_state, seconds: float, seed: int) -> tuple[float, int]:
    """Steps per second of random play over whole games for about `seconds`; also the number of games."""
    rng = random.Random(seed)
    choice = rng.choice
    steps = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        state = new_state()
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))
            steps += 1
        games += 1
        now = time.perf_counter()
        if now >= deadline:
            return steps / (now - start), games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per row (default 2)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    openspiel.register()
    rows: list[tuple[str, str, float, int]] = []
    for name in boardcade.game_names():
        game = boardcade.load_game(name)
        rows.append((name, "boardcade native", *measure(game.new_initial_state, args.seconds, args.seed)))
        sgame = openspiel.load(name)
        rows.append((name, "pyspiel adapter", *measure(sgame.new_initial_state, args.seconds, args.seed)))
    for label, short in (
        ("OpenSpiel Python", "python_tic_tac_toe"),
        ("OpenSpiel C++", "tic_tac_toe"),
        ("OpenSpiel C++", "backgammon"),
    ):
        rows.append((short, label, *measure(pyspiel.load_game(short).new_initial_state, args.seconds, args.seed)))

    ref = {r[0] + "|" + r[1]: r[2] for r in rows}
    cpp_ttt = ref["tic_tac_toe|OpenSpiel C++"]
    py_ttt = ref["python_tic_tac_toe|OpenSpiel Python"]
    header = (
        f"{'game':<20} {'engine':<18} {'steps/s':>12} {'games':>7} {'x C++ ttt':>10} {'x Py ttt':>9} "
        f"{'native/adapter':>15}"
    )
    print(header)
    print("-" * len(header))
    for game, engine, sps, games in rows:
        adapter = ref.get(f"{game}|pyspiel adapter")
        native_ratio = f"{sps / adapter:.1f}" if engine == "boardcade native" and adapter else ""
        print(
            f"{game:<20} {engine:<18} {sps:>12,.0f} {games:>7} {sps / cpp_ttt:>10.3f} {sps / py_ttt:>9.2f} "
            f"{native_ratio:>15}"
        )
    print(f"\n{args.seconds:g} s of uniform random play per row; ratios are steps/s over the reference row.")


if __name__ == "__main__":
    main()
