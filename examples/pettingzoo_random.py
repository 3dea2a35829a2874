"""One PettingZoo AEC episode of a boardcade game with masked random actions.

python examples/pettingzoo_random.py [game]
"""

from __future__ import annotations

import sys

from boardcade.interop.pettingzoo_env import env


def main(name: str = "qbert") -> None:
    e = env(name)
    e.reset(seed=42)
    print("agents:", e.possible_agents)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    steps = 0
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        totals[agent] += reward
        action = None if termination or truncation else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)
        steps += 1
    print(f"{steps} agent steps; rewards: {totals}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "qbert")
