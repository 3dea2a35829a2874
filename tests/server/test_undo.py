"""Taking back a decision over the server (core/undo.py, issue 35 item 5): stored (the steps truncated, the match's
undo count up) before anyone is told, so a restart and another server agree; every viewer gets its whole view
again, built from the replayed state for its own seat, so a spectator's and the other side's views are those they
had before the decision; refused, saying why, when it is not the seat's own decision of its own turn, after a
chance outcome or another player's decision, or in a match that is not casual."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient

from boardcade.server import create_app


def _hello(ws, m, seats):
    ws.send_json({"type": "hello", "seats": [{"seat": s, "token": m["tokens"][str(s)]} for s in seats]})
    assert ws.receive_json()["type"] == "welcome"
    return {s: ws.receive_json() for s in seats or [None]}


def _post(client, m, what, seat, **body):
    return client.post(f"/api/matches/{m['id']}/{what}", json={"seat": seat, "token": m["tokens"][str(seat)], **body})


def _view(client, m, seat):
    if seat is None:
        return client.get(f"/api/matches/{m['id']}").json()["observation"]
    return _post(client, m, "view", seat).json()["observation"]


def _may_undo(client, m, seat):
    return _post(client, m, "view", seat).json().get("undo", False)


def _hop(state):
    return next(a for a in state.legal_actions() if state.action_info(a)["kind"] == "hop")


def test_a_hop_taken_back_is_stored_first_told_whole_and_leaks_nothing(h, client, sqlite_url):
    m = h.new_match(client)  # Q*bert, two people (hot-seat: a token for each)
    mgr = client.app.state.manager
    match = mgr.live[m["id"]]
    qbert = match.state.current_player()  # after the roll-off and Q*bert's secret roll (QB-3.1)
    nasty = 1 - qbert
    version = match.version
    before = {seat: _view(client, m, seat) for seat in (qbert, nasty, None)}
    assert not _may_undo(client, m, qbert), "nothing of Q*bert's own to take back yet"
    r = _post(client, m, "undo", qbert, version=version)
    assert r.status_code == 409 and h.error_of(r) == "nothing_to_undo", r.text
    with client.websocket_connect(f"/ws/matches/{m['id']}") as spectator:
        _hello(spectator, m, [])
        r = _post(client, m, "actions", qbert, version=version, action=_hop(match.state))
        assert r.status_code == 200, r.text
        assert spectator.receive_json()["type"] == "delta"
        assert _may_undo(client, m, qbert), "his own view offers to take the hop back"
        assert not _may_undo(client, m, nasty)
        r = _post(client, m, "undo", nasty, version=version + 1)
        assert r.status_code == 409 and h.error_of(r) == "not_your_turn", r.text
        r = _post(client, m, "undo", qbert, version=version)
        assert r.status_code == 409 and h.error_of(r) == "stale_version", r.text
        r = _post(client, m, "undo", qbert, version=version + 1)
        assert r.status_code == 200 and r.json() == {"version": version}, r.text
        told = spectator.receive_json()
        assert told["type"] == "state" and told["version"] == version, "the whole view again"
        assert told["observation"] == before[None], "the spectator's view is the one before the hop"
    for seat in (qbert, nasty, None):
        assert _view(client, m, seat) == before[seat], seat
    # Stored before anyone was told: the steps and the undo count, as a restart reads them.
    stored = mgr.storage.load_match(m["id"])
    assert stored.version == version and stored.actions == match.state.history() and stored.undos == 1
    with TestClient(create_app(sqlite_url, settings=h.settings())) as again:
        info = again.get(f"/api/matches/{m['id']}").json()
        assert info["version"] == version and info["casual"] is True
        assert info["observation"] == before[None]
        r = _post(again, m, "undo", qbert, version=version)
        assert h.error_of(r) == "nothing_to_undo" and "no decision" in r.json()["error"]["message"]


def test_a_decision_taken_back_on_one_server_reaches_the_viewers_of_another(h, sqlite_url):
    """SV-13 with undo: the other server hears of it (as its LISTEN would, handed over by hand here), reads the
    match back and sends its viewers the whole view; the next move made through the first server then applies
    on the second from the right position."""
    with (
        TestClient(create_app(sqlite_url, settings=h.settings())) as a,
        TestClient(create_app(sqlite_url, settings=h.settings())) as b,
    ):
        m = h.new_match(a)
        state = h.live_state(a, m["id"])
        qbert, version = state.current_player(), state.move_number()
        hops = [a_ for a_ in state.legal_actions() if state.action_info(a_)["kind"] == "hop"]
        with b.websocket_connect(f"/ws/matches/{m['id']}") as ws:
            first = _hello(ws, m, [1 - qbert])[1 - qbert]
            assert _post(a, m, "actions", qbert, version=version, action=hops[0]).status_code == 200
            heard = b.app.state.manager.sync.on_bus
            b.portal.call(heard, [("v", "server-a", m["id"], f"{version + 1} {version} {hops[0]}")])
            assert ws.receive_json()["version"] == version + 1
            assert _post(a, m, "undo", qbert, version=version + 1).status_code == 200
            b.portal.call(heard, [("u", "server-a", m["id"], f"{version} {version + 1}")])
            told = ws.receive_json()
            assert told["type"] == "state" and told["version"] == version
            assert told["observation"] == first["observation"]
            assert _post(a, m, "actions", qbert, version=version, action=hops[-1]).status_code == 200
            b.portal.call(
                b.app.state.manager.sync.on_bus, [("v", "server-a", m["id"], f"{version + 1} {version} {hops[-1]}")]
            )
            deadline = time.time() + 10
            while h.live_state(b, m["id"]).move_number() != version + 1 and time.time() < deadline:
                time.sleep(0.05)
            assert h.live_state(b, m["id"]).history() == h.live_state(a, m["id"]).history()


def _play_until(client, h, m, done, limit=60):
    """Play the first legal action of whoever is to move until `done(state)`."""
    for _ in range(limit):
        state = h.live_state(client, m["id"])
        if done(state):
            return state
        seat = state.current_player()
        r = _post(client, m, "actions", seat, version=state.move_number(), action=state.legal_actions()[0])
        assert r.status_code == 200, r.text
    raise AssertionError("the position never came")


def test_refused_after_a_roll_of_one_s_own_and_in_a_match_that_is_not_casual(h, client, sqlite_url):
    """Atari's Centipede (AC-D6: Slam the Ball rerolls the Dice Pool): the Gnome's die steps are taken back, the
    reroll is a chance outcome that stands. A match stored as not casual (a future rated match) takes nothing
    back."""
    m = h.new_match(client, "atari_centipede", options={"setup": "random"})
    labels = lambda s: {s.action_info(a)["label"]: a for a in s.legal_actions()}  # noqa: E731
    state = _play_until(client, h, m, lambda s: "use Slam the Ball" in labels(s))
    gnome = state.current_player()
    version = state.move_number()
    die = next(a for label, a in labels(state).items() if label.startswith("activate the die"))
    assert _post(client, m, "actions", gnome, version=version, action=die).status_code == 200
    assert _post(client, m, "undo", gnome, version=version + 1).status_code == 200, "a die step of its own"
    slam = labels(h.live_state(client, m["id"]))["use Slam the Ball"]
    assert _post(client, m, "actions", gnome, version=version, action=slam).status_code == 200
    state = h.live_state(client, m["id"])
    assert state.current_player() == gnome and state.move_number() > version + 1, "six dice rolled, its turn goes on"
    r = _post(client, m, "undo", gnome, version=state.move_number())
    assert r.status_code == 409 and h.error_of(r) == "undo_barrier" and "chance" in r.json()["error"]["message"]
    assert not _may_undo(client, m, gnome)

    # Not casual: nothing is taken back.
    from sqlalchemy import update

    from boardcade.server.storage import matches

    die = next(a for label, a in labels(state).items() if label.startswith("activate the die"))
    assert _post(client, m, "actions", gnome, version=state.move_number(), action=die).status_code == 200
    mgr = client.app.state.manager
    with mgr.storage.engine.begin() as conn:
        conn.execute(update(matches).where(matches.c.id == m["id"]).values(casual=0))
    with TestClient(create_app(sqlite_url, settings=h.settings())) as rated:
        info = rated.get(f"/api/matches/{m['id']}").json()
        assert info["casual"] is False
        r = _post(rated, m, "undo", gnome, version=info["version"])
        assert r.status_code == 409 and h.error_of(r) == "undo_not_allowed", r.text
        assert not _may_undo(rated, m, gnome)


def test_AC_D3_a_seat_s_first_decision_has_nothing_to_take_back_and_the_other_seat_s_seeds_stand(h, client):
    """Atari's seeding (AC-D3), Centipede first, with no chance outcome between the seats: at the Gnome's first
    decision the refusal says plainly that it has decided nothing yet (`nothing_to_undo`), not that another player
    decided since its last decision; once the Gnome has seeded, the Centipede's seeds before them stand
    (`undo_barrier`, another player's decision came after them)."""
    m = h.new_match(client, "atari_centipede")
    gnome, centipede = 0, 1
    for seat in (centipede, centipede, centipede, gnome):
        state = h.live_state(client, m["id"])
        assert state.current_player() == seat
        if seat == gnome:
            r = _post(client, m, "undo", gnome, version=state.move_number())
            assert r.status_code == 409 and h.error_of(r) == "nothing_to_undo", r.text
            said = r.json()["error"]["message"]
            assert said == "you have made no decision yet this turn, so there is nothing to take back", said
        r = _post(client, m, "actions", seat, version=state.move_number(), action=state.legal_actions()[0])
        assert r.status_code == 200, r.text
    for _ in range(2):
        state = h.live_state(client, m["id"])
        _post(client, m, "actions", gnome, version=state.move_number(), action=state.legal_actions()[0])
    state = h.live_state(client, m["id"])
    assert state.current_player() == centipede
    r = _post(client, m, "undo", centipede, version=state.move_number())
    assert r.status_code == 409 and h.error_of(r) == "undo_barrier", r.text
    assert "another player has decided" in r.json()["error"]["message"]


def test_against_the_computer_the_person_takes_back_their_own_decisions_only(h, client):
    seats = [{"kind": "human"}, {"kind": "agent", "agent": "random"}]
    r = client.post("/api/matches", json={"game": "qbert", "seats": seats, "seat": 0})
    m = {**r.json(), "tokens": {"0": r.json()["token"]}}
    match = client.app.state.manager.live[m["id"]]
    deadline = time.time() + 60
    while True:
        assert time.time() < deadline, "the person never had two decisions in a row"
        if match.state.current_player() != 0:
            time.sleep(0.05)
            continue
        version = match.version
        if match.movers[-1] != 0:  # the computer (or the dice) came last: nothing of the person's to take back
            assert h.error_of(_post(client, m, "undo", 0, version=version)) in ("nothing_to_undo", "undo_barrier")
        r = _post(client, m, "actions", 0, version=version, action=match.state.legal_actions()[0])
        assert r.status_code == 200, r.text
        if match.state.current_player() == 0 and match.version == version + 1:
            break
    before = match.state.history()
    r = _post(client, m, "undo", 0, version=version + 1)
    assert r.status_code == 200, r.text
    assert match.state.history() == before[:-1] and match.state.current_player() == 0


def test_over_the_socket_the_seat_s_own_messages_say_when_it_may_undo(h, client):
    m = h.new_match(client)
    match = client.app.state.manager.live[m["id"]]
    qbert, version = match.state.current_player(), match.version
    with client.websocket_connect(f"/ws/matches/{m['id']}") as ws:
        first = _hello(ws, m, [qbert])[qbert]
        assert "undo" not in first
        ws.send_json({"type": "action", "seat": qbert, "version": version, "action": _hop(match.state), "id": 1})
        delta = ws.receive_json()
        assert delta["type"] == "delta" and delta["undo"] is True
        assert ws.receive_json() == {"type": "ack", "id": 1, "version": version + 1}
        ws.send_json({"type": "undo", "seat": qbert, "version": version + 1, "id": 2})
        whole = ws.receive_json()
        assert whole["type"] == "state" and whole["version"] == version and "undo" not in whole
        assert whole["observation"] == first["observation"]
        assert ws.receive_json() == {"type": "ack", "id": 2, "version": version}
        ws.send_json({"type": "undo", "seat": qbert, "version": version, "id": 3})
        refused = ws.receive_json()
        assert refused["type"] == "error" and refused["code"] == "nothing_to_undo" and refused["id"] == 3


def test_storage_takes_steps_back_only_at_the_version_asked_and_counts_it(db_url):
    """SV-15 on SQLite and PostgreSQL: the truncation, the version and the undo count in one transaction, only
    while the match is active at the version the undo was decided at."""
    import secrets

    from boardcade.server.storage import SeatRow, Storage

    st = Storage(db_url)
    mid = secrets.token_hex(6)
    try:
        st.create_match(mid, "qbert", {}, [{"kind": "human"}] * 2, {0: SeatRow(), 1: SeatRow()}, [1, 2, 3], None)
        assert st.undo_steps(mid, 2, 1, 0, "human", "note") is None, "not at version 2: nothing changes"
        assert st.load_match(mid).actions == [1, 2, 3] and st.undo_count(mid) == 0
        assert st.undo_steps(mid, 3, 2, 0, "human", "note") == 1
        stored = st.load_match(mid)
        assert stored.actions == [1, 2] and stored.version == 2 and stored.undos == 1 and stored.casual
        assert st.undo_steps(mid, 2, 1, 0, "human", "note") == 2 and st.load_match(mid).actions == [1]
    finally:
        st.close()


def test_a_hint_is_for_the_position_on_the_board_after_an_undo(h, client, monkeypatch):
    """A version taken back and played again holds another position: its hint is worked out again, from that
    position (here by a stand-in for the `medium` agent that notes the position it is given and suggests its last
    legal move)."""
    from boardcade.core import load_game

    mgr = client.app.state.manager
    asked = []

    async def last_legal(owner, match_id, game, options, history, seat, agent, seed, budget):
        asked.append(list(history))
        state = load_game(game, **options).new_initial_state()
        for a in history:
            state.apply_action(a)
        return state.legal_actions()[-1], 1.0, 0.0

    monkeypatch.setattr(mgr.agents, "hint", last_legal)
    m = h.new_match(client)
    match = mgr.live[m["id"]]
    qbert, version = match.state.current_player(), match.version
    hops = [a for a in match.state.legal_actions() if match.state.action_info(a)["kind"] == "hop"]
    for hop in (hops[0], hops[-1]):
        assert _post(client, m, "actions", qbert, version=version, action=hop).status_code == 200
        hint = _post(client, m, "hint", qbert).json()
        assert hint["version"] == version + 1 and hint["action"] == match.state.legal_actions()[-1], hop
        assert asked[-1] == match.state.history(), "worked out from the position on the board"
        assert _post(client, m, "undo", qbert, version=version + 1).status_code == 200
