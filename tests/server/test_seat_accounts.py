"""SV-19 "on any device" (issue 36): a seat linked to an account is played from another device signed in to that
account, with the session cookie and no seat token, on the match socket and the HTTP endpoints; the first
browser's token keeps working. Another account and a signed-out browser are refused (`bad_token`, told which),
and a cookie never acts from another site (`bad_origin`). server/seat_accounts.py."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

PASSWORD = "correct horse battery"
OURS = {"Origin": "https://testserver"}  # what a browser sends from this site's own page
EVIL = {"Origin": "https://evil.example"}


def device(client, address):
    """Another browser (its own cookie jar, no tokens) on another address, on the same running app."""
    return TestClient(client.app, base_url="https://testserver", client=(address, 50000))


def linked_match(client, h, name):
    """A hot-seat match whose two seats the first browser holds, signed up as `name` and linked (as sign-in does)."""
    m = h.new_match(client)
    assert client.post("/api/account/signup", json={"name": name, "password": PASSWORD}).status_code == 201
    seats = [{"match": m["id"], "seat": int(s), "token": t} for s, t in m["tokens"].items()]
    assert client.post("/api/account/seats", json={"seats": seats}).json() == {"linked": 2}
    return m


def signed_in(client, address, name):
    other = device(client, address)
    r = other.post("/api/account/signin", json={"name": name, "password": PASSWORD}, headers=OURS)
    assert r.status_code == 200, r.text
    return other


def socket_headers(client, origin=OURS):
    """A browser's WebSocket handshake from this device: its Origin and its cookie (the test client sends its
    jar's cookies with HTTP requests only)."""
    session = client.cookies.get("boardcade_session")
    return {**origin, **({"Cookie": f"boardcade_session={session}"} if session else {})}


def move(h, client, m):
    state = h.live_state(client, m["id"])
    return state.current_player(), state.move_number(), state.legal_actions()[0]


def test_a_second_device_plays_the_linked_seat_with_only_its_session_and_the_first_keeps_its_token(https_app, h):
    laptop = https_app()
    m = linked_match(laptop, h, "Ann_D")
    phone = signed_in(laptop, "203.0.113.20", "Ann_D")

    p, version, action = move(h, laptop, m)
    view = phone.post(f"/api/matches/{m['id']}/view", json={"seat": p}, headers=OURS)
    assert view.status_code == 200, view.text
    assert view.json()["seat"] == p and view.json()["version"] == version, "the seat's own view, not a spectator's"
    played = phone.post(f"/api/matches/{m['id']}/actions", json={"seat": p, "version": version, "action": action},
                        headers=OURS)  # fmt: skip
    assert played.status_code == 200, played.text
    assert h.live_state(laptop, m["id"]).move_number() > version

    p, version, action = move(h, laptop, m)  # the first browser's token still plays: nothing was reissued
    body = {"seat": p, "token": m["tokens"][str(p)], "version": version, "action": action}
    assert laptop.post(f"/api/matches/{m['id']}/actions", json=body).status_code == 200

    with phone.websocket_connect(f"/ws/matches/{m['id']}", headers=socket_headers(phone)) as ws:  # by account
        ws.send_json({"type": "hello", "seats": [], "account": True})
        welcome = ws.receive_json()
        assert welcome["type"] == "welcome" and welcome["seats"] == [0, 1], welcome
        views = {v["seat"]: v for v in (ws.receive_json() for _ in range(2))}
        p, version, action = move(h, laptop, m)
        assert views[p]["type"] == "state" and views[p]["version"] == version
        ws.send_json({"type": "action", "id": 7, "seat": p, "version": version, "action": action})
        replies = [ws.receive_json() for _ in range(3)]
        assert {"type": "ack", "id": 7, "version": h.live_state(laptop, m["id"]).move_number()} in replies
    assert h.live_state(laptop, m["id"]).move_number() > version


def test_another_account_and_a_signed_out_browser_are_refused_saying_why_and_nothing_changes(https_app, h):
    laptop = https_app()
    m = linked_match(laptop, h, "Ann_E")
    bob = device(laptop, "203.0.113.21")
    assert bob.post("/api/account/signup", json={"name": "Bob_E", "password": PASSWORD}).status_code == 201
    nobody = device(laptop, "203.0.113.22")
    p, version, action = move(h, laptop, m)
    body = {"seat": p, "version": version, "action": action}

    refused = bob.post(f"/api/matches/{m['id']}/actions", json=body, headers=OURS)
    assert refused.status_code == 403 and h.error_of(refused) == "bad_token"
    assert "your account (Bob_E) does not hold seat" in refused.json()["error"]["message"]
    out = nobody.post(f"/api/matches/{m['id']}/actions", json=body, headers=OURS)
    assert h.error_of(out) == "bad_token" and "missing or wrong token" in out.json()["error"]["message"], "as today"
    for path in ("view", "resign", "abort", "hint"):
        assert h.error_of(bob.post(f"/api/matches/{m['id']}/{path}", json={"seat": p}, headers=OURS)) == "bad_token"

    with bob.websocket_connect(f"/ws/matches/{m['id']}", headers=socket_headers(bob)) as ws:
        ws.send_json({"type": "hello", "seats": [{"seat": p}]})
        error = ws.receive_json()
        assert error["code"] == "bad_token" and "Bob_E" in error["message"]
        ws.send_json({"type": "hello", "seats": [], "account": True})
        assert ws.receive_json()["seats"] == [], "another account only watches"
    ended = signed_in(laptop, "203.0.113.23", "Ann_E")  # Ann's own account, but signed out since
    stale = socket_headers(ended)
    ended.post("/api/account/signout", json={}, headers=OURS)
    gone = device(laptop, "203.0.113.23").post(f"/api/matches/{m['id']}/actions", json=body, headers=stale)
    assert h.error_of(gone) == "bad_token" and "session ended" in gone.json()["error"]["message"]
    assert move(h, laptop, m) == (p, version, action), "the match is as it was"


