"""The ladder of levels: each level against the one below, in every game, as resumable arena runs.

    nice -n 19 python benchmarks/ladder.py --games 100 [--game qbert ...] [--workers 2]   # play (resumes)
    python benchmarks/ladder.py --report                                                 # the table
    ... --pair easy,greedy --pair medium,easy                      # only these pairings, in this order
    nice -n 19 python benchmarks/ladder.py --sprt 0,70 --pair easy,greedy [--games 2000]   # sequential tests
    python benchmarks/ladder.py --sprt 0,70 --report                                         # their table

Pairings per game: greedy-random, easy-greedy, medium-easy, hard-medium, hard-greedy, and in Atari's Centipede
medium against itself (the Gnome's share with both sides searching). Each is an `arena` run in
`runs/agents/ladder-GAME-A-vs-B` with seed 26: `--games` matches per seat order, so every figure has that many
games per role. A folder that holds fewer is grown with `arena --extend` (the matches played stay), so a run
stopped at any point continues from its results: run the same command again. Runs go cheapest first, one
round of all pairings at a time (`--step` more matches each), so a partial ladder is a whole table with wider
intervals. Iteration budgets only: the same matches on any machine, however loaded.

With `--sprt elo0,elo1` each pairing is instead a sequential test (`arena --sprt`, duplicate pairs, docs/agents.md)
in `runs/agents/sprt-GAME-A-vs-B-ELO0-ELO1`, `--games` being the most pairs; a pass (H1) is a ladder step shown.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNS = ROOT / "runs" / "agents"
SEED = 26
GAMES = ("mb_centipede", "qbert", "atari_centipede")
PAIRS = (("greedy", "random"), ("easy", "greedy"), ("medium", "easy"), ("hard", "medium"), ("hard", "greedy"))
SELF_PLAY = {"atari_centipede": ("medium",)}


def folder(game: str, agents: tuple[str, ...]) -> Path:
    return RUNS / f"ladder-{game}-{'-vs-'.join(agents)}"


def played(path: Path) -> int:
    """Matches per seat order saved in `path` (complete rounds)."""
    results = path / "results.jsonl"
    if not results.exists():
        return 0
    keys = [json.loads(line)["key"] for line in results.read_text().splitlines() if line.strip()]
    orders = {k.split("#")[0] for k in keys}
    return len(keys) // max(1, len(orders))


def configured(path: Path) -> int:
    config = path / "config.json"
    return json.loads(config.read_text())["games"] if config.exists() else 0


def command(game: str, agents: tuple[str, ...], games: int, workers: int) -> list[str]:
    exe = [sys.executable, "-c", "from boardcade.cli.main import app; app()", "arena"]
    path = folder(game, agents)
    if configured(path):
        return [*exe, "--extend", str(path), "--games", str(games), "--workers", str(workers)]
    names = ",".join(agents)
    return [
        *exe,
        game,
        "--agents",
        names,
        "--games",
        str(games),
        "--seed",
        str(SEED),
        "--workers",
        str(workers),
        "--out",
        str(path),
    ]


def pairings(games: list[str], only: list[tuple[str, ...]] | None = None) -> list[tuple[str, tuple[str, ...]]]:
    """(game, agents) in the order they are played: pairings of PAIRS (or of `only`, in its order) per game,
    then the self-play runs (unless `only` is given: name one as just its level, e.g. `--pair medium`)."""
    if only is None:
        out = [(g, pair) for pair in PAIRS for g in games]
        out += [(g, agents) for g in games for agents in SELF_PLAY.get(g, ())]
    else:
        out = [(g, pair) for pair in only for g in games if len(pair) == 2 or pair[0] in SELF_PLAY.get(g, ())]
    return [(g, (a,) if isinstance(a, str) else a) for g, a in out]


def report(games: list[str], only: list[tuple[str, ...]] | None = None) -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from win_rates import cell, rates

    print("| game | level | against | games | win rate, both roles [95% Wilson] | by role | CPU s/move | run |")
    print("|---|---|---|---|---|---|---|---|")
    for game, agents in pairings(games, only):
        path = folder(game, agents)
        if not (path / "results.jsonl").exists():
            continue
        if len(agents) == 1:
            rows = _self_play(path)
            where = path.relative_to(ROOT)
            print(f"| `{game}` | `{agents[0]}` | itself | {rows[0]} | {rows[1]} | {rows[2]} | {rows[3]} | `{where}` |")
            continue
        r = rates(path, agents[0])
        w, d, n = r["all"]
        roles = "; ".join(f"{role} {cell(rw, rn)}" for role, (rw, rd, rn) in sorted(r["roles"].items()))
        cpu = r["cpu_per_decision"]
        draws = f" ({d} draws)" if d else ""
        print(
            f"| `{game}` | `{agents[0]}` | `{agents[1]}` | {n} | {cell(w, n)}{draws} | {roles} | "
            f"{'-' if cpu is None else f'{cpu:.3f}'} | `{path.relative_to(ROOT)}` |"
        )


def _self_play(path: Path) -> tuple[str, str, str, str]:
    from boardcade.arena import wilson

    wins: dict[str, int] = {}
    n, cpu, decisions = 0, 0.0, 0
    for line in (path / "results.jsonl").read_text().splitlines():
        r = json.loads(line)
        n += 1
        for p, ret in enumerate(r["returns"]):
            if ret > 0:
                role = r["roles"][p].split(" (")[0]
                wins[role] = wins.get(role, 0) + 1
        cpu += sum(r.get("cpu_seconds", [0.0]))
        decisions += sum(r["decisions"])
    parts = []
    for role, w in sorted(wins.items()):
        lo, hi = wilson(w, n)
        parts.append(f"{role} {w}/{n} = {100 * w / n:.1f}% [{100 * lo:.1f}-{100 * hi:.1f}]")
    return str(n), "; ".join(parts), "wins by role", f"{cpu / decisions:.3f}" if decisions else "-"


def sprt_folder(game: str, agents: tuple[str, ...], hypotheses: str) -> Path:
    return RUNS / f"sprt-{game}-{'-vs-'.join(agents)}-{hypotheses.replace(',', '-')}"


def sprt_command(game: str, agents: tuple[str, ...], hypotheses: str, pairs: int, workers: int) -> list[str]:
    exe = [sys.executable, "-c", "from boardcade.cli.main import app; app()", "arena", game]
    return [
        *exe,
        *("--agents", ",".join(agents), "--sprt", hypotheses, "--games", str(pairs), "--seed", str(SEED)),
        *("--workers", str(workers), "--out", str(sprt_folder(game, agents, hypotheses))),
    ]


def sprt_report(games: list[str], only: list[tuple[str, ...]] | None, hypotheses: str) -> None:
    print(
        f"| game | level | against | SPRT {hypotheses} | pairs | pentanomial | LLR | Elo [95%] | LOS "
        "| CPU ms/decision |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for game, agents in pairings(games, only):
        path = sprt_folder(game, agents, hypotheses) / "summary.json"
        if len(agents) != 2 or not path.exists():
            continue
        summary = json.loads(path.read_text())
        s, e = summary["sprt"], summary["sprt"]["estimate"] or {}
        verdict = {"H1": "**H1 accepted**", "H0": "H0 accepted"}.get(s["verdict"], "undecided")
        elo = f"{e['elo']:+.0f} [{e['elo_low']:+.0f}, {e['elo_high']:+.0f}]" if e else "-"
        los = f"{100 * e['los']:.1f}%" if e else "-"
        cpu = summary["standings"]["agents"][agents[0]]["cpu_per_decision"]
        print(
            f"| `{game}` | `{agents[0]}` | `{agents[1]}` | {verdict} | {s['pairs']} | {s['counts']} | "
            f"{s['llr']:+.2f} | {elo} | {los} | {'-' if cpu is None else f'{1000 * cpu:.1f}'} |"
        )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument(
        "--games", type=int, help="matches per seat order to reach (default 100); with --sprt the most pairs (2000)"
    )
    ap.add_argument("--step", type=int, default=25, help="matches per seat order added per round (default 25)")
    ap.add_argument("--game", action="append", help="only this game (repeatable)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument(
        "--pair",
        action="append",
        help="only this pairing, e.g. 'easy,greedy' (repeatable, played in the order given; default: the whole ladder)",
    )
    ap.add_argument("--report", action="store_true", help="print the ladder table from the results so far")
    ap.add_argument("--dry-run", action="store_true", help="print the commands, run nothing")
    ap.add_argument("--sprt", help="elo0,elo1: a sequential test per pairing instead (--games: the most pairs)")
    args = ap.parse_args()
    games = args.game or list(GAMES)
    only = [tuple(p.split(",")) for p in args.pair] if args.pair else None
    if args.sprt:
        args.games = args.games or 2000
        if not args.report:
            for game, agents in pairings(games, only):
                if len(agents) == 2:
                    cmd = sprt_command(game, agents, args.sprt, args.games, args.workers)
                    print(" ".join(cmd[3:]), flush=True)
                    if not args.dry_run:
                        subprocess.run(cmd, cwd=ROOT, check=False, stdout=subprocess.DEVNULL)
        sprt_report(games, only, args.sprt)
        return 0
    args.games = args.games or 100
    if args.report:
        report(games, only)
        return 0
    target = 0
    while target < args.games:
        target = min(args.games, target + args.step)
        for game, agents in pairings(games, only):
            if played(folder(game, agents)) >= target:
                continue
            cmd = command(game, agents, target, args.workers)
            print(" ".join(cmd[1:]), flush=True)
            if not args.dry_run:
                subprocess.run(cmd, cwd=ROOT, check=False, stdout=subprocess.DEVNULL)
    return 0


if __name__ == "__main__":
    sys.exit(main())
