"""Profiles and match history (issue 36 item 2; docs/server.md "Profiles", SV-19): a player's ratings, rating
graph and finished matches a page at a time, with replay and analysis links; "My matches" with the matches
waiting on you first, the same on every device signed in; unknown and hostile names refused cleanly."""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient

from boardcade.server import create_app
from boardcade.server.profiles import PER_PAGE

PASSWORD = "correct horse battery"


@pytest.fixture
def anon(sqlite_url, h):
    with TestClient(
        create_app(sqlite_url, agent_budget=2.0, settings=h.settings()), base_url="https://testserver"
    ) as c:
        yield c


def person(client, name, address, signup=True):
    other = TestClient(client.app, base_url="https://testserver", client=(address, 50000))
    other.portal = client.portal  # the running app's event loop
    path = "/api/account/signup" if signup else "/api/account/signin"
    assert other.post(path, json={"name": name, "password": PASSWORD}).status_code in (200, 201)
    return other


def match(creator, joiner=None, rated=False, seats=None):
    seats = seats or [{"kind": "human"}, {"kind": "human"}]
    r = creator.post("/api/matches", json={"game": "qbert", "seats": seats, "rated": rated, "name": "Ann"})
    assert r.status_code == 201, r.text
    m = r.json()
    m["tokens"] = {"0": m["token"]}
    if joiner is not None:
        c = joiner.post(f"/api/matches/{m['id']}/claim", json={"seat": 1, "invite": m["invites"]["1"], "name": "Bob"})
        m["tokens"]["1"] = c.json()["token"]
        if not rated:  # a casual seat is linked by the browser (account.js), as the web does
            body = {"seats": [{"match": m["id"], "seat": 1, "token": m["tokens"]["1"]}]}
            joiner.post("/api/account/seats", json=body)
    if not rated:
        creator.post("/api/account/seats", json={"seats": [{"match": m["id"], "seat": 0, "token": m["token"]}]})
    return m


def _count(client, table) -> int:
    with client.app.state.manager.storage.engine.connect() as conn:
        return conn.exec_driver_sql(f"SELECT COUNT(*) FROM {table}").scalar()


def first_legal_until(client, m, done) -> None:
    """Play the first legal action of whoever is to move, over HTTP, until `done(live match)` holds."""
    live = client.app.state.manager.live[m["id"]]
    while not done(live):
        state = live.state
        p = state.current_player()
        body = {"seat": p, "token": m["tokens"][str(p)], "version": state.move_number(),
                "action": state.legal_actions()[0]}  # fmt: skip
        assert client.post(f"/api/matches/{m['id']}/actions", json=body).status_code == 200


def play(client, m, each):
    """Play first legal actions until each seat has made at least `each` decisions."""
    first_legal_until(client, m, lambda live: all(sum(1 for x in live.movers if x == p) >= each for p in (0, 1)))


def to_move(client, m, seat):
    """Play first legal actions until it is `seat`'s turn (who starts may be drawn by chance)."""
    first_legal_until(client, m, lambda live: live.state.current_player() == seat)


def resign(client, m, seat):
    r = client.post(f"/api/matches/{m['id']}/resign", json={"seat": seat, "token": m["tokens"][str(seat)]})
    assert r.status_code == 200, r.text


def wait_rated(client, name, games, seconds=60):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        data = client.get(f"/api/players/{name}").json()
        if data["ratings"] and data["ratings"][0]["games"] >= games:
            return data
        time.sleep(0.05)
    raise AssertionError("not rated")


def test_SV_19_a_profile_shows_ratings_graph_and_matches_with_links(anon, h):
    ann, bob = person(anon, "Ann", "203.0.113.1"), person(anon, "Bob", "203.0.113.2")
    m = match(ann, bob, rated=True)
    play(anon, m, 2)
    resign(anon, m, 1)
    data = wait_rated(anon, "ann", 1)
    assert data["name"] == "Ann" and data["total"] == 1 and data["pages"] == 1
    [r] = data["ratings"]
    assert r["key"] == "qbert" and r["rating"] > 1500 and r["interval"] > 0
    [point] = data["graph"]["qbert"]
    assert point["rating"] == r["rating"] and point["match"] == m["id"]
    [entry] = data["matches"]
    assert entry["result"] == "win" and entry["rated"] and entry["ending"] == "resign"
    assert entry["replay"] == f"#/replay/{m['id']}" and entry["analysis"] == f"#/analyse/{m['id']}"
    assert entry["rating"]["before"] == 1500 and entry["rating"]["after"] == r["rating"]
    assert [s["account"] for s in entry["seats"]] == ["Ann", "Bob"]
    bob_entry = anon.get("/api/players/Bob").json()["matches"][0]
    assert bob_entry["result"] == "loss" and bob_entry["rating"]["after"] < 1500


