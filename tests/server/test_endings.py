"""Ending a match outside its game's rules over the server (issue 27 item 6, core/endings.py): END-1 resign,
END-2 agreed draw (only where the rules have draws, never with a computer), END-3 the turn clock set at creation
(lose, or a computer plays that turn for them), END-4 abort before the second player's first move. Each is stored
before anyone is told; the views end with the ending as a logged event; private matches are listed to nobody."""

from __future__ import annotations

import time

import pytest

from boardcade.core import record_from_json
from boardcade.server import endings

from .conftest import finish_match


def _post(client, m, what, seat, **body):
    return client.post(f"/api/matches/{m['id']}/{what}", json={"seat": seat, "token": m["tokens"][str(seat)], **body})


def _hello(ws, m, seats):
    ws.send_json({"type": "hello", "seats": [{"seat": s, "token": m["tokens"][str(s)]} for s in seats]})
    assert ws.receive_json()["type"] == "welcome"
    return [ws.receive_json() for _ in seats]


def _play(client, h, m, moves):
    """Play `moves` actions, each the first legal one of the seat to move."""
    for _ in range(moves):
        body = _first_legal(h.live_state(client, m["id"]), m)
        assert client.post(f"/api/matches/{m['id']}/actions", json=body).status_code == 200


def _first_legal(state, m) -> dict:
    """The action request for the first legal action of the seat to move in `state` of match `m`."""
    seat = state.current_player()
    return {
        "seat": seat,
        "token": m["tokens"][str(seat)],
        "version": state.move_number(),
        "action": state.legal_actions()[0],
    }


def test_END_1_resignation_is_stored_then_told_and_recorded_with_its_rule(h, client, monkeypatch):
    m = h.new_match(client)
    mgr = client.app.state.manager
    with client.websocket_connect(f"/ws/matches/{m['id']}") as ws:
        _hello(ws, m, [0])
        # The database does not store it: nothing is told, nothing changes.
        real = mgr.storage.end_match
        monkeypatch.setattr(mgr.storage, "end_match", lambda *a: (_ for _ in ()).throw(OSError("disk gone")))
        r = _post(client, m, "resign", 1)
        assert r.status_code == 503 and h.error_of(r) == "unavailable"
        assert client.get(f"/api/matches/{m['id']}").json()["status"] == "active"
        monkeypatch.setattr(mgr.storage, "end_match", real)
        r = _post(client, m, "resign", 1)
        assert r.status_code == 200, r.text
        assert r.json()["ending"]["rule"] == "END-1" and r.json()["ending"]["seat"] == 1
        first = ws.receive_json()  # the first message after the refusal: the stored ending, whole
        assert first["type"] == "state" and first["observation"]["is_terminal"]
        assert first["observation"]["returns"] == [1.0, -1.0] and first["observation"]["events"][-1]["rule"] == "END-1"
        assert ws.receive_json()["type"] == "ended"
    stored = mgr.storage.load_head(m["id"])
    assert stored.status == "finished" and stored.result == [1.0, -1.0] and stored.ending["rule"] == "END-1"
    info = client.get(f"/api/matches/{m['id']}").json()
    assert info["ending"]["kind"] == "resign" and info["result"] == [1.0, -1.0]
    r = client.post(
        f"/api/matches/{m['id']}/actions",
        json={"seat": 0, "token": m["tokens"]["0"], "version": info["version"], "action": 0},
    )
    assert h.error_of(r) == "match_over"
    assert h.error_of(_post(client, m, "resign", 0)) == "match_over"
    record = client.get(f"/api/matches/{m['id']}/record").json()
    assert record["version"] == 3 and record["ending"]["rule"] == "END-1" and record["result"] == [1.0, -1.0]
    record_from_json(record).replay()
    replay = client.get(f"/api/matches/{m['id']}/replay").json()
    assert replay["ending"]["rule"] == "END-1" and replay["events"][-1]["rule"] == "END-1"


def test_END_1_a_resignation_in_a_team_game_loses_for_the_whole_team(h, client):
    seats = [{"kind": "human"}] * 4
    m = h.new_match(client, "atari_centipede", seats, {"players": 4})
    assert _post(client, m, "resign", 2).status_code == 200  # Blue Gnome resigns for the blue team
    info = client.get(f"/api/matches/{m['id']}").json()
    assert info["result"] == [1.0, 1.0, -1.0, -1.0]
    text = info["ending"]["text"]
    assert "(Blue Gnome) resigns" in text and "Red Gnome" in text and "Red Centipede" in text and text.endswith(" win")


