"""Hostile clients against the real transport (uvicorn with the protocol classes of `boardcade serve`, on a
loopback port): each test reproduces one attack that used to work (issue 17) and checks that it now hurts only
the attacker. SV-8 (slow and flooding clients), SV-9 (transport limits), SV-10 (browser-facing security).
All loops are bounded in count and time; the time bounds are generous (this machine is shared)."""

from __future__ import annotations

import contextlib
import json
import resource
import socket
import statistics
import time

import httpx
import pytest
from fastapi.testclient import TestClient
from websockets.sync.client import connect

from boardcade.server import create_app


def new_match(h, http) -> dict:
    """A Q*bert match that outlasts these tests when `play_http` plays it (no round cap in sight)."""
    return h.new_match(http, options={"max_turns_per_round": 1000, "tiebreak_max_pairs": 20})


def play_http(http: httpx.Client, m: dict, steps: int, manager) -> list[float]:
    """Play `steps` actions over HTTP, Q*bert never hopping (so the match does not end); the round trip of each."""
    times = []
    for _ in range(steps):
        state = manager.live[m["id"]].state
        assert not state.is_terminal(), "the match should outlast the test"
        p = state.current_player()
        legal = state.legal_actions()
        stops = [a for a in legal if state.action_info(a)["kind"] == "stop"]
        body = {
            "seat": p,
            "token": m["tokens"][str(p)],
            "version": state.move_number(),
            "action": (stops or legal)[0],
        }
        t = time.perf_counter()
        r = http.post(f"/api/matches/{m['id']}/actions", json=body)
        times.append(time.perf_counter() - t)
        assert r.status_code == 200, r.text
    return times


def test_sv8_a_socket_that_stops_reading_is_dropped_and_never_holds_up_the_match(h, sqlite_url):
    """Finding 1: one spectator that stopped reading froze the match (broadcast awaited each send under the
    match lock) and made SIGTERM hang. Here a spectator asks for the whole view over and over and never reads."""
    with h.uvicorn_server(
        sqlite_url,
        send_queue_bytes=65536,
        sync_bytes_per_second=0,
        messages_per_second=0,
        send_timeout=1.0,
        graceful_shutdown=2,
    ) as srv:
        http = httpx.Client(base_url=srv.url, timeout=10)
        m = new_match(h, http)
        slow = h.RawSocket(srv.port, f"/ws/matches/{m['id']}", rcvbuf=4096)
        slow.send(json.dumps({"type": "hello", "seats": []}))
        match = srv.manager.live[m["id"]]
        deadline = time.time() + 20
        while not match.clients and time.time() < deadline:
            time.sleep(0.01)
        assert match.clients, "the spectator joined"
        times: list[float] = []
        while time.time() < deadline and any(c.seats == () for c in match.clients):
            for _ in range(20):
                try:
                    slow.send(json.dumps({"type": "sync"}))
                except OSError:  # dropped: the server cut the connection
                    break
            times += play_http(http, m, 3, srv.manager)
        assert not any(c.seats == () for c in match.clients), "the slow reader was dropped"
        assert any("dropping a WebSocket client" in r.getMessage() for r in srv.log.records)
        times += play_http(http, m, 30, srv.manager)  # and the match goes on
        assert len(times) >= 20 and max(times) < 3.0, f"moves kept being answered (slowest {max(times):.2f} s)"
        slow.close()
        stop = time.time()
        http.close()
    assert time.time() - stop < 15, "shutting down did not hang"


def test_sv8_a_message_flood_is_slowed_down_without_slowing_anyone_else(h, sqlite_url):
    """Finding 3: a ping flood from one socket (47k/s) raised everyone else's round trip from 5 ms to 2 s.
    Here the flooder's messages are read at the configured rate: it gets `rate_limited` once, and far fewer
    answers than it sent; another client's pings keep being answered quickly."""
    rate, burst = 50, 50
    with h.uvicorn_server(sqlite_url, messages_per_second=rate, message_burst=burst) as srv:
        http = httpx.Client(base_url=srv.url, timeout=10)
        m = new_match(h, http)
        url = f"ws://127.0.0.1:{srv.port}/ws/matches/{m['id']}"
        flood = h.RawSocket(srv.port, f"/ws/matches/{m['id']}")
        ping = flood.frame(b'{"type":"ping"}')
        start = time.time()
        sent = 0
        flood.sock.setblocking(False)
        with connect(url, open_timeout=10) as other:
            other.send(json.dumps({"type": "hello", "seats": []}))
            other.recv(timeout=10), other.recv(timeout=10)
            rtts = []
            while time.time() - start < 2.0:
                try:
                    sent += flood.sock.send(ping * 200) // len(ping)
                except BlockingIOError:  # the server stopped reading the flooder: its socket is full
                    pass
                t = time.perf_counter()
                other.send('{"type": "ping"}')
                assert json.loads(other.recv(timeout=10)) == {"type": "pong"}
                rtts.append(time.perf_counter() - t)
                time.sleep(0.04)  # a well-behaved client: about 20 messages a second
        flood.sock.setblocking(True)
        flood.sock.settimeout(0.5)
        answers = []
        until = time.time() + 1.0  # the answers the flooder got in its 2 s and one more second (it still owes)
        try:
            while time.time() < until:
                opcode, payload = flood.read_frame()
                if opcode == 1:
                    answers.append(json.loads(payload))
        except (TimeoutError, ConnectionError, OSError):
            pass
        elapsed = time.time() - start
    assert sent > 5 * (burst + rate * elapsed), "the flood was a flood"
    refusals = [a for a in answers if a.get("type") == "error"]
    assert len(refusals) == 1 and refusals[0]["code"] == "rate_limited" and f"at most {rate}" in refusals[0]["message"]
    pongs = sum(1 for a in answers if a.get("type") == "pong")
    assert pongs <= burst + rate * elapsed + 10, f"{pongs} answers in {elapsed:.1f} s: the rate was not kept"
    assert statistics.median(rtts) < 0.2, f"others' round trip (median {statistics.median(rtts) * 1000:.0f} ms)"


