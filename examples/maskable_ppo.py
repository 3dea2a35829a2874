"""Train sb3-contrib's MaskablePPO (CPU) on each game against the `random` agent; print the win rate before
and after training, with 95% Wilson intervals.

    pip install 'boardcade[learn]'        # sb3-contrib and PyTorch (a CPU-only PyTorch build is enough)
    python examples/maskable_ppo.py [--games qbert,mb_centipede,atari_centipede] [--steps 200000] [--eval 400]

The learner plays every seat: the batched environment (`boardcade.interop.batched.BatchedMatches`,
`seat="rotate"`) runs `--envs` matches at once, match i in seat i % players, the other seats played inside by
`random`; chance is drawn inside too. A thin Stable-Baselines3 `VecEnv` (below) hands its stacked tensors to
MaskablePPO and its action masks to `action_masks` (what MaskablePPO asks a VecEnv for). The reward is the
game's return at the end (+1 win, -1 loss, 0 draw); nothing is shaped.

Evaluation: `--eval` matches (half in each seat for two-player games) against `random`, the policy acting
deterministically (the most likely legal action) with the same protocol before and after training. A win is
a positive return; draws count as not won. Win rates are given overall and per seat (named as in the
PettingZoo adapter), since some games favour one seat heavily under random play. docs/interop.md lists the
figures of one run with the command.
"""

from __future__ import annotations

import argparse
import math
import time
from typing import Any

import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.vec_env import VecEnv

from boardcade.interop.batched import BatchedMatches
from boardcade.interop.common import agent_names

GAMES = "qbert,mb_centipede,atari_centipede"


class BatchedVecEnv(VecEnv):
    """Stable-Baselines3 view of `BatchedMatches` (same-step autoreset, as SB3 expects)."""

    def __init__(self, game: str, num_envs: int, opponents: str = "random", seed: int = 0, **options: Any):
        from gymnasium import spaces

        self.batch = BatchedMatches(
            game, num_envs, seat="rotate", opponents=opponents, autoreset="same_step", **options
        )
        enc = self.batch.encoder
        self._seed = seed
        self._actions = None
        super().__init__(
            num_envs,
            spaces.Box(low=enc.low, high=enc.high, dtype=np.float32),
            spaces.Discrete(self.batch.num_actions),
        )

    def reset(self):
        obs, _mask = self.batch.reset(seed=self._seed)
        self._seed += 1
        return obs.copy()

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = actions

    def step_wait(self):
        obs, rewards, terminated, truncated, _mask = self.batch.step(self._actions)
        dones = terminated | truncated
        infos: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        for i in np.flatnonzero(dones):
            infos[i] = {
                "terminal_observation": self.batch.final_obs[i].copy(),
                "TimeLimit.truncated": bool(truncated[i] and not terminated[i]),
            }
        return obs.copy(), rewards.astype(np.float32), dones, infos

    def action_masks(self) -> np.ndarray:
        return self.batch.mask.copy()

    def env_method(self, method_name: str, *args, indices=None, **kwargs) -> list[Any]:
        if method_name != "action_masks":
            raise AttributeError(f"BatchedVecEnv has no per-environment method {method_name!r}")
        return list(self.batch.mask[self._indices(indices)])

    def get_attr(self, attr_name: str, indices=None) -> list[Any]:
        n = len(self._indices(indices))
        if attr_name == "render_mode":
            return [None] * n
        if attr_name == "action_masks":
            return [self.action_masks] * n
        raise AttributeError(f"BatchedVecEnv has no per-environment attribute {attr_name!r}")

    def set_attr(self, attr_name: str, value: Any, indices=None) -> None:
        raise AttributeError(f"BatchedVecEnv cannot set {attr_name!r}")

    def env_is_wrapped(self, wrapper_class, indices=None) -> list[bool]:
        return [False] * len(self._indices(indices))

    def close(self) -> None:
        pass

    def _indices(self, indices) -> list[int]:
        if indices is None:
            return list(range(self.num_envs))
        return [indices] if isinstance(indices, int) else list(indices)


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def evaluate(model: MaskablePPO, game: str, matches: int, seed: int, **options: Any) -> list[list[float]]:
    """Returns per seat of the policy's first episodes against `random`, `matches` in all, seats rotating."""
    batch = BatchedMatches(game, matches, seat="rotate", opponents="random", autoreset="next_step", **options)
    obs, mask = batch.reset(seed=seed)
    results: list[float | None] = [None] * matches
    while any(r is None for r in results):
        safe = mask.copy()
        safe[~safe.any(axis=1)] = True  # finished matches: any action (ignored by the reset step)
        actions, _ = model.predict(obs, action_masks=safe, deterministic=True)
        obs, rewards, terminated, truncated, mask = batch.step(actions)
        for i in np.flatnonzero(terminated | truncated):
            if results[i] is None:
                results[i] = float(rewards[i]) if terminated[i] else 0.0
    per_seat: list[list[float]] = [[] for _ in range(batch.game.num_players)]
    for seat, r in zip(batch.seats, results, strict=True):
        per_seat[seat].append(r)
    return per_seat


def report(label: str, per_seat: list[list[float]], seat_names: list[str]) -> str:
    def line(results: list[float]) -> str:
        n = len(results)
        wins, draws = sum(r > 0 for r in results), sum(r == 0 for r in results)
        lo, hi = wilson(wins, n)
        return f"{wins / n:.3f} [{lo:.3f}, {hi:.3f}] over {n} (W/D/L {wins}/{draws}/{n - wins - draws})"

    everything = [r for results in per_seat for r in results]
    seats = "; ".join(f"as {name}: {line(results)}" for name, results in zip(seat_names, per_seat, strict=True))
    return f"{label}: win rate {line(everything)}\n    {seats}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=GAMES, help=f"comma-separated game names (default {GAMES})")
    parser.add_argument("--steps", type=int, default=200_000, help="training steps per game (default 200000)")
    parser.add_argument("--envs", type=int, default=16, help="matches stepped at once while training (default 16)")
    parser.add_argument("--eval", type=int, default=400, help="evaluation matches, before and after (default 400)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    torch.set_num_threads(1)  # small networks: one thread is fastest and leaves the other cores alone
    for game in args.games.split(","):
        env = BatchedVecEnv(game, args.envs, seed=args.seed)
        model = MaskablePPO(
            "MlpPolicy",
            env,
            n_steps=256,
            batch_size=512,
            n_epochs=4,
            learning_rate=3e-4,
            gamma=0.997,
            gae_lambda=0.95,
            ent_coef=0.01,
            policy_kwargs={"net_arch": [128, 128]},
            seed=args.seed,
            device="cpu",
            verbose=0,
        )
        before = evaluate(model, game, args.eval, seed=10_000 + args.seed)
        start = time.perf_counter()
        model.learn(total_timesteps=args.steps)
        minutes = (time.perf_counter() - start) / 60
        after = evaluate(model, game, args.eval, seed=10_000 + args.seed)
        names = agent_names(env.batch.game)
        print(f"{game} against random, MaskablePPO {args.steps:,} steps ({minutes:.1f} min to train)")
        print("  " + report("before", before, names))
        print("  " + report("after ", after, names), flush=True)


if __name__ == "__main__":
    main()
