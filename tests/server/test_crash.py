"""Crash safety (SV-2): a real `boardcade serve` process on SQLite is killed with SIGKILL at random moments while
many matches are being played over HTTP, and restarted. Afterwards every acknowledged action is stored exactly
once at the step it was acknowledged for, every other stored human move was a request in flight at a kill,
every match resumed (it moved on after the last restart), and the database passes SQLite's integrity check.

Bounded: KILLS kills, PLAY_S seconds of play between them, 10 s to start each server, so well under a minute.
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

from boardcade import load_game
from boardcade.server.launch import start_serve_process
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
    return start_serve_process(db_url, port, log, "--agent-budget", "0.5")


@dataclass
class Book:
    """What the clients know: acknowledged actions and the requests whose answer was lost in a kill."""

    acked: dict[tuple[str, int], int] = field(default_factory=dict)  # (match, version) -> action
    lost: dict[tuple[str, int], set[int]] = field(default_factory=dict)
    refused: int = 0
    other_errors: list[str] = field(default_factory=list)


async def play(client: httpx.AsyncClient, m: dict, book: Book, stop: float, rng: random.Random) -> None:
    """Act for every human seat of `m`: read the mover's view, send a random legal action, note the outcome."""
    mid, tokens = m["id"], m["tokens"]
    while time.time() < stop:
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
        if r.status_code == 200:
            assert (mid, version) not in book.acked, "two acknowledgements for one step"
            book.acked[(mid, version)] = action
        elif r.json()["error"]["code"] in ("stale_version", "duplicate", "not_your_turn"):
            book.refused += 1  # the computer moved in between, or the step was committed before a kill
        else:
            book.other_errors.append(r.text)


async def run_clients(port: int, matches: list[dict], book: Book, seconds: float, seed: int) -> None:
    stop = time.time() + seconds
    rng = random.Random(seed)
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=5) as client:
        await asyncio.gather(*(play(client, m, book, stop, random.Random(rng.random())) for m in matches))


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


def test_sv2_kill_minus_9_while_matches_are_played_keeps_every_acknowledged_action_once_and_resumes(tmp_path):
    db = tmp_path / "matches.sqlite3"
    url, port, log = f"sqlite:///{db}", free_port(), tmp_path / "server.log"
    rng = random.Random(2024)
    book = Book()
    server = start_server(url, port, log)
    try:
        seats = [[{"kind": "human"}, {"kind": "human"}]] * (MATCHES - AGENT_MATCHES)
        seats += [[{"kind": "human"}, {"kind": "agent", "agent": "random"}]] * AGENT_MATCHES
        matches = [
            httpx.post(f"http://127.0.0.1:{port}/api/matches", json={"game": "qbert", "seats": s}).json() for s in seats
        ]
        versions_at_kill: list[dict[str, int]] = []
        for k in range(KILLS):
            clients = asyncio.new_event_loop()
            task = clients.create_task(run_clients(port, matches, book, 30, seed=k))
            clients.run_until_complete(asyncio.sleep(rng.uniform(*PLAY_S)))
            server.send_signal(signal.SIGKILL)  # mid-request for most clients
            server.wait(10)
            clients.run_until_complete(asyncio.sleep(0.3))  # requests in flight fail and are noted as lost
            task.cancel()
            done = clients.run_until_complete(asyncio.gather(task, return_exceptions=True))
            assert not isinstance(done[0], AssertionError), done[0]
            clients.close()
            st = Storage(url)
            versions_at_kill.append({m["id"]: st.load_match(m["id"]).version for m in matches})
            st.close()
            server = start_server(url, port, log)
            active = httpx.get(f"http://127.0.0.1:{port}/api/matches?status=active&limit=500").json()["matches"]
            for m in matches:
                if versions_at_kill[-1][m["id"]] and m["id"] in {a["id"] for a in active}:
                    info = httpx.get(f"http://127.0.0.1:{port}/api/matches/{m['id']}").json()
                    assert info["version"] >= versions_at_kill[-1][m["id"]], "a restart lost committed steps"
        asyncio.run(run_clients(port, matches, book, FINAL_S, seed=99))
    finally:
        server.terminate()
        server.wait(15)
    print(f"kills={KILLS} acked={len(book.acked)} lost_in_flight={len(book.lost)} refused={book.refused}")
    assert not book.other_errors, book.other_errors[:3]
    assert len(book.acked) > 100 and book.lost, "the kills hit the clients while they were playing"
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
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    assert "Traceback" not in log.read_text(), log.read_text()[-3000:]
