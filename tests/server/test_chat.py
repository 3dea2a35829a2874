"""Chat in a match (issue 37 item 2): rules SV-CH1..SV-CH8 (docs/server.md). Players' and spectators' channels,
each seen only by its own members; hostile lines refused or shown as text; floods refused with a retry time and
nobody else slowed; a line stored before anyone hears it; the last lines in every welcome; across two server
processes on PostgreSQL."""

from __future__ import annotations

import json
import time
from contextlib import contextmanager

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select, update
from websockets.sync.client import connect

from boardcade.server import chat as chat_module
from boardcade.server import create_app
from boardcade.server.chat import match_chat
from boardcade.server.launch import claimed_match, post_json
from boardcade.server.storage import matches

from .conftest import two_servers

BIDI = [chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A))]


def join(client, m, seats):
    """A socket on match `m` holding `seats` (none: a spectator); returns it and its welcome."""
    ws = client.websocket_connect(f"/ws/matches/{m['id']}").__enter__()
    client.opened.append(ws)  # closed by `serve` even when the test fails (an open socket would hang its exit)
    ws.send_json({"type": "hello", "seats": [{"seat": s, "token": m["tokens"][str(s)]} for s in seats]})
    welcome = ws.receive_json()
    assert welcome["type"] == "welcome", welcome
    for _ in seats or [None]:
        assert ws.receive_json()["type"] == "state"
    return ws, welcome


def until(ws, kind, skip=("seats", "delta", "state", "ack")):
    """The next message of type `kind`, skipping presence and views (and what else `skip` names)."""
    for _ in range(50):
        msg = ws.receive_json()
        if msg["type"] == kind:
            return msg
        assert msg["type"] in skip, msg
    raise AssertionError(f"no {kind} message")


def refusal(ws, skip=("seats", "delta", "chat")):
    """The error answering the message just sent: a ping follows it, so a message that got no error fails here
    (at the pong) instead of waiting for ever."""
    ws.send_json({"type": "ping"})
    while (msg := ws.receive_json())["type"] != "error":
        assert msg["type"] in skip, f"no error came: {msg}"
    while (after := ws.receive_json()) != {"type": "pong"}:  # lines others said earlier may still be on their way
        assert after["type"] in skip, f"no pong came: {after}"
    return msg


def nothing_more(ws):
    """Nothing but presence reaches `ws` before the answer to a ping: no chat line came to it."""
    ws.send_json({"type": "ping"})
    while (msg := ws.receive_json())["type"] != "pong":
        assert msg["type"] in ("seats", "delta"), f"unexpected {msg}"


def stored(client, match_id):
    storage = client.app.state.manager.storage
    with storage.engine.connect() as conn:
        rows = conn.execute(select(match_chat).where(match_chat.c.match_id == match_id).order_by(match_chat.c.id))
        return [dict(r._mapping) for r in rows]


@contextmanager
def serve(sqlite_url, settings):
    with TestClient(create_app(sqlite_url, settings=settings)) as c:
        c.opened = []
        try:
            yield c
        finally:
            for ws in c.opened:
                try:
                    ws.__exit__(None, None, None)
                except Exception:
                    pass


@pytest.fixture
def chat_client(h, sqlite_url):
    """A server whose per-connection chat limit is 4 lines at once and 1 a minute (so a test never waits for
    tokens to come back); the per-address limit off unless a test sets it."""
    with serve(sqlite_url, h.settings(chat_burst=4, chat_per_minute=1, chat_address_per_minute=0)) as c:
        yield c


