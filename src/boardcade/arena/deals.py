"""Duplicate deals: the matches of one deal draw the same chance stream, kind by kind.

As in duplicate bridge, a pairing plays each deal once per seat order (two sides: twice, the roles swapped). A
deal seeds one generator per kind of chance (`Game.chance_kind`: each die, the spinner, each deck), so the n-th
roll of a die is the same in every match of the deal as long as those matches stay alike; the luck of the deal
falls to both agents, and the difference between their results measures skill with less noise. The agents' own
randomness comes from the match seed, never from these streams.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from ..core.game import Game, State
from ..core.loop import sample_chance
from . import sprt
from .seeds import derive_seed

DEALS = ("duplicate", "independent")


class ChanceStreams:
    """A seeded generator per kind of chance for one deal; `draw(state)` samples a chance node from its kind's."""

    def __init__(self, game: Game, deal: int):
        self.game = game
        self.deal = deal
        self.streams: dict[str, random.Random] = {}
        self.drawn: list[tuple[str, int]] = []  # (kind, outcome) in the order drawn

    def generator(self, kind: str) -> random.Random:
        rng = self.streams.get(kind)
        if rng is None:
            rng = self.streams[kind] = random.Random(derive_seed(self.deal, "chance", kind))
        return rng

    def draw(self, state: State) -> int:
        kind = self.game.chance_kind(state)
        outcome = sample_chance(state, self.generator(kind))
        self.drawn.append((kind, outcome))
        return outcome


def deal_seed(seed: int, game_name: str, agents: Iterable[str], index: int) -> int:
    """The deal of round `index` for a set of agents: the same for every seat order of those agents."""
    return derive_seed(seed, game_name, "deal", "|".join(sorted(agents)), index)


def agent_score(rec: dict[str, Any], agent: str) -> float | None:
    """1, 0.5 or 0: `agent`'s result against the other agent of a two-agent match (None if it did not play)."""
    res: dict[str, float] = {}
    for name, ret in zip(rec["seats"], rec["returns"], strict=True):
        res.setdefault(name, ret)
    if agent not in res or len(res) != 2:
        return None
    other = next(v for k, v in res.items() if k != agent)
    mine = res[agent]
    return 1.0 if mine > other else 0.5 if mine == other else 0.0


def pairs_of(records: Iterable[dict[str, Any]]) -> dict[int, list[dict[str, Any]]]:
    """Results grouped by deal (records without a deal are left out)."""
    out: dict[int, list[dict[str, Any]]] = {}
    for rec in records:
        if rec.get("deal") is not None:
            out.setdefault(rec["deal"], []).append(rec)
    return out


def chance_draws(game: Game, actions: Iterable[int]) -> list[tuple[str, int]]:
    """(kind, outcome) of every chance node of a match, in order, replayed from its actions."""
    state = game.new_initial_state()
    out = []
    for action in actions:
        if state.is_chance_node():
            out.append((game.chance_kind(state), action))
        state.apply_action(action)
    return out


def duplicate_pairs(records: Iterable[dict[str, Any]], candidate: str) -> dict[str, Any] | None:
    """For a two-agent run with duplicate deals: `candidate`'s pentanomial over the complete pairs (both seat orders
    of a deal played), its score per game with the standard error from the spread of the pairs, and the Elo with
    its 95% interval and LOS (arena/sprt.py). None when no pair is complete."""
    scores = []
    for recs in pairs_of(records).values():
        if len(recs) != 2 or recs[0]["seats"] == recs[1]["seats"]:
            continue
        pair = [agent_score(r, candidate) for r in recs]
        if None in pair:
            continue
        scores.append(sum(s for s in pair if s is not None))
    if not scores:
        return None
    counts = sprt.pentanomial(scores)
    e = sprt.estimate(counts)
    return {"agent": candidate, "pairs": len(scores), "pentanomial": counts, **e.__dict__}
