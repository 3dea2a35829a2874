"""`boardcade learn GAME`: the game's lessons in the terminal, from the same lessons file as the web app's
"Learn to play" (boardcade.learn).

Each step is one screen fitted to the terminal, drawn as `boardcade play` draws a decision (screen.py): the
step's title in the header, the board, the lesson's text and rule clauses beside it (folded when long: `t` shows
them whole), what happened, the question and the same menu as `play` (menu.py). Moves are typed as at `play`
(the same keys, squares and names); the lesson's own commands are words that no move's key is: `skip`, `back`,
`retry`.
"""

from __future__ import annotations

from typing import Any

import typer
from rich.text import Text

from ..core import GameError, game_names
from ..learn import Course, StepRun, load_course
from .app import app
from .common import console, fail, say
from .prompt import ask, page, wrapped
from .screen import View, compose, show

HELP = (
    "Type a move as in `boardcade play`: its key (the number or letters before it), a square as the board names "
    "it{square}, or the start of its name; Enter alone plays the only move. Other keys: ? or hint = the lesson's "
    "move, t = the whole lesson text and its rules, h = this help, retry = this step again, skip = the next step, "
    "back = the previous step, q = quit."
)
KEYS = ("[? lesson's move · t text · h help · q quit]", "[? · t text · h help · q]", "[h help]")
DONE_PROMPT = "Enter = next step, back = the step before, retry = this step again, q = quit"


def lesson_parts(view: dict[str, Any], game_players: int) -> list[Text]:
    """The step's text, then each rule clause it teaches (its ID, then its words)."""
    text = Text()
    if view["seat"] or game_players > 1:
        text.append(f"You play {view['player']}. ", style="bold")
    text.append(view["text"])
    return [text] + [Text.assemble((rule["id"], "cyan"), (" " + rule["text"], "dim")) for rule in view["rules"]]


class Lesson:
    """One step of a course on the screen: the run, what the learner was last told, the screens."""

    def __init__(self, course: Course, index: int):
        self.course = course
        self.run = StepRun(course, index)
        self.view = View.of(course.game)
        self.message: Text | None = None
        self.recent: list[tuple[str, list[str]]] = []
        self.recent_title = "So far"
        self.restart()

    def restart(self) -> None:
        self.run.restart()
        view = self.run.view()
        self.recent = [("", [e["text"] for e in view["lesson_events"]])] if view["lesson_events"] else []
        self.recent += [("", list(view["narration"]))] if view["narration"] else []
        self.recent_title = "So far"
        self.message = None

    def header(self) -> str:
        view = self.run.view()
        head = f"Step {view['index'] + 1} of {view['count']}: {view['title']}"
        width, _ = console.size
        for keys in KEYS:
            if len(head) + len(keys) + 3 <= width:
                return f"{head}{' ' * (width - len(head) - len(keys))}{keys}"
        return head

    def draw(self) -> None:
        run = self.run
        view = run.view()
        obs = view["observation"]
        menu = None if run.complete else self.view.menu(obs)
        example = menu.example_square() if menu is not None else None
        how = f"Type a key, a square (e.g. {example}) or the start of a move's name." if example else None
        screen = compose(
            console,
            self.view,
            obs,
            self.header(),
            recent=self.recent,
            recent_title=self.recent_title,
            question=view["ask"],
            menu=menu,
            message=self.message,
            how=how,
            lesson=lesson_parts(view, run.state.game.num_players),
        )
        show(console, screen)

    def read_text(self) -> None:
        view = self.run.view()
        lines = [Text(view["title"], style="bold"), *lesson_parts(view, self.run.state.game.num_players)]
        page(wrapped(lines), f"Step {view['index'] + 1}", newest_first=False, back="back to the lesson")

    def play(self) -> str:
        """Play this step to its end; returns "next", "back" or "quit"."""
        run = self.run
        while True:
            self.draw()
            if run.complete:
                answer = ask(DONE_PROMPT, redraw=self.draw).lower()
                if answer in ("retry", "r"):
                    self.restart()
                    continue
                if answer in ("t", "text"):
                    self.read_text()
                    continue
                return {"q": "quit", "quit": "quit", "back": "back", "b": "back"}.get(answer, "next")
            menu = self.view.menu(run.state.observation(run.seat))
            only = menu.entries[0] if len(menu.entries) == 1 else None
            prompt = f"{run.view()['player']}, your move" + (f" (Enter = {only.key})" if only else "")
            answer = ask(prompt, redraw=self.draw)
            low = answer.lower()
            self.message = None
            if low in ("q", "quit"):
                return "quit"
            if low in ("skip", "next"):
                return "next"
            if low == "back":
                return "back"
            if low == "retry":
                self.restart()
                continue
            if low in ("h", "help"):
                example = menu.example_square()
                self.message = Text(HELP.format(square=f" (e.g. {example})" if example else ""), style="yellow")
                continue
            if low in ("t", "text", "rules"):
                self.read_text()
                continue
            if low in ("?", "hint"):
                wanted = [e for e in menu.entries if e.action in run.expected_actions()]
                said = " or ".join(f"{e.key}  {e.label}" for e in wanted)
                self.message = Text(f"The lesson's move: {said}", style="yellow")
                continue
            action, why = menu.resolve(answer)
            if action is None:
                self.message = Text(why, style="red")
                continue
            self._answered(action)

    def _answered(self, action: int) -> None:
        run = self.run
        outcome = run.play(action)
        if outcome.ok:
            self.recent = [("You", [e["text"] for e in outcome.events])] if outcome.events else []
            self.recent += [("", list(run.narration))] if run.narration and run.complete else []
            self.recent_title = "What happened"
            if outcome.done:
                self.message = Text.assemble(("Well done. ", "bold green"), run.step.done)
            return
        said = Text.assemble(("Not this lesson's move. ", "bold red"), outcome.why)
        if outcome.events:
            did = "; ".join(f"{e['text']} ({e['rule']})" for e in outcome.events)
            said.append(f"\nYour choice ({outcome.label}) would have done: {did}")
        if outcome.then:
            said.append(f"\nThen: {outcome.then}", style="dim")
        said.append("\nThe position is as it was: try again (? shows the lesson's move).")
        self.message = said


