"""Balance figures from strong-vs-strong matches: who is favoured, how long games last, how they end."""

from __future__ import annotations

import csv
import statistics
from collections import Counter, defaultdict
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .stats import wilson

if TYPE_CHECKING:  # matplotlib is an extra (`plots`), imported when a report is drawn
    from matplotlib.figure import Figure


def _share(wins: int, draws: int, games: int) -> dict[str, Any]:
    lo, hi = wilson(wins, games)
    return {"games": games, "wins": wins, "draws": draws, "win_rate": wins / games if games else 0.0, "ci": [lo, hi]}


def balance_summary(records: list[dict[str, Any]]) -> dict[str, Any]:
    """Per-role and per-seat win rates (95% Wilson intervals), game lengths and how games ended."""
    roles: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    seats: dict[int, list[int]] = defaultdict(lambda: [0, 0, 0])
    ends: Counter[str] = Counter()
    final_rules: Counter[str] = Counter()  # rules seen among the events of the final step
    end_text: dict[str, str] = {}
    lengths = sorted(r["length"] for r in records)
    draws = caps = 0
    for rec in records:
        draws += all(x == 0 for x in rec["returns"])
        caps += bool(rec.get("safety_cap"))
        ends[rec["end_rule"]] += 1
        end_text.setdefault(rec["end_rule"], rec["end_text"])
        final_rules.update(r for r in rec.get("end_events", "").split("+") if r)
        for p, (role, ret) in enumerate(zip(rec["roles"], rec["returns"], strict=True)):
            for t in (roles[role], seats[p]):
                t[0] += ret > 0
                t[1] += ret == 0
                t[2] += 1
    n = len(records)
    stat_values: dict[str, list[float]] = defaultdict(list)
    for rec in records:
        for k, v in rec.get("stats", {}).items():
            stat_values[k].append(v)
    if lengths:
        q = statistics.quantiles(lengths, n=4) if n > 1 else [lengths[0]] * 3
        length = {
            "min": lengths[0],
            "q1": q[0],
            "median": statistics.median(lengths),
            "q3": q[2],
            "max": lengths[-1],
            "mean": statistics.fmean(lengths),
        }
    else:
        length = {}
    return {
        "games": n,
        "draws": _share(draws, 0, n),
        "safety_caps": caps,
        "roles": {role: _share(*t) for role, t in sorted(roles.items())},
        "seats": {f"player {p + 1}": _share(*t) for p, t in sorted(seats.items())},
        "length": length,
        "stats": {
            k: {"mean": statistics.fmean(v), "min": min(v), "max": max(v)} for k, v in sorted(stat_values.items())
        },
        "final_step_rules": {rule: c for rule, c in final_rules.most_common()},
        "ends": {rule: {"count": c, "share": c / n, "example": end_text[rule]} for rule, c in ends.most_common()},
    }


def write_csv(records: list[dict[str, Any]], path: Path) -> Path:
    """One row per match: seed, length, ending, and each player's role and return."""
    players = max((len(r["returns"]) for r in records), default=0)
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        head = ["key", "seed", "length", "end_rule", "end_text", "end_events", "safety_cap"]
        for p in range(players):
            head += [f"p{p + 1}_agent", f"p{p + 1}_role", f"p{p + 1}_return"]
        w.writerow(head)
        for r in sorted(records, key=lambda r: r["key"]):
            row = [r["key"], r["seed"], r["length"], r["end_rule"], r["end_text"], r.get("end_events", "")]
            row.append(int(bool(r.get("safety_cap"))))
            for p in range(players):
                row += [r["seats"][p], r["roles"][p], r["returns"][p]]
            w.writerow(row)
    return path


