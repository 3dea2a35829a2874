"""Rated matches and ratings (issue 36 item 3; docs/server.md "Ratings", SV-16..SV-18, SV-20): who may play a
rated match, when a rating moves (only when a rated match ends: a win, a loss, a resignation, a loss on time) and
when it does not (aborted, thrown at once, the same pair again and again, an account on two seats), computer levels
at their ladder rating."""

from __future__ import annotations

import json
import time
import uuid

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from boardcade.arena.ladder import fit, level_rating
from boardcade.arena.ratings import CENTRE, Rating, rate, shown, team_ranks
from boardcade.server import create_app
from boardcade.server.ratings import MIN_DECISIONS, PAIR_LIMIT, Finished, rated_results, settle

PASSWORD = "correct horse battery"


@pytest.fixture
def make(https_app):
    """make(**settings) -> a TestClient over https, entered; closed after (`https_app` in conftest.py)."""
    return https_app


def person(client, name, address):
    """Another browser (its own cookie jar and address) on the same app, signed up as `name`."""
    other = TestClient(client.app, base_url="https://testserver", client=(address, 50000))
    other.portal = client.portal  # the running app's event loop (a loop per request would end its tasks with it)
    r = other.post("/api/account/signup", json={"name": name, "password": PASSWORD})
    assert r.status_code == 201, r.text
    return other


def rated_match(creator, joiners=(), game="qbert", seats=None, options=None):
    """A rated match made by `creator` (seat 0), each other human seat claimed by the next of `joiners`."""
    seats = seats or [{"kind": "human"}, {"kind": "human"}]
    r = creator.post("/api/matches", json={"game": game, "options": options or {}, "seats": seats, "rated": True})
    assert r.status_code == 201, r.text
    m = r.json()
    m["tokens"] = {str(m["seat"]): m["token"]}
    for (seat, invite), joiner in zip(sorted(m["invites"].items()), joiners, strict=False):
        c = joiner.post(f"/api/matches/{m['id']}/claim", json={"seat": int(seat), "invite": invite, "name": "x"})
        assert c.status_code == 200, c.text
        m["tokens"][seat] = c.json()["token"]
    return m


def play(client, m, decisions_each):
    """Play until every person has made `decisions_each` decisions (each the first legal action)."""
    mgr = client.app.state.manager
    while True:
        live = mgr.live[m["id"]]
        people = [int(s) for s in m["tokens"]]
        if all(sum(1 for x in live.movers if x == p) >= decisions_each for p in people):
            return
        state = live.state
        seat = state.current_player()
        assert str(seat) in m["tokens"], "a computer seat's turn is played by the server"
        body = {"seat": seat, "token": m["tokens"][str(seat)], "version": state.move_number(),
                "action": state.legal_actions()[0]}  # fmt: skip
        assert client.post(f"/api/matches/{m['id']}/actions", json=body).status_code == 200


def post(client, m, what, seat, **body):
    return client.post(f"/api/matches/{m['id']}/{what}", json={"seat": seat, "token": m["tokens"][str(seat)], **body})


def settled(client, match_id, seconds=60):
    """The match's rated_results row once the server settled it (settling runs just after the end is told)."""
    query = select(rated_results).where(rated_results.c.match_id == match_id)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with client.app.state.manager.storage.engine.connect() as conn:
            row = conn.execute(query).first()
        if row is not None:
            return row
        time.sleep(0.05)
    raise AssertionError(f"match {match_id} was not settled")


def rows(client, sql, *args):
    with client.app.state.manager.storage.engine.connect() as conn:
        return conn.exec_driver_sql(sql, args).all()


def profile(client, name):
    return client.get(f"/api/players/{name}").json()


