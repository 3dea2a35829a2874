"""POST /api/matches/{id}/hint: the `medium` agent's suggestion for a human seat (issue 15), from that seat's
information only, never changing the match."""

from __future__ import annotations

import random
import time

import pytest
from fastapi.testclient import TestClient

from boardcade.server import create_app


def _hint(client, m, seat, token=None):
    token = m["tokens"][str(seat)] if token is None else token
    return client.post(f"/api/matches/{m['id']}/hint", json={"seat": seat, "token": token})


@pytest.mark.parametrize("game", ["qbert", "mb_centipede", "atari_centipede"])
def test_hint_is_a_legal_action_of_the_seat_to_move_with_its_label_and_share(h, client, game):
    m = h.new_match(client, game)
    state = h.live_state(client, m["id"])
    p = state.current_player()
    r = _hint(client, m, p)
    assert r.status_code == 200, r.text
    data = r.json()
    legal = {i["action"]: i["label"] for i in state.observation(p)["legal_actions"]}
    assert data["action"] in legal
    assert data["label"] == legal[data["action"]]
    assert 0 < data["visit_share"] <= 1 and data["agent"] == "medium" and data["seconds"] >= 0
    assert data["version"] == state.move_number()


def test_hint_never_changes_the_match_and_the_same_position_gets_the_same_hint(h, client):
    m = h.new_match(client)
    state = h.live_state(client, m["id"])
    p = state.current_player()
    before = (state.history(), client.get(f"/api/matches/{m['id']}").json()["version"])
    first = _hint(client, m, p).json()
    again = _hint(client, m, p).json()
    assert first["action"] == again["action"] and first["visit_share"] == again["visit_share"]
    assert (h.live_state(client, m["id"]).history(), client.get(f"/api/matches/{m['id']}").json()["version"]) == before
    # the hinted move can then be played like any other
    r = client.post(
        f"/api/matches/{m['id']}/actions",
        json={"seat": p, "token": m["tokens"][str(p)], "version": before[1], "action": first["action"]},
    )
    assert r.status_code == 200, r.text


def test_hint_refusals_name_what_is_wrong(h, client):
    m = h.new_match(client)
    state = h.live_state(client, m["id"])
    p = state.current_player()
    cases = [
        (_hint(client, m, p, token="x" * 32), 403, "bad_token", "token"),
        (client.post(f"/api/matches/{m['id']}/hint", json={"seat": p}), 403, "bad_token", "token"),
        (_hint(client, m, 1 - p, token=m["tokens"][str(p)]), 403, "bad_token", "token"),
        (_hint(client, m, 1 - p), 409, "not_your_turn", "your turn"),
        (client.post(f"/api/matches/{m['id']}/hint", json={"seat": 9, "token": "t"}), 403, "bad_token", "0..1"),
        (client.post("/api/matches/nope/hint", json={"seat": 0, "token": "t"}), 404, "not_found", "nope"),
    ]
    for r, status, code, words in cases:
        assert (r.status_code, h.error_of(r)) == (status, code), r.text
        assert words in r.json()["error"]["message"]
    assert h.live_state(client, m["id"]).history() == state.history()


def test_hint_for_a_computer_seat_and_after_the_end_is_refused(h, client):
    m = h.new_match(client, "mb_centipede", [{"kind": "human"}, {"kind": "agent", "agent": "random"}])
    r = client.post(f"/api/matches/{m['id']}/hint", json={"seat": 1, "token": "whatever"})
    assert (r.status_code, h.error_of(r)) == (400, "bad_message")
    assert "computer seat" in r.json()["error"]["message"]
    # play the match out with random moves for the human seat, then ask
    rng = random.Random(3)
    for _ in range(2000):
        state = h.live_state(client, m["id"])
        if state.is_terminal():
            break
        if state.current_player() != 0:
            time.sleep(0.02)
            continue
        body = {"seat": 0, "token": m["tokens"]["0"], "version": state.move_number()}
        client.post(f"/api/matches/{m['id']}/actions", json={**body, "action": rng.choice(state.legal_actions())})
    assert h.live_state(client, m["id"]).is_terminal()
    r = _hint(client, m, 0)
    assert (r.status_code, h.error_of(r)) == (409, "match_over") and "over" in r.json()["error"]["message"]


def test_hint_requests_count_against_the_per_address_request_limit(h, sqlite_url):
    """SV-8: hints are API requests like any other: an address over its request rate is refused."""
    settings = h.settings(requests_per_second=5, request_burst=4)
    with TestClient(create_app(sqlite_url, agent_budget=2.0, settings=settings)) as client:
        m = h.new_match(client)
        p = h.live_state(client, m["id"]).current_player()
        codes = [_hint(client, m, p).status_code for _ in range(8)]
    assert 429 in codes and codes[0] in (200, 429)


def test_catalog_explains_each_level_weakest_first(client):
    """Issue 15 (levels explained): the game catalog lists the levels with a one-line description and the
    seconds a move takes, for the new-match screen."""
    levels = client.get("/api/games").json()["levels"]
    assert [entry["name"] for entry in levels] == ["random", "beginner", "greedy", "easy", "medium", "hard"]
    for entry in levels:
        assert entry["description"].endswith(".") and "\n" not in entry["description"]
        assert "strong" in entry["description"] and "hinks" in entry["description"]
        assert isinstance(entry["seconds_per_move"], float)
    assert [e["seconds_per_move"] for e in levels] == sorted(e["seconds_per_move"] for e in levels)
