"""Server fuzzing (SV-4): over 10,000 malformed, oversized, out-of-order, replayed and wrong-token messages over
HTTP and WebSocket, sent to a real uvicorn server on a loopback port inside this process.

After every message: the client got an error (a code from errors.STATUS, a sentence, no traceback), the match
in memory is unchanged; at the end the stored matches are unchanged, the server still serves and it logged no
unhandled error. Hypothesis generates the messages (derandomized, so a run is repeatable).
"""

from __future__ import annotations

import json
import logging
import random
import socket
import threading
import time
from urllib.parse import quote

import httpx
import pytest
import uvicorn
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.sync.client import connect

from boardcade.server import create_app
from boardcade.server.errors import STATUS
from boardcade.server.protocols import uvicorn_options
from boardcade.server.requests import MAX_BODY
from boardcade.server.settings import Settings
from boardcade.server.ws import MAX_MESSAGE

FUZZ = settings(
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
SENT = {"http": 0, "ws": 0}


class Captured(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """`boardcade serve`'s app under uvicorn on 127.0.0.1 (a free port), with two human-vs-human matches."""
    db = tmp_path_factory.mktemp("fuzz") / "matches.sqlite3"
    # The fuzzers send thousands of messages a second from one address: no rate limits here (they have their own
    # tests in test_hostile.py).
    unlimited = {"requests_per_second": 0, "messages_per_second": 0, "creates_per_minute": 0}
    settings = Settings(database_url=f"sqlite:///{db}", agent_budget=1.0, agent_workers=1, **unlimited)
    app = create_app(settings=settings)
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(app, lifespan="on", **{**uvicorn_options(settings), "log_level": "critical"})
    config.boardcade_settings = settings
    uv = uvicorn.Server(config)
    thread = threading.Thread(target=uv.run, kwargs={"sockets": [sock]}, daemon=True)
    errors = Captured()
    for name in ("boardcade", "uvicorn.error", "uvicorn.asgi"):
        logging.getLogger(name).addHandler(errors)
    thread.start()
    deadline = time.time() + 30
    while not uv.started and time.time() < deadline:
        time.sleep(0.02)
    assert uv.started, "the server did not start"
    http = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=10)
    matches = [new_match(http) for _ in range(2)]
    ns = type("Server", (), {})()
    ns.app, ns.http, ns.ws_url, ns.errors, ns.matches = app, http, f"ws://127.0.0.1:{port}/ws/matches/", errors, matches
    yield ns
    http.close()
    uv.should_exit = True
    thread.join(15)
    for name in ("boardcade", "uvicorn.error", "uvicorn.asgi"):
        logging.getLogger(name).removeHandler(errors)


def new_match(http) -> dict:
    """A human-vs-human Q*bert match with both seats claimed: m["tokens"] = {"0": token, "1": token}."""
    m = http.post("/api/matches", json={"game": "qbert", "seats": [{"kind": "human"}] * 2}).json()
    m["tokens"] = {str(m["seat"]): m["token"]}
    for seat, invite in m["invites"].items():
        claim = http.post(f"/api/matches/{m['id']}/claim", json={"seat": int(seat), "invite": invite, "name": "P"})
        m["tokens"][seat] = claim.json()["token"]
    return m


def live(server, m):
    return server.app.state.manager.live[m["id"]].state


def snapshot(server) -> list[list[int]]:
    return [live(server, m).history() for m in server.matches]


def assert_error(text: str, status: int | None = None) -> dict:
    """An error message in our format: a known code, a sentence, no traceback."""
    assert "Traceback" not in text and 'File "' not in text, text
    data = json.loads(text)
    err = data["error"] if "error" in data else data
    assert err.get("type", "error") == "error", data
    assert err["code"] in STATUS and err["code"] != "server_error", data
    assert isinstance(err["message"], str) and err["message"], data
    if status is not None:
        assert status == STATUS[err["code"]], (status, data)
    return err


def stored_versions(server) -> dict[str, int]:
    ids = {m["id"] for m in server.matches}
    return {m["id"]: m["version"] for m in server.app.state.manager.storage.list_matches(None, 500) if m["id"] in ids}


def assert_server_healthy(server, before: list[list[int]]) -> None:
    assert snapshot(server) == before, "no bad message changed a match"
    assert stored_versions(server) == {m["id"]: len(h) for m, h in zip(server.matches, before, strict=True)}
    assert server.http.get("/api/games").status_code == 200, "the server keeps serving"
    assert not server.errors.records, [r.getMessage() for r in server.errors.records]


# ---- message strategies -------------------------------------------------------------------------------------
scalars = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12)
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=10,
)
huge_int = st.integers(min_value=4400, max_value=6000).map(lambda n: "9" * n)
deep = st.integers(min_value=900, max_value=4000).map(lambda n: "[" * n + "]" * n)
raw_texts = st.one_of(
    st.text(max_size=40),
    st.binary(max_size=40).map(lambda b: b.decode("latin-1")),
    deep,
    st.sampled_from(['{"type":', "{'type': 'ping'}", '{"type": "ping"', "NaN", "", "\ud800", '"\\ud800"']),
)


