"""Regression tests for the review of issue 40 (failures F1-F4 and the residues of N4, N6, N7): each reproduces
what used to go wrong. SV-6 (replays and analyses), SV-8 (greedy clients), SV-14 (endings), SV-11 (seats),
SV-2 (database down), SV-13 (several servers). All loops are bounded in count and time."""

from __future__ import annotations

import json
import random
import time

from fastapi.testclient import TestClient

from boardcade.analysis import run as analysis_run
from boardcade.core import Record, load_game, play
from boardcade.core import record as core_record
from boardcade.server import create_app

from .conftest import long_qbert
from .pg_proxy import PgProxy

AGENT = "medium:iterations=20"
JSON = {"Content-Type": "application/json"}


def _record(seed: int, **options) -> dict:
    """A whole random Q*bert match (seeded)."""
    rng = random.Random(seed)
    state = load_game("qbert", **options).new_initial_state()
    play(state, {0: lambda s: rng.choice(s.legal_actions()), 1: lambda s: rng.choice(s.legal_actions())}, rng)
    return Record.for_state(state, ["human", "human"]).to_json()


def _wait_done(client, status: dict) -> dict:
    for _ in range(1200):
        if status["state"] in ("done", "failed"):
            return status
        time.sleep(0.05)
        status = client.get(f"/api/analysis/{status['key']}").json()
    raise AssertionError(f"the analysis did not finish: {status}")


def _count_replays(monkeypatch) -> list[str]:
    """Every replay of a record (or walk through its steps) in this process, the server's, from now on."""
    calls: list[str] = []
    for owner, name in ((core_record.Record, "replay"), (core_record.Record, "states")):
        real = getattr(owner, name)

        def counted(*args, _real=real, _name=name, **kw):
            calls.append(_name)
            return _real(*args, **kw)

        monkeypatch.setattr(owner, name, counted)
    real_decisions = analysis_run.decisions

    def decisions(*args, **kw):
        calls.append("decisions")
        return real_decisions(*args, **kw)

    monkeypatch.setattr(analysis_run, "decisions", decisions)
    return calls


# ---- F1: uploads replayed in the server process -------------------------------------------------------
def test_sv6_f1_an_upload_too_long_to_analyse_is_refused_by_length_and_none_is_replayed_in_the_server(
    h, sqlite_url, monkeypatch
):
    """F1: `POST /api/analysis` replayed an uploaded record in a thread of the server before checking its length
    (two uploaders of a 40,437-step record pushed another match's p99 to 224 ms). Now a record longer than
    `max_analysis_steps` is refused by its length before any replay (an illegal step in it is never reached),
    and a record that is analysed is parsed, checked and walked through in a worker process, never the server."""
    long = _record(0)  # 537 steps
    long["actions"][-1] = 999  # illegal, but the length refuses it first
    short = _record(0, max_turns_per_round=1)  # 48 steps
    s = h.settings(analysis_agent=AGENT, analysis_workers=1, max_analysis_steps=100)
    with TestClient(create_app(sqlite_url, settings=s)) as client:
        calls = _count_replays(monkeypatch)
        r = client.post("/api/analysis", content=json.dumps(long), headers=JSON)
        assert (r.status_code, h.error_of(r)) == (413, "too_large"), r.text
        assert "537 steps" in r.json()["error"]["message"] and "at most 100" in r.json()["error"]["message"]
        bad = dict(short, actions=[*short["actions"][:-1], 999])
        r = client.post("/api/analysis", content=json.dumps(bad), headers=JSON)
        assert (r.status_code, h.error_of(r)) == (400, "bad_record"), r.text
        assert "illegal action 999" in r.json()["error"]["message"]
        status = client.post("/api/analysis", content=json.dumps(short), headers=JSON).json()
        done = _wait_done(client, status)
        assert done["state"] == "done" and done["analysis"]["length"] == 48, done
        assert calls == [], f"records were replayed in the server process: {calls}"