def test_SV_16_a_rated_match_is_made_and_joined_only_by_signed_in_accounts_and_allows_no_undo(make, h):
    anon = make()
    assert h.error_of(anon.post("/api/matches", json={"game": "qbert", "seats": [{"kind": "human"}] * 2,
                                                      "rated": True})) == "needs_account"  # fmt: skip
    assert h.error_of(anon.post("/api/matches", json={"game": "qbert", "seats": [{"kind": "human"}] * 2,
                                                      "rated": "yes"})) == "bad_options"  # fmt: skip
    ann = person(anon, "Ann", "203.0.113.1")
    m = rated_match(ann)
    assert m["rated"] is True and m["casual"] is False
    assert m["seats"][0]["name"] == "Ann", "a rated seat is named by its account"
    invite = m["invites"]["1"]
    refused = anon.post(f"/api/matches/{m['id']}/claim", json={"seat": 1, "invite": invite, "name": "Eve"})
    assert refused.status_code == 401 and h.error_of(refused) == "needs_account"
    assert anon.get(f"/api/matches/{m['id']}").json()["seats"][1]["claimed"] is False, "the seat is still open"
    bob = person(anon, "Bob", "203.0.113.2")
    joined = bob.post(f"/api/matches/{m['id']}/claim", json={"seat": 1, "invite": invite, "name": "Robert"})
    assert joined.status_code == 200 and joined.json()["seats"][1]["name"] == "Bob"
    assert [x.get("account") for x in joined.json()["seats"]] == ["Ann", "Bob"], "the page links them to profiles"
    m["tokens"]["1"] = joined.json()["token"]
    play(ann, m, 1)
    live = ann.app.state.manager.live[m["id"]]
    last = [x for x in live.movers if x >= 0][-1]
    undo = post(ann, m, "undo", last, version=live.version)
    assert h.error_of(undo) == "undo_not_allowed", "SV-15: a rated match is not casual"


def test_SV_17_one_account_cannot_hold_two_seats_of_a_rated_match(make, h):
    ann = person(make(), "Ann", "203.0.113.1")
    m = rated_match(ann)
    twice = ann.post(f"/api/matches/{m['id']}/claim", json={"seat": 1, "invite": m["invites"]["1"], "name": "x"})
    assert twice.status_code == 409 and h.error_of(twice) == "same_account"
    assert ann.get(f"/api/matches/{m['id']}").json()["seats"][1]["claimed"] is False, "nothing changed"


def test_SV_18_a_resignation_ends_a_rated_match_and_moves_both_ratings_once(make, h):
    anon = make()
    ann, bob = person(anon, "Ann", "203.0.113.1"), person(anon, "Bob", "203.0.113.2")
    m = rated_match(ann, [bob])
    play(anon, m, MIN_DECISIONS)
    assert post(anon, m, "resign", 1).status_code == 200
    assert settled(ann, m["id"]).counted == 1
    a, b = profile(anon, "ann")["ratings"], profile(anon, "Bob")["ratings"]
    assert [r["key"] for r in a] == ["qbert"] and a[0]["games"] == 1 and a[0]["rating"] > CENTRE
    assert b[0]["rating"] < CENTRE and b[0]["interval"] < Rating().interval, "a result narrows the uncertainty"
    assert a[0]["rating"] - CENTRE == CENTRE - b[0]["rating"], "two new players move by the same amount"
    changes = rows(anon, "SELECT seat, mu_before, mu_after FROM rating_changes WHERE match_id = ? ORDER BY seat",
                   m["id"])  # fmt: skip
    assert len(changes) == 2 and changes[0].mu_after > changes[0].mu_before > changes[1].mu_after
    # Settling again (another server, a retry) changes nothing.
    mgr = anon.app.state.manager
    assert settle(mgr.storage.engine, Finished.of(mgr.live[m["id"]])) is False
    assert profile(anon, "Ann")["ratings"][0]["games"] == 1


