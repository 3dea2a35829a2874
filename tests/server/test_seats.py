"""Seats are claimed, not handed out (SV-11, issue 17 finding 7), and what players see of each other: names,
presence, the match list, rematches and expiry (issue 16, server side)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from boardcade import load_game
from boardcade.server import create_app

from .conftest import finish_match

HUMANS = [{"kind": "human"}, {"kind": "human"}]


def create(client, seats=None, game="qbert", **extra):
    r = client.post("/api/matches", json={"game": game, "seats": seats or HUMANS, **extra})
    assert r.status_code == 201, r.text
    return r.json()


def claim(client, m, seat, invite=None, name="Bea"):
    body = {"seat": seat, "invite": m["invites"][str(seat)] if invite is None else invite, "name": name}
    return client.post(f"/api/matches/{m['id']}/claim", json=body)


def view(client, m, seat, token):
    return client.post(f"/api/matches/{m['id']}/view", json={"seat": seat, "token": token})


def test_sv11_the_creator_gets_their_own_seat_a_host_token_and_one_invite_per_other_seat(h, client):
    m = create(client, name="Ann")
    assert m["seat"] == 0 and set(m["invites"]) == {"1"} and "tokens" not in m
    assert view(client, m, 0, m["token"]).status_code == 200
    for seat, secret in [(1, m["token"]), (1, m["invites"]["1"]), (1, m["host_token"]), (0, m["host_token"])]:
        assert h.error_of(view(client, m, seat, secret)) == "bad_token", "no other secret opens a seat"
    assert m["seats"][0]["name"] == "Ann" and m["seats"][1] == {
        "player": 1,
        "role": "Player 2",
        "kind": "human",
        "name": None,
        "claimed": False,
        "connected": False,
    }
    watcher = create(client, seat=None)  # an organiser who takes no seat: an invite for every seat
    assert watcher["seat"] is None and "token" not in watcher and set(watcher["invites"]) == {"0", "1"}
    agents = create(client, seats=[{"kind": "human"}, {"kind": "agent", "agent": "random"}])
    assert agents["seat"] == 0 and agents["invites"] == {}
    r = client.post("/api/matches", json={"game": "qbert", "seats": HUMANS, "seat": 5})
    assert h.error_of(r) == "bad_message" and "human seats" in r.json()["error"]["message"]


def test_sv11_a_seat_is_claimed_once_and_a_wrong_invite_is_a_clear_error(h, client):
    m = create(client)
    r = claim(client, m, 1, invite="not-the-invite")
    assert (r.status_code, h.error_of(r)) == (403, "bad_invite") and "ask the host" in r.json()["error"]["message"]
    r = claim(client, m, 1, invite="")
    assert (r.status_code, h.error_of(r)) == (403, "bad_invite")
    r = claim(client, m, 1)
    assert r.status_code == 200 and r.json()["seat"] == 1 and r.json()["seats"][1]["name"] == "Bea"
    token = r.json()["token"]
    assert view(client, m, 1, token).status_code == 200, "the claim issued the seat token"
    again = claim(client, m, 1, name="Eve")
    assert (again.status_code, h.error_of(again)) == (409, "seat_taken") and "works once" in again.text
    assert h.error_of(claim(client, m, 0, invite=m["invites"]["1"])) in ("seat_taken", "bad_invite")
    agents = create(client, seats=[{"kind": "human"}, {"kind": "agent", "agent": "random"}])
    r = client.post(f"/api/matches/{agents['id']}/claim", json={"seat": 1, "invite": "x", "name": "A"})
    assert h.error_of(r) == "bad_message" and "computer seat" in r.json()["error"]["message"]
    r = client.post("/api/matches/nope/claim", json={"seat": 1, "invite": "x", "name": "A"})
    assert (r.status_code, h.error_of(r)) == (404, "not_found")


@pytest.mark.parametrize(
    "name,code",
    [
        ("x" * 25, "bad_name"),
        ("   ", "bad_name"),
        ("Ann\u202eevil", "bad_name"),  # a right-to-left override would disguise the name
        ("A\u200bB", "bad_name"),  # zero-width space
        ("tab\there", None),  # white space is folded to one space
        (7, "bad_name"),
    ],
)
def test_sv11_names_are_validated_and_length_limited(h, client, name, code):
    m = create(client)
    r = claim(client, m, 1, name=name)
    if code is None:
        assert r.status_code == 200 and r.json()["seats"][1]["name"] == "tab here"
    else:
        assert (r.status_code, h.error_of(r)) == (400, code) and r.json()["error"]["message"]
        assert claim(client, m, 1).status_code == 200, "a refused name does not use up the invite"


def test_sv11_names_are_escaped_on_output_over_http_and_websocket(h, client):
    m = create(client, name="<img src=x onerror=1>&")
    texts = [client.get(f"/api/matches/{m['id']}").text, client.get("/api/matches").text]
    with client.websocket_connect(f"/ws/matches/{m['id']}") as ws:
        ws.send_json({"type": "hello", "seats": []})
        texts.append(ws.receive_text())
    for text in texts:
        assert "<" not in text and ">" not in text and "&" not in text, text[:200]
        assert "\\u003cimg" in text
    assert client.get(f"/api/matches/{m['id']}").json()["seats"][0]["name"] == "<img src=x onerror=1>&"


def test_sv11_the_host_reissues_open_invites_and_hands_on_only_abandoned_seats(h, sqlite_url):
    with TestClient(create_app(sqlite_url, settings=h.settings(seat_abandoned_after=0.5))) as client:
        m = create(client)
        url = f"/api/matches/{m['id']}/seats/1"
        r = client.post(f"{url}/invite", json={"host_token": m["token"]})
        assert (r.status_code, h.error_of(r)) == (403, "not_host"), "a seat token is not the host token"
        fresh = client.post(f"{url}/invite", json={"host_token": m["host_token"]}).json()["invite"]
        assert h.error_of(claim(client, m, 1)) == "bad_invite", "the replaced invite no longer works"
        token = claim(client, m, 1, invite=fresh).json()["token"]
        with client.websocket_connect(f"/ws/matches/{m['id']}") as ws:
            ws.send_json({"type": "hello", "seats": [{"seat": 1, "token": token}]})
            ws.receive_json(), ws.receive_json()
            r = client.post(f"{url}/invite", json={"host_token": m["host_token"]})
            assert (r.status_code, h.error_of(r)) == (409, "seat_active") and "connected now" in r.text
        r = client.post(f"{url}/invite", json={"host_token": m["host_token"]})
        assert h.error_of(r) == "seat_active" and "was here" in r.text, "just left: not abandoned yet"
        time.sleep(0.6)
        newer = client.post(f"{url}/invite", json={"host_token": m["host_token"]}).json()["invite"]
        assert h.error_of(view(client, m, 1, token)) == "bad_token", "the abandoned seat's token is revoked"
        assert claim(client, m, 1, invite=newer, name="Cy").json()["seats"][1]["name"] == "Cy"
        r = client.post(f"{url}/revoke", json={"host_token": m["host_token"]})
        assert r.status_code == 409, "Cy claimed the seat a moment ago: not abandoned"
        r = client.post(f"/api/matches/{m['id']}/seats/7/invite", json={"host_token": m["host_token"]})
        assert h.error_of(r) == "bad_message"


def test_sv11_a_socket_holding_a_revoked_seat_is_told_and_closed(h, sqlite_url):
    with TestClient(create_app(sqlite_url, settings=h.settings(seat_abandoned_after=0))) as client:
        m = create(client, seat=None)
        token = claim(client, m, 0).json()["token"]
        mgr = client.app.state.manager
        with client.websocket_connect(f"/ws/matches/{m['id']}") as ws:
            ws.send_json({"type": "hello", "seats": [{"seat": 0, "token": token}]})
            ws.receive_json(), ws.receive_json()
            match = mgr.live[m["id"]]
            match.local_presence.clear()  # as if this socket's owner were away (only a stale socket is left)
            r = client.post(f"/api/matches/{m['id']}/seats/0/revoke", json={"host_token": m["host_token"]})
            assert r.json() == {"seat": 0, "revoked": True}
            msg = ws.receive_json()
            assert (msg["type"], msg["code"]) == ("error", "bad_token") and "host" in msg["message"]
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 4403
        info = client.get(f"/api/matches/{m['id']}").json()
        assert info["seats"][0]["claimed"] is False and info["seats"][0]["name"] is None


def test_sv11_seats_show_who_is_connected(h, client):
    m = h.new_match(client)
    assert [s["connected"] for s in client.get(f"/api/matches/{m['id']}").json()["seats"]] == [False, False]
    with client.websocket_connect(f"/ws/matches/{m['id']}") as watcher:
        watcher.send_json({"type": "hello", "seats": []})
        watcher.receive_json(), watcher.receive_json()
        with client.websocket_connect(f"/ws/matches/{m['id']}") as player:
            player.send_json({"type": "hello", "seats": [{"seat": 1, "token": m["tokens"]["1"]}]})
            welcome = player.receive_json()
            assert [s["connected"] for s in welcome["match"]["seats"]] == [False, True]
            seen = watcher.receive_json()
            assert seen["type"] == "seats" and [s["connected"] for s in seen["seats"]] == [False, True]
            assert [s["connected"] for s in client.get(f"/api/matches/{m['id']}").json()["seats"]] == [False, True]
        seen = watcher.receive_json()
        assert seen["type"] == "seats" and [s["connected"] for s in seen["seats"]] == [False, False]


def test_sv12_rematch_swaps_the_seats_keeps_the_names_and_is_made_once(h, client):
    """Issue 16: "Rematch" (same seats, roles swapped). 2 players: the two people change seats."""
    m = create(client, name="Ann")
    bea = claim(client, m, 1).json()["token"]
    m["tokens"] = {"0": m["token"], "1": bea}
    url = f"/api/matches/{m['id']}/rematch"
    r = client.post(url, json={"seat": 0, "token": m["token"]})
    assert (r.status_code, h.error_of(r)) == (409, "not_finished")
    with client.websocket_connect(f"/ws/matches/{m['id']}") as ws:
        ws.send_json({"type": "hello", "seats": []})
        ws.receive_json(), ws.receive_json()
        finish_match(client, m)
        assert h.error_of(client.post(url, json={"seat": 1, "token": m["token"]})) == "bad_token"
        first = client.post(url, json={"seat": 0, "token": m["token"]}).json()
        while (msg := ws.receive_json())["type"] != "rematch":
            pass
        assert msg["rematch"] == first["id"], "watchers of the old match hear of the rematch"
    second = client.post(url, json={"seat": 1, "token": bea}).json()
    assert first["id"] == second["id"] != m["id"], "both players end up in one rematch"
    assert (first["seat"], second["seat"]) == (1, 0), "Ann, who sat in seat 0, now sits in seat 1"
    assert [s["name"] for s in second["seats"]] == ["Bea", "Ann"]
    assert view(client, first, 1, first["token"]).status_code == 200
    assert view(client, first, 0, second["token"]).status_code == 200
    assert client.get(f"/api/matches/{m['id']}").json()["rematch_id"] == first["id"]
    assert client.get(f"/api/matches/{first['id']}").json()["rematch_of"] == m["id"]


def test_sv12_rematch_of_4_player_atari_centipede_swaps_gnome_and_centipede_within_each_team(h, client):
    seats = [{"kind": "human"}, {"kind": "agent", "agent": "random"}, {"kind": "agent", "agent": "greedy"}]
    seats.append({"kind": "human"})
    m = create(client, seats=seats, game="atari_centipede", options={"players": 4}, name="Ann")
    dan = claim(client, m, 3, name="Dan").json()["token"]
    m["tokens"] = {"0": m["token"], "3": dan}
    finish_match(client, m)
    r = client.post(f"/api/matches/{m['id']}/rematch", json={"seat": 3, "token": dan}).json()
    game = load_game("atari_centipede", players=4)
    assert r["seat"] == 2 and game.player_name(3) == "Blue Centipede" and game.player_name(2) == "Blue Gnome"
    kinds = [(s["kind"], s.get("agent"), s["name"]) for s in r["seats"]]
    assert kinds == [
        ("agent", "random", "Computer (random)"),
        ("human", None, "Ann"),
        ("human", None, "Dan"),
        ("agent", "greedy", "Computer (greedy)"),
    ]
    assert r["options"] == m["options"]


def test_sv11_the_match_list_names_players_game_turn_and_age(h, client):
    m = create(client, name="Ann")
    claim(client, m, 1, name="Bea")
    entry = next(x for x in client.get("/api/matches?status=active").json()["matches"] if x["id"] == m["id"])
    state = h.live_state(client, m["id"])
    p = state.current_player()
    assert entry["title"] == "Q*bert" and entry["game"] == "qbert"
    assert [s["name"] for s in entry["seats"]] == ["Ann", "Bea"]
    assert entry["to_move"] == p and entry["to_move_name"] == ["Ann", "Bea"][p]
    assert entry["to_move_role"] == state.game.player_name(p)
    assert entry["age_s"] >= 0 and entry["idle_s"] >= 0 and entry["created_at"] and entry["updated_at"]


def test_sv11_untouched_matches_expire_and_are_refused_with_a_reason(h, sqlite_url):
    with TestClient(create_app(sqlite_url, settings=h.settings(expire_days=0.5 / 86400))) as client:
        m = h.new_match(client)
        kept = h.new_match(client)
        before = h.live_state(client, m["id"])
        time.sleep(0.6)
        state = h.live_state(client, kept["id"])
        p = state.current_player()
        body = {"seat": p, "token": kept["tokens"][str(p)], "version": state.move_number()}
        client.post(f"/api/matches/{kept['id']}/actions", json={**body, "action": state.legal_actions()[0]})
        client.portal.call(client.app.state.manager.sweep)
        assert client.get(f"/api/matches/{m['id']}").json()["status"] == "expired"
        assert client.get(f"/api/matches/{kept['id']}").json()["status"] == "active", "a move keeps a match alive"
        state = before
        p = state.current_player()
        body = {"seat": p, "token": m["tokens"][str(p)], "version": state.move_number()}
        r = client.post(f"/api/matches/{m['id']}/actions", json={**body, "action": state.legal_actions()[0]})
        assert (r.status_code, h.error_of(r)) == (410, "expired") and "expired" in r.json()["error"]["message"]
        assert [x["id"] for x in client.get("/api/matches?status=expired").json()["matches"]] == [m["id"]]
        assert h.error_of(client.get(f"/api/matches/{m['id']}/record")) == "not_finished"


def test_sv2_matches_are_loaded_when_asked_for_not_all_at_start(h, sqlite_url):
    """Finding 8: every unfinished match was reloaded at start."""
    with TestClient(create_app(sqlite_url, settings=h.settings())) as client:
        made = [h.new_match(client) for _ in range(3)]
    with TestClient(create_app(sqlite_url, settings=h.settings())) as client:
        mgr = client.app.state.manager
        assert mgr.live == {}
        assert client.get(f"/api/matches/{made[1]['id']}").status_code == 200
        assert list(mgr.live) == [made[1]["id"]]
        assert len(client.get("/api/matches").json()["matches"]) == 3


def test_sv4_invites_and_host_tokens_are_never_stored_or_shown_to_others(h, client, sqlite_url):
    m = create(client, name="Ann")
    public = client.get(f"/api/matches/{m['id']}").text + client.get("/api/matches").text
    with client.websocket_connect(f"/ws/matches/{m['id']}") as ws:
        ws.send_json({"type": "hello", "seats": []})
        public += ws.receive_text() + ws.receive_text()
    secrets = [m["token"], m["host_token"], *m["invites"].values()]
    assert not any(s in public for s in secrets)
    db = sqlite_url.removeprefix("sqlite:///")
    files = b"".join(Path(p).read_bytes() for p in (db, db + "-wal") if Path(p).exists())
    assert not any(s.encode() in files for s in secrets), "only digests are stored"