def not_(valid):
    """Any JSON value except `valid` as an int (bools, floats and strings are wrong types too)."""
    return json_values.filter(lambda v: not (type(v) is int and v == valid))


def wrong_token(right: str, other: str):
    """Tokens that must not work: another seat's, near misses of the right one, wrong types, oversized."""
    return st.one_of(
        st.just(other),
        st.just(right.upper() if right.upper() != right else right.lower()),
        st.just(right[:-1]),
        st.just(right + "A"),
        st.just(" " + right),
        st.integers(0, len(right) - 1).map(lambda i: right[:i] + ("A" if right[i] != "A" else "B") + right[i + 1 :]),
        st.just(right * 9),
        json_values.filter(lambda v: v != right),
    )


@st.composite
def bad_actions(draw, state, tokens, fields=("seat", "token", "version", "action")):
    """A valid action message with at least one field made wrong (or left out)."""
    p = state.current_player()
    legal = state.legal_actions()
    good = {"seat": p, "token": tokens[str(p)], "version": state.move_number(), "action": legal[0]}
    wrong = draw(st.sets(st.sampled_from(fields), min_size=1))
    msg = dict(good)
    for key in wrong:
        if draw(st.booleans()) and key != "token":
            del msg[key]
        elif key == "token":
            msg[key] = draw(wrong_token(good["token"], tokens[str(1 - p)]))
        elif key == "action":
            msg[key] = draw(json_values.filter(lambda v: not (type(v) is int and v in legal)))
        else:
            msg[key] = draw(not_(good[key]))
    return msg


# ---- HTTP ---------------------------------------------------------------------------------------------------
def http_send(server, method: str, path: str, **kw) -> httpx.Response:
    SENT["http"] += 1
    if "json" in kw:  # Python's encoder, which also writes NaN and Infinity (the server must cope with them)
        kw["content"] = json.dumps(kw.pop("json")).encode()
        kw["headers"] = {"content-type": "application/json"}
    return server.http.request(method, path, **kw)


def fuzz(examples: int, minimum: int, channel: str):
    """Run the wrapped check for `examples` Hypothesis examples, then make sure `minimum` messages went out."""

    def wrap(check):
        def test(server):
            start = SENT[channel]
            settings(FUZZ, max_examples=examples)(given(data=st.data())(lambda data: check(server, data)))()
            assert SENT[channel] - start >= minimum, f"only {SENT[channel] - start} messages were sent"

        test.__name__, test.__doc__ = check.__name__, check.__doc__
        return test

    return wrap


@fuzz(examples=1200, minimum=2400, channel="http")
def test_sv4_fuzz_http_actions_and_views_with_wrong_fields_or_tokens_are_refused(server, data):
    """Actions and seat views with a wrong seat, token (another seat's, near misses, wrong types), version or
    action, or with fields left out."""
    before = snapshot(server)
    m = data.draw(st.sampled_from(server.matches))
    state = live(server, m)
    body = data.draw(bad_actions(state, m["tokens"]))
    r = http_send(server, "POST", f"/api/matches/{m['id']}/actions", json=body)
    assert_error(r.text, r.status_code)
    view = data.draw(bad_actions(state, m["tokens"], fields=("seat", "token")))
    r = http_send(server, "POST", f"/api/matches/{m['id']}/view", json=view)
    if r.status_code == 200:  # another seat's correct token for that seat: a view, but never a change
        assert view["token"] == m["tokens"].get(str(view["seat"]))
    else:
        assert_error(r.text, r.status_code)
    assert snapshot(server) == before


