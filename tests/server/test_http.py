"""HTTP API: catalog, match creation, seat views, actions and every client error (docs/server.md, SV-*)."""

from __future__ import annotations

import random

import pytest

from boardcade import game_names, load_game
from boardcade.core import game_class


def test_sv7_catalog_lists_every_registered_game_with_variants_options_and_agents(h, client):
    data = client.get("/api/games").json()
    assert [g["name"] for g in data["games"]] == game_names()
    for g in data["games"]:
        cls = game_class(g["name"])
        assert [v["label"] for v in g["variants"]] == [label for label, _ in cls.VARIANTS]
        assert {o["name"]: o["default"] for o in g["options"]} == {o.name: o.default for o in cls.OPTIONS}
    assert "random" in data["agents"] and "greedy" in data["agents"]


@pytest.mark.parametrize(
    "game,label,options", [(n, label, o) for n in game_names() for label, o in game_class(n).VARIANTS]
)
def test_sv7_every_variant_starts_with_its_seats_and_each_seat_sees_its_own_view(h, client, game, label, options):
    n = load_game(game, **options).num_players
    m = h.new_match(client, game, [{"kind": "human"}] * n, options)
    assert sorted(m["tokens"]) == [str(p) for p in range(n)]
    state = h.live_state(client, m["id"])
    assert not state.is_chance_node(), "chance nodes are resolved by the server before a player is asked"
    for p in range(n):
        r = client.post(f"/api/matches/{m['id']}/view", json={"seat": p, "token": m["tokens"][str(p)]})
        assert r.status_code == 200
        assert r.json()["observation"] == state.observation(p)


def test_sv7_bad_game_options_and_seats_are_refused_with_what_is_allowed(h, client):
    r = client.post("/api/matches", json={"game": "pong", "seats": []})
    assert r.status_code == 400 and "valid games" in r.json()["error"]["message"]
    r = client.post("/api/matches", json={"game": "qbert", "options": {"nope": 1}, "seats": [{"kind": "human"}] * 2})
    assert h.error_of(r) == "bad_options" and "valid options" in r.json()["error"]["message"]
    r = client.post("/api/matches", json={"game": "qbert", "seats": [{"kind": "human"}]})
    assert h.error_of(r) == "bad_message" and "2 seats" in r.json()["error"]["message"]
    r = client.post("/api/matches", json={"game": "qbert", "seats": [{"kind": "agent", "agent": "x"}] * 2})
    assert h.error_of(r) == "bad_message" and "random" in r.json()["error"]["message"]
    assert client.get("/api/matches").json()["matches"] == []


