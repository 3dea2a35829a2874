"""Storage on SQLite and on a real PostgreSQL 15 (SV-2): every accepted action is committed, versions are checked,
and a restarted server (even one that was not shut down) resumes every unfinished match where it stood."""

from __future__ import annotations

import random
import threading

import pytest
from fastapi.testclient import TestClient

from boardcade.server import create_app
from boardcade.server.storage import Commit, SeatRow, Storage, VersionConflict


@pytest.fixture
def db_url(db_url, request):
    """conftest's db_url, PostgreSQL's tables emptied first (a clean schema per test)."""
    return request.getfixturevalue("clean_postgres") if db_url.startswith("postgresql") else db_url


def test_sv2_storage_round_trip_and_version_check(db_url):
    st = Storage(db_url)
    try:
        st.create_match(
            "m1",
            "qbert",
            {"tiebreak": False},
            [{"kind": "human"}] * 2,
            {0: SeatRow(token_hash="a" * 64), 1: SeatRow(token_hash="b" * 64)},
            [3],
            None,
        )
        st.append_actions("m1", 1, [4, 5], None)
        with pytest.raises(VersionConflict):
            st.append_actions("m1", 1, [9], None)
        st.append_actions("m1", 3, [6], [1.0, -1.0])
        got = st.load_match("m1")
        assert got.actions == [3, 4, 5, 6] and got.version == 4 and got.status == "finished"
        assert got.result == [1.0, -1.0] and got.token_hashes == {0: "a" * 64, 1: "b" * 64}
        assert got.options == {"tiebreak": False}
        assert st.load_active() == [] and st.load_match("nope") is None
        assert [m["id"] for m in st.list_matches("finished", 10)] == ["m1"]
    finally:
        st.close()


def _play(client, m, steps, rng):
    url = f"/api/matches/{m['id']}/actions"
    for _ in range(steps):
        state = client.portal.call(client.app.state.manager.get, m["id"]).state
        if state.is_terminal():  # the server's dice may end a match early
            return
        p = state.current_player()
        body = {"seat": p, "token": m["tokens"][str(p)], "version": state.move_number()}
        assert client.post(url, json={**body, "action": rng.choice(state.legal_actions())}).status_code == 200


def test_sv2_restart_after_a_kill_resumes_the_match_exactly(h, db_url):
    """A seeded match (the moves and the server's dice), so it cannot end before the moves it plays."""
    rng = random.Random(11)
    killed = TestClient(create_app(db_url, settings=h.settings()))
    killed.__enter__()  # never shut down cleanly: stands for a killed server
    killed.app.state.manager.rng = random.Random(5)  # the server's dice, seeded
    m = h.new_match(killed)
    _play(killed, m, 25, rng)
    before = killed.app.state.manager.live[m["id"]].state
    with TestClient(create_app(db_url, settings=h.settings())) as fresh:
        assert m["id"] not in fresh.app.state.manager.live, "matches are loaded when first asked for"
        resumed = fresh.portal.call(fresh.app.state.manager.get, m["id"]).state
        assert resumed.history() == before.history()
        for p in (0, 1):
            assert resumed.observation(p) == before.observation(p)
        _play(fresh, m, 5, rng)  # the old seat tokens still work
        assert [x["id"] for x in fresh.get("/api/matches").json()["matches"]] == [m["id"]]
    killed.__exit__(None, None, None)


def test_sv2_group_commit_stores_each_match_that_is_still_at_its_version_and_nothing_of_the_others(db_url):
    """One transaction for many matches (writer.py): a conflict in one leaves the others' steps stored."""
    st = Storage(db_url)
    try:
        for mid in ("a", "b", "c"):
            st.create_match(
                mid, "qbert", {}, [{"kind": "human"}] * 2, {0: SeatRow(), 1: SeatRow()}, [1], None, 0, "human"
            )
        batch = [
            Commit("c", 1, [7, 8], None, 1, "human"),
            Commit("a", 5, [9], None, 0, "human"),  # stale: "a" is at version 1
            Commit("b", 1, [4], [1.0, -1.0], None, None),
        ]
        assert st.commit_batch(batch) == [True, False, True]
        assert st.load_match("a").actions == [1] and st.load_match("a").status == "active"
        assert st.load_match("b").actions == [1, 4] and st.load_match("b").status == "finished"
        assert st.load_match("b").result == [1.0, -1.0]
        assert st.load_match("c").actions == [1, 7, 8] and st.load_match("c").version == 3
        assert st.load_since("c", 1) == ("active", None, [7, 8])
        assert st.commit_batch([Commit("b", 2, [5], None, 0, "human")]) == [False], "a finished match takes no step"
    finally:
        st.close()


def test_sv13_two_servers_batches_over_the_same_matches_never_deadlock(postgres_url):
    """On PostgreSQL a batch is one UPDATE for all its matches (storage._PG_BATCH), which locks their rows in id
    order first. Two servers committing batches over the same matches at the same time, listed in opposite
    orders: no deadlock, and for each match exactly one of them stores its step."""
    setup = Storage(postgres_url)
    with setup.engine.begin() as conn:
        for table in ("match_actions", "match_seats", "matches"):
            conn.exec_driver_sql(f"DELETE FROM {table}")
    ids = [f"dl{i:03d}" for i in range(200)]
    for mid in ids:
        setup.create_match(mid, "qbert", {}, [{"kind": "human"}] * 2, {}, [], None, 0, "human")
    servers = [Storage(postgres_url), Storage(postgres_url)]
    results: list[list[bool]] = [[], []]
    errors: list[BaseException] = []
    together = threading.Barrier(2)

    def serve(k: int) -> None:
        order = ids if k == 0 else ids[::-1]
        try:
            for step in range(10):
                together.wait(30)
                results[k] += servers[k].commit_batch([Commit(mid, step, [k], None, 0, "human") for mid in order])
        except BaseException as e:  # a deadlock would show here
            errors.append(e)
            together.abort()

    threads = [threading.Thread(target=serve, args=(k,)) for k in range(2)]
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join(120)
        assert not errors, errors[0]
        assert sum(results[0]) + sum(results[1]) == len(ids) * 10, "one step per match and round, from either"
        assert all(len(setup.load_match(mid).actions) == 10 for mid in ids)
    finally:
        for st in [setup, *servers]:
            st.close()