# ---- F2: one address filled the analysis queue ----------------------------------------------------------
def _finish_over_http(http, srv, m: dict, seed: int) -> None:
    """Play match `m` to its end with random moves over HTTP (seeded)."""
    rng = random.Random(seed)
    for _ in range(2000):
        state = srv.manager.live[m["id"]].state
        if state.is_terminal():
            return
        p = state.current_player()
        body = {"seat": p, "token": m["tokens"][str(p)], "version": state.move_number()}
        body["action"] = rng.choice(state.legal_actions())
        assert http.post(f"/api/matches/{m['id']}/actions", json=body).status_code in (200, 409)
    raise AssertionError("the match did not end")


def test_sv8_f2_one_address_cannot_fill_the_analysis_queue_and_finished_matches_go_before_uploads(
    h, sqlite_url, monkeypatch
):
    """F2: one address sent 17 uploads in about a second and everyone else got 503 `unavailable` while the workers
    ground through them. Now an address has a fair share (2 waiting or running: `rate_limited` beyond), uploads
    are analysed up to `max_upload_analysis_steps` steps, addresses take turns, and a finished match's own
    analysis goes before uploads. (The analysis itself is stood in for by one that waits for the test.)"""
    import threading

    from boardcade.server import analysis as server_analysis

    started: list[int] = []
    gate = threading.Semaphore(0)

    def waiting_analyse(record, agent, *_args, **_kw):
        started.append(len(record.actions))
        gate.acquire(timeout=60)
        return {"positions": [], "agent": agent, "workers": 1}

    monkeypatch.setattr(server_analysis, "analyse", waiting_analyse)
    records = [_record(seed, max_turns_per_round=1) for seed in range(20)]
    lengths = [len(r["actions"]) for r in records]
    assert len(set(lengths[:2] + lengths[17:19])) == 4, "distinct lengths tell the jobs apart"
    long = _record(0)
    s = dict(analysis_agent=AGENT, analysis_workers=1, max_upload_analysis_steps=200, replay_steps_per_minute=0)
    with h.uvicorn_server(sqlite_url, **s) as srv:

        def client(address: str):
            import httpx

            transport = httpx.HTTPTransport(local_address=address)
            return httpx.Client(base_url=srv.url, timeout=30, transport=transport)

        attacker, victim, player = client("127.0.0.2"), client("127.0.0.3"), client("127.0.0.4")
        try:
            answers = [attacker.post("/api/analysis", content=json.dumps(r), headers=JSON) for r in records[:17]]
            codes = [a.status_code for a in answers]
            assert codes[:2] == [200, 200] and set(codes[2:]) == {429}, codes
            assert {h.error_of(a) for a in answers[2:]} == {"rate_limited"}
            r = victim.post("/api/analysis", content=json.dumps(long), headers=JSON)
            assert (r.status_code, h.error_of(r)) == (413, "too_large"), r.text
            assert "at most 200" in r.text and "finished match of this server: 10000" in r.text
            v = victim.post("/api/analysis", content=json.dumps(records[17]), headers=JSON)
            assert v.status_code == 200 and v.json()["state"] == "queued", v.text
            m = h.new_match(player, options={"max_turns_per_round": 1})
            _finish_over_http(player, srv, m, 3)
            finished = len(player.get(f"/api/matches/{m['id']}/record").json()["actions"])
            mine = player.post(f"/api/matches/{m['id']}/analysis", json={})
            assert mine.status_code == 200 and mine.json()["ahead"] == 1, "only the job running is ahead of it"
            for k in range(4):
                deadline = time.monotonic() + 30
                while len(started) < k + 1 and time.monotonic() < deadline:
                    time.sleep(0.02)
                gate.release()
        finally:
            for _ in range(10):
                gate.release()
            for c in (attacker, victim, player):
                c.close()
    assert started == [lengths[0], finished, lengths[17], lengths[1]], (
        "the finished match first, then the address served longest ago"
    )


