"""`boardcade play GAME`: play in the terminal, hot-seat and/or against the computer."""

from __future__ import annotations

import random
import secrets
import time
from pathlib import Path

import typer
from rich.markup import escape

from ..agents import agent_names, make_agent
from ..core import GameError, Record, State
from ..core import play as play_loop
from .app import app
from .common import build_game, console, default_record_path, event_line, fail, render_board

HINT_AGENT = "medium"
HELP_TEXT = (
    "Type the number of a move. Other keys: hint or ? = the medium computer player's suggestion (from what you "
    "can see only), l = whole log, h = help, q = quit (the match is saved)."
)


class _Quit(Exception):
    """The human asked to stop: save the match and leave."""


def hint(state: State, seat: int, seed: int) -> tuple[int, float, float]:
    """(action, visit share, seconds) the `medium` agent suggests to `seat`, the player to move. The agent searches
    a state drawn from the seat's information state, never the real one, so a hint reveals nothing hidden; its
    randomness is its own (the match's dice are not touched)."""
    began = time.perf_counter()
    rng = random.Random(f"hint:{seed}:{state.move_number()}:{seat}")
    seen = state.resample_from_infostate(seat, rng)
    action, share = make_agent(HINT_AGENT, rng.randrange(2**31)).analyse(seen)[0]
    return action, share, time.perf_counter() - began


def _choose(state: State, seat: int, hint_seed: int = 0) -> int | None:
    """Ask a human seat for its move; None means quit. Bad input is re-asked with the reason."""
    obs = state.observation(seat)
    choices = obs["legal_actions"]
    console.print(f"[bold]{escape(obs['prompt'])}[/]")  # the game's own question (core/prompts.py)
    for n, info in enumerate(choices, 1):
        console.print(f"  [bold]{n:>2}[/]  {info['label']}")
    while True:
        answer = typer.prompt(f"{state.game.player_name(seat)}, your move", default="", show_default=False).strip()
        low = answer.lower()
        if low in ("q", "quit"):
            return None
        if low in ("h", "help"):
            console.print(HELP_TEXT)
            continue
        if low in ("hint", "?"):
            console.print("[dim]Thinking...[/]")
            action, share, seconds = hint(state, seat, hint_seed)
            n = next(i for i, info in enumerate(choices, 1) if info["action"] == action)
            console.print(
                f"Hint ({HINT_AGENT}, {seconds:.1f} s): [bold]{n}[/]  {choices[n - 1]['label']} "
                f"({100 * share:.0f}% of its search)"
            )
            continue
        if low in ("l", "log"):
            for e in obs["events"]:
                console.print(event_line(e))
            continue
        if not answer.isdigit() or not 1 <= int(answer) <= len(choices):
            console.print(f"[red]{answer!r} is not a move: type a number from 1 to {len(choices)}[/] ({HELP_TEXT})")
            continue
        return choices[int(answer) - 1]["action"]


@app.command()
def play(
    game: str = typer.Argument(..., help="Game name, see `boardcade games`."),
    seat: list[str] = typer.Option(
        None,
        "--seat",
        help="Who sits in each seat, in order: human or a computer agent (random, greedy, ...). "
        "Repeat once per seat. Default: human against greedy.",
    ),
    option: list[str] = typer.Option(None, "--option", "-o", help="Rule option key=value (repeatable)."),
    players: int = typer.Option(None, help="Number of players, for games that have a players option."),
    seed: int = typer.Option(None, help="Seed for dice and computer players (default: random)."),
    record: Path = typer.Option(None, help="Where to save the match record (default: your boardcade data folder)."),
) -> None:
    """Play GAME in the terminal against the computer or hot-seat; Ctrl-C saves the match record.

    A seat's secrets are shown only on its own turn, after a pass-the-device prompt when several people play.
    At your move, type hint (or ?) for the medium computer player's suggestion, h for help, q to quit.
    """
    g = build_game(game, option, players)
    seats = list(seat or ["human"] + ["greedy"] * (g.num_players - 1))
    if len(seats) == 1 and g.num_players > 1:
        seats += ["greedy"] * (g.num_players - 1)
    if len(seats) != g.num_players:
        raise fail(f"{game} needs {g.num_players} seats, got {len(seats)} (--seat once per seat)")
    rng = random.Random(seed)
    hint_seed = secrets.randbits(32) if seed is None else seed
    agents = {}
    for i, name in enumerate(seats):
        if name != "human":
            try:
                agents[i] = make_agent(name, rng.randrange(2**31))
            except GameError:
                raise fail(
                    f"seat {i + 1}: unknown seat {name!r}; use human or one of {', '.join(agent_names())}"
                ) from None
    humans = [i for i in range(len(seats)) if i not in agents]
    hot_seat = len(humans) > 1
    viewer = humans[0] if len(humans) == 1 else None  # whose private events the running log may show
    state = g.new_initial_state()
    rec = Record.for_state(state, seats, played_with="boardcade play")
    path = record or default_record_path(game)
    console.print(
        f"[bold]{g.title or game}[/] — seats: " + ", ".join(f"{g.player_name(i)}: {s}" for i, s in enumerate(seats))
    )
    shown = 0
    last_human = None

    def show_events(*_: object) -> None:
        nonlocal shown
        events = state.events(viewer)
        for e in events[shown:]:
            console.print(event_line(e))
        shown = len(events)

    def human(s: State) -> int:
        nonlocal last_human, shown
        cur = s.current_player()
        if hot_seat and last_human != cur:
            console.print(f"\n[bold yellow]Pass the device to {g.player_name(cur)}.[/]")
            typer.prompt("Press Enter when only they can see the screen", default="", show_default=False)
            console.clear()
            shown = len(s.events(viewer))
        last_human = cur
        console.print(render_board(game, s.observation(cur)))
        action = _choose(s, cur, hint_seed)
        if action is None:
            raise _Quit
        return action

    deciders = {i: agents.get(i, human) for i in range(g.num_players)}
    try:
        show_events()
        play_loop(state, deciders, rng, on_step=lambda *a: (show_events(), rec.update(state)))
    except _Quit:
        rec.update(state)
        rec.save(path)
        console.print(f"Match saved to {path} (replay it with: boardcade replay {path})")
        return
    except (KeyboardInterrupt, typer.Abort):
        rec.update(state)
        rec.save(path)
        console.print(f"\nInterrupted. Match saved to {path} (replay it with: boardcade replay {path})")
        raise typer.Exit(code=130) from None
    for e in state.events(viewer)[shown:]:
        console.print(event_line(e))
    console.print(render_board(game, state.observation(None)))
    returns = state.returns()
    best = max(returns)
    if all(r == best for r in returns):
        console.print("[bold]The match is a draw.[/]")
    else:
        winners = [g.player_name(i) for i, r in enumerate(returns) if r == best]
        console.print(f"[bold green]{' and '.join(winners)} win{'s' if len(winners) == 1 else ''}![/]")
    rec.update(state)
    rec.save(path)
    console.print(f"Match saved to {path}")