record_fields = st.sampled_from(["format", "version", "game", "options", "seats", "actions", "result", "started_at"])


@fuzz(examples=1000, minimum=1000, channel="http")
def test_sv4_fuzz_http_malformed_and_oversized_bodies_get_errors(server, data):
    """Bodies that are not JSON, too deeply nested, hold too long a number, are over 16 KiB, or ask for a match
    with wrong options or seats."""
    before = snapshot(server)
    m = data.draw(st.sampled_from(server.matches))
    path = data.draw(
        st.sampled_from(["/api/matches", f"/api/matches/{m['id']}/actions", f"/api/matches/{m['id']}/view"])
    )
    kind = data.draw(st.sampled_from(["json", "raw", "oversized", "create", "huge_int"]))
    if kind == "json":
        body = json.dumps(data.draw(json_values.filter(lambda v: not isinstance(v, dict) or "game" not in v)))
    elif kind == "raw":
        body = data.draw(raw_texts)
    elif kind == "huge_int":
        body = '{"seat": 0, "token": "x", "version": ' + data.draw(huge_int) + "}"
    elif kind == "oversized":
        body = json.dumps({"seat": 0, "pad": "x" * (MAX_BODY + data.draw(st.integers(1, 5000)))})
    else:  # a match request with a known game but something wrong in it
        body = json.dumps(
            {
                "game": data.draw(st.sampled_from(["qbert", "mb_centipede", "atari_centipede", "pong", ""])),
                "options": data.draw(st.dictionaries(st.text(max_size=20), json_values, min_size=1, max_size=3)),
                "seats": data.draw(json_values),
            }
        )
    r = http_send(
        server,
        "POST",
        path,
        content=body.encode("utf-8", "surrogatepass"),
        headers={"content-type": "application/json"},
    )
    assert_error(r.text, r.status_code)
    assert snapshot(server) == before


@fuzz(examples=700, minimum=2100, channel="http")
def test_sv4_fuzz_http_records_paths_and_methods_get_errors(server, data):
    """Uploaded records with a wrong field, unknown paths and methods, unfinished records, bad list queries."""
    before = snapshot(server)
    m = data.draw(st.sampled_from(server.matches))
    record = {"format": "boardcade-record", "version": 1, "game": "qbert", "options": {}, "seats": ["a", "b"]}
    record["actions"] = live(server, m).history()
    key = data.draw(record_fields)
    wrong_type = json_values.filter(lambda v: not isinstance(v, (str, dict, list, type(None))))
    record[key] = data.draw(
        {
            "format": json_values.filter(lambda v: v != "boardcade-record"),
            "version": json_values.filter(lambda v: v != 1),  # the record reader takes True and 1.0 for 1
            "result": wrong_type | st.just([10**400]) | st.just(["1"]),
            "actions": wrong_type | st.just([-1]) | st.just([10**30]) | st.just([0.5]),
        }.get(key, wrong_type)
    )
    r = http_send(server, "POST", "/api/replay", json=record)
    assert_error(r.text, r.status_code)
    segment = quote(data.draw(st.text(min_size=1, max_size=60).filter(lambda s: s not in (m["id"], ".", ".."))), "")
    method, path = data.draw(
        st.sampled_from(
            [
                ("GET", f"/api/matches/{segment}"),
                ("GET", f"/api/matches/{m['id']}/record"),
                ("GET", f"/api/matches/{m['id']}/replay"),
                ("GET", "/api/games/" + segment + "/rules"),
                ("DELETE", f"/api/matches/{m['id']}"),
                ("PUT", "/api/matches"),
                ("GET", "/api/nowhere"),
            ]
        )
    )
    r = http_send(server, method, path)
    assert_error(r.text, r.status_code)
    query = data.draw(st.dictionaries(st.sampled_from(["status", "limit"]), st.text(max_size=10), min_size=1))
    r = http_send(server, "GET", "/api/matches", params=query)
    if r.status_code == 200:
        assert query.get("status") in (None, "active", "finished", "expired") and "matches" in r.json()
    else:
        assert_error(r.text, r.status_code)
    assert snapshot(server) == before