def test_sv_ch1_players_and_spectators_each_hear_only_their_own_channel(h, chat_client):
    client = chat_client
    m = h.new_match(client)
    a, _ = join(client, m, [0])
    b, _ = join(client, m, [1])
    watcher, welcome = join(client, m, [])
    assert welcome["chat"]["channel"] == "spectators" and welcome["chat"]["lines"] == []
    a.send_json({"type": "chat", "text": "good luck", "id": "c1"})
    for ws in (a, b):
        msg = until(ws, "chat")
        assert (msg["channel"], len(msg["lines"])) == ("players", 1)
        line = msg["lines"][0]
        assert (line["text"], line["seat"], line["sender"]) == ("good luck", 0, "s0")
    watcher.send_json({"type": "chat", "preset": "hello"})
    heard = until(watcher, "chat")
    assert heard["lines"][0]["sender"] == welcome["chat"]["you"][0], "the spectator knows its own lines"
    assert heard["channel"] == "spectators" and heard["lines"][0]["text"] == "Hello"
    assert heard["lines"][0]["name"].startswith("Spectator ") and heard["lines"][0]["seat"] is None
    nothing_more(watcher)  # the players' line never reached the spectator
    nothing_more(a)  # nor the spectator's the players
    nothing_more(b)
    lines = [(r["channel"], r["text"]) for r in stored(client, m["id"])]
    assert lines == [("players", "good luck"), ("spectators", "Hello")]


def test_sv_ch2_hostile_lines_are_refused_naming_what_is_wrong_or_kept_as_plain_text(h, chat_client):
    client = chat_client
    m = h.new_match(client)
    a, _ = join(client, m, [0])
    b, _ = join(client, m, [1])
    refused = [("ring\x07bell", "bad_chat", "U+0007"), ("esc\x1b[31m", "bad_chat", "U+001B"), ("", "bad_chat", "empty")]
    refused += [(f"abc{ch}def", "bad_chat", f"U+{ord(ch):04X}") for ch in BIDI]
    refused += [("zero\u200bwidth", "bad_chat", "U+200B"), ("x" * 301, "too_long", "at most 300")]
    refused += [(12, "bad_chat", "'text'"), ("   \n\t ", "bad_chat", "empty")]
    for i, (text, code, named) in enumerate(refused):  # more than the burst: a refused line takes no token
        a.send_json({"type": "chat", "text": text, "id": i})
        reply = refusal(a)
        assert (reply["type"], reply["code"], reply["id"]) == ("error", code, i), (text, reply)
        assert named in reply["message"]
    a.send_json({"type": "chat", "preset": "shout", "id": "p"})
    assert refusal(a)["code"] == "bad_chat"
    a.send_text(json.dumps({"type": "chat", "text": "y" * 10_000}))  # a 10 kB line: over the message limit
    assert refusal(a)["code"] == "too_large"
    assert stored(client, m["id"]) == [], "nothing refused was stored"
    nothing_more(b)
    markup = '<img src=x onerror="alert(1)"> & <script>alert(2)</script>'
    a.send_text(json.dumps({"type": "chat", "text": markup + "\n\tthen   more"}))
    raw = b.receive_text()
    while json.loads(raw)["type"] != "chat":
        raw = b.receive_text()
    assert "<" not in raw and ">" not in raw and "&" not in raw, "markup travels escaped"
    assert json.loads(raw)["lines"][0]["text"] == markup + " then more", "kept as text; line breaks folded"
    a.send_json({"type": "chat", "text": "family 👨\u200d👩\u200d👧 ok"})  # the zero-width joiner of emoji stays
    assert until(b, "chat")["lines"][0]["text"] == "family 👨\u200d👩\u200d👧 ok"


def test_sv_ch3_a_spectator_cannot_write_to_the_players_channel_nor_a_player_to_the_spectators(h, chat_client):
    client = chat_client
    m = h.new_match(client)
    a, _ = join(client, m, [0])
    watcher, _ = join(client, m, [])
    watcher.send_json({"type": "chat", "channel": "players", "text": "psst, move left", "id": 7})
    reply = refusal(watcher)
    assert (reply["code"], reply["id"]) == ("wrong_channel", 7) and "spectators" in reply["message"]
    a.send_json({"type": "chat", "channel": "spectators", "text": "hi all"})
    assert refusal(a)["code"] == "wrong_channel"
    watcher.send_json({"type": "chat", "channel": "lobby", "text": "x"})
    assert refusal(watcher)["code"] == "bad_chat"
    a.send_json({"type": "chat", "seat": 1, "text": "as the other player"})
    assert refusal(a)["code"] == "bad_token", "a seat this connection does not hold"
    nothing_more(a)
    nothing_more(watcher)
    assert stored(client, m["id"]) == []