def test_sv8_f2_a_signed_in_account_has_its_share_of_the_analysis_queue_from_any_address(h, https_app, monkeypatch):
    """F2: "a fair share per address (and per account once accounts exist)". Accounts exist: one account asking
    from a second address got a second share. Now a signed-in account has `analyses_per_address` (2) analyses
    waiting or running in all, whatever its addresses (`rate_limited` naming the account); the address's own
    share still holds for everyone on it, and another account on the same address as the first is refused by
    the address's share, not the account's. (The analysis is stood in for by one that waits for the test.)"""
    import threading

    from fastapi.testclient import TestClient as Browser

    from boardcade.server import analysis as server_analysis

    from .test_ratings import person

    gate = threading.Semaphore(0)
    monkeypatch.setattr(server_analysis, "analyse", lambda *_a, **_k: gate.acquire(timeout=60) and {"positions": []})
    anon = https_app(analysis_agent=AGENT, analysis_workers=1, replay_steps_per_minute=0)
    try:
        ann = person(anon, "Ann", "203.0.113.1")
        elsewhere = Browser(anon.app, base_url="https://testserver", client=("203.0.113.9", 50000))
        elsewhere.portal, elsewhere.cookies = anon.portal, ann.cookies  # Ann's session, from another address
        records = [json.dumps(_record(seed, max_turns_per_round=1)) for seed in range(5)]
        for body in records[:2]:
            r = ann.post("/api/analysis", content=body, headers=JSON)
            assert r.status_code == 200, r.text
        r = elsewhere.post("/api/analysis", content=records[2], headers=JSON)
        assert r.status_code == 429 and h.error_of(r) == "rate_limited", r.text
        assert "your account has 2 analyses" in r.json()["error"]["message"], r.text
        bob = person(anon, "Bob", "203.0.113.1")  # same address as Ann: its share is used up
        r = bob.post("/api/analysis", content=records[3], headers=JSON)
        assert r.status_code == 429 and "your address has 2 analyses" in r.text, r.text
        r = anon.post("/api/analysis", content=records[4], headers=JSON)  # someone else entirely
        assert r.status_code == 200, r.text
    finally:
        for _ in range(10):
            gate.release()


# ---- F4: draw offers without a limit ----------------------------------------------------------------------
def _post(client, m, what, seat, **body):
    return client.post(f"/api/matches/{m['id']}/{what}", json={"seat": seat, "token": m["tokens"][str(seat)], **body})


def _move(client, h, m) -> None:
    state = h.live_state(client, m["id"])
    seat = state.current_player()
    r = _post(client, m, "actions", seat, version=state.move_number(), action=state.legal_actions()[0])
    assert r.status_code == 200, r.text


def test_sv8_f4_END_2_one_standing_draw_offer_per_side_until_the_other_side_moves_or_answers(h, client):
    """F4: draw offers had no limit (1,500 `draw` messages in 15 s reached the opponent). END-2: a side has one
    standing offer; offering again (or withdrawing it and offering again) is refused, `draw_offered` (409), until
    the other side answers or a move is made. The opponent hears of the offer once."""
    m = h.new_match(client, options={"tiebreak": False})  # QB-6.6: with tiebreak off a tie is a draw
    with client.websocket_connect(f"/ws/matches/{m['id']}") as ws:
        ws.send_json({"type": "hello", "seats": [{"seat": 1, "token": m["tokens"]["1"]}]})
        assert ws.receive_json()["type"] == "welcome"
        assert ws.receive_json()["type"] == "state"
        assert _post(client, m, "draw", 0, answer="offer").status_code == 200
        again = [_post(client, m, "draw", 0, answer=a) for a in ("offer", "accept") * 10]
        assert {(r.status_code, h.error_of(r)) for r in again} == {(409, "draw_offered")}, again[0].text
        assert "until" in again[0].json()["error"]["message"]
        assert _post(client, m, "draw", 0, answer="decline").json()["offer"] is None  # withdrawn
        r = _post(client, m, "draw", 0, answer="offer")
        assert (r.status_code, h.error_of(r)) == (409, "draw_offered"), "withdrawing does not make room for another"
        _move(client, h, m)  # a move: the offer may be made again
        told = []
        while (msg := ws.receive_json())["type"] != "delta":
            told.append(msg["type"])
        assert told.count("draw") == 2, f"the opponent heard of one offer and its withdrawal: {told}"
        assert _post(client, m, "draw", 0, answer="offer").status_code == 200
        assert _post(client, m, "draw", 1, answer="decline").status_code == 200  # the other side answers
        assert _post(client, m, "draw", 0, answer="offer").status_code == 200, "after an answer, one more offer"
        r = _post(client, m, "draw", 1, answer="accept")
        assert r.json()["ending"]["rule"] == "END-2"


