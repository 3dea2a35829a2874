"""Regression tests for the attack and load review of issue 28 (findings N1-N8): each reproduces what used to
go wrong. SV-8 (slow and greedy clients), SV-9 (transport limits), SV-2 (database down), SV-11 (seats, expiry),
SV-6 (replays), SV-13 (several servers). All loops are bounded in count and time."""

from __future__ import annotations

import asyncio
import json
import random
import resource
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import httpx
from fastapi.testclient import TestClient
from sqlalchemy import event
from sqlalchemy.exc import OperationalError
from websockets.sync.client import connect

from boardcade.core import Record, load_game, play
from boardcade.server import create_app
from boardcade.server.bus import PostgresBus
from boardcade.server.compute import JobRefused, ReplayPool
from boardcade.server.seats import new_token, token_hash
from boardcade.server.settings import Settings
from boardcade.server.storage import SeatRow, now_iso
from boardcade.server.views import VIEW_EVENTS
from boardcade.server.ws import WsClient

from .conftest import long_qbert
from .pg_proxy import PgProxy


def store_long_match(storage, match_id: str, steps: int = 3000) -> dict[int, str]:
    state = long_qbert(steps)
    tokens = {s: new_token() for s in (0, 1)}
    rows = {s: SeatRow(name=f"P{s}", token_hash=token_hash(t)) for s, t in tokens.items()}
    seats = [{"kind": "human"}, {"kind": "human"}]
    options = dict(state.game.options)
    storage.create_match(
        match_id, "qbert", options, seats, rows, state.history(), None, state.current_player(), "human"
    )
    return tokens


# ---- N1: whole views of a long match ---------------------------------------------------------------
def test_sv9_n1_whole_views_of_a_long_match_stay_small_and_are_serialised_once_per_version(h, client, monkeypatch):
    """N1: a 6,000-step match had a 456 KiB whole view, built and serialised again for every request. Now a whole
    view carries the last VIEW_EVENTS events (`events_omitted` says how many came before; the replay has them
    all), and the view is serialised once per version, however many ask."""
    tokens = store_long_match(client.app.state.manager.storage, "longone", 3000)
    from boardcade.server import views

    made = []
    real = views.dumps
    monkeypatch.setattr(views, "dumps", lambda data: made.append(1) or real(data))
    answers = [client.get("/api/matches/longone") for _ in range(8)]
    assert {a.status_code for a in answers} == {200}
    body = answers[0].json()
    full = client.app.state.manager.live["longone"].state.observation(None)
    assert len(answers[0].content) < 64_000, "the whole view is small however long the match"
    assert body["events_omitted"] == len(full["events"]) - VIEW_EVENTS > 0
    assert body["observation"] == {**full, "events": full["events"][-VIEW_EVENTS:]}
    assert len(made) <= 2, f"the view was serialised {len(made)} times for 8 requests at one version"
    seat = full["current_player"]
    view = client.post("/api/matches/longone/view", json={"seat": seat, "token": tokens[seat]})
    assert view.status_code == 200 and len(view.content) < 64_000 and view.json()["events_omitted"] > 0


def test_sv8_n1_whole_views_asked_for_over_and_over_are_rate_limited_by_bytes(h, sqlite_url):
    """N1: tokenless spectators sending `sync` at the allowed 20 messages a second took a whole core. Whole views
    are now limited by their bytes: a connection gets at most the burst plus the rate's worth."""
    rate, burst = 20_000, 40_000
    with h.uvicorn_server(sqlite_url, sync_bytes_per_second=rate, sync_burst_bytes=burst) as srv:
        store_long_match(srv.manager.storage, "longsync", 1500)
        with connect(f"ws://127.0.0.1:{srv.port}/ws/matches/longsync", open_timeout=10) as ws:
            ws.send(json.dumps({"type": "hello", "seats": []}))
            ws.recv(timeout=10)  # welcome
            size = len(ws.recv(timeout=10))  # the whole view
            for _ in range(30):
                ws.send('{"type": "sync"}')
            got, start = 0, time.monotonic()
            while time.monotonic() - start < 1.5:
                try:
                    msg = ws.recv(timeout=0.2)
                except TimeoutError:
                    continue
                if json.loads(msg)["type"] == "state":
                    got += len(msg)
            allowed = burst + rate * (time.monotonic() - start) + size  # not counting the server's shutdown
        assert size * 30 > 2 * allowed, "the test asks for far more than the limit"
        assert got <= allowed, f"{got} bytes of whole views in 1.5 s (at most {allowed:.0f} allowed)"


