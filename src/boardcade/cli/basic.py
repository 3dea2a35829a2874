"""`boardcade games`, `boardcade agents`, `boardcade rules GAME`, `boardcade replay FILE`."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.markdown import Markdown
from rich.table import Table

from ..agents import AGENTS
from ..compiled import describe
from ..core import GameError, RecordError, game_class, game_names, game_spec, load_record
from .app import app
from .common import console, event_line, fail, render_board
from .screen import View


@app.command()
def games() -> None:
    """List the games, their players and their rule options with defaults."""
    table = Table(title="boardcade games")
    for col in ("name", "title", "players", "options (default)"):
        table.add_column(col)
    for name in game_names():
        cls = game_class(name)
        game = cls()
        opts = "\n".join(f"{o.name}={o.default!r}: {o.doc}" for o in cls.OPTIONS) or "-"
        players = sorted({cls(**v).num_players for _, v in cls.VARIANTS})
        table.add_row(name, cls.title or name, " or ".join(map(str, players)) or str(game.num_players), opts)
    console.print(table)
    console.print(f"Engines: {describe()}.")


@app.command()
def agents() -> None:
    """List the computer players: the levels (what each does, about how strong, how long it thinks) and the
    research agents with the settings their names take (NAME:key=value,...)."""
    table = Table(title="boardcade computer players (use the name with --seat, --agents or a web seat)")
    for col in ("name", "what it does", "seconds per move", "settings"):
        table.add_column(col)
    for name in AGENTS:
        try:
            spec = AGENTS[name]
        except (ImportError, GameError) as e:
            table.add_row(name, f"not available here: {e}", "", "")
            continue
        seconds = "" if spec.seconds_per_move is None else f"about {spec.seconds_per_move:g}"
        settings = ", ".join(p.name for p in spec.params) or "-"
        extra = f" (needs boardcade[{spec.extra}])" if spec.extra else ""
        label = f"{name} (level)" if spec.level else name
        table.add_row(label, spec.description + extra, seconds, settings)
    console.print(table)


@app.command()
def rules(game: str = typer.Argument(..., help="Game name, see `boardcade games`.")) -> None:
    """Show the numbered rules of GAME (rule IDs match the event log)."""
    if game not in game_names():
        raise fail(f"unknown game {game!r}; valid games: {', '.join(game_names())}")
    text = game_spec(game).rules_text()
    if text is None:
        raise fail(f"the rules document for {game} is not installed with this copy of boardcade")
    console.print(Markdown(text))


@app.command()
def replay(
    file: Path = typer.Argument(..., exists=True, dir_okay=False, help="A match record (JSON)."),
    seat: int | None = typer.Option(
        None, help="Show the match as this seat saw it (0-based); default: spectator view."
    ),
    step: bool = typer.Option(True, help="Wait for Enter between states (--no-step prints them all)."),
) -> None:
    """Step through a recorded match; the record is checked step by step as it replays."""
    try:
        record = load_record(file)
        states = list(record.states())
    except RecordError as e:
        raise fail(f"{file}: {e}") from None
    view = View.of(record.game)
    game = states[0].game
    names = [game.player_name(p) for p in range(game.num_players)]
    options = ", ".join(f"{k}={v}" for k, v in record.options.items())
    seats = ", ".join(f"{names[i]}: {s}" for i, s in enumerate(record.seats) if i < len(names))
    console.print(f"[bold]{view.title}[/] ({options}) — seats: {seats}")
    i = 0
    shown_events = 0
    while True:
        state = states[i]
        obs = state.observation(seat)
        console.rule(f"state {i} of {len(states) - 1}")
        console.print(render_board(record.game, obs))
        for ev in obs["events"][shown_events:] if i else obs["events"]:
            console.print(event_line(ev))
        shown_events = len(obs["events"])
        if i == len(states) - 1:
            final = states[-1]
            outcome = view.result(final.observation(None), names) if final.is_terminal() else "unfinished match"
            console.print(f"[bold]End of record.[/] {outcome}.")
            if not step:
                return
        if not step:
            i += 1
            continue
        answer = typer.prompt("Enter = next, b = back, q = quit", default="", show_default=False).strip().lower()
        if answer == "q":
            return
        if answer == "b":
            i = max(0, i - 1)
            shown_events = len(states[i - 1].observation(seat)["events"]) if i else 0
        elif i < len(states) - 1:
            i += 1
        else:
            return
