"""Load benchmark for `boardcade serve`: M concurrent matches, one WebSocket client per seat, each player
thinking about --think seconds per move (0 = as fast as the server answers: saturation). Prints the moves a
second, the round trip of each move (sent -> acknowledged: p50, p99, max), errors, and the CPU time used by
the server processes and by the client processes (so that one can see the clients were not the bottleneck).

    .venv/bin/python benchmarks/server_load.py --matches 1000 --duration 60            # SQLite, 1 s think
    .venv/bin/python benchmarks/server_load.py --matches 300 --think 0 --duration 30   # saturation
    .venv/bin/python benchmarks/server_load.py --postgres --workers 2 --matches 300 --think 0
    .venv/bin/python benchmarks/server_load.py --url http://127.0.0.1:8000 --matches 50   # a running server

The server runs as `boardcade serve` on a temporary SQLite file, or with --postgres on a throwaway PostgreSQL
15 (fsync on, like a real one; --database URL for another) with --workers processes. Its per-address limits
are lifted (every client comes from 127.0.0.1). The clients run in --clients processes (asyncio, the
`websockets` library); they connect every seat before the measured --duration starts, apply deltas to their
view, and a finished match is replaced by a new one. Moves are made through every server process alike.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import statistics
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path

import httpx
from websockets.asyncio.client import connect

from boardcade.server.launch import free_port, start_serve_process, throwaway_postgres

NO_LIMITS = [
    f"{k}=0"
    for k in (
        "creates_per_minute",
        "requests_per_second",
        "max_connections_per_ip",
        "max_tcp_connections_per_ip",
        "messages_per_second",
        "expire_days",
    )
]


class Stats:
    def __init__(self) -> None:
        self.rtt: list[float] = []
        self.errors: list[str] = []
        self.finished = 0
        self.measuring = False


async def create(http: httpx.AsyncClient, game: str, options: dict, players: int) -> dict:
    body = {"game": game, "options": options, "seats": [{"kind": "human"}] * players, "name": "Bench"}
    m = (await http.post("/api/matches", json=body)).raise_for_status().json()
    m["tokens"] = {m["seat"]: m["token"]}
    for seat, invite in m["invites"].items():
        claim = {"seat": int(seat), "invite": invite, "name": f"Bench {seat}"}
        r = (await http.post(f"/api/matches/{m['id']}/claim", json=claim)).raise_for_status()
        m["tokens"][int(seat)] = r.json()["token"]
    return m


async def seat_client(url: str, token: str, seat: int, stats: Stats, clock: dict, think: float, rng, ready) -> None:
    """One player: keeps a view (whole `state`, then `delta`s; events are not needed here), and when it is this
    seat's turn waits `think` seconds (0.5x..1.5x at random), sends a legal action and times its ack."""
    async with connect(url, max_size=None, compression=None, open_timeout=60, ping_interval=None) as ws:
        await ws.send(json.dumps({"type": "hello", "seats": [{"seat": seat, "token": token}]}))
        ready.set()
        obs: dict = {}
        version = -1
        sent_at = None
        while time.time() < clock["stop"]:
            try:
                raw = await asyncio.wait_for(ws.recv(), max(0.1, min(30.0, clock["stop"] - time.time())))
            except TimeoutError:
                continue
            msg = json.loads(raw)
            kind = msg["type"]
            if kind == "delta":
                if msg["from"] != version:
                    await ws.send('{"type": "sync"}')
                    continue
                obs.update(msg["changed"])
                version = msg["version"]
            elif kind == "state":
                obs, version = msg["observation"], msg["version"]
            elif kind == "ack":
                if stats.measuring:
                    stats.rtt.append(time.perf_counter() - sent_at)
                sent_at = None
            elif kind == "error":
                if stats.measuring:
                    stats.errors.append(f"{msg['code']}: {msg['message'][:120]}")
                sent_at = None
            if sent_at is not None or not obs:
                continue
            if obs["is_terminal"]:
                if seat == 0:
                    stats.finished += 1
                return
            if obs["current_player"] == seat and obs["legal_actions"]:
                if think > 0:
                    await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))
                action = rng.choice(obs["legal_actions"])["action"]
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "action", "seat": seat, "version": version, "action": action}))


