"""Regression tests for the review of issue 40 (failures F1-F4 and the residues of N4, N6, N7): each reproduces
what used to go wrong. SV-6 (replays and analyses), SV-8 (greedy clients), SV-14 (endings), SV-11 (seats),
SV-2 (database down), SV-13 (several servers). All loops are bounded in count and time."""

from __future__ import annotations

import json
import random
import time

from fastapi.testclient import TestClient

from boardcade.analysis import run as analysis_run
from boardcade.core import Record, load_game, play
from boardcade.core import record as core_record
from boardcade.server import create_app

AGENT = "medium:iterations=20"
JSON = {"Content-Type": "application/json"}


def _record(seed: int, **options) -> dict:
    """A whole random Q*bert match (seeded)."""
    rng = random.Random(seed)
    state = load_game("qbert", **options).new_initial_state()
    play(state, {0: lambda s: rng.choice(s.legal_actions()), 1: lambda s: rng.choice(s.legal_actions())}, rng)
    return Record.for_state(state, ["human", "human"]).to_json()


def _wait_done(client, status: dict) -> dict:
    for _ in range(1200):
        if status["state"] in ("done", "failed"):
            return status
        time.sleep(0.05)
        status = client.get(f"/api/analysis/{status['key']}").json()
    raise AssertionError(f"the analysis did not finish: {status}")


def _count_replays(monkeypatch) -> list[str]:
    """Every replay of a record (or walk through its steps) in this process, the server's, from now on."""
    calls: list[str] = []
    for owner, name in ((core_record.Record, "replay"), (core_record.Record, "states")):
        real = getattr(owner, name)

        def counted(*args, _real=real, _name=name, **kw):
            calls.append(_name)
            return _real(*args, **kw)

        monkeypatch.setattr(owner, name, counted)
    real_decisions = analysis_run.decisions

    def decisions(*args, **kw):
        calls.append("decisions")
        return real_decisions(*args, **kw)

    monkeypatch.setattr(analysis_run, "decisions", decisions)
    return calls


# ---- F1: uploads replayed in the server process -------------------------------------------------------
def test_sv6_f1_an_upload_too_long_to_analyse_is_refused_by_length_and_none_is_replayed_in_the_server(
    h, sqlite_url, monkeypatch
):
    """F1: `POST /api/analysis` replayed an uploaded record in a thread of the server before checking its length
    (two uploaders of a 40,437-step record pushed another match's p99 to 224 ms). Now a record longer than
    `max_analysis_steps` is refused by its length before any replay (an illegal step in it is never reached),
    and a record that is analysed is parsed, checked and walked through in a worker process, never the server."""
    long = _record(0)  # 537 steps
    long["actions"][-1] = 999  # illegal, but the length refuses it first
    short = _record(0, max_turns_per_round=1)  # 48 steps
    s = h.settings(analysis_agent=AGENT, analysis_workers=1, max_analysis_steps=100)
    with TestClient(create_app(sqlite_url, settings=s)) as client:
        calls = _count_replays(monkeypatch)
        r = client.post("/api/analysis", content=json.dumps(long), headers=JSON)
        assert (r.status_code, h.error_of(r)) == (413, "too_large"), r.text
        assert "537 steps" in r.json()["error"]["message"] and "at most 100" in r.json()["error"]["message"]
        bad = dict(short, actions=[*short["actions"][:-1], 999])
        r = client.post("/api/analysis", content=json.dumps(bad), headers=JSON)
        assert (r.status_code, h.error_of(r)) == (400, "bad_record"), r.text
        assert "illegal action 999" in r.json()["error"]["message"]
        status = client.post("/api/analysis", content=json.dumps(short), headers=JSON).json()
        done = _wait_done(client, status)
        assert done["state"] == "done" and done["analysis"]["length"] == 48, done
        assert calls == [], f"records were replayed in the server process: {calls}"
