"""Turning match results into standings: win rates with Wilson intervals, per role, per pair, and ratings."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from .stats import bradley_terry, wilson


def _rate(wins: int, draws: int, games: int) -> dict[str, Any]:
    lo, hi = wilson(wins, games)
    slo, shi = wilson(wins + 0.5 * draws, games)
    return {
        "games": games,
        "wins": wins,
        "draws": draws,
        "losses": games - wins - draws,
        "win_rate": wins / games if games else 0.0,
        "win_ci": [lo, hi],
        "score": (wins + 0.5 * draws) / games if games else 0.0,
        "score_ci": [slo, shi],
    }


def _agent_results(rec: dict[str, Any]) -> dict[str, float]:
    """Return per distinct agent in a match (team mates share returns; an agent in several seats takes the first)."""
    out: dict[str, float] = {}
    for agent, ret in zip(rec["seats"], rec["returns"], strict=True):
        out.setdefault(agent, ret)
    return out


def summarise(records: Iterable[dict[str, Any]], agents: list[str] | None = None) -> dict[str, Any]:
    """Standings over arena results. A win is a positive return, a draw zero, a loss negative. CPU per decision
    is the agent's CPU seconds over its decisions (forced ones included), from each match's `cpu_seconds`."""
    records = list(records)
    names = list(agents) if agents else sorted({a for r in records for a in r["seats"]})
    tally: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])  # wins, draws, games
    roles: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0])
    pairs: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0])  # wins, draws, games of a vs b
    lengths: list[int] = []
    caps = 0
    cpu: dict[str, list[float]] = defaultdict(lambda: [0.0, 0])  # CPU seconds, decisions
    for rec in records:
        for agent, seconds, count in zip(
            rec["seats"], rec.get("cpu_seconds", ()), rec.get("decisions", ()), strict=False
        ):
            cpu[agent][0] += seconds
            cpu[agent][1] += count
        lengths.append(rec["length"])
        caps += bool(rec.get("safety_cap"))
        res = _agent_results(rec)
        for agent, ret in res.items():
            t = tally[agent]
            t[0] += ret > 0
            t[1] += ret == 0
            t[2] += 1
        for agent, role, ret in zip(rec["seats"], rec["roles"], rec["returns"], strict=True):
            t = roles[(agent, role)]
            t[0] += ret > 0
            t[1] += ret == 0
            t[2] += 1
        for a, b in ((a, b) for a in res for b in res if a != b):
            t = pairs[(a, b)]
            t[0] += res[a] > res[b]
            t[1] += res[a] == res[b]
            t[2] += 1
    bt_pairs = {k: [w + 0.5 * d, g] for k, (w, d, g) in pairs.items()}
    ratings = bradley_terry(names, bt_pairs) if len(names) > 1 else {n: (0.0, 0.0) for n in names}
    return {
        "games": len(records),
        "safety_caps": caps,
        "mean_length": sum(lengths) / len(lengths) if lengths else 0.0,
        "agents": {
            n: {
                **_rate(tally[n][0], tally[n][1], tally[n][2]),
                "rating": ratings[n][0],
                "rating_ci": ratings[n][1],
                "cpu_per_decision": cpu[n][0] / cpu[n][1] if cpu[n][1] else None,
            }
            for n in names
        },
        "roles": {
            f"{agent} as {role}": {"agent": agent, "role": role, **_rate(*t)}
            for (agent, role), t in sorted(roles.items())
        },
        "pairs": {f"{a} vs {b}": {"agent": a, "opponent": b, **_rate(*t)} for (a, b), t in sorted(pairs.items())},
    }