def test_SV_18_a_game_won_by_its_rules_moves_the_ratings(make):
    """A rated match vs a computer level played to its end by the game's rules."""
    anon = make()
    ann = person(anon, "Ann", "203.0.113.1")
    m = rated_match(ann, seats=[{"kind": "human"}, {"kind": "agent", "agent": "random"}])
    mgr = anon.app.state.manager
    deadline = time.monotonic() + 120
    while mgr.live[m["id"]].status == "active":
        assert time.monotonic() < deadline, "the match did not end"
        state = mgr.live[m["id"]].state
        if not state.is_terminal() and state.current_player() == 0:
            body = {"seat": 0, "token": m["tokens"]["0"], "version": state.move_number(),
                    "action": state.legal_actions()[0]}  # fmt: skip
            anon.post(f"/api/matches/{m['id']}/actions", json=body)
        else:
            time.sleep(0.02)
    assert settled(anon, m["id"]).counted == 1
    [r] = profile(anon, "Ann")["ratings"]
    result = mgr.live[m["id"]].state.returns()
    won = result[0] > result[1]
    assert (r["rating"] > CENTRE) == won and r["games"] == 1


def test_SV_18_an_aborted_match_changes_nothing(make):
    anon = make()
    ann, bob = person(anon, "Ann", "203.0.113.1"), person(anon, "Bob", "203.0.113.2")
    m = rated_match(ann, [bob])
    assert post(anon, m, "abort", 0).status_code == 200
    time.sleep(0.3)  # nothing is coming; give a wrong settlement the chance to show
    assert rows(anon, "SELECT * FROM rated_results") == [] and rows(anon, "SELECT * FROM ratings") == []


def test_SV_18_a_match_thrown_before_each_person_made_their_decisions_is_unrated(make):
    anon = make()
    ann, bob = person(anon, "Ann", "203.0.113.1"), person(anon, "Bob", "203.0.113.2")
    m = rated_match(ann, [bob])
    play(anon, m, 1)  # fewer than MIN_DECISIONS each
    assert post(anon, m, "resign", 1).status_code == 200
    row = settled(anon, m["id"])
    assert row.counted == 0 and f"{MIN_DECISIONS} decisions" in row.reason
    assert rows(anon, "SELECT * FROM ratings") == []
    assert profile(anon, "Ann")["matches"][0]["unrated"] == row.reason, "the profile says why"


def test_SV_18_the_same_two_accounts_count_at_most_PAIR_LIMIT_results_a_day(make):
    anon = make()
    ann, bob = person(anon, "Ann", "203.0.113.1"), person(anon, "Bob", "203.0.113.2")
    for i in range(PAIR_LIMIT + 1):
        m = rated_match(ann, [bob])
        play(anon, m, MIN_DECISIONS)
        assert post(anon, m, "resign", 1).status_code == 200
        row = settled(anon, m["id"])
        assert row.counted == (1 if i < PAIR_LIMIT else 0), i
    assert "already had" in row.reason
    assert profile(anon, "Bob")["ratings"][0]["games"] == PAIR_LIMIT


def test_SV_18_a_seat_whose_account_was_deleted_makes_the_end_unrated_and_the_opponent_keeps_the_match(make):
    anon = make()
    ann, bob = person(anon, "Ann", "203.0.113.1"), person(anon, "Bob", "203.0.113.2")
    m = rated_match(ann, [bob])
    play(anon, m, MIN_DECISIONS)
    assert bob.post("/api/account/delete", json={"password": PASSWORD}).status_code == 200
    assert post(anon, m, "resign", 0).status_code == 200
    assert "not held by a signed-in account" in settled(anon, m["id"]).reason
    [match] = profile(anon, "Ann")["matches"]
    assert match["seats"][1]["name"] == "Deleted player" and match["seats"][1]["account"] is None


