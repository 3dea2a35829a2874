"""Crash safety (SV-2): real `boardcade serve` processes are killed with SIGKILL at random moments while many
matches are being played over HTTP, and restarted. Two set-ups: one server on SQLite, and two servers on one
PostgreSQL (each request goes to either; each kill hits one of them, at random, while the other keeps serving).
Afterwards every acknowledged action is stored exactly once at the step it was acknowledged for, every other
stored human move was a request in flight at a kill, every match resumed (it moved on after the last restart),
and (SQLite) the database passes its integrity check.

Bounded: KILLS kills, PLAY_S seconds of play between them, 30 s to start each server, so well under a minute.
"""

from __future__ import annotations

import asyncio
import random
import signal
import socket
import sqlite3
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest

from boardcade import load_game
from boardcade.server.launch import claimed_match, start_serve_process
from boardcade.server.storage import Storage

MATCHES = 16  # of which AGENT_MATCHES have a computer on seat 1 (the server writes its moves on its own)
AGENT_MATCHES = 6
KILLS = 3
PLAY_S = (0.8, 2.0)  # seconds of play before each kill, drawn at random
FINAL_S = 2.0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_server(db_url: str, port: int, log: Path) -> subprocess.Popen:
    # Quick sweeps: a computer seat whose server died is taken over by the other server within about 1.5 s.
    # No request rate limit: 16 clients on one address send far more than a person would.
    sets = ["--set", "sweep_interval=0.5", "--set", "requests_per_second=0"]
    return start_serve_process(db_url, port, log, "--agent-budget", "0.5", *sets)


@dataclass
class Book:
    """What the clients know: acknowledged actions and the requests whose answer was lost in a kill."""

    acked: dict[tuple[str, int], int] = field(default_factory=dict)  # (match, version) -> action
    lost: dict[tuple[str, int], set[int]] = field(default_factory=dict)
    refused: int = 0
    other_errors: list[str] = field(default_factory=list)


async def play(clients: list[httpx.AsyncClient], m: dict, book: Book, stop: float, rng: random.Random) -> None:
    """Act for every human seat of `m`: read the mover's view, send a random legal action, note the outcome.
    Each request goes to one of the servers, chosen at random."""
    mid, tokens = m["id"], m["tokens"]
    while time.time() < stop:
        client = rng.choice(clients)
        try:
            info = (await client.get(f"/api/matches/{mid}")).json()
            if info.get("status") == "finished":
                return
            p = info["observation"]["current_player"]
            if str(p) not in tokens:  # the computer (or chance) moves: the server does it
                await asyncio.sleep(0.02)
                continue
            body = {"seat": p, "token": tokens[str(p)]}
            view = (await client.post(f"/api/matches/{mid}/view", json=body)).json()
            version, legal = view["version"], view["observation"]["legal_actions"]
            if not legal:
                await asyncio.sleep(0.02)
                continue
            action = rng.choice(legal)["action"]
        except (httpx.TransportError, KeyError, ValueError):  # server down, or restarting
            await asyncio.sleep(0.1)
            continue
        try:
            r = await client.post(f"/api/matches/{mid}/actions", json={**body, "version": version, "action": action})
        except httpx.TransportError:
            book.lost.setdefault((mid, version), set()).add(action)
            await asyncio.sleep(0.1)
            continue
        except asyncio.CancelledError:  # the clients are stopped while this request is in flight (to a live server)
            book.lost.setdefault((mid, version), set()).add(action)
            raise
        if r.status_code == 200:
            assert (mid, version) not in book.acked, "two acknowledgements for one step"
            book.acked[(mid, version)] = action
        elif r.json()["error"]["code"] in ("stale_version", "duplicate", "not_your_turn"):
            book.refused += 1  # the computer moved in between, or the step was committed before a kill
        else:
            book.other_errors.append(r.text)


async def run_clients(ports: list[int], matches: list[dict], book: Book, seconds: float, seed: int) -> None:
    stop = time.time() + seconds
    rng = random.Random(seed)
    clients = [httpx.AsyncClient(base_url=f"http://127.0.0.1:{p}", timeout=5) for p in ports]
    try:
        await asyncio.gather(*(play(clients, m, book, stop, random.Random(rng.random())) for m in matches))
    finally:
        for client in clients:
            await client.aclose()


def human_steps(stored) -> list[int]:
    """Steps of a stored match at which a human seat chose the action."""
    state = load_game(stored.game, **stored.options).new_initial_state()
    steps = []
    for i, action in enumerate(stored.actions):
        p = state.current_player()
        if p >= 0 and stored.seats[p]["kind"] == "human":
            steps.append(i)
        state.apply_action(action)
    return steps