def _rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def test_sv9_huge_headers_are_refused_after_16_kib_and_cost_no_memory(h, sqlite_url):
    """Finding 4: four 50 MiB headers took 200 MiB that was never freed (httptools reads headers without limit).
    Here the h11 parser refuses a request head over max_header_bytes with 400 and closes the connection."""
    with h.uvicorn_server(sqlite_url) as srv:
        before = _rss_mib()
        for _ in range(4):
            sock = socket.create_connection(("127.0.0.1", srv.port), timeout=10)
            sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ")
            sent = 0
            try:
                while sent < 50 << 20:
                    sock.sendall(b"a" * (1 << 20))
                    sent += 1 << 20
            except OSError:  # the server closed the connection
                pass
            answer = b""
            try:
                while chunk := sock.recv(65536):
                    answer += chunk
            except OSError:
                pass
            sock.close()
            assert sent < 50 << 20, "the server kept reading an endless header"
            assert answer.startswith(b"HTTP/1.1 400") or answer == b"", answer[:100]
        assert _rss_mib() - before < 40, "the refused headers were not kept in memory"
        assert httpx.get(srv.url + "/api/games").status_code == 200


def test_sv9_connections_that_never_finish_their_headers_are_closed_and_capped(h, sqlite_url):
    """Finding 4: no header-read timeout, so 1,000 half-open connections locked everyone out. Here a connection
    that does not deliver its request head within header_timeout is closed, even one that trickles bytes, and
    one peer address can hold at most max_tcp_connections_per_ip connections (nobody else is affected)."""
    cap = 40
    with h.uvicorn_server(sqlite_url, header_timeout=1.0, max_tcp_connections_per_ip=cap, trusted_proxies=[]) as srv:
        idle = [socket.create_connection(("127.0.0.1", srv.port), timeout=5) for _ in range(cap)]
        extra = socket.create_connection(("127.0.0.1", srv.port), timeout=5)
        assert extra.recv(1) == b"", "a connection over the cap is closed at once"
        trickle = idle.pop()
        start = time.time()
        closed_at = None
        while time.time() - start < 6:
            try:
                trickle.sendall(b"G")  # one byte of a request line every 0.2 s: never a whole head
                time.sleep(0.2)
            except OSError:
                closed_at = time.time() - start
                break
        assert closed_at is not None and closed_at < 4, "a trickling request head is cut off"
        for sock in idle:
            sock.settimeout(5)
            assert sock.recv(1) == b"", "an idle connection is closed after the header timeout"
            sock.close()
        with httpx.Client(base_url=srv.url) as http:  # keep-alive: each request head on time, then idle
            assert http.get("/api/games").status_code == 200
            time.sleep(1.5)
            assert http.get("/api/games").status_code == 200
        assert not srv.log.tracebacks()


def test_sv10_oversized_frames_are_refused_from_their_header(h, sqlite_url):
    """Finding 10: a large frame was read whole (1 MiB) before being refused. Here a frame that declares more
    than max_ws_frame bytes (8 KiB) is refused (close 1009) after its header alone: the payload is never sent."""
    with h.uvicorn_server(sqlite_url) as srv:
        m = new_match(h, httpx.Client(base_url=srv.url))
        raw = h.RawSocket(srv.port, f"/ws/matches/{m['id']}")
        assert raw.status == 101
        raw.sock.sendall(raw.frame(b"{", declared=32 << 10)[:8])  # header and mask of a 32 KiB frame
        opcode, payload = raw.read_frame()
        assert opcode == 8 and int.from_bytes(payload[:2], "big") == 1009
        assert not srv.log.tracebacks()


def test_sv10_invalid_utf8_closes_the_socket_with_one_line_and_no_traceback(h, sqlite_url):
    """Finding 10: each text frame of invalid UTF-8 logged a traceback."""
    with h.uvicorn_server(sqlite_url) as srv:
        m = new_match(h, httpx.Client(base_url=srv.url))
        for _ in range(3):
            raw = h.RawSocket(srv.port, f"/ws/matches/{m['id']}")
            raw.send(b'{"type": "ping", "x": "\xff\xfe"}')
            opcode, payload = raw.read_frame()
            assert opcode == 8 and int.from_bytes(payload[:2], "big") == 1007
            raw.close()
        time.sleep(0.2)
        assert not srv.log.tracebacks(), srv.log.tracebacks()
        lines = [r for r in srv.log.records if "UTF-8" in r.getMessage()]
        assert len(lines) == 3 and all(r.exc_info is None for r in lines)


