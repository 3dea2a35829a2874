"""Group commit (server/writer.py), SV-2: on SQLite the event loop stores the commits of one turn together on its
own connection; when another connection holds the write lock it hands them to the writer thread rather than
wait, and it leaves checkpoints to that thread. Every commit is stored before its caller hears of it."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import threading

from boardcade.server import writer as writer_module
from boardcade.server.storage import Commit, Storage
from boardcade.server.writer import CommitWriter


def _storage(tmp_path, matches: int) -> Storage:
    st = Storage(f"sqlite:///{tmp_path / 'w.sqlite3'}")
    for i in range(matches):
        st.create_match(f"m{i}", "qbert", {}, [{"kind": "human"}] * 2, {}, [], None, 0, "human")
    return st


def test_sv2_commits_of_one_loop_turn_are_stored_together_on_the_loop(tmp_path):
    st = _storage(tmp_path, 20)
    writer = CommitWriter(st)

    async def run() -> list[bool]:
        first = await asyncio.gather(*(writer.commit(Commit(f"m{i}", 0, [1, 2], None, 0, "human")) for i in range(20)))
        stale = await writer.commit(Commit("m0", 0, [5], None, 0, "human"))  # m0 is at version 2 now
        writer.release_here()
        return [*first, stale]

    try:
        results = asyncio.run(run())
    finally:
        writer.close()
    assert results == [True] * 20 + [False], "each caller hears of its own commit; a stale one is refused"
    assert (writer.batches, writer.commits, writer.handed_over) == (2, 21, 0), "one transaction for one turn"
    assert all(st.load_match(f"m{i}").actions == [1, 2] for i in range(20))
    st.close()


def test_sv2_a_write_lock_held_elsewhere_sends_the_batch_to_the_writer_thread_and_the_loop_goes_on(tmp_path):
    """The loop's connection does not wait for the lock (that would stop every match on this server): the batch
    goes to the writer thread, which waits for it; the loop keeps serving meanwhile, and the move is stored."""
    st = _storage(tmp_path, 1)
    writer = CommitWriter(st)
    locked, release = threading.Event(), threading.Event()

    def hold_lock() -> None:
        other = sqlite3.connect(str(tmp_path / "w.sqlite3"), isolation_level=None)
        other.execute("BEGIN IMMEDIATE")  # the write lock, as a claim or a new match takes it
        locked.set()
        release.wait(10)
        other.execute("COMMIT")
        other.close()

    async def run() -> tuple[bool, int]:
        holder = threading.Thread(target=hold_lock)
        holder.start()
        await asyncio.to_thread(locked.wait, 10)
        ticks = 0

        async def ticker() -> None:
            nonlocal ticks
            while True:
                await asyncio.sleep(0.01)
                ticks += 1

        beat = asyncio.create_task(ticker())
        commit = asyncio.create_task(writer.commit(Commit("m0", 0, [1], None, 0, "human")))
        await asyncio.sleep(0.5)
        assert not commit.done(), "not stored (nor reported) while another connection holds the lock"
        release.set()
        stored = await asyncio.wait_for(commit, 10)
        beat.cancel()
        holder.join(10)
        writer.release_here()
        return stored, ticks

    try:
        stored, ticks = asyncio.run(run())
    finally:
        release.set()
        writer.close()
    assert stored and st.load_match("m0").actions == [1]
    assert writer.handed_over == 1
    assert ticks >= 10, f"the event loop went on while the lock was held ({ticks} ticks of 10 ms in 0.5 s)"
    st.close()


def test_sv2_the_loop_leaves_checkpoints_to_the_writer_thread(tmp_path, monkeypatch):
    st = _storage(tmp_path, 10)
    monkeypatch.setattr(writer_module, "CHECKPOINT_EVERY", 25)
    done = threading.Event()
    real = st.checkpoint
    where: list[str] = []

    def checkpoint() -> None:
        where.append(threading.current_thread().name)
        real()
        done.set()

    monkeypatch.setattr(st, "checkpoint", checkpoint)
    writer = CommitWriter(st)

    async def run() -> None:
        for step in range(3):
            await asyncio.gather(*(writer.commit(Commit(f"m{i}", step, [1], None, 0, "human")) for i in range(10)))
        writer.release_here()

    try:
        asyncio.run(run())
        assert done.wait(10), "a checkpoint after CHECKPOINT_EVERY commits"
    finally:
        writer.close()
    assert where and set(where) <= {"boardcade-writer", "boardcade-checkpoint"}, "never on the event loop"
    st.close()


def test_sv2_no_connection_checkpoints_by_itself_and_the_writer_thread_checkpoints_what_they_wrote(
    tmp_path, monkeypatch
):
    """A checkpoint syncs the database file, and after a complete one the next writer syncs the log's header: no
    connection does it on its own after its commits (SQLite's automatic checkpoints are off on every one, so
    neither the event loop nor a claim waits for the disk, nor does a complete checkpoint leave the loop to
    start the log again); the writer thread checkpoints what they wrote after CHECKPOINT_SECONDS."""
    monkeypatch.setattr(writer_module, "CHECKPOINT_SECONDS", 0.05, raising=False)
    st = _storage(tmp_path, 0)
    pooled = st.engine.raw_connection()
    assert pooled.driver_connection.execute("PRAGMA wal_autocheckpoint").fetchone() == (0,)
    pooled.close()
    done = threading.Event()
    real = st.checkpoint

    def checkpoint() -> None:
        real()
        if threading.current_thread().name.startswith("boardcade-"):
            done.set()

    monkeypatch.setattr(st, "checkpoint", checkpoint)
    writer = CommitWriter(st)
    try:
        st.create_match("m0", "qbert", {}, [{"kind": "human"}] * 2, {}, [], None, 0, "human")  # the read pool's
        assert done.wait(10), "the writer thread checkpoints with no commit of the loop to count"
    finally:
        writer.close()
    st.close()


def test_sv2_moves_are_stored_while_the_bulk_of_a_checkpoint_is_copied(tmp_path, monkeypatch):
    """A checkpoint copies the log into the database file and syncs it: the moves committed meanwhile must not
    wait for it (at 1,000 matches a checkpoint every 2,000 commits held every move for its whole length: a burst
    of slow acknowledgements every few seconds). The bulk is copied by a thread of its own while the loop
    commits on, and while the writer thread takes a batch handed to it (the write lock was taken elsewhere);
    only the rest (what the loop wrote meanwhile) holds the loop's batches, and the first batch after it is
    written by the writer thread, which starts the log again and syncs its header there; then the loop commits
    again."""
    busy = _busy_errors(tmp_path)[0]
    st = _storage(tmp_path, 10)
    monkeypatch.setattr(writer_module, "CHECKPOINT_EVERY", 10)
    order: list[tuple[str, str]] = []
    real_commit, real_checkpoint = st.commit_batch, st.checkpoint
    bulk, release, rest = threading.Event(), threading.Event(), threading.Event()
    calls = 0
    refuse = False

    def commit_batch(batch):
        nonlocal refuse
        where = threading.current_thread().name
        if refuse and threading.current_thread() is threading.main_thread():
            refuse = False
            order.append(("busy", where))
            raise busy
        order.append(("commit", where))
        return real_commit(batch)

    def checkpoint() -> None:
        nonlocal calls
        calls += 1
        order.append(("checkpoint", threading.current_thread().name))
        if calls == 1:  # the bulk of the first checkpoint: it lasts until the test has made its moves
            bulk.set()
            release.wait(60)
        real_checkpoint()
        if calls == 2:
            rest.set()

    monkeypatch.setattr(st, "commit_batch", commit_batch)
    monkeypatch.setattr(st, "checkpoint", checkpoint)
    writer = CommitWriter(st)

    def commits(matches: range, step: int) -> list:
        return [writer.commit(Commit(f"m{i}", step, [1], None, 0, "human")) for i in matches]

    async def run() -> None:
        nonlocal refuse
        assert await asyncio.gather(*commits(range(10), 0)) == [True] * 10  # 10 commits: a checkpoint is due
        assert await asyncio.to_thread(bulk.wait, 30), "the bulk is being copied"
        try:
            on_loop = asyncio.gather(*commits(range(5), 1))
            assert await asyncio.wait_for(on_loop, 20) == [True] * 5, "stored on the loop meanwhile"
            refuse = True
            handed = asyncio.gather(*commits(range(5, 10), 1))
            assert await asyncio.wait_for(handed, 20) == [True] * 5, "stored by the writer thread meanwhile"
        finally:
            release.set()
        assert await asyncio.to_thread(rest.wait, 30), "then the rest"
        assert await asyncio.gather(*commits(range(5), 2)) == [True] * 5  # held: written by the thread
        assert await asyncio.gather(*commits(range(5, 10), 2)) == [True] * 5  # the loop again
        writer.release_here()

    try:
        asyncio.run(run())
    finally:
        release.set()
        writer.close()
    loop, thread, bulk_thread = threading.main_thread().name, "boardcade-writer", "boardcade-checkpoint"
    assert order[:8] == [
        ("commit", loop),
        ("checkpoint", bulk_thread),
        ("commit", loop),
        ("busy", loop),
        ("commit", thread),
        ("checkpoint", thread),
        ("commit", thread),
        ("commit", loop),
    ], "the bulk beside the loop and the writer thread; the first batch after the rest is the thread's"
    assert set(order[8:]) <= {("checkpoint", thread), ("checkpoint", bulk_thread)}
    assert all(st.load_match(f"m{i}").actions == [1, 1, 1] for i in range(10))
    st.close()


def _busy_errors(tmp_path) -> list[sqlite3.OperationalError]:
    """Real "database is locked" errors from SQLite: plain SQLITE_BUSY (another connection holds the write lock)
    and SQLITE_BUSY_SNAPSHOT (a transaction that read an older snapshot cannot start writing), as the driver
    reports them, with their extended codes."""
    path = str(tmp_path / "busy.sqlite3")
    a = sqlite3.connect(path, isolation_level=None)
    b = sqlite3.connect(path, isolation_level=None)
    a.execute("PRAGMA journal_mode=WAL")
    a.execute("CREATE TABLE t (x)")
    b.execute("PRAGMA busy_timeout=0")
    errors = []
    a.execute("BEGIN IMMEDIATE")
    try:
        b.execute("INSERT INTO t VALUES (1)")
    except sqlite3.OperationalError as e:
        errors.append(e)
    a.execute("COMMIT")
    b.execute("BEGIN")
    b.execute("SELECT * FROM t").fetchall()
    a.execute("INSERT INTO t VALUES (2)")
    try:
        b.execute("INSERT INTO t VALUES (3)")
    except sqlite3.OperationalError as e:
        errors.append(e)
    b.execute("ROLLBACK")
    a.close()
    b.close()
    assert [e.sqlite_errorcode for e in errors] == [5, 517], "SQLITE_BUSY, then SQLITE_BUSY_SNAPSHOT"
    return errors


def test_sv2_every_kind_of_busy_answer_sends_the_batch_to_the_writer_thread(tmp_path, monkeypatch):
    """SQLite reports "database is locked" with extended codes (517: BUSY_SNAPSHOT, 261: BUSY_RECOVERY): each
    means nothing was written, so the batch goes to the writer thread and is stored; it is never reported to
    the caller as a failure (which would read as "the database did not store this move")."""
    busy, snapshot = _busy_errors(tmp_path)
    assert Storage.is_busy(busy) and Storage.is_busy(snapshot)
    assert not Storage.is_busy(sqlite3.OperationalError("disk I/O error")), "a real failure is not busy"
    st = _storage(tmp_path, 3)
    real = st.commit_batch
    loop_thread = threading.current_thread()

    def snapshot_once(batch):
        if threading.current_thread() is loop_thread:  # the loop's connection, this once
            monkeypatch.setattr(st, "commit_batch", real)
            raise snapshot
        return real(batch)

    monkeypatch.setattr(st, "commit_batch", snapshot_once)
    writer = CommitWriter(st)

    async def run() -> list[bool]:
        out = await asyncio.gather(*(writer.commit(Commit(f"m{i}", 0, [1, 2], None, 0, "human")) for i in range(3)))
        writer.release_here()
        return out

    try:
        assert asyncio.run(run()) == [True, True, True]
    finally:
        writer.close()
    assert writer.handed_over == 1
    assert all(st.load_match(f"m{i}").actions == [1, 2] for i in range(3))
    st.close()


def test_sv2_a_real_failure_on_the_loops_connection_is_refused_whole_and_play_goes_on(h, client):
    """A commit SQLite refuses on the event loop's connection (here a trigger aborts it: it could be a full disk)
    is not handed on, retried or reported as stored: the mover is told it was not stored, nothing of it is in
    the database or the match, and once the cause is gone the same move is stored."""
    storage = client.app.state.manager.storage
    m = h.new_match(client)
    path = storage.url.removeprefix("sqlite:///")
    state = h.live_state(client, m["id"])
    p, version = state.current_player(), state.move_number()
    body = {"seat": p, "token": m["tokens"][str(p)], "version": version, "action": state.legal_actions()[0]}
    before = state.history()
    outside = sqlite3.connect(path, isolation_level=None)
    outside.execute(
        f"CREATE TRIGGER refuse BEFORE INSERT ON match_actions WHEN NEW.match_id = '{m['id']}' "
        "BEGIN SELECT RAISE(ABORT, 'injected failure'); END"
    )
    r = client.post(f"/api/matches/{m['id']}/actions", json=body)
    assert (r.status_code, h.error_of(r)) == (503, "unavailable") and "unchanged" in r.json()["error"]["message"]
    assert h.live_state(client, m["id"]).history() == before == storage.load_match(m["id"]).actions
    assert outside.execute("SELECT version FROM matches WHERE id = ?", (m["id"],)).fetchone() == (version,)
    outside.execute("DROP TRIGGER refuse")
    outside.close()
    r = client.post(f"/api/matches/{m['id']}/actions", json=body)
    assert r.status_code == 200 and storage.load_match(m["id"]).version == r.json()["version"] > version


def test_sv2_no_client_hears_of_a_move_before_another_connection_can_read_it(h, client, monkeypatch):
    """Stored before told, seen from outside the server: every message that announces a version (each seat's
    delta, the spectator's, the ack) is handed to its socket only when a separate connection to the database
    already reads that version, that is once the loop's transaction is committed, not merely written."""
    from boardcade.server import ws as ws_module

    storage = client.app.state.manager.storage
    m = h.new_match(client)
    outside = sqlite3.connect(storage.url.removeprefix("sqlite:///"), isolation_level=None, check_same_thread=False)
    seen: list[tuple[str, int, int]] = []
    real_send = ws_module.WsClient.send_text

    def send_text(self, text: str) -> bool:
        msg = json.loads(text)
        if msg.get("type") in ("delta", "ack"):
            stored = outside.execute("SELECT version FROM matches WHERE id = ?", (m["id"],)).fetchone()[0]
            seen.append((msg["type"], msg["version"], stored))
        return real_send(self, text)

    monkeypatch.setattr(ws_module.WsClient, "send_text", send_text)
    seats = [{"seat": int(s), "token": t} for s, t in sorted(m["tokens"].items())]
    with (
        client.websocket_connect(f"/ws/matches/{m['id']}") as players,
        client.websocket_connect(f"/ws/matches/{m['id']}") as watcher,
    ):
        for ws, hello in ((players, seats), (watcher, [])):
            ws.send_json({"type": "hello", "seats": hello})
            assert ws.receive_json()["type"] == "welcome"
        for move in range(20):
            state = h.live_state(client, m["id"])
            if state.is_terminal():
                break
            p, version = state.current_player(), state.move_number()
            players.send_json(
                {"type": "action", "id": move, "seat": p, "version": version, "action": state.legal_actions()[0]}
            )
            while (ack := players.receive_json()).get("type") != "ack":
                assert ack.get("type") != "error", ack
            while (msg := watcher.receive_json()).get("type") != "delta" or msg["version"] != ack["version"]:
                pass
    outside.close()
    assert len([s for s in seen if s[0] == "ack"]) == 20 and len(seen) >= 60, "two seats, a spectator, the ack"
    early = [s for s in seen if s[2] < s[1]]
    assert not early, f"told of versions not yet readable in the database: {early[:5]}"
