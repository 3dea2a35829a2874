"""Group commit: one writer thread stores the new steps of every match that is waiting, in one transaction.

While one transaction is being committed, the next commits queue up and go together in the next one, so a
busy server pays one database round trip (and on PostgreSQL one WAL flush) for many moves, and an idle one
pays no extra wait. Each caller learns only about its own commit.
"""

from __future__ import annotations

import asyncio
import queue
import threading

from .storage import Commit, Storage

MAX_BATCH = 256


class CommitWriter:
    def __init__(self, storage: Storage):
        self.storage = storage
        self._queue: queue.SimpleQueue = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="boardcade-writer", daemon=True)
        self._thread.start()
        self.batches = 0
        self.commits = 0

    async def commit(self, commit: Commit) -> bool:
        """True once stored, False on a version conflict. Raises whatever the database raised; then the
        commit may or may not have happened (the caller reads the match back to find out)."""
        loop = asyncio.get_running_loop()
        future = loop.create_future()
        self._queue.put((commit, future, loop))
        return await future

    def close(self) -> None:
        self._queue.put(None)
        self._thread.join(10)

    def _run(self) -> None:
        self.storage.hold_connection()
        try:
            self._serve()
        finally:
            self.storage.release_connection()

    def _serve(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            batch = [item]
            while len(batch) < MAX_BATCH:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    self._queue.put(None)
                    break
                batch.append(more)
            try:
                outcome: list | BaseException = self.storage.commit_batch([c for c, _, _ in batch])
            except BaseException as e:  # the whole transaction failed, or its answer was lost
                outcome = e
            self.batches += 1
            self.commits += len(batch)
            by_loop: dict = {}
            for i, (_, future, loop) in enumerate(batch):
                result = outcome if isinstance(outcome, BaseException) else outcome[i]
                by_loop.setdefault(loop, []).append((future, result))
            for loop, results in by_loop.items():
                try:
                    loop.call_soon_threadsafe(_settle, results)
                except RuntimeError:  # that event loop is closed (shutting down)
                    pass


def _settle(results: list) -> None:
    for future, result in results:
        if future.done():
            continue
        if isinstance(result, BaseException):
            future.set_exception(result)
        else:
            future.set_result(result)
