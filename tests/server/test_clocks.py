"""Chess clocks for live play (SV-CL1..SV-CL6, docs/server.md): a base and an increment per decision, running
only for the person to move, flagged by the server alone, stored with every move so a restart resumes them.

Time is the server's injectable wall clock (`clocks.TIME`), set by each test: no assertion depends on how fast
the machine runs. The one test of the server's own timer uses a 1-second base and waits for the flag with a
generous deadline (only an upper bound on waiting, never on speed)."""

from __future__ import annotations

import threading
import time

import pytest
from fastapi.testclient import TestClient

from boardcade.server import clocks, create_app

from .conftest import two_servers

SEATS = [{"kind": "human"}, {"kind": "human"}]


class FakeTime:
    def __init__(self, start: float = 1_800_000_000.0):
        self.t = start

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def fake_time(monkeypatch):
    now = FakeTime()
    monkeypatch.setattr(clocks, "TIME", now)
    return now


def _clocked(h, client, clock, seats=SEATS):
    r = client.post("/api/matches", json={"game": "qbert", "seats": seats, "name": "Ann", "clock": clock})
    assert r.status_code == 201, r.text
    m = r.json()
    m["tokens"] = {m["seat"]: m["token"]}
    for seat, invite in m["invites"].items():
        c = client.post(f"/api/matches/{m['id']}/claim", json={"seat": int(seat), "invite": invite, "name": "Bo"})
        assert c.status_code == 200, c.text
        m["tokens"][int(seat)] = c.json()["token"]
    return m


def _move(h, client, m):
    """The person to move plays their first legal action over HTTP; returns (seat, response)."""
    state = h.live_state(client, m["id"])
    seat = state.current_player()
    body = {
        "seat": seat,
        "token": m["tokens"][seat],
        "version": state.move_number(),
        "action": state.legal_actions()[0],
    }
    return seat, client.post(f"/api/matches/{m['id']}/actions", json=body)


def _clock(client, m):
    return client.get(f"/api/matches/{m['id']}").json()["clock"]


def test_SV_CL1_a_bad_clock_is_refused_naming_what_is_allowed(h, client):
    for clock, says in [
        ({"base": 10, "increment": 0}, "base"),
        ({"base": 600, "increment": 61}, "increment"),
        ({"base": "600"}, "base"),
        ({"base": 600, "increment": 2, "delay": 1}, "'clock' is"),
        ([600, 2], "'clock' is"),
    ]:
        r = client.post("/api/matches", json={"game": "qbert", "seats": SEATS, "clock": clock})
        assert h.error_of(r) == "bad_options", r.text
        message = r.json()["error"]["message"]
        assert says in message and "60..7200" in message and "0..60" in message
    both = client.post(
        "/api/matches", json={"game": "qbert", "seats": SEATS, "clock": {"base": 300, "increment": 2}, "turn_limit": 60}
    )
    assert h.error_of(both) == "bad_options" and "not both" in both.json()["error"]["message"]
    assert client.get("/api/matches").json()["matches"] == [], "nothing was created"


def test_SV_CL2_clocks_run_only_for_the_person_to_move_and_each_decision_adds_the_increment(h, client, fake_time):
    m = _clocked(h, client, {"base": 60, "increment": 5})
    assert m["clock"] == {"base": 60, "increment": 5, "left": [60000, 60000], "running": None, "now": m["clock"]["now"]}
    decided: set[int] = set()
    # Until every person has made a first decision, no clock runs (a match whose opponent is still coming costs
    # nobody time).
    while decided != {0, 1}:
        fake_time.t += 30
        seat, r = _move(h, client, m)
        assert r.status_code == 200, r.text
        decided.add(seat)
        if decided != {0, 1}:
            assert _clock(client, m)["left"] == [60000, 60000] and _clock(client, m)["running"] is None
    clock = _clock(client, m)
    assert clock["left"] == [60000, 60000], "the decision that started the clocks earned no increment"
    runner = h.live_state(client, m["id"]).current_player()
    other = 1 - runner
    assert clock["running"] == runner
    fake_time.t += 7
    clock = _clock(client, m)
    assert clock["left"][runner] == 53000 and clock["left"][other] == 60000, "only the seat to move is charged"
    assert clock["now"] == int(fake_time.t * 1000)
    seat, r = _move(h, client, m)
    assert seat == runner and r.status_code == 200
    assert _clock(client, m)["left"][runner] == 60000 - 7000 + 5000, "charged 7 s, then the 5 s increment"
    # A turn of several decisions (Q*bert's hops) earns the increment after each of them.
    while h.live_state(client, m["id"]).current_player() == runner:
        fake_time.t += 1
        before = _clock(client, m)["left"][runner]
        _move(h, client, m)
        assert _clock(client, m)["left"][runner] == before + 5000
    # Now the other side's clock runs; the mover's stands still.
    mover_left = _clock(client, m)["left"][runner]
    fake_time.t += 12
    clock = _clock(client, m)
    assert clock["running"] == other and clock["left"][runner] == mover_left and clock["left"][other] == 48000