def _start(course: Course, step: str | None) -> int:
    if step is None:
        return 0
    try:
        return course.step(int(step) - 1 if step.isdigit() else step)[0]
    except GameError as e:
        raise fail(str(e)) from None


def _intro(course: Course) -> bool:
    """The course's title and introduction; False when the learner quits there."""
    screen = Text(f"{course.title}", style="bold")
    screen.append(f" ({len(course.steps)} steps, about {course.minutes} minutes)\n\n")
    screen.append(course.intro + "\n\n")
    screen.append(HELP.format(square=""), style="dim")
    show(console, screen)
    return ask("Press Enter to start (q: quit)").lower() not in ("q", "quit")


@app.command()
def learn(
    game: str = typer.Argument(..., help="Game name, see `boardcade games`."),
    step: str | None = typer.Option(None, help="Start at this step: its number (1 = first) or its id."),
) -> None:
    """Learn to play GAME: a few short steps on real positions, each one idea with its rule clause.

    Each step is one screen: the board, the lesson's text and rules (t shows them whole), the question and the
    moves, typed as in `boardcade play` (a key, a square or the start of a move's name). A wrong move is
    explained (why, and what it would have done) and the position stays as it was. Other keys: ? shows the
    lesson's move, retry restarts the step, skip goes to the next, back to the previous, q quits.
    """
    if game not in game_names():
        raise fail(f"unknown game {game!r}; valid games: {', '.join(game_names())}")
    try:
        course = load_course(game)
    except GameError as e:
        raise fail(str(e)) from None
    index = _start(course, step)
    try:
        if step is None and not _intro(course):
            return
        while index < len(course.steps):
            where = Lesson(course, index).play()
            if where == "quit":
                say(f"Stopped at step {index + 1}. Start there again with: boardcade learn {game} --step {index + 1}")
                return
            index = max(0, index - 1) if where == "back" else index + 1
    except (EOFError, KeyboardInterrupt) as e:
        how = "Ctrl-D" if isinstance(e, EOFError) else "Ctrl-C"
        again = f"boardcade learn {game} --step {index + 1}"
        say(f"\nLeft the lessons at step {index + 1} ({how}). Start there again with: {again}")
        raise typer.Exit(code=0 if how == "Ctrl-D" else 130) from None
    console.print(f"That was the last step. Play a match: boardcade play {game}", style="bold green")
