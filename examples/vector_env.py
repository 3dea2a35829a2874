"""Many matches at once: the Gymnasium vector env (batched stepping, opponents played inside, autoreset).

python examples/vector_env.py [game] [num_envs] [opponent]
"""

from __future__ import annotations

import sys
import time

import gymnasium as gym
import numpy as np

import boardcade

gym.register_envs(boardcade)  # importing boardcade registers the boardcade/<game>-v0 ids


def main(name: str = "qbert", num_envs: int = 32, opponent: str = "greedy") -> None:
    envs = gym.make_vec(f"boardcade/{name}-v0", num_envs=num_envs, seat="rotate", opponents=opponent)
    obs, info = envs.reset(seed=0)
    print(f"{envs.unwrapped.__class__.__name__}: observations {obs.shape}, masks {info['action_mask'].shape}")
    rng = np.random.default_rng(0)
    wins = games = steps = 0
    start = time.perf_counter()
    while games < 2 * num_envs:
        mask = info["action_mask"]
        actions = np.argmax(rng.random(mask.shape) * mask, axis=1)  # uniform among the legal actions
        obs, rewards, terminated, truncated, info = envs.step(actions)
        steps += num_envs
        games += int((terminated | truncated).sum())
        wins += int((rewards[terminated] > 0).sum())
    seconds = time.perf_counter() - start
    print(f"{games} matches, masked-random learner won {wins}, {steps / seconds:,.0f} steps/s against {opponent}")


if __name__ == "__main__":
    args = sys.argv[1:]
    main(args[0] if args else "qbert", int(args[1]) if len(args) > 1 else 32, args[2] if len(args) > 2 else "greedy")
