"""Load benchmark for `boardcade serve`: what one move costs the server, side by side with a floor.

    .venv/bin/python benchmarks/server_load.py                                  # saturation, SQLite, 3 rounds
    .venv/bin/python benchmarks/server_load.py --postgres --workers 2           # two processes on PostgreSQL
    .venv/bin/python benchmarks/server_load.py --think 1 --matches 1000 --moves 30000 --warmup 10000 --rounds 1
    .venv/bin/python benchmarks/server_load.py --profile prof --profile-gil     # + a py-spy profile per run
    .venv/bin/python benchmarks/server_load.py --only boardcade --matches 1000 --think 1 --gc-log   # + its collections

Each round runs two servers one after the other (the order alternates between rounds), each started afresh:
- the **floor**: a bare FastAPI service (this file, `--floor-serve`) under uvicorn with the same protocol
  settings as `boardcade serve`: a match is one SQLite row written by an HTTP request and updated by a second
  (its claim); its two sockets each say hello, and every WebSocket message is one SQLite row (one transaction,
  WAL) answered with an `ack`; after a match's moves (1 to 2 x `--floor-match-moves`, 141 on average: a
  Q*bert match's) its sockets leave and a new match starts. What any WebSocket service that stores each
  message and keeps its matches in a database pays;
- **boardcade**: `boardcade serve` started as a user starts it (its per-address limits lifted, as every client
  comes from 127.0.0.1), on a temporary SQLite file or with `--postgres` a throwaway PostgreSQL 15 (fsync on)
  with `--workers` processes.
One light client process (this one: asyncio, a WebSocket client written on asyncio's protocol layer, JSON by
the standard library) plays M matches of Q*bert, two seats each, one socket per seat; a player acts when its
view says it is to move (`--think` seconds later on average, 0: at once, which saturates the server) and waits
for the `ack` before acting again. Against the floor, the same client alternates two sockets per match.

What a real match costs is counted: when a match ends both players leave (their sockets close) and a new one
takes its place, created, its second seat claimed with the invite and both seats joined while moves are
measured, on both servers. The measurement starts after `--warmup` moves (by default one average match's
length per match played at once, so that matches end and start as often as on a server that has run a while).
Only the M matches played at once are set up beforehand; their set-up's server CPU per match is printed apart.
`--spares -1` sets up beforehand a match for every one that will end, which leaves starting a match out of the
figure per move (how it was measured before issue 40).

Measured over a fixed number of moves (`--moves`): CPU seconds from /proc of the server (its process and all
its descendants, those that ended included) and, with `--postgres`, of every PostgreSQL process (the
postmaster and its backends, those that ended included), shown apart and added; the client's own CPU; the wall
time; each move's round trip (action sent -> `ack`: p50, p99, max) and when the slow ones came (over `--slow`
ms, grouped in bursts, with the seconds between bursts: a periodic stall shows as a steady interval; `--acks
FILE` writes every ack's time to line it up with a trace of the server). Printed per run, then per round the
ratio server CPU per move / floor CPU per move (and with PostgreSQL's CPU added) and their medians.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import gc
import json
import os
import random
import shutil
import sqlite3
import statistics
import struct
import subprocess
import sys
import tempfile
import time
import urllib.request
from contextlib import ExitStack
from pathlib import Path

from fastapi import FastAPI, WebSocket, WebSocketDisconnect

from boardcade.server.launch import free_port, start_serve_process, throwaway_postgres
from boardcade.server.protocols import raise_open_file_limit

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


# ---- the floor server ---------------------------------------------------------------------------
def floor_app(db_path: str):
    """A bare FastAPI service: a match is one SQLite row written by one HTTP request and updated by another
    (its claim); a WebSocket message is one SQLite row (one transaction, WAL), then an ack."""
    db = sqlite3.connect(db_path, isolation_level=None, check_same_thread=False)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")
    db.execute("CREATE TABLE IF NOT EXISTS moves (id INTEGER PRIMARY KEY, socket INTEGER, version INTEGER, body TEXT)")
    db.execute("CREATE TABLE IF NOT EXISTS matches (id INTEGER PRIMARY KEY, body TEXT, claimed INTEGER)")
    app = FastAPI()

    @app.get("/api/games")
    async def games() -> dict:
        return {"games": []}

    @app.post("/api/floor/matches")
    async def create(body: dict) -> dict:
        with db:
            db.execute("BEGIN")
            cur = db.execute("INSERT INTO matches (body, claimed) VALUES (?, 0)", (json.dumps(body),))
        return {"id": cur.lastrowid, "invite": os.urandom(16).hex()}

    @app.post("/api/floor/matches/{match_id}/claim")
    async def claim(match_id: int, body: dict) -> dict:
        with db:
            db.execute("BEGIN")
            db.execute("UPDATE matches SET claimed = claimed + 1 WHERE id = ?", (match_id,))
        return {"token": os.urandom(24).hex()}

    @app.websocket("/ws/floor")
    async def floor(ws: WebSocket) -> None:
        await ws.accept()
        me = id(ws)
        try:
            while True:
                msg = json.loads(await ws.receive_text())
                with db:
                    db.execute("BEGIN")
                    db.execute(
                        "INSERT INTO moves (socket, version, body) VALUES (?, ?, ?)",
                        (me, msg.get("version"), json.dumps(msg)),
                    )
                await ws.send_text(json.dumps({"type": "ack", "id": msg.get("id"), "version": msg.get("version")}))
        except WebSocketDisconnect:
            pass

    return app


def floor_serve(port: int, db_path: str) -> None:
    import uvicorn

    from boardcade.server.protocols import uvicorn_options
    from boardcade.server.settings import Settings

    settings = Settings(**{k.split("=")[0]: 0 for k in NO_LIMITS})
    config = uvicorn.Config(floor_app(db_path), host="127.0.0.1", port=port, **uvicorn_options(settings))
    config.boardcade_settings = settings
    uvicorn.Server(config).run()


def start_floor(tmp: Path) -> subprocess.Popen:
    port = free_port()
    cmd = [sys.executable, __file__, "--floor-serve", str(port), str(tmp / "floor.sqlite3")]
    with (tmp / "floor.log").open("ab") as out:
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=out)
    for _ in range(300):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=1):
                proc.port = port  # type: ignore[attr-defined]
                return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("the floor server did not start")


# ---- a light WebSocket client -------------------------------------------------------------------
class Socket(asyncio.Protocol):
    """A WebSocket client connection on asyncio's protocol layer: text frames in, text frames out (masked with a
    zero key, which the protocol allows), each whole message handed to `on_message`."""

    def __init__(self, on_message) -> None:
        self.on_message = on_message
        self.buf = bytearray()
        self.open = False
        self.opened = asyncio.get_running_loop().create_future()
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport) -> None:
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        buf = self.buf
        buf += data
        if not self.open:
            end = buf.find(b"\r\n\r\n")
            if end < 0:
                return
            ok = buf.startswith(b"HTTP/1.1 101")
            del buf[: end + 4]
            self.open = True
            if not self.opened.done():
                self.opened.set_result(ok)
        while len(buf) >= 2:
            n = buf[1] & 0x7F
            head = 2
            if n == 126:
                if len(buf) < 4:
                    return
                n, head = struct.unpack_from("!H", buf, 2)[0], 4
            elif n == 127:
                if len(buf) < 10:
                    return
                n, head = struct.unpack_from("!Q", buf, 2)[0], 10
            if len(buf) < head + n:
                return
            opcode = buf[0] & 0x0F
            payload = bytes(buf[head : head + n])
            del buf[: head + n]
            if opcode == 1:
                self.on_message(payload)
            elif opcode == 9:  # ping -> pong
                self._frame(payload, 10)
            elif opcode == 8:
                self.transport.close()

    def connection_lost(self, exc) -> None:
        if not self.opened.done():
            self.opened.set_result(False)
        self.open = False

    def _frame(self, payload: bytes, opcode: int = 1) -> None:
        n = len(payload)
        if n < 126:
            head = bytes((0x80 | opcode, 0x80 | n))
        elif n < 65536:
            head = bytes((0x80 | opcode, 0x80 | 126)) + struct.pack("!H", n)
        else:
            head = bytes((0x80 | opcode, 0x80 | 127)) + struct.pack("!Q", n)
        self.transport.write(head + b"\0\0\0\0" + payload)

    def send(self, text: str) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self._frame(text.encode())

    def close(self) -> None:
        """Leave as a browser does: a close frame (1000, normal), then the connection is closed."""
        if self.transport is not None and not self.transport.is_closing():
            self._frame(struct.pack("!H", 1000), 8)
            self.transport.close()


async def ws_connect(port: int, path: str, on_message) -> Socket:
    loop = asyncio.get_running_loop()
    _, sock = await loop.create_connection(lambda: Socket(on_message), "127.0.0.1", port)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.transport.write(
        (
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    if not await asyncio.wait_for(sock.opened, 60):
        raise ConnectionError(f"WebSocket handshake refused on {path}")
    return sock


async def http_json(port: int, method: str, path: str, body: dict | None = None) -> dict:
    """One HTTP/1.1 request on a fresh connection (setting matches up; not on the measured path)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    data = json.dumps(body).encode() if body is not None else b""
    head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n"
    if body is not None:
        head += f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n"
    writer.write(head.encode() + b"\r\n" + data)
    raw = await reader.read()
    writer.close()
    status = int(raw.split(b" ", 2)[1])
    text = raw.split(b"\r\n\r\n", 1)[1]
    if status >= 300:
        raise RuntimeError(f"{method} {path}: {status} {text[:200]!r}")
    return json.loads(text)


