"""Steps per second through each research adapter, beside PettingZoo's own connect_four and chess, in one run.

    python benchmarks/interop.py [--seconds 3] [--num-envs 64] [--games qbert,mb_centipede]

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
tensors, an upper bound for what a direct encoder could reach with these engines). The table gives steps/s
and the ratio to connect_four measured in this run, and the
last lines compare with the targets (Gymnasium >= 30k/s, vector >= 100k/s per core, each >= 4x connect_four).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import warnings
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
        "--ceiling",
        action="store_true",
        help="also time the Gymnasium and vector envs with the game block left out (an upper bound for direct "
        "encoders; not valid observations)",
    )
    args = parser.parse_args()
    warnings.simplefilter("ignore")
    secs, seed = args.seconds, args.seed

    c4 = aec(connect_four_v3.env, secs, seed)
    chess = aec(chess_v6.env, secs, seed)
    rows: list[tuple[str, str, str, float]] = []
    for name in args.games.split(","):
        path = "direct" if encoder_for(boardcade.load_game(name)).direct else "json"
        rows.append((name, "gymnasium single env", path, gym_single(name, secs, seed)))
        rows.append((name, f"vector env ({args.num_envs} matches)", path, vector(name, secs, seed, args.num_envs)))
        rows.append((name, "pettingzoo AEC", path, aec(lambda n=name: pz_env(n), secs, seed)))
        rows.append((name, "openspiel rl_environment", path, rl_env(name, secs, seed)))
        if args.ceiling:
            with without_game_block(name):
                rows.append((name, "gymnasium single env", "none*", gym_single(name, secs, seed)))
                rows.append(
                    (name, f"vector env ({args.num_envs} matches)", "none*", vector(name, secs, seed, args.num_envs))
                )
    rows.append(("connect_four_v3", "pettingzoo AEC (reference)", "-", c4))
    rows.append(("chess_v6", "pettingzoo AEC (reference)", "-", chess))

    print(f"{'game':18} {'adapter':30} {'tensor':7} {'steps/s':>10} {'x connect_four':>15}")
    print("-" * 84)
    for game, adapter, path, rate in rows:
        print(f"{game:18} {adapter:30} {path:7} {rate:10,.0f} {rate / c4:15.2f}")
    if args.ceiling:
        print("none*: ceiling, the game block left out (tensors not valid): what a direct encoder could approach")
    print()
    for game, adapter, path, rate in rows:
        if path == "none*":
            continue
        if adapter.startswith("gymnasium"):
            target = TARGET_GYM
        elif adapter.startswith("vector"):
            target = TARGET_VECTOR
        else:
            continue
        ok = rate >= target and rate >= TARGET_RATIO * c4
        print(
            f"target {game} {adapter}: >= {target:,}/s and >= {TARGET_RATIO:g}x connect_four "
            f"({TARGET_RATIO * c4:,.0f}/s): {'met' if ok else 'NOT met'} ({rate:,.0f}/s)"
        )


if __name__ == "__main__":
    main()