def test_sv_ch3_chat_with_a_stale_or_wrong_token_is_refused(h, sqlite_url):
    with serve(sqlite_url, h.settings(seat_abandoned_after=0)) as client:
        m = h.new_match(client)
        old = m["tokens"]["1"]
        r = client.post(f"/api/matches/{m['id']}/seats/1/invite", json={"host_token": m["host_token"]})
        assert r.status_code == 200, r.text  # the host handed seat 1 on: its old token is stale
        a, _ = join(client, m, [0])
        with client.websocket_connect(f"/ws/matches/{m['id']}") as ws:
            for token in (old, "not-a-token"):
                ws.send_json({"type": "hello", "seats": [{"seat": 1, "token": token}]})
                assert ws.receive_json()["code"] == "bad_token"
                ws.send_json({"type": "chat", "text": "let me in", "id": 1})
                reply = ws.receive_json()
                assert (reply["code"], reply["id"]) == ("hello_first", 1)
        nothing_more(a)
        assert stored(client, m["id"]) == []


def test_sv_ch4_a_chat_flood_is_refused_with_a_retry_time_and_slows_nobody_else(h, chat_client):
    client = chat_client
    m = h.new_match(client)
    a, _ = join(client, m, [0])
    b, _ = join(client, m, [1])
    for i in range(4):  # the burst: accepted
        a.send_json({"type": "chat", "text": f"spam {i}", "id": i})
        assert until(a, "chat")["lines"][0]["text"] == f"spam {i}"
    for i in range(4, 30):
        a.send_json({"type": "chat", "text": f"spam {i}", "id": i})
        reply = refusal(a)
        assert (reply["code"], reply["id"]) == ("rate_limited", i)
        assert 0 < reply["retry_after"] <= 60 and "try again in" in reply["message"]
    for i in range(4):
        assert until(b, "chat")["lines"][0]["text"] == f"spam {i}"
    b.send_json({"type": "chat", "preset": "gg"})  # the other player is not slowed: their line goes at once
    assert until(b, "chat")["lines"][0]["text"] == "Good game"
    assert until(a, "chat")["lines"][0]["text"] == "Good game"
    state = h.live_state(client, m["id"])
    p = state.current_player()
    mover = a if p == 0 else b
    mover.send_json({"type": "action", "seat": p, "version": state.move_number(), "action": state.legal_actions()[0]})
    assert until(mover, "ack")["version"] > 0, "and moves still go"
    assert len(stored(client, m["id"])) == 5, "only the accepted lines were stored"


def test_sv_ch4_one_address_is_limited_across_its_connections(h, sqlite_url):
    s = h.settings(chat_burst=10, chat_per_minute=1, chat_address_burst=3, chat_address_per_minute=1)
    with serve(sqlite_url, s) as client:
        m = h.new_match(client)
        sockets = [join(client, m, [])[0] for _ in range(4)]  # one address, four connections
        for ws in sockets[:3]:
            ws.send_json({"type": "chat", "text": "hi"})
            assert until(ws, "chat")["lines"][0]["text"] == "hi"
        sockets[3].send_json({"type": "chat", "text": "hi"})
        reply = refusal(sockets[3])
        assert reply["code"] == "rate_limited" and "one address" in reply["message"] and reply["retry_after"] > 0
        for ws in sockets:
            ws.__exit__(None, None, None)
        assert len(stored(client, m["id"])) == 3