def test_SV_CL2_taking_a_decision_back_takes_its_increment_back(h, client, fake_time):
    m = _clocked(h, client, {"base": 600, "increment": 10})
    for _ in range(300):  # to a turn of several decisions (Q*bert's hops, as the dice give them)
        runner = _clock(client, m)["running"]
        left = None if runner is None else _clock(client, m)["left"][runner]
        fake_time.t += 3
        seat, r = _move(h, client, m)
        assert r.status_code == 200, r.text
        if runner is not None and seat == runner and h.live_state(client, m["id"]).current_player() == runner:
            break
    else:
        raise AssertionError("no turn of two decisions in 300 moves")
    assert _clock(client, m)["left"][runner] == left - 3000 + 10000
    fake_time.t += 2
    version = h.live_state(client, m["id"]).move_number()
    body = {"seat": runner, "token": m["tokens"][runner], "version": version}
    undo = client.post(f"/api/matches/{m['id']}/undo", json=body)
    assert undo.status_code == 200, undo.text
    assert _clock(client, m)["left"][runner] == left - 5000, "5 s charged, and the increment is gone with the move"


def test_SV_CL3_a_move_after_the_flag_is_refused_and_the_server_ends_the_match_on_time(h, client, fake_time):
    m = _clocked(h, client, {"base": 60, "increment": 0})
    while _clock(client, m)["running"] is None:
        _move(h, client, m)
    runner = _clock(client, m)["running"]
    fake_time.t += 61
    seat, r = _move(h, client, m)
    assert seat == runner and h.error_of(r) == "out_of_time" and "SV-CL3" in r.json()["error"]["message"]
    deadline = time.time() + 10
    while client.get(f"/api/matches/{m['id']}").json()["status"] == "active" and time.time() < deadline:
        time.sleep(0.05)
    info = client.get(f"/api/matches/{m['id']}").json()
    assert info["ending"]["rule"] == "END-3" and info["ending"]["seat"] == runner
    assert "ran out of time on the clock" in info["ending"]["text"]
    assert info["result"][runner] == -1.0 and info["result"][1 - runner] == 1.0
    assert info["clock"]["left"][runner] == 0 and info["clock"]["running"] is None


def test_SV_CL3_a_client_claiming_a_flag_is_refused_and_nothing_changes(h, client, fake_time):
    m = _clocked(h, client, {"base": 60, "increment": 0})
    while _clock(client, m)["running"] is None:
        _move(h, client, m)
    runner = _clock(client, m)["running"]
    fake_time.t += 30  # half the time gone: the clock has not run out
    with client.websocket_connect(f"/ws/matches/{m['id']}") as ws:
        ws.send_json({"type": "hello", "seats": [{"seat": 1 - runner, "token": m["tokens"][1 - runner]}]})
        assert ws.receive_json()["type"] == "welcome"
        assert ws.receive_json()["type"] == "state"
        ws.send_json({"type": "flag", "seat": runner, "id": 9})
        error = ws.receive_json()
        assert error["type"] == "error" and error["code"] == "server_flags" and error["id"] == 9
        ws.send_json({"type": "ping"})
        assert ws.receive_json()["type"] == "pong"
    info = client.get(f"/api/matches/{m['id']}").json()
    assert info["status"] == "active" and info["ending"] is None
    assert info["clock"]["left"][runner] == 30000