@pytest.fixture(params=["sqlite-1-server", "postgresql-2-servers"])
def setup(request, tmp_path):
    if request.param.startswith("sqlite"):
        return f"sqlite:///{tmp_path / 'matches.sqlite3'}", 1
    url = request.getfixturevalue("postgres_url")
    storage = Storage(url)  # a clean schema for this test
    with storage.engine.begin() as conn:
        for table in ("match_actions", "match_seats", "matches"):
            conn.exec_driver_sql(f"DELETE FROM {table}")
    storage.close()
    return url, 2


def test_sv2_kill_minus_9_while_matches_are_played_keeps_every_acknowledged_action_once_and_resumes(setup, tmp_path):
    url, n = setup
    ports, logs = [free_port() for _ in range(n)], [tmp_path / f"server{i}.log" for i in range(n)]
    rng = random.Random(2024)
    book = Book()
    servers = [start_server(url, port, log) for port, log in zip(ports, logs, strict=True)]
    final_s = FINAL_S if n == 1 else 2 * FINAL_S
    try:
        seats = [[{"kind": "human"}, {"kind": "human"}]] * (MATCHES - AGENT_MATCHES)
        seats += [[{"kind": "human"}, {"kind": "agent", "agent": "random"}]] * AGENT_MATCHES
        matches = [
            claimed_match(f"http://127.0.0.1:{ports[i % n]}", {"game": "qbert", "seats": s})
            for i, s in enumerate(seats)
        ]
        versions_at_kill: list[dict[str, int]] = []
        for k in range(KILLS):
            clients = asyncio.new_event_loop()
            task = clients.create_task(run_clients(ports, matches, book, 30, seed=k))
            clients.run_until_complete(asyncio.sleep(rng.uniform(*PLAY_S)))
            victim = rng.randrange(n)
            servers[victim].send_signal(signal.SIGKILL)  # mid-request for most clients
            servers[victim].wait(10)
            clients.run_until_complete(asyncio.sleep(0.3))  # requests in flight fail and are noted as lost
            task.cancel()
            done = clients.run_until_complete(asyncio.gather(task, return_exceptions=True))
            assert not isinstance(done[0], AssertionError), done[0]
            clients.close()
            st = Storage(url)
            versions_at_kill.append({m["id"]: st.load_match(m["id"]).version for m in matches})
            st.close()
            servers[victim] = start_server(url, ports[victim], logs[victim])
            base = f"http://127.0.0.1:{ports[victim]}"
            active = httpx.get(f"{base}/api/matches?status=active&limit=500").json()["matches"]
            for m in matches:
                if versions_at_kill[-1][m["id"]] and m["id"] in {a["id"] for a in active}:
                    info = httpx.get(f"{base}/api/matches/{m['id']}").json()
                    assert info["version"] >= versions_at_kill[-1][m["id"]], "a restart lost committed steps"
        asyncio.run(run_clients(ports, matches, book, final_s, seed=99))
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            server.wait(15)
    print(f"servers={n} kills={KILLS} acked={len(book.acked)} lost_in_flight={len(book.lost)} refused={book.refused}")
    assert not book.other_errors, book.other_errors[:3]
    assert len(book.acked) > 50 and book.lost, "the kills hit the clients while they were playing"
    st = Storage(url)
    committed_lost = 0
    try:
        for m in matches:
            stored = st.load_match(m["id"])
            assert stored.version == len(stored.actions)
            mine = {v: a for (mid, v), a in book.acked.items() if mid == m["id"]}
            for v, a in mine.items():
                assert stored.actions[v] == a, f"acknowledged action lost or changed in {m['id']} at step {v}"
            for step in human_steps(stored):  # every stored human move: acknowledged or lost in flight, once
                assert step in mine or stored.actions[step] in book.lost.get((m["id"], step), ()), step
                committed_lost += step not in mine
            last = versions_at_kill[-1][m["id"]]
            assert stored.status == "finished" or stored.version > last, f"{m['id']} did not resume after restart"
    finally:
        st.close()
    print(f"lost requests that had been committed before the kill: {committed_lost}")
    if url.startswith("sqlite"):
        with sqlite3.connect(url.removeprefix("sqlite:///")) as conn:
            assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    for log in logs:
        assert "Traceback" not in log.read_text(), log.read_text()[-3000:]
