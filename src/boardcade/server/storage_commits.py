"""Match storage, the write path: a match's new steps stored in group commits (`commit_batch`: one transaction
for many matches, each checked against its version; on PostgreSQL three statements for the whole batch), the
connection the writer thread keeps, SQLite's busy errors and checkpoints (writer.py drives all of it).
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from .storage_base import CHANNEL, Commit, StorageBase, VersionConflict, _pack, now_iso


class StorageCommits(StorageBase):
    """Group commits of matches' new steps (writer.py)."""

    def commit_batch(self, batch: list[Commit]) -> list[bool]:
        """Store several matches' new steps in one transaction (group commit). Per commit: True if stored,
        False if its match was no longer at `start` (nothing of it is stored). Raises if the transaction fails;
        then nothing is known about the batch (the answer may have been lost after the commit).
        The hot path of the server: plain SQL through the driver, on SQLite one UPDATE per match (its rowcount
        says whether the version still matched) and one INSERT for all the steps; on PostgreSQL three statements
        for the whole batch (_commit_batch_pg)."""
        stamp = now_iso()
        p = self._param
        rows: list[dict[str, Any]] = []
        notes: list[str] = []
        move = (
            f"UPDATE matches SET version = {p('new')}, updated_at = {p('at')}, to_move = {p('to_move')}, "
            f"waiting_on = {p('waiting')}, clock_state = COALESCE({p('clock')}, clock_state) "
            f"WHERE id = {p('id')} AND version = {p('old')} AND status = 'active'"
        )
        finish = (
            f"UPDATE matches SET version = {p('new')}, updated_at = {p('at')}, to_move = NULL, waiting_on = NULL, "
            f"status = 'finished', result = {p('result')}, finished_at = {p('at')}, "
            f"clock_state = COALESCE({p('clock')}, clock_state) "
            f"WHERE id = {p('id')} AND version = {p('old')} AND status = 'active'"
        )
        done = [False] * len(batch)
        # Rows are locked in id order, so two servers' batches can never deadlock on PostgreSQL.
        order = sorted(range(len(batch)), key=lambda i: batch[i].match_id)
        held = self._held
        keep = getattr(held, "keep", False)
        raw = held.conn if keep else None
        if raw is None:
            raw = self.engine.raw_connection()  # the driver's own connection: no per-statement SQLAlchemy work
            if keep:
                held.conn = raw
                if held.setup:
                    cur = raw.driver_connection.cursor()
                    for statement in held.setup:
                        cur.execute(statement)
                    cur.close()
        try:
            cur = raw.driver_connection.cursor()
            if self.is_postgres and len({c.match_id for c in batch}) == len(batch):
                stored = self._commit_batch_pg(cur, batch, stamp)
                raw.driver_connection.commit()
                return [c.match_id in stored for c in batch]
            for i in order:
                c = batch[i]
                values = {
                    "new": c.start + len(c.actions),
                    "at": stamp,
                    "id": c.match_id,
                    "old": c.start,
                    "clock": c.clock_state,
                }
                if c.result is None:
                    values["to_move"], values["waiting"] = c.to_move, c.waiting_on
                    cur.execute(move, values)
                else:
                    values["result"] = json.dumps(c.result)
                    cur.execute(finish, values)
                done[i] = cur.rowcount == 1
                if done[i]:
                    rows += [{"m": c.match_id, "s": c.start + k, "a": a} for k, a in enumerate(c.actions)]
                    if c.notify:
                        notes.append(c.notify)
            if rows:
                cur.executemany(
                    f"INSERT INTO match_actions (match_id, step, action) VALUES ({p('m')}, {p('s')}, {p('a')})", rows
                )
            for payload in _pack(notes) if self.is_postgres else ():
                cur.execute(f"SELECT pg_notify({p('c')}, {p('p')})", {"c": CHANNEL, "p": payload})
            cur.close()
            raw.driver_connection.commit()
        except BaseException as e:
            try:
                raw.rollback()
            except Exception:
                pass
            if keep and not self.is_busy(e):  # a connection that failed is not used again: the next opens another
                held.conn = None
                try:
                    raw.invalidate()
                except Exception:
                    pass
            raise
        finally:
            if not keep:
                raw.close()  # back to the pool
        return done

    def _commit_batch_pg(self, cur: Any, batch: list[Commit], stamp: str) -> set[str]:
        """PostgreSQL: the whole batch in three statements (one round trip each) rather than one UPDATE per match:
        every match's row updated where it is still at its version (locked in id order, so two servers' batches
        never deadlock), the steps of those stored, and the notifications. Returns the ids of the matches stored."""
        cur.execute(
            _PG_BATCH,
            {
                "ids": [c.match_id for c in batch],
                "olds": [c.start for c in batch],
                "news": [c.start + len(c.actions) for c in batch],
                "to_move": [c.to_move for c in batch],
                "waiting": [c.waiting_on for c in batch],
                "result": [None if c.result is None else json.dumps(c.result) for c in batch],
                "clock": [c.clock_state for c in batch],
                "at": stamp,
            },
        )
        stored = {row[0] for row in cur.fetchall()}
        rows = [(c.match_id, c.start + k, a) for c in batch if c.match_id in stored for k, a in enumerate(c.actions)]
        if rows:
            cur.execute(
                "INSERT INTO match_actions (match_id, step, action) "
                "SELECT * FROM unnest(%(m)s::text[], %(s)s::int[], %(a)s::int[])",
                {"m": [r[0] for r in rows], "s": [r[1] for r in rows], "a": [r[2] for r in rows]},
            )
        for payload in _pack([c.notify for c in batch if c.match_id in stored and c.notify]):
            cur.execute("SELECT pg_notify(%(c)s, %(p)s)", {"c": CHANNEL, "p": payload})
        cur.close()
        return stored

    def hold_connection(self, *setup: str) -> None:
        """The calling thread (the server's writer thread, or on SQLite its event loop) keeps a connection for its
        `commit_batch` calls rather than taking one from the pool for each batch (on PostgreSQL also a liveness
        round trip less a batch); one that fails is dropped, and the next batch opens another. `setup`: SQL run
        on each connection it takes (its own PRAGMAs)."""
        self._held.keep = True
        self._held.conn = None
        self._held.setup = setup

    @staticmethod
    def is_busy(error: BaseException) -> bool:
        """True if `error` is SQLite saying the database is locked, so nothing was done: another connection holds
        the write lock (SQLITE_BUSY, 5, or SQLITE_LOCKED, 6) or one of their extended codes, which the driver
        reports as they are (517 BUSY_SNAPSHOT: the transaction read an older snapshot; 261 BUSY_RECOVERY)."""
        code = getattr(error, "sqlite_errorcode", None)
        return isinstance(error, sqlite3.OperationalError) and isinstance(code, int) and code & 0xFF in (5, 6)

    def checkpoint(self) -> None:
        """SQLite: copy what the write-ahead log holds into the database file, without waiting for readers or
        writers (PASSIVE). The server's event loop commits with automatic checkpoints off (they write and sync
        the database file); its writer thread calls this instead."""
        if not self.is_sqlite:
            return
        held = getattr(self._held, "conn", None)
        raw = held if held is not None else self.engine.raw_connection()
        try:
            raw.driver_connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
        finally:
            if held is None:
                raw.close()

    def release_connection(self) -> None:
        """The calling thread's held connection goes back to the pool."""
        conn = getattr(self._held, "conn", None)
        setup = getattr(self._held, "setup", ())
        self._held.keep, self._held.conn, self._held.setup = False, None, ()
        if conn is not None:
            try:
                conn.invalidate() if setup else conn.close()  # one with settings of its own is not pooled again
            except Exception:
                pass

    def append_actions(self, match_id: str, start: int, actions: list[int], result: list[float] | None) -> None:
        """Add `actions` as steps start, start+1, ...; raise VersionConflict if the stored version is not `start`.
        (One commit on its own; the server batches with commit_batch.)"""
        commit = Commit(match_id, start, actions, result, None, None if result else "human")
        if not self.commit_batch([commit])[0]:
            raise VersionConflict(f"match {match_id} is no longer at version {start}")


# PostgreSQL: a batch of commits in one statement (Storage._commit_batch_pg). A finishing commit has a result
# (and no seat to move); the rows are locked in id order first.
_PG_BATCH = """
WITH v AS (
    SELECT * FROM unnest(%(ids)s::text[], %(olds)s::int[], %(news)s::int[], %(to_move)s::int[],
                         %(waiting)s::text[], %(result)s::text[], %(clock)s::text[])
                         AS v(id, old, new, to_move, waiting, result, clock)
), locked AS MATERIALIZED (
    SELECT m.id FROM matches m JOIN v ON m.id = v.id ORDER BY m.id FOR UPDATE OF m
)
UPDATE matches AS m SET
    version = v.new, updated_at = %(at)s, to_move = v.to_move, waiting_on = v.waiting,
    status = CASE WHEN v.result IS NULL THEN m.status ELSE 'finished' END,
    result = COALESCE(v.result, m.result),
    finished_at = CASE WHEN v.result IS NULL THEN m.finished_at ELSE %(at)s END,
    clock_state = COALESCE(v.clock, m.clock_state)
FROM v
WHERE m.id = v.id AND m.id IN (SELECT id FROM locked) AND m.version = v.old AND m.status = 'active'
RETURNING m.id
"""