def test_a_cookie_never_acts_for_a_seat_from_another_site_or_without_an_origin(https_app, h):
    laptop = https_app()
    m = linked_match(laptop, h, "Ann_F")
    phone = signed_in(laptop, "203.0.113.24", "Ann_F")
    p, version, action = move(h, laptop, m)
    body = {"seat": p, "version": version, "action": action}

    evil = phone.post(f"/api/matches/{m['id']}/actions", json=body, headers=EVIL)
    assert evil.status_code == 403 and h.error_of(evil) == "bad_origin"
    bare = phone.post(f"/api/matches/{m['id']}/actions", json=body)  # the cookie alone, no Origin at all
    assert bare.status_code == 403 and h.error_of(bare) == "bad_origin"
    assert "Origin" in bare.json()["error"]["message"]
    with pytest.raises(WebSocketDisconnect) as closed:
        with phone.websocket_connect(f"/ws/matches/{m['id']}", headers=socket_headers(phone, EVIL)) as ws:
            ws.receive_json()
    assert closed.value.code == 1008, "the handshake from another site is refused"
    with phone.websocket_connect(f"/ws/matches/{m['id']}", headers=socket_headers(phone, {})) as ws:
        ws.send_json({"type": "hello", "seats": [], "account": True})
        assert ws.receive_json()["code"] == "bad_origin"
    assert move(h, laptop, m) == (p, version, action), "the match is as it was"
    token = {"seat": p, "token": m["tokens"][str(p)], "version": version, "action": action}
    assert phone.post(f"/api/matches/{m['id']}/actions", json=token).status_code == 200, "a token needs no Origin"


def test_a_seat_the_host_handed_on_is_no_longer_the_accounts_to_play(https_app, h):
    """The link counts while its digest is the seat's token digest (LINK_HOLDS_SEAT): once the host hands an
    abandoned seat to someone else, the account's session no longer plays it; its other seat it still does."""
    laptop = https_app(seat_abandoned_after=0)
    m = linked_match(laptop, h, "Ann_G")
    phone = signed_in(laptop, "203.0.113.25", "Ann_G")
    p, version, action = move(h, laptop, m)
    other = 1 - p
    handed = laptop.post(f"/api/matches/{m['id']}/seats/{other}/invite", json={"host_token": m["host_token"]})
    assert handed.status_code == 200, handed.text
    refused = phone.post(f"/api/matches/{m['id']}/view", json={"seat": other}, headers=OURS)
    assert refused.status_code == 403 and h.error_of(refused) == "bad_token"
    assert "does not hold seat" in refused.json()["error"]["message"]
    with phone.websocket_connect(f"/ws/matches/{m['id']}", headers=socket_headers(phone)) as ws:
        ws.send_json({"type": "hello", "seats": [], "account": True})
        assert ws.receive_json()["seats"] == [p], "only the seat the account still holds"
    body = {"seat": p, "version": version, "action": action}
    assert phone.post(f"/api/matches/{m['id']}/actions", json=body, headers=OURS).status_code == 200


def test_sv_ch8_the_second_device_reads_its_seats_earlier_chat_lines_through_the_account(https_app, h):
    """SV-CH8 with SV-19: the chat box's "Earlier lines" on the second device asks for the players' channel with
    the seat and no token; the account's session proves the seat there as everywhere else. Another account and a
    signed-out browser are refused as before."""
    laptop = https_app()
    m = linked_match(laptop, h, "Ann_C")
    phone = signed_in(laptop, "203.0.113.30", "Ann_C")
    with laptop.websocket_connect(f"/ws/matches/{m['id']}", headers=OURS) as ws:
        ws.send_json({"type": "hello", "seats": [{"seat": 0, "token": m["tokens"]["0"]}]})
        assert ws.receive_json()["type"] == "welcome"
        assert ws.receive_json()["type"] == "state"
        ws.send_json({"type": "chat", "text": "good luck"})
        ws.send_json({"type": "ping"})  # answered after the line is stored and told
        heard = []
        while (msg := ws.receive_json())["type"] != "pong":
            heard.append(msg)
        assert any(msg["type"] == "chat" for msg in heard), heard
    page = phone.post(f"/api/matches/{m['id']}/chat", json={"channel": "players", "seat": 0}, headers=OURS)
    assert page.status_code == 200, page.text
    assert [line["text"] for line in page.json()["lines"]] == ["good luck"]
    stranger = device(laptop, "203.0.113.31")
    signup = stranger.post("/api/account/signup", json={"name": "Bob_C", "password": PASSWORD}, headers=OURS)
    assert signup.status_code == 201, signup.text
    for browser in (stranger, device(laptop, "203.0.113.32")):
        r = browser.post(f"/api/matches/{m['id']}/chat", json={"channel": "players", "seat": 0}, headers=OURS)
        assert (r.status_code, h.error_of(r)) == (403, "bad_token"), r.text
        assert "good luck" not in r.text
