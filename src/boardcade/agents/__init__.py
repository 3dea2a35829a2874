"""Computer players. `make_agent("random" | "beginner" | "greedy" | "easy" | "medium" | "hard" | "ismcts" ...)`
builds one.

Names take settings: "ismcts:iterations=500,seconds=1.5,exploration=0.7,temperature=0.2", "hard:seconds=1"
(see `boardcade.agents.registry`). "os_mcts[:simulations=N|seconds=S]" is OpenSpiel's own MCTSBot (openspiel
extra), registered from `boardcade.interop`. Every name accepted here works in `play`, `simulate`, web seats and
the arena.
"""

from __future__ import annotations

from typing import Any

from .base import Agent, GreedyAgent, RandomAgent
from .beginner import BeginnerAgent
from .ismcts import ISMCTSAgent
from .levels import LEVELS
from .registry import (
    AGENTS,
    AgentSpec,
    Param,
    agent_names,
    check_agent_name,
    make_agent,
    parse_agent_name,
    register_agent,
)

ISMCTS_PARAMS = (
    Param("iterations", int, "search iterations per decision", minimum=1),
    Param("seconds", float, "wall-time budget per decision in seconds"),
    Param("exploration", float, "PUCT exploration constant (values are in [-1, 1])", minimum=0),
    Param("temperature", float, "softmax temperature of the one-ply priors (0 = uniform)", minimum=0),
    Param("plan", int, "a turn is one plan: back up its best line (1), most visited line (2) or means (0)", minimum=0),
    Param("turn", int, "1: score positions at turn boundaries; 0: right after each new node", minimum=0),
    Param("before_chance", int, "1: score a turn's end before the next turn's chance nodes; 0: after", minimum=0),
    Param("rollout_depth", int, "random actions after the leaf before the evaluation scores it", minimum=0),
    Param("determinizations", int, "sampled hidden states reused across iterations", minimum=1),
)


def _ismcts(seed: int | None = None, **params: Any) -> ISMCTSAgent:
    if "seconds" in params and "iterations" not in params:
        params["iterations"] = None  # a time budget alone
    return ISMCTSAgent(seed, **params)


register_agent(
    AgentSpec(
        "random",
        RandomAgent,
        doc="plays a uniformly random legal move",
        strength="someone who does not know the rules",
        think="instantly",
        level=True,
        seconds_per_move=0.0,
    )
)
register_agent(
    AgentSpec(
        "beginner",
        BeginnerAgent,
        (Param("blunder", float, "chance of a random move at each decision with a choice (default 0.5)", minimum=0),),
        doc="plays the move the game's evaluation likes best, but half the time a random one instead",
        strength="a newcomer who often misses the best move (for your first matches)",
        think="instantly",
        level=True,
        seconds_per_move=0.01,
    )
)
register_agent(
    AgentSpec(
        "greedy",
        GreedyAgent,
        doc="looks one move ahead and plays the move the game's evaluation likes best",
        strength="a casual player who never plans ahead",
        think="instantly",
        level=True,
        seconds_per_move=0.01,
    )
)
register_agent(
    AgentSpec(
        "ismcts",
        _ismcts,
        ISMCTS_PARAMS,
        doc="information-set Monte Carlo tree search with the settings you give it",
        think="as long as set",
    )
)
# Levels: iteration budgets in levels.py; CPU time per move (a decision with a choice) measured on this project's
# machine, the slowest game rounded up (docs/agents.md: 15-18, 61-65 and 256-262 ms in the three games).
for _level, _about, _seconds in (
    ("easy", ("briefly", "a learner who looks a little ahead", "about two hundredths of a second"), 0.02),
    ("medium", ("for a while", "a careful casual player (its choice is the hint)", "under a tenth of a second"), 0.07),
    ("hard", ("longest", "a strong, patient player; the strongest level", "about a quarter of a second"), 0.3),
):
    register_agent(
        AgentSpec(
            _level,
            ISMCTSAgent,
            ISMCTS_PARAMS,
            fixed={"name": _level, "scale_iterations": True, **LEVELS[_level]},
            doc=f"searches {_about[0]} through possible continuations (ISMCTS), never looking at hidden information",
            strength=_about[1],
            think=_about[2],
            level=True,
            seconds_per_move=_seconds,
        )
    )

# OpenSpiel's ISMCTSBot, for strength comparisons: a lazy reference, so the agents package never imports interop.
register_agent(
    AgentSpec(
        "os_ismcts",
        "boardcade.interop.openspiel_mcts:OpenSpielISMCTSAgent",
        (
            Param("simulations", int, "simulations per decision (default 1000)", minimum=1),
            Param("seconds", float, "seconds per decision (the simulation count follows the measured speed)"),
            Param("uct_c", float, "UCT exploration constant (default 2.0)"),
        ),
        doc="OpenSpiel's own ISMCTSBot with random rollouts, searching information sets it samples itself "
        "(imperfect-information games only)",
        strength="the standard generic information-set searcher, for comparisons",
        think="1000 simulations, or the seconds you give it",
        extra="openspiel",
    )
)

__all__ = [
    "AGENTS",
    "LEVELS",
    "Agent",
    "AgentSpec",
    "BeginnerAgent",
    "GreedyAgent",
    "ISMCTSAgent",
    "Param",
    "RandomAgent",
    "agent_names",
    "check_agent_name",
    "make_agent",
    "parse_agent_name",
    "register_agent",
]
