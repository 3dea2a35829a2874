"""Group commit (server/writer.py), SV-2: on SQLite the event loop stores the commits of one turn together on its
own connection; when another connection holds the write lock it hands them to the writer thread rather than
wait, and it leaves checkpoints to that thread. Every commit is stored before its caller hears of it."""

from __future__ import annotations

import asyncio
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
    assert where == ["boardcade-writer"], "on the writer thread, never on the event loop"
    st.close()
