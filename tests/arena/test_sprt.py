"""The GSPRT on pentanomial pair counts (arena/sprt.py), checked against numbers derived here independently."""

from __future__ import annotations

import math

import pytest

from boardcade.arena import sprt

COUNTS = [10, 60, 200, 90, 40]  # LL, LD+DL, LW+DD+WL, DW+WD, WW pairs


def logistic(elo: float) -> float:
    return 1 / (1 + 10 ** (-elo / 400))


def dual_llr(counts: list[int], elo0: float, elo1: float) -> float:
    """The same generalised LLR by another road: the constrained multinomial maximum is
    sum p log p - max_x sum p log(1 + x (a - s)) (Lagrange dual), maximised here by golden-section search."""
    n = [c or 1e-3 for c in counts]
    total = sum(n)
    p = [c / total for c in n]
    a = [i / 4 for i in range(5)]

    def best(s: float) -> float:
        d = [ai - s for ai in a]
        lo, hi = -1 / max(d) + 1e-12, -1 / min(d) - 1e-12
        g = (math.sqrt(5) - 1) / 2
        for _ in range(300):
            x1, x2 = hi - g * (hi - lo), lo + g * (hi - lo)
            f1 = sum(pi * math.log(1 + x1 * di) for pi, di in zip(p, d, strict=True))
            f2 = sum(pi * math.log(1 + x2 * di) for pi, di in zip(p, d, strict=True))
            lo, hi = (x1, hi) if f1 < f2 else (lo, x2)
        x = (lo + hi) / 2
        return sum(pi * math.log(1 + x * di) for pi, di in zip(p, d, strict=True))

    return total * (best(logistic(elo0)) - best(logistic(elo1)))


def test_bounds_are_fishtests_for_alpha_beta_5_percent():
    lower, upper = sprt.bounds(0.05, 0.05)
    assert lower == pytest.approx(math.log(0.05 / 0.95)) and upper == pytest.approx(math.log(0.95 / 0.05))
    assert upper == pytest.approx(2.944439, abs=1e-6)


def test_llr_matches_the_lagrange_dual_and_fishtest():
    assert sprt.llr(COUNTS, 0, 10) == pytest.approx(dual_llr(COUNTS, 0, 10), abs=1e-6)
    assert sprt.llr([3, 40, 110, 55, 7], -3, 5) == pytest.approx(dual_llr([3, 40, 110, 55, 7], -3, 5), abs=1e-6)
    # fishtest's LLR_logistic(0, 10, [10, 60, 200, 90, 40]) (server/fishtest/stats/LLRcalc.py, scipy's brentq)
    assert sprt.llr(COUNTS, 0, 10) == pytest.approx(5.3496248378, abs=1e-6)


def test_llr_is_close_to_the_brownian_approximation_for_close_hypotheses():
    """GSPRT_approximation: LLR ~ N (s1 - s0)(2 mu - s0 - s1) / (2 var) with the pair mean and variance."""
    counts = [30, 90, 200, 100, 35]  # a mean score of 0.511, near both hypotheses
    n = sum(counts)
    mu = sum(c * i / 4 for i, c in enumerate(counts)) / n
    var = sum(c * (i / 4 - mu) ** 2 for i, c in enumerate(counts)) / n
    for elo0, elo1 in ((0, 10), (-5, 5)):
        s0, s1 = logistic(elo0), logistic(elo1)
        approx = n * (s1 - s0) * (2 * mu - s0 - s1) / (2 * var)
        assert sprt.llr(counts, elo0, elo1) == pytest.approx(approx, rel=0.005)


def test_llr_of_only_double_wins_and_losses_is_the_bernoulli_sprt():
    """With only LL and WW pairs the model is a coin per pair: LLR = n_WW log(s1/s0) + n_LL log((1-s1)/(1-s0))."""
    s0, s1 = logistic(0), logistic(20)
    expected = 30 * math.log(s1 / s0) + 12 * math.log((1 - s1) / (1 - s0))
    assert sprt.llr([12, 0, 0, 0, 30], 0, 20) == pytest.approx(expected, abs=0.01)


def test_symmetric_results_favour_neither_symmetric_hypothesis():
    assert sprt.llr([5, 9, 20, 9, 5], -5, 5) == pytest.approx(0.0, abs=1e-9)


def test_estimate_is_the_mean_pair_score_with_its_standard_error():
    n = sum(COUNTS)
    mu = (0.25 * 60 + 0.5 * 200 + 0.75 * 90 + 1.0 * 40) / n  # 0.55625
    var = sum(c * (i / 4 - mu) ** 2 for i, c in enumerate(COUNTS)) / n
    se = math.sqrt(var / n)
    e = sprt.estimate(COUNTS)
    assert e.score == pytest.approx(0.55625) and e.score_se == pytest.approx(se)
    assert e.elo == pytest.approx(-400 * math.log10(1 / mu - 1))
    assert e.elo_low == pytest.approx(-400 * math.log10(1 / (mu - 1.959964 * se) - 1), abs=1e-3)
    assert e.elo_high == pytest.approx(-400 * math.log10(1 / (mu + 1.959964 * se) - 1), abs=1e-3)
    assert e.los == pytest.approx(0.5 * (1 + math.erf((mu - 0.5) / se / math.sqrt(2))))


def test_status_stops_only_outside_the_bounds():
    assert sprt.status(COUNTS, 0, 10).verdict == "H1"
    assert sprt.status([40, 90, 200, 60, 10], 0, 10).verdict == "H0"
    going = sprt.status([1, 2, 4, 2, 1], 0, 10)
    assert going.verdict == "" and going.lower < going.llr < going.upper
    assert "LLR" in going.line() and "LOS" in going.line() and "Elo" in going.line()
    assert sprt.status([0] * 5, 0, 10).estimate is None


def test_pentanomial_counts_pair_scores_and_refuses_others():
    assert sprt.pentanomial([0, 0.5, 1, 1, 1.5, 2, 2]) == [1, 1, 2, 1, 2]
    with pytest.raises(ValueError, match="0, 0.5, 1, 1.5 or 2"):
        sprt.pentanomial([0.7])
    with pytest.raises(ValueError, match="elo1 must be above elo0"):
        sprt.status(COUNTS, 5, 0)
