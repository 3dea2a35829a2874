"""Computer players. `make_agent("random" | "greedy" | "easy" | "medium" | "hard" | "ismcts" ...)` builds one.

ISMCTS can be tuned in the name: "ismcts:iterations=500,seconds=1.5,exploration=0.7,rollout_depth=20"
(any subset; see `ISMCTSAgent`). "os_mcts[:simulations=N|seconds=S]" is OpenSpiel's own MCTSBot, for comparisons.
Every name accepted here works in `play`, `simulate`, web seats and the arena.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from ..core.errors import GameError
from .base import Agent, GreedyAgent, RandomAgent
from .ismcts import ISMCTSAgent
from .levels import LEVELS, make_level

# name -> factory(seed) -> Agent. Stronger agents add themselves here.
AGENTS: dict[str, Callable[[int | None], Agent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "ismcts": ISMCTSAgent,
    "easy": partial(make_level, "easy"),
    "medium": partial(make_level, "medium"),
    "hard": partial(make_level, "hard"),
}

# Parameters accepted after "ismcts:" and how to read them.
ISMCTS_PARAMS: dict[str, type] = {
    "iterations": int,
    "seconds": float,
    "exploration": float,
    "rollout_depth": int,
    "rollout_greedy": int,
    "determinizations": int,
}


def agent_names() -> list[str]:
    return list(AGENTS)


def _parse_ismcts(name: str, seed: int | None) -> Agent:
    allowed = ", ".join(ISMCTS_PARAMS)
    params: dict[str, object] = {}
    for part in name.split(":", 1)[1].split(","):
        key, sep, text = part.partition("=")
        key = key.strip()
        if not sep or key not in ISMCTS_PARAMS:
            raise GameError(f"bad ISMCTS setting {part!r} in agent {name!r}; use key=value with keys: {allowed}")
        try:
            params[key] = ISMCTS_PARAMS[key](text.strip())
        except ValueError:
            kind = ISMCTS_PARAMS[key].__name__
            raise GameError(f"ISMCTS setting {key!r} in agent {name!r} must be a {kind}, got {text!r}") from None
    if "seconds" in params and "iterations" not in params:
        params["iterations"] = None
    try:
        return ISMCTSAgent(seed, name=name, **params)  # type: ignore[arg-type]
    except ValueError as e:
        raise GameError(f"agent {name!r}: {e}") from None


def _parse_os_mcts(name: str, seed: int | None) -> Agent:
    from .openspiel_mcts import OpenSpielMCTSAgent

    kinds = {"simulations": int, "seconds": float, "uct_c": float}
    params: dict[str, object] = {}
    for part in filter(None, name.partition(":")[2].split(",")):
        key, sep, text = part.partition("=")
        key = key.strip()
        if not sep or key not in kinds:
            raise GameError(
                f"bad os_mcts setting {part!r} in agent {name!r}; use key=value with keys: {', '.join(kinds)}"
            )
        try:
            params[key] = kinds[key](text.strip())
        except ValueError:
            raise GameError(f"os_mcts setting {key!r} in agent {name!r} must be a {kinds[key].__name__}") from None
    try:
        return OpenSpielMCTSAgent(seed, **params)  # type: ignore[arg-type]
    except ValueError as e:
        raise GameError(f"agent {name!r}: {e}") from None


def check_agent_name(name: str) -> None:
    """Raise GameError naming the valid agents when `name` cannot be built."""
    make_agent(name, 0)


def make_agent(name: str, seed: int | None = None) -> Agent:
    if name.startswith("ismcts:"):
        return _parse_ismcts(name, seed)
    if name == "os_mcts" or name.startswith("os_mcts:"):
        return _parse_os_mcts(name, seed)
    if name not in AGENTS:
        raise GameError(
            f"unknown agent {name!r}; valid agents: {', '.join(AGENTS)}, os_mcts (OpenSpiel's MCTS, research extra), "
            f"or ismcts:key=value,... with keys: {', '.join(ISMCTS_PARAMS)}"
        )
    return AGENTS[name](seed)


__all__ = [
    "AGENTS",
    "LEVELS",
    "Agent",
    "GreedyAgent",
    "ISMCTSAgent",
    "RandomAgent",
    "agent_names",
    "check_agent_name",
    "make_agent",
]