async def match_slot(k: int, bases: list[str], args, stats: Stats, clock: dict, rng, ready, gate) -> None:
    http = httpx.AsyncClient(base_url=bases[k % len(bases)], timeout=60)
    try:
        while time.time() < clock["stop"]:
            async with gate:  # a few matches created at a time while connecting
                m = await create(http, args.game, args.options, args.players)
            seats_ready = [asyncio.Event() for _ in range(args.players)]
            tasks = []
            for s in range(args.players):
                base = bases[(k + s) % len(bases)].replace("http", "ws", 1)
                url = f"{base}/ws/matches/{m['id']}"
                client = seat_client(url, m["tokens"][s], s, stats, clock, args.think, rng, seats_ready[s])
                tasks.append(asyncio.ensure_future(client))
            await asyncio.gather(*(e.wait() for e in seats_ready))
            ready.set()
            await asyncio.gather(*tasks)
    except Exception as e:  # a benchmark reports, it does not stop
        stats.errors.append(f"{type(e).__name__}: {e}")
        ready.set()
    finally:
        await http.aclose()


def client_process(index: int, slots: list[int], bases: list[str], args, barrier, out) -> None:
    """A client process: connects its share of the match slots, tells the parent, waits for the common start
    time, plays until it + --duration, and reports its round trips, errors and CPU time."""

    async def main() -> Stats:
        stats = Stats()
        rng = random.Random(args.seed * 1000 + index)
        clock = {"stop": float("inf")}
        ready = [asyncio.Event() for _ in slots]
        gate = asyncio.Semaphore(20)
        work = [
            asyncio.ensure_future(match_slot(k, bases, args, stats, clock, rng, ready[i], gate))
            for i, k in enumerate(slots)
        ]
        await asyncio.gather(*(r.wait() for r in ready))
        out.put(("connected", index))
        while barrier.value == 0.0:
            await asyncio.sleep(0.02)
        clock["stop"] = barrier.value + args.duration
        await asyncio.sleep(max(0.0, barrier.value - time.time()))
        stats.measuring = True
        await asyncio.gather(*work, return_exceptions=True)
        return stats

    cpu0 = time.process_time()
    stats = asyncio.run(main())
    cpu = time.process_time() - cpu0
    out.put(("done", index, stats.rtt, stats.errors[:20], len(stats.errors), stats.finished, cpu))


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process and all its descendants (server workers, computer-player workers)."""
    total = 0.0
    tick = os.sysconf("SC_CLK_TCK")
    stack = [pid]
    while stack:
        p = stack.pop()
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / tick
            for task in Path(f"/proc/{p}/task").iterdir():
                stack += [int(c) for c in (task / "children").read_text().split()]
        except (FileNotFoundError, ProcessLookupError):
            continue
    return total


def run(args) -> None:
    if args.url:
        return run_clients(args, [args.url.rstrip("/")], None, "")
    with ExitStack() as stack:
        tmp = stack.enter_context(tempfile.TemporaryDirectory(prefix="boardcade-load-"))
        url = args.database
        if args.postgres:
            url = stack.enter_context(throwaway_postgres(fsync=True, max_connections=300))
        url = url or f"sqlite:///{tmp}/load.sqlite3"
        port = free_port()
        sets = [x for kv in NO_LIMITS for x in ("--set", kv)]
        extra = ["--workers", str(args.workers)] if args.workers > 1 else []
        server = start_serve_process(url, port, Path(tmp) / "server.log", *extra, *sets, timeout=60)
        try:
            run_clients(args, [f"http://127.0.0.1:{port}"], server.pid, url)
        finally:
            server.terminate()
            server.wait(30)
        log = (Path(tmp) / "server.log").read_text(errors="replace")
    tracebacks = log.count("Traceback")
    if tracebacks:
        print(f"server log: {tracebacks} tracebacks; last lines:\n{log[-1500:]}")


def run_clients(args, bases: list[str], server_pid: int | None, url: str) -> None:
    """Start the client processes, wait until every seat is connected, measure for --duration, print."""
    ctx = multiprocessing.get_context("spawn")
    out = ctx.Queue()
    shares = [list(range(i, args.matches, args.clients)) for i in range(args.clients)]
    barrier = ctx.Value("d", 0.0)  # the common start time, set once every client process is connected
    procs = [
        ctx.Process(target=client_process, args=(i, shares[i], bases, args, barrier, out)) for i in range(args.clients)
    ]
    t0 = time.time()
    for p in procs:
        p.start()
    for _ in procs:
        assert out.get(timeout=1800)[0] == "connected"
    connect_s = time.time() - t0
    start_at = time.time() + 1.0
    barrier.value = start_at
    time.sleep(max(0.0, start_at - time.time()))
    cpu_before = cpu_seconds(server_pid) if server_pid else 0.0
    time.sleep(args.duration)
    cpu_server = cpu_seconds(server_pid) - cpu_before if server_pid else None
    results = [out.get(timeout=300) for _ in procs]
    for p in procs:
        p.join(30)
    rtt = sorted(x for r in results for x in r[2])
    errors = [e for r in results for e in r[3]]
    n_errors = sum(r[4] for r in results)
    cpu_clients = sum(r[6] for r in results)
    if args.url:
        db = f"the server at {args.url}"
    elif args.postgres:
        db = "PostgreSQL 15 (fsync on)"
    else:
        db = "SQLite" if url.startswith("sqlite") else url.split("@")[-1]
    print(
        f"server_load: {db}, {args.workers} server process(es); game={args.game} matches={args.matches} "
        f"clients={args.matches * args.players} in {args.clients} processes; think={args.think}s; "
        f"{args.duration:.0f} s measured (all connected after {connect_s:.0f} s)"
    )
    if rtt:
        n = len(rtt)
        p50 = statistics.median(rtt) * 1000
        p99 = rtt[min(n - 1, int(n * 0.99))] * 1000
        worst = rtt[-1] * 1000
        print(f"moves={n} ({n / args.duration:.0f}/s)  round trip p50={p50:.1f} ms p99={p99:.1f} ms max={worst:.0f} ms")
    server_cpu = "not measured" if cpu_server is None else f"{cpu_server / args.duration:.2f} cores"
    print(
        f"CPU over the measured window: server {server_cpu}, "
        f"clients {cpu_clients / (args.duration + connect_s):.2f} cores (incl. connecting); "
        f"machine has {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}"
    )
    print(f"matches finished={sum(r[5] for r in results)} errors={n_errors}")
    for e in errors[:5]:
        print("  ", e)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--matches", type=int, default=200, help="concurrent matches (M)")
    ap.add_argument("--game", default="qbert")
    ap.add_argument("--players", type=int, default=2, help="seats per match; clients N = M x players")
    ap.add_argument("--options", type=json.loads, default={}, help="rule options as JSON")
    ap.add_argument("--duration", type=float, default=30.0, help="seconds measured")
    ap.add_argument("--think", type=float, default=1.0, help="mean seconds a player thinks per move (0: none)")
    ap.add_argument("--database", default="", help="SQLAlchemy URL (default: a temporary SQLite file)")
    ap.add_argument("--postgres", action="store_true", help="a throwaway PostgreSQL 15 (fsync on)")
    ap.add_argument("--workers", type=int, default=1, help="server processes (--workers of boardcade serve)")
    ap.add_argument("--clients", type=int, default=2, help="client processes")
    ap.add_argument("--url", default="", help="load a server that is already running (its limits must allow it)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    run(args)


if __name__ == "__main__":
    sys.exit(main())
