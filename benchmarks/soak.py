"""Soak test for `boardcade serve`: clients on loopback play for several minutes; prints the server's memory
(RSS) over time, every error, and the slope of a least-squares line through the memory samples.

    .venv/bin/python benchmarks/soak.py                 # 3 minutes, one server on a temporary SQLite file
    .venv/bin/python benchmarks/soak.py --minutes 10 --matches 30
    .venv/bin/python benchmarks/soak.py --database postgresql://postgres@127.0.0.1:5432/postgres --servers 2

Real `boardcade serve` processes run on a temporary SQLite file (one) or on the PostgreSQL given (--servers N).
Each match slot plays human-vs-human Q*bert over two WebSocket clients (random legal moves after a short
think), with a spectator that comes and goes; with several servers the two players and the spectator of a
match are on different servers, so every move crosses from one server to another (LISTEN/NOTIFY). Finished
matches are fetched as record and replay over HTTP and replaced by new ones. At the end every acknowledged move
is checked against the database (none may be missing). Everything is bounded: the run stops at --minutes, and
every wait has a timeout. The servers run without their per-address rate limits (all clients share 127.0.0.1).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import websockets

from boardcade.server.launch import start_serve_process
from boardcade.server.storage import Storage

NO_LIMITS = [
    "--set",
    "creates_per_minute=0",
    "--set",
    "requests_per_second=0",
    "--set",
    "max_connections_per_ip=0",
    "--set",
    "messages_per_second=0",
]


@dataclass
class Report:
    samples: list[tuple[float, float]] = field(default_factory=list)  # (seconds since start, RSS MiB)
    errors: list[str] = field(default_factory=list)
    actions: int = 0
    finished: int = 0
    seconds: float = 0.0
    acked: list[tuple[str, int, int]] = field(default_factory=list)  # (match, version chosen at, action)
    lost: int = 0  # acknowledged moves missing from the database at the end

    def slope_mib_per_min(self, skip: float = 0.2) -> float:
        """Least-squares slope of RSS over time, leaving out the first `skip` of the run (imports, caches)."""
        pts = self.samples[int(len(self.samples) * skip) :]
        if len(pts) < 2:
            return 0.0
        n = len(pts)
        mx = sum(t for t, _ in pts) / n
        my = sum(m for _, m in pts) / n
        var = sum((t - mx) ** 2 for t, _ in pts)
        return 0.0 if var == 0 else 60 * sum((t - mx) * (m - my) for t, m in pts) / var


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


ACK_TIMEOUT = 10.0


async def recv(ws, stop: float) -> dict | None:
    """The next message, or None when the run is over or nothing came for ACK_TIMEOUT seconds."""
    try:
        return json.loads(await asyncio.wait_for(ws.recv(), max(0.05, min(ACK_TIMEOUT, stop - time.time()))))
    except TimeoutError:
        return None


def apply(view: dict | None, msg: dict) -> dict | None:
    """A client's view after a `state` or `delta` message; None if a delta does not follow the view held."""
    if msg["type"] == "state":
        return {"version": msg["version"], "observation": msg["observation"]}
    if view is None or view["version"] != msg["from"]:
        return None
    obs = {**view["observation"], **msg["changed"]}
    for key in msg.get("removed", []):
        obs.pop(key, None)
    obs["events"] = view["observation"]["events"] + msg["events"]
    return {"version": msg["version"], "observation": obs}


async def seat(url: str, token: str, s: int, report: Report, stop: float, think: float, rng) -> None:
    """One human seat: act whenever it is this seat's turn, until the match ends or the run stops."""
    match_id = url.rsplit("/", 1)[1]
    async with websockets.connect(url, open_timeout=10, close_timeout=2) as ws:
        await ws.send(json.dumps({"type": "hello", "seats": [{"seat": s, "token": token}]}))
        waiting = None  # (version, action) sent and not yet acknowledged
        view = None
        fresh = False  # a view newer than the last action sent
        while time.time() < stop:
            asked = time.time()
            msg = await recv(ws, stop)
            if msg is None:
                if waiting and time.time() - asked >= ACK_TIMEOUT:  # not merely the end of the run
                    left = stop - time.time()
                    report.errors.append(f"seat {s}: no acknowledgement within {ACK_TIMEOUT:.0f} s ({left:.0f} s left)")
                return
            kind = msg["type"]
            if kind == "error":
                report.errors.append(f"seat {s}: {msg['code']}: {msg['message']}")
                return
            if kind == "ack":
                report.actions += 1
                report.acked.append((match_id, *waiting))
                waiting = None
            elif kind in ("state", "delta"):
                view = apply(view, msg)
                if view is None:
                    report.errors.append(f"seat {s}: a delta from {msg['from']} did not follow the view held")
                    return
                fresh = True
            if waiting or view is None or not fresh:
                continue
            obs = view["observation"]
            if obs["is_terminal"]:
                return
            if obs["current_player"] == s and obs["legal_actions"]:
                await asyncio.sleep(rng.uniform(0, 2 * think))
                action = rng.choice(obs["legal_actions"])["action"]
                await ws.send(json.dumps({"type": "action", "seat": s, "version": view["version"], "action": action}))
                waiting = (view["version"], action)
                fresh = False