def test_END_4_abort_only_before_the_second_player_s_first_move_and_never_listed(h, client):
    m = h.new_match(client)
    assert client.get(f"/api/matches/{m['id']}").json()["abortable"] is True
    r = _post(client, m, "abort", 0)
    assert r.status_code == 200 and r.json()["ending"]["rule"] == "END-4"
    info = client.get(f"/api/matches/{m['id']}").json()
    assert info["status"] == "aborted" and info["result"] is None
    listed = [x["id"] for x in client.get("/api/matches").json()["matches"]]
    assert m["id"] not in listed
    assert h.error_of(client.get(f"/api/matches/{m['id']}/record")) == "not_finished"
    late = h.new_match(client)
    state = h.live_state(client, late["id"])
    while len({p for p in client.app.state.manager.live[late["id"]].movers if p >= 0}) < 2:
        _play(client, h, late, 1)
        state = h.live_state(client, late["id"])
    assert not state.is_terminal()
    r = _post(client, late, "abort", 0)
    assert r.status_code == 409 and h.error_of(r) == "too_late" and "resign instead" in r.json()["error"]["message"]


def test_END_2_a_draw_is_agreed_by_every_side_only_where_the_rules_have_draws(h, client):
    m = h.new_match(client, options={"tiebreak": False})  # QB-6.6: with tiebreak off a tie is a draw
    r = _post(client, m, "draw", 0, answer="offer")
    assert r.status_code == 200 and r.json()["offer"]["seats"] == [0]
    assert client.get(f"/api/matches/{m['id']}").json()["draw_offer"]["seats"] == [0]
    _play(client, h, m, 1)  # a move: the offer no longer stands
    assert client.get(f"/api/matches/{m['id']}").json()["draw_offer"] is None
    assert h.error_of(_post(client, m, "draw", 1, answer="decline")) == "bad_message"
    assert _post(client, m, "draw", 1, answer="offer").status_code == 200
    r = _post(client, m, "draw", 0, answer="accept")
    assert r.json()["ending"]["rule"] == "END-2"
    info = client.get(f"/api/matches/{m['id']}").json()
    assert info["status"] == "finished" and info["result"] == [0.0, 0.0]
    ruled = h.new_match(client)  # tiebreak on (the default): Q*bert's rules have no draws
    assert h.error_of(_post(client, ruled, "draw", 0, answer="offer")) == "no_draws"
    computer = h.new_match(
        client, seats=[{"kind": "human"}, {"kind": "agent", "agent": "random"}], options={"tiebreak": False}
    )
    r = _post(client, computer, "draw", 0, answer="offer")
    assert h.error_of(r) == "no_draws" and "computer" in r.json()["error"]["message"]


def test_END_3_a_turn_that_runs_out_loses(h, client, monkeypatch):
    monkeypatch.setattr(endings, "MIN_TURN_LIMIT", 1)
    seats = [{"kind": "human"}, {"kind": "human"}]
    bad = client.post("/api/matches", json={"game": "qbert", "seats": seats, "turn_limit": 0})
    assert h.error_of(bad) == "bad_options" and "turn_limit" in bad.json()["error"]["message"]
    bad = client.post("/api/matches", json={"game": "qbert", "seats": seats, "turn_limit": 60, "on_timeout": "pray"})
    assert h.error_of(bad) == "bad_options"

    def clocked(on_timeout):
        r = client.post(
            "/api/matches", json={"game": "qbert", "seats": seats, "turn_limit": 1, "on_timeout": on_timeout}
        )
        assert r.status_code == 201, r.text
        m = r.json()
        m["tokens"] = {"0": m["token"]}
        claim = client.post(
            f"/api/matches/{m['id']}/claim", json={"seat": 1, "invite": m["invites"]["1"], "name": "Kim"}
        )
        m["tokens"]["1"] = claim.json()["token"]
        assert m["turn_limit"] == 1 and m["on_timeout"] == on_timeout
        return m

    lose = clocked("lose")
    to_move = h.live_state(client, lose["id"]).current_player()
    deadline = time.time() + 10
    while client.get(f"/api/matches/{lose['id']}").json()["status"] == "active" and time.time() < deadline:
        time.sleep(0.1)
    info = client.get(f"/api/matches/{lose['id']}").json()
    assert info["ending"]["rule"] == "END-3" and info["ending"]["seat"] == to_move
    assert info["result"][to_move] == -1.0 and "ran out of time" in info["ending"]["text"]


def _wait(cond, what, seconds=60):
    deadline = time.time() + seconds
    while not cond():
        assert time.time() < deadline, f"waited {seconds} s for {what}"
        time.sleep(0.05)


