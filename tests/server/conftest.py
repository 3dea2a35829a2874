"""Fixtures: a server app on a temporary SQLite file, and a throwaway PostgreSQL 15 cluster (launch.py)."""

from __future__ import annotations

import base64
import json
import logging
import os
import random
import socket
import threading
import time
from contextlib import contextmanager
from pathlib import Path
from types import SimpleNamespace

import pytest
import uvicorn
from fastapi.testclient import TestClient

from boardcade.core import load_game, play
from boardcade.server import create_app
from boardcade.server.launch import free_port, start_serve_process, throwaway_postgres
from boardcade.server.protocols import uvicorn_options
from boardcade.server.settings import Settings
from boardcade.server.storage import Storage


@pytest.fixture(scope="session")
def postgres_url():
    """A PostgreSQL 15 server in a temporary directory on 127.0.0.1, stopped after the session."""
    with throwaway_postgres() as url:
        yield url


@pytest.fixture
def clean_postgres(postgres_url):
    """The session's PostgreSQL emptied of matches and seeks, for tests whose servers list what is there."""
    storage = Storage(postgres_url)
    with storage.engine.begin() as conn:
        for table in ("seeks", "match_actions", "match_seats", "matches"):
            conn.exec_driver_sql(f"DELETE FROM {table}")
    storage.close()
    return postgres_url


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path):
    """A database URL: each test that takes it runs on a fresh SQLite file and on the session's PostgreSQL."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'm.sqlite3'}"
    return request.getfixturevalue("postgres_url")


@contextmanager
def two_servers(db_url: str, logs: Path, *options: str):
    """Two real `boardcade serve` processes (with `options`) on one database, each on a free loopback port with
    its error output in `logs`/s0.log and s1.log: yields their ports. Stopped after; neither may log a traceback."""
    ports = [free_port(), free_port()]
    servers = [start_serve_process(db_url, p, logs / f"s{i}.log", *options) for i, p in enumerate(ports)]
    try:
        yield ports
    finally:
        for s in servers:
            s.terminate()
        for s in servers:
            s.wait(30)
    for i in range(2):
        assert "Traceback" not in (logs / f"s{i}.log").read_text()


def until(ws, want, timeout: float = 10.0) -> dict:
    """The next message on WebSocket `ws` that `want(msg)` accepts, skipping others; fails after `timeout` seconds."""
    stop = time.time() + timeout
    while time.time() < stop:
        msg = json.loads(ws.recv(timeout=max(0.01, stop - time.time())))
        if want(msg):
            return msg
    raise AssertionError("no such message in time")


@pytest.fixture
def sqlite_url(tmp_path):
    return f"sqlite:///{tmp_path / 'matches.sqlite3'}"


def settings(**changes) -> Settings:
    """Server settings for in-process tests: Starlette's TestClient sends "Host: testserver" on sockets. The
    per-address rate limits for HTTP requests and new matches are off (a test plays whole matches over HTTP
    far faster than a person); the tests of those limits set them."""
    base = {
        "allowed_hosts": ["testserver", "127.0.0.1"],
        "agent_workers": 1,
        "requests_per_second": 0,
        "creates_per_minute": 0,
    }
    return Settings(**{**base, **changes})


@pytest.fixture
def client(sqlite_url):
    with TestClient(create_app(sqlite_url, agent_budget=2.0, settings=settings())) as c:
        yield c


@pytest.fixture
def https_app(sqlite_url):
    """https_app(**settings) -> a TestClient over https (so the Secure cookie travels), entered; all closed after."""
    opened = []

    def open_app(**changes):
        app = create_app(sqlite_url, agent_budget=2.0, settings=settings(**changes))
        client = TestClient(app, base_url="https://testserver")
        client.__enter__()
        opened.append(client)
        return client

    yield open_app
    for client in reversed(opened):
        client.__exit__(None, None, None)


def new_match(client, game="qbert", seats=None, options=None, claim=True):
    """Create a match; with `claim`, also claim every other human seat with its invite, so that
    m["tokens"] holds a seat token for every human seat (as one browser playing hot-seat would)."""
    if seats is None:
        seats = [{"kind": "human"}, {"kind": "human"}]
    r = client.post("/api/matches", json={"game": game, "options": options or {}, "seats": seats})
    assert r.status_code == 201, r.text
    m = r.json()
    m["tokens"] = {} if m["seat"] is None else {str(m["seat"]): m["token"]}
    if claim:
        for seat, invite in m["invites"].items():
            body = {"seat": int(seat), "invite": invite, "name": f"Player {seat}"}
            c = client.post(f"/api/matches/{m['id']}/claim", json=body)
            assert c.status_code == 200, c.text
            m["tokens"][seat] = c.json()["token"]
    return m


def long_qbert(steps: int, settle: bool = True):
    """A legal Q*bert match `steps` actions long, unfinished: Q*bert never hops and every round ties at 0 pegs, so
    with a high turn cap it runs for tens of thousands of steps. Seeded: the same match every run. `settle`: the
    chance steps that follow taken too (a player to move)."""
    rng = random.Random(0)
    state = load_game("qbert", max_turns_per_round=1000, tiebreak_max_pairs=20).new_initial_state()

    def decide(st):
        legal = st.legal_actions()
        stops = [a for a in legal if st.action_info(a)["kind"] == "stop"]
        return stops[0] if stops else rng.choice(legal)

    play(state, {0: decide, 1: decide}, rng, max_steps=steps)
    while settle and state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    return state


def live_state(client, match_id):
    return client.app.state.manager.live[match_id].state


def finish_match(client, m, seed: int = 1, accepted: tuple[int, ...] = (200, 409)):
    """Play match `m` (every seat's token in m["tokens"]) to its end with seeded random moves over HTTP, waiting
    while a computer seat moves, each move answered with a status in `accepted`; its final state."""
    rng = random.Random(seed)
    for _ in range(5000):
        state = live_state(client, m["id"])
        if state.is_terminal():
            return state
        p = state.current_player()
        if str(p) not in m["tokens"]:
            time.sleep(0.01)
            continue
        body = {"seat": p, "token": m["tokens"][str(p)], "version": state.move_number()}
        r = client.post(f"/api/matches/{m['id']}/actions", json={**body, "action": rng.choice(state.legal_actions())})
        assert r.status_code in accepted, r.text
    raise AssertionError("the match did not end")


def apply_view(views: dict, msg: dict) -> dict:
    """What a client does with a `state` or `delta` message: keep {seat: {"version", "observation"}} up to date.
    A delta must apply to the version held (its `from`), else the test fails: a gap the client would detect."""
    seat = msg["seat"]
    if msg["type"] == "state":
        views[seat] = {"version": msg["version"], "observation": msg["observation"]}
    else:
        assert msg["type"] == "delta", msg
        held = views[seat]
        assert held["version"] == msg["from"], f"a delta from {msg['from']} reached a client at {held['version']}"
        obs = {**held["observation"], **msg["changed"]}
        for key in msg.get("removed", []):
            del obs[key]
        obs["events"] = held["observation"]["events"] + msg["events"]
        views[seat] = {"version": msg["version"], "observation": obs}
    return views[seat]


def error_of(response) -> str:
    return response.json()["error"]["code"]


@pytest.fixture
def h():
    """Helper functions for the server tests (test modules cannot import each other under importlib mode)."""
    return SimpleNamespace(
        new_match=new_match,
        live_state=live_state,
        error_of=error_of,
        settings=settings,
        apply_view=apply_view,
        uvicorn_server=uvicorn_server,
        RawSocket=RawSocket,
    )


class Captured(logging.Handler):
    """Log records of the server (boardcade and uvicorn loggers) at INFO and above."""

    NAMES = ("boardcade", "uvicorn.error", "uvicorn.asgi")

    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def tracebacks(self) -> list[str]:
        return [r.getMessage() for r in self.records if r.exc_info]


@contextmanager
def uvicorn_server(db_url: str, **changes):
    """The app of `boardcade serve` under uvicorn with its real protocol classes (protocols.py), on a free
    loopback port in a thread of this process. Yields a namespace: port, url, app, manager, log (Captured)."""
    s = settings(**{"database_url": db_url, **changes})
    app = create_app(settings=s)
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(app, lifespan="on", **{**uvicorn_options(s), "log_level": "info"})
    config.boardcade_settings = s
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    log = Captured()
    loggers = [logging.getLogger(n) for n in Captured.NAMES]
    levels = [lg.level for lg in loggers]
    for lg in loggers:
        lg.addHandler(log)
        lg.setLevel(logging.INFO)
    thread.start()
    deadline = time.time() + 30
    while not server.started and time.time() < deadline:
        time.sleep(0.02)
    assert server.started, "the server did not start"
    ns = SimpleNamespace(port=port, url=f"http://127.0.0.1:{port}", app=app, log=log, server=server, thread=thread)
    ns.manager = app.state.manager
    try:
        yield ns
    finally:
        server.should_exit = True
        thread.join(30)
        for lg, level in zip(loggers, levels, strict=True):
            lg.removeHandler(log)
            lg.setLevel(level)


class RawSocket:
    """A WebSocket client written by hand, to misbehave on purpose: frames of any length or content, and a
    receive buffer as small as the kernel allows so that a client that does not read backs up fast."""

    def __init__(self, port: int, path: str, origin: str | None = None, host: str | None = None, rcvbuf: int = 0):
        self.sock = socket.socket()
        if rcvbuf:
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
        self.sock.settimeout(10)
        self.sock.connect(("127.0.0.1", port))
        key = base64.b64encode(os.urandom(16)).decode()
        lines = [
            f"GET {path} HTTP/1.1",
            f"Host: {host or f'127.0.0.1:{port}'}",
            "Upgrade: websocket",
            "Connection: Upgrade",
            f"Sec-WebSocket-Key: {key}",
            "Sec-WebSocket-Version: 13",
        ]
        if origin:
            lines.append(f"Origin: {origin}")
        self.sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(1)
            if not chunk:
                break
            head += chunk
        self.status = int(head.split(b" ")[1]) if head.startswith(b"HTTP/1.1 ") else 0

    def frame(self, payload: bytes, opcode: int = 1, declared: int | None = None) -> bytes:
        """A masked client frame; `declared` claims another payload length than the one sent."""
        n = len(payload) if declared is None else declared
        head = bytes([0x80 | opcode])
        if n < 126:
            head += bytes([0x80 | n])
        elif n < 1 << 16:
            head += bytes([0x80 | 126]) + n.to_bytes(2, "big")
        else:
            head += bytes([0x80 | 127]) + n.to_bytes(8, "big")
        mask = os.urandom(4)
        return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))

    def send(self, payload: bytes | str, opcode: int = 1) -> None:
        self.sock.sendall(self.frame(payload.encode() if isinstance(payload, str) else payload, opcode))

    def read_frame(self) -> tuple[int, bytes]:
        def exact(n: int) -> bytes:
            out = b""
            while len(out) < n:
                chunk = self.sock.recv(n - len(out))
                if not chunk:
                    raise ConnectionError("closed")
                out += chunk
            return out

        b0, b1 = exact(2)
        n = b1 & 0x7F
        if n == 126:
            n = int.from_bytes(exact(2), "big")
        elif n == 127:
            n = int.from_bytes(exact(8), "big")
        return b0 & 0x0F, exact(n)

    def close(self) -> None:
        self.sock.close()