# ---- the run ------------------------------------------------------------------------------------
class Run:
    def __init__(self, args, port: int, floor: bool) -> None:
        self.args = args
        self.port = port
        self.floor = floor
        self.rng = random.Random(args.seed)
        self.moves = 0
        self.rtt: list[float] = []
        self.acked: list[float] = []  # when each measured move's ack came (time.time(), to line up with traces)
        self.match_moves: list[int] = []  # moves of each match that ended (the floor's: --floor-match-moves)
        self.errors: list[str] = []
        self.finished = 0
        self.marks: dict[str, tuple[float, float, float, float]] = {}  # name -> (wall, client cpu, server, pg)
        self.done = asyncio.get_running_loop().create_future()
        self.cpu = None  # (server cpu fn, postgres cpu fn)
        self.on_mark = None  # called with "start" and "end" (the profiler)
        self.tasks: set[asyncio.Task] = set()
        self.spares: list = []  # matches set up before the measurement, waiting to be played
        self.created_live = 0  # matches created while moves were being played (no spare was left)

    def counted(self, seconds: float) -> None:
        self.moves += 1
        a = self.args
        if self.moves == a.warmup:
            self.mark("start")
        elif a.warmup < self.moves <= a.warmup + a.moves:
            self.rtt.append(seconds)
            self.acked.append(time.time())
            if self.moves == a.warmup + a.moves:
                self.mark("end")
                if not self.done.done():
                    self.done.set_result(None)

    def mark(self, name: str) -> None:
        server, pg = self.cpu
        self.marks[name] = (time.perf_counter(), time.process_time(), server(), pg())
        if self.on_mark is not None and name in ("start", "end"):
            self.on_mark(name)

    def next_match(self) -> None:
        """A match ended: play the next one (a spare set up beforehand, else one created now)."""
        if self.done.done():
            return
        if self.spares:
            self.spares.pop().begin()
            return
        self.created_live += 1
        task = asyncio.get_running_loop().create_task(self.create_and_begin())
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def create_and_begin(self) -> None:
        m = FloorMatch(self) if self.floor else BoardcadeMatch(self)
        try:
            await m.start()
        except Exception as e:
            self.errors.append(f"new match: {type(e).__name__}: {e}")
            return
        m.begin()

    def later(self, fn) -> None:
        think = self.args.think
        if think > 0:
            asyncio.get_running_loop().call_later(self.rng.uniform(0.5 * think, 1.5 * think), fn)
        else:
            fn()