def test_END_3_the_computer_plays_only_the_turn_that_ran_out_then_the_seat_is_the_person_s_again(
    h, client, sqlite_url, monkeypatch
):
    """Issue 35 item 2: "the computer plays for them" covers the turn that ran out, every decision of it; the
    seat stays the person's (named as theirs), the log says the computer played that turn for them, and their
    next turn prompts them again. Stored before anyone is told: a restart reads the same."""
    seats = [{"kind": "human"}, {"kind": "agent", "agent": "random"}]
    r = client.post(
        "/api/matches",
        json={"game": "qbert", "seats": seats, "seat": 0, "name": "Sam", "turn_limit": 600, "on_timeout": "computer"},
    )
    assert r.status_code == 201, r.text
    m = r.json()
    mgr = client.app.state.manager
    match = mgr.live[m["id"]]
    _wait(lambda: match.state.current_player() == 0, "Sam's turn")
    ran_out = match.version
    # The turn runs out (the clock's own call, made now rather than after ten minutes); the computer is held
    # back for a moment, to see the seat while it stands in.
    schedule = mgr.drivers.schedule
    monkeypatch.setattr(mgr.drivers, "schedule", lambda match: None)
    client.portal.call(mgr.endings.run_out, match, ran_out)
    info = client.get(f"/api/matches/{m['id']}").json()
    me = info["seats"][0]
    assert me["kind"] == "human" and me["name"] == "Sam" and me["computer_turns"] == 1 and me["computer_turn"] == "easy"
    body = {"seat": 0, "token": m["token"], "version": ran_out, "action": match.state.legal_actions()[0]}
    refused = client.post(f"/api/matches/{m['id']}/actions", json=body)
    assert h.error_of(refused) == "not_your_turn" and "this turn ran out" in refused.json()["error"]["message"]
    undo = client.post(f"/api/matches/{m['id']}/undo", json={"seat": 0, "token": m["token"], "version": ran_out})
    assert h.error_of(undo) == "not_your_turn", "nothing is taken back while the computer plays the turn"
    monkeypatch.setattr(mgr.drivers, "schedule", schedule)

    async def go_on() -> None:
        schedule(match)

    client.portal.call(go_on)

    def back_to_sam() -> bool:
        return match.status != "active" or (
            match.version > ran_out and match.state.current_player() == 0 and 1 in match.movers[ran_out:]
        )

    _wait(back_to_sam, "the computer to play Sam's turn and the other side its own")
    assert match.status == "active", "one turn of Q*bert does not end the match"
    turn = match.movers[ran_out : match.movers.index(1, ran_out)]
    assert turn.count(0) >= 1 and set(turn) <= {0, -1}, f"the computer played the whole turn: {turn}"
    info = client.get(f"/api/matches/{m['id']}").json()
    me = info["seats"][0]
    assert me["kind"] == "human" and me["name"] == "Sam" and me["computer_turn"] is None and me["computer_turns"] == 1
    obs = client.post(f"/api/matches/{m['id']}/view", json={"seat": 0, "token": m["token"]}).json()["observation"]
    assert obs["legal_actions"], "Sam is prompted again on the next turn"
    logged = [e for e in obs["events"] if e["rule"] == "END-3"]
    assert len(logged) == 1 and logged[0]["step"] == ran_out
    assert "Sam" in logged[0]["text"] and "the computer (easy) played that turn for them" in logged[0]["text"]
    # The first of the computer's events of that turn follows the line in the log.
    later = [e for e in obs["events"] if e["step"] >= ran_out]
    assert later[0]["rule"] == "END-3"
    body = {"seat": 0, "token": m["token"], "version": match.version, "action": match.state.legal_actions()[0]}
    assert client.post(f"/api/matches/{m['id']}/actions", json=body).status_code == 200, "Sam plays their own turn"
    # Stored before anyone was told: another server on the database (a restart) reads the same.
    from fastapi.testclient import TestClient

    from boardcade.server import create_app

    with TestClient(create_app(sqlite_url, settings=h.settings())) as other:
        again = other.get(f"/api/matches/{m['id']}").json()
        assert again["seats"][0]["computer_turns"] == 1 and again["seats"][0]["computer_turn"] is None
        obs = other.get(f"/api/matches/{m['id']}").json()["observation"]
        assert [e["step"] for e in obs["events"] if e["rule"] == "END-3"] == [ran_out]
    # The replay shows the same END-3 line as the live match, at the same step.
    live_lines = [e for e in obs["events"] if e["rule"] == "END-3"]
    assert _post(client, {**m, "tokens": {"0": m["token"]}}, "resign", 0).status_code == 200
    replay = client.get(f"/api/matches/{m['id']}/replay").json()
    assert [e for e in replay["events"] if e["rule"] == "END-3"] == live_lines


