"""Where a learner step's time goes: the engines, the tensor writer, and the adapter, side by side in one run.

    python benchmarks/learner_profile.py [--seconds 1] [--rounds 3] [--games qbert,atari_centipede]

For each game (default options, learner seat 0, opponent `random`, quiet mode as the environments use it) it
times three loops over the same kind of learner steps, interleaved in rounds, in CPU time:

1. engine: the learner's uniformly random action, then chance and the opponent until the learner is to move
   again (what `BatchedMatches` does inside a step), nothing else;
2. engine + writer: the same, plus the observation tensor written by a `tensors.Writer` (common block and the
   game's `encode_state`) after every learner step;
3. the Gymnasium single env (`BoardcadeEnv.step` with the action drawn from `action_masks()`), and the vector
   env (`BoardcadeVectorEnv`, 64 matches, actions drawn for the whole batch with numpy).

The differences give microseconds per learner step for the engine, the writer and the adapter on top; the
medians over rounds are printed, with the engine actions per learner step. Use cProfile on top
(`python -m cProfile -s tottime ...`) to see inside each part.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import numpy as np

import boardcade
from boardcade.agents import make_agent
from boardcade.core import CHANCE, TERMINAL, sample_chance
from boardcade.interop.gymnasium_env import BoardcadeEnv
from boardcade.interop.tensors import encoder_for
from boardcade.interop.vector_env import BoardcadeVectorEnv

clock = time.process_time


def engine_loop(game, seconds: float, seed: int, write: bool) -> tuple[float, float]:
    """(microseconds per learner step, engine actions per learner step)."""
    rng = random.Random(seed)
    opponent = make_agent("random", seed)
    writer = encoder_for(game).writer(np.zeros(encoder_for(game).size, np.float32)) if write else None
    steps = actions = 0
    state = game.new_initial_state().set_quiet()
    start = clock()
    deadline = start + seconds
    while clock() < deadline:
        for _ in range(64):
            cur = state.current_player()
            while cur != 0 and cur != TERMINAL:
                state.apply_action(sample_chance(state, rng) if cur == CHANCE else opponent.step(state))
                actions += 1
                cur = state.current_player()
            if cur == TERMINAL:
                state = game.new_initial_state().set_quiet()
                continue
            state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
            steps += 1
            if writer is not None:
                writer.write(state, 0)
    return (clock() - start) / steps * 1e6, actions / steps


def single_env(name: str, seconds: float, seed: int) -> float:
    env = BoardcadeEnv(name, opponents="random")
    rng = random.Random(seed)
    env.reset(seed=seed)
    steps = 0
    start = clock()
    deadline = start + seconds
    while clock() < deadline:
        for _ in range(64):
            legal = np.flatnonzero(env.action_masks()).tolist()
            _obs, _r, terminated, truncated, _info = env.step(rng.choice(legal))
            if terminated or truncated:
                env.reset()
            steps += 1
    return (clock() - start) / steps * 1e6


def vector_env(name: str, seconds: float, seed: int, num_envs: int = 64) -> float:
    envs = BoardcadeVectorEnv(name, num_envs=num_envs, opponents="random")
    rng = np.random.default_rng(seed)
    _obs, info = envs.reset(seed=seed)
    mask = info["action_mask"]
    steps = 0
    start = clock()
    deadline = start + seconds
    while clock() < deadline:
        actions = np.argmax(rng.random(mask.shape) * mask, axis=1)
        _obs, _r, _t, _tr, info = envs.step(actions)
        mask = info["action_mask"]
        steps += num_envs
    return (clock() - start) / steps * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per loop and round (default 1)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", default=",".join(boardcade.game_names()))
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    names = args.games.split(",")
    results: dict[str, dict[str, list[float]]] = {n: {} for n in names}
    for _round in range(args.rounds):
        for name in names:
            game = boardcade.load_game(name)
            r = results[name]
            engine, per = engine_loop(game, args.seconds, args.seed, write=False)
            written, _per = engine_loop(game, args.seconds, args.seed, write=True)
            r.setdefault("engine", []).append(engine)
            r.setdefault("actions", []).append(per)
            r.setdefault("engine+writer", []).append(written)
            r.setdefault("single", []).append(single_env(name, args.seconds, args.seed))
            r.setdefault("vector", []).append(vector_env(name, args.seconds, args.seed))
    print(
        f"{'game':<17} {'actions/step':>12} {'engine':>8} {'writer':>8} {'single env':>11} {'adapter':>8} "
        f"{'vector env':>11} {'vector adapter':>15}   (microseconds per learner step, CPU)"
    )
    for name in names:
        m = {k: statistics.median(v) for k, v in results[name].items()}
        writer = m["engine+writer"] - m["engine"]
        print(
            f"{name:<17} {m['actions']:>12.2f} {m['engine']:>8.1f} {writer:>8.1f} {m['single']:>11.1f} "
            f"{m['single'] - m['engine+writer']:>8.1f} {m['vector']:>11.1f} {m['vector'] - m['engine+writer']:>15.1f}"
        )
    print(
        f"medians of {args.rounds} rounds; single env steps/s = 1e6 / 'single env'; 'adapter' = single env - "
        "(engine + writer); 'vector adapter' the same for the vector env (its batched common block included)"
    )


if __name__ == "__main__":
    main()