class FloorMatch:
    """What a match of the floor costs it: created by one HTTP request and claimed by another (a row each), two
    sockets connected that each say hello (a row and an ack), then turns taken (send, wait for the ack, then the
    other socket) until `--floor-match-moves` moves are made; then both sockets leave."""

    def __init__(self, run: Run) -> None:
        self.run = run
        self.turn = 0
        self.sent: float | None = None
        self.version = 0
        self.socks: list[Socket] = []
        self.joined: list[asyncio.Future] = []
        n = run.args.floor_match_moves  # lengths spread as a real game's are (1 to 2n - 1, n on average)
        self.length = run.rng.randint(1, 2 * n - 1)

    async def start(self) -> None:
        run = self.run
        m = await http_json(run.port, "POST", "/api/floor/matches", {"game": "qbert", "seats": 2, "name": "Bench"})
        tokens = ["", (await http_json(run.port, "POST", f"/api/floor/matches/{m['id']}/claim", {"seat": 1}))["token"]]
        loop = asyncio.get_running_loop()
        for s in range(2):
            self.joined.append(loop.create_future())
            sock = await ws_connect(run.port, "/ws/floor", lambda raw, s=s: self.on_message(s, raw))
            self.socks.append(sock)
            sock.send(json.dumps({"type": "hello", "seats": [{"seat": s, "token": tokens[s]}]}))
        both = asyncio.gather(*self.joined)
        both.add_done_callback(lambda f: f.cancelled() or f.exception())  # taken, also when the run ends first
        await asyncio.wait_for(both, 120)

    def begin(self) -> None:
        self.run.later(self.act)

    def act(self) -> None:
        if self.run.done.done():
            return
        self.sent = time.perf_counter()
        msg = {"type": "action", "seat": self.turn, "version": self.version, "action": 1}
        self.socks[self.turn].send(json.dumps(msg))

    def on_message(self, s: int, raw: bytes) -> None:
        msg = json.loads(raw)
        if msg["type"] != "ack":
            return
        if self.sent is None:  # the hello's
            if not self.joined[s].done():
                self.joined[s].set_result(None)
            return
        self.run.counted(time.perf_counter() - self.sent)
        self.sent = None
        self.version += 1
        self.turn ^= 1
        if self.version >= self.length:
            for sock in self.socks:
                sock.close()
            self.run.match_moves.append(self.version)
            self.run.next_match()
            return
        self.run.later(self.act)


