"""Analysing a match: every decision evaluated by the strongest computer player from the deciding seat's own
information, in worker processes, and each decision graded by the drop in that seat's estimated win chance.

    analysis = analyse(record)                      # the strongest level, one worker process per CPU core
    analysis = analyse(record, agent="hard:iterations=200", workers=0)   # in this process (tests)

The result is plain JSON (format "boardcade-analysis/1", docs/learning.md): one entry per decision (a position
where a seat chose among two or more actions), each labelled with whose view it is from (`view`: the seat that
decided, the only seat whose information it uses), the estimated win chance of every side, the move played and
the player's suggestion with their estimates, and the grade. A front end shows a seat's own entries to that seat
and all of them, each with its view, once the match is over.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import threading
import time
from collections.abc import Callable
from typing import Any

from ..agents import AGENTS, check_agent_name
from ..core import Game, GameError, Record, State
from .evaluate import evaluate_chunk
from .pool import AnalysisCancelled, run_chunks

FORMAT = "boardcade-analysis/1"
# A decision's grade by the drop in the decider's estimated win chance (0..1) from the suggested move to the
# move played, as lichess grades by win-chance drops.
GRADES = (("blunder", 0.30), ("mistake", 0.20), ("inaccuracy", 0.10))
Progress = Callable[[int, int], None]


def strongest_agent() -> str:
    """The strongest difficulty level in the agent registry: of the agents offered as levels, the one that
    thinks longest per move (later registrations win ties), so a stronger level registered later is used."""
    best, best_time = None, -1.0
    for name in AGENTS:
        try:
            spec = AGENTS[name]
        except (ImportError, GameError):
            continue
        if spec.level and (spec.seconds_per_move or 0.0) >= best_time:
            best, best_time = name, spec.seconds_per_move or 0.0
    if best is None:
        raise GameError("no difficulty level is registered to analyse with")
    return best


def win_chance(value: float) -> float:
    """A value in [-1, 1] (the expected result: +1 a win, -1 a loss) as an estimated win chance in [0, 1]."""
    return round(min(1.0, max(0.0, (value + 1.0) / 2.0)), 4)


def grade(drop: float) -> str:
    for name, at in GRADES:
        if drop >= at:
            return name
    return "good"


def decisions(state: State, actions: list[int]) -> list[int]:
    """The steps of `actions` (from `state`, the initial state; not changed) where a seat chose among two or more
    actions."""
    state = state.clone()
    out = []
    for i, action in enumerate(actions):
        if not state.is_chance_node() and len(state.legal_actions()) > 1:
            out.append(i)
        state.apply_action(action)
    return out


def record_key(record: Record, agent: str, seed: int) -> str:
    """What identifies an analysis: the match (game, rules version, options with their defaults filled in,
    actions) and how it was analysed; a record that leaves out default options is the same match."""
    game = record.load_game()
    ident = [record.game, record.rules_version or game.RULES_VERSION, game.options, record.actions, agent, seed]
    return hashlib.sha256(json.dumps(ident, sort_keys=True, default=str).encode()).hexdigest()[:40]


def _chunks(steps: list[int], workers: int) -> list[list[int]]:
    """Contiguous groups of steps: a few per worker, so progress moves and workers stay busy to the end."""
    if not steps:
        return []
    size = max(1, min(16, math.ceil(len(steps) / max(1, workers * 6))))
    return [steps[i : i + size] for i in range(0, len(steps), size)]


def analyse(
    record: Record,
    agent: str | None = None,
    workers: int | None = None,
    seed: int = 0,
    progress: Progress | None = None,
    cancel: threading.Event | None = None,
    checked: list[int] | None = None,
) -> dict[str, Any]:
    """Analyse the match of `record` (replayed and checked first: RecordError names a bad step).

    agent: an agent name (default: the strongest level, `strongest_agent()`); workers: worker processes (None:
    one per CPU core; 0: in this process); seed: the analysis's own randomness (the same seed, agent and match
    give the same analysis when the agent's budget is in iterations); progress(done, total) is called as
    positions are evaluated; setting `cancel` stops it (AnalysisCancelled); `checked`: the record was replayed
    and checked already (by a worker process of a server) and these are its `decisions`, so it is not walked
    through here."""
    agent = agent or strongest_agent()
    check_agent_name(agent)
    game = record.load_game()
    if checked is None:
        record.replay()  # every step legal, the result as recorded
        steps = decisions(game.new_initial_state(), record.actions)
    else:
        steps = list(checked)
    workers = (os.cpu_count() or 1) if workers is None else workers
    began, cpu0 = time.time(), time.process_time()
    done = 0
    found: list[dict[str, Any]] = []
    args = (record.game, record.options, record.rules_version, record.actions)
    if progress:
        progress(0, len(steps))
    if workers <= 0:
        for chunk in _chunks(steps, 1):
            if cancel is not None and cancel.is_set():
                raise AnalysisCancelled("the analysis was stopped before it was complete")
            found += evaluate_chunk(*args, chunk, agent, seed)
            done += len(chunk)
            if progress:
                progress(done, len(steps))
    else:

        def collect(chunk: list[dict[str, Any]]) -> None:
            nonlocal done
            found.extend(chunk)
            done += len(chunk)
            if progress:
                progress(done, len(steps))

        run_chunks([[*args, c, agent, seed] for c in _chunks(steps, workers)], workers, collect, cancel)
    found.sort(key=lambda e: e["step"])
    return _assemble(record, game, agent, seed, found, workers, time.time() - began, time.process_time() - cpu0)


def _assemble(
    record: Record,
    game: Game,
    agent: str,
    seed: int,
    found: list[dict[str, Any]],
    workers: int,
    wall: float,
    own_cpu: float,
) -> dict[str, Any]:
    teams = game.game_type.teams
    side_of = {seat: k for k, side in enumerate(teams) for seat in side}
    names = [game.player_name(p) for p in range(game.num_players)]
    positions = []
    by_view: dict[int, list[dict[str, Any]]] = {}
    for e in found:
        values = dict((a, v) for a, v in e["values"])
        shares = dict((a, s) for a, s in e["shares"])
        info = {int(a): i for a, i in e["info"].items()}
        side = side_of[e["seat"]]
        best, played = e["best"], e["played"]
        w_best = win_chance(values.get(best, 0.0))
        win = [w_best if k == side else round(1 - w_best, 4) for k in range(len(teams))] if len(teams) == 2 else None
        entry = {
            "step": e["step"],
            "seat": e["seat"],
            "view": e["seat"],
            "view_name": names[e["seat"]],
            "side": side,
            "win": win,
            "mover_win": w_best,
            "best": {
                "action": best,
                "label": info[best]["label"],
                "win": w_best,
                "share": shares.get(best, 0.0),
                "info": info[best],
            },
            "played": {
                "action": played,
                "label": info[played]["label"],
                "win": win_chance(values[played]) if played in values else None,
                "estimate": "search" if played in values else None,
            },
            "alternatives": [
                {"action": a, "label": info[a]["label"], "win": win_chance(values[a]), "share": shares.get(a, 0.0)}
                for a in sorted(values, key=lambda a: -values[a])[:3]
            ],
            "source": e["source"],
            "cpu": e["cpu"],
        }
        positions.append(entry)
        by_view.setdefault(e["seat"], []).append(entry)
    result = record.result
    for view, entries in by_view.items():
        for k, entry in enumerate(entries):
            played = entry["played"]
            if played["win"] is None:  # the search never tried it: the decider's next estimate, or the result
                later = entries[k + 1]["mover_win"] if k + 1 < len(entries) else None
                if later is not None and entries[k + 1]["side"] == entry["side"]:
                    played["win"], played["estimate"] = later, "next position"
                elif result is not None:
                    played["win"], played["estimate"] = win_chance(result[view]), "result"
                else:
                    played["win"], played["estimate"] = entry["mover_win"], "unknown"
            drop = 0.0 if played["action"] == entry["best"]["action"] else max(0.0, entry["mover_win"] - played["win"])
            entry["drop"] = round(drop, 4)
            entry["grade"] = grade(drop)
    final = None
    if result is not None and len(teams) == 2:
        final = [win_chance(result[side[0]]) for side in teams]
    spec = AGENTS[agent.partition(":")[0]]
    return {
        "format": FORMAT,
        "game": record.game,
        "title": game.title or record.game,
        "options": record.options,
        "rules_version": game.RULES_VERSION,
        "key": record_key(record, agent, seed),
        "agent": agent,
        "agent_about": spec.description,
        "seed": seed,
        "players": names,
        "sides": [{"name": " & ".join(names[p] for p in side), "seats": list(side)} for side in teams],
        "perfect_information": game.game_type.perfect_information,
        "length": len(record.actions),
        "result": result,
        "final": final,
        "thresholds": {name: at for name, at in GRADES},
        "positions": positions,
        "cpu_seconds": round(sum(e["cpu"] for e in found) + (own_cpu if workers > 0 else 0.0), 2),
        "wall_seconds": round(wall, 2),
        "workers": workers,
    }


def for_view(analysis: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """The analysis as `seat` may see it: only the evaluations made from its own information (its decisions);
    None: every evaluation, each labelled with its view (once the match is over)."""
    if seat is None:
        return analysis
    return {**analysis, "positions": [p for p in analysis["positions"] if p["view"] == seat], "only_view": seat}
