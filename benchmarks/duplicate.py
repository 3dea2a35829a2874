"""How much duplicate deals narrow the interval: the same number of matches with independent deals and with
duplicate pairs (the roles swapped, the same chance stream per kind of chance), in each game.

    nice -n 19 python benchmarks/duplicate.py --agents greedy,easy:iterations=4 --matches 200 [--game qbert ...]
    python benchmarks/duplicate.py --agents greedy,easy:iterations=4 --matches 200 --report   # the table only

Each game plays two `arena` runs of the two agents (resumable: run the same command again), saved in
`runs/agents/deals-GAME-A-vs-B-independent` and `...-duplicate`: `--matches` matches each, half in each seat order.
The first agent's score is 1 for a win, 0.5 for a draw, 0 for a loss. Independent deals: the standard error of the
mean score comes from the spread of the match scores in each seat order (half the matches each). Duplicate deals:
from the spread of the pair means (the mean of the two role-swapped matches of a deal) over sqrt(pairs), pairs =
matches / 2. "interval narrows to" is the duplicate standard error as a share of the independent one; "matches
saved", the share of independent matches duplicate pairs make unnecessary for the same interval (1 - share^2). The
pair correlation is that of the candidate's two scores in a deal: negative when a deal's luck goes to a role
(the candidate wins it in one match and loses it in the other), which is what duplicate pairs cancel. Each
standard error is itself estimated from the matches (about ±7% of its value at 100 pairs).
"""

from __future__ import annotations

import argparse
import json
import math
import re
import statistics
import subprocess
import sys
from pathlib import Path

from boardcade.arena.deals import agent_score, pairs_of

ROOT = Path(__file__).resolve().parent.parent
RUNS = ROOT / "runs" / "agents"
GAMES = ("mb_centipede", "qbert", "atari_centipede")
SEED = 38


def folder(game: str, agents: list[str], deals: str) -> Path:
    tag = re.sub(r"[^A-Za-z0-9]+", "-", "-vs-".join(agents)).strip("-")
    return RUNS / f"deals-{game}-{tag}-{deals}"


def play(game: str, agents: list[str], deals: str, matches: int, workers: int) -> None:
    cmd = [sys.executable, "-c", "from boardcade.cli.main import app; app()", "arena", game]
    cmd += ["--agents", ",".join(agents), "--games", str(matches // 2), "--deals", deals, "--seed", str(SEED)]
    cmd += ["--workers", str(workers), "--out", str(folder(game, agents, deals))]
    print(" ".join(cmd[3:]), flush=True)
    subprocess.run(cmd, cwd=ROOT, check=False, stdout=subprocess.DEVNULL)


def records(path: Path) -> list[dict]:
    results = path / "results.jsonl"
    if not results.exists():
        return []
    return [json.loads(x) for x in results.read_text().splitlines() if x.strip()]


def standard_errors(game: str, agents: list[str]) -> dict:
    """The first agent's mean score and its standard error with each kind of deal, and the correlation of the two
    scores of a duplicate pair. Independent deals: per seat order (the run plays each equally often), so that
    what a role is worth on average counts in neither figure: SE = sqrt(sum of var/n per order) / orders."""
    me = agents[0]
    by_order: dict[tuple, list[float]] = {}
    for r in records(folder(game, agents, "independent")):
        score = agent_score(r, me)
        if score is not None:
            by_order.setdefault(tuple(r["seats"]), []).append(score)
    first, second, pairs = [], [], []
    for recs in pairs_of(records(folder(game, agents, "duplicate"))).values():
        recs = sorted(recs, key=lambda r: r["seats"][0] != me)  # the candidate's first seat order first
        pair = [agent_score(r, me) for r in recs]
        if len(pair) == 2 and None not in pair:
            first.append(pair[0])
            second.append(pair[1])
            pairs.append((pair[0] + pair[1]) / 2)
    matches = sum(len(v) for v in by_order.values())
    out = {"game": game, "matches_independent": matches, "matches_duplicate": 2 * len(pairs)}
    if len(by_order) == 2 and all(len(v) > 1 for v in by_order.values()) and len(pairs) > 1:
        k = len(by_order)
        se_i = math.sqrt(sum(statistics.variance(v) / len(v) for v in by_order.values())) / k
        se_d = statistics.stdev(pairs) / math.sqrt(len(pairs))
        spread = statistics.stdev(first) * statistics.stdev(second)
        out.update(
            score_independent=statistics.fmean(statistics.fmean(v) for v in by_order.values()),
            score_duplicate=statistics.fmean(pairs),
            se_independent=se_i,
            se_duplicate=se_d,
            ratio=se_i / se_d if se_d else math.inf,
            correlation=statistics.correlation(first, second) if spread else 0.0,
        )
    return out


def report(games: list[str], agents: list[str]) -> None:
    print(f"`{agents[0]}` against `{agents[1]}`, seed {SEED}: score of `{agents[0]}` ± standard error")
    print()
    print(
        "| game | matches | independent deals | duplicate pairs | pair correlation | interval narrows to "
        "| matches saved |"
    )
    print("|---|---|---|---|---|---|---|")
    for game in games:
        r = standard_errors(game, agents)
        if "ratio" not in r:
            continue
        saved = 1 - 1 / r["ratio"] ** 2
        print(
            f"| `{game}` | {r['matches_independent']} / {r['matches_duplicate']} | "
            f"{100 * r['score_independent']:.1f}% ± {100 * r['se_independent']:.2f} | "
            f"{100 * r['score_duplicate']:.1f}% ± {100 * r['se_duplicate']:.2f} | {r['correlation']:+.2f} | "
            f"{100 / r['ratio']:.0f}% | {100 * saved:.0f}% |"
        )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--agents", default="greedy,random", help="two agents (default greedy,random)")
    ap.add_argument("--matches", type=int, default=200, help="matches per game and kind of deal (default 200)")
    ap.add_argument("--game", action="append", help="only this game (repeatable)")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--report", action="store_true", help="print the table from the results so far")
    args = ap.parse_args()
    from boardcade.agents.registry import split_agent_list

    agents = split_agent_list(args.agents)
    if len(agents) != 2:
        ap.error(f"--agents: name two agents, got {agents}")
    games = args.game or list(GAMES)
    if not args.report:
        for game in games:
            for deals in ("independent", "duplicate"):
                play(game, agents, deals, args.matches, args.workers)
    report(games, agents)
    return 0


if __name__ == "__main__":
    sys.exit(main())