class Seat:
    """One player of a boardcade match: keeps the keys of its view it needs (from `state`, then `delta`s)."""

    def __init__(self, match: BoardcadeMatch, seat: int) -> None:
        self.match = match
        self.seat = seat
        self.version = -1
        self.obs: dict = {}
        self.sent: float | None = None
        self.waiting = False  # an act() is scheduled
        self.sock: Socket | None = None
        self.joined: asyncio.Future | None = None  # set when the first whole view has come

    def on_message(self, raw: bytes) -> None:
        msg = json.loads(raw)
        kind = msg["type"]
        run = self.match.run
        if kind == "delta":
            if msg["from"] != self.version:
                self.sock.send('{"type":"sync"}')
                return
            self.obs.update(msg["changed"])
            self.version = msg["version"]
        elif kind == "state":
            self.obs, self.version = msg["observation"], msg["version"]
            if self.joined is not None and not self.joined.done():
                self.joined.set_result(None)
        elif kind == "ack":
            if self.sent is not None:
                run.counted(time.perf_counter() - self.sent)
                self.match.moves += 1
            self.sent = None
        elif kind == "error":
            run.errors.append(f"{msg['code']}: {msg['message'][:120]}")
            self.sent = None
        else:
            return
        self.consider()

    def consider(self) -> None:
        obs = self.obs
        if self.sent is not None or self.waiting or not obs or not self.match.playing:
            return
        if obs["is_terminal"]:
            if self.seat == 0:
                self.match.over()
            return
        if obs["current_player"] == self.seat and obs["legal_actions"]:
            self.waiting = True
            self.match.run.later(self.act)

    def act(self) -> None:
        self.waiting = False
        obs = self.obs
        if self.match.run.done.done() or obs["current_player"] != self.seat or not obs["legal_actions"]:
            return
        action = self.match.run.rng.choice(obs["legal_actions"])["action"]
        self.sent = time.perf_counter()
        self.sock.send(json.dumps({"type": "action", "seat": self.seat, "version": self.version, "action": action}))


class BoardcadeMatch:
    """A Q*bert match between two seats of this client: created, the second seat claimed with its invite and both
    joined (a socket each, `hello` with the seat's token) by `start`; played from `begin` on until it is over;
    then both players leave (their sockets close), as people do."""

    def __init__(self, run: Run) -> None:
        self.run = run
        self.seats: list[Seat] = []
        self.playing = False
        self.ended = False
        self.moves = 0  # acknowledged moves of its players

    async def start(self) -> None:
        run = self.run
        body = {"game": "qbert", "options": {}, "seats": [{"kind": "human"}] * 2, "name": "Bench"}
        m = await http_json(run.port, "POST", "/api/matches", body)
        tokens = {m["seat"]: m["token"]}
        for seat, invite in m["invites"].items():
            claim = {"seat": int(seat), "invite": invite, "name": f"Bench {seat}"}
            tokens[int(seat)] = (await http_json(run.port, "POST", f"/api/matches/{m['id']}/claim", claim))["token"]
        self.seats = [Seat(self, s) for s in range(2)]
        joined = []
        for s, seat in enumerate(self.seats):
            joined.append(asyncio.get_running_loop().create_future())
            seat.joined = joined[-1]
            seat.sock = await ws_connect(run.port, f"/ws/matches/{m['id']}", seat.on_message)
            seat.sock.send(json.dumps({"type": "hello", "seats": [{"seat": s, "token": tokens[s]}]}))
        both = asyncio.gather(*joined)
        both.add_done_callback(lambda f: f.cancelled() or f.exception())  # taken, also when the run ends first
        await asyncio.wait_for(both, 120)  # both seats have their whole view

    def begin(self) -> None:
        self.playing = True
        for seat in self.seats:
            seat.consider()

    def over(self) -> None:
        if self.ended:
            return
        self.ended = True
        self.run.finished += 1
        self.run.match_moves.append(self.moves)
        for seat in self.seats:
            seat.sock.close()
        self.run.next_match()


def spares_for(args) -> int:
    """Spare matches to set up beforehand (--spares; 0 by default: every match that replaces one that ended is
    created, claimed and joined while moves are measured, as on a real server). -1: enough for every match that
    ends during the run (a Q*bert match has about 141 moves of its players, rarely under 60), so that none is
    created while moves are measured: the figure per move then leaves out what starting a match costs."""
    if args.spares >= 0:
        return args.spares
    return (args.warmup + args.moves) // 60 + 10


class Pauses:
    """The client's own garbage collections (a pause here delays every ack that arrives meanwhile, which would
    count against the server): when each full collection (generation 2) ran and how long it took."""

    def __init__(self) -> None:
        self.began = 0.0
        self.full: list[tuple[float, float]] = []  # (time.time() at its start, seconds)
        gc.callbacks.append(self)

    def __call__(self, phase: str, info: dict) -> None:
        if info.get("generation") != 2:
            return
        if phase == "start":
            self.began = time.perf_counter()
        else:
            self.full.append((time.time(), time.perf_counter() - self.began))

    def close(self) -> None:
        gc.callbacks.remove(self)


async def watch_client_loop(stalls: list[tuple[float, float]], every: float = 0.005, over: float = 0.02) -> None:
    """The client's own event loop stalls (a timer that fires more than `over` seconds late): when, how long."""
    loop = asyncio.get_running_loop()
    while True:
        due = loop.time() + every
        await asyncio.sleep(every)
        late = loop.time() - due
        if late > over:
            stalls.append((time.time() - late, late))


