"""The ladder: ratings of the computer levels on the people's scale (arena/ratings.py), from rated
computer-vs-computer matches with fixed seeds, written to `ladder_ratings.json` beside this module.

Every pair of the levels asked for plays `per_pair` matches per game key, the sides swapped every other match
(two seats of a team get the same level in 4-player Atari). The levels are then fitted by maximum likelihood in
the Bradley-Terry model that the shown numbers follow (400 points = 10:1 odds; a draw counts half a win), with
`random` fixed at ANCHOR points and one virtual draw per pair played (so a pair where one side won every match
still gets a finite gap). The two matches of a swap share a duplicate deal (arena/deals.py), and a run saved
under `runs/` resumes where it stopped. A level's uncertainty is one over the square root of its Fisher
information, shown as +- 2 sigma like a person's. docs/server.md, "Ratings", says how to rerun it with a proper budget.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from functools import lru_cache
from itertools import combinations
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .ratings import SCALE, Rating, game_key, mu_of, team_ranks

if TYPE_CHECKING:  # imported when matches are made (it brings the agents)
    from .match import MatchSpec

LADDER_FILE = Path(__file__).with_name("ladder_ratings.json")
ANCHOR_LEVEL = "random"
ANCHOR = 1000  # the points `random` is fixed at: a new person (1500) is first assumed 500 points better
LEVEL_NAMES = ("random", "beginner", "greedy", "easy", "medium", "hard")
ELO = 400.0 / math.log(10.0)  # shown points per unit of natural-log odds


def game_keys(games: list[str]) -> list[tuple[str, str, dict[str, Any]]]:
    """(key, game, options) for each rating key of the games: one variant per number of players."""
    from ..core import game_class

    out = []
    for name in games:
        cls = game_class(name)
        counts = [cls(**opts).num_players for _, opts in cls.VARIANTS]
        seen = set()
        for (_, opts), n in zip(cls.VARIANTS, counts, strict=False):
            if n not in seen:
                seen.add(n)
                out.append((game_key(name, n, counts), name, dict(opts)))
    return out


def pair_specs(
    key: str, game: str, options: dict[str, Any], levels: list[str], per_pair: int, seed: int
) -> list[MatchSpec]:
    """The matches of every pair of levels: `per_pair` each, sides swapped every other one, and each two
    matches of a swap on one duplicate deal (the same dice, cards and spinner as far as the two stay alike),
    so luck cancels out of the pair. A match's key names its pair in LEVEL_NAMES order and its index, so a
    rerun with more levels or more matches per pair finds the matches already played."""
    from ..core import load_game
    from .match import MatchSpec

    teams = load_game(game, **options).teams()
    if len(teams) != 2:
        raise ValueError(f"the ladder needs two sides; {game} has {len(teams)}")
    order = {lv: i for i, lv in enumerate(LEVEL_NAMES)}
    specs = []
    for a, b in combinations(sorted(levels, key=lambda lv: (order.get(lv, len(order)), lv)), 2):
        for i in range(per_pair):
            first, second = (a, b) if i % 2 == 0 else (b, a)
            seats = tuple(first if p in teams[0] else second for p in range(sum(len(t) for t in teams)))
            specs.append(MatchSpec(f"{key}:{a}:{b}:{i}", game, options, seats, seed=seed + i, deal=seed + i // 2))
    return specs


def pair_result(teams: list[list[int]], record: dict[str, Any]) -> dict[str, Any]:
    """A played match as the fit reads it: the level on each side, the first side's score, CPU per decision."""
    seats = record["seats"]
    first, second = seats[teams[0][0]], seats[teams[1][0]]
    ranks = team_ranks(teams, record["returns"])
    score = 0.5 if ranks[0] == ranks[1] else (1.0 if ranks[0] < ranks[1] else 0.0)
    return {"first": first, "second": second, "score": score, "seed": record["seed"]}


def cpu_per_decision(records: list[dict[str, Any]]) -> dict[str, float]:
    """Each level's CPU seconds per decision over the matches it played (this process's CPU time)."""
    cpu: dict[str, float] = {}
    count: dict[str, int] = {}
    for rec in records:
        for p, level in enumerate(rec["seats"]):
            cpu[level] = cpu.get(level, 0.0) + rec["cpu_seconds"][p]
            count[level] = count.get(level, 0) + rec["decisions"][p]
    return {lv: cpu[lv] / count[lv] for lv in cpu if count[lv]}


