"""`boardcade play GAME`: play in the terminal, hot-seat and/or against the computer; `--resume FILE` goes on
with a saved match.

Each human decision is one screen fitted to the terminal (see `screen.py`): the board, the facts, what happened
since the seat's last move, the question and one menu (see `menu.py`). Between two people at one terminal the
screen and its scrollback are cleared before the pass-the-device prompt, so nothing secret stays readable.
"""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import typer
from rich.containers import Lines
from rich.text import Text

from ..agents import agent_names, make_agent
from ..agents.base import heuristic_for
from ..core import GameError, Record, RecordError, State, load_game, load_record
from ..core import play as play_loop
from ..core.record import open_record
from ..core.undo import REASONS, rewind, steps_of, undo_refusal
from .app import app
from .common import build_game, console, default_record_path, event_line, fail, say
from .menu import Menu
from .options import parse_options
from .prompt import ask, page
from .screen import CLEAR_ALL, KEYS_HELP, View, compose, show

HINT_AGENT = "medium"
FLAT = 1.5  # a search whose favourite has at most FLAT times a uniform share of the visits has no favourite
HELP_TEXT = (
    "Type the key of a move (the number or letters before it), a square as the board names it (e.g. {square}), "
    "or the start of a move's name; Enter alone plays the only move when there is one. Other keys: ? or hint = "
    "the medium computer player's suggestion (from what you can see only), l = the log a page at a time, "
    "list = every move with its key, u = undo (take back your last decision of this turn, while no roll, card or "
    "other player has come after it), h = this help, q = quit (the match is saved; go on with --resume)."
)


PLAY_HELP = "\n\n".join(
    " ".join(paragraph.split())
    for paragraph in (
        """Play GAME in the terminal against the computer or hot-seat; q, Ctrl-C or Ctrl-D save the match, and
        `boardcade play --resume FILE` goes on with it.""",
        """Each decision is one screen fitted to the terminal: the board, what happened since your last move, the
        question and one menu. Type a move's key, a square as the board names it (r13c4 in Atari's Centipede,
        (14,2) in MB Centipede, (3,1) for a Q*bert cube) or the start of a move's name; Enter plays the only
        move. At your move, type ? (or hint) for the medium computer player's suggestion, l for the log, list for
        every move, u to take back your last decision of this turn
        (never past a roll, a card drawn or another player's move), h for help, q to save and quit.""",
        """When several people play at one terminal, the screen and its scrollback are cleared before each
        pass-the-device prompt, so a seat's secrets are shown only on its own turn. More: docs/terminal.md.""",
    )
)


class _Quit(Exception):
    """The human asked to stop: save the match and leave."""


class _Undone(Exception):
    """The human took back their last decision: the match goes on from `Match.state`, played again."""


def hint(state: State, seat: int, seed: int) -> tuple[int | None, float, float, str]:
    """(action or None, share, seconds, how) the `medium` agent suggests to `seat`, the player to move.

    The agent searches a state drawn from the seat's information state, never the real one, so a hint reveals
    nothing hidden; its randomness is its own (the match's dice are not touched). When the search has no
    favourite (its best move has about a uniform share of the visits among the moves it tried, as at setup), the
    game's heuristic ranks the moves one ply ahead instead (`how` = "heuristic"); when that rates every move alike
    too, the action is None (`how` = "uniform"): no move stands out, and the hint says so instead of naming the
    first one."""
    began = time.perf_counter()
    rng = random.Random(f"hint:{seed}:{state.move_number()}:{seat}")
    seen = state.resample_from_infostate(seat, rng)
    ranked = make_agent(HINT_AGENT, rng.randrange(2**31)).analyse(seen)
    n = len(state.legal_actions())
    action, share = ranked[0]
    # Uniform among the moves the search tried: with fewer iterations than moves (Atari's 140 seeding squares)
    # each tried move gets one visit, and that is no favourite either.
    tried = len(ranked)
    if n <= 1 or share > FLAT / min(n, tried):
        return action, share, time.perf_counter() - began, "search"
    evaluate = heuristic_for(state.game.name)
    values: dict[int, float] = {}
    for a in seen.legal_actions():
        child = seen.clone()
        child.apply_action(a)
        if child.is_terminal():
            values[a] = child.returns()[seat] * 1000.0
        elif child.is_chance_node():
            total = 0.0
            for outcome, p in child.chance_outcomes():
                after = child.clone()
                after.apply_action(outcome)
                total += p * evaluate(after, seat)
            values[a] = total
        else:
            values[a] = evaluate(child, seat)
    best = max(values.values())
    top = [a for a, v in values.items() if v >= best - 1e-9]
    if len(top) == len(values):
        return None, 1.0 / n, time.perf_counter() - began, "uniform"
    return rng.choice(top), len(top) / n, time.perf_counter() - began, "heuristic"


