"""Regression tests for the defects the server fuzzing found (SV-4): each bad message below used to get a bare
"Internal Server Error" (or, on a WebSocket, a dropped connection) instead of an error naming what was wrong."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

from boardcade.server import create_app
from boardcade.server.storage import Storage

HUMANS = [{"kind": "human"}, {"kind": "human"}]


def post_raw(client, path: str, body: bytes):
    return client.post(path, content=body, headers={"content-type": "application/json"})


def test_sv4_deeply_nested_json_body_is_bad_json_not_a_server_error(h, client):
    r = post_raw(client, "/api/matches", b"[" * 5000 + b"]" * 5000)
    assert (r.status_code, h.error_of(r)) == (400, "bad_json") and "nested" in r.json()["error"]["message"]


def test_sv4_deeply_nested_json_on_a_socket_gets_bad_json_and_the_socket_stays_open(h, client):
    m = h.new_match(client)
    with client.websocket_connect(f"/ws/matches/{m['id']}") as ws:
        ws.send_text("[" * 2000 + "]" * 2000)
        assert ws.receive_json()["code"] == "bad_json"
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}


def test_sv4_number_over_the_digit_limit_is_bad_json_not_a_server_error(h, client):
    r = post_raw(client, "/api/matches", b'{"game": ' + b"7" * 5000 + b"}")
    assert (r.status_code, h.error_of(r)) == (400, "bad_json") and "digits" in r.json()["error"]["message"]


def test_sv4_lone_surrogate_in_an_option_name_is_echoed_escaped_in_the_error(h, client):
    body = b'{"game": "qbert", "options": {"\\ud800x": 1}, "seats": []}'
    r = post_raw(client, "/api/matches", body)
    assert (r.status_code, h.error_of(r)) == (400, "bad_options")
    assert r.content.isascii() and "\\ud800x" in r.text


def test_sv7_agent_name_that_is_not_a_string_is_a_bad_seat_not_a_server_error(h, client):
    r = client.post("/api/matches", json={"game": "qbert", "seats": [{"kind": "agent", "agent": ["random"]}] * 2})
    assert (r.status_code, h.error_of(r)) == (400, "bad_message") and "random" in r.json()["error"]["message"]


def test_sv4_huge_score_in_an_uploaded_record_is_a_bad_record(h, client):
    record = {"format": "boardcade-record", "version": 1, "game": "qbert", "options": {}, "seats": ["a", "b"]}
    r = post_raw(client, "/api/replay", json.dumps({**record, "actions": [], "result": [10**400, 0]}).encode())
    assert (r.status_code, h.error_of(r)) == (400, "bad_record") and "result" in r.json()["error"]["message"]


@pytest.mark.parametrize(
    "method,path,status,code",
    [
        ("GET", "/api/matches?limit=lots", 400, "bad_message"),
        ("GET", "/api/nowhere", 404, "not_found"),
        ("GET", "/api/matches/%2F", 404, "not_found"),  # was a bare redirect (307, empty body) to /api/matches
        ("DELETE", "/api/matches", 405, "bad_method"),
        ("GET", "/static/no-such-file.js", 404, "not_found"),
    ],
)
def test_sv4_bad_parameters_paths_and_methods_get_our_error_format(h, client, method, path, status, code):
    """FastAPI's own errors ({"detail": ...}, echoing the raw input) are replaced by {"error": {code, message}}."""
    r = client.request(method, path)
    assert (r.status_code, h.error_of(r)) == (status, code) and r.json()["error"]["message"]
    assert "detail" not in r.json()


@pytest.mark.parametrize("seat", [True, 1.0, "1", None])
def test_sv4_socket_action_seat_must_be_an_integer(h, client, seat):
    """A seat of True or 1.0 used to pass the 'seat held' check and act as seat 1."""
    m = h.new_match(client)
    state = h.live_state(client, m["id"])
    before = state.history()
    with client.websocket_connect(f"/ws/matches/{m['id']}") as ws:
        ws.send_json({"type": "hello", "seats": [{"seat": s, "token": m["tokens"][str(s)]} for s in (0, 1)]})
        for _ in range(3):
            ws.receive_json()
        ws.send_json({"type": "action", "seat": seat, "version": len(before), "action": state.legal_actions()[0]})
        reply = ws.receive_json()
        assert (reply["type"], reply["code"]) == ("error", "bad_message") and "'seat'" in reply["message"]
    assert h.live_state(client, m["id"]).history() == before


def test_sv4_match_ids_that_cannot_exist_are_not_found_without_asking_the_database(h, postgres_url):
    """PostgreSQL refuses text holding NUL; such an id used to reach it and fail as a server error."""
    storage = Storage(postgres_url)
    try:
        with pytest.raises(Exception, match="NUL"):
            storage.load_match("a\x00b")  # what the server used to do with /api/matches/a%00b
    finally:
        storage.close()
    with TestClient(create_app(postgres_url, settings=h.settings())) as client:
        for path in ("/api/matches/a%00b", "/api/matches/" + "x" * 41, "/api/matches/%C3%A9"):
            r = client.get(path)
            assert (r.status_code, h.error_of(r)) == (404, "not_found"), path
        m = client.post("/api/matches", json={"game": "qbert", "seats": HUMANS}).json()
        assert client.get(f"/api/matches/{m['id']}").status_code == 200


def test_sv4_an_unexpected_failure_reaches_the_client_as_server_error_without_a_traceback(h, sqlite_url, monkeypatch):
    """The last line of defence: a defect is logged on the server; the client gets a code and a sentence only,
    the socket stays open and the match is unchanged."""
    with TestClient(create_app(sqlite_url, settings=h.settings()), raise_server_exceptions=False) as client:
        m = h.new_match(client)
        mgr = client.app.state.manager

        async def broken(*_args):
            raise KeyError("internal detail")

        monkeypatch.setattr(mgr, "submit", broken)
        state = h.live_state(client, m["id"])
        p = state.current_player()
        body = {"seat": p, "token": m["tokens"][str(p)], "version": state.move_number(), "action": 0}
        r = client.post(f"/api/matches/{m['id']}/actions", json=body)
        assert (r.status_code, h.error_of(r)) == (500, "server_error")
        assert "internal detail" not in r.text and "Traceback" not in r.text
        with client.websocket_connect(f"/ws/matches/{m['id']}") as ws:
            ws.send_json({"type": "hello", "seats": [{"seat": p, "token": m["tokens"][str(p)]}]})
            ws.receive_json(), ws.receive_json()
            ws.send_json({"type": "action", "id": 5, **{k: v for k, v in body.items() if k != "token"}})
            reply = ws.receive_json()
            assert (reply["code"], reply["id"]) == ("server_error", 5) and "internal detail" not in json.dumps(reply)
            ws.send_json({"type": "ping"})
            assert ws.receive_json() == {"type": "pong"}
        assert h.live_state(client, m["id"]).history() == state.history()