def test_SV_16_SV_20_a_computer_seat_plays_at_its_ladder_rating_which_people_never_move(make, h):
    anon = make()
    ann = person(anon, "Ann", "203.0.113.1")
    refused = ann.post("/api/matches", json={"game": "qbert", "rated": True, "seats": [
        {"kind": "human"}, {"kind": "agent", "agent": "ismcts"}]})  # fmt: skip
    assert refused.status_code == 409 and h.error_of(refused) == "not_rated"
    level = level_rating("qbert", "random")
    assert level is not None
    m = rated_match(ann, seats=[{"kind": "human"}, {"kind": "agent", "agent": "random"}])
    mgr = anon.app.state.manager
    deadline = time.monotonic() + 60
    while sum(1 for x in mgr.live[m["id"]].movers if x == 0) < MIN_DECISIONS:
        assert time.monotonic() < deadline
        state = mgr.live[m["id"]].state
        if state.current_player() == 0:
            body = {"seat": 0, "token": m["tokens"]["0"], "version": state.move_number(),
                    "action": state.legal_actions()[0]}  # fmt: skip
            anon.post(f"/api/matches/{m['id']}/actions", json=body)
        else:
            time.sleep(0.02)
    assert post(anon, m, "resign", 0).status_code == 200
    assert settled(anon, m["id"]).counted == 1
    [r] = profile(anon, "Ann")["ratings"]
    expected = rate([[Rating()], [level]], [2, 1])[0][0]
    assert r["rating"] == shown(expected.mu), "the person lost to the level's fixed rating"
    assert level_rating("qbert", "random") == level and len(rows(anon, "SELECT * FROM ratings")) == 1


def test_SV_18_four_player_atari_rates_teams_under_their_own_key(make):
    anon = make()
    people = [person(anon, n, f"203.0.113.{i}") for i, n in enumerate(["Ann", "Bob", "Cyd", "Dia"], 1)]
    m = rated_match(people[0], people[1:], game="atari_centipede", options={"players": 4},
                    seats=[{"kind": "human"}] * 4)  # fmt: skip
    play(anon, m, MIN_DECISIONS)
    assert post(anon, m, "resign", 2).status_code == 200  # Blue resigns: the team of seats 0 and 1 wins
    assert settled(anon, m["id"]).game_key == "atari_centipede/4"
    shown_by = {n: profile(anon, n)["ratings"][0] for n in ("Ann", "Bob", "Cyd", "Dia")}
    assert {r["key"] for r in shown_by.values()} == {"atari_centipede/4"}
    assert shown_by["Ann"]["rating"] == shown_by["Bob"]["rating"] > CENTRE > shown_by["Cyd"]["rating"]


def test_team_ranks_share_a_place_on_a_tie_and_the_ladder_fit_keeps_random_at_its_anchor():
    assert team_ranks([(0, 1), (2, 3)], [1, 1, -1, -1]) == [1, 2]
    assert team_ranks([(0,), (1,)], [0, 0]) == [1, 1], "a draw"
    results = [{"first": "random", "second": "easy", "score": 0.0}] * 4 + [
        {"first": "easy", "second": "random", "score": 1.0}] * 4  # fmt: skip
    fitted = fit(["random", "easy"], results)
    assert fitted["random"]["points"] == pytest.approx(1000) and fitted["easy"]["points"] > 1400


def test_SV_18_a_rated_match_left_unsettled_by_a_stopped_server_is_settled_on_the_next_start(sqlite_url, h):
    app = create_app(sqlite_url, agent_budget=2.0, settings=h.settings())
    with TestClient(app, base_url="https://testserver") as anon:
        ann, bob = person(anon, "Ann", "203.0.113.1"), person(anon, "Bob", "203.0.113.2")
        m = rated_match(ann, [bob])
        play(anon, m, MIN_DECISIONS)
        manager = anon.app.state.manager
        manager.ctx.listeners.ended_here.unsubscribe(manager.ratings.ended)  # the server stops before it settles
        assert post(anon, m, "resign", 1).status_code == 200
        assert rows(anon, "SELECT * FROM rated_results") == []
    app = create_app(sqlite_url, agent_budget=2.0, settings=h.settings())
    with TestClient(app, base_url="https://testserver") as again:
        assert settled(again, m["id"]).counted == 1
        assert profile(again, "Ann")["ratings"][0]["rating"] > CENTRE