def test_sv_ch5_a_line_is_stored_before_anyone_hears_it(h, chat_client, monkeypatch):
    client = chat_client
    m = h.new_match(client)
    a, _ = join(client, m, [0])
    b, _ = join(client, m, [1])

    def database_down(*args):
        from sqlalchemy.exc import OperationalError

        raise OperationalError("INSERT", {}, Exception("the database went away"))

    monkeypatch.setattr(chat_module, "store_line", database_down)
    a.send_json({"type": "chat", "text": "lost?", "id": 3})
    reply = refusal(a)
    assert (reply["code"], reply["id"]) == ("unavailable", 3)
    nothing_more(b)  # nobody heard a line that was not stored
    monkeypatch.undo()
    a.send_json({"type": "chat", "text": "kept"})
    line = until(b, "chat")["lines"][0]
    assert [r["id"] for r in stored(client, m["id"])] == [line["id"]]


def test_sv_ch6_a_joining_client_gets_its_channels_last_lines_in_its_welcome(h, sqlite_url):
    with serve(sqlite_url, h.settings(chat_history=3)) as client:
        m = h.new_match(client)
        a, _ = join(client, m, [0])
        for i in range(5):
            a.send_json({"type": "chat", "text": f"line {i}"})
            until(a, "chat")
        watcher, _ = join(client, m, [])
        watcher.send_json({"type": "chat", "text": "watching"})
        until(watcher, "chat")
        a.__exit__(None, None, None)
        watcher.__exit__(None, None, None)
        client.app.state.manager.live.clear()  # the server let go of the match: read back from the database
        b, welcome = join(client, m, [1])
        assert welcome["chat"]["channel"] == "players"
        assert [x["text"] for x in welcome["chat"]["lines"]] == ["line 2", "line 3", "line 4"]
        again, welcome = join(client, m, [])
        assert [x["text"] for x in welcome["chat"]["lines"]] == ["watching"]


def test_sv_ch7_hot_seat_one_connection_chats_as_the_seat_it_names(h, chat_client):
    client = chat_client
    m = h.new_match(client)
    both, _ = join(client, m, [0, 1])
    both.send_json({"type": "chat", "seat": 1, "preset": "your_turn"})
    line = until(both, "chat")["lines"][0]
    assert (line["seat"], line["sender"], line["text"]) == (1, "s1", "Your turn")
    assert line["name"].startswith("Player 1"), line["name"]


# ---- two server processes on one PostgreSQL (SV-13) -------------------------------------------------------
def recv_until(ws, kind, timeout=10.0, text=None):
    stop = time.time() + timeout
    while time.time() < stop:
        msg = json.loads(ws.recv(timeout=max(0.01, stop - time.time())))
        if msg["type"] == kind and (text is None or msg["lines"][0]["text"] == text):
            return msg
    raise AssertionError(f"no {kind} message in time")