def test_SV_CL3_any_message_after_the_flag_time_makes_the_server_flag(h, sqlite_url, fake_time):
    """The server flags by its own clock: a socket's message (a ping) after the time ran out is enough (the
    sweep, which would find it too, is kept out of the way)."""
    with TestClient(create_app(sqlite_url, settings=h.settings(sweep_interval=3600))) as client:
        m = _clocked(h, client, {"base": 60, "increment": 0})
        while _clock(client, m)["running"] is None:
            _move(h, client, m)
        runner = _clock(client, m)["running"]
        with client.websocket_connect(f"/ws/matches/{m['id']}") as ws:
            ws.send_json({"type": "hello", "seats": []})
            assert ws.receive_json()["type"] == "welcome"
            ws.receive_json()
            fake_time.t += 60.5
            ws.send_json({"type": "ping"})
            seen: list[dict] = []

            def read() -> None:
                while not seen or seen[-1]["type"] != "ended":
                    seen.append(ws.receive_json())

            reader = threading.Thread(target=read, daemon=True)
            reader.start()
            reader.join(30)  # an upper bound only: the flag comes at once
            assert seen and seen[-1]["type"] == "ended", [s["type"] for s in seen]
            ended = seen[-1]
            assert ended["ending"]["rule"] == "END-3" and ended["ending"]["seat"] == runner
            clock = [s for s in seen if s["type"] == "clock"][-1]["clock"]
            assert clock["left"][runner] == 0 and clock["running"] is None


def test_SV_CL3_the_server_timer_flags_at_the_time_with_nobody_sending_anything(h, client, monkeypatch):
    monkeypatch.setattr(clocks, "MIN_BASE", 1)
    m = _clocked(h, client, {"base": 1, "increment": 0})
    while _clock(client, m)["running"] is None:
        _move(h, client, m)
    runner = _clock(client, m)["running"]
    deadline = time.time() + 20
    while client.get(f"/api/matches/{m['id']}").json()["status"] == "active":
        assert time.time() < deadline, "the server's timer never flagged"
        time.sleep(0.1)
    info = client.get(f"/api/matches/{m['id']}").json()
    assert info["ending"]["seat"] == runner and info["clock"]["left"][runner] == 0


def test_SV_CL3_4_player_atari_a_flag_loses_for_the_whole_team(h, client, fake_time):
    seats = [{"kind": "human"}] * 4
    r = client.post(
        "/api/matches",
        json={"game": "atari_centipede", "variant": "4 players", "seats": seats, "clock": {"base": 60, "increment": 1}},
    )
    assert r.status_code == 201, r.text
    m = r.json()
    m["tokens"] = {m["seat"]: m["token"]}
    for seat, invite in m["invites"].items():
        c = client.post(f"/api/matches/{m['id']}/claim", json={"seat": int(seat), "invite": invite, "name": "P"})
        m["tokens"][int(seat)] = c.json()["token"]
    for _ in range(400):
        if _clock(client, m)["running"] is not None:
            break
        seat, r = _move(h, client, m)
        assert r.status_code == 200, r.text
    runner = _clock(client, m)["running"]
    assert runner is not None
    fake_time.t += 61
    mgr = client.app.state.manager
    match = mgr.live[m["id"]]
    teams = match.game.teams()
    client.portal.call(mgr.endings.flag, match)  # the server's timer's own call, made now
    info = client.get(f"/api/matches/{m['id']}").json()
    team = next(t for t in teams if runner in t)
    assert len(team) == 2
    assert info["ending"]["rule"] == "END-3"
    assert [info["result"][p] for p in range(4)] == [-1.0 if p in team else 1.0 for p in range(4)]


def test_SV_CL5_a_restart_resumes_the_clocks_without_charging_the_time_the_server_was_down(h, sqlite_url, fake_time):
    with TestClient(create_app(sqlite_url, agent_budget=2.0, settings=h.settings())) as client:
        m = _clocked(h, client, {"base": 120, "increment": 2})
        while _clock(client, m)["running"] is None:
            _move(h, client, m)
        runner = _clock(client, m)["running"]
        fake_time.t += 20
        before = _clock(client, m)
        assert before["left"][runner] == 100000
    fake_time.t += 3600  # an hour down: charged to nobody
    with TestClient(create_app(sqlite_url, agent_budget=2.0, settings=h.settings())) as client:
        after = _clock(client, m)
        assert after["left"] == before["left"] and after["running"] == runner
        fake_time.t += 4
        assert _clock(client, m)["left"][runner] == 96000, "it runs again from the restart"
        seat, r = _move(h, client, m)
        assert seat == runner and r.status_code == 200
        assert _clock(client, m)["left"][runner] == 96000 + 2000