def test_SV_18_two_servers_that_both_see_the_end_settle_it_once(sqlite_url, h):
    """SV-13 with ratings: a resignation through server A, heard by server B which holds the match too (the
    notification handed over by hand, as on PostgreSQL's LISTEN): whichever settles second finds it settled."""
    with (
        TestClient(create_app(sqlite_url, settings=h.settings()), base_url="https://testserver") as a,
        TestClient(create_app(sqlite_url, settings=h.settings()), base_url="https://testserver") as b,
    ):
        ann, bob = person(a, "Ann", "203.0.113.1"), person(a, "Bob", "203.0.113.2")
        m = rated_match(ann, [bob])
        play(a, m, MIN_DECISIONS)
        b.get(f"/api/matches/{m['id']}")  # held by b too
        held_by_b = b.app.state.manager.live[m["id"]]
        assert post(a, m, "resign", 1).status_code == 200
        b.portal.call(b.app.state.manager.sync.on_bus, [("e", "server-a", m["id"], "END-1")])
        deadline = time.monotonic() + 30  # b reads the ending back in a task of its own
        while b.get(f"/api/matches/{m['id']}").json()["status"] != "finished" and time.monotonic() < deadline:
            time.sleep(0.05)
        assert b.get(f"/api/matches/{m['id']}").json()["status"] == "finished"
        settled(a, m["id"])
        assert held_by_b.rated and held_by_b.status == "finished"
        assert settle(b.app.state.manager.storage.engine, Finished.of(held_by_b)) is False, "already settled"
        assert profile(a, "Ann")["ratings"][0]["games"] == 1
        assert len(rows(a, "SELECT * FROM rating_changes")) == 2


def test_SV_18_SV_19_ratings_and_profiles_on_postgresql(postgres_url, h):
    """The settling and profile queries on PostgreSQL (the pair count, the seat holders, the grouped links)."""
    a_name, b_name = (f"pg{uuid.uuid4().hex[:10]}" for _ in range(2))
    with TestClient(create_app(postgres_url, settings=h.settings()), base_url="https://testserver") as anon:
        ann, bob = person(anon, a_name, "203.0.113.1"), person(anon, b_name, "203.0.113.2")
        m = rated_match(ann, [bob])
        play(anon, m, MIN_DECISIONS)
        assert post(anon, m, "resign", 1).status_code == 200
        assert settled(anon, m["id"]).counted == 1
        mine = profile(anon, a_name)
        assert mine["ratings"][0]["rating"] > CENTRE and mine["matches"][0]["result"] == "win"
        assert [x["id"] for x in bob.get("/api/me/matches").json()["finished"]] == [m["id"]]


def test_SV_18_a_loss_on_time_moves_the_ratings(make):
    """END-3 "lose" in a rated match: the turn that ran out is ended as the clock does (endings.run_out)."""
    anon = make()
    ann, bob = person(anon, "Ann", "203.0.113.1"), person(anon, "Bob", "203.0.113.2")
    r = ann.post("/api/matches", json={"game": "qbert", "seats": [{"kind": "human"}] * 2, "rated": True,
                                       "turn_limit": 86400, "on_timeout": "lose"})  # fmt: skip
    m = r.json()
    m["tokens"] = {"0": m["token"]}
    c = bob.post(f"/api/matches/{m['id']}/claim", json={"seat": 1, "invite": m["invites"]["1"], "name": "x"})
    m["tokens"]["1"] = c.json()["token"]
    play(anon, m, MIN_DECISIONS)
    mgr = anon.app.state.manager
    live = mgr.live[m["id"]]
    late = live.state.current_player()
    anon.portal.call(mgr.endings.run_out, live, live.version)
    assert live.ending.rule == "END-3" and settled(anon, m["id"]).counted == 1
    names = {late: "Ann" if late == 0 else "Bob", 1 - late: "Bob" if late == 0 else "Ann"}
    assert (
        profile(anon, names[late])["ratings"][0]["rating"]
        < CENTRE
        < profile(anon, names[1 - late])["ratings"][0]["rating"]
    )