# ---- F3: the host resigned an absent player's seat ----------------------------------------------------------
def test_sv11_f3_END_1_a_seat_handed_on_is_played_never_resigned_and_its_player_can_take_it_back(h, sqlite_url):
    """F3: the host could take an absent opponent's seat mid-match (300 s away, normal in a correspondence game)
    and resign it. Now whoever holds a seat handed on may play it but never resign, offer or accept a draw, or
    abort (`stand_in`, 403); the absent player is told when they come back (their token's `bad_token` says so)
    and can take the seat back with their own token; in a match with a turn limit a claimed seat is never handed
    on: the clock decides (END-3, `seat_clocked`)."""
    with TestClient(create_app(sqlite_url, settings=h.settings(seat_abandoned_after=0.5))) as client:
        m = h.new_match(client, options={"tiebreak": False})  # QB-6.6: draws allowed
        away = m["tokens"]["1"]
        time.sleep(0.8)  # seat 1 away longer than seat_abandoned_after
        r = client.post(f"/api/matches/{m['id']}/seats/1/invite", json={"host_token": m["host_token"]})
        assert r.status_code == 200, r.text
        claim = {"seat": 1, "invite": r.json()["invite"], "name": "Host again"}
        stand_in = client.post(f"/api/matches/{m['id']}/claim", json=claim).json()["token"]
        m["tokens"]["1"] = stand_in
        for _ in range(2):
            _move(client, h, m)  # the stand-in plays
        for what, body in (("resign", {}), ("draw", {"answer": "offer"}), ("abort", {})):
            r = _post(client, m, what, 1, **body)
            assert (r.status_code, h.error_of(r)) == (403, "stand_in"), (what, r.text)
        assert _post(client, m, "draw", 0, answer="offer").status_code == 200
        r = _post(client, m, "draw", 1, answer="accept")
        assert (r.status_code, h.error_of(r)) == (403, "stand_in"), "a stand-in cannot agree a draw either"
        assert client.get(f"/api/matches/{m['id']}").json()["status"] == "active"
        r = client.post(f"/api/matches/{m['id']}/view", json={"seat": 1, "token": away})
        assert (r.status_code, h.error_of(r)) == (403, "bad_token"), r.text
        assert "handed seat 1 to someone else; you can take it back" in r.json()["error"]["message"]
        r = client.post(f"/api/matches/{m['id']}/seats/1/take-back", json={"token": stand_in})
        assert (r.status_code, h.error_of(r)) == (403, "bad_token"), "only the absent player's own token takes it back"
        r = client.post(f"/api/matches/{m['id']}/seats/1/take-back", json={"token": away})
        assert r.status_code == 200 and r.json()["seat"] == 1, r.text
        assert client.post(f"/api/matches/{m['id']}/view", json={"seat": 1, "token": away}).status_code == 200
        r = client.post(f"/api/matches/{m['id']}/view", json={"seat": 1, "token": stand_in})
        assert (r.status_code, h.error_of(r)) == (403, "bad_token")
        m["tokens"]["1"] = away
        r = _post(client, m, "resign", 1)  # their own seat again: theirs to resign
        assert r.status_code == 200 and r.json()["ending"]["rule"] == "END-1"

        seats = [{"kind": "human"}, {"kind": "human"}]
        c = client.post("/api/matches", json={"game": "qbert", "seats": seats, "turn_limit": 3600}).json()
        invite = {"seat": 1, "invite": c["invites"]["1"], "name": "Kim"}
        assert client.post(f"/api/matches/{c['id']}/claim", json=invite).status_code == 200
        time.sleep(0.8)
        r = client.post(f"/api/matches/{c['id']}/seats/1/invite", json={"host_token": c["host_token"]})
        assert (r.status_code, h.error_of(r)) == (409, "seat_clocked"), r.text
        assert "END-3" in r.json()["error"]["message"]