async def spectator(url: str, report: Report, stop: float, rng) -> None:
    """Watches for a while, then leaves (so connections open and close all through the run)."""
    leave = min(stop, time.time() + rng.uniform(0.5, 5))
    view = None
    async with websockets.connect(url, open_timeout=10, close_timeout=2) as ws:
        await ws.send(json.dumps({"type": "hello", "seats": []}))
        while time.time() < leave:
            msg = await recv(ws, leave)
            if msg is not None and msg["type"] == "error":
                report.errors.append(f"spectator: {msg['code']}: {msg['message']}")
            if msg is not None and msg["type"] in ("state", "delta"):
                view = apply(view, msg)
                if view is None:
                    report.errors.append("spectator: a delta did not follow the view held")
                    return
            if msg is None or (view is not None and view["observation"]["is_terminal"]):
                return


async def new_match(http: httpx.AsyncClient, other: httpx.AsyncClient) -> dict:
    """A human-vs-human Q*bert match made through one server, its second seat claimed through another."""
    r = await http.post("/api/matches", json={"game": "qbert", "seats": [{"kind": "human"}, {"kind": "human"}]})
    if r.status_code != 201:
        raise RuntimeError(f"create: {r.status_code} {r.text[:200]}")
    m = r.json()
    claim = {"seat": 1, "invite": m["invites"]["1"], "name": "Soak"}
    c = await other.post(f"/api/matches/{m['id']}/claim", json=claim)
    if c.status_code != 200:
        raise RuntimeError(f"claim: {c.status_code} {c.text[:200]}")
    m["tokens"] = {"0": m["token"], "1": c.json()["token"]}
    return m


async def slot(k: int, https: list, ws_bases: list[str], report: Report, stop: float, think: float, rng) -> None:
    n = len(https)
    while time.time() < stop:
        try:
            m = await new_match(https[k % n], https[(k + 1) % n])
        except RuntimeError as e:
            report.errors.append(str(e))
            return
        urls = [f"{ws_bases[(k + i) % n]}/ws/matches/{m['id']}" for i in range(3)]
        await asyncio.gather(
            *(seat(urls[s], m["tokens"][str(s)], s, report, stop, think, rng) for s in (0, 1)),
            spectator(urls[2], report, stop, rng),
        )
        if time.time() >= stop:
            return
        http = https[(k + 2) % n]
        info = (await http.get(f"/api/matches/{m['id']}")).json()
        if info.get("status") != "finished":
            report.errors.append(f"match {m['id']} stopped before its end: {info}")
            return
        report.finished += 1
        for path in ("record", "replay"):
            for _ in range(5):  # 503: the replay worker is busy with other replays (a limit, not an error)
                r = await http.get(f"/api/matches/{m['id']}/{path}")
                if r.status_code != 503:
                    break
                await asyncio.sleep(1.0)
            if r.status_code != 200:
                report.errors.append(f"{path}: {r.status_code} {r.text[:200]}")


async def sampler(pid: int, report: Report, start: float, stop: float, every: float) -> None:
    while True:
        report.samples.append((time.time() - start, rss_mib(pid)))
        if time.time() >= stop:
            return
        await asyncio.sleep(min(every, max(0.0, stop - time.time())))


def start_server(db_url: str, port: int, log: Path) -> subprocess.Popen:
    return start_serve_process(db_url, port, log, *NO_LIMITS)