def test_sv4_malformed_and_oversized_bodies_get_clear_errors(h, client):
    r = client.post("/api/matches", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 400 and h.error_of(r) == "bad_json"
    r = client.post("/api/matches", json=[1, 2])
    assert h.error_of(r) == "bad_message"
    r = client.post("/api/matches", content=b"{" + b" " * 20000 + b"}", headers={"content-type": "application/json"})
    assert r.status_code == 413 and h.error_of(r) == "too_large"
    assert client.get("/api/games").status_code == 200, "the server keeps serving"


def _mover(h, client, m):
    state = h.live_state(client, m["id"])
    return state, state.current_player()


def test_sv4_action_errors_leave_the_state_unchanged(h, client):
    m = h.new_match(client)
    url = f"/api/matches/{m['id']}/actions"
    state, p = _mover(h, client, m)
    before = state.history()
    tok = m["tokens"][str(p)]
    other = m["tokens"][str(1 - p)]
    version = len(before)
    legal = state.legal_actions()
    illegal = next(a for a in range(state.game.num_distinct_actions) if a not in legal)
    cases = [
        ({"seat": p, "token": "x" * 32, "version": version, "action": legal[0]}, 403, "bad_token"),
        ({"seat": p, "version": version, "action": legal[0]}, 403, "bad_token"),
        ({"seat": 7, "token": tok, "version": version, "action": legal[0]}, 403, "bad_token"),
        ({"seat": p, "token": other, "version": version, "action": legal[0]}, 403, "bad_token"),
        ({"seat": 1 - p, "token": other, "version": version, "action": legal[0]}, 409, "not_your_turn"),
        ({"seat": p, "token": tok, "version": version - 1, "action": legal[0]}, 409, "stale_version"),
        ({"seat": p, "token": tok, "version": version, "action": illegal}, 422, "illegal_action"),
        ({"seat": p, "token": tok, "version": version, "action": True}, 400, "bad_message"),
        ({"seat": p, "token": tok, "version": "1", "action": legal[0]}, 400, "bad_message"),
        ({"seat": p, "token": tok, "version": version}, 400, "bad_message"),
    ]
    for body, status, code in cases:
        r = client.post(url, json=body)
        assert (r.status_code, h.error_of(r)) == (status, code), body
        assert r.json()["error"]["message"]
        assert h.live_state(client, m["id"]).history() == before
    r = client.post(url, json={"seat": p, "token": tok, "version": version, "action": legal[0]})
    assert r.status_code == 200 and r.json()["version"] > version
    again = client.post(url, json={"seat": p, "token": tok, "version": version, "action": legal[0]})
    assert again.status_code == 409 and h.error_of(again) == "duplicate"


def test_sv4_unknown_match_is_not_found(h, client):
    assert h.error_of(client.get("/api/matches/nope")) == "not_found"
    r = client.post("/api/matches/nope/actions", json={"seat": 0, "token": "t", "version": 0, "action": 0})
    assert r.status_code == 404


def play_out(h, client, m, rng, limit=5000):
    """Play random legal actions through the HTTP API until the match ends."""
    url = f"/api/matches/{m['id']}/actions"
    for _ in range(limit):
        state = h.live_state(client, m["id"])
        if state.is_terminal():
            return state
        p = state.current_player()
        body = {"seat": p, "token": m["tokens"][str(p)], "version": state.move_number()}
        r = client.post(url, json={**body, "action": rng.choice(state.legal_actions())})
        assert r.status_code == 200, r.text
    raise AssertionError("match did not end")


def expand(steps: list[dict]) -> list[dict]:
    """The public view of every step of a compact replay: step 0 whole, then each step's changes applied."""
    views = [steps[0]["observation"]]
    for step in steps[1:]:
        view = {**views[-1], **step["changed"]}
        for key in step.get("removed", []):
            del view[key]
        views.append(view)
    return views


def test_sv6_record_and_replay_only_after_the_end_and_uploads_are_checked(h, client):
    m = h.new_match(client)
    assert h.error_of(client.get(f"/api/matches/{m['id']}/record")) == "not_finished"
    assert h.error_of(client.get(f"/api/matches/{m['id']}/replay")) == "not_finished"
    final = play_out(h, client, m, random.Random(3))
    record = client.get(f"/api/matches/{m['id']}/record")
    assert record.status_code == 200 and "attachment" in record.headers["content-disposition"]
    data = record.json()
    assert data["actions"] == final.history() and data["result"] == final.returns()
    replay = client.get(f"/api/matches/{m['id']}/replay").json()
    assert len(replay["steps"]) == len(final.history()) + 1
    views = expand(replay["steps"])
    assert views[-1]["is_terminal"]
    state = load_game("qbert").new_initial_state()
    for i, view in enumerate(views):  # the compact steps rebuild every state's public view exactly
        public = state.observation(None)
        public.pop("events")
        assert view == public, f"step {i}"
        if i < len(final.history()):
            state.apply_action(final.history()[i])
    assert replay["events"] == [e.to_json() for e in final.events(None)]
    assert client.post("/api/replay", json=data).json()["steps"] == replay["steps"]
    finished = client.get("/api/matches?status=finished").json()["matches"]
    assert [x["id"] for x in finished] == [m["id"]] and finished[0]["result"] == final.returns()
    tampered = {**data, "actions": data["actions"][:-1] + [99]}
    r = client.post("/api/replay", json=tampered)
    assert h.error_of(r) == "bad_record" and "step" in r.json()["error"]["message"]
    assert h.error_of(client.post("/api/replay", json={"format": "x"})) == "bad_record"


def test_rules_endpoint_gives_rule_text_for_log_ids(h, client):
    texts = client.get("/api/games/qbert/rules").json()
    assert "QB-3.3" in texts and "diagonal" in texts["QB-3.3"]
    assert client.get("/api/games/pong/rules").status_code == 404


def test_index_and_static_front_end_are_served(h, client):
    assert "app.js" in client.get("/").text
    for game in game_names():
        assert client.get(f"/static/games/{game}.js").status_code == 200, f"board module for {game}"
