"""Wilson intervals and Bradley-Terry ratings."""

from __future__ import annotations

import math

import pytest

from boardcade.arena import bradley_terry, wilson


def test_wilson_matches_known_values():
    lo, hi = wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_wilson_narrows_with_more_games():
    a, b = wilson(8, 10), wilson(80, 100)
    assert b[1] - b[0] < a[1] - a[0]


def test_bradley_terry_equal_results_give_equal_ratings():
    r = bradley_terry(["a", "b"], {("a", "b"): [5.0, 10], ("b", "a"): [5.0, 10]})
    assert r["a"][0] == pytest.approx(0.0, abs=1e-6) and r["b"][0] == pytest.approx(0.0, abs=1e-6)
    assert r["a"][1] > 0


def test_bradley_terry_three_to_one_is_about_190_elo():
    """A 75% score is 400*log10(3) = 191 Elo in the Bradley-Terry model (the weak prior shrinks it slightly)."""
    r = bradley_terry(["a", "b"], {("a", "b"): [300.0, 400], ("b", "a"): [100.0, 400]})
    gap = r["a"][0] - r["b"][0]
    assert 180 < gap < 400 * math.log10(3) + 0.5
    assert r["a"][0] == pytest.approx(-r["b"][0])


def test_bradley_terry_unbeaten_agent_stays_finite_and_ordered():
    pairs = {("a", "b"): [10.0, 10], ("b", "a"): [0.0, 10], ("b", "c"): [6.0, 10], ("c", "b"): [4.0, 10]}
    r = bradley_terry(["a", "b", "c"], pairs)
    assert r["a"][0] > r["b"][0] > r["c"][0]
    assert all(math.isfinite(v) for pair in r.values() for v in pair)


def test_balance_summary_counts_roles_seats_lengths_and_endings():
    """Balance: per-role and per-seat win rates with intervals, length quartiles, how games ended."""
    from boardcade.arena.balance import balance_summary

    def rec(roles, returns, length, rule, events):
        return {
            "roles": roles,
            "returns": returns,
            "length": length,
            "end_rule": rule,
            "end_text": rule.lower(),
            "end_events": events,
            "safety_cap": False,
            "stats": {"turns": length / 10},
        }

    s = balance_summary(
        [
            rec(["gnome", "centipede"], [-1.0, 1.0], 100, "R-1", "R-9+R-1"),
            rec(["gnome", "centipede"], [-1.0, 1.0], 200, "R-2", "R-2"),
            rec(["centipede", "gnome"], [0.0, 0.0], 300, "R-3", "R-3"),
        ]
    )
    assert s["roles"]["centipede"]["wins"] == 2 and s["roles"]["centipede"]["games"] == 3
    assert s["roles"]["gnome"]["win_rate"] == 0.0 and s["roles"]["gnome"]["ci"][1] > 0.3
    assert s["seats"]["player 2"]["wins"] == 2 and s["draws"]["wins"] == 1
    assert (s["length"]["min"], s["length"]["median"], s["length"]["max"]) == (100, 200, 300)
    assert {k: v["count"] for k, v in s["ends"].items()} == {"R-1": 1, "R-2": 1, "R-3": 1}
    assert s["final_step_rules"]["R-9"] == 1 and s["stats"]["turns"]["mean"] == pytest.approx(20)
