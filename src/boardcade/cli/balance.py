"""`boardcade balance GAME [--option k=v ...]`: strong-vs-strong matches and a balance report."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer
from rich.table import Table

from ..arena import Run, default_folder, round_robin
from ..arena.balance import balance_summary, write_csv, write_html
from .app import app
from .common import build_game, console, fail
from .runs import check_agents, play_run


def _rate_table(title: str, table: dict[str, Any]) -> Table:
    t = Table(title=title)
    for col in ("", "games", "win rate", "95% interval"):
        t.add_column(col, justify="left" if not col else "right")
    for k, v in table.items():
        t.add_row(k, str(v["games"]), f"{100 * v['win_rate']:.1f}%", f"{100 * v['ci'][0]:.1f}-{100 * v['ci'][1]:.1f}%")
    return t


@app.command()
def balance(
    game: str = typer.Argument(..., help="game name (see `boardcade games`)"),
    option: list[str] = typer.Option(None, "--option", "-o", help="rule option key=value (repeatable)"),
    games: int = typer.Option(100, "--games", min=1, help="number of matches"),
    agent: str = typer.Option("hard", "--agent", help="the agent in every seat (default: hard)"),
    seed: int = typer.Option(0, "--seed", help="base seed: the same seed plays the same matches"),
    backend: str = typer.Option("local", "--backend", help="local (processes on this machine) or ray"),
    address: str | None = typer.Option(None, "--address", help="Ray cluster address (with --backend ray)"),
    workers: int | None = typer.Option(None, "--workers", min=1, help="local processes (default: one per CPU)"),
    out: Path | None = typer.Option(
        None, "--out", help="report folder (default: runs/balance-... named by the settings)"
    ),
) -> None:
    """Is a role or seat favoured? Win rates with intervals, game lengths, endings; HTML report and CSV."""
    if backend not in ("local", "ray"):
        raise fail(f"unknown backend {backend!r}; backends: local, ray")
    check_agents([agent])
    g = build_game(game, option)
    config = {"kind": "balance", "game": game, "options": g.options, "agents": [agent], "games": games, "seed": seed}
    try:
        run = Run(out or default_folder("balance", config), config, round_robin(game, g.options, [agent], games, seed))
    except ValueError as e:
        raise fail(str(e)) from None
    finished = play_run(run, backend, workers, address, f"{game} balance")
    if not run.results:
        raise typer.Exit(code=130)
    summary = balance_summary(run.results)
    summary["config"] = config
    summary["complete"] = finished
    run.save_summary(summary)
    opts = ", ".join(f"{k}={v}" for k, v in g.options.items())
    title = f"Balance of {g.title or game} ({opts}), {agent} in every seat"
    csv_path = write_csv(run.results, run.folder / "games.csv")
    html_path = write_html(summary, run.results, run.folder / "report.html", title)
    console.print(title)
    console.print(_rate_table("Win rate by role", summary["roles"]))
    console.print(_rate_table("Win rate by seat", summary["seats"]))
    ln = summary["length"]
    console.print(
        f"Game length (actions): median {ln['median']:.0f}, quartiles {ln['q1']:.0f}-{ln['q3']:.0f}, "
        f"range {ln['min']}-{ln['max']}; draws {100 * summary['draws']['win_rate']:.1f}%; "
        f"safety caps {summary['safety_caps']}"
    )
    for key, stat in summary["stats"].items():
        console.print(f"  {key}: mean {stat['mean']:.2f} (range {stat['min']:g}-{stat['max']:g})")
    for rule, end in summary["ends"].items():
        console.print(f"  ended by {rule}: {end['count']} ({100 * end['share']:.0f}%), e.g. {end['example']}")
    console.print(f"Report: {html_path}  Raw numbers: {csv_path}")
    if not finished:
        raise typer.Exit(code=130)
