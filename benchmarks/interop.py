"""Steps per second through each research adapter, beside PettingZoo's own connect_four and chess, in one run.

    python benchmarks/interop.py [--seconds 3] [--num-envs 64] [--games qbert,mb_centipede] [--repeat 3] [--json]

Needs the gymnasium, pettingzoo and openspiel extras, and PettingZoo's classic games for the references
(`pip install 'boardcade[bench]'`, which brings pettingzoo[classic]). Everything runs in this one process,
on one core. For every registered game (default options) and every adapter, the learner picks uniformly
among the legal actions (read from the action mask the adapter returns), whole episodes are played and reset:

- gymnasium: `BoardcadeEnv` (one `step` = your action, then chance and a `random` opponent until your turn),
  float32 tensor observations, the mask from `action_masks()`;
- vector: `BoardcadeVectorEnv` with `--num-envs` matches (steps counted per match: one call = num_envs steps);
- pettingzoo: the AEC env (one `step` = one agent's action; `last()` builds that agent's tensor and mask);
- rl_env: OpenSpiel's `rl_environment.Environment` over the pyspiel adapter (its default observation: every
  player's information-state tensor, each step);
- and PettingZoo's `connect_four_v3` and `chess_v6` through the same AEC loop.

The `tensor` column says whether the game's tensors came by the direct path (`encode_state`) or through the
JSON observation (`json`); with `--ceiling`, rows marked `none*` leave the game block out entirely (invalid
tensors, an upper bound for what a direct encoder could reach with these engines); with `--json`, games with a
direct encoder are also timed with it switched off (`json` rows: the path before it, in the same run). The
table gives steps/s and the ratio to connect_four measured in this run, and the last lines compare with the
targets (Gymnasium >= 30k/s, vector >= 100k/s per core, each >= 4x connect_four).
On a shared, noisy machine use `--repeat N`: the whole table is timed N times (rows interleaved, so that a
change of load touches every row alike) and each row shows its median and range.
"""

from __future__ import annotations

import argparse
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

TARGET_GYM, TARGET_VECTOR, TARGET_RATIO = 30_000, 100_000, 4.0


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
    """Steps per second: `run(deadline)` plays until the deadline and returns the steps it took."""
    start = time.perf_counter()
    steps = run(start + seconds)
    return steps / (time.perf_counter() - start)


def gym_single(name: str, seconds: float, seed: int) -> float:
    env = BoardcadeEnv(name, opponents="random")
    rng = random.Random(seed)

    def run(deadline: float) -> int:
        steps = 0
        env.reset(seed=seed)
        while time.perf_counter() < deadline:
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
        while time.perf_counter() < deadline:
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
        while time.perf_counter() < deadline:
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
        while time.perf_counter() < deadline:
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
    parser.add_argument("--seconds", type=float, default=3.0, help="time per row (default 3)")
    parser.add_argument("--num-envs", type=int, default=64, help="matches in the vector env (default 64)")
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
    secs, seed, num_envs = args.seconds, args.seed, args.num_envs

    # (game, adapter, tensor path, how to time it); connect_four first: every round's reference.
    rows: list[tuple[str, str, str, Callable[[], float]]] = [
        ("connect_four_v3", "pettingzoo AEC (reference)", "-", lambda: aec(connect_four_v3.env, secs, seed)),
        ("chess_v6", "pettingzoo AEC (reference)", "-", lambda: aec(chess_v6.env, secs, seed)),
    ]
    vector_label = f"vector env ({num_envs} matches)"
    for name in args.games.split(","):
        path = "direct" if encoder_for(boardcade.load_game(name)).direct else "json"
        rows += [
            (name, "gymnasium single env", path, lambda n=name: gym_single(n, secs, seed)),
            (name, vector_label, path, lambda n=name: vector(n, secs, seed, num_envs)),
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
    for _round in range(args.repeat):
        for k, (*_label, run) in enumerate(rows):
            rates[k].append(run())
            ratios[k].append(rates[k][-1] / rates[0][-1])
    median = [statistics.median(r) for r in rates]
    c4 = median[0]
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
    if args.ceiling:
        print("none*: ceiling, the game block left out (tensors not valid): what a direct encoder could approach")
    print()
    labelled = {(game, adapter, path) for game, adapter, path, _run in rows}
    for k in order:
        game, adapter, path, _run = rows[k]
        if path == "none*" or (path == "json" and (game, adapter, "direct") in labelled):
            continue  # ceilings, and the JSON rows of --json (the "before" of a direct row)
        if adapter.startswith("gymnasium"):
            target = TARGET_GYM
        elif adapter.startswith("vector"):
            target = TARGET_VECTOR
        else:
            continue
        rate = median[k]
        ok = rate >= target and rate >= TARGET_RATIO * c4
        print(
            f"target {game} {adapter}: >= {target:,}/s and >= {TARGET_RATIO:g}x connect_four "
            f"({TARGET_RATIO * c4:,.0f}/s): {'met' if ok else 'NOT met'} ({rate:,.0f}/s)"
        )


def _json(name: str, bench, *args) -> float:
    with json_path(name):
        return bench(name, *args)


def _ceiling(name: str, bench, *args) -> float:
    with without_game_block(name):
        return bench(name, *args)


if __name__ == "__main__":
    main()
