"""Server CPU per profile and "My matches" request with 10,000 accounts and 100,000 finished matches (issue 36).

    python benchmarks/profiles.py [--accounts 10000] [--matches 100000] [--requests 200] [--database URL]

Fills an empty database (a SQLite file in a temporary folder unless --database names another; migrated by the
server's own Alembic revisions, so the indexes are revision 0005's) with bulk inserts: accounts, finished
two-seat Q*bert matches between random pairs of them (half rated, with their rating changes), their seats and
seat links. Then answers --requests profile requests (`GET /api/players/{name}`, first page) and as many "My
matches" requests (`GET /api/me/matches`) for random accounts, as the routes do (server/profiles.py, then the
JSON the response is), and prints the CPU time of this process per request (mean, median, 95th percentile).
The aim is under 50 ms. Not a test: figures depend on the machine.
"""

from __future__ import annotations

import argparse
import json
import random
import secrets
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from sqlalchemy import insert

from boardcade.server.account_tables import account_seats, accounts
from boardcade.server.errors import dumps
from boardcade.server.profiles import my_matches, profile
from boardcade.server.ratings import rated_results, rating_changes, ratings
from boardcade.server.storage import Storage, match_seats, matches

BATCH = 5000


def stamp(base: float, seconds: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(base + seconds)) + "+00:00"


def fill(storage: Storage, n_accounts: int, n_matches: int, rng: random.Random) -> list[tuple[str, str]]:
    engine = storage.engine
    base = time.time() - 365 * 86400
    people = [(secrets.token_urlsafe(18), f"player{i}") for i in range(n_accounts)]
    with engine.begin() as conn:
        rows = [
            {"id": a, "name": n, "name_key": n, "password_hash": "x", "created_at": stamp(base, 0)} for a, n in people
        ]
        for i in range(0, len(rows), BATCH):
            conn.execute(insert(accounts), rows[i : i + BATCH])
    mu = {a: 25.0 for a, _ in people}
    games = {a: 0 for a, _ in people}
    options = json.dumps({})
    seats = json.dumps([{"kind": "human"}, {"kind": "human"}])
    for start in range(0, n_matches, BATCH):
        m_rows, s_rows, l_rows, c_rows, r_rows = [], [], [], [], []
        for k in range(start, min(n_matches, start + BATCH)):
            mid = f"m{k:08d}"
            a, b = rng.sample(people, 2)
            at = stamp(base, k * 300)
            win = rng.random() < 0.5
            rated = k % 2 == 0
            m_rows.append({"id": mid, "game": "qbert", "options": options, "seats": seats, "status": "finished",
                           "version": 120, "result": json.dumps([1.0, -1.0] if win else [-1.0, 1.0]),
                           "created_at": at, "finished_at": at, "updated_at": at, "rules_version": 1,
                           "rated": 1 if rated else None, "casual": 0 if rated else None})  # fmt: skip
            for seat, (aid, name) in enumerate((a, b)):
                digest = secrets.token_hex(32)
                s_rows.append({"match_id": mid, "seat": seat, "name": name, "token_hash": digest, "last_seen": at})
                l_rows.append({"account_id": aid, "match_id": mid, "seat": seat, "token_hash": digest, "linked_at": at})
                if rated:
                    delta = 0.5 if (seat == 0) == win else -0.5
                    c_rows.append({"match_id": mid, "seat": seat, "account_id": aid, "game_key": "qbert",
                                   "mu_before": mu[aid], "sigma_before": 5.0, "mu_after": mu[aid] + delta,
                                   "sigma_after": 5.0, "at": at})  # fmt: skip
                    mu[aid] += delta
                    games[aid] += 1
            if rated:
                r_rows.append({"match_id": mid, "game_key": "qbert", "counted": 1, "settled_at": at})
        with engine.begin() as conn:
            conn.execute(insert(matches), m_rows)
            conn.execute(insert(match_seats), s_rows)
            conn.execute(insert(account_seats), l_rows)
            if c_rows:
                conn.execute(insert(rating_changes), c_rows)
                conn.execute(insert(rated_results), r_rows)
    with engine.begin() as conn:
        rows = [{"account_id": a, "game_key": "qbert", "mu": mu[a], "sigma": 5.0, "games": games[a],
                 "updated_at": stamp(base, 0)} for a, _ in people if games[a]]  # fmt: skip
        for i in range(0, len(rows), BATCH):
            conn.execute(insert(ratings), rows[i : i + BATCH])
    return people


def cpu_ms(fn) -> float:
    start = time.process_time()
    fn()
    return 1000 * (time.process_time() - start)


def summary(label: str, ms: list[float]) -> None:
    ms = sorted(ms)
    p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
    print(f"{label}: mean {statistics.mean(ms):.1f} ms, median {statistics.median(ms):.1f} ms, 95th {p95:.1f} ms "
          f"CPU per request ({len(ms)} requests)")  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--accounts", type=int, default=10_000)
    ap.add_argument("--matches", type=int, default=100_000)
    ap.add_argument("--requests", type=int, default=200)
    ap.add_argument("--database", default="")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    folder = tempfile.mkdtemp(prefix="boardcade-profiles-")
    url = args.database or f"sqlite:///{Path(folder) / 'profiles.sqlite3'}"
    storage = Storage(url)
    t0 = time.perf_counter()
    people = fill(storage, args.accounts, args.matches, rng)
    print(f"filled {args.accounts} accounts and {args.matches} finished matches in {time.perf_counter() - t0:.1f} s")
    engine = storage.engine
    asked = rng.sample(people, min(args.requests, len(people)))
    for aid, name in asked[:10]:  # warm the caches and the pool, as a running server has
        dumps(profile(engine, name, 1))
        dumps(my_matches(engine, aid))
    summary(
        "profile (GET /api/players/{name})", [cpu_ms(lambda n=name: dumps(profile(engine, n, 1))) for _, n in asked]
    )
    summary("my matches (GET /api/me/matches)", [cpu_ms(lambda a=aid: dumps(my_matches(engine, a))) for a, _ in asked])
    sample = profile(engine, asked[0][1], 1)
    print(f"(a profile: {sample['total']} finished matches, {len(sample['matches'])} on its first page)")
    storage.close()
    shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
