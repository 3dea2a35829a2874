"""Group commit: the new steps of every match that is waiting are stored together, in one transaction.

PostgreSQL: one writer thread. While one transaction is being committed, the next commits queue up and go
together in the next one, so a busy server pays one database round trip and one WAL flush for many moves, and
an idle one pays no extra wait.

SQLite: the event loop itself. The commits asked for in one turn of the event loop are stored in one
transaction at the end of that turn, on the loop's own connection: a commit there takes tens of microseconds
(WAL, synchronous=NORMAL: no sync), less than handing it to a thread and back. That connection never waits:
if another connection holds the write lock (a claim, a new match, the sweep), the batch goes to the writer
thread, which waits for it. Nor does it ever sync: only the writer thread checkpoints (copies the log into the
database file and syncs it), every CHECKPOINT_EVERY commits of the loop or CHECKPOINT_SECONDS after its last
(no connection checkpoints by itself: storage_base.py), and after a complete checkpoint the first transaction
starts the write-ahead log again from its beginning and syncs its new header (SQLite does that at
synchronous=NORMAL), so that transaction is the writer thread's too.

A checkpoint runs in two parts so that moves do not wait for it. The bulk (the pages the loop wrote since the
last one, and the sync of the database file) is copied by a thread of its own while the loop goes on
committing and the writer thread goes on taking the batches handed to it: a read transaction held meanwhile
keeps anyone from starting the log again. Then the loop's batches are held (sent to the writer thread) while
the writer copies what the loop wrote during the bulk, a few pages, and writes the first of them itself,
which starts the log again; then the loop commits again. Only the moves of that short second part wait on
the disk (two syncs), not those of the whole checkpoint.

Either way each caller learns only about its own commit, and only once it is stored (or failed).
"""

from __future__ import annotations

import asyncio
import queue
import threading

from .storage import Commit, Storage

MAX_BATCH = 256
CHECKPOINT_EVERY = 2000  # SQLite: commits on the event loop between two checkpoints by the writer thread
CHECKPOINT_SECONDS = 10.0  # SQLite: ... or seconds without one (what the other connections wrote)
_CHECKPOINT = object()


class _Rest:
    """(queued by the bulk of a checkpoint for the writer thread) The rest of the checkpoint is due; `pin` is the
    connection whose read transaction keeps the log from being started again until then."""

    def __init__(self, pin) -> None:
        self.pin = pin


