"""Fixtures: a server app on a temporary SQLite file, and a throwaway PostgreSQL 15 cluster (launch.py)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from fastapi.testclient import TestClient

from boardcade.server import create_app
from boardcade.server.launch import throwaway_postgres
from boardcade.server.settings import Settings


@pytest.fixture(scope="session")
def postgres_url():
    """A PostgreSQL 15 server in a temporary directory on 127.0.0.1, stopped after the session."""
    with throwaway_postgres() as url:
        yield url


@pytest.fixture
def sqlite_url(tmp_path):
    return f"sqlite:///{tmp_path / 'matches.sqlite3'}"


def settings(**changes) -> Settings:
    """Server settings for in-process tests: Starlette's TestClient sends "Host: testserver" on sockets."""
    return Settings(**{"allowed_hosts": ["testserver", "127.0.0.1"], "agent_workers": 1, **changes})


@pytest.fixture
def client(sqlite_url):
    with TestClient(create_app(sqlite_url, agent_budget=2.0, settings=settings())) as c:
        yield c


def new_match(client, game="qbert", seats=None, options=None, claim=True):
    """Create a match; with `claim`, also claim every other human seat with its invite, so that
    m["tokens"] holds a seat token for every human seat (as one browser playing hot-seat would)."""
    if seats is None:
        seats = [{"kind": "human"}, {"kind": "human"}]
    r = client.post("/api/matches", json={"game": game, "options": options or {}, "seats": seats})
    assert r.status_code == 201, r.text
    m = r.json()
    m["tokens"] = {} if m["seat"] is None else {str(m["seat"]): m["token"]}
    if claim:
        for seat, invite in m["invites"].items():
            body = {"seat": int(seat), "invite": invite, "name": f"Player {seat}"}
            c = client.post(f"/api/matches/{m['id']}/claim", json=body)
            assert c.status_code == 200, c.text
            m["tokens"][seat] = c.json()["token"]
    return m


def live_state(client, match_id):
    return client.app.state.manager.live[match_id].state


def apply_view(views: dict, msg: dict) -> dict:
    """What a client does with a `state` or `delta` message: keep {seat: {"version", "observation"}} up to date.
    A delta must apply to the version held (its `from`), else the test fails: a gap the client would detect."""
    seat = msg["seat"]
    if msg["type"] == "state":
        views[seat] = {"version": msg["version"], "observation": msg["observation"]}
    else:
        assert msg["type"] == "delta", msg
        held = views[seat]
        assert held["version"] == msg["from"], f"a delta from {msg['from']} reached a client at {held['version']}"
        obs = {**held["observation"], **msg["changed"]}
        for key in msg.get("removed", []):
            del obs[key]
        obs["events"] = held["observation"]["events"] + msg["events"]
        views[seat] = {"version": msg["version"], "observation": obs}
    return views[seat]


def error_of(response) -> str:
    return response.json()["error"]["code"]


@pytest.fixture
def h():
    """Helper functions for the server tests (test modules cannot import each other under importlib mode)."""
    return SimpleNamespace(
        new_match=new_match, live_state=live_state, error_of=error_of, settings=settings, apply_view=apply_view
    )