def test_SV_CL6_a_computer_thinks_off_the_clock(h, client, fake_time, monkeypatch):
    r = client.post(
        "/api/matches",
        json={
            "game": "qbert",
            "seats": [{"kind": "human"}, {"kind": "agent", "agent": "random"}],
            "clock": {"base": 60, "increment": 0},
        },
    )
    assert r.status_code == 201, r.text
    m = r.json()
    assert m["clock"]["left"][1] is None, "a computer's seat has no clock"
    m["tokens"] = {0: m["token"]}
    mgr = client.app.state.manager
    match = mgr.live[m["id"]]
    deadline = time.time() + 30
    while match.state.current_player() != 0:
        assert time.time() < deadline
        time.sleep(0.05)
    assert _clock(client, m)["running"] is None, "the person's first decision starts the clocks"
    schedule = mgr.drivers.schedule
    monkeypatch.setattr(mgr.drivers, "schedule", lambda match: None)  # the computer held back while it "thinks"
    while match.state.current_player() == 0:  # the person's turn, every decision of it
        seat, r = _move(h, client, m)
        assert r.status_code == 200, r.text
    assert match.state.current_player() == 1 and _clock(client, m)["running"] is None
    fake_time.t += 100  # the computer thinks for 100 s: charged to nobody
    assert _clock(client, m)["left"] == [60000, None]
    monkeypatch.setattr(mgr.drivers, "schedule", schedule)
    client.portal.call(lambda: _go(schedule, match))
    while match.state.current_player() != 0:
        assert time.time() < deadline
        time.sleep(0.05)
    assert _clock(client, m)["running"] == 0 and _clock(client, m)["left"][0] == 60000
    fake_time.t += 9
    assert _clock(client, m)["left"][0] == 51000


async def _go(schedule, match) -> None:
    schedule(match)


def test_SV_CL5_the_clocks_are_stored_with_each_commit_undo_and_ending(db_url):
    """On SQLite and PostgreSQL (whose group commit is one statement for many matches): the clocks travel in the
    same transaction as the steps, an undo and an ending; a commit without clocks leaves them as they were."""
    import json
    import secrets

    from boardcade.server.storage import Commit, SeatRow, Storage

    st = Storage(db_url)
    a, b = secrets.token_hex(6), secrets.token_hex(6)
    spec = {"base": 60, "increment": 2}
    start = clocks.new_state(spec, [True, True])
    try:
        for mid in (a, b):
            rows = {0: SeatRow(), 1: SeatRow()}
            st.create_match(mid, "qbert", {}, [{"kind": "human"}] * 2, rows, [1], None, 0, "human", clock=spec,
                            clock_state=start)  # fmt: skip
        ran = {"left": [58000, 60000], "run": 1, "since": 123, "incs": 0}
        done = st.commit_batch(
            [Commit(a, 1, [2], None, 1, "human", None, json.dumps(ran)), Commit(b, 1, [2], None, 1, "human")]
        )
        assert done == [True, True]
        assert st.load_match(a).clock_state == ran and st.load_match(a).clock == spec
        assert st.load_match(b).clock_state == start, "no clocks in the commit: kept as they were"
        assert {m: s for m, _, s in st.clocked_matches() if m in (a, b)} == {a: ran, b: start}
        back = {"left": [58000, 59000], "run": 1, "since": 456, "incs": 0}
        assert st.undo_steps(a, 2, 1, 1, "human", "note", back) == 1
        assert st.load_match(a).clock_state == back
        paused = clocks.paused(back, 1456)
        assert st.set_clock_state(a, 1, paused) and not st.set_clock_state(a, 5, back)
        assert st.load_match(a).clock_state == paused and paused["since"] is None
        end = clocks.stopped(paused, 2000, flagged=1)
        assert st.end_match(a, 1, "finished", [1.0, -1.0], {"rule": "END-3", "seat": 1}, "note", end)
        assert st.load_match(a).clock_state == {"left": [58000, 0], "run": None, "since": None, "incs": 0}
        assert a not in [m for m, _, _ in st.clocked_matches()], "an ended match's clocks are not swept"
    finally:
        st.close()