def test_sv_ch5_sv13_a_line_said_through_one_server_reaches_the_other_servers_channel(postgres_url, tmp_path):
    limits = ["--set", "requests_per_second=0", "--set", "creates_per_minute=0"]
    with two_servers(postgres_url, tmp_path, *limits) as ports:
        a, b = (f"http://127.0.0.1:{p}" for p in ports)
        m = claimed_match(a, {"game": "qbert", "seats": [{"kind": "human"}] * 2, "name": "Ann"})
        post_json(b, f"/api/matches/{m['id']}/view", {"seat": 1, "token": m["tokens"]["1"]})
        sockets = []
        for port, seats in ((ports[0], [0]), (ports[1], [1]), (ports[1], [])):
            ws = connect(f"ws://127.0.0.1:{port}/ws/matches/{m['id']}", open_timeout=10, legacy=True)
            ws.send(json.dumps({"type": "hello", "seats": [{"seat": s, "token": m["tokens"][str(s)]} for s in seats]}))
            recv_until(ws, "welcome")
            sockets.append(ws)
        ann, bea, watcher = sockets
        ann.send(json.dumps({"type": "chat", "text": "<b>hi</b> from A"}))
        line = recv_until(bea, "chat")["lines"][0]
        assert (line["text"], line["seat"]) == ("<b>hi</b> from A", 0) and line["name"].startswith("Ann")
        watcher.send(json.dumps({"type": "chat", "text": "spectating on B"}))
        assert recv_until(watcher, "chat")["channel"] == "spectators"
        bea.send(json.dumps({"type": "chat", "preset": "thanks"}))
        assert recv_until(ann, "chat", text="Thanks")["lines"][0]["seat"] == 1, "B's line crosses to A"
        ann.send(json.dumps({"type": "ping"}))
        assert recv_until(ann, "pong")
        late = connect(f"ws://127.0.0.1:{ports[0]}/ws/matches/{m['id']}", open_timeout=10, legacy=True)
        late.send(json.dumps({"type": "hello", "seats": []}))
        welcome = recv_until(late, "welcome")
        assert [x["text"] for x in welcome["chat"]["lines"]] == ["spectating on B"], "A's spectators see B's"
        for ws in (*sockets, late):
            ws.close()
        with Storage_(postgres_url) as storage, storage.engine.connect() as conn:
            count = conn.execute(select(func.count()).where(match_chat.c.match_id == m["id"])).scalar()
        assert count == 3, "each line stored once"


class Storage_:
    """The storage of a database, closed after use."""

    def __init__(self, url):
        from boardcade.server.storage import Storage

        self.storage = Storage(url)

    def __enter__(self):
        return self.storage

    def __exit__(self, *exc):
        self.storage.close()


def test_sv_ch6_a_database_not_answering_for_the_history_does_not_keep_anyone_out(h, chat_client, monkeypatch):
    client = chat_client
    m = h.new_match(client)

    def database_down(*args):
        from sqlalchemy.exc import OperationalError

        raise OperationalError("SELECT", {}, Exception("the database went away"))

    monkeypatch.setattr(chat_module, "recent_lines", database_down)
    a, welcome = join(client, m, [0])  # joins, with no history to show
    assert welcome["chat"]["lines"] == [] and welcome["match"]["id"] == m["id"]
    monkeypatch.undo()
    a.send_json({"type": "chat", "text": "back"})
    assert until(a, "chat")["lines"][0]["text"] == "back"
    b, welcome = join(client, m, [1])
    assert [x["text"] for x in welcome["chat"]["lines"]] == ["back"], "read again once it answers"


def test_sv_ch6_the_talk_stays_with_a_finished_match_and_an_after_game_line_is_kept(h, chat_client):
    """SV-CH6 (issue 37 item 2, "kept with the match record"): the lines said during a match stay with it once it
    has ended; a "Good game" sent after the end is taken and stored; whoever opens the finished match later (the
    server having let go of it) gets the talk in its welcome."""
    client = chat_client
    m = h.new_match(client)
    a, _ = join(client, m, [0])
    b, _ = join(client, m, [1])
    a.send_json({"type": "chat", "text": "good luck"})
    until(b, "chat")
    r = client.post(f"/api/matches/{m['id']}/resign", json={"seat": 1, "token": m["tokens"]["1"]})
    assert r.status_code == 200, r.text
    assert until(a, "ended", skip=("seats", "delta", "state", "ack", "chat", "clock"))["status"] == "finished"
    b.send_json({"type": "chat", "preset": "gg"})
    assert until(a, "chat")["lines"][0]["text"] == "Good game", "a line after the end is heard"
    a.__exit__(None, None, None)
    b.__exit__(None, None, None)
    client.app.state.manager.live.clear()  # the server let go of the finished match: read back from the database
    again, welcome = join(client, m, [0])
    assert client.get(f"/api/matches/{m['id']}").json()["status"] == "finished"
    assert [x["text"] for x in welcome["chat"]["lines"]] == ["good luck", "Good game"]
    assert [(r["channel"], r["text"]) for r in stored(client, m["id"])] == [
        ("players", "good luck"),
        ("players", "Good game"),
    ]


