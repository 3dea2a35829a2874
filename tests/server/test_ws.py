"""WebSocket play: seat views only (SV-1), commit-then-broadcast (SV-2), computer seats (SV-3), errors (SV-4)."""

from __future__ import annotations

import json
import random
import time

import pytest

from boardcade import game_names, load_game
from boardcade.core import game_class


def hello(ws, seats):
    ws.send_json({"type": "hello", "seats": [{"seat": s, "token": t} for s, t in seats]})
    welcome = ws.receive_json()
    assert welcome["type"] == "welcome", welcome
    return {m["seat"]: m for m in (ws.receive_json() for _ in (seats or [None]))}


def test_sv4_every_bad_message_gets_an_error_to_that_client_only_and_the_state_is_unchanged(h, client):
    m = h.new_match(client)
    state = h.live_state(client, m["id"])
    before = state.history()
    p = state.current_player()
    with (
        client.websocket_connect(f"/ws/matches/{m['id']}") as ws,
        client.websocket_connect(f"/ws/matches/{m['id']}") as watcher,
    ):
        hello(watcher, [])
        ws.send_json({"type": "action", "seat": p, "version": len(before), "action": 0})
        assert ws.receive_json()["code"] == "hello_first"
        ws.send_json({"type": "hello", "seats": [{"seat": p, "token": "wrong"}]})
        assert ws.receive_json()["code"] == "bad_token"
        bad = [
            ("not json", "bad_json"),
            (json.dumps([1]), "bad_message"),
            (json.dumps({"type": "dance"}), "bad_message"),
            (json.dumps({"type": "ping", "pad": "x" * 5000}), "too_large"),
        ]
        for text, code in bad:
            ws.send_text(text)
            assert ws.receive_json()["code"] == code
        ws.send_bytes(b"\x00")
        assert ws.receive_json()["code"] == "bad_message"
        views = hello(ws, [(p, m["tokens"][str(p)])])
        version = views[p]["version"]
        legal = state.legal_actions()
        illegal = next(a for a in range(state.game.num_distinct_actions) if a not in legal)
        cases = [
            ({"seat": 1 - p, "version": version, "action": legal[0]}, "bad_token"),
            ({"seat": p, "version": version - 1, "action": legal[0]}, "stale_version"),
            ({"seat": p, "version": version, "action": illegal}, "illegal_action"),
            ({"seat": p, "version": version, "action": "1"}, "bad_message"),
            ({"seat": p, "action": legal[0]}, "bad_message"),
        ]
        for body, code in cases:
            ws.send_json({"type": "action", "id": code, **body})
            reply = ws.receive_json()
            assert (reply["type"], reply["code"], reply["id"]) == ("error", code, code)
            assert reply["message"]
        assert h.live_state(client, m["id"]).history() == before
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}, "the connection keeps serving after errors"
        ws.send_json({"type": "action", "id": 1, "seat": p, "version": version, "action": legal[0]})
        first = ws.receive_json()
        assert first["type"] == "delta", "the committed change is broadcast before the acknowledgement"
        assert first["from"] == version and first["version"] > version
        assert ws.receive_json() == {"type": "ack", "id": 1, "version": h.live_state(client, m["id"]).move_number()}
        presence = watcher.receive_json()
        assert presence["type"] == "seats", "the watcher heard that a seat connected"
        assert [s["connected"] for s in presence["seats"]] == [s == p for s in (0, 1)]
        seen = watcher.receive_json()
        assert seen["type"] == "delta" and seen["seat"] is None, "the watcher got the change, not the errors"


def test_sv1_qbert_roll_never_reaches_the_nasty_player_before_the_reveal(h, client):
    m = h.new_match(client)
    rng = random.Random(5)
    with (
        client.websocket_connect(f"/ws/matches/{m['id']}") as q_ws,
        client.websocket_connect(f"/ws/matches/{m['id']}") as n_ws,
    ):
        state = h.live_state(client, m["id"])
        views = {}
        qp = first_qp = state.observation(None)["qbert_player"]
        for ws, seat in ((q_ws, qp), (n_ws, 1 - qp)):
            for msg in hello(ws, [(seat, m["tokens"][str(seat)])]).values():
                h.apply_view(views, msg)
        assert q_ws.receive_json()["type"] == "seats", "the first player heard the second one connect"
        hidden_seen = 0
        for _ in range(60):
            state = h.live_state(client, m["id"])
            if state.is_terminal():
                break
            for seat in (0, 1):
                obs = views[seat]["observation"]
                assert obs == state.observation(seat), "each client's view (whole, then deltas) is observation(seat)"
                if seat == obs["nasty_player"] and obs["roll_hidden"]:
                    hidden_seen += 1
                    assert obs["roll"] is None and obs["moves_left"] is None
            p = state.current_player()
            ws, other = (q_ws, n_ws) if p == first_qp else (n_ws, q_ws)
            ws.send_json(
                {
                    "type": "action",
                    "seat": p,
                    "version": state.move_number(),
                    "action": rng.choice(state.legal_actions()),
                }
            )
            h.apply_view(views, ws.receive_json())
            told = ws.receive_json()
            if told["type"] == "ended":  # the rules ended the match with this step: said after its delta
                told = ws.receive_json()
            assert told["type"] == "ack"
            h.apply_view(views, other.receive_json())
        assert hidden_seen > 0


@pytest.mark.parametrize("game,label,options", [(n, lab, o) for n in game_names() for lab, o in game_class(n).VARIANTS])
def test_sv3_computer_seats_play_a_whole_match_on_the_server(h, client, game, label, options):
    n = load_game(game, **options).num_players
    m = h.new_match(client, game, [{"kind": "agent", "agent": "random"}] * n, options)
    deadline = time.time() + 20
    while time.time() < deadline:
        info = client.get(f"/api/matches/{m['id']}").json()
        if info["status"] == "finished":
            break
        time.sleep(0.05)
    assert info["status"] == "finished"
    assert info["observation"]["is_terminal"]
    record = client.get(f"/api/matches/{m['id']}/record").json()
    assert len(record["actions"]) == info["version"]


def test_sv4_unknown_match_socket_is_closed_with_not_found(client):
    with client.websocket_connect("/ws/matches/nope") as ws:
        assert ws.receive_json()["code"] == "not_found"
