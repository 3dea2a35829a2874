"""`boardcade arena GAME --agents a,b --sprt elo0,elo1`: a sequential test on duplicate pairs (arena/sequential.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from ..arena import Run, default_folder, summarise
from ..arena.provenance import record_session
from ..arena.sequential import Sequential, sprt_specs
from ..arena.sprt import ALPHA, BETA
from ..core import GameError
from .common import console, fail

DEFAULT_PAIRS = 2000


def parse_sprt(text: str) -> tuple[float, float]:
    """ "elo0,elo1" -> (elo0, elo1), elo1 above elo0."""
    parts = [p.strip() for p in text.split(",")]
    try:
        if len(parts) != 2:
            raise ValueError
        elo0, elo1 = float(parts[0]), float(parts[1])
    except ValueError:
        raise fail(f"--sprt takes two Elo numbers elo0,elo1 (e.g. --sprt 0,10), got {text!r}") from None
    if elo1 <= elo0:
        raise fail(f"--sprt elo0,elo1: elo1 must be above elo0, got {text!r}")
    return elo0, elo1


def _show(seq: Sequential) -> bool:
    """Print the first 10 pairs, then every 10th (the last one is always printed at the end)."""
    n = seq.counted
    return n <= 10 or n % 10 == 0


def run_sprt(
    game: str,
    options: dict[str, Any],
    names: list[str],
    sprt_text: str,
    pairs: int | None,
    seed: int,
    out: Path | None,
    backend: str,
    workers: int | None,
    address: str | None,
) -> None:
    """Play duplicate pairs in order until the GSPRT decides (or `pairs` are counted); print the running LLR, Elo
    and LOS; save results, sessions and the summary in the run folder (resumable)."""
    elo0, elo1 = parse_sprt(sprt_text)
    pairs = DEFAULT_PAIRS if pairs is None else pairs
    config = {
        "kind": "sprt",
        "game": game,
        "options": options,
        "agents": names,
        "seed": seed,
        "deals": "duplicate",
        "elo0": elo0,
        "elo1": elo1,
        "alpha": ALPHA,
        "beta": BETA,
    }
    folder = out or default_folder("sprt", config)
    try:
        specs = sprt_specs(game, options, names, pairs, seed)
        run = Run(folder, config, specs)
    except (ValueError, GameError) as e:
        raise fail(str(e)) from None
    seq = Sequential(specs, names[0], elo0, elo1, ALPHA, BETA)
    for rec in run.results:
        seq.add(rec)
    start = record_session(run.folder, game, "start", len(run.results))
    console.print(
        f"SPRT {names[0]} against {names[1]} in {game}: H0 elo = {elo0:g}, H1 elo = {elo1:g} (logistic Elo), "
        f"alpha = beta = {ALPHA:g}, LLR bounds [{seq.status.lower:+.2f}, {seq.status.upper:+.2f}], at most "
        f"{pairs} pairs of duplicate matches"
    )
    load, cpus = start["load_average"], start["cpus"] or 1
    if load is not None and load >= 1.0:
        console.print(
            f"[yellow]Load average {load:g} on {cpus} CPUs:[/] other work is running. Results (iteration budgets) "
            "and CPU times stay valid; wall times do not. Measure strength with nothing else running."
        )
    if seq.counted:
        console.print(f"Resuming: {seq.counted} pairs already counted in {run.folder}")
        console.print(seq.status.line(), soft_wrap=True)
    shown = seq.counted
    interrupted = False
    decided_before = seq.done  # (a local: mypy would take the property for a constant after a test of it)
    if not decided_before:
        try:
            for result in run.play(backend, workers, address):
                moved = seq.add(result)
                if seq.done:
                    break
                if moved and _show(seq):
                    console.print(seq.status.line(), soft_wrap=True)
                    shown = seq.counted
        except KeyboardInterrupt:
            interrupted = True
    record_session(run.folder, game, "end", len(run.results))
    if seq.counted != shown:
        console.print(seq.status.line(), soft_wrap=True)
    standings = summarise(run.results, names)
    cpu = ", ".join(
        f"{n} {1000 * e['cpu_per_decision']:.2f} ms" for n, e in standings["agents"].items() if e["cpu_per_decision"]
    )
    summary = {
        "config": config,
        "sprt": seq.status.to_json(),
        "verdict": seq.verdict_text(names[1]),
        "llr_by_pair": [round(s.llr, 4) for s in seq.history],
        "standings": standings,
        "provenance": start,
        "complete": seq.done,
    }
    path = run.save_summary(summary)
    if interrupted:
        console.print(
            f"[yellow]Interrupted:[/] {seq.counted} pairs counted, {len(run.results)} matches saved in {run.folder}; "
            "run the same command again to resume."
        )
        raise typer.Exit(code=130)
    console.print(f"[bold]{seq.verdict_text(names[1])}[/]")
    if cpu:
        console.print(f"CPU per decision: {cpu}")
    console.print(f"Results: {run.folder / 'results.jsonl'}  Summary: {path}")
