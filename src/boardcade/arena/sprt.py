"""The sequential test of engine developers (fishtest, OpenBench): a GSPRT on pairs of duplicate matches.

A pair is the two matches of one duplicate deal, the roles swapped (arena/deals.py). The candidate's pair score is
0, 0.5, 1, 1.5 or 2 (a win 1, a draw 0.5); the counts of the five are the pentanomial. Hypotheses are in logistic
Elo (the Bradley-Terry scale of the standings: a score s is -400 log10(1/s - 1) Elo), H0: elo = elo0 against
H1: elo = elo1. The log-likelihood ratio is fishtest's `LLR_logistic` on a pentanomial: the multinomial over the
five pair scores, its maximum-likelihood estimate constrained to the per-game expected score s0 (then s1), the
ratio of the two likelihoods of the counts. The test stops when the LLR leaves [log(beta/(1-alpha)),
log((1-beta)/alpha)]: below, H0 is accepted; above, H1. Empty cells count 1e-3 (fishtest's regularisation).
The Elo estimate, its 95% interval and the LOS (likelihood of superiority) come from the mean and variance of
the pair scores, as fishtest's `get_elo` does. Pure standard library.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from statistics import NormalDist
from typing import Any

ALPHA = 0.05
BETA = 0.05
_EMPTY = 1e-3  # what an empty pentanomial cell counts (fishtest's regularize)
_NORMAL = NormalDist()


def score_of_elo(elo: float) -> float:
    """Expected score per game of a player `elo` logistic Elo stronger."""
    return 1.0 / (1.0 + math.pow(10.0, -elo / 400.0))


def elo_of_score(score: float) -> float:
    """Logistic Elo difference of an expected score per game (infinite at 0 or 1)."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def bounds(alpha: float = ALPHA, beta: float = BETA) -> tuple[float, float]:
    """The LLR bounds (lower: accept H0; upper: accept H1)."""
    return math.log(beta / (1.0 - alpha)), math.log((1.0 - beta) / alpha)


def pentanomial(pair_scores: Sequence[float]) -> list[int]:
    """Counts of the pair scores 0, 0.5, 1, 1.5, 2."""
    counts = [0] * 5
    for s in pair_scores:
        i = round(2 * s)
        if not 0 <= i <= 4 or abs(2 * s - i) > 1e-9:
            raise ValueError(f"a pair score is 0, 0.5, 1, 1.5 or 2, got {s}")
        counts[i] += 1
    return counts


def _pdf(counts: Sequence[float]) -> tuple[float, list[tuple[float, float]]]:
    """(number of pairs, [(per-game score of the pair, frequency)]), empty cells regularised."""
    if len(counts) != 5 or any(c < 0 for c in counts):
        raise ValueError(f"a pentanomial is 5 counts, none negative, got {list(counts)}")
    n = [c if c > 0 else _EMPTY for c in counts]
    total = sum(n)
    return total, [(i / 4.0, c / total) for i, c in enumerate(n)]


def _mean_var(pdf: list[tuple[float, float]]) -> tuple[float, float]:
    mu = sum(p * a for a, p in pdf)
    return mu, sum(p * (a - mu) ** 2 for a, p in pdf)


def _constrained_mle(pdf: list[tuple[float, float]], s: float) -> list[float]:
    """The distribution on the same points closest in likelihood to `pdf` with mean `s`: p_i / (1 + x (a_i - s))
    where x solves sum p_i (a_i - s) / (1 + x (a_i - s)) = 0 (bisection; the sum falls as x grows)."""
    d = [a - s for a, _ in pdf]
    lo, hi = -1.0 / max(d), -1.0 / min(d)  # the weights stay positive strictly between these

    def f(x: float) -> float:
        return sum(p * di / (1.0 + x * di) for (_, p), di in zip(pdf, d, strict=True))

    span = hi - lo
    lo, hi = lo + 1e-12 * span, hi - 1e-12 * span
    for _ in range(200):
        mid = (lo + hi) / 2.0
        if f(mid) > 0.0:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-15:
            break
    x = (lo + hi) / 2.0
    return [p / (1.0 + x * di) for (_, p), di in zip(pdf, d, strict=True)]


def llr(counts: Sequence[float], elo0: float, elo1: float) -> float:
    """The generalised log-likelihood ratio of H1 (elo1) against H0 (elo0) for a pentanomial."""
    total, pdf = _pdf(counts)
    p0 = _constrained_mle(pdf, score_of_elo(elo0))
    p1 = _constrained_mle(pdf, score_of_elo(elo1))
    return total * sum(p * (math.log(b) - math.log(a)) for (_, p), a, b in zip(pdf, p0, p1, strict=True))


@dataclass(frozen=True)
class Estimate:
    score: float  # mean score per game
    score_se: float  # its standard error, from the spread of the pair scores
    elo: float
    elo_low: float  # 95% interval
    elo_high: float
    los: float  # likelihood of superiority: P(true score > 0.5)


def estimate(counts: Sequence[float]) -> Estimate:
    """Elo with its 95% interval and LOS from a pentanomial (fishtest's get_elo)."""
    total, pdf = _pdf(counts)
    mu, var = _mean_var(pdf)
    se = math.sqrt(var / total)
    z = _NORMAL.inv_cdf(0.975)
    los = _NORMAL.cdf((mu - 0.5) / se) if se > 0 else float(mu > 0.5)
    return Estimate(mu, se, elo_of_score(mu), elo_of_score(mu - z * se), elo_of_score(mu + z * se), los)


@dataclass(frozen=True)
class Status:
    pairs: int
    counts: tuple[int, ...]
    llr: float
    lower: float
    upper: float
    estimate: Estimate | None
    verdict: str  # "H1" (elo1 accepted), "H0" (elo0 accepted) or "" (go on)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    def line(self) -> str:
        """One line for the terminal: pairs, pentanomial, LLR with its bounds, Elo with 95% interval, LOS."""
        head = f"pairs {self.pairs:>5}  [{' '.join(str(c) for c in self.counts)}]"
        llr_text = f"LLR {self.llr:+.2f} [{self.lower:+.2f}, {self.upper:+.2f}]"
        e = self.estimate
        if e is None:
            return f"{head}  {llr_text}"
        return f"{head}  {llr_text}  Elo {_elo(e.elo)} [{_elo(e.elo_low)}, {_elo(e.elo_high)}]  LOS {100 * e.los:.1f}%"


def _elo(x: float) -> str:
    return f"{x:+.1f}" if math.isfinite(x) else ("+inf" if x > 0 else "-inf")


def status(counts: Sequence[int], elo0: float, elo1: float, alpha: float = ALPHA, beta: float = BETA) -> Status:
    """Where the test stands after these pairs."""
    if elo1 <= elo0:
        raise ValueError(f"elo1 must be above elo0, got {elo0}, {elo1}")
    lower, upper = bounds(alpha, beta)
    n = sum(counts)
    if n == 0:
        return Status(0, tuple(counts), 0.0, lower, upper, None, "")
    value = llr(counts, elo0, elo1)
    verdict = "H1" if value >= upper else "H0" if value <= lower else ""
    return Status(n, tuple(counts), value, lower, upper, estimate(counts), verdict)