class _StuckSocket:
    """A WebSocket whose peer never reads: every send waits for ever."""

    def __init__(self) -> None:
        self.scope: dict = {"extensions": {}}

    async def send_text(self, _text: str) -> None:
        await asyncio.Event().wait()


def test_sv8_n1_a_socket_send_queue_is_bounded_in_bytes():
    """N1: with a queue bounded only in messages (256), a spectator of a long match could hold 256 whole views
    (memory 88 -> 433 MiB). The queue is bounded in bytes: a client further behind is dropped."""

    async def run() -> bool:
        settings = Settings(send_queue=256, send_queue_bytes=64 * 1024)
        client = WsClient(_StuckSocket(), settings)
        for _ in range(10):
            client.send_text("x" * 20_000)  # 200 KB queued
        await asyncio.sleep(0)
        dropped = client.dropped.is_set()
        client.stop()
        return dropped

    assert asyncio.run(run()), "a client 200 KB behind with a 64 KiB bound was dropped"


def test_sv8_n1_the_match_list_is_serialised_once_a_second(h, client, monkeypatch):
    """N1: the match list was serialised again for every request (38 a second made another match's p99 658 ms)."""
    for _ in range(3):
        h.new_match(client)
    from boardcade.server import registry

    made = []
    real = registry.dumps
    monkeypatch.setattr(registry, "dumps", lambda data: made.append(1) or real(data))
    client.app.state.manager.ctx.list_cache.clear()
    answers = [client.get("/api/matches") for _ in range(10)]
    assert all(a.status_code == 200 and len(a.json()["matches"]) == 3 for a in answers)
    assert len(made) == 1, f"the list was serialised {len(made)} times for 10 requests"


# ---- N2: expiry through a backlog --------------------------------------------------------------------
def _old_matches(storage, n: int) -> None:
    stamp = now_iso(-30 * 86400)
    rows = [{"i": f"old{k}", "g": "qbert", "o": "{}", "s": "[]", "c": stamp} for k in range(n)]  # untouched for a month
    with storage.engine.begin() as conn:
        conn.exec_driver_sql(
            "INSERT INTO matches (id, game, options, seats, status, version, created_at, updated_at, waiting_on) "
            "VALUES (:i, :g, :o, :s, 'active', 0, :c, :c, 'human')",
            rows,
        )


def test_sv11_n2_expiry_works_through_a_backlog_larger_than_the_parameter_limit(h, client):
    """N2: 70,000 expirable matches on PostgreSQL (260,000 on SQLite) went over the database's limit on bound
    parameters in one `IN (...)`; the sweep failed every time. Here the SQLite connection's limit is lowered to
    999, as a small stand-in for those limits, with 2,500 matches to expire."""
    storage = client.app.state.manager.storage

    def low_limit(dbapi_conn, _record) -> None:
        dbapi_conn.setlimit(sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER, 999)

    event.listen(storage.engine, "connect", low_limit)
    storage.engine.dispose()
    _old_matches(storage, 2500)
    client.portal.call(client.app.state.manager.sweep)
    expired = client.get("/api/matches?status=expired&limit=500").json()["matches"]
    assert len(expired) == 500 and client.get("/api/matches?status=active").json()["matches"] == []


def test_sv11_n2_each_sweep_step_fails_on_its_own(h, sqlite_url, monkeypatch):
    """N2: one failing step (expiry) ended the whole sweep, so nothing after it ran (computer seats were never
    taken over). Here expiry fails and the next steps still run: an idle match is let go."""
    with TestClient(create_app(sqlite_url, settings=h.settings(live_idle_seconds=0))) as client:
        mgr = client.app.state.manager

        def broken(_cutoff):
            raise OperationalError("SELECT", {}, Exception("statement timeout"))

        # Expiry broken before the match exists: whichever sweep comes first (the periodic one may beat this
        # one), the match made live by its creation is let go only if the sweep goes on past the failing step.
        monkeypatch.setattr(mgr.storage, "expire", broken)
        m = h.new_match(client)
        client.portal.call(mgr.sweep)
        assert m["id"] not in mgr.live, "the idle match was let go although expiry failed"


