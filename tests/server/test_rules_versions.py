"""Rules versions in the server's database (issue 11): every match stores the rules version it is played under; a
match of an older version still opens: it is replayed under its own rules when the game can still reproduce them,
and otherwise it is shown as a finished record with a note — never dropped, never a 500."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from sqlalchemy import update

from boardcade.core import load_game, random_playout, register_game, unregister_game
from boardcade.server.storage import matches

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _set_rules_version(storage, match_id: str, version: int | None) -> None:
    with storage.engine.begin() as conn:
        conn.execute(update(matches).where(matches.c.id == match_id).values(rules_version=version))


def test_a_new_match_stores_the_current_rules_version(h, client):
    m = h.new_match(client)
    stored = client.app.state.manager.storage.load_match(m["id"])
    assert stored.rules_version == load_game("qbert").RULES_VERSION >= 2
    assert client.get(f"/api/matches/{m['id']}").json()["rules_version"] == stored.rules_version


def _stored_finished_qbert(client, match_id: str) -> list[float]:
    state = random_playout(load_game("qbert").new_initial_state(), random.Random(3))
    seats = [{"kind": "human"}, {"kind": "human"}]
    storage = client.app.state.manager.storage
    storage.create_match(match_id, "qbert", dict(state.game.options), seats, {}, state.history(), state.returns())
    return state.returns()


@pytest.mark.parametrize("version", [1, None])  # None: a row stored before rules versions existed (version 1)
def test_a_match_of_rules_that_are_gone_opens_as_a_finished_record_with_a_note(client, version):
    result = _stored_finished_qbert(client, "old-rules")
    _set_rules_version(client.app.state.manager.storage, "old-rules", version)
    info = client.get("/api/matches/old-rules")
    assert info.status_code == 200, info.text
    body = info.json()
    assert body["status"] == "archived" and body["rules_version"] == 1 and body["result"] == result
    assert "rules version 1" in body["note"] and "finished record" in body["note"]
    listed = {m["id"]: m for m in client.get("/api/matches").json()["matches"]}["old-rules"]
    assert listed["archived"] and listed["note"] == body["note"]
    record = client.get("/api/matches/old-rules/record")
    assert record.status_code == 200 and record.json()["rules_version"] == 1  # kept, for the program that played it
    with client.websocket_connect("/ws/matches/old-rules") as ws:
        ws.send_json({"type": "hello", "seats": []})
        msg = ws.receive_json()
        assert msg["type"] == "error" and msg["code"] == "archived" and "rules version 1" in msg["message"]


def test_an_older_rules_version_the_game_can_reproduce_is_replayed_under_its_rules(client, monkeypatch):
    """Pig (examples/pig) version 1 always played to 20 points; its spec lists that as legacy_rules."""
    monkeypatch.syspath_prepend(str(EXAMPLES))
    register_game("pig.spec:SPEC")
    try:
        storage = client.app.state.manager.storage
        storage.create_match("old-pig", "pig", {}, [{"kind": "human"}, {"kind": "human"}], {}, [0, 3], None)
        _set_rules_version(storage, "old-pig", 1)
        body = client.get("/api/matches/old-pig").json()
        assert body["status"] == "active" and body["rules_version"] == 1 and body["options"]["target"] == 20
        assert body["observation"]["move_number"] == 2
    finally:
        unregister_game("pig")