# ---- N6 (residue): background tasks' failures during a database outage ------------------------------------
def test_sv2_n6_background_tasks_that_fail_in_a_database_outage_are_logged_once_plainly(h, postgres_url):
    """N6: during a PostgreSQL outage creates answered 503 and nothing was lost, but the log got 38 "Task
    exception was never retrieved" tracebacks (presence notes, seat touches and the like, failing in the
    background). Now every background task's failure is handled and logged once, as one plain line."""
    import gc
    import logging

    import httpx
    from websockets.sync.client import connect

    proxy = PgProxy(postgres_url)
    url = proxy.url
    from_asyncio: list[logging.LogRecord] = []
    handler = logging.Handler()
    handler.emit = from_asyncio.append  # type: ignore[method-assign]
    logging.getLogger("asyncio").addHandler(handler)
    try:
        with h.uvicorn_server(url) as srv:
            http = httpx.Client(base_url=srv.url, timeout=20)
            m = h.new_match(http)
            ws_url = f"ws://127.0.0.1:{srv.port}/ws/matches/{m['id']}"
            with connect(ws_url, open_timeout=10) as ws:
                ws.send(json.dumps({"type": "hello", "seats": [{"seat": 0, "token": m["tokens"]["0"]}]}))
                ws.recv(timeout=10)
                proxy.cut()
                body = {"game": "qbert", "options": {}, "seats": [{"kind": "human"}, {"kind": "human"}]}
                answers = [http.post("/api/matches", json=body) for _ in range(5)]
                view = {"seat": 1, "token": m["tokens"]["1"]}
                answers += [http.post(f"/api/matches/{m['id']}/view", json=view) for _ in range(3)]
            for _ in range(3):
                try:
                    with connect(ws_url, open_timeout=10) as ws:
                        ws.send(json.dumps({"type": "hello", "seats": [{"seat": 1, "token": m["tokens"]["1"]}]}))
                        ws.recv(timeout=5)
                except Exception:
                    pass
            time.sleep(1.5)
            gc.collect()
            http.close()
            tracebacks = srv.log.tracebacks()
            plain = [r.getMessage() for r in srv.log.records if "did not answer" in r.getMessage()]
        gc.collect()
    finally:
        logging.getLogger("asyncio").removeHandler(handler)
        proxy.close()
    assert {r.status_code for r in answers[:5]} == {503}, [r.text for r in answers]
    never = [r.getMessage() for r in from_asyncio if "never retrieved" in r.getMessage()]
    assert never == [], f"{len(never)} background failures were never handled: {never[:2]}"
    assert tracebacks == [], tracebacks[:2]
    assert plain and all("\n" not in m for m in plain), "the outage is logged, one plain line a failure"


# ---- N4 (residue): a victim's replay behind an attacker's job in progress -----------------------------------
def _long_record(steps: int) -> dict:
    """A legal Q*bert match `steps` actions long (unfinished): Q*bert never hops, every round ties. Seeded."""
    return Record.for_state(long_qbert(steps), ["human", "human"]).to_json()


def test_sv6_n4_a_replay_never_waits_behind_another_address_s_job_in_progress():
    """N4: a victim's replay still waited behind an attacker's job in progress (17.8 s, up to the 60 s replay
    timeout). Replays now run on `replay_workers` (2) processes with at most one job in progress per address, so
    another address's replay starts at once: here it is done while the attacker's long one is still running."""
    import asyncio

    from boardcade.server.compute import ReplayPool
    from boardcade.server.settings import Settings

    attack, short = _long_record(3000), _record(4)

    async def run() -> list[str]:
        pool = ReplayPool(60.0, workers=Settings().replay_workers, per_owner=4, steps_per_minute=10**9)
        try:
            for w in pool.workers:
                await w.start()
            done: list[str] = []

            async def ask(record, owner, tag):
                await pool.replay(record, 20000, False, owner)
                done.append(tag)

            jobs = [asyncio.ensure_future(ask(attack, "attacker", "attack"))]
            jobs.append(asyncio.ensure_future(ask(_long_record(2999), "attacker", "attack 2")))
            await asyncio.sleep(0.2)  # the attacker's jobs have been handed out
            jobs.append(asyncio.ensure_future(ask(short, "victim", "victim")))
            await asyncio.gather(*jobs)
            return done
        finally:
            await pool.stop()

    done = asyncio.run(run())
    assert done[0] == "victim", f"the victim's short replay waited behind the attacker's: {done}"