# ---- N3: players over HTTP ---------------------------------------------------------------------------
def test_sv11_n3_a_player_who_plays_over_http_is_not_away(h, sqlite_url):
    """N3: a person playing over HTTP alone counted as away, so the host could hand their seat on mid-game."""
    with TestClient(create_app(sqlite_url, settings=h.settings(seat_abandoned_after=1.0))) as client:
        m = h.new_match(client)
        time.sleep(1.3)  # longer than seat_abandoned_after since the claim
        state = h.live_state(client, m["id"])
        p, version = state.current_player(), state.move_number()
        body = {"seat": p, "token": m["tokens"][str(p)], "version": version, "action": state.legal_actions()[0]}
        assert client.post(f"/api/matches/{m['id']}/actions", json=body).status_code == 200
        r = client.post(f"/api/matches/{m['id']}/seats/{p}/invite", json={"host_token": m["host_token"]})
        assert (r.status_code, h.error_of(r)) == (409, "seat_active"), r.text


# ---- N4: the replay worker ---------------------------------------------------------------------------
def _record(seed: int) -> dict:
    """A whole random Q*bert match (seeded)."""
    rng = random.Random(seed)
    state = load_game("qbert").new_initial_state()
    play(state, {0: lambda s: rng.choice(s.legal_actions()), 1: lambda s: rng.choice(s.legal_actions())}, rng)
    return Record.for_state(state, ["human", "human"]).to_json()


def test_sv6_n4_replays_are_fair_across_addresses_capped_by_steps_and_cached_by_record():
    """N4: one client could hold the single replay worker (a victim's replay took 112 s instead of 0.2 s). Now
    the address served longest ago goes next, each address has a budget of steps, and the cache is keyed by the
    record as parsed (respelling a record does not make the worker replay it again)."""
    records = [_record(seed) for seed in range(5)]

    async def run():
        pool = ReplayPool(60.0, per_owner=4, steps_per_minute=10**9)
        try:
            await pool.worker.start()
            done: list[str] = []

            async def ask(record, owner, tag):
                await pool.replay(record, 20000, False, owner)
                done.append(tag)

            jobs = [asyncio.ensure_future(ask(records[k], "attacker", f"a{k}")) for k in range(4)]
            await asyncio.sleep(0)
            jobs.append(asyncio.ensure_future(ask(records[4], "victim", "v")))
            await asyncio.gather(*jobs)
            order = list(done)
            respelt = json.dumps(records[4], indent=3).encode()  # same record, other bytes
            await pool.replay(respelt, 20000, False, "someone")
            hits = pool.worker_hits
            steps = len(records[0]["actions"])
            small = ReplayPool(60.0, steps_per_minute=steps // 2)  # half such a record a minute
            small.worker = pool.worker
            await small.replay(records[0], 20000, False, "greedy")
            try:
                await small.replay(records[1], 20000, False, "greedy")
                refused = None
            except JobRefused as e:
                refused = e.code
            await small.replay(records[2], 20000, False, "someone else")  # others are not held up
            return order, hits, refused
        finally:
            await pool.stop()

    order, hits, refused = asyncio.run(run())
    assert order.index("v") <= 1, f"the victim waited behind the attacker's queue: {order}"
    assert hits == 1, "the respelt record came from the worker's cache"
    assert refused == "rate_limited", "an address over its step budget is refused"


# ---- N5: connections from many addresses -------------------------------------------------------------
def test_sv9_n5_slow_connections_from_five_addresses_cannot_lock_new_clients_out(tmp_path):
    """N5: slowloris from 5 addresses (each under the per-address cap) used up a 1,024 open-file limit, and no
    new client could connect. A real `boardcade serve` with an open-file limit of 200 gets 250 connections that
    never send their headers, from 127.0.0.2-6; a new client is still answered at once."""
    port = _free_port()
    cli = Path(sys.executable).with_name("boardcade")
    log = tmp_path / "serve.log"

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (200, 200))

    cmd = [str(cli), "serve", "--port", str(port), "--database", f"sqlite:///{tmp_path / 'db.sqlite3'}"]
    cmd += ["--set", "trusted_proxies=::1", "--set", "header_timeout=60", "--agent-workers", "1"]
    with log.open("wb") as out:
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=out, preexec_fn=limit)
    held: list[socket.socket] = []
    try:
        _wait_for(port)
        for k in range(250):
            s = socket.socket()
            s.bind((f"127.0.0.{2 + k % 5}", 0))
            s.settimeout(5)
            try:
                s.connect(("127.0.0.1", port))
                s.sendall(b"GET / HTTP/1.1\r\n")  # and never the rest
            except OSError:
                s.close()
                continue
            held.append(s)
        time.sleep(0.5)
        answer = httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=5)
        assert answer.status_code == 200, "a new client is served"
    finally:
        for s in held:
            s.close()
        proc.terminate()
        proc.wait(30)
    assert "Traceback" not in log.read_text(errors="replace")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_for(port: int) -> None:
    deadline = time.time() + 40
    while time.time() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            time.sleep(0.2)
    raise RuntimeError("boardcade serve did not start")