# ---- SV-CH8: earlier lines, a page at a time over HTTP ------------------------------------------------------
@pytest.fixture
def long_chat(h, sqlite_url):
    """A match whose players said 120 lines (more than a welcome's `chat_history`, 50) and a spectator 3."""
    with serve(
        sqlite_url, h.settings(chat_burst=200, chat_per_minute=1, chat_address_per_minute=0, message_burst=200)
    ) as client:
        m = h.new_match(client)
        a, _ = join(client, m, [0])
        for i in range(120):
            a.send_json({"type": "chat", "text": f"line {i}"})
            until(a, "chat")
        watcher, _ = join(client, m, [])
        for i in range(3):
            watcher.send_json({"type": "chat", "text": f"seen {i}"})
            until(watcher, "chat")
        yield client, m


def chat_page(client, m, **body):
    return client.post(f"/api/matches/{m['id']}/chat", json=body)


def test_sv_ch8_a_long_chat_is_read_back_whole_and_in_order_a_page_at_a_time(h, long_chat):
    """SV-CH6, SV-CH8 (issue 37 item 2, "kept with the match record"): a welcome holds the last 50 lines and says
    older ones exist; paging back from there gives every earlier line once, oldest first, then says none remain."""
    client, m = long_chat
    b, welcome = join(client, m, [1])
    chat = welcome["chat"]
    assert [x["text"] for x in chat["lines"]] == [f"line {i}" for i in range(70, 120)]
    assert chat["older"] is True
    got, before, pages = list(chat["lines"]), chat["lines"][0]["id"], []
    while True:
        r = chat_page(client, m, channel="players", seat=1, token=m["tokens"]["1"], before=before, limit=30)
        assert r.status_code == 200, r.text
        page = r.json()
        assert page["channel"] == "players" and len(page["lines"]) <= 30
        ids = [x["id"] for x in page["lines"]]
        assert ids == sorted(ids) and ids[-1] < before, "each page is older than the one before, oldest first"
        pages.append(len(ids))
        got = page["lines"] + got
        if not page["more"]:
            break
        before = ids[0]
    assert pages == [30, 30, 10]
    assert [x["text"] for x in got] == [f"line {i}" for i in range(120)], "every line once, in the order said"
    assert {(x["seat"], x["sender"]) for x in got} == {(0, "s0")}
    latest = chat_page(client, m, channel="players", seat=0, token=m["tokens"]["0"]).json()  # no `before`: the last
    assert [x["text"] for x in latest["lines"]] == [f"line {i}" for i in range(70, 120)] and latest["more"] is True
    whole = chat_page(client, m, channel="spectators", limit=100).json()
    assert [x["text"] for x in whole["lines"]] == ["seen 0", "seen 1", "seen 2"] and whole["more"] is False
    watcher, welcome = join(client, m, [])
    assert welcome["chat"]["older"] is False, "the spectators' 3 lines are all in the welcome"