# ---- N7 (residue): a LISTEN connection silent for less than the old 15-s check ------------------------------
def test_sv13_n7_a_silent_listen_connection_is_noticed_in_seconds_and_matches_are_polled_meanwhile(h, postgres_url):
    """N7: a LISTEN connection that hung for less than its 15-s check stalled every cross-server match for the
    whole hang (12 s: no moves heard). Two servers share PostgreSQL; the first one's LISTEN connection freezes
    (its other connections flow); a move made through the second reaches a player watching through the first
    within seconds: the silence is noticed within `timeout` (2 s), and the watched matches are polled until a
    new LISTEN connection hears again."""
    import httpx
    from websockets.sync.client import connect

    proxy = PgProxy(postgres_url)
    url = proxy.url
    try:
        with h.uvicorn_server(url) as one, h.uvicorn_server(postgres_url) as two:
            first, second = httpx.Client(base_url=one.url, timeout=20), httpx.Client(base_url=two.url, timeout=20)
            m = h.new_match(first)
            with connect(f"ws://127.0.0.1:{one.port}/ws/matches/{m['id']}", open_timeout=10) as ws:
                ws.send(json.dumps({"type": "hello", "seats": [{"seat": 0, "token": m["tokens"]["0"]}]}))
                assert json.loads(ws.recv(timeout=10))["type"] == "welcome"
                version = json.loads(ws.recv(timeout=10))["version"]
                time.sleep(1.0)  # both servers listening and checked
                assert proxy.freeze_listen() >= 1
                time.sleep(0.3)
                assert second.get(f"/api/matches/{m['id']}").status_code == 200
                state = two.manager.live[m["id"]].state
                seat = state.current_player()
                body = {"seat": seat, "token": m["tokens"][str(seat)], "version": version}
                body["action"] = state.legal_actions()[0]
                assert second.post(f"/api/matches/{m['id']}/actions", json=body).status_code == 200
                heard, deadline = None, time.monotonic() + 8  # the old check needed 15 s
                while heard is None and time.monotonic() < deadline:
                    try:
                        msg = json.loads(ws.recv(timeout=0.5))
                    except TimeoutError:
                        continue
                    if msg["type"] in ("delta", "state") and msg["version"] > version:
                        heard = msg
            deadline = time.monotonic() + 8
            while not (one.manager.bus.reconnects and one.manager.bus.hearing()) and time.monotonic() < deadline:
                time.sleep(0.1)
            first.close()
            second.close()
            reconnects, hearing = one.manager.bus.reconnects, one.manager.bus.hearing()
    finally:
        proxy.close()
    assert heard is not None, "the move made through the other server never reached the player here"
    assert reconnects >= 1 and hearing, "a new LISTEN connection was made, and hears"


def test_sv16_f3_END_3_the_host_never_hands_on_or_revokes_a_claimed_seat_of_a_rated_match(h, https_app):
    """F3: "an abandoned seat in a rated match is decided by the clock or the turn limit, not by the host". A
    rated match without a turn limit or chess clock let its host hand the away opponent's seat (and its rating's
    result) to someone else after `seat_abandoned_after`. Now a claimed seat of a rated match is never handed on or
    revoked by the host (`seat_rated`, 409), and the seat, its account's, stays the away person's."""
    from .test_ratings import person, rated_match

    anon = https_app(seat_abandoned_after=0.5)
    ann, bob = person(anon, "Ann", "203.0.113.1"), person(anon, "Bob", "203.0.113.2")
    m = rated_match(ann, [bob])
    assert m["host_token"], "the creator of a rated match is its host"
    time.sleep(0.8)  # Bob away longer than seat_abandoned_after
    for what in ("invite", "revoke"):
        r = ann.post(f"/api/matches/{m['id']}/seats/1/{what}", json={"host_token": m["host_token"]})
        assert r.status_code == 409 and h.error_of(r) == "seat_rated", (what, r.text)
        assert "rated" in r.json()["error"]["message"] and "Bob" in r.json()["error"]["message"]
    r = bob.post(f"/api/matches/{m['id']}/view", json={"seat": 1, "token": m["tokens"]["1"]})
    assert r.status_code == 200, "the seat is still Bob's"
    seat = ann.get(f"/api/matches/{m['id']}").json()["seats"][1]
    assert seat["name"] == "Bob" and "stand_in" not in seat, seat
    r = ann.post(f"/api/matches/{m['id']}/seats/1/invite", json={"host_token": "wrong"})
    assert h.error_of(r) == "not_host", "only the host is told why"