def test_SV_18_END_2_an_agreed_draw_is_a_rated_result(make):
    """A draw (END-2, where the rules have draws: QB-6.6 with tiebreak off) counts: both games go up by one, two
    new players stay level at 1500 with a narrower interval, and each profile says "draw"."""
    anon = make()
    ann, bob = person(anon, "Ann", "203.0.113.1"), person(anon, "Bob", "203.0.113.2")
    m = rated_match(ann, [bob], options={"tiebreak": False})
    play(anon, m, MIN_DECISIONS)
    assert post(anon, m, "draw", 0, answer="offer").status_code == 200
    agreed = post(anon, m, "draw", 1, answer="accept")
    assert agreed.status_code == 200 and agreed.json()["ending"]["rule"] == "END-2"
    assert settled(anon, m["id"]).counted == 1
    for name in ("Ann", "Bob"):
        data = profile(anon, name)
        [r] = data["ratings"]
        assert r["games"] == 1 and r["rating"] == CENTRE and r["interval"] < Rating().interval, (name, r)
        [entry] = data["matches"]
        assert entry["result"] == "draw" and entry["ending"] == "draw" and entry["rating"]["after"] == CENTRE
    assert len(rows(anon, "SELECT * FROM rating_changes WHERE match_id = ?", m["id"])) == 2


def test_SV_20_boardcade_ladder_rate_plays_fixed_seeds_and_writes_the_levels_ratings(tmp_path):
    from typer.testing import CliRunner

    from boardcade.cli.main import app as cli

    out = tmp_path / "ladder.json"
    runs = tmp_path / "runs"
    common = ["ladder", "rate", "--games", "qbert", "--out", str(out), "--runs", str(runs), "--workers", "1"]
    args = [*common, "--levels", "random,greedy", "--per-pair", "2"]
    first = CliRunner().invoke(cli, args)
    assert first.exit_code == 0, first.output
    data = json.loads(out.read_text())
    assert data["seed"] == 1 and data["games_per_pair"] == 2 and data["anchor"] == {"level": "random", "points": 1000}
    assert Rating(**{k: data["ratings"]["qbert"]["random"][k] for k in ("mu", "sigma")}).shown == 1000
    assert "qbert: random 1000" in first.output and "qbert: CPU per decision: greedy" in first.output
    saved = (runs / "ladder-qbert-seed1" / "results.jsonl").read_text().splitlines()
    assert len(saved) == 2, "each match saved as it ended"
    sessions = [json.loads(x) for x in (runs / "ladder-qbert-seed1" / "sessions.jsonl").read_text().splitlines()]
    assert [s["event"] for s in sessions] == ["start", "end"] and sessions[-1]["results"] == 2
    assert "code" in sessions[0] and "evaluators" in sessions[0], "each session records what the results depend on"
    # The two matches swap sides on one duplicate deal; a fresh run (another folder) gives the same figures.
    records = [json.loads(line) for line in saved]
    assert {r["deal"] for r in records} == {1} and {tuple(r["seats"]) for r in records} == {
        ("random", "greedy"),
        ("greedy", "random"),
    }
    fresh = CliRunner().invoke(cli, [a if a != str(runs) else str(tmp_path / "other") for a in args])
    assert fresh.exit_code == 0 and json.loads(out.read_text())["ratings"] == data["ratings"], "fixed seeds"
    # Resumed with a larger budget: only the missing matches are played.
    more = CliRunner().invoke(cli, [*common, "--levels", "random,greedy", "--per-pair", "3"])
    assert more.exit_code == 0, more.output
    assert more.output.count("qbert:random:greedy:") == 1 and "qbert:random:greedy:2" in more.output
    assert len((runs / "ladder-qbert-seed1" / "results.jsonl").read_text().splitlines()) == 3
    refused = CliRunner().invoke(cli, [*common, "--levels", "greedy,easy"])
    assert refused.exit_code == 2 and "needs 'random'" in refused.output
    unknown = CliRunner().invoke(cli, [*common, "--levels", "random,expert"])
    assert unknown.exit_code == 2 and "unknown level 'expert'" in unknown.output


