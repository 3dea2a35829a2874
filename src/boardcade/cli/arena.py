"""`boardcade arena GAME --agents a,b,... --games N`: a round-robin tournament with ratings; with
`--sprt elo0,elo1`, a sequential test of two agents on duplicate pairs (cli/sprt.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer
from rich.table import Table

from ..agents.registry import split_agent_list
from ..arena import Run, default_folder, round_robin, summarise
from ..arena.deals import DEALS, duplicate_pairs
from ..arena.provenance import record_session
from ..arena.run import CONFIG
from ..core import GameError
from .app import app
from .common import build_game, console, fail
from .runs import check_agents, play_run
from .sprt import run_sprt


def pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def rate_cell(entry: dict[str, Any], key: str = "win") -> str:
    lo, hi = entry[f"{key}_ci"]
    return f"{pct(entry[f'{key}_rate' if key == 'win' else key])} [{pct(lo)}-{pct(hi)}]"


def standings_tables(summary: dict[str, Any]) -> list[Table]:
    agents = Table(title=f"Standings ({summary['games']} matches, mean length {summary['mean_length']:.0f} actions)")
    cols = ("agent", "rating (Elo) ±95%", "games", "W-D-L", "win rate [95% CI]", "score [95% CI]", "CPU ms/decision")
    for col in cols:
        agents.add_column(col, justify="left" if col == "agent" else "right")
    for name, e in sorted(summary["agents"].items(), key=lambda kv: -kv[1]["rating"]):
        cpu = e.get("cpu_per_decision")
        agents.add_row(
            name,
            f"{e['rating']:+.0f} ±{e['rating_ci']:.0f}",
            str(e["games"]),
            f"{e['wins']}-{e['draws']}-{e['losses']}",
            rate_cell(e),
            rate_cell(e, "score"),
            "-" if cpu is None else f"{1000 * cpu:.2f}",
        )
    roles = Table(title="Win rate by role")
    for col in ("agent", "role", "games", "win rate [95% CI]"):
        roles.add_column(col, justify="right" if col in ("games", "win rate [95% CI]") else "left")
    for e in summary["roles"].values():
        roles.add_row(e["agent"], e["role"], str(e["games"]), rate_cell(e))
    pairs = Table(title="Head to head")
    for col in ("agent", "opponent", "games", "win rate [95% CI]"):
        pairs.add_column(col, justify="right" if col in ("games", "win rate [95% CI]") else "left")
    for e in summary["pairs"].values():
        pairs.add_row(e["agent"], e["opponent"], str(e["games"]), rate_cell(e))
    return [agents, roles, pairs]


def _extended(folder: Path, games: int | None) -> dict[str, Any]:
    """The config of the run saved in `folder`, with `games` as its new number of matches per pairing."""
    path = folder / CONFIG
    if not path.is_file():
        raise fail(f"--extend needs a folder holding an arena run (its {CONFIG}); {folder} has none")
    config: dict[str, Any] = json.loads(path.read_text())
    if config.get("kind") != "arena":
        raise fail(f"{folder} holds a {config.get('kind')!r} run, not an arena run")
    if games is None:
        raise fail(
            f"--extend needs --games: the new number of matches per pairing and seat order (now {config['games']})"
        )
    if games < config["games"]:
        raise fail(f"--extend only grows a run: it has {config['games']} matches per pairing and order, got {games}")
    config["games"] = games
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(config, indent=1, sort_keys=True))
    tmp.replace(path)
    return config


@app.command()
def arena(
    game: str | None = typer.Argument(None, help="game name (see `boardcade games`); not with --extend"),
    agents: str | None = typer.Option(None, "--agents", help="comma-separated agents, e.g. random,greedy,hard"),
    games: int | None = typer.Option(
        None,
        "--games",
        min=1,
        help="matches per pairing and seat order (default 10); with --sprt, the most pairs to play (default 2000)",
    ),
    option: list[str] = typer.Option(None, "--option", "-o", help="rule option key=value (repeatable)"),
    seed: int = typer.Option(0, "--seed", help="base seed: the same seed plays the same matches"),
    backend: str = typer.Option("local", "--backend", help="local (processes on this machine) or ray"),
    address: str | None = typer.Option(None, "--address", help="Ray cluster address (with --backend ray)"),
    workers: int | None = typer.Option(None, "--workers", min=1, help="local processes (default: one per CPU)"),
    out: Path | None = typer.Option(
        None, "--out", help="results folder (default: runs/arena-... or runs/sprt-... named by the settings)"
    ),
    extend: Path | None = typer.Option(
        None,
        "--extend",
        help="grow the run saved in this folder to --games matches per pairing and order (its game, agents, "
        "options, seed and deals are read from it; the matches played stay, the new ones follow)",
    ),
    deals: str = typer.Option(
        "duplicate",
        "--deals",
        help="duplicate: the seat orders of a pairing share each deal (a seeded chance stream per kind of chance: "
        "the same rolls come up as long as the matches stay alike), so luck falls to both agents; independent: "
        "every match its own chance",
    ),
    sprt: str | None = typer.Option(
        None,
        "--sprt",
        help="elo0,elo1: a sequential test (GSPRT on pentanomial duplicate pairs, logistic Elo, alpha = beta = "
        "0.05) of the first agent against the second, H0 elo = elo0 against H1 elo = elo1; stops as soon as "
        "it is decided, printing the running LLR, Elo [95%] and LOS. --games is then the most pairs to play "
        "(default 2000)",
    ),
) -> None:
    """Round-robin tournament in every role and seat order: ratings, win rates, CPU per decision, saved results
    (resumable; the code version and evaluator digests of every session in sessions.jsonl). With --sprt: a
    sequential test of two agents."""
    if backend not in ("local", "ray"):
        raise fail(f"unknown backend {backend!r}; backends: local, ray")
    if deals not in DEALS:
        raise fail(f"unknown --deals {deals!r}; deals: {', '.join(DEALS)}")
    if sprt is not None:
        if extend:
            raise fail("--sprt runs resume by themselves (run the same command again): not with --extend")
        if deals != "duplicate":
            raise fail("--sprt counts pairs of duplicate matches: not with --deals independent")
        if not game:
            raise fail("give a game (see `boardcade games`)")
        names = split_agent_list(agents or "")
        check_agents(names)
        g = build_game(game, option)
        run_sprt(game, g.options, names, sprt, games, seed, out, backend, workers, address)
        return
    if extend is not None:
        if game or agents or option or out:
            raise fail(
                "--extend reads the game, agents, options and folder from the run: give only --games (and "
                "--workers, --backend)"
            )
        config = _extended(extend, games)
        game, names, options, seed, games, folder = (
            config["game"],
            config["agents"],
            config["options"],
            config["seed"],
            config["games"],
            extend,
        )
        deals = config.get("deals", "independent")  # runs from before duplicate deals drew independently
        check_agents(names)
    else:
        if not game:
            raise fail("give a game (see `boardcade games`), or --extend FOLDER to grow a saved run")
        names = split_agent_list(agents or "")
        if not names:
            raise fail("give at least one agent with --agents, e.g. --agents random,greedy")
        check_agents(names)
        games = 10 if games is None else games
        g = build_game(game, option)
        options = g.options
        config = {"kind": "arena", "game": game, "options": options, "agents": names, "games": games, "seed": seed}
        config["deals"] = deals
        folder = out or default_folder("arena", config)
    try:
        specs = round_robin(game, options, names, games, seed, deals)
        run = Run(folder, config, specs)
    except (ValueError, GameError) as e:
        raise fail(str(e)) from None
    start = record_session(run.folder, game, "start", len(run.results))
    finished = play_run(run, backend, workers, address, f"{game} arena")
    record_session(run.folder, game, "end", len(run.results))
    summary = summarise(run.results, names)
    summary["config"] = config
    summary["complete"] = finished
    summary["provenance"] = start
    pairs = duplicate_pairs(run.results, names[0]) if deals == "duplicate" and len(names) == 2 else None
    if pairs is not None:
        summary["duplicate_pairs"] = pairs
    path = run.save_summary(summary)
    for table in standings_tables(summary):
        console.print(table)
    if pairs is not None:
        p = pairs
        console.print(
            f"Duplicate pairs: {p['pairs']}, pentanomial {p['pentanomial']} (pair scores 0 to 2 of {names[0]}); "
            f"score {100 * p['score']:.1f}% ±{100 * p['score_se']:.1f} (standard error), "
            f"Elo {p['elo']:+.0f} [{p['elo_low']:+.0f}, {p['elo_high']:+.0f}], LOS {100 * p['los']:.1f}%",
            soft_wrap=True,
        )
    console.print(f"Results: {run.folder / 'results.jsonl'}  Summary: {path}")
    if not finished:
        raise typer.Exit(code=130)
