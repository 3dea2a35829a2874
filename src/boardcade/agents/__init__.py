"""Computer players. `make_agent("random" | "greedy" | ...)` builds one by name."""

from __future__ import annotations

from collections.abc import Callable

from ..core.errors import GameError
from .base import Agent, GreedyAgent, RandomAgent

# name -> factory(seed) -> Agent. Stronger agents add themselves here.
AGENTS: dict[str, Callable[[int | None], Agent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
}


def agent_names() -> list[str]:
    return list(AGENTS)


def make_agent(name: str, seed: int | None = None) -> Agent:
    if name not in AGENTS:
        raise GameError(f"unknown agent {name!r}; valid agents: {', '.join(AGENTS)}")
    return AGENTS[name](seed)


__all__ = ["AGENTS", "Agent", "GreedyAgent", "RandomAgent", "agent_names", "make_agent"]
