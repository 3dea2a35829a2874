"""Shared pieces of the command line: loading games from options, records folder, rendering."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime
from pathlib import Path
from typing import Any

import typer
from platformdirs import user_data_dir
from rich.console import Console, RenderableType
from rich.text import Text

from ..core import Game, GameError, game_spec, load_game
from ..core.game import Event, Observation
from .options import parse_options

console = Console(highlight=False)


def fail(message: str) -> typer.Exit:
    """Print `error: message` (as it is: no markup, no line breaks added, so paths and commands stay whole)."""
    console.print(Text.assemble(("error:", "bold red"), " " + message), soft_wrap=True)
    return typer.Exit(code=2)


def say(text: str) -> None:
    """Print `text` as it is: no markup, and no line breaks added, so a file path or a command stays whole
    (the terminal wraps it; copying it gives it back in one piece)."""
    console.print(text, markup=False, soft_wrap=True)


def build_game(name: str, option: list[str] | None, players: int | None = None) -> Game:
    opts: dict[str, Any] = parse_options(option)
    if players is not None:
        opts["players"] = str(players)
    try:
        return load_game(name, **opts)
    except GameError as e:
        raise fail(str(e)) from None


def records_dir() -> Path:
    return Path(user_data_dir("boardcade", appauthor=False)) / "records"


def default_record_path(game: str) -> Path:
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    return records_dir() / f"{game}-{stamp}.json"


def render_board(game_name: str, observation: Observation) -> RenderableType:
    """The game's own terminal drawing of an observation (its spec's renderer), or the observation as JSON."""
    render: Callable[[Observation], RenderableType] | None = game_spec(game_name).part("renderer")
    if render is None:
        from rich.pretty import Pretty

        return Pretty(observation)
    return render(observation)


def event_line(event: Event | Mapping[str, Any]) -> Text:
    rule, text = (event.rule, event.text) if isinstance(event, Event) else (event["rule"], event["text"])
    line = Text(f"[{rule}] ", style="dim cyan")
    line.append(text)
    return line
