"""`boardcade simulate GAME`: self-play with a progress bar and a summary report."""

from __future__ import annotations

import json
import random
import time
from collections import defaultdict
from collections.abc import Callable
from typing import Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from ..agents import agent_names, make_agent
from ..core import Game, GameError, play
from .app import app
from .common import build_game, console, fail


def run_games(
    game: Game, agent_specs: list[str], n: int, seed: int, progress: Callable[[], object] | None = None
) -> dict[str, Any]:
    """Play n games; returns the summary report as a dict."""
    rng = random.Random(seed)
    seat_results = [[0, 0, 0] for _ in range(game.num_players)]  # win, draw, loss
    role_results: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    lengths: list[int] = []
    caps = 0
    stat_sums: dict[str, float] = defaultdict(float)
    stat_max: dict[str, float] = defaultdict(float)
    steps = 0
    start = time.perf_counter()
    agents = [make_agent(spec, rng.randrange(2**31)) for spec in agent_specs]
    for _ in range(n):
        state = game.new_initial_state()
        for a in agents:
            a.reset()
        play(state, agents, rng)
        steps += state.move_number()
        returns = state.returns()
        best = max(returns)
        draw = all(r == best for r in returns)
        for p, (r, role) in enumerate(zip(returns, state.roles(), strict=True)):
            k = 1 if draw else (0 if r == best else 2)
            seat_results[p][k] += 1
            role_results[role][k] += 1
        lengths.append(len(state.history()))
        caps += state.safety_cap_hit()
        for key, value in state.stats().items():
            stat_sums[key] += value
            stat_max[key] = max(stat_max[key], value)
        if progress is not None:
            progress()
    elapsed = time.perf_counter() - start

    def rates(w_d_l: list[int]) -> dict[str, float]:
        total = sum(w_d_l) or 1
        return {"win": w_d_l[0] / total, "draw": w_d_l[1] / total, "loss": w_d_l[2] / total, "games": sum(w_d_l)}

    return {
        "game": game.name,
        "options": game.options,
        "agents": agent_specs,
        "games": n,
        "seed": seed,
        "seats": [rates(r) for r in seat_results],
        "roles": {role: rates(r) for role, r in sorted(role_results.items())},
        "mean_length": sum(lengths) / n if n else 0.0,
        "max_length": max(lengths, default=0),
        "safety_cap_games": caps,
        "safety_cap_rate": caps / n if n else 0.0,
        "stats_mean": {k: v / n for k, v in stat_sums.items()},
        "stats_max": dict(stat_max),
        "steps": steps,
        "seconds": elapsed,
        "steps_per_second": steps / elapsed if elapsed else 0.0,
        "games_per_second": n / elapsed if elapsed else 0.0,
    }


def print_report(game: Game, report: dict[str, Any]) -> None:
    console.print(f"[bold]{report['games']} games of {game.title or game.name}[/] {report['options']}")
    table = Table(title="Results per seat and per role")
    for col in ("", "agent", "wins", "draws", "losses"):
        table.add_column(col)
    for p, r in enumerate(report["seats"]):
        table.add_row(
            game.player_name(p), report["agents"][p], f"{r['win']:.1%}", f"{r['draw']:.1%}", f"{r['loss']:.1%}"
        )
    for role, r in report["roles"].items():
        table.add_row(f"role: {role}", "", f"{r['win']:.1%}", f"{r['draw']:.1%}", f"{r['loss']:.1%}")
    console.print(table)
    console.print(
        f"Game length (actions, chance included): mean {report['mean_length']:.1f}, max {report['max_length']}"
    )
    for key, value in report["stats_mean"].items():
        console.print(f"{key}: mean {value:.2f}, max {report['stats_max'][key]:g}")
    console.print(
        f"Safety cap ended {report['safety_cap_games']} game(s) ({report['safety_cap_rate']:.2%}); "
        "it is a digital safeguard, not a rulebook ending"
    )
    console.print(
        f"Throughput: {report['steps_per_second']:,.0f} steps/s, {report['games_per_second']:,.1f} games/s "
        f"({report['steps']:,} steps in {report['seconds']:.1f} s)"
    )


@app.command()
def simulate(
    game: str = typer.Argument(..., help="Game name, see `boardcade games`."),
    n: int = typer.Option(100, "-n", "--games", min=1, help="Number of games."),
    seed: int = typer.Option(0, help="Seed for dice and agents; the same seed gives the same games."),
    agents: str = typer.Option("random", help="Comma-separated agent per seat, or one agent for every seat."),
    option: list[str] = typer.Option(None, "--option", "-o", help="Rule option key=value (repeatable)."),
    players: int | None = typer.Option(None, help="Number of players, for games that have a players option."),
    as_json: bool = typer.Option(False, "--json", help="Print the report as JSON."),
) -> None:
    """Self-play N games and report win rates per seat and role, game lengths, safety-cap use and speed."""
    g = build_game(game, option, players)
    specs = [s.strip() for s in agents.split(",") if s.strip()]
    if len(specs) == 1:
        specs *= g.num_players
    if len(specs) != g.num_players:
        raise fail(f"{game} has {g.num_players} seats; --agents names {len(specs)}")
    for spec in specs:
        try:
            make_agent(spec, 0)
        except GameError as e:
            raise fail(f"{e} (valid agents: {', '.join(agent_names())})") from None
    try:
        if as_json:
            report = run_games(g, specs, n, seed)
        else:
            columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
            with Progress(*columns, console=console, transient=True) as bar:
                task = bar.add_task(f"simulating {game}", total=n)
                report = run_games(g, specs, n, seed, progress=lambda: bar.advance(task))
    except GameError as e:
        raise fail(str(e)) from None
    if as_json:
        print(json.dumps(report, indent=1))
    else:
        print_report(g, report)