def _plots(summary: dict[str, Any], records: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """(title, base64 PNG) per plot; empty when matplotlib is not installed."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return []
    import base64
    import io

    def png(fig: Figure) -> str:
        buf = io.BytesIO()
        fig.savefig(buf, format="png", dpi=90, bbox_inches="tight")
        plt.close(fig)
        return base64.b64encode(buf.getvalue()).decode()

    out = []
    fig, ax = plt.subplots(figsize=(6, 3))
    names = list(summary["roles"])
    rates = [summary["roles"][k]["win_rate"] for k in names]
    err = [
        [max(0.0, r - summary["roles"][k]["ci"][0]) for k, r in zip(names, rates, strict=True)],
        [max(0.0, summary["roles"][k]["ci"][1] - r) for k, r in zip(names, rates, strict=True)],
    ]
    ax.barh(names, rates, xerr=err, color="#4a7ab5", capsize=4)
    ax.axvline(0.5, color="grey", linestyle=":")
    ax.set_xlim(0, 1)
    ax.set_xlabel("win rate (95% Wilson interval)")
    out.append(("Win rate by role", png(fig)))
    fig, ax = plt.subplots(figsize=(6, 3))
    ax.hist([r["length"] for r in records], bins=min(30, max(5, len(records) // 3)), color="#6a9f58")
    ax.set_xlabel("game length (actions, chance outcomes included)")
    ax.set_ylabel("games")
    out.append(("Game length", png(fig)))
    fig, ax = plt.subplots(figsize=(6, 3))
    ends = summary["ends"]
    ax.barh([f"{k}" for k in ends], [v["count"] for v in ends.values()], color="#b5834a")
    ax.set_xlabel("games")
    out.append(("How games ended (rule)", png(fig)))
    return out


def write_html(summary: dict[str, Any], records: list[dict[str, Any]], path: Path, title: str) -> Path:
    from html import escape

    def pct(x: float) -> str:
        return f"{100 * x:.1f}%"

    def rows(table: dict[str, dict[str, Any]]) -> str:
        return "".join(
            f"<tr><td>{escape(k)}</td><td>{v['games']}</td><td>{pct(v['win_rate'])}</td>"
            f"<td>{pct(v['ci'][0])} – {pct(v['ci'][1])}</td></tr>"
            for k, v in table.items()
        )

    head = "<tr><th></th><th>games</th><th>win rate</th><th>95% interval</th></tr>"
    ln = summary["length"]
    parts = [
        f"<!doctype html><html><head><meta charset='utf-8'><title>{escape(title)}</title>",
        "<style>body{font-family:sans-serif;max-width:60em;margin:2em auto}table{border-collapse:collapse}"
        "td,th{border:1px solid #ccc;padding:.2em .6em;text-align:right}td:first-child{text-align:left}</style>",
        f"</head><body><h1>{escape(title)}</h1>",
        f"<p>{summary['games']} games; draws {pct(summary['draws']['win_rate'])}; "
        f"ended by a digital safety cap: {summary['safety_caps']}.</p>",
        f"<h2>Win rate by role</h2><table>{head}{rows(summary['roles'])}</table>",
        f"<h2>Win rate by seat</h2><table>{head}{rows(summary['seats'])}</table>",
        "<h2>Game length (actions)</h2><table><tr>"
        + "".join(f"<th>{k}</th>" for k in ln)
        + "</tr><tr>"
        + "".join(f"<td>{v:.0f}</td>" for v in ln.values())
        + "</tr></table>",
        "<h2>How games ended</h2><table><tr><th>rule</th><th>games</th><th>share</th><th>example</th></tr>"
        + "".join(
            f"<tr><td>{escape(k)}</td><td>{v['count']}</td><td>{pct(v['share'])}</td><td>{escape(v['example'])}</td></tr>"
            for k, v in summary["ends"].items()
        )
        + "</table>",
        "<h3>Rules applied in the final step (cause and result)</h3><table><tr><th>rule</th><th>games</th></tr>"
        + "".join(f"<tr><td>{escape(k)}</td><td>{c}</td></tr>" for k, c in summary["final_step_rules"].items())
        + "</table>",
    ]
    if summary["stats"]:
        parts.append(
            "<h2>Game statistics</h2><table><tr><th></th><th>mean</th><th>min</th><th>max</th></tr>"
            + "".join(
                f"<tr><td>{escape(k)}</td><td>{v['mean']:.2f}</td><td>{v['min']:g}</td><td>{v['max']:g}</td></tr>"
                for k, v in summary["stats"].items()
            )
            + "</table>"
        )
    plots = _plots(summary, records)
    for name, data in plots:
        parts.append(f"<h2>{escape(name)}</h2><img alt='{escape(name)}' src='data:image/png;base64,{data}'>")
    if not plots:
        parts.append("<p>(Plots need matplotlib: pip install 'boardcade[plots]'.)</p>")
    parts.append("<p>Raw numbers: games.csv beside this file.</p></body></html>")
    path.write_text("\n".join(parts))
    return path