def _hint_text(state: State, seat: int, seed: int, menu: Menu) -> Text:
    action, share, seconds, how = hint(state, seat, seed)
    n = len(menu.entries)
    if action is None:
        return Text(
            f"Hint ({HINT_AGENT}, {seconds:.1f} s): no move stands out here. The computer's search and the game's "
            f"heuristic rate all {n} choices alike, so any of them is as good a guess as another.",
            style="yellow",
        )
    entry = next(e for e in menu.entries if e.action == action)
    if how == "heuristic":
        return Text(
            f"Hint ({HINT_AGENT}, {seconds:.1f} s): {entry.key}  {entry.label} (the search found no favourite; "
            f"the game's heuristic prefers this{'' if share * n <= 1 else f' and {round(share * n) - 1} others'})",
            style="yellow",
        )
    return Text(
        f"Hint ({HINT_AGENT}, {seconds:.1f} s): {entry.key}  {entry.label} ({100 * share:.0f}% of its search)",
        style="yellow",
    )


class Match:
    """One match at the terminal: the seats, whose events each human has seen, and the screens."""

    def __init__(self, game_name: str, state: State, seats: list[str], hint_seed: int):
        self.game_name = game_name
        self.state = state
        self.game = state.game
        self.seats = seats
        self.view = View.of(game_name)
        self.humans = [i for i, s in enumerate(seats) if s == "human"]
        self.hot_seat = len(self.humans) > 1
        self.hint_seed = hint_seed
        self.seen = {i: 0 for i in self.humans}
        self.last_human: int | None = None
        self.actors: list[int] = []  # who made each applied action (CHANCE for chance outcomes)
        self.before: list[int] = []  # what the seat had seen before each of its decisions (for undo)
        self.note: Text | None = None  # said on the next screen (what was taken back)

    def acted(self, player: int) -> None:
        self.actors.append(player)

    def catch_up(self) -> None:
        """For a resumed match: who made each action so far, and what each human saw when it last decided."""
        replay = self.game.new_initial_state()
        last = {i: 0 for i in self.humans}
        for i, action in enumerate(self.state.history()):
            who = replay.current_player()
            self.actors.append(who)
            if who in last:
                last[who] = i
            replay.apply_action(action)
        for seat, step in last.items():
            self.seen[seat] = sum(1 for e in self.state.observation(seat)["events"] if e["step"] < step)

    def summary(self, events: Sequence[Mapping[str, Any]], seat: int | None) -> list[tuple[str, list[str]]]:
        """Events grouped by who made them, in order: [(who, [texts])]; those of rolls, spins and draws (chance
        outcomes, whose texts say whose they are) have no name ("")."""
        groups: list[tuple[str, list[str]]] = []
        n = len(self.actors)
        for e in events:
            step = e["step"]
            who = self.actors[step] if 0 <= step < n else -1
            name = "You" if who == seat else ("" if who < 0 else self.name(who))
            if groups and groups[-1][0] == name:
                groups[-1][1].append(e["text"])
            else:
                groups.append((name, [e["text"]]))
        return groups

    def name(self, seat: int) -> str:
        return self.game.player_name(seat)

    def header(self, seat: int | None) -> str:
        who = "" if seat is None else f" — {self.name(seat)} (you)"
        head = f"{self.view.title}{who}"
        width, _ = console.size
        for keys in (f"[{KEYS_HELP}]", "[? hint · h help · q quit]", "[h help]"):
            if len(head) + len(keys) + 3 <= width:
                return f"{head}{' ' * (width - len(head) - len(keys))}{keys}"
        return head

    def pass_device(self, seat: int) -> None:
        """Clear the screen and the scrollback, then wait until the next person has the device."""
        if console.is_terminal:
            console.file.write(CLEAR_ALL)
            console.file.flush()
        console.print(f"\n[bold yellow]Pass the device to {self.name(seat)}.[/]")
        answer = ask("Press Enter when only they can see the screen (q: save and quit)")
        if answer.lower() in ("q", "quit"):
            raise _Quit

    def decide(self, s: State) -> int:
        cur = s.current_player()
        if self.hot_seat and self.last_human != cur:
            self.pass_device(cur)
        self.last_human = cur
        obs = s.observation(cur)
        menu = self.view.menu(obs)
        events = obs["events"]
        recent = events[self.seen[cur] :]
        title = "Since your last move" if self.seen[cur] else "So far"
        message, self.note = self.note, None
        example = menu.example_square()
        how = f"Type a key, a square (e.g. {example}) or the start of a move's name." if example else None
        only = menu.entries[0] if len(menu.entries) == 1 else None
        _, steps = steps_of(self.game, s.history())
        may_undo = undo_refusal(steps, cur, cur) is None
        keys = [f"Enter = {only.key}"] if only else []
        keys += ["u = undo"] if may_undo else []
        prompt = f"{self.name(cur)}, your move" + (f" ({', '.join(keys)})" if keys else "")
        while True:

            def draw(message: Text | None = message) -> None:
                screen = compose(
                    console,
                    self.view,
                    obs,
                    self.header(cur),
                    recent=self.summary(recent, cur),
                    recent_title=title,
                    question=self.view.question(obs),
                    menu=menu,
                    message=message,
                    how=how,
                    pinned=[e["text"] for e in recent if self.view.milestone(e["rule"])],
                )
                show(console, screen)

            draw()
            answer = ask(prompt, redraw=draw)
            low = answer.lower()
            message = None
            if low in ("q", "quit"):
                raise _Quit
            if low in ("h", "help"):
                message = Text(HELP_TEXT.format(square=example or "the (x,y) in a move's name"), style="yellow")
                continue
            if low in ("u", "undo"):
                message = self.undo(s, cur)
                continue
            if low in ("hint", "?"):
                message = _hint_text(s, cur, self.hint_seed, menu)
                continue
            if low in ("l", "log"):
                log = [event_line(e) for e in events]
                page(log or [Text("(nothing yet)")], "The log")
                continue
            if low == "list":
                rows = [Text.assemble((f"{k + ')':>5} ", "bold cyan"), label) for k, label in menu.full_list()]
                page(rows, f"Every move now ({len(rows)})", newest_first=False)
                continue
            action, why = menu.resolve(answer)
            if action is None:
                message = Text(why, style="red")
                continue
            self.before.append(self.seen[cur])
            self.seen[cur] = len(events)
            return action

    def undo(self, s: State, cur: int) -> Text:
        """Take back `cur`'s last decision of this turn (core/undo.py) and raise _Undone; else say why not."""
        _, steps = steps_of(self.game, s.history())
        why = undo_refusal(steps, s.current_player(), cur)
        if why is not None:
            return Text(f"Cannot undo: {REASONS[why]}.", style="red")
        history = s.history()
        label = rewind(self.game, history, 1)
        taken = label.action_info(history[-1])["label"]
        self.state = label
        del self.actors[len(history) - 1 :]
        if self.before:
            self.seen[cur] = self.before.pop()
        self.note = Text(f"Took back: {taken}.", style="yellow")
        raise _Undone

    def final(self, path: Path) -> None:
        state = self.state
        obs = state.observation(None)
        viewer = self.humans[0] if len(self.humans) == 1 else None
        events = state.observation(viewer)["events"] if viewer is not None else obs["events"]
        recent = events[self.seen.get(viewer, 0) :] if viewer is not None else events[-6:]
        names = [self.name(p) for p in range(self.game.num_players)]
        result = self.view.result(obs, names)
        if viewer is not None:
            mine = state.returns()[viewer]
            best = max(state.returns())
            result += (
                ". You win!"
                if mine == best and min(state.returns()) < best
                else (". It is a draw." if max(state.returns()) == min(state.returns()) else ". You lose.")
            )
        _, height = console.size
        for done in (f"Match saved to {path}. Replay it with: boardcade replay {path}", f"Match saved to {path}"):
            screen = compose(
                console,
                self.view,
                obs,
                f"{self.view.title} — the match is over",
                recent=self.summary(recent, viewer),
                recent_title="The last moves",
                question=f"The match is over: {result}",
                reserve=1 + _rows(done),
            )
            lines = screen.split("\n", allow_blank=True)
            if len(lines) + _rows(done) < height:
                break
        if len(lines) + _rows(done) >= height:  # a board of the full height: the header gives way to the path
            lines = Lines(lines[1:])
        show(console, Text("\n").join(lines))
        say(done)  # printed whole, after the screen: the path and the command stay in one piece