async def play(args, port: int, floor: bool, cpu, on_mark) -> Run:
    run = Run(args, port, floor)
    run.cpu, run.on_mark = cpu, on_mark
    run.pauses = Pauses()
    run.stalls = []
    watcher = asyncio.get_running_loop().create_task(watch_client_loop(run.stalls))
    kind = FloorMatch if floor else BoardcadeMatch
    matches = [kind(run) for _ in range(args.matches)]
    spares = [kind(run) for _ in range(spares_for(args))]
    gate = asyncio.Semaphore(32)

    async def start(m) -> None:
        async with gate:
            await m.start()

    run.mark("setup")
    await asyncio.gather(*(start(m) for m in matches + spares))
    run.mark("ready")
    run.set_up = len(matches) + len(spares)
    run.spares = spares
    for m in matches:
        m.begin()
    if args.warmup == 0:
        run.mark("start")
    timeout = args.timeout
    try:
        await asyncio.wait_for(run.done, timeout)
    except TimeoutError:
        run.errors.append(f"{run.moves - args.warmup} of {args.moves} measured moves in {timeout:.0f} s")
        run.mark("end")
    for task in list(run.tasks):
        task.cancel()
    await asyncio.gather(*run.tasks, return_exceptions=True)
    run.pauses.close()
    watcher.cancel()
    return run


# ---- CPU of processes ---------------------------------------------------------------------------
TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int | None) -> float:
    """User + system CPU time of a process and all its descendants, those that ended included: a process that
    exited and was waited for adds its time to its parent's "children" times (cutime, cstime), which are
    counted for every process of the tree (PostgreSQL's backends come and go with the server's connections)."""
    total = 0.0
    stack = [pid] if pid else []
    while stack:
        p = stack.pop()
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            total += sum(int(f) for f in fields[11:15]) / TICK  # utime, stime, cutime, cstime
            for task in Path(f"/proc/{p}/task").iterdir():
                stack += [int(c) for c in (task / "children").read_text().split()]
        except (FileNotFoundError, ProcessLookupError):
            continue
    return total


