"""One position of a match, evaluated by a computer player from the information of the seat that decided there.

The player never sees the match's own state: it is handed a state drawn from the deciding seat's information
state (`resample_from_infostate`), with a random generator seeded from the step number, the seat and the
analysis seed alone. So the evaluation cannot depend on anything the seat did not know: two matches that differ
only in what the seat cannot see give it the same evaluation (tests/analysis). This is the rule hints follow
(server/hints.py).

Runs in worker processes (`evaluate_chunk` is what they call); pure standard library and the game contract.
"""

from __future__ import annotations

import random
import time
from typing import Any

from ..agents import make_agent
from ..agents.base import heuristic_for
from ..core import State
from ..core.record import load_game_under_rules


def one_ply_values(state: State, player: int) -> dict[int, float]:
    """`player`'s value of each legal action by the game's evaluation one move ahead (chance outcomes right after
    the move averaged; a finished match scores its result): for a player whose search reports no values."""
    evaluate = heuristic_for(state.game.name)

    def value(s: State) -> float:
        return s.returns()[player] if s.is_terminal() else max(-1.0, min(1.0, evaluate(s, player)))

    out = {}
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        if child.is_chance_node():
            total = 0.0
            for outcome, p in child.chance_outcomes():
                after = child.clone()
                after.apply_action(outcome)
                total += p * value(after)
            out[action] = total
        else:
            out[action] = value(child)
    return out


def evaluate(state: State, played: int, step: int, agent_name: str, seed: int) -> dict[str, Any]:
    """The evaluation of `state` (a decision with at least two legal actions) from its mover's information:
    the player's choice, every action's value for the mover in [-1, 1] where known, and labels."""
    began = time.process_time()
    mover = state.current_player()
    rng = random.Random(f"analysis:{seed}:{step}:{mover}")
    seen = state.resample_from_infostate(mover, rng)
    agent = make_agent(agent_name, rng.randrange(2**31))
    ranked = agent.analyse(seen)
    values = dict((getattr(agent, "last_search", None) or {}).get("values") or {})
    source = "search"
    if not values:
        values, source = one_ply_values(seen, mover), "evaluation"
    shares = dict(ranked)
    best = ranked[0][0]
    named = sorted(values, key=lambda a: -values[a])[:3]
    keep = list(dict.fromkeys([best, played, *named]))
    return {
        "step": step,
        "seat": mover,
        "best": best,
        "played": played,
        "values": [[a, round(values[a], 4)] for a in keep if a in values],
        "shares": [[a, round(shares.get(a, 0.0), 4)] for a in keep],
        "info": {str(a): seen.action_info(a) for a in keep},
        "source": source,
        "cpu": round(time.process_time() - began, 4),
    }


def evaluate_chunk(
    game: str,
    options: dict[str, Any],
    rules_version: int | None,
    actions: list[int],
    steps: list[int],
    agent_name: str,
    seed: int,
) -> list[dict[str, Any]]:
    """Evaluate the positions before actions `steps` (in increasing order) of the match `actions`: what each
    worker process runs. The match is replayed once, up to the last of them."""
    state = load_game_under_rules(game, options, rules_version).new_initial_state()
    at = 0
    out = []
    for step in steps:
        while at < step:
            state.apply_action(actions[at])
            at += 1
        out.append(evaluate(state, actions[step], step, agent_name, seed))
    return out