def fit(levels: list[str], results: list[dict[str, Any]], anchor: str = ANCHOR_LEVEL) -> dict[str, dict[str, float]]:
    """Shown points and their standard error per level (maximum likelihood, `anchor` fixed at ANCHOR)."""
    wins = {lv: 0.0 for lv in levels}
    games: dict[tuple[str, str], float] = {}
    for r in results:
        a, b = r["first"], r["second"]
        wins[a] += r["score"]
        wins[b] += 1.0 - r["score"]
        games[(a, b)] = games.get((a, b), 0.0) + 1
        games[(b, a)] = games.get((b, a), 0.0) + 1
    for a, b in list(games):
        if a < b:  # one virtual draw per pair played
            wins[a] += 0.5
            wins[b] += 0.5
            games[(a, b)] += 1
            games[(b, a)] += 1
    gamma = {lv: 1.0 for lv in levels}
    for _ in range(2000):  # minorisation-maximisation (Hunter 2004)
        new = {}
        for i in levels:
            denom = sum(n / (gamma[i] + gamma[j]) for (x, j), n in games.items() if x == i)
            new[i] = wins[i] / denom if denom else gamma[i]
        norm = new[anchor]
        new = {k: v / norm for k, v in new.items()}
        done = max(abs(math.log(new[k] / gamma[k])) for k in levels) < 1e-10
        gamma = new
        if done:
            break
    out = {}
    for i in levels:
        info = sum(n * gamma[i] * gamma[j] / (gamma[i] + gamma[j]) ** 2 for (x, j), n in games.items() if x == i)
        se = 0.0 if i == anchor else (ELO / math.sqrt(info) if info else 400.0)
        out[i] = {"points": ANCHOR + ELO * math.log(gamma[i]), "se": se}
    return out


def ladder(
    games: list[str],
    levels: list[str],
    per_pair: int,
    seed: int,
    runs: Path | None = None,
    workers: int | None = 1,
    on_result: Callable[[dict[str, Any]], None] | None = None,
) -> dict[str, Any]:
    """Play and fit the ladder: the data written to LADDER_FILE. With `runs`, each game key's matches are saved
    as they end in `runs/ladder-<key>-seed<seed>/` (arena/run.py), and a rerun plays only those missing."""
    from .. import __version__
    from .backends import run_local
    from .provenance import record_session
    from .run import Run

    if ANCHOR_LEVEL not in levels:
        raise ValueError(f"the ladder needs {ANCHOR_LEVEL!r} among its levels (it is the fixed anchor)")
    unknown = [lv for lv in levels if lv not in LEVEL_NAMES]
    if unknown:
        raise ValueError(f"unknown level {unknown[0]!r}; levels: {', '.join(LEVEL_NAMES)}")
    from ..core import load_game

    keys: dict[str, Any] = {}
    cpu: dict[str, dict[str, float]] = {}
    for key, game, options in game_keys(games):
        specs = pair_specs(key, game, options, levels, per_pair, seed)
        if runs is None:
            records = list(run_local(specs, workers))
        else:
            folder = Path(runs) / f"ladder-{key.replace('/', '-')}-seed{seed}"
            config = {"kind": "ladder", "game": game, "options": options, "seed": seed, "deals": "duplicate"}
            run = Run(folder, config, specs)
            record_session(run.folder, game, "start", len(run.results))  # code version, evaluators, load
            for _ in run.play("local", workers, on_result=on_result):
                pass
            record_session(run.folder, game, "end", len(run.results))
            records = run.results
        teams = [list(t) for t in load_game(game, **options).teams()]
        results = [pair_result(teams, r) for r in records]
        fitted = fit(levels, results)
        keys[key] = {
            lv: {
                "mu": round(mu_of(f["points"]), 4),
                "sigma": round(max(f["se"], 1.0) / SCALE, 4),
                "matches": sum(lv in (r["first"], r["second"]) for r in results),
            }
            for lv, f in fitted.items()
        }
        cpu[key] = {lv: round(v * 1000, 2) for lv, v in sorted(cpu_per_decision(records).items())}
    return {
        "code_version": __version__,
        "seed": seed,
        "games_per_pair": per_pair,
        "levels": levels,
        "anchor": {"level": ANCHOR_LEVEL, "points": ANCHOR},
        "ratings": keys,
        "cpu_ms_per_decision": cpu,
    }


@lru_cache(maxsize=1)
def _load() -> dict[str, Any]:
    try:
        data: dict[str, Any] = json.loads(LADDER_FILE.read_text(encoding="utf-8"))
        return data
    except (OSError, ValueError):
        return {"ratings": {}}


def level_rating(key: str, agent: str) -> Rating | None:
    """A computer level's rating for a game key (None: the ladder has not measured it). Agent names with
    parameters ("easy:iterations=4") are not levels and have none."""
    entry = _load().get("ratings", {}).get(key, {}).get(agent)
    return None if entry is None else Rating(float(entry["mu"]), float(entry["sigma"]))


def level_ratings(key: str) -> dict[str, Rating]:
    return {lv: r for lv in LEVEL_NAMES if (r := level_rating(key, lv)) is not None}
