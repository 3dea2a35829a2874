"""Random-play speed of our games beside OpenSpiel's, natively and through the pyspiel adapter, in one run.

    python benchmarks/vs_openspiel.py [--seconds 1] [--rounds 5] [--seed 0]

For each registered boardcade game (default options) it measures steps per second of uniform random play (one
step = one applied action or chance outcome, all picked uniformly among the legal ones) natively through the
game contract and through the pyspiel adapter, and beside them OpenSpiel's Python `python_tic_tac_toe`, C++
`tic_tac_toe` and C++ `backgammon`, all with the same loop. For the imperfect-information games it also times
`resample_from_infostate` natively and through the adapter, on states met along seeded random matches.

Fair on a shared, loaded machine: every row is timed in CPU time (`time.process_time`, so time the process
spends waiting for a core does not count), and the whole table is timed `--rounds` times with the rows
interleaved, so a change of load touches every row alike. Each ratio is computed within a round (both rows
met the same load) and the table prints the median over rounds of those per-round ratios, beside each row's
median rate and range. The load average (1 minute) before and after each round is printed too.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable

import pyspiel
from open_spiel.python.games import tic_tac_toe  # noqa: F401  (registers python_tic_tac_toe)

import boardcade
from boardcade.interop import openspiel


def measure(new_state, seconds: float, seed: int) -> float:
    """Steps per CPU second of random play over whole games, for about `seconds` of CPU time."""
    rng = random.Random(seed)
    choice = rng.choice
    steps = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        state = new_state()
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))
            steps += 1
        now = time.process_time()
        if now >= deadline:
            return steps / (now - start)


def resample_states(name: str, seed: int, count: int = 12) -> list:
    """Adapter states at player nodes met along seeded random matches (spread over each match)."""
    game = openspiel.load(name)
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = game.new_initial_state()
        step = 0
        while not state.is_terminal() and len(out) < count:
            if not state.is_chance_node() and step % 37 == 0:
                out.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
            step += 1
    return out


def resample_rate(states: list, native: bool, seconds: float, seed: int) -> float:
    """Resamples per CPU second, cycling through `states` (each resampled for its player to move)."""
    rng = random.Random(seed)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    done = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        for state in states:
            player = state.current_player()
            if native:
                state.inner.resample_from_infostate(player, rng)
            else:
                state.resample_from_infostate(player, sampler)
        done += len(states)
        now = time.process_time()
        if now >= deadline:
            return done / (now - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per row and round (default 1)")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds of the whole table (default 5)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    if args.rounds < 1:
        parser.error(f"--rounds must be at least 1, got {args.rounds}")
    secs, seed = args.seconds, args.seed

    openspiel.register()
    # (label, engine, timer); the references first.
    rows: list[tuple[str, str, Callable[[], float]]] = []
    for label, short in (
        ("OpenSpiel C++", "tic_tac_toe"),
        ("OpenSpiel Python", "python_tic_tac_toe"),
        ("OpenSpiel C++", "backgammon"),
    ):
        rows.append((short, label, lambda s=short: measure(pyspiel.load_game(s).new_initial_state, secs, seed)))
    resample_rows: list[tuple[str, str, Callable[[], float]]] = []
    for name in boardcade.game_names():
        game = boardcade.load_game(name)
        sgame = openspiel.load(name)
        rows.append((name, "boardcade native", lambda g=game: measure(g.new_initial_state, secs, seed)))
        rows.append((name, "pyspiel adapter", lambda g=sgame: measure(g.new_initial_state, secs, seed)))
        if not game.game_type.perfect_information:
            states = resample_states(name, seed)
            resample_rows.append((name, "native", lambda s=states: resample_rate(s, True, secs / 2, seed)))
            resample_rows.append((name, "pyspiel adapter", lambda s=states: resample_rate(s, False, secs / 2, seed)))
    everything = rows + resample_rows
    rates: list[list[float]] = [[] for _ in everything]
    loads = []
    for r in range(args.rounds):
        before = os.getloadavg()[0]
        order = list(range(len(everything)))
        if r % 2:
            order.reverse()  # alternate the order, so no row always runs first or last in a round
        for k in order:
            rates[k].append(everything[k][2]())
        loads.append((before, os.getloadavg()[0]))

    index = {(game, engine): k for k, (game, engine, _run) in enumerate(rows)}

    def ratio(k: int, ref: int) -> float:
        return statistics.median(a / b for a, b in zip(rates[k], rates[ref], strict=True))

    cpp, py = index[("tic_tac_toe", "OpenSpiel C++")], index[("python_tic_tac_toe", "OpenSpiel Python")]
    header = (
        f"{'game':<20} {'engine':<18} {'steps/s':>12} {'range':>19} {'x C++ ttt':>10} {'x Py ttt':>9} "
        f"{'native/adapter':>15}"
    )
    print(header)
    print("-" * len(header))
    for k, (game, engine, _run) in enumerate(rows):
        adapter = index.get((game, "pyspiel adapter"))
        native = f"{ratio(k, adapter):.2f}" if engine == "boardcade native" else ""
        span = f"{min(rates[k]):,.0f}-{max(rates[k]):,.0f}"
        print(
            f"{game:<20} {engine:<18} {statistics.median(rates[k]):>12,.0f} {span:>19} {ratio(k, cpp):>10.3f} "
            f"{ratio(k, py):>9.2f} {native:>15}"
        )
    if resample_rows:
        print()
        print(f"{'resample_from_infostate':<20} {'path':<18} {'us/call':>12} {'range (us)':>19} {'adapter/native':>15}")
        print("-" * len(header))
        base = len(rows)
        for j in range(0, len(resample_rows), 2):
            nk, ak = base + j, base + j + 1
            slower = statistics.median(n / a for n, a in zip(rates[nk], rates[ak], strict=True))
            for k, extra in ((nk, ""), (ak, f"{slower:.2f}")):
                game, path, _run = everything[k]
                us = [1e6 / v for v in rates[k]]
                span = f"{min(us):,.1f}-{max(us):,.1f}"
                print(f"{game:<20} {path:<18} {statistics.median(us):>12,.1f} {span:>19} {extra:>15}")
    print()
    print(
        f"{args.rounds} interleaved rounds of {secs:g} CPU s per row (resampling: {secs / 2:g} s); each figure is "
        "the median over rounds, each ratio the median of the per-round ratios."
    )
    print("load average (1 min) before -> after each round: " + ", ".join(f"{a:.1f}->{b:.1f}" for a, b in loads))


if __name__ == "__main__":
    main()