def test_SV_LB8_a_seeks_rating_range_reads_the_accepters_real_rating(make):
    """SV-LB8 with the ratings wired: a seek for 1500 and up refuses a signed-in player rated below it (naming both
    figures) and lets one rated above it in; a signed-out or unrated player has no rating, so no range applies."""
    anon = make()
    ann, bob = person(anon, "Ann", "203.0.113.1"), person(anon, "Bob", "203.0.113.2")
    m = rated_match(ann, [bob])
    play(anon, m, MIN_DECISIONS)
    assert post(anon, m, "resign", 1).status_code == 200
    settled(ann, m["id"])
    low = profile(anon, "Bob")["ratings"][0]["rating"]
    assert low < CENTRE < profile(anon, "Ann")["ratings"][0]["rating"]
    owner = {"cal": "cal-owner-token-0003", "ann": "ann-owner-token-0001", "bob": "bob-owner-token-0002"}
    seek = anon.post("/api/seeks", json={"game": "qbert", "owner": owner["cal"], "min": 1500, "max": 4000})
    assert seek.status_code == 201, seek.text
    sid = seek.json()["seek"]["id"]
    refused = bob.post(f"/api/seeks/{sid}/accept", json={"owner": owner["bob"]})
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "rating_range", refused.text
    assert f"1500 to 4000; yours is {low}" in refused.json()["error"]["message"]
    assert ann.post(f"/api/seeks/{sid}/accept", json={"owner": owner["ann"]}).status_code == 200
    other = anon.post("/api/seeks", json={"game": "qbert", "owner": owner["cal"], "min": 1600})
    dan = person(anon, "Dan", "203.0.113.4")  # signed in, never rated: no range applies
    assert (
        dan.post(f"/api/seeks/{other.json()['seek']['id']}/accept", json={"owner": "dan-owner-token-0004"}).status_code
        == 200
    )


def test_SV_LB7_quick_pairing_pairs_people_at_their_level(make):
    """SV-LB7, issue 37 item 1 ("play someone at my level now"): a rated person's quick pairing takes only a seek
    whose poster's rating is within `quick_rating_window` of theirs, and the seek it posts accepts that window
    around their rating; a person with no rating yet is paired with anyone."""
    anon = make(quick_rating_window=20)
    ann, bob = person(anon, "Ann", "203.0.113.1"), person(anon, "Bob", "203.0.113.2")
    cal, dan = person(anon, "Cal", "203.0.113.3"), person(anon, "Dan", "203.0.113.4")
    for winner, loser in ((ann, bob), (cal, dan)):  # Ann and Cal win a match each, Bob and Dan lose one each
        m = rated_match(winner, [loser])
        play(anon, m, MIN_DECISIONS)
        assert post(anon, m, "resign", 1).status_code == 200
        settled(anon, m["id"])
    high, low = (profile(anon, n)["ratings"][0]["rating"] for n in ("Ann", "Bob"))
    assert high == profile(anon, "Cal")["ratings"][0]["rating"] and low == profile(anon, "Dan")["ratings"][0]["rating"]
    assert high - low > 20, (high, low)

    def quick(client, owner):
        return client.post("/api/seeks/quick", json={"game": "qbert", "owner": owner}).json()

    plain = ann.post("/api/seeks", json={"game": "qbert", "owner": "ann-owner-token-0001"}).json()  # no range
    bobs = quick(bob, "bob-owner-token-0002")
    assert "seek" in bobs, "Ann's open seek admits anyone, but she plays far above Bob's level"
    assert (bobs["seek"]["min"], bobs["seek"]["max"]) == (low - 20, low + 20), "Bob's own seek: his level"
    cals = quick(cal, "cal-owner-token-0003")
    assert "paired" in cals, "Cal is at Ann's level: her seek is his match, not Bob's older one"
    where = ann.post(f"/api/seeks/{plain['seek']['id']}/wait", json={"owner": "ann-owner-token-0001"}).json()
    assert where["match"] == cals["paired"]["id"]
    dans = quick(dan, "dan-owner-token-0004")
    assert "paired" in dans, "Dan is at Bob's level"
    assert (
        bob.post(f"/api/seeks/{bobs['seek']['id']}/wait", json={"owner": "bob-owner-token-0002"}).json()["match"]
        == dans["paired"]["id"]
    )
    eve = person(anon, "Eve", "203.0.113.5")  # signed in, never rated: anyone's level
    bobs = quick(bob, "bob-owner-token-0002")
    assert "paired" in quick(eve, "eve-owner-token-0005"), "no rating yet: no level to keep to"
