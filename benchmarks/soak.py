"""Soak test for `boardcade serve`: clients on loopback play for several minutes; prints the server's memory
(RSS) over time, every error, and the slope of a least-squares line through the memory samples.

    .venv/bin/python benchmarks/soak.py                 # 3 minutes
    .venv/bin/python benchmarks/soak.py --minutes 10 --matches 30

A real `boardcade serve` process runs on a temporary SQLite file. Each match slot plays human-vs-human Q*bert
over two WebSocket clients (random legal moves after a short think), with a spectator that comes and goes;
finished matches are fetched as record and replay over HTTP and replaced by new ones. Everything is bounded:
the run stops at --minutes, and every wait has a timeout.
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


@dataclass
class Report:
    samples: list[tuple[float, float]] = field(default_factory=list)  # (seconds since start, RSS MiB)
    errors: list[str] = field(default_factory=list)
    actions: int = 0
    finished: int = 0
    seconds: float = 0.0

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


async def seat(url: str, token: str, s: int, report: Report, stop: float, think: float, rng) -> None:
    """One human seat: act whenever it is this seat's turn, until the match ends or the run stops."""
    async with websockets.connect(url, open_timeout=10, close_timeout=2) as ws:
        await ws.send(json.dumps({"type": "hello", "seats": [{"seat": s, "token": token}]}))
        waiting = False
        latest = None
        while time.time() < stop:
            asked = time.time()
            msg = await recv(ws, stop)
            if msg is None:
                if waiting and time.time() - asked >= ACK_TIMEOUT:  # not merely the end of the run
                    left = stop - time.time()
                    report.errors.append(f"seat {s}: no acknowledgement within {ACK_TIMEOUT:.0f} s ({left:.0f} s left)")
                return
            if msg["type"] == "error":
                report.errors.append(f"seat {s}: {msg['code']}: {msg['message']}")
                return
            if msg["type"] == "ack":
                report.actions += 1
                waiting = False
            elif msg["type"] == "state":
                latest = msg
            if waiting or latest is None:
                continue
            obs = latest["observation"]
            if obs["is_terminal"]:
                return
            if obs["current_player"] == s and obs["legal_actions"]:
                await asyncio.sleep(rng.uniform(0, 2 * think))
                action = rng.choice(obs["legal_actions"])["action"]
                await ws.send(json.dumps({"type": "action", "seat": s, "version": latest["version"], "action": action}))
                waiting = True
                latest = None


async def spectator(url: str, report: Report, stop: float, rng) -> None:
    """Watches for a while, then leaves (so connections open and close all through the run)."""
    leave = min(stop, time.time() + rng.uniform(0.5, 5))
    async with websockets.connect(url, open_timeout=10, close_timeout=2) as ws:
        await ws.send(json.dumps({"type": "hello", "seats": []}))
        while time.time() < leave:
            msg = await recv(ws, leave)
            if msg is not None and msg["type"] == "error":
                report.errors.append(f"spectator: {msg['code']}: {msg['message']}")
            if msg is None or (msg["type"] == "state" and msg["observation"]["is_terminal"]):
                return


async def slot(http: httpx.AsyncClient, ws_base: str, report: Report, stop: float, think: float, rng) -> None:
    body = {"game": "qbert", "seats": [{"kind": "human"}, {"kind": "human"}]}
    while time.time() < stop:
        r = await http.post("/api/matches", json=body)
        if r.status_code != 201:
            report.errors.append(f"create: {r.status_code} {r.text[:200]}")
            return
        m = r.json()
        url = f"{ws_base}/ws/matches/{m['id']}"
        await asyncio.gather(
            *(seat(url, m["tokens"][str(s)], s, report, stop, think, rng) for s in (0, 1)),
            spectator(url, report, stop, rng),
        )
        if time.time() >= stop:
            return
        info = (await http.get(f"/api/matches/{m['id']}")).json()
        if info.get("status") != "finished":
            report.errors.append(f"match {m['id']} stopped before its end: {info}")
            return
        report.finished += 1
        for path in ("record", "replay"):
            r = await http.get(f"/api/matches/{m['id']}/{path}")
            if r.status_code != 200:
                report.errors.append(f"{path}: {r.status_code} {r.text[:200]}")


async def sampler(pid: int, report: Report, start: float, stop: float, every: float) -> None:
    while True:
        report.samples.append((time.time() - start, rss_mib(pid)))
        if time.time() >= stop:
            return
        await asyncio.sleep(min(every, max(0.0, stop - time.time())))


def start_server(db_url: str, port: int, log: Path) -> subprocess.Popen:
    return start_serve_process(db_url, port, log)


async def soak(port: int, pid: int, seconds: float, matches: int, think: float, every: float, seed: int) -> Report:
    report = Report()
    rng = random.Random(seed)
    start = time.time()
    stop = start + seconds
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=10) as http:
        work = [slot(http, f"ws://127.0.0.1:{port}", report, stop, think, rng) for _ in range(matches)]
        results = await asyncio.gather(sampler(pid, report, start, stop, every), *work, return_exceptions=True)
    report.errors += [f"{type(e).__name__}: {e}" for e in results if isinstance(e, BaseException)]
    report.seconds = time.time() - start
    return report


def run(minutes: float = 3.0, matches: int = 20, think: float = 0.05, every: float = 0.0, seed: int = 1) -> Report:
    """Start a server, soak it, stop it. The server's own error output counts as errors too."""
    seconds = minutes * 60
    every = every or max(0.5, seconds / 36)
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="boardcade-soak-") as tmp:
        log = Path(tmp) / "server.log"
        server = start_server(f"sqlite:///{tmp}/soak.sqlite3", port, log)
        try:
            report = asyncio.run(soak(port, server.pid, seconds, matches, think, every, seed))
        finally:
            server.terminate()
            server.wait(20)
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
    args = ap.parse_args()
    rep = run(args.minutes, args.matches, args.think, args.every, args.seed)
    print(f"soak: {rep.seconds:.0f} s, {args.matches} concurrent matches, think {args.think} s (pid-level RSS)")
    print("   t(s)   RSS(MiB)")
    for t, mib in rep.samples:
        print(f"{t:7.1f} {mib:10.1f}")
    first, last = rep.samples[0][1], rep.samples[-1][1]
    peak = max(m for _, m in rep.samples)
    print(f"actions={rep.actions} ({rep.actions / rep.seconds:.0f}/s) matches finished={rep.finished}")
    print(f"RSS first={first:.1f} MiB last={last:.1f} MiB peak={peak:.1f} MiB")
    print(f"RSS slope after the first 20% = {rep.slope_mib_per_min():+.3f} MiB/min")
    print(f"errors={len(rep.errors)}")
    for e in rep.errors[:10]:
        print("  ", e)
    sys.exit(1 if rep.errors else 0)


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    main()