# ---- WebSocket ----------------------------------------------------------------------------------------------
def ws_exchange(ws, payload: str | bytes, msg_id=None) -> dict:
    SENT["ws"] += 1
    if isinstance(payload, str) and not payload.isascii():
        try:
            payload.encode()
        except UnicodeEncodeError:  # a lone surrogate cannot go in a text frame: send its bytes as a binary one
            payload = payload.encode("utf-8", "surrogatepass")
    ws.send(payload)
    reply = ws.recv(timeout=10)
    err = assert_error(reply)
    if msg_id is not None:
        assert err["id"] == msg_id
    return err


def bad_ws_text(state, tokens):
    """Messages that are wrong whatever the connection holds: not JSON, not an object, oversized, unknown type."""
    return st.one_of(
        raw_texts,
        json_values.filter(lambda v: not isinstance(v, dict)).map(json.dumps),
        st.dictionaries(st.text(max_size=6), json_values, max_size=3)
        .filter(lambda d: d.get("type") not in ("hello", "action", "ping"))
        .map(json.dumps),
        st.integers(1, 3000).map(lambda n: json.dumps({"type": "ping", "pad": "x" * (MAX_MESSAGE + n)})),
        huge_int.map(lambda n: '{"type": "action", "version": ' + n + "}"),
        st.binary(max_size=20),
        bad_actions(state, tokens, fields=("seat", "version", "action")).map(
            lambda a: json.dumps({"type": "action", "id": "A", **a})
        ),
    )


@st.composite
def bad_seat_claim(draw, tokens):
    """{"seat", "token"} that does not authenticate: a wrong token for a real seat, or a seat that is not one."""
    seat = draw(st.sampled_from([0, 1]) | json_values)
    if type(seat) is int and seat in (0, 1):
        return {"seat": seat, "token": draw(wrong_token(tokens[str(seat)], tokens[str(1 - seat)]))}
    return {"seat": seat, "token": draw(st.sampled_from([tokens["0"], tokens["1"]]) | json_values)}


@st.composite
def bad_hellos(draw, tokens):
    seats = draw(
        st.one_of(
            json_values.filter(lambda v: v and not isinstance(v, list)),
            st.lists(bad_seat_claim(tokens), min_size=1, max_size=3),
            st.lists(json_values.filter(lambda v: not isinstance(v, dict)), min_size=1, max_size=3),
            st.just([{"seat": 0, "token": tokens["0"]}] * 9),
        )
    )
    return json.dumps({"type": "hello", "seats": seats})


@fuzz(examples=700, minimum=4500, channel="ws")
def test_sv4_fuzz_websocket_bad_messages_before_and_after_joining_each_get_one_error(server, data):
    """Junk, oversized and binary frames, actions before hello, bad hellos, second hellos, actions for seats not
    held, stale or future versions and illegal actions: one error each, then the socket still answers a ping."""
    before = snapshot(server)
    m = data.draw(st.sampled_from(server.matches))
    state = live(server, m)
    p = state.current_player()
    with connect(server.ws_url + m["id"], open_timeout=10, close_timeout=2, max_size=1 << 22) as ws:
        for _ in range(data.draw(st.integers(1, 3))):  # not joined yet: out of order, bad hellos
            kind = data.draw(st.sampled_from(["text", "hello", "early_action"]))
            if kind == "early_action":
                msg = {"type": "action", "id": 7, "seat": p, "version": state.move_number(), "action": 0}
                assert ws_exchange(ws, json.dumps(msg), 7)["code"] == "hello_first"
            elif kind == "hello":
                assert ws_exchange(ws, data.draw(bad_hellos(m["tokens"])))["code"] in ("bad_message", "bad_token")
            else:
                ws_exchange(ws, data.draw(bad_ws_text(state, m["tokens"])))
        held = data.draw(st.sampled_from([[], [p], [1 - p], [0, 1]]))
        SENT["ws"] += 1
        ws.send(json.dumps({"type": "hello", "seats": [{"seat": s, "token": m["tokens"][str(s)]} for s in held]}))
        assert json.loads(ws.recv(timeout=10))["type"] == "welcome"
        for _ in held or [None]:
            assert json.loads(ws.recv(timeout=10))["type"] == "state"
        for _ in range(data.draw(st.integers(2, 6))):  # joined: wrong seats, stale versions, second hello, junk
            kind = data.draw(st.sampled_from(["text", "action", "hello"]))
            if kind == "hello":
                again = json.dumps({"type": "hello", "seats": [{"seat": p, "token": m["tokens"][str(p)]}]})
                assert ws_exchange(ws, again)["code"] == "bad_message"
            elif kind == "action":
                body = data.draw(bad_actions(state, m["tokens"], fields=("seat", "version", "action")))
                body.pop("token")
                ws_exchange(ws, json.dumps({"type": "action", "id": [1, "x"], **body}), [1, "x"])
            else:
                ws_exchange(ws, data.draw(bad_ws_text(state, m["tokens"])))
            assert snapshot(server) == before
        SENT["ws"] += 1
        ws.send('{"type": "ping"}')
        assert json.loads(ws.recv(timeout=10)) == {"type": "pong"}, "the connection still serves after errors"
    assert snapshot(server) == before