@pytest.mark.parametrize(
    "origin,host,allowed",
    [
        (None, None, True),  # not a browser
        ("SAME", None, True),  # the server's own page
        ("http://evil.example", None, False),  # another site's page
        ("null", None, False),  # a sandboxed frame
        ("SAME", "evil.example", False),  # DNS rebinding: a foreign name for a loopback server
    ],
)
def test_sv10_websockets_from_other_sites_or_host_names_are_refused(h, sqlite_url, origin, host, allowed):
    """Finding 10: no Origin or Host check on WebSockets, so any web page could play in a visitor's name."""
    with h.uvicorn_server(sqlite_url) as srv:
        m = new_match(h, httpx.Client(base_url=srv.url))
        if origin == "SAME":
            origin = f"http://{host or f'127.0.0.1:{srv.port}'}"
        raw = h.RawSocket(srv.port, f"/ws/matches/{m['id']}", origin=origin, host=host)
        assert (raw.status == 101) == allowed, raw.status
        if not allowed:
            assert raw.status == 403


def test_sv10_cross_site_posts_and_foreign_hosts_are_refused_and_headers_are_set(h, sqlite_url):
    """Finding 10: a cross-site text/plain POST (no CORS preflight) created matches; no security headers."""
    with h.uvicorn_server(sqlite_url) as srv:
        http = httpx.Client(base_url=srv.url)
        body = json.dumps({"game": "qbert", "seats": [{"kind": "human"}] * 2})
        r = http.post("/api/matches", content=body, headers={"content-type": "text/plain"})
        assert (r.status_code, r.json()["error"]["code"]) == (415, "bad_media_type")
        r = http.post("/api/matches", content=body, headers={"content-type": "application/x-www-form-urlencoded"})
        assert r.status_code == 415
        r = http.post(
            "/api/matches", content=body, headers={"content-type": "application/json", "origin": "http://evil.example"}
        )
        assert (r.status_code, r.json()["error"]["code"]) == (403, "bad_origin")
        r = http.get("/api/games", headers={"host": "evil.example"})
        assert (r.status_code, r.json()["error"]["code"]) == (403, "bad_origin")
        assert http.get("/api/matches").json()["matches"] == [], "no match was created"
        same = {"content-type": "application/json", "origin": srv.url}
        assert http.post("/api/matches", content=body, headers=same).status_code == 201
        for path in ("/", "/static/app.js", "/api/games", "/api/nowhere"):
            headers = http.get(path).headers
            csp = headers["content-security-policy"]
            assert "default-src 'self'" in csp and "frame-ancestors 'none'" in csp and "script-src 'self'" in csp
            assert headers["x-content-type-options"] == "nosniff"
            assert headers["referrer-policy"] == "no-referrer"
            assert headers["x-frame-options"] == "DENY"


def test_sv8_too_many_sockets_from_one_address_are_refused_with_a_reason(h, sqlite_url):
    with h.uvicorn_server(sqlite_url, max_connections_per_ip=3) as srv:
        m = new_match(h, httpx.Client(base_url=srv.url))
        url = f"ws://127.0.0.1:{srv.port}/ws/matches/{m['id']}"
        with contextlib.ExitStack() as stack:
            held = [stack.enter_context(connect(url, open_timeout=10)) for _ in range(3)]
            with connect(url, open_timeout=10) as fourth:
                msg = json.loads(fourth.recv(timeout=10))
                assert msg["code"] == "rate_limited" and "at most 3" in msg["message"]
            held[-1].close()
            time.sleep(0.3)
            with connect(url, open_timeout=10) as again:
                again.send('{"type": "ping"}')
                assert json.loads(again.recv(timeout=10)) == {"type": "pong"}


def test_sv8_new_matches_and_api_requests_per_address_are_rate_limited(h, sqlite_url):
    """Finding 8: one client created 333 matches a second."""
    settings = h.settings(creates_per_minute=60, create_burst=3, requests_per_second=20, request_burst=10)
    with TestClient(create_app(sqlite_url, settings=settings)) as client:
        body = {"game": "qbert", "seats": [{"kind": "human"}] * 2}
        made = [client.post("/api/matches", json=body).status_code for _ in range(4)]
        assert made[:3] == [201, 201, 201]
        r = client.post("/api/matches", json=body)
        assert (r.status_code, r.json()["error"]["code"]) == (429, "rate_limited") and "60 a minute" in r.text
        codes = [client.get("/api/games").status_code for _ in range(30)]
        assert 429 in codes, "a burst of requests from one address is slowed down"
        time.sleep(0.6)
        assert client.get("/api/games").status_code == 200, "and served again a moment later"
