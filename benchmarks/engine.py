"""Engine speed of every registered game and variant, on one core: the search's hot paths.

    python benchmarks/engine.py [--seconds 3] [--game NAME]
    python benchmarks/engine.py --compare OTHER_SRC [--rounds 5] [--seconds 1]

Five figures per game variant, each per second of CPU time (`time.process_time`):
- random play: actions applied (chance outcomes included, with legal-action generation and the random choice
  counted) in whole uniformly random matches;
- clone+apply: `clone()` of a mid-game state and one legal action applied to the copy, over states taken from
  seeded random matches;
- quiet clone+apply: the same on quiet copies of those states (`set_quiet()`: what a search does per node);
- resample: `resample_from_infostate(player)` over the same states, each seat in turn;
- encode: the tensor of each of the same states for every seat and the spectator, written in place by the
  research encoder (`boardcade.interop.tensors.Writer`, the game's `encode_state` where it has one: what a
  learner pays per step); left out without numpy.
Targets for random play (one core of the 2-core CI machine): qbert >= 50,000 steps/s, atari_centipede >= 20,000,
mb_centipede >= 30,000.

`--compare [LABEL=]OTHER_SRC` (repeatable) measures other source trees (e.g. a `git worktree` of the commit before
a change, its `src` folder) against this one side by side, and `--compiled` adds this tree's compiled mode
(build/compiled/src, built or brought up to date first by scripts/build_compiled.py). Each round runs one child
process per tree, in an order that rotates from round to round; the table gives each tree's median and the ratio
of each tree to the first one named (`--compare`'s first, else this tree), plus compiled/this with `--compiled`.

    python benchmarks/engine.py --compiled --compare main=/path/to/main/src --rounds 5 --seconds 1
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

TARGETS = {"qbert": 50_000, "atari_centipede": 20_000, "mb_centipede": 30_000}
HERE = Path(__file__).resolve().parent


def _states(game, seed: int, count: int) -> list:
    """`count` mid-game states (players' decisions and chance nodes alike) from seeded random matches."""
    rng = random.Random(seed)
    out: list = []
    while len(out) < count:
        state = game.new_initial_state()
        step = 0
        while not state.is_terminal() and len(out) < count:
            if step % 5 == 2:
                out.append(state.clone())
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
            step += 1
    return out


def measure(name: str, options: dict, seconds: float, seed: int = 1) -> dict[str, float]:
    from boardcade.core import game_class, random_playout

    game = game_class(name)(**options)
    rng = random.Random(seed)
    out: dict[str, float] = {}

    steps = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = random_playout(game.new_initial_state(), rng)  # the project's one play loop
        steps += state.move_number()
        games += 1
    elapsed = time.process_time() - start
    out["random play"] = steps / elapsed
    out["games"] = games / elapsed

    states = _states(game, seed, 200)
    picks = [s.legal_actions()[seed % len(s.legal_actions())] for s in states]
    done = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for s, a in zip(states, picks, strict=True):
            s.clone().apply_action(a)
        done += len(states)
    out["clone+apply"] = done / (time.process_time() - start)

    quiet = [s.clone().set_quiet() for s in states]
    done = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for s, a in zip(quiet, picks, strict=True):
            s.clone().apply_action(a)
        done += len(quiet)
    out["quiet clone+apply"] = done / (time.process_time() - start)

    n = game.num_players
    done = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for i, s in enumerate(states):
            s.resample_from_infostate(i % n, rng)
        done += len(states)
    out["resample"] = done / (time.process_time() - start)

    writer = _writer(game)
    if writer is not None:
        seats = [*range(n), None]
        done = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            for s in states:
                for p in seats:
                    writer.write(s, p)
            done += len(states) * len(seats)
        out["encode"] = done / (time.process_time() - start)
    return out


def _writer(game):
    """A tensor writer for the game (None without numpy: the figure is left out). A game without a tensors
    part of its own gets the generic blocks."""
    try:
        import numpy as np
    except ImportError:
        return None
    from boardcade.interop.tensors import Writer, encoder_for

    encoder = encoder_for(game)
    return Writer(encoder, np.zeros(encoder.size, np.float32))


def variants(only: list[str] | None) -> list[tuple[str, str, dict]]:
    from boardcade import game_names
    from boardcade.core import game_class

    return [(name, label, opts) for name in only or game_names() for label, opts in game_class(name).VARIANTS]


def child(args: argparse.Namespace) -> None:
    results = {f"{name}/{label}": measure(name, opts, args.seconds) for name, label, opts in variants(args.game)}
    print(json.dumps(results))


def _trees(args: argparse.Namespace) -> dict[str, str]:
    """label -> source folder: the first one named is the baseline of the ratios."""
    others: dict[str, str] = {}
    for i, given in enumerate(args.compare or []):
        label, sep, path = given.partition("=")
        if not sep:
            label, path = ("other" if i == 0 else f"other{i + 1}"), given
        others[label] = str(Path(path).resolve())
    trees = {**others, "this": str(HERE.parent / "src")}
    if args.compiled:
        build = [sys.executable, str(HERE.parent / "scripts" / "build_compiled.py")]
        done = subprocess.run(build, capture_output=True, text=True, check=True)
        trees["compiled"] = done.stdout.strip().splitlines()[-1]
    return trees


def compare(args: argparse.Namespace) -> None:
    trees = _trees(args)
    labels = list(trees)
    runs: dict[str, list[dict]] = {label: [] for label in labels}
    for r in range(args.rounds):
        order = labels[r % len(labels) :] + labels[: r % len(labels)]
        for tree in order:
            env = dict(os.environ, PYTHONPATH=trees[tree])
            cmd = [sys.executable, __file__, "--child", "--seconds", str(args.seconds)]
            for g in args.game or []:
                cmd += ["--game", g]
            done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
            runs[tree].append(json.loads(done.stdout))
        print(f"round {r + 1}/{args.rounds} done", file=sys.stderr)
    base = labels[0]
    pairs = [(label, base) for label in labels[1:]]
    if "compiled" in trees and base != "this":
        pairs.append(("compiled", "this"))
    print(f"Python {platform.python_version()}; " + "; ".join(f"{k} = {v}" for k, v in trees.items()))
    print(f"{args.rounds} rounds, {args.seconds:g} s of CPU per figure per round; medians, per CPU second")
    head = "".join(f"{label:>12}" for label in labels) + "".join(f"{a + '/' + b:>16}" for a, b in pairs)
    print(f"{'game/variant':<28}{'figure':<18}{head}")
    for key in runs[base][0]:
        for fig in ("random play", "games", "clone+apply", "quiet clone+apply", "resample", "encode"):
            if not all(fig in run[key] for label in labels for run in runs[label]):
                continue  # encode: left out where numpy is missing
            med = {label: statistics.median(run[key][fig] for run in runs[label]) for label in labels}
            row = "".join(f"{med[label]:>12,.0f}" for label in labels)
            row += "".join(f"{med[a] / med[b]:>16.3f}" for a, b in pairs)
            print(f"{key:<28}{fig:<18}{row}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU time per figure")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument(
        "--compare", action="append", metavar="[LABEL=]SRC", help="also measure another source folder (repeatable)"
    )
    parser.add_argument("--compiled", action="store_true", help="also measure this tree's compiled mode")
    parser.add_argument("--rounds", type=int, default=5, help="with --compare: child runs per tree")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args)
        return
    if args.compare or args.compiled:
        compare(args)
        return
    print(f"Python {platform.python_version()} on {platform.machine()}, one process, per CPU second")
    print(
        f"{'game':<18}{'variant':<14}{'steps/s':>12}{'games/s':>10}{'clone+apply':>13}{'resample':>11}"
        f"{'encode':>10}  target"
    )
    for name, label, opts in variants(args.game):
        m = measure(name, opts, args.seconds)
        target = TARGETS.get(name)
        verdict = "" if target is None else f"{target:,} {'met' if m['random play'] >= target else 'MISSED'}"
        print(
            f"{name:<18}{label:<14}{m['random play']:>12,.0f}{m['games']:>10,.1f}{m['clone+apply']:>13,.0f}"
            f"{m['resample']:>11,.0f}{m.get('encode', 0):>10,.0f}  {verdict}"
        )


if __name__ == "__main__":
    main()
