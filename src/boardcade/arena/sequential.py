"""A sequential test run (`arena --sprt elo0,elo1`): duplicate pairs played in order until the GSPRT decides.

Pair i is deal i of the two agents, played once in each seat order (`round_robin(..., deals="duplicate")`: the
same keys and seeds as a duplicate arena run). The test reads the pairs in their order and stops at the first
pair after which the LLR leaves its bounds, so the verdict does not depend on how many workers played or in
which order matches finished: a match still in flight when the test stops is not counted (and not saved).
Resuming replays nothing: the saved results are read in the same order, and the test goes on where it stopped.
"""

from __future__ import annotations

from typing import Any

from ..core.registry import load_game
from . import sprt
from .deals import agent_score
from .match import MatchSpec
from .schedule import round_robin, sides


def sprt_specs(game: str, options: dict[str, Any], agents: list[str], pairs: int, seed: int) -> list[MatchSpec]:
    """The matches of up to `pairs` duplicate pairs of two agents, pair by pair."""
    if len(agents) != 2:
        raise ValueError(f"--sprt tests one agent against another: name two agents, got {len(agents)}: {agents}")
    if len(sides(load_game(game, **options))) != 2:
        raise ValueError(f"--sprt needs a game of two sides; {game} with these options has more")
    return round_robin(game, options, agents, pairs, seed, deals="duplicate")


class Sequential:
    """The test's state: feed it results (`add`) in any order; it counts complete pairs in pair order."""

    def __init__(
        self,
        specs: list[MatchSpec],
        candidate: str,
        elo0: float,
        elo1: float,
        alpha: float = sprt.ALPHA,
        beta: float = sprt.BETA,
    ):
        self.pairs: list[tuple[str, ...]] = []  # keys of each pair, in order
        by_round: dict[str, list[str]] = {}
        for spec in specs:
            by_round.setdefault(spec.key.rpartition("#")[2], []).append(spec.key)
        self.pairs = [tuple(keys) for keys in by_round.values()]
        self.candidate, self.elo0, self.elo1, self.alpha, self.beta = candidate, elo0, elo1, alpha, beta
        self.scores: dict[str, float] = {}
        self.counts = [0] * 5
        self.counted = 0  # pairs counted so far (a prefix of self.pairs)
        self.status = sprt.status(self.counts, elo0, elo1, alpha, beta)
        self.history: list[sprt.Status] = []  # the status after each counted pair

    def add(self, record: dict[str, Any]) -> bool:
        """Take one match result; True when the status moved on (one or more pairs were counted)."""
        score = agent_score(record, self.candidate)
        if score is None:
            raise ValueError(f"match {record.get('key')} has no result for {self.candidate!r}")
        self.scores[record["key"]] = score
        moved = False
        while not self.status.verdict and self.counted < len(self.pairs):
            keys = self.pairs[self.counted]
            if any(k not in self.scores for k in keys):
                break
            self.counts[round(2 * sum(self.scores[k] for k in keys))] += 1
            self.counted += 1
            self.status = sprt.status(self.counts, self.elo0, self.elo1, self.alpha, self.beta)
            self.history.append(self.status)
            moved = True
        return moved

    @property
    def done(self) -> bool:
        """Decided, or every pair allowed has been counted."""
        return bool(self.status.verdict) or self.counted >= len(self.pairs)

    def verdict_text(self, opponent: str = "the other agent") -> str:
        s, a, b, me = self.status, self.elo0, self.elo1, self.candidate
        if s.verdict == "H1":
            return f"H1 accepted: {me} against {opponent} is elo1 = {b:g} rather than elo0 = {a:g} (LLR {s.llr:+.2f})"
        if s.verdict == "H0":
            return f"H0 accepted: {me} against {opponent} is elo0 = {a:g} rather than elo1 = {b:g} (LLR {s.llr:+.2f})"
        return f"undecided after {s.pairs} pairs (LLR {s.llr:+.2f} within [{s.lower:+.2f}, {s.upper:+.2f}])"