def test_private_matches_are_listed_to_nobody_but_by_their_ids(h, client):
    seats = [{"kind": "human"}, {"kind": "agent", "agent": "random"}]
    hidden = client.post("/api/matches", json={"game": "qbert", "seats": seats, "private": True}).json()
    shown = client.post("/api/matches", json={"game": "qbert", "seats": seats}).json()
    time.sleep(1.1)  # the public list is cached for a second
    listed = [x["id"] for x in client.get("/api/matches").json()["matches"]]
    assert shown["id"] in listed and hidden["id"] not in listed
    mine = client.get(f"/api/matches?ids={hidden['id']},{shown['id']}").json()["matches"]
    assert {x["id"] for x in mine} == {hidden["id"], shown["id"]}
    assert h.error_of(client.get("/api/matches?ids=../etc")) == "bad_message"
    assert (
        h.error_of(client.post("/api/matches", json={"game": "qbert", "seats": seats, "private": "yes"}))
        == "bad_options"
    )


@pytest.mark.parametrize("what", ["resign", "abort", "draw"])
def test_only_a_seat_s_own_token_ends_a_match(h, client, what):
    m = h.new_match(client, options={"tiebreak": False})
    r = client.post(f"/api/matches/{m['id']}/{what}", json={"seat": 0, "token": "wrong", "answer": "offer"})
    assert r.status_code == 403 and h.error_of(r) == "bad_token"
    assert client.get(f"/api/matches/{m['id']}").json()["status"] == "active"


def test_an_ending_stored_through_one_server_reaches_the_viewers_of_another(h, sqlite_url):
    """SV-13 with endings: two servers on one database (the notification handed over by hand, as on
    PostgreSQL's LISTEN); a resignation through one reaches a player connected to the other, and a move sent
    to a server that had not heard of the ending is refused and brings the ending in."""
    from fastapi.testclient import TestClient

    from boardcade.server import create_app

    with (
        TestClient(create_app(sqlite_url, settings=h.settings())) as a,
        TestClient(create_app(sqlite_url, settings=h.settings())) as b,
    ):
        m = h.new_match(a)
        with b.websocket_connect(f"/ws/matches/{m['id']}") as ws:
            _hello(ws, m, [0])
            assert _post(a, m, "resign", 1).status_code == 200
            b.portal.call(b.app.state.manager.sync.on_bus, [("e", "server-a", m["id"], "END-1")])
            told = ws.receive_json()
            assert told["type"] == "state" and told["observation"]["events"][-1]["rule"] == "END-1"
            assert ws.receive_json()["type"] == "ended"
        m2 = h.new_match(a)
        b.get(f"/api/matches/{m2['id']}")  # held by b too
        state = h.live_state(b, m2["id"])
        assert _post(a, m2, "resign", 0).status_code == 200
        body = _first_legal(state, m2)
        assert h.error_of(b.post(f"/api/matches/{m2['id']}/actions", json=body)) == "match_over"
        assert b.get(f"/api/matches/{m2['id']}").json()["ending"]["rule"] == "END-1"


def test_a_match_ended_by_its_rules_has_its_result_at_once_over_http_and_the_socket(h, client):
    """A match the game's own rules end (Q*bert, two short rounds, QB-6): GET /api/matches/{id} gives its result
    straight away, as after a reload of the server, and the socket says it ended with the result, the ending
    null (no END rule: its rules ended it)."""
    m = h.new_match(client, options={"max_turns_per_round": 2})
    with client.websocket_connect(f"/ws/matches/{m['id']}") as ws:
        _hello(ws, m, [0])
        returns = list(finish_match(client, m, seed=5, accepted=(200,)).returns())
        info = client.get(f"/api/matches/{m['id']}").json()
        assert info["status"] == "finished" and info["result"] == returns
        ws.send_json({"type": "ping"})
        told = []
        while not told or told[-1]["type"] != "pong":
            told.append(ws.receive_json())
        ended = [t for t in told if t["type"] == "ended"]
        assert len(ended) == 1, [t["type"] for t in told]
        assert ended[0]["status"] == "finished" and ended[0]["ending"] is None and ended[0]["result"] == returns
    listed = client.get("/api/matches?status=finished").json()["matches"]
    assert [x["result"] for x in listed if x["id"] == m["id"]] == [returns]
