"""`boardcade ladder rate`: the computer levels' ratings on the people's scale, from computer-vs-computer matches
with fixed seeds (arena/ladder.py), written to the file the server reads (arena/ladder_ratings.json)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer

from .app import app

ladder_app = typer.Typer(help="The computer levels' ratings on the people's scale (docs/server.md, Ratings).")
app.add_typer(ladder_app, name="ladder")


@ladder_app.command("rate")
def rate(
    games: str = typer.Option("qbert,mb_centipede,atari_centipede", help="Games to rate, comma-separated."),
    levels: str = typer.Option(
        "random,beginner,greedy,easy,medium,hard", help="Levels, comma-separated; must hold random."
    ),
    per_pair: int = typer.Option(40, "--per-pair", min=2, help="Matches per pair of levels per game key."),
    seed: int = typer.Option(1, help="First seed; match i of a pair uses seed + i."),
    out: Path | None = typer.Option(None, help="Where to write the ratings. Default: the file shipped in the package."),
    runs: Path = typer.Option(
        Path("runs"), help="Folder the matches are saved in as they end (one per game key); a rerun resumes."
    ),
    workers: int = typer.Option(0, min=0, help="Matches played at once, one process each (0: one per CPU core)."),
) -> None:
    """Play every pair of levels PER_PAIR times per game key and fit their ratings (random fixed at 1000).
    Each match is saved under RUNS as it ends, so an interrupted or extended run (more levels, a larger
    PER_PAIR) plays only the matches it lacks."""
    from ..arena.backends import default_workers
    from ..arena.ladder import LADDER_FILE, ladder
    from ..arena.ratings import Rating

    def done(rec: dict[str, Any]) -> None:
        typer.echo(f"  {rec['key']}: returns {rec['returns']} in {rec['seconds']:.0f} s", err=True)

    try:
        data = ladder(
            [g for g in games.split(",") if g],
            [lv for lv in levels.split(",") if lv],
            per_pair,
            seed,
            runs=runs,
            workers=workers or default_workers(),
            on_result=done,
        )
    except (ValueError, KeyError) as e:
        typer.echo(f"boardcade ladder rate: {e}", err=True)
        raise typer.Exit(2) from None
    target = out or LADDER_FILE
    target.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    for key, entries in data["ratings"].items():
        shown = ", ".join(f"{lv} {Rating(e['mu'], e['sigma']).shown}±{Rating(e['mu'], e['sigma']).interval}"
                          for lv, e in entries.items())  # fmt: skip
        typer.echo(f"{key}: {shown}")
        cpu = ", ".join(f"{lv} {ms:g} ms" for lv, ms in data["cpu_ms_per_decision"][key].items())
        typer.echo(f"{key}: CPU per decision: {cpu}")
    typer.echo(f"written to {target}")