class CommitWriter:
    def __init__(self, storage: Storage):
        self.storage = storage
        self.on_loop = storage.is_sqlite
        self._queue: queue.SimpleQueue = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="boardcade-writer", daemon=True)
        self._thread.start()
        self._pending: list[tuple[Commit, asyncio.Future, asyncio.AbstractEventLoop]] = []
        self._holding: asyncio.AbstractEventLoop | None = None  # the loop whose thread holds a connection
        self._since_checkpoint = 0
        self._checkpoint_asked = False  # SQLite: a checkpoint is queued for the writer thread
        # SQLite: the loop's batches go to the writer thread (set there for the end of a checkpoint, cleared
        # once it has written the batch that starts the log again)
        self._hold = False
        self._gate = threading.Lock()  # held by the loop while it commits, by the writer thread to hold the loop
        self.checkpoints = 0
        self._bulk: threading.Thread | None = None  # the bulk of a checkpoint under way
        self.batches = 0
        self.commits = 0
        self.handed_over = 0  # SQLite: batches the event loop handed to the thread (the write lock was taken)

    async def commit(self, commit: Commit) -> bool:
        """True once stored, False on a version conflict. Raises whatever the database raised; then the
        commit may or may not have happened (the caller reads the match back to find out)."""
        loop = asyncio.get_running_loop()
        future = loop.create_future()
        if self.on_loop:
            if not self._pending:
                loop.call_soon(self._commit_here, loop)
            self._pending.append((commit, future, loop))
        else:
            self._queue.put((commit, future, loop))
        return await future

    def close(self) -> None:
        self._queue.put(None)
        self._thread.join(10)

    def release_here(self) -> None:
        """(on the event loop, at shutdown) Give back the connection the loop's thread holds."""
        if self._holding is not None:
            self.storage.release_connection()
            self._holding = None

    # ---- SQLite: on the event loop -----------------------------------------------------------------
    def _commit_here(self, loop: asyncio.AbstractEventLoop) -> None:
        batch, self._pending = self._pending, []
        if not batch:
            return
        # The end of a checkpoint: the writer thread writes first (it starts the log again and syncs its header).
        if self._hold or not self._gate.acquire(blocking=False):
            for item in batch:
                self._queue.put(item)
            return
        try:
            if self._holding is None:
                self.storage.hold_connection("PRAGMA busy_timeout=0", "PRAGMA wal_autocheckpoint=0")
                self._holding = loop
            try:
                outcome: list | BaseException = self.storage.commit_batch([c for c, _, _ in batch])
            except BaseException as e:
                if self.storage.is_busy(e):  # another connection is writing: the thread waits for it instead
                    self.handed_over += 1
                    for item in batch:
                        self._queue.put(item)
                    return
                outcome = e
        finally:
            self._gate.release()
        self._settle(batch, outcome)
        self._since_checkpoint += len(batch)
        if self._since_checkpoint >= CHECKPOINT_EVERY and not self._checkpoint_asked:
            self._since_checkpoint = 0
            self._checkpoint_asked = True
            self._queue.put(_CHECKPOINT)

    # ---- the writer thread -------------------------------------------------------------------------
    def _run(self) -> None:
        self.storage.hold_connection()
        try:
            self._serve()
        finally:
            self.storage.release_connection()

    def _serve(self) -> None:
        checkpointed = False  # a checkpoint was made and no batch has been written here since
        while True:
            try:
                item = self._queue.get(timeout=CHECKPOINT_SECONDS if self.on_loop else None)
            except queue.Empty:  # SQLite: a while without one
                item = _CHECKPOINT
            if item is None:
                self._end_bulk()
                return
            if item is _CHECKPOINT:
                if self._bulk is None:
                    self._checkpoint_asked = False
                    bulk = threading.Thread(target=self._copy_bulk, name="boardcade-checkpoint", daemon=True)
                    bulk.start()
                    self._bulk = bulk
                continue
            if isinstance(item, _Rest):
                self._copy_rest(item.pin)
                checkpointed = True
                continue
            batch = [item]
            while len(batch) < MAX_BATCH:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if type(more) is not tuple:  # the end, or a checkpoint
                    self._queue.put(more)
                    break
                batch.append(more)
            try:
                outcome: list | BaseException = self.storage.commit_batch([c for c, _, _ in batch])
            except BaseException as e:  # the whole transaction failed, or its answer was lost
                outcome = e
            if checkpointed:  # the log has started again here (if it could): the loop commits again
                checkpointed = self._hold = False
            self._settle(batch, outcome)

    def _copy_bulk(self) -> None:
        """(a thread of its own, SQLite) The bulk of a checkpoint (see the top of this module), while the loop
        commits and the writer thread writes what is handed to it; a read transaction pins the log meanwhile.
        Then the rest is the writer thread's."""
        pin = None
        try:
            pin = self.storage.engine.raw_connection()
            pin.driver_connection.execute("BEGIN")
            pin.driver_connection.execute("SELECT 1 FROM matches LIMIT 1").fetchall()  # the read starts here
            self.storage.checkpoint()
        except Exception:  # the next one will do
            pass
        self._queue.put(_Rest(pin))

    def _end_bulk(self) -> None:
        """(the writer thread, closing) Wait for the bulk of a checkpoint under way, and let go of its pin."""
        if self._bulk is None:
            return
        self._bulk.join(10)
        while True:
            try:
                item = self._queue.get_nowait()
            except queue.Empty:
                return
            if isinstance(item, _Rest) and item.pin is not None:
                try:
                    item.pin.rollback()
                    item.pin.close()
                except Exception:
                    pass

    def _copy_rest(self, pin) -> None:
        """(the writer thread) The rest of a checkpoint, the loop's batches held: the next batch this thread
        writes starts the log again, and lets the loop commit again."""
        with self._gate:  # no commit of the loop is under way now, and none starts until the next batch here
            self._hold = True
            if pin is not None:
                try:
                    pin.rollback()
                    pin.close()
                except Exception:
                    pass
        try:
            self.storage.checkpoint()
        except Exception:  # the next one will do
            pass
        self.checkpoints += 1
        self._bulk = None

    def _settle(self, batch: list, outcome: list | BaseException) -> None:
        """Tell each caller about its own commit, on its own event loop."""
        self.batches += 1
        self.commits += len(batch)
        by_loop: dict = {}
        for i, (_, future, loop) in enumerate(batch):
            result = outcome if isinstance(outcome, BaseException) else outcome[i]
            by_loop.setdefault(loop, []).append((future, result))
        here = _running_loop()
        for loop, results in by_loop.items():
            if loop is here:
                _settle(results)
                continue
            try:
                loop.call_soon_threadsafe(_settle, results)
            except RuntimeError:  # that event loop is closed (shutting down)
                pass


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _settle(results: list) -> None:
    for future, result in results:
        if future.done():
            continue
        if isinstance(result, BaseException):
            future.set_exception(result)
        else:
            future.set_result(result)