def test_sv4_replayed_and_out_of_order_actions_are_refused_and_applied_once(server):
    """Every accepted action, resent on the same or another connection, over WebSocket or HTTP, is refused as a
    duplicate (recent) or stale version (older); actions for future versions are stale; nothing is applied twice.
    The server's dice are seeded, so the match cannot end before the 30 actions it sends."""
    server.app.state.manager.rng = random.Random(2024)
    m = new_match(server.http)
    both = [{"seat": s, "token": m["tokens"][str(s)]} for s in (0, 1)]
    hello = json.dumps({"type": "hello", "seats": both})
    sent: list[dict] = []
    with connect(server.ws_url + m["id"]) as ws, connect(server.ws_url + m["id"]) as other:
        for sock in (ws, other):
            sock.send(hello)
            for _ in range(3):
                sock.recv(timeout=10)
        for step in range(30):
            state = live(server, m)
            if state.is_terminal():
                break
            msg = {"type": "action", "id": step, "seat": state.current_player(), "version": state.move_number()}
            msg["action"] = state.legal_actions()[step % len(state.legal_actions())]
            ws.send(json.dumps(msg))
            replies = [json.loads(ws.recv(timeout=10)) for _ in range(3)]
            assert replies[-1]["type"] == "ack", replies
            for _ in range(2):
                other.recv(timeout=10)  # the two state messages of the change
            sent.append(msg)
            history = live(server, m).history()
            for old in sent[-3:]:  # resent right away on both connections
                for sock in (ws, other):
                    assert ws_exchange(sock, json.dumps(old), old["id"])["code"] == "duplicate"
            future = {**msg, "version": len(history) + 1, "id": "f"}
            assert ws_exchange(ws, json.dumps(future), "f")["code"] == "stale_version"
            for old in sent[:-16]:  # long ago: no longer remembered, still refused
                assert ws_exchange(other, json.dumps(old), old["id"])["code"] in ("stale_version", "duplicate")
            for old in sent[-2:]:
                r = http_send(server, "POST", f"/api/matches/{m['id']}/actions", json={**both[old["seat"]], **old})
                assert assert_error(r.text, r.status_code)["code"] == "duplicate"
            assert live(server, m).history() == history, "a replay changed the match"
    stored = server.app.state.manager.storage.load_match(m["id"])
    assert stored.actions == live(server, m).history() and len(sent) == 30


def test_sv4_after_the_fuzzing_the_server_is_unharmed(server):
    """Runs last in this module (the four fuzz tests above send at least 2,400 + 1,000 + 2,100 + 4,500 = 10,000
    messages): the fuzzed matches never moved, storage agrees, the server serves and logged no unhandled error."""
    print(f"fuzz messages sent: {SENT} total={SENT['http'] + SENT['ws']}")
    assert_server_healthy(server, snapshot(server))
    for m in server.matches:
        assert server.app.state.manager.storage.load_match(m["id"]).actions == live(server, m).history()
        assert len(live(server, m).history()) == m["version"], "the fuzzed matches never moved"
