"""Difficulty levels: named ISMCTS budgets usable wherever an agent name is accepted.

Budgets are iteration counts, so the same seed plays the same moves on any machine; `hard` also has a
wall-time cap so that it always decides within 2 seconds (the cap only binds on a slow machine, where
moves may then differ from run to run). docs/agents.md lists the budgets and measured speeds.
"""

from __future__ import annotations

from typing import Any

from .ismcts import ISMCTSAgent

LEVELS: dict[str, dict[str, Any]] = {
    "easy": {"iterations": 60, "determinizations": 8},
    "medium": {"iterations": 400, "determinizations": 16},
    "hard": {"iterations": 2000, "seconds": 1.8, "determinizations": 32},
}


def make_level(level: str, seed: int | None = None) -> ISMCTSAgent:
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
    return ISMCTSAgent(seed, name=level, scale_iterations=True, **LEVELS[level])