async def soak(
    ports: list[int], pid: int, seconds: float, matches: int, think: float, every: float, seed: int
) -> Report:
    report = Report()
    rng = random.Random(seed)
    start = time.time()
    stop = start + seconds
    # An idle pooled connection is dropped by the client before the server's keep-alive timeout (5 s) closes it:
    # a request sent on a connection the server is closing that instant fails with "Server disconnected without
    # sending a response" (a client-side race, not a server failure; a match played between two requests idles
    # its connection for about that long).
    limits = httpx.Limits(keepalive_expiry=2.0)
    https = [httpx.AsyncClient(base_url=f"http://127.0.0.1:{p}", timeout=10, limits=limits) for p in ports]
    ws_bases = [f"ws://127.0.0.1:{p}" for p in ports]
    try:
        work = [slot(k, https, ws_bases, report, stop, think, rng) for k in range(matches)]
        results = await asyncio.gather(sampler(pid, report, start, stop, every), *work, return_exceptions=True)
    finally:
        for http in https:
            await http.aclose()
    report.errors += [f"{type(e).__name__}: {e}" for e in results if isinstance(e, BaseException)]
    report.seconds = time.time() - start
    return report


def check_stored(url: str, report: Report) -> None:
    """Every acknowledged move is in the database, at the step it was acknowledged for."""
    storage = Storage(url)
    try:
        by_match: dict[str, list[tuple[int, int]]] = {}
        for match_id, version, action in report.acked:
            by_match.setdefault(match_id, []).append((version, action))
        for match_id, moves in by_match.items():
            stored = storage.load_match(match_id)
            for version, action in moves:
                if stored is None or version >= len(stored.actions) or stored.actions[version] != action:
                    report.lost += 1
    finally:
        storage.close()
    if report.lost:
        report.errors.append(f"{report.lost} acknowledged moves are missing from the database")


def run(
    minutes: float = 3.0,
    matches: int = 20,
    think: float = 0.05,
    every: float = 0.0,
    seed: int = 1,
    database: str = "",
    servers: int = 1,
) -> Report:
    """Start the server(s), soak them, stop them. The servers' own error output counts as errors too."""
    seconds = minutes * 60
    every = every or max(0.5, seconds / 36)
    if servers > 1 and not database.startswith("postgresql"):
        raise SystemExit("more than one server needs --database postgresql://...")
    ports = [free_port() for _ in range(servers)]
    with tempfile.TemporaryDirectory(prefix="boardcade-soak-") as tmp:
        url = database or f"sqlite:///{tmp}/soak.sqlite3"
        logs = [Path(tmp) / f"server{i}.log" for i in range(servers)]
        procs = []
        try:
            for port, log in zip(ports, logs, strict=True):
                procs.append(start_server(url, port, log))
            report = asyncio.run(soak(ports, procs[0].pid, seconds, matches, think, every, seed))
        finally:
            for proc in procs:
                proc.terminate()
            for proc in procs:
                proc.wait(20)
        check_stored(url, report)
        for log in logs:
            lines = log.read_text(errors="replace").splitlines()
            report.errors += [f"server: {line}" for line in lines if line.strip()]
    return report


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--minutes", type=float, default=3.0, help="length of the run")
    ap.add_argument("--matches", type=int, default=20, help="concurrent matches (2 players + 1 spectator each)")
    ap.add_argument("--think", type=float, default=0.05, help="mean seconds a player waits before moving")
    ap.add_argument("--every", type=float, default=0.0, help="seconds between memory samples (default: 36 samples)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--database", default="", help="SQLAlchemy URL (default: a temporary SQLite file)")
    ap.add_argument("--servers", type=int, default=1, help="server processes (more than one: PostgreSQL only)")
    args = ap.parse_args()
    rep = run(args.minutes, args.matches, args.think, args.every, args.seed, args.database, args.servers)
    print(
        f"soak: {rep.seconds:.0f} s, {args.matches} concurrent matches, think {args.think} s, "
        f"{args.servers} server(s) (RSS of the first server)"
    )
    print("   t(s)   RSS(MiB)")
    for t, mib in rep.samples:
        print(f"{t:7.1f} {mib:10.1f}")
    first, last = rep.samples[0][1], rep.samples[-1][1]
    peak = max(m for _, m in rep.samples)
    print(f"actions={rep.actions} ({rep.actions / rep.seconds:.0f}/s) matches finished={rep.finished}")
    print(f"acknowledged moves missing from the database: {rep.lost}")
    print(f"RSS first={first:.1f} MiB last={last:.1f} MiB peak={peak:.1f} MiB")
    print(f"RSS slope after the first 20% = {rep.slope_mib_per_min():+.3f} MiB/min")
    print(f"errors={len(rep.errors)}")
    for e in rep.errors[:10]:
        print("  ", e)
    sys.exit(1 if rep.errors else 0)


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    main()