def postmaster_pid(url: str) -> int | None:
    """The PostgreSQL server process listening on the URL's port (a throwaway one on this machine)."""
    port = url.rsplit(":", 1)[1].split("/")[0]
    for p in Path("/proc").iterdir():
        if not p.name.isdigit():
            continue
        try:
            argv = (p / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if argv and argv[0].endswith(b"/postgres") and b"-p" in argv and port.encode() in argv:
            return int(p.name)
    return None


class Profiler:
    """py-spy sampling the server process over the measured moves (started at "start", stopped at "end")."""

    def __init__(self, pid: int, out: Path, gil: bool = False, idle: bool = False) -> None:
        self.pid, self.out, self.proc, self.gil, self.idle = pid, out, None, gil, idle
        self.spy = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
        if not Path(self.spy).exists():
            print("  (py-spy is not installed: pip install py-spy)")

    def __call__(self, mark: str) -> None:
        if mark == "start" and Path(self.spy).exists():
            cmd = [self.spy, "record", "--pid", str(self.pid), "--rate", "250", "--format", "raw"]
            cmd += ["--output", str(self.out), "--nonblocking"] + (["--gil"] if self.gil else [])
            cmd += ["--idle", "--threads"] if self.idle else []
            self.proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        elif mark == "end" and self.proc is not None:
            self.proc.send_signal(2)  # py-spy writes its output on Ctrl+C

    def wait(self) -> None:
        if self.proc is not None:
            self.proc.wait(60)


def summarise_profile(path: Path, top: int = 40) -> str:
    """Inclusive and self shares of the functions in py-spy's collapsed stacks."""
    inclusive: dict[str, int] = {}
    own: dict[str, int] = {}
    total = 0
    for line in path.read_text().splitlines():
        stack, _, count = line.rpartition(" ")
        n = int(count)
        total += n
        frames = []
        for f in stack.split(";"):
            if " (" in f:
                name, where = f.split(" (", 1)
                frames.append(f"{name} ({where.split(':')[0]})")
        for f in set(frames):
            inclusive[f] = inclusive.get(f, 0) + n
        if frames:
            own[frames[-1]] = own.get(frames[-1], 0) + n
    if not total:
        return "  (no samples)"
    rows = [f"  {total} samples; inclusive / self % of the server process:"]
    for f, n in sorted(inclusive.items(), key=lambda kv: -kv[1])[:top]:
        rows.append(f"  {100 * n / total:5.1f} {100 * own.get(f, 0) / total:5.1f}  {f}")
    rows.append("  self only:")
    for f, n in sorted(own.items(), key=lambda kv: -kv[1])[:top]:
        rows.append(f"  {100 * n / total:5.1f}  {f}")
    return "\n".join(rows)


def _when(pauses: list[tuple[float, float]]) -> str:
    """The tail `, longest N ms; at t s (d ms), ...` for (time into the run, duration) pauses; "" for none."""
    if not pauses:
        return ""
    at = ", ".join(f"{t:.1f} s ({1000 * d:.0f} ms)" for t, d in pauses[:8])
    return f", longest {1000 * max(d for _, d in pauses):.0f} ms; at {at}"


def describe_bursts(acked: list[float], rtt: list[float], slow: float, gap: float = 0.5) -> str:
    """When the slow acks (round trip over `slow` seconds) came: grouped into bursts (slow acks less than `gap`
    seconds apart), with the seconds between the bursts' starts (a periodic stall shows as a steady interval)."""
    times = sorted(t for t, r in zip(acked, rtt, strict=True) if r > slow)
    if not times:
        return f"no round trip over {1000 * slow:.0f} ms"
    starts = [times[0]]
    sizes = [0]
    last = times[0]
    for t in times:
        if t - last > gap:
            starts.append(t)
            sizes.append(0)
        sizes[-1] += 1
        last = t
    t0 = min(acked)
    gaps = [b - a for a, b in zip(starts, starts[1:], strict=False)]
    text = (
        f"{len(times)} round trips over {1000 * slow:.0f} ms in {len(starts)} burst(s)"
        + (f", {statistics.median(gaps):.1f} s apart (median)" if gaps else "")
        + "; bursts at "
        + ", ".join(f"{b - t0:.1f} s ({k})" for b, k in list(zip(starts, sizes, strict=True))[:12])
    )
    return text + (" ..." if len(starts) > 12 else "")


GC_TRACER = """
import gc, os, time
_out = open(os.environ["BOARDCADE_GC_LOG"] + f".{os.getpid()}", "a", buffering=1)
_at = {}
def _trace(phase, info):
    if phase == "start":  # counted before the clock starts: counting walks the generations' lists
        _at["objects"] = sum(len(gc.get_objects(g)) for g in range(info["generation"] + 1))
        _at["t"] = time.perf_counter()
    else:
        ms = 1000 * (time.perf_counter() - _at["t"])
        _out.write(f"{time.time():.4f} {info['generation']} {ms:.2f} {_at['objects']} {info['collected']}\\n")
gc.callbacks.append(_trace)
"""


def gc_summary(log_base: Path, t0: float, t1: float) -> str:
    """The server's collections between t0 and t1 (epoch s), from the tracer's logs (`--gc-log`)."""
    rows = []
    for path in log_base.parent.glob(log_base.name + ".*"):
        for line in path.read_text().splitlines():
            t, gen, ms, objects, collected = line.split()
            if t0 <= float(t) <= t1:
                rows.append((float(t), int(gen), float(ms), int(objects), int(collected)))
    if not rows:
        return "no collection in the server during the measurement"
    out = [f"the server's garbage collections during the measurement ({len(rows)}):"]
    for gen in sorted({r[1] for r in rows}):
        ms = sorted(r[2] for r in rows if r[1] == gen)
        objs = [r[3] for r in rows if r[1] == gen]
        out.append(
            f"generation {gen}: {len(ms)}, pause median {statistics.median(ms):.1f} ms, max {ms[-1]:.1f} ms, "
            f"{statistics.median(objs):,.0f} objects scanned (median), total {sum(ms):.0f} ms"
        )
    slow = sorted(rows, key=lambda r: -r[2])[:5]
    out.append(
        "slowest: " + ", ".join(f"{r[0] - t0:.1f} s gen {r[1]} {r[2]:.0f} ms ({r[3]:,} objects)" for r in sorted(slow))
    )
    return "\n".join(f"  {'':9s} {line}" for line in out)


def one_run(args, floor: bool, label: str, round_no: int) -> dict:
    with ExitStack() as stack:
        tmp = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="boardcade-load-")))
        pg_pid = None
        if floor:
            server = start_floor(tmp)
            port = server.port
        else:
            url = args.database
            if args.postgres:
                url = stack.enter_context(throwaway_postgres(fsync=True, max_connections=300))
                pg_pid = postmaster_pid(url)
            url = url or f"sqlite:///{tmp}/load.sqlite3"
            port = free_port()
            sets = [x for kv in NO_LIMITS for x in ("--set", kv)]
            extra = ["--workers", str(args.workers)] if args.workers > 1 else []
            saved = dict(os.environ)
            if args.gc_log:  # the server (and its workers) import this tracer at start (site imports sitecustomize)
                (tmp / "gc").mkdir()
                (tmp / "gc" / "sitecustomize.py").write_text(GC_TRACER)
                os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(tmp / "gc"), saved.get("PYTHONPATH")]))
                os.environ["BOARDCADE_GC_LOG"] = str(tmp / "gc" / "log")
            try:
                server = start_serve_process(url, port, tmp / "server.log", *extra, *sets, timeout=60)
            finally:
                os.environ.clear()
                os.environ.update(saved)
        spy = None
        try:
            cpu = (lambda: cpu_seconds(server.pid), lambda: cpu_seconds(pg_pid))
            if args.profile:
                Path(args.profile).mkdir(parents=True, exist_ok=True)
                prof_path = Path(args.profile) / f"{label}-{round_no}.txt"
                target = server.pid
                if not floor and args.workers > 1:  # one of the worker processes
                    kids = Path(f"/proc/{server.pid}/task/{server.pid}/children").read_text().split()
                    target = int(kids[-1]) if kids else server.pid
                spy = Profiler(target, prof_path, args.profile_gil, args.profile_idle)
            run = asyncio.run(play(args, port, floor, cpu, spy))
        finally:
            server.terminate()
            try:
                server.wait(30)
            except subprocess.TimeoutExpired:
                server.kill()
        log = (tmp / ("floor.log" if floor else "server.log")).read_text(errors="replace")
        if spy is not None:
            spy.wait()
        gc_text = ""
        if args.gc_log and not floor and run.acked:
            gc_text = gc_summary(tmp / "gc" / "log", min(run.acked), max(run.acked))
    (w0, c0, s0, p0), (w1, c1, s1, p1) = run.marks["start"], run.marks["end"]
    setup_ms = 1000 * (run.marks["ready"][2] - run.marks["setup"][2]) / max(1, run.set_up)
    setup_pg_ms = 1000 * (run.marks["ready"][3] - run.marks["setup"][3]) / max(1, run.set_up)
    n = max(1, len(run.rtt))
    rtt = sorted(run.rtt)
    out = {
        "label": label,
        "moves": len(run.rtt),
        "wall": w1 - w0,
        "server_ms": 1000 * (s1 - s0) / n,
        "pg_ms": 1000 * (p1 - p0) / n,
        "client_cores": (c1 - c0) / max(1e-9, w1 - w0),
        "server_cores": (s1 - s0) / max(1e-9, w1 - w0),
        "pg_cores": (p1 - p0) / max(1e-9, w1 - w0),
        "p50": 1000 * rtt[n // 2] if rtt else float("nan"),
        "p99": 1000 * rtt[min(n - 1, int(n * 0.99))] if rtt else float("nan"),
        "max": 1000 * rtt[-1] if rtt else float("nan"),
        "errors": run.errors,
        "finished": run.finished,
        "tracebacks": log.count("Traceback"),
        "load": os.getloadavg()[0],
        "setup_ms": setup_ms + setup_pg_ms,
        "created_live": run.created_live,
        "match_moves": statistics.mean(run.match_moves) if run.match_moves else float("nan"),
    }
    pg = args.postgres and not floor
    print(
        f"  {label:9s} {out['moves']} moves in {out['wall']:.1f} s ({out['moves'] / out['wall']:.0f}/s), "
        f"load average {out['load']:.1f}\n"
        f"  {'':9s} CPU per move: server {out['server_ms']:.3f} ms ({out['server_cores']:.2f} cores)"
        + (f", PostgreSQL {out['pg_ms']:.3f} ms ({out['pg_cores']:.2f} cores)" if pg else "")
        + f"; client {out['client_cores']:.2f} cores\n"
        f"  {'':9s} round trip p50/p99/max {out['p50']:.1f}/{out['p99']:.1f}/{out['max']:.0f} ms; "
        f"{len(run.match_moves)} matches ended ({out['match_moves']:.0f} moves each on "
        f"average), {run.created_live} started during the measurement; errors={len(run.errors)} "
        f"tracebacks={out['tracebacks']}",
        flush=True,
    )
    what = "created, claimed, 2 sockets joined" if floor else "created, second seat claimed, 2 seats joined"
    print(
        f"  {'':9s} set-up before the measurement (not counted): {run.set_up} matches ({what}), "
        f"server CPU {out['setup_ms']:.2f} ms each",
        flush=True,
    )
    if run.rtt:
        print(f"  {'':9s} {describe_bursts(run.acked, run.rtt, args.slow / 1000)}", flush=True)
        t0, t1 = min(run.acked), max(run.acked)
        full = [(t - t0, d) for t, d in run.pauses.full if t0 <= t <= t1]
        stalls = [(t - t0, d) for t, d in run.stalls if t0 <= t <= t1]
        stalled = f"the client's own event loop stalled over 20 ms {len(stalls)} times"
        print(f"  {'':9s} {stalled}{_when(stalls)}", flush=True)
        print(f"  {'':9s} the client's own full garbage collections meanwhile: {len(full)}{_when(full)}", flush=True)
    if gc_text:
        print(gc_text, flush=True)
    if args.acks:
        with open(args.acks, "a") as f:
            f.write(f"# {label} round {round_no + 1}: time of the ack (epoch s), round trip (ms)\n")
            f.writelines(f"{t:.4f} {1000 * r:.2f}\n" for t, r in zip(run.acked, run.rtt, strict=True))
    for e in run.errors[:3]:
        print("     ", e)
    if out["tracebacks"]:
        print(log[-1500:])
    if args.profile and spy is not None and prof_path.exists():
        print(summarise_profile(prof_path))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--matches", type=int, default=200, help="concurrent matches (two sockets each)")
    ap.add_argument("--moves", type=int, default=20000, help="moves measured per run")
    ap.add_argument(
        "--warmup",
        type=int,
        default=-1,
        help="moves before the measurement starts (default: --matches x --floor-match-moves, about one match's "
        "length per match played at once, so that matches end and start during the measurement as often as they "
        "do on a server that has run a while)",
    )
    ap.add_argument("--think", type=float, default=0.0, help="mean seconds a player thinks per move (0: none)")
    ap.add_argument("--rounds", type=int, default=3, help="floor + boardcade pairs, interleaved")
    ap.add_argument("--database", default="", help="SQLAlchemy URL (default: a temporary SQLite file)")
    ap.add_argument("--postgres", action="store_true", help="a throwaway PostgreSQL 15 (fsync on)")
    ap.add_argument("--workers", type=int, default=1, help="server processes (--workers of boardcade serve)")
    ap.add_argument("--only", choices=("floor", "boardcade"), help="run one side only")
    ap.add_argument("--timeout", type=float, default=600.0, help="seconds a run may take at most")
    ap.add_argument("--profile", default="", help="folder for py-spy profiles of the server at saturation")
    ap.add_argument(
        "--profile-gil",
        action="store_true",
        help="sample only the thread holding the GIL (py-spy --gil): where the CPU goes, not counting time spent "
        "waiting for a core (which plain samples include on a busy machine)",
    )
    ap.add_argument(
        "--profile-idle",
        action="store_true",
        help="sample every thread, idle or waiting included (py-spy --idle --threads): where the wall time goes "
        "(a wait on the disk shows as the call that waits), for latency rather than CPU",
    )
    ap.add_argument(
        "--spares",
        type=int,
        default=0,
        help="matches set up beforehand to replace those that end (default 0: every replacement is created, "
        "claimed and joined while moves are measured, and its cost counts per move; -1: enough for the run, "
        "which leaves starting a match out of the figure)",
    )
    ap.add_argument(
        "--floor-match-moves",
        type=int,
        default=141,
        help="moves of a floor match on average before its sockets leave and a new one starts (141: a Q*bert "
        "match's moves by two random players, on average); each match's length is drawn from 1 to twice that",
    )
    ap.add_argument("--slow", type=float, default=50.0, help="round trips over this many ms are shown as bursts")
    ap.add_argument(
        "--gc-log",
        action="store_true",
        help="trace the server's garbage collections (gc.callbacks, through a sitecustomize on its PYTHONPATH): "
        "per generation how many, their pauses and the objects each scanned, during the measurement (counting "
        "the objects costs the server some CPU: leave it off when measuring CPU per move)",
    )
    ap.add_argument("--acks", default="", help="append each measured move's ack time (epoch s) and round trip here")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--floor-serve", nargs=2, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.floor_serve:
        return floor_serve(int(args.floor_serve[0]), args.floor_serve[1])
    if args.warmup < 0:
        args.warmup = args.matches * args.floor_match_moves
    raise_open_file_limit()  # thousands of sockets
    db = "PostgreSQL 15 (fsync on)" if args.postgres else ("SQLite" if not args.database else args.database)
    print(
        f"server_load: {db}, {args.workers} server process(es); {args.matches} matches (2 sockets each); "
        f"think={args.think:g} s; {args.moves} moves measured after {args.warmup}; {args.rounds} round(s); "
        f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}",
        flush=True,
    )
    ratios: list[float] = []
    ratios_pg: list[float] = []
    for r in range(args.rounds):
        order = ["floor", "boardcade"] if r % 2 == 0 else ["boardcade", "floor"]
        if args.only:
            order = [args.only]
        res = {label: one_run(args, label == "floor", label, r) for label in order}
        if len(res) == 2:
            b, f = res["boardcade"], res["floor"]
            ratios.append(b["server_ms"] / f["server_ms"])
            ratios_pg.append((b["server_ms"] + b["pg_ms"]) / f["server_ms"])
            line = (
                f"round {r + 1}: CPU per move, boardcade {b['server_ms']:.3f} ms / floor {f['server_ms']:.3f} ms "
                f"= {ratios[-1]:.2f}x"
            )
            if args.postgres:
                line += (
                    f"; with PostgreSQL's {b['pg_ms']:.3f} ms: {b['server_ms'] + b['pg_ms']:.3f} ms / "
                    f"{f['server_ms']:.3f} ms = {ratios_pg[-1]:.2f}x"
                )
            print(line, flush=True)
    if ratios:
        each = ", ".join(f"{x:.2f}" for x in ratios)
        print(f"median ratio over {len(ratios)} round(s), server processes: {statistics.median(ratios):.2f}x ({each})")
        if args.postgres:
            each = ", ".join(f"{x:.2f}" for x in ratios_pg)
            print(
                f"median ratio over {len(ratios_pg)} round(s), server + PostgreSQL: "
                f"{statistics.median(ratios_pg):.2f}x ({each})"
            )
        counted = "counted" if args.spares == 0 else "NOT counted (--spares)"
        print(f"(starting the matches that replace those that end: {counted})")


if __name__ == "__main__":
    sys.exit(main())
