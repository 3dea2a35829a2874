"""Difficulty levels: named ISMCTS budgets usable wherever an agent name is accepted.

Budgets are iteration counts only, so the same seed plays the same moves on any machine, loaded or not: a level
is a fixed amount of search, not a time. Each level searches four times as much as the one below; a game's
`SearchHints.iteration_scale` multiplies them so that a level costs about the same CPU time per move in every
game. docs/agents.md gives the budgets, the CPU time per move they take and the ladder they form (each level
against the one below). A server gives every computer seat a deadline of its own on top (`agent_budget`).
"""

from __future__ import annotations

from typing import Any

from .ismcts import ISMCTSAgent

LEVELS: dict[str, dict[str, Any]] = {
    "easy": {"iterations": 16, "determinizations": 8},
    "medium": {"iterations": 64, "determinizations": 16},
    "hard": {"iterations": 256, "determinizations": 32},
}


def make_level(level: str, seed: int | None = None) -> ISMCTSAgent:
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
    return ISMCTSAgent(seed, name=level, scale_iterations=True, **LEVELS[level])
