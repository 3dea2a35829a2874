"""Load test for `boardcade serve`: N WebSocket clients on loopback play random legal moves in M concurrent
matches (one client per seat) and report the action round trip (send -> acknowledgement) and errors.

    .venv/bin/python benchmarks/server_load.py --matches 200 --duration 30

The server runs in its own process on a temporary SQLite database (or --database URL). Each client waits a
random "think" time before moving, like a person would; finished matches are replaced by new ones.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

import websockets

SERVER = (
    "import sys, uvicorn\n"
    "from boardcade.server import create_app\n"
    "uvicorn.run(create_app(sys.argv[1]), host='127.0.0.1', port=int(sys.argv[2]), log_level='warning',"
    " ws_max_size=1 << 20)\n"
)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def post(base: str, path: str, body: dict) -> dict:
    req = urllib.request.Request(base + path, json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(req) as r:
        return json.load(r)


class Stats:
    def __init__(self) -> None:
        self.rtt: list[float] = []
        self.errors: list[str] = []
        self.finished = 0


async def seat_client(url: str, match: dict, seat: int, stats: Stats, stop: float, think: float, rng) -> None:
    async with websockets.connect(url, max_size=1 << 22) as ws:
        await ws.send(json.dumps({"type": "hello", "seats": [{"seat": seat, "token": match["tokens"][str(seat)]}]}))
        sent_at = None
        latest = None
        while time.perf_counter() < stop:
            try:
                msg = json.loads(await asyncio.wait_for(ws.recv(), max(0.1, stop - time.perf_counter())))
            except TimeoutError:
                return
            if msg["type"] == "error":
                stats.errors.append(f"{msg['code']}: {msg['message']}")
                sent_at = None
            elif msg["type"] == "ack":
                stats.rtt.append(time.perf_counter() - sent_at)
                sent_at = None
            elif msg["type"] == "state":
                latest = msg
            if sent_at is not None or latest is None:
                continue
            obs = latest["observation"]
            if obs["is_terminal"]:
                if seat == 0:
                    stats.finished += 1
                return
            if obs["current_player"] == seat and obs["legal_actions"]:
                await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))
                action = rng.choice(obs["legal_actions"])["action"]
                sent_at = time.perf_counter()
                msg = {"type": "action", "seat": seat, "version": latest["version"], "action": action}
                latest = None
                await ws.send(json.dumps(msg))


async def match_slot(base: str, ws_base: str, args, stats: Stats, stop: float, rng) -> None:
    seats = [{"kind": "human"}] * args.players
    while time.perf_counter() < stop:
        match = await asyncio.to_thread(
            post, base, "/api/matches", {"game": args.game, "options": args.options, "seats": seats}
        )
        url = f"{ws_base}/ws/matches/{match['id']}"
        await asyncio.gather(*(seat_client(url, match, s, stats, stop, args.think, rng) for s in range(args.players)))


async def run(args) -> Stats:
    port = free_port()
    tmp = tempfile.mkdtemp(prefix="boardcade-load-")
    db = args.database or f"sqlite:///{tmp}/load.sqlite3"
    server = subprocess.Popen([sys.executable, "-c", SERVER, db, str(port)], env=os.environ.copy())
    base, ws_base = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(base + "/api/games").read()
                break
            except OSError:
                time.sleep(0.1)
        stats = Stats()
        rng = random.Random(args.seed)
        stop = time.perf_counter() + args.duration
        slots = [match_slot(base, ws_base, args, stats, stop, rng) for _ in range(args.matches)]
        await asyncio.gather(*slots)
        return stats
    finally:
        server.terminate()
        server.wait(10)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--matches", type=int, default=200, help="concurrent matches (M)")
    ap.add_argument("--game", default="qbert")
    ap.add_argument("--players", type=int, default=2, help="seats per match; clients N = M x players")
    ap.add_argument("--options", type=json.loads, default={}, help="rule options as JSON")
    ap.add_argument("--duration", type=float, default=30.0, help="seconds of play")
    ap.add_argument("--think", type=float, default=1.0, help="mean seconds a client waits before moving")
    ap.add_argument("--database", default="", help="SQLAlchemy URL (default: a temporary SQLite file)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    stats = asyncio.run(run(args))
    rtt = sorted(stats.rtt)
    n = len(rtt)
    print(
        f"game={args.game} matches={args.matches} clients={args.matches * args.players} "
        f"duration={args.duration:.0f}s think={args.think}s"
    )
    if n:
        p50 = statistics.median(rtt) * 1000
        p99 = rtt[min(n - 1, int(n * 0.99))] * 1000
        print(f"actions={n} ({n / args.duration:.0f}/s) p50={p50:.1f} ms p99={p99:.1f} ms max={rtt[-1] * 1000:.1f} ms")
    print(f"matches finished={stats.finished} errors={len(stats.errors)}")
    for e in stats.errors[:5]:
        print("  ", e)


if __name__ == "__main__":
    main()
