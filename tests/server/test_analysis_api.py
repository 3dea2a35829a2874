"""Post-game analysis over HTTP (issue 29): "Analyse" on a finished match runs in worker processes with progress,
is stored with the match (asking again is instant, also after a restart), works for an uploaded record too, and
is refused for a match still being played (its record holds hidden moves)."""

from __future__ import annotations

import json
import time

from fastapi.testclient import TestClient

from boardcade.core import Record, load_game
from boardcade.server import create_app

from .conftest import error_of, finish_match, new_match, settings

AGENT = "medium:iterations=20"


def wait_done(client, status: dict) -> dict:
    seen = [status]
    for _ in range(600):
        if status["state"] in ("done", "failed"):
            return {**status, "seen": seen}
        time.sleep(0.05)
        status = client.get(f"/api/analysis/{status['key']}").json()
        seen.append(status)
    raise AssertionError(f"the analysis did not finish: {status}")


def test_analyse_a_finished_match_then_again_instantly(sqlite_url):
    s = settings(analysis_agent=AGENT, analysis_workers=1)
    with TestClient(create_app(sqlite_url, settings=s)) as client:
        m = new_match(client, "qbert", options={"max_turns_per_round": 2})
        r = client.post(f"/api/matches/{m['id']}/analysis", json={})
        assert error_of(r) == "not_finished", "a match being played is not analysed: its record holds hidden moves"
        finish_match(client, m)
        first = client.post(f"/api/matches/{m['id']}/analysis", json={}).json()
        assert first["state"] in ("queued", "running", "done") and first["agent"] == AGENT
        done = wait_done(client, first)
        assert done["state"] == "done", done
        analysis = done["analysis"]
        assert analysis["format"] == "boardcade-analysis/1" and analysis["agent"] == AGENT and analysis["positions"]
        assert done["done"] == done["total"] == len(analysis["positions"])
        assert {p["view"] for p in analysis["positions"]} == {0, 1}  # both seats, each labelled
        again = client.post(f"/api/matches/{m['id']}/analysis", json={}).json()
        assert again["state"] == "done" and again["analysis"] == analysis
    with TestClient(create_app(sqlite_url, settings=s)) as client:  # stored with the match: a restart keeps it
        stored = client.post(f"/api/matches/{m['id']}/analysis", json={}).json()
        assert stored["state"] == "done" and stored["analysis"] == analysis
        assert client.get(f"/api/analysis/{first['key']}").json()["analysis"] == analysis
        record = client.get(f"/api/matches/{m['id']}/record").text
        uploaded = client.post("/api/analysis", content=record, headers={"Content-Type": "application/json"}).json()
        assert uploaded["key"] == first["key"] and uploaded["state"] == "done", "the same match is the same analysis"


def test_bad_analysis_requests(sqlite_url):
    s = settings(analysis_agent=AGENT, analysis_workers=1, max_analysis_steps=5)
    with TestClient(create_app(sqlite_url, settings=s)) as client:
        assert error_of(client.get("/api/analysis/nope")) == "not_found"
        assert error_of(client.post("/api/matches/nope/analysis", json={})) == "not_found"
        headers = {"Content-Type": "application/json"}
        r = client.post("/api/analysis", content="{", headers=headers)
        assert error_of(r) == "bad_json"
        bad = Record("qbert", {}, ["human", "human"], [999], rules_version=load_game("qbert").RULES_VERSION).to_json()
        r = client.post("/api/analysis", content=json.dumps(bad), headers=headers)
        assert error_of(r) == "bad_record" and "illegal action" in r.json()["error"]["message"]
        m = new_match(client, "qbert", options={"max_turns_per_round": 1})
        finish_match(client, m)
        r = client.post(f"/api/matches/{m['id']}/analysis", json={})
        assert error_of(r) == "too_large" and "at most 5" in r.json()["error"]["message"]
