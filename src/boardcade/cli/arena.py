"""`boardcade arena GAME --agents a,b,... --games N`: a round-robin tournament with ratings."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer
from rich.table import Table

from ..agents.registry import split_agent_list
from ..arena import Run, default_folder, round_robin, summarise
from .app import app
from .common import build_game, console, fail
from .runs import check_agents, play_run


def pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def rate_cell(entry: dict[str, Any], key: str = "win") -> str:
    lo, hi = entry[f"{key}_ci"]
    return f"{pct(entry[f'{key}_rate' if key == 'win' else key])} [{pct(lo)}-{pct(hi)}]"


def standings_tables(summary: dict[str, Any]) -> list[Table]:
    agents = Table(title=f"Standings ({summary['games']} matches, mean length {summary['mean_length']:.0f} actions)")
    for col in ("agent", "rating (Elo) ±95%", "games", "W-D-L", "win rate [95% CI]", "score [95% CI]"):
        agents.add_column(col, justify="left" if col == "agent" else "right")
    for name, e in sorted(summary["agents"].items(), key=lambda kv: -kv[1]["rating"]):
        agents.add_row(
            name,
            f"{e['rating']:+.0f} ±{e['rating_ci']:.0f}",
            str(e["games"]),
            f"{e['wins']}-{e['draws']}-{e['losses']}",
            rate_cell(e),
            rate_cell(e, "score"),
        )
    roles = Table(title="Win rate by role")
    for col in ("agent", "role", "games", "win rate [95% CI]"):
        roles.add_column(col, justify="right" if col in ("games", "win rate [95% CI]") else "left")
    for e in summary["roles"].values():
        roles.add_row(e["agent"], e["role"], str(e["games"]), rate_cell(e))
    pairs = Table(title="Head to head")
    for col in ("agent", "opponent", "games", "win rate [95% CI]"):
        pairs.add_column(col, justify="right" if col in ("games", "win rate [95% CI]") else "left")
    for e in summary["pairs"].values():
        pairs.add_row(e["agent"], e["opponent"], str(e["games"]), rate_cell(e))
    return [agents, roles, pairs]


@app.command()
def arena(
    game: str = typer.Argument(..., help="game name (see `boardcade games`)"),
    agents: str = typer.Option(..., "--agents", help="comma-separated agents, e.g. random,greedy,hard"),
    games: int = typer.Option(10, "--games", min=1, help="matches per pairing and seat order"),
    option: list[str] = typer.Option(None, "--option", "-o", help="rule option key=value (repeatable)"),
    seed: int = typer.Option(0, "--seed", help="base seed: the same seed plays the same matches"),
    backend: str = typer.Option("local", "--backend", help="local (processes on this machine) or ray"),
    address: str = typer.Option(None, "--address", help="Ray cluster address (with --backend ray)"),
    workers: int = typer.Option(None, "--workers", min=1, help="local processes (default: one per CPU)"),
    out: Path = typer.Option(None, "--out", help="results folder (default: runs/arena-... named by the settings)"),
) -> None:
    """Round-robin tournament in every role and seat order: ratings, win rates, saved results (resumable)."""
    if backend not in ("local", "ray"):
        raise fail(f"unknown backend {backend!r}; backends: local, ray")
    names = split_agent_list(agents)
    if not names:
        raise fail("give at least one agent with --agents, e.g. --agents random,greedy")
    check_agents(names)
    g = build_game(game, option)
    config = {"kind": "arena", "game": game, "options": g.options, "agents": names, "games": games, "seed": seed}
    try:
        specs = round_robin(game, g.options, names, games, seed)
        run = Run(out or default_folder("arena", config), config, specs)
    except ValueError as e:
        raise fail(str(e)) from None
    finished = play_run(run, backend, workers, address, f"{game} arena")
    summary = summarise(run.results, names)
    summary["config"] = config
    summary["complete"] = finished
    path = run.save_summary(summary)
    for table in standings_tables(summary):
        console.print(table)
    console.print(f"Results: {run.folder / 'results.jsonl'}  Summary: {path}")
    if not finished:
        raise typer.Exit(code=130)
