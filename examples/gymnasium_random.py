"""Gymnasium: play one seat of a boardcade game against the greedy agent, with masked random actions.

python examples/gymnasium_random.py [game] [seat] [episodes]
"""

from __future__ import annotations

import sys

from boardcade.interop.gymnasium_env import BoardcadeEnv


def main(name: str = "qbert", seat: int = 0, episodes: int = 5) -> None:
    env = BoardcadeEnv(name, seat=seat, opponents="greedy")
    print("observation space:", env.observation_space.shape, "actions:", env.action_space.n)
    for episode in range(episodes):
        obs, info = env.reset(seed=episode)
        terminated = truncated = False
        steps, reward = 0, 0.0
        while not (terminated or truncated):
            obs, reward, terminated, truncated, info = env.step(env.action_space.sample(mask=info["action_mask"]))
            steps += 1
        print(f"episode {episode}: {steps} decisions as {info['role']}, reward {reward:+.0f}")


if __name__ == "__main__":
    args = sys.argv[1:]
    main(args[0] if args else "qbert", int(args[1]) if len(args) > 1 else 0, int(args[2]) if len(args) > 2 else 5)
