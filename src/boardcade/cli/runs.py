"""Shared by `boardcade arena` and `boardcade balance`: agent checks and playing a run with a progress bar."""

from __future__ import annotations

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

from ..agents import check_agent_name
from ..arena import Run
from ..core import GameError
from .common import console, fail


def check_agents(agents: list[str]) -> None:
    for name in agents:
        try:
            check_agent_name(name)
        except GameError as e:
            raise fail(str(e)) from None


def progress_bar() -> Progress:
    return Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console,
    )


def play_run(run: Run, backend: str, workers: int | None, address: str | None, label: str) -> bool:
    """Play what is left of `run` with a progress bar. False when interrupted (results so far are kept)."""
    total, done = len(run.specs), len(run.specs) - len(run.todo)
    if done:
        console.print(f"Resuming: {done} of {total} matches already played in {run.folder}")
    try:
        with progress_bar() as bar:
            task = bar.add_task(label, total=total, completed=done)
            for _ in run.play(backend, workers, address):
                bar.advance(task)
    except KeyboardInterrupt:
        console.print(
            f"[yellow]Interrupted:[/] {len(run.results)} of {total} matches saved in {run.folder}; "
            "run the same command again to resume."
        )
        return False
    return True
