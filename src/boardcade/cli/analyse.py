"""`boardcade analyse RECORD`: every decision of a recorded match evaluated by the strongest computer player from
the deciding seat's own information, graded by the drop in its estimated win chance (boardcade.analysis)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from ..analysis import analyse as run_analysis
from ..analysis import for_view, strongest_agent
from ..core import GameError, RecordError, load_record
from .app import app
from .common import console, fail

GRADE_STYLE = {"good": "green", "inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "bold red"}
SPARK = " ▁▂▃▄▅▆▇█"


def sparkline(values: list[float]) -> str:
    """Win chances in [0, 1] as one line of block characters."""
    return "".join(SPARK[min(len(SPARK) - 1, round(v * (len(SPARK) - 1)))] for v in values)


def _pct(x: float | None) -> str:
    return "?" if x is None else f"{100 * x:.0f}%"


def _print(analysis: dict[str, Any], show_all: bool) -> None:
    players = analysis["players"]
    sides = analysis["sides"]
    positions = analysis["positions"]
    console.print(
        f"[bold]{escape(analysis['title'])}[/]: {len(positions)} decision(s) of {analysis['length']} step(s) "
        f"analysed by [bold]{escape(analysis['agent'])}[/] in {analysis['cpu_seconds']:.1f} CPU seconds "
        f"({analysis['workers'] or 'no'} worker process(es), {analysis['wall_seconds']:.1f} s)."
    )
    if analysis.get("only_view") is not None:
        console.print(f"Only {escape(players[analysis['only_view']])}'s view: the evaluations of its own decisions.")
    elif not analysis["perfect_information"]:
        console.print("Each evaluation uses only what the deciding seat knew then (its view is named on each line).")
    if positions and positions[0]["win"] is not None:
        line = [p["win"][0] for p in positions] + ([analysis["final"][0]] if analysis.get("final") else [])
        console.print(f"{escape(sides[0]['name'])}'s estimated win chance: [yellow]{sparkline(line)}[/]")
    table = Table(title="Decisions by seat")
    for col in ("seat", "decisions", "good", "inaccuracies", "mistakes", "blunders", "average drop"):
        table.add_column(col)
    for seat, name in enumerate(players):
        mine = [p for p in positions if p["seat"] == seat]
        if not mine:
            continue
        count = {g: sum(1 for p in mine if p["grade"] == g) for g in GRADE_STYLE}
        drop = sum(p["drop"] for p in mine) / len(mine)
        table.add_row(name, str(len(mine)), *(str(count[g]) for g in GRADE_STYLE), _pct(drop))
    console.print(table)
    marked = positions if show_all else [p for p in positions if p["grade"] != "good"]
    if not marked:
        console.print("No inaccuracies, mistakes or blunders found." if positions else "No decisions to analyse.")
        return
    console.print("Every decision:" if show_all else "Decisions that lost estimated win chance:")
    for p in marked:
        style = GRADE_STYLE[p["grade"]]
        played, best = p["played"], p["best"]
        better = (
            "" if played["action"] == best["action"] else f"; better: {escape(best['label'])} ({_pct(best['win'])})"
        )
        console.print(
            f"  step {p['step']:>4}  [{style}]{p['grade']:<10}[/] {escape(players[p['seat']])}: "
            f"{escape(played['label'])} ({_pct(played['win'])}){better}"
            f"  [dim](-{_pct(p['drop'])}, {escape(p['view_name'])}'s view)[/]"
        )


@app.command()
def analyse(
    record: Path = typer.Argument(..., exists=True, dir_okay=False, help="A match record (JSON)."),
    agent: str | None = typer.Option(None, help="The computer player that evaluates (default: the strongest level)."),
    workers: int | None = typer.Option(None, help="Worker processes (default: one per CPU core; 0: in this process)."),
    seed: int = typer.Option(0, help="Seed of the analysis's own randomness."),
    seat: int | None = typer.Option(
        None, help="Only this seat's view: the evaluations of its own decisions (0-based)."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print the analysis as JSON (format boardcade-analysis/1)."),
    show_all: bool = typer.Option(False, "--all", help="List every decision, not only those that lost win chance."),
) -> None:
    """Analyse a recorded match: every decision evaluated from the deciding seat's own information by the
    strongest computer player, graded good / inaccuracy / mistake / blunder by the drop in its estimated win
    chance (10 / 20 / 30 points), with the suggested alternative and its estimate.

    An unfinished match is analysed only for one seat (--seat N): its own decisions, from its own information,
    so nothing of the other seats is shown while the match goes on."""
    try:
        rec = load_record(record)
        game = rec.load_game()
    except (RecordError, GameError) as e:
        raise fail(f"{record}: {e}") from None
    if seat is not None and not 0 <= seat < game.num_players:
        raise fail(f"--seat {seat}: {rec.game} has seats 0..{game.num_players - 1}")
    if rec.result is None and seat is None:
        # Every seat's evaluations would name what the others hold and should play: not while the match goes on.
        seats = ", ".join(f"{p} = {game.player_name(p)}" for p in range(game.num_players))
        raise fail(
            f"{record} is an unfinished match ({len(rec.actions)} moves): analysing every seat would show each "
            f"seat's hidden cards, rolls and best moves to the others. Finish it first (boardcade play --resume "
            f"{record}), or analyse one seat's own decisions from its own information with --seat N ({seats})."
        )
    agent = agent or strongest_agent()
    try:
        if as_json:
            result = run_analysis(rec, agent=agent, workers=workers, seed=seed)
        else:
            columns = (TextColumn("Analysing"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
            with Progress(*columns, console=console, transient=True) as bar:
                task = bar.add_task("positions", total=None)
                result = run_analysis(
                    rec,
                    agent=agent,
                    workers=workers,
                    seed=seed,
                    progress=lambda d, n: bar.update(task, completed=d, total=n),
                )
    except (RecordError, GameError) as e:
        raise fail(f"{record}: {e}") from None
    result = for_view(result, seat)
    if as_json:
        typer.echo(json.dumps(result, indent=1))
        return
    _print(result, show_all)
