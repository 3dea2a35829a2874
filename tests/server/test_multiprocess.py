"""More than one server process on one PostgreSQL (issue 17 finding 6): real `boardcade serve` processes, real
PostgreSQL 15, WebSocket clients on both. A move made through one server reaches the viewers on the other (LISTEN/
NOTIFY), and the other server takes the next move. Also `--workers 2`, and what is refused on SQLite. SV-13."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import httpx
from websockets.sync.client import connect

from boardcade.server.launch import claimed_match, free_port, post_json, start_serve_process

from .conftest import two_servers, until

NO_LIMITS = ["--set", "requests_per_second=0", "--set", "creates_per_minute=0"]


def hello(url: str, seats: list[tuple[int, str]]):
    ws = connect(url, open_timeout=10, legacy=True)
    ws.send(json.dumps({"type": "hello", "seats": [{"seat": s, "token": t} for s, t in seats]}))
    welcome = until(ws, lambda m: m["type"] == "welcome")
    views = {}
    for _ in seats or [None]:
        msg = until(ws, lambda m: m["type"] == "state")
        views[msg["seat"]] = msg
    return ws, welcome, views


def test_sv13_a_move_through_one_server_reaches_the_other_servers_viewers_and_it_takes_the_next(
    clean_postgres, tmp_path
):
    with two_servers(clean_postgres, tmp_path, *NO_LIMITS) as ports:
        a, b = (f"http://127.0.0.1:{p}" for p in ports)
        m = post_json(a, "/api/matches", {"game": "qbert", "seats": [{"kind": "human"}] * 2, "name": "Ann"})
        bea = post_json(b, f"/api/matches/{m['id']}/claim", {"seat": 1, "invite": m["invites"]["1"], "name": "Bea"})
        tokens = {0: m["token"], 1: bea["token"]}
        seen = post_json(a, f"/api/matches/{m['id']}/view", {"seat": 1, "token": tokens[1]})
        assert seen["seat"] == 1, "A (which made the match) accepts the token claimed through B at once"
        ws_a, _, views_a = hello(f"ws://127.0.0.1:{ports[0]}/ws/matches/{m['id']}", [(0, tokens[0])])
        ws_b, welcome_b, views_b = hello(f"ws://127.0.0.1:{ports[1]}/ws/matches/{m['id']}", [(1, tokens[1])])
        watch_b, _, _ = hello(f"ws://127.0.0.1:{ports[1]}/ws/matches/{m['id']}", [])
        assert [s["name"] for s in welcome_b["match"]["seats"]] == ["Ann", "Bea"], "B knows A's claim"
        seen = until(ws_a, lambda x: x["type"] == "seats" and x["seats"][1]["connected"])
        assert seen["seats"][0]["connected"], "A hears from B that seat 1 connected (presence crosses servers)"
        played = 0
        for _ in range(12):  # each player moves through their own server; the other server's viewers follow
            obs = views_a[0]["observation"]
            if obs["is_terminal"]:
                break
            p = obs["current_player"]
            ws, mine, theirs, other = (ws_a, views_a, views_b, ws_b) if p == 0 else (ws_b, views_b, views_a, ws_a)
            version = mine[p]["version"]
            ws.send(json.dumps({"type": "action", "seat": p, "version": version, "action": 0, "id": played}))
            got = until(ws, lambda x: x["type"] in ("delta", "error"))
            if got["type"] == "error":  # action 0 is not always legal: play the first legal one
                assert got["code"] == "illegal_action"
                action = mine[p]["observation"]["legal_actions"][0]["action"]
                ws.send(json.dumps({"type": "action", "seat": p, "version": version, "action": action, "id": played}))
                got = until(ws, lambda x: x["type"] == "delta")
            assert got["from"] == version
            until(ws, lambda x: x["type"] == "ack")
            apply(mine, got)
            crossed = until(other, lambda x: x["type"] == "delta")
            assert crossed["version"] == got["version"], "the other server's player got the same change"
            apply(theirs, crossed)
            watched = until(watch_b, lambda x: x["type"] == "delta")
            assert watched["version"] == got["version"]
            played += 1
        assert played >= 6
        info_a = httpx.get(f"{a}/api/matches/{m['id']}").json()
        info_b = httpx.get(f"{b}/api/matches/{m['id']}").json()
        assert info_a["version"] == info_b["version"] == views_a[0]["version"]
        for ws in (ws_a, ws_b, watch_b):
            ws.close()


def apply(views: dict, msg: dict) -> None:
    held = views[msg["seat"]]
    assert held["version"] == msg["from"]
    obs = {**held["observation"], **msg["changed"], "events": held["observation"]["events"] + msg["events"]}
    views[msg["seat"]] = {"version": msg["version"], "observation": obs}


def test_sv13_workers_2_serves_one_match_from_both_processes(clean_postgres, tmp_path):
    port = free_port()
    server = start_serve_process(clean_postgres, port, tmp_path / "w.log", "--workers", "2", *NO_LIMITS)
    base = f"http://127.0.0.1:{port}"
    try:
        children = Path(f"/proc/{server.pid}/task/{server.pid}/children").read_text().split()
        assert len(children) >= 2, "two server processes"
        m = claimed_match(base, {"game": "mb_centipede", "seats": [{"kind": "human"}, {"kind": "human"}]})
        moved = 0
        with httpx.Client(base_url=base) as http:  # new connections land on either process
            for _ in range(30):
                info = httpx.get(f"{base}/api/matches/{m['id']}").json()
                p = info["observation"]["current_player"]
                if info["status"] != "active" or p < 0:
                    break
                body = {"seat": p, "token": m["tokens"][str(p)]}
                view = httpx.post(f"{base}/api/matches/{m['id']}/view", json=body).json()
                action = view["observation"]["legal_actions"][0]["action"]
                r = http.post(
                    f"/api/matches/{m['id']}/actions", json={**body, "version": view["version"], "action": action}
                )
                assert r.status_code == 200, r.text
                moved += 1
        assert moved >= 10
    finally:
        server.terminate()
        server.wait(20)
    assert "Traceback" not in (tmp_path / "w.log").read_text()


def test_sv13_several_processes_on_sqlite_are_refused_with_a_reason(tmp_path):
    cli = Path(sys.executable).with_name("boardcade")
    db = f"sqlite:///{tmp_path / 'one.sqlite3'}"
    out = subprocess.run([str(cli), "serve", "--database", db, "--workers", "2"], capture_output=True, text=True)
    assert out.returncode == 2 and "PostgreSQL" in out.stderr
    port = free_port()
    first = start_serve_process(db, port, tmp_path / "first.log")
    try:
        second = subprocess.run(
            [str(cli), "serve", "--database", db, "--port", str(free_port())],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert second.returncode == 2 and "already using" in second.stderr
    finally:
        first.terminate()
        first.wait(15)