@pytest.mark.parametrize("name", ["nobody", "<b onclick=x>", "a\u202eb", "x" * 300])
def test_SV_19_an_unknown_or_hostile_name_is_not_found_and_says_so(anon, h, name):
    r = anon.get(f"/api/players/{name}")
    assert r.status_code == 404 and h.error_of(r) == "not_found" and "no player named" in r.json()["error"]["message"]


def test_SV_19_matches_come_a_page_at_a_time_newest_first(anon):
    ann, bob = person(anon, "Ann", "203.0.113.1"), person(anon, "Bob", "203.0.113.2")
    ids = []
    for _ in range(PER_PAGE + 1):
        m = match(ann, bob)
        resign(anon, m, 0)
        ids.append(m["id"])
    first = anon.get("/api/players/Ann").json()
    assert first["total"] == PER_PAGE + 1 and first["pages"] == 2 and len(first["matches"]) == PER_PAGE
    assert all(x["result"] == "loss" and not x["rated"] for x in first["matches"])
    second = anon.get("/api/players/Ann?page=2").json()
    assert [x["id"] for x in second["matches"]] == [ids[0]], "the oldest on the last page"
    shown = [x["id"] for x in first["matches"]] + [x["id"] for x in second["matches"]]
    assert sorted(shown) == sorted(ids)
    assert anon.get("/api/players/Ann?page=99").json()["page"] == 2, "past the end: the last page"


def test_SV_18_SV_19_a_casual_match_between_accounts_moves_no_rating(anon):
    """Casual is casual (issue 36 item 3): played by two accounts to a counted length and resigned, it is in both
    histories but no rating moves and nothing is settled; the rated match after it is the only one settled."""
    ann, bob = person(anon, "Ann", "203.0.113.1"), person(anon, "Bob", "203.0.113.2")
    casual = match(ann, bob)
    play(anon, casual, 2)
    resign(anon, casual, 1)
    rated = match(ann, bob, rated=True)
    play(anon, rated, 2)
    resign(anon, rated, 1)
    data = wait_rated(anon, "Ann", 1)
    assert data["ratings"][0]["games"] == 1 and _count(anon, "rated_results") == 1
    entries = {x["id"]: x for x in data["matches"]}
    assert entries[casual["id"]]["result"] == "win" and not entries[casual["id"]]["rated"]
    assert "rating" not in entries[casual["id"]] and "rating" in entries[rated["id"]]


def test_SV_19_my_matches_lists_your_turn_first_on_any_device_signed_in(anon, h):
    assert h.error_of(anon.get("/api/me/matches")) == "signed_out"
    ann, bob = person(anon, "Ann", "203.0.113.1"), person(anon, "Bob", "203.0.113.2")
    waiting = match(ann, bob)
    to_move(anon, waiting, 0)  # Ann's turn
    other = match(ann, bob)
    to_move(anon, other, 1)  # Bob's turn
    done = match(ann, bob)
    resign(anon, done, 1)
    phone = person(anon, "Ann", "198.51.100.9", signup=False)  # another device: no seat tokens at all
    data = phone.get("/api/me/matches").json()
    assert data["name"] == "Ann"
    assert [(x["id"], x["your_turn"]) for x in data["active"]] == [(waiting["id"], True), (other["id"], False)]
    assert data["active"][0]["play"] == f"#/play/{waiting['id']}"
    assert [x["id"] for x in data["finished"]] == [done["id"]] and data["finished"][0]["result"] == "win"


def test_SV_19_a_deleted_account_has_no_profile_and_its_opponent_keeps_the_match(anon, h):
    ann, bob = person(anon, "Ann", "203.0.113.1"), person(anon, "Bob", "203.0.113.2")
    m = match(ann, bob, rated=True)
    play(anon, m, 2)
    resign(anon, m, 0)
    wait_rated(anon, "Bob", 1)
    assert [_count(anon, t) for t in ("ratings", "rating_changes")] == [2, 2]
    assert bob.post("/api/account/delete", json={"password": PASSWORD}).status_code == 200
    assert h.error_of(anon.get("/api/players/Bob")) == "not_found"
    assert [_count(anon, t) for t in ("ratings", "rating_changes")] == [1, 1], "Bob's ratings and their history go"
    [entry] = anon.get("/api/players/Ann").json()["matches"]
    assert entry["seats"][1]["name"] == "Deleted player" and entry["seats"][1]["account"] is None
    assert entry["result"] == "loss" and entry["rating"]["after"] < 1500, "Ann's own record is kept"