def test_sv_ch8_the_players_channel_is_read_only_with_a_seat_token_and_stays_after_the_end(h, long_chat):
    """SV-CH1, SV-CH8: whoever may watch reads the spectators' channel; the players' channel needs a seat of the
    match and its token, during the match and after its end (the replay's reader)."""
    client, m = long_chat
    other = h.new_match(client)
    refused = [
        chat_page(client, m, channel="players"),  # a spectator: no seat
        chat_page(client, m, channel="players", seat=1, token="not-the-token"),
        chat_page(client, m, channel="players", seat=1, token=m["tokens"]["0"]),  # seat 0's token for seat 1
        chat_page(client, m, channel="players", seat=0, token=other["tokens"]["0"]),  # another match's token
        chat_page(client, m, channel="players", seat=5, token=m["tokens"]["0"]),
    ]
    for r in refused:
        assert (r.status_code, h.error_of(r)) == (403, "bad_token"), r.text
        assert "line" not in r.text
    assert chat_page(client, m, channel="spectators").status_code == 200
    r = client.post(f"/api/matches/{m['id']}/resign", json={"seat": 1, "token": m["tokens"]["1"]})
    assert r.status_code == 200, r.text
    client.app.state.manager.live.clear()  # the server let go of the finished match: read back from the database
    r = chat_page(client, m, channel="players", seat=1, token=m["tokens"]["1"], limit=100)
    assert r.status_code == 200 and len(r.json()["lines"]) == 100, r.text
    r = chat_page(client, m, channel="players")
    assert (r.status_code, h.error_of(r)) == (403, "bad_token")
    r = client.post("/api/matches/no-such-match/chat", json={"channel": "spectators"})
    assert (r.status_code, h.error_of(r)) == (404, "not_found"), r.text


@pytest.mark.parametrize(
    "body, named, allowed",
    [
        ({}, "'channel'", "'players' or 'spectators'"),
        ({"channel": "all"}, "'channel'", "'players' or 'spectators'"),
        ({"channel": "spectators", "limit": 0}, "'limit'", "from 1 to 100"),
        ({"channel": "spectators", "limit": 101}, "'limit'", "from 1 to 100"),
        ({"channel": "spectators", "limit": "10"}, "'limit'", "from 1 to 100"),
        ({"channel": "spectators", "limit": True}, "'limit'", "from 1 to 100"),
        ({"channel": "spectators", "before": 0}, "'before'", "chat line id"),
        ({"channel": "spectators", "before": "50"}, "'before'", "chat line id"),
        ({"channel": "spectators", "before": 1.5}, "'before'", "chat line id"),
    ],
)
def test_sv_ch8_bad_page_parameters_are_refused_naming_the_field_and_what_is_allowed(
    h, chat_client, body, named, allowed
):
    m = h.new_match(chat_client)
    r = chat_client.post(f"/api/matches/{m['id']}/chat", json=body)
    assert (r.status_code, h.error_of(r)) == (400, "bad_message"), r.text
    message = r.json()["error"]["message"]
    assert named in message and allowed in message, message
    r = chat_client.post(f"/api/matches/{m['id']}/chat", json=["spectators"])
    assert (r.status_code, h.error_of(r)) == (400, "bad_message")


def test_sv_ch8_the_chat_of_a_match_whose_rules_are_gone_is_still_read_with_its_seats(h, chat_client):
    """SV-CH8 with an archived match (played under rules this server can no longer replay: shown as a finished
    record): its talk stays readable, the players' channel with a seat's stored token only."""
    client = chat_client
    m = h.new_match(client)
    a, _ = join(client, m, [0])
    a.send_json({"type": "chat", "text": "an old game"})
    until(a, "chat")
    a.__exit__(None, None, None)
    r = client.post(f"/api/matches/{m['id']}/resign", json={"seat": 1, "token": m["tokens"]["1"]})
    assert r.status_code == 200, r.text
    storage = client.app.state.manager.storage
    with storage.engine.begin() as conn:
        conn.execute(update(matches).where(matches.c.id == m["id"]).values(rules_version=1))
    client.app.state.manager.live.clear()
    assert client.get(f"/api/matches/{m['id']}").json()["status"] == "archived"
    r = chat_page(client, m, channel="players", seat=1, token=m["tokens"]["1"])
    assert r.status_code == 200, r.text
    assert [x["text"] for x in r.json()["lines"]] == ["an old game"]
    for body in ({}, {"seat": 1, "token": m["tokens"]["0"]}, {"seat": 7, "token": m["tokens"]["0"]}):
        r = chat_page(client, m, channel="players", **body)
        assert (r.status_code, h.error_of(r)) == (403, "bad_token"), r.text
    assert chat_page(client, m, channel="spectators").json()["lines"] == []