# ---- N6: the database down ---------------------------------------------------------------------------
def test_sv2_n6_creating_a_match_while_the_database_is_down_answers_503(h, sqlite_url, monkeypatch):
    """N6: creating a match while the database was down answered 500 and logged a traceback."""
    with h.uvicorn_server(sqlite_url) as srv:
        http = httpx.Client(base_url=srv.url, timeout=10)
        m = h.new_match(http, claim=False)

        def down(*_args, **_kw):
            raise OperationalError("INSERT", {}, Exception("connection refused"))

        for name in ("create_match", "claim_seat", "load_match"):
            monkeypatch.setattr(srv.manager.storage, name, down)
        srv.manager.live.clear()
        body = {"game": "qbert", "options": {}, "seats": [{"kind": "human"}, {"kind": "human"}]}
        answers = [
            http.post("/api/matches", json=body),
            http.get(f"/api/matches/{m['id']}"),
        ]
        http.close()
        for r in answers:
            assert (r.status_code, h.error_of(r)) == (503, "unavailable"), r.text
        assert srv.log.tracebacks() == []


# ---- N7: a silent LISTEN connection ------------------------------------------------------------------
def test_sv13_n7_a_listen_connection_that_hangs_silently_is_noticed_and_replaced(postgres_url):
    """N7: a LISTEN connection that hung without an error stalled every cross-server match (0 acknowledgements
    for 12 s, nothing logged). Here its path is frozen: the server notices (its own check does not come back),
    makes a new connection, reads back the matches it holds, and hears the other servers again."""
    import psycopg

    proxy = PgProxy(postgres_url)
    url = proxy.url

    async def run():
        bus = PostgresBus(url, check_every=0.2, timeout=1.5)
        heard: list = []
        reread = asyncio.Event()
        await bus.start(heard.extend, reread.set)
        try:
            await asyncio.sleep(0.5)
            proxy.freeze()
            await asyncio.wait_for(reread.wait(), 15)  # noticed and reconnected
            with psycopg.connect(postgres_url, autocommit=True) as conn:
                conn.execute("SELECT pg_notify('boardcade', 'v otherserver somematch 5 4 1')")
            deadline = time.monotonic() + 10
            while not heard and time.monotonic() < deadline:
                await asyncio.sleep(0.05)
            return heard, bus.reconnects
        finally:
            await bus.stop()

    try:
        heard, reconnects = asyncio.run(run())
    finally:
        proxy.close()
    assert reconnects >= 1
    assert ("v", "otherserver", "somematch", "5 4 1") in heard, "the other servers are heard again"


# ---- N8: expired matches' seats -----------------------------------------------------------------------
def test_sv11_n8_a_seat_of_an_expired_match_cannot_be_claimed(h, sqlite_url):
    """N8: the invite of an expired match still worked. Also when this server still holds the match as active
    (another server expired it): the database says no."""
    with TestClient(create_app(sqlite_url, settings=h.settings(expire_days=0.5 / 86400))) as client:
        swept = h.new_match(client, claim=False)
        elsewhere = h.new_match(client, claim=False)
        time.sleep(0.6)
        client.portal.call(client.app.state.manager.sweep)
        r = client.post(
            f"/api/matches/{swept['id']}/claim", json={"seat": 1, "invite": swept["invites"]["1"], "name": "Al"}
        )
        assert (r.status_code, h.error_of(r)) == (410, "expired"), r.text
        live = client.portal.call(client.app.state.manager.get, elsewhere["id"])
        live.status = "active"  # as a server that has not heard of the expiry yet holds it
        claim = {"seat": 1, "invite": elsewhere["invites"]["1"], "name": "Bo"}
        r = client.post(f"/api/matches/{elsewhere['id']}/claim", json=claim)
        assert (r.status_code, h.error_of(r)) == (410, "expired"), r.text
        assert live.status == "expired"