def test_SV_CL6_a_seat_on_a_clock_is_never_handed_on_by_the_host(h, sqlite_url):
    with TestClient(create_app(sqlite_url, settings=h.settings(seat_abandoned_after=0.5))) as client:
        m = _clocked(h, client, {"base": 600, "increment": 5})
        time.sleep(0.8)  # seat 1 away longer than seat_abandoned_after
        r = client.post(f"/api/matches/{m['id']}/seats/1/invite", json={"host_token": m["host_token"]})
        assert (r.status_code, h.error_of(r)) == (409, "seat_clocked"), r.text
        assert "a chess clock" in r.json()["error"]["message"]
        rematch_of = client.post(f"/api/matches/{m['id']}/resign", json={"seat": 1, "token": m["tokens"][1]})
        assert rematch_of.status_code == 200
        again = client.post(f"/api/matches/{m['id']}/rematch", json={"seat": 0, "token": m["tokens"][0]}).json()
        assert again["clock"]["base"] == 600 and again["clock"]["increment"] == 5, "a rematch keeps the clock"
        assert again["clock"]["left"] == [600000, 600000]


def test_SV_CL4_two_servers_on_postgresql_show_the_same_clocks(postgres_url, tmp_path):
    """SV-13 with a clock: moves made through one server reach the other's viewers with the clocks after them
    (read from the database, where each commit stored them), and both servers answer the same clocks."""
    import json

    import httpx
    from websockets.sync.client import connect

    from boardcade.server.launch import post_json

    limits = ["--set", "requests_per_second=0", "--set", "creates_per_minute=0"]
    with two_servers(postgres_url, tmp_path, *limits) as ports:
        a, b = (f"http://127.0.0.1:{p}" for p in ports)
        body = {"game": "qbert", "seats": SEATS, "name": "Ann", "clock": {"base": 600, "increment": 7}}
        m = post_json(a, "/api/matches", body)
        bea = post_json(b, f"/api/matches/{m['id']}/claim", {"seat": 1, "invite": m["invites"]["1"], "name": "Bea"})
        tokens = {0: m["token"], 1: bea["token"]}
        base = {0: a, 1: b}  # each plays through their own server
        watch = connect(f"ws://127.0.0.1:{ports[1]}/ws/matches/{m['id']}", open_timeout=10, legacy=True)
        watch.send(json.dumps({"type": "hello", "seats": []}))
        moves = 0
        while moves < 60:  # chance decides how many moves each turn takes; A moves again well within 60
            info = httpx.get(f"{a}/api/matches/{m['id']}").json()
            p = info["to_move"]
            view = post_json(base[p], f"/api/matches/{m['id']}/view", {"seat": p, "token": tokens[p]})
            action = view["observation"]["legal_actions"][0]["action"]
            body = {"seat": p, "token": tokens[p], "version": view["version"], "action": action}
            post = post_json(base[p], f"/api/matches/{m['id']}/actions", body)
            moves += 1
            if p == 0 and moves > 3:
                # A's move: B's viewer gets its delta, then the clocks after it as stored (A's increment included).
                version = post["version"]
                stop = time.time() + 10
                delta = False
                while True:
                    assert time.time() < stop, "no clock message on B after A's move"
                    msg = json.loads(watch.recv(timeout=10))
                    delta = delta or (msg["type"] == "delta" and msg["version"] == version)
                    if delta and msg["type"] == "clock":
                        break
                from_a = httpx.get(f"{a}/api/matches/{m['id']}").json()["clock"]
                from_b = httpx.get(f"{b}/api/matches/{m['id']}").json()["clock"]
                running = msg["clock"]["running"]
                if running is None:  # the clocks have not started yet
                    continue
                assert from_a["running"] == from_b["running"] == running
                idle = 1 - running
                assert from_a["left"][idle] == from_b["left"][idle] == msg["clock"]["left"][idle] > 600000 - 60000
                # The running clock: its time left plus the moment it was read is when it would reach zero, the
                # same on both servers and in the message (one stored state, read at three moments).
                flag_at = {c["left"][running] + c["now"] for c in (from_a, from_b, msg["clock"])}
                assert len(flag_at) == 1, (from_a, from_b, msg["clock"])
                break
        else:
            raise AssertionError("A never moved after the clocks started")
        watch.close()
