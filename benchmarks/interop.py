"""Steps per second through each research adapter, beside PettingZoo's own connect_four and chess, in one run.

    python benchmarks/interop.py [--seconds 2] [--num-envs 64,256] [--games qbert,mb_centipede] [--repeat 3] [--json]

Needs the gymnasium, pettingzoo and openspiel extras, and PettingZoo's classic games for the references
(`pip install 'boardcade[bench]'`, which brings pettingzoo[classic]). Everything runs in this one process,
on one core. For every registered game (default options) and every adapter, the learner picks uniformly
among the legal actions (read from the action mask the adapter returns), whole episodes are played and reset:

- gymnasium: `BoardcadeEnv` (one `step` = your action, then chance and a `random` opponent until your turn),
  float32 tensor observations, the mask from `action_masks()`;
- vector: `BoardcadeVectorEnv` with `--num-envs` matches (steps counted per match: one call = num_envs steps;
  several sizes may be given, comma-separated);
- pettingzoo: the AEC env (one `step` = one agent's action; `last()` builds that agent's tensor and mask);
- rl_env: OpenSpiel's `rl_environment.Environment` over the pyspiel adapter (its default observation: every
  player's information-state tensor, each step);
- and PettingZoo's `connect_four_v3` and `chess_v6` through the same AEC loop.

Every rate is per CPU second of this process (`time.process_time`), so time spent waiting for a core on a
shared machine does not count.
The `tensor` column says whether the game's tensors came by the direct path (`encode_state`) or through the
JSON observation (`json`); with `--ceiling`, rows marked `none*` leave the game block out entirely (invalid
tensors, an upper bound for what a direct encoder could reach with these engines); with `--json`, games with a
direct encoder are also timed with it switched off (`json` rows: the path before it, in the same run). The
table gives steps/s and the ratio to connect_four measured in this run, and the last lines compare with the
targets of issue 25 (per core: the Gymnasium single env >= 30k learner steps/s for every game; the vector env
>= 1.5x the single env of the same game, the median of the per-round ratios).
On a shared, noisy machine use `--repeat N`: the whole table is timed N times (rows interleaved, so that a
change of load touches every row alike) and each row shows its median and range; the load average before and
after each round is printed.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import threading
import time
import warnings
from collections.abc import Callable
from contextlib import contextmanager

import numpy as np

import boardcade

try:
    from open_spiel.python import rl_environment
    from pettingzoo.classic import chess_v6, connect_four_v3

    from boardcade.interop import openspiel
    from boardcade.interop.gymnasium_env import BoardcadeEnv
    from boardcade.interop.pettingzoo_env import env as pz_env
    from boardcade.interop.tensors import encoder_for
    from boardcade.interop.vector_env import BoardcadeVectorEnv
except ImportError as exc:  # pragma: no cover - an install problem, said plainly
    sys.exit(f"benchmarks/interop.py needs {exc.name}: pip install 'boardcade[bench]'")

TARGET_GYM, TARGET_VECTOR_RATIO = 30_000, 1.5
clock = time.process_time  # CPU time of this process: steady on a shared machine


@contextmanager
def without_game_block(name: str):
    """For --ceiling only: the game's block is not encoded at all (the common block and masks still are), so
    the figure bounds what any direct `encode_state` could reach. These tensors are NOT valid observations."""
    enc = encoder_for(boardcade.load_game(name))
    saved = enc._encode_state
    enc._encode_state = lambda state, player, views, game: None
    try:
        yield
    finally:
        enc._encode_state = saved


@contextmanager
def json_path(name: str):
    """For --json: the game's `encode_state` switched off, so every adapter takes the JSON path (the tensors
    through `observation(p)`, as before the direct encoders): the "before" of a before/after in one run."""
    enc = encoder_for(boardcade.load_game(name))
    saved = enc._encode_state
    enc._encode_state = None
    enc._scratch = threading.local()  # writers cached by `Encoder.encode_state` hold the path they were made with
    try:
        yield
    finally:
        enc._encode_state = saved
        enc._scratch = threading.local()


def timed(run, seconds: float) -> float:
    """Steps per CPU second: `run(deadline)` plays until the CPU-time deadline and returns the steps it took."""
    start = clock()
    steps = run(start + seconds)
    return steps / (clock() - start)


def gym_single(name: str, seconds: float, seed: int) -> float:
    env = BoardcadeEnv(name, opponents="random")
    rng = random.Random(seed)

    def run(deadline: float) -> int:
        steps = 0
        env.reset(seed=seed)
        while clock() < deadline:
            for _ in range(64):
                legal = np.flatnonzero(env.action_masks()).tolist()
                _obs, _r, terminated, truncated, _info = env.step(rng.choice(legal))
                if terminated or truncated:
                    env.reset()
                steps += 1
        return steps

    return timed(run, seconds)


def vector(name: str, seconds: float, seed: int, num_envs: int) -> float:
    envs = BoardcadeVectorEnv(name, num_envs=num_envs, opponents="random")
    rng = np.random.default_rng(seed)

    def run(deadline: float) -> int:
        steps = 0
        _obs, info = envs.reset(seed=seed)
        mask = info["action_mask"]
        while clock() < deadline:
            # Uniform among the legal actions, for the whole batch in two numpy calls (row 0 if none is legal).
            actions = np.argmax(rng.random(mask.shape) * mask, axis=1)
            _obs, _r, _t, _tr, info = envs.step(actions)
            mask = info["action_mask"]
            steps += num_envs
        return steps

    return timed(run, seconds)


def aec(make_env, seconds: float, seed: int) -> float:
    e = make_env()
    rng = random.Random(seed)

    def run(deadline: float) -> int:
        steps = 0
        e.reset(seed=seed)
        while clock() < deadline:
            for _ in range(64):
                obs, _reward, termination, truncation, _info = e.last()
                if termination or truncation:
                    e.reset()
                    continue
                e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
                steps += 1
        return steps

    return timed(run, seconds)


def rl_env(name: str, seconds: float, seed: int) -> float:
    env = rl_environment.Environment(openspiel.load(name), seed=seed)
    rng = random.Random(seed)

    def run(deadline: float) -> int:
        steps = 0
        ts = env.reset()
        while clock() < deadline:
            for _ in range(16):
                if ts.last():
                    ts = env.reset()
                    continue
                player = ts.observations["current_player"]
                ts = env.step([rng.choice(ts.observations["legal_actions"][player])])
                steps += 1
        return steps

    return timed(run, seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per row (default 2)")
    parser.add_argument(
        "--num-envs", default="64", help="matches in the vector env; several sizes comma-separated (default 64)"
    )
    parser.add_argument("--games", default=",".join(boardcade.game_names()), help="comma-separated game names")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--repeat",
        type=int,
        default=1,
        help="time the whole table this many times and print each row's median and range (default 1); ratios "
        "are medians of each round's ratio to the connect_four of that round",
    )
    parser.add_argument(
        "--ceiling",
        action="store_true",
        help="also time the Gymnasium and vector envs with the game block left out (an upper bound for direct "
        "encoders; not valid observations)",
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help="also time every adapter of a game with a direct encoder through the JSON path (its encode_state "
        "switched off): before and after in one run, rows interleaved",
    )
    args = parser.parse_args()
    if args.repeat < 1:
        parser.error(f"--repeat must be at least 1, got {args.repeat}")
    warnings.simplefilter("ignore")
    secs, seed = args.seconds, args.seed
    sizes = [int(x) for x in str(args.num_envs).split(",")]

    # (game, adapter, tensor path, how to time it); connect_four first: every round's reference.
    rows: list[tuple[str, str, str, Callable[[], float]]] = [
        ("connect_four_v3", "pettingzoo AEC (reference)", "-", lambda: aec(connect_four_v3.env, secs, seed)),
        ("chess_v6", "pettingzoo AEC (reference)", "-", lambda: aec(chess_v6.env, secs, seed)),
    ]
    num_envs = sizes[0]
    vector_label = f"vector env ({num_envs} matches)"
    for name in args.games.split(","):
        path = "direct" if encoder_for(boardcade.load_game(name)).direct else "json"
        rows += [(name, "gymnasium single env", path, lambda n=name: gym_single(n, secs, seed))]
        rows += [(name, f"vector env ({k} matches)", path, lambda n=name, k=k: vector(n, secs, seed, k)) for k in sizes]
        rows += [
            (name, "pettingzoo AEC", path, lambda n=name: aec(lambda: pz_env(n), secs, seed)),
            (name, "openspiel rl_environment", path, lambda n=name: rl_env(n, secs, seed)),
        ]
        if args.json and path == "direct":
            rows += [
                (name, "gymnasium single env", "json", lambda n=name: _json(n, gym_single, secs, seed)),
                (name, vector_label, "json", lambda n=name: _json(n, vector, secs, seed, num_envs)),
                (
                    name,
                    "pettingzoo AEC",
                    "json",
                    lambda n=name: _json(n, lambda g, *a: aec(lambda: pz_env(g), *a), secs, seed),
                ),
                (name, "openspiel rl_environment", "json", lambda n=name: _json(n, rl_env, secs, seed)),
            ]
        if args.ceiling:
            rows += [
                (name, "gymnasium single env", "none*", lambda n=name: _ceiling(n, gym_single, secs, seed)),
                (name, vector_label, "none*", lambda n=name: _ceiling(n, vector, secs, seed, num_envs)),
            ]
    rates: list[list[float]] = [[] for _ in rows]
    ratios: list[list[float]] = [[] for _ in rows]
    loads = []
    for _round in range(args.repeat):
        before = os.getloadavg()[0]
        for k, (*_label, run) in enumerate(rows):
            rates[k].append(run())
            ratios[k].append(rates[k][-1] / rates[0][-1])
        loads.append((before, os.getloadavg()[0]))
    median = [statistics.median(r) for r in rates]
    order = list(range(2, len(rows))) + [0, 1]  # the references last, as before

    spread = args.repeat > 1
    print(f"{'game':18} {'adapter':30} {'tensor':7} {'steps/s':>10} {'x connect_four':>15}", end="")
    print(f"  {'range (steps/s)':>17}" if spread else "")
    print("-" * (84 + (19 if spread else 0)))
    for k in order:
        game, adapter, path, _run = rows[k]
        line = f"{game:18} {adapter:30} {path:7} {median[k]:10,.0f} {statistics.median(ratios[k]):15.2f}"
        print(line + (f"  {min(rates[k]):8,.0f}-{max(rates[k]):,.0f}" if spread else ""))
    if spread:
        print(f"medians of {args.repeat} rounds; x connect_four: the median of each round's ratio")
    print(
        "steps per CPU second; load average (1 min) before -> after each round: "
        + ", ".join(f"{a:.1f}->{b:.1f}" for a, b in loads)
    )
    if args.ceiling:
        print("none*: ceiling, the game block left out (tensors not valid): what a direct encoder could approach")
    print()
    index = {(game, adapter, path): k for k, (game, adapter, path, _run) in enumerate(rows)}
    for k in order:
        game, adapter, path, _run = rows[k]
        if path in ("none*", "json") and (game, adapter, "direct") in index:
            continue  # ceilings, and the JSON rows of --json (the "before" of a direct row)
        if adapter.startswith("gymnasium"):
            rate = median[k]
            ok = rate >= TARGET_GYM
            print(f"target {game} {adapter}: >= {TARGET_GYM:,} steps/s: {'met' if ok else 'NOT met'} ({rate:,.0f}/s)")
        elif adapter.startswith("vector"):
            single = index[(game, "gymnasium single env", path)]
            ratio = statistics.median(v / g for v, g in zip(rates[k], rates[single], strict=True))
            ok = ratio >= TARGET_VECTOR_RATIO
            print(
                f"target {game} {adapter}: >= {TARGET_VECTOR_RATIO:g}x the single env: "
                f"{'met' if ok else 'NOT met'} ({ratio:.2f}x, {median[k]:,.0f}/s)"
            )


def _json(name: str, bench, *args) -> float:
    with json_path(name):
        return bench(name, *args)


def _ceiling(name: str, bench, *args) -> float:
    with without_game_block(name):
        return bench(name, *args)


if __name__ == "__main__":
    main()
