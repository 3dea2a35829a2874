"""`boardcade learn GAME`: the game's lessons in the terminal, from the same lessons file as the web app's
"Learn to play" (boardcade.learn)."""

from __future__ import annotations

import typer
from rich.markup import escape

from ..core import GameError, game_names
from ..learn import Course, StepRun, load_course
from .app import app
from .common import console, event_line, fail, render_board

HELP = (
    "Type the number of a move. Other keys: ? = which move the lesson wants, r = start this step again, "
    "s = skip to the next step, b = back to the previous step, q = quit."
)


def _show_step(run: StepRun) -> None:
    view = run.view()
    console.rule(f"[bold]Step {view['index'] + 1} of {view['count']}: {escape(view['title'])}[/]")
    for rule in view["rules"]:
        console.print(f"[dim cyan]{rule['id']}[/] [dim]{escape(rule['text'])}[/]")
    console.print(escape(view["text"]))
    if view["seat"] or run.state.game.num_players > 1:
        console.print(f"[dim]You play {escape(view['player'])}.[/]")
    for event in view["lesson_events"]:
        console.print(event_line(event))


def _ask(run: StepRun) -> str:
    """One move of the step: the board, the question and the numbered choices; the answer typed."""
    obs = run.state.observation(run.seat)
    console.print(render_board(run.course.game, obs))
    console.print(f"[bold yellow]{escape(run.view()['ask'])}[/]")
    console.print(f"[dim]{escape(obs['prompt'])}[/]")
    for n, info in enumerate(obs["legal_actions"], 1):
        console.print(f"  [bold]{n:>2}[/]  {escape(info['label'])}")
    return typer.prompt("Your move", default="", show_default=False).strip().lower()


def _play_step(run: StepRun) -> str:
    """Play one step to its end; returns "next", "back" or "quit"."""
    _show_step(run)
    while not run.complete:
        answer = _ask(run)
        choices = run.state.observation(run.seat)["legal_actions"]
        if answer in ("q", "quit"):
            return "quit"
        if answer in ("s", "skip"):
            return "next"
        if answer in ("b", "back"):
            return "back"
        if answer in ("r", "retry"):
            run.restart()
            _show_step(run)
            continue
        if answer in ("h", "help"):
            console.print(HELP)
            continue
        if answer == "?":
            labels = [run.state.action_info(a)["label"] for a in run.expected_actions()]
            console.print(f"The lesson's move: [bold]{escape(' or '.join(labels))}[/]")
            continue
        if not answer.isdigit() or not 1 <= int(answer) <= len(choices):
            console.print(f"[red]{escape(answer)!r} is not a move: type a number from 1 to {len(choices)}[/] ({HELP})")
            continue
        outcome = run.play(choices[int(answer) - 1]["action"])
        if outcome.ok:
            for event in outcome.events:
                console.print(event_line(event))
            continue
        console.print(f"[bold red]Not this lesson's move.[/] {escape(outcome.why)}")
        if outcome.events:
            console.print(f"Your choice ({escape(outcome.label)}) would have done:")
            for event in outcome.events:
                console.print(event_line(event))
        if outcome.then:
            console.print(f"[dim]Then: {escape(outcome.then)}[/]")
        console.print("[dim]The position is as it was: try again (? shows the lesson's move, s skips the step).[/]")
    for line in run.narration:
        console.print(f"[dim]{escape(line)}[/]")
    console.print(render_board(run.course.game, run.state.observation(run.seat)))
    console.print(f"[bold green]Well done.[/] {escape(run.step.done)}")
    answer = typer.prompt("Enter = next step, b = back, q = quit", default="", show_default=False).strip().lower()
    return {"q": "quit", "quit": "quit", "b": "back", "back": "back"}.get(answer, "next")


def _start(course: Course, step: str | None) -> int:
    if step is None:
        return 0
    try:
        return course.step(int(step) - 1 if step.isdigit() else step)[0]
    except GameError as e:
        raise fail(str(e)) from None


@app.command()
def learn(
    game: str = typer.Argument(..., help="Game name, see `boardcade games`."),
    step: str = typer.Option(None, help="Start at this step: its number (1 = first) or its id."),
) -> None:
    """Learn to play GAME: a few short steps on real positions, each one idea with its rule clause.

    Make the move each step asks for; a wrong move is explained (why, and what it would have done) and the
    position stays as it was. At any move: ? shows the lesson's move, r restarts the step, s skips it,
    b goes back, q quits.
    """
    if game not in game_names():
        raise fail(f"unknown game {game!r}; valid games: {', '.join(game_names())}")
    try:
        course = load_course(game)
    except GameError as e:
        raise fail(str(e)) from None
    console.print(f"[bold]{escape(course.title)}[/] ({len(course.steps)} steps, about {course.minutes} minutes)")
    console.print(escape(course.intro))
    console.print(f"[dim]{HELP}[/]")
    index = _start(course, step)
    while index < len(course.steps):
        where = _play_step(StepRun(course, index))
        if where == "quit":
            again = f"boardcade learn {game} --step {index + 1}"
            console.print(f"Stopped at step {index + 1}. Start there again with: {again}")
            return
        index = max(0, index - 1) if where == "back" else index + 1
    console.print(f"[bold green]That was the last step.[/] Play a match: boardcade play {game}")