def _saved(path: Path) -> str:
    return f"Match saved to {path}. Go on with: boardcade play --resume {path}  (or replay it: boardcade replay {path})"


def _rows(text: str) -> int:
    """The terminal rows `text` takes when the terminal wraps it."""
    width, _ = console.size
    return sum(max(1, -(-len(line) // max(1, width))) for line in text.split("\n"))


@app.command(help=PLAY_HELP)
def play(
    game: str | None = typer.Argument(None, help="Game name, see `boardcade games` (not needed with --resume)."),
    seat: list[str] = typer.Option(
        None,
        "--seat",
        help="Who sits in each seat, in order: human or a computer agent (random, greedy, ...). "
        "Repeat once per seat. Default: human against greedy (with --resume: the seats saved in the record).",
    ),
    option: list[str] = typer.Option(None, "--option", "-o", help="Rule option key=value (repeatable)."),
    players: int | None = typer.Option(None, help="Number of players, for games that have a players option."),
    seed: int | None = typer.Option(None, help="Seed for dice and computer players (default: random)."),
    record: Path | None = typer.Option(
        None,
        help="Where to save the match record (default: a new file in your boardcade data folder; with --resume: "
        "the resumed file). An existing record is never replaced unless --overwrite is given.",
    ),
    resume: Path | None = typer.Option(
        None, "--resume", help="Go on with a match saved earlier (with q, Ctrl-C or Ctrl-D) from this record file."
    ),
    overwrite: bool = typer.Option(False, "--overwrite", help="Allow --record to replace an existing record file."),
) -> None:
    rec: Record | None = None
    if resume is not None:
        try:
            rec = load_record(resume)
            opened = open_record(rec)
        except (RecordError, OSError) as e:
            raise fail(f"cannot resume {resume}: {e}") from None
        if game is not None and game != rec.game:
            raise fail(f"{resume} is a match of {rec.game}, not {game}")
        if option or players is not None:
            raise fail("--option and --players cannot change a saved match (it goes on with its own options)")
        if opened.state is None:
            raise fail(f"cannot resume {resume}: {opened.note}")
        state = opened.state
        if state.is_terminal():
            names = [state.game.player_name(p) for p in range(state.game.num_players)]
            over = View.of(rec.game).result(state.observation(None), names)
            raise fail(f"the match in {resume} is over ({over}); replay it with: boardcade replay {resume}")
        g = state.game
        game = rec.game
        seats = list(seat) if seat else list(rec.seats)
    else:
        if game is None:
            raise fail("name a game to play (see `boardcade games`), or --resume FILE to go on with a saved match")
        g = build_game(game, option, players)
        if seat and len(seat) != g.num_players and players is None and "players" in g.options:
            opts = parse_options(option)
            if "players" not in opts:  # four --seat options mean a four-player game, when the game has one
                try:
                    g = load_game(game, **opts, players=len(seat))
                except GameError:
                    pass
        state = g.new_initial_state()
        seats = list(seat or ["human"] + ["greedy"] * (g.num_players - 1))
        if len(seats) == 1 and g.num_players > 1:
            seats += ["greedy"] * (g.num_players - 1)
    if len(seats) != g.num_players:
        raise fail(f"{game} needs {g.num_players} seats, got {len(seats)} (--seat once per seat)")
    path = record or resume or default_record_path(game)
    if path.exists() and not overwrite and (resume is None or path.resolve() != resume.resolve()):
        raise fail(_refuse_overwrite(path))
    rng = random.Random(seed)
    hint_seed = secrets.randbits(32) if seed is None else seed
    agents: dict[int, Any] = {}
    for i, name in enumerate(seats):
        if name != "human":
            try:
                agents[i] = make_agent(name, rng.randrange(2**31))
            except GameError:
                raise fail(
                    f"seat {i + 1}: unknown seat {name!r}; use human or one of {', '.join(agent_names())}"
                ) from None
    if rec is None:
        rec = Record.for_state(state, seats, played_with="boardcade play")
    else:
        rec.seats = seats
        rec.meta["resumed"] = int(rec.meta.get("resumed", 0)) + 1
    table = Match(game, state, seats, hint_seed)
    if resume is not None:
        table.catch_up()
    say(
        f"{g.title or game} — seats: "
        + ", ".join(f"{g.player_name(i)}: {s}" for i, s in enumerate(seats))
        + (f" (resumed from {resume}, {len(rec.actions)} moves)" if resume is not None else "")
    )
    shown = len(state.events(None)) if resume is not None else 0

    def stream(*_: object) -> None:
        """With no human at the table, the match is shown as a running log."""
        nonlocal shown
        events = state.events(None)
        for e in events[shown:]:
            console.print(event_line(e))
        shown = len(events)

    watching = not table.humans
    deciders = {i: agents.get(i, table.decide) for i in range(g.num_players)}

    def step(_state: State, player: int, _action: int) -> None:
        table.acted(player)
        if watching:
            stream()
        elif player in table.humans and console.is_terminal:
            nxt = state.current_player()
            if nxt not in table.humans and not state.is_terminal():
                console.print(Text("The other players are moving…", style="dim"))  # until the next screen
        rec.update(state)

    try:
        if watching:
            stream()
        while True:
            try:
                play_loop(state, deciders, rng, on_step=step)
                break
            except _Undone:  # the match less the last decision: the closures above read `state` again
                state = table.state
                rec.update(state)
                rec.meta["undos"] = int(rec.meta.get("undos", 0)) + 1
    except _Quit:
        rec.update(state)
        rec.save(path)
        say(_saved(path))
        return
    except EOFError:  # Ctrl-D at a prompt: leaving, as q does
        rec.update(state)
        rec.save(path)
        say("\nLeft the match (Ctrl-D). " + _saved(path))
        return
    except (KeyboardInterrupt, typer.Abort):
        rec.update(state)
        rec.save(path)
        say("\nStopped the match (Ctrl-C). " + _saved(path))
        raise typer.Exit(code=130) from None
    rec.update(state)
    rec.save(path)
    if watching:
        stream()
        from .common import render_board

        console.print(render_board(game, state.observation(None)))
        names = [g.player_name(i) for i in range(g.num_players)]
        console.print(f"[bold]{table.view.result(state.observation(None), names)}.[/]")
        say(f"Match saved to {path}")
        return
    table.final(path)


def _refuse_overwrite(path: Path) -> str:
    try:
        old = load_record(path)
        status = "finished" if old.result is not None else "saved, unfinished"
        what = f"a {status} {old.game} match ({len(old.actions)} moves)"
    except (RecordError, OSError, ValueError):
        what = "a file"
    hint = f"go on with it: boardcade play --resume {path}; " if "unfinished" in what else ""
    return f"{path} already holds {what}; {hint}choose another --record, or pass --overwrite to replace it"
