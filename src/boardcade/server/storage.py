"""Match storage with SQLAlchemy 2 (SQLite by default, PostgreSQL by URL): `Storage`, the one object the server
holds.

Tables: `matches` (one row per match: its version = number of applied actions, whose turn, when it last
changed), `match_actions` (every applied action, chance outcomes included, keyed by step) and `match_seats`
(per seat: the chosen name, the SHA-256 digest of its seat token once claimed, the digest of its open invite).
Tokens themselves are never stored.

Every write checks versions in its own transaction (optimistic concurrency), so any number of server processes
can share one database: a commit for step n succeeds for exactly one of them. On PostgreSQL each commit also
sends a NOTIFY in the same transaction, so other servers hear of it exactly when it becomes visible.
All calls here block; the server runs reads on a small thread pool, and commits on one writer thread
(on SQLite, on its event loop: writer.py).

`Storage` is put together from parts, a module each, all on storage_base.py (the tables, the rows read back,
time stamps, the engine, NOTIFY):
- storage_commits.py: a match's new steps in group commits; the writer thread's connection; SQLite checkpoints
- storage_matches.py: new matches stored; matches read back, whole or in part, and listed
Everything the rest of the package imports from storage is re-exported here.
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import and_, bindparam, delete, func, select, update

from .storage_base import (
    CHANNEL,
    Commit,
    SeatRow,
    StorageBase,
    StoredMatch,
    VersionConflict,
    _json_or_none,
    _pack,
    _seat_rows,
    _sqlite_pragmas,
    age_seconds,
    default_database_url,
    match_actions,
    match_seats,
    matches,
    metadata,
    now_iso,
)
from .storage_commits import _PG_BATCH, StorageCommits
from .storage_matches import StorageMatches

__all__ = [
    "Storage",
    "CHANNEL",
    "Commit",
    "SeatRow",
    "StorageBase",
    "StoredMatch",
    "VersionConflict",
    "_json_or_none",
    "_pack",
    "_seat_rows",
    "_sqlite_pragmas",
    "age_seconds",
    "default_database_url",
    "match_actions",
    "match_seats",
    "matches",
    "metadata",
    "now_iso",
    "_PG_BATCH",
]


class Storage(StorageCommits, StorageMatches, StorageBase):
    """Blocking storage calls (thread-safe: each call takes its own pooled connection; the writer thread keeps
    one)."""

    def end_match(
        self,
        match_id: str,
        version: int,
        status: str,
        result: list[float] | None,
        ending: dict,
        notify: str,
        clock_state: dict[str, Any] | None = None,
    ) -> bool:
        """End an active match at `version` outside its game's rules (status "finished" with `result`, or
        "aborted"), in one transaction with its notification (and its clocks as they stopped, if it has any).
        False if it is no longer active at that version."""
        stamp = now_iso()
        clocks = {} if clock_state is None else {"clock_state": json.dumps(clock_state)}
        with self.engine.begin() as conn:
            done = conn.execute(
                update(matches)
                .where(matches.c.id == match_id, matches.c.version == version, matches.c.status == "active")
                .values(
                    status=status,
                    result=None if result is None else json.dumps(result),
                    ending=json.dumps(ending),
                    finished_at=stamp,
                    updated_at=stamp,
                    to_move=None,
                    waiting_on=None,
                    draw_offer=None,
                    **clocks,
                )
            )
            if done.rowcount == 1:
                self._notify(conn, [notify])
            return done.rowcount == 1

    def set_clock_state(self, match_id: str, version: int, clock_state: dict[str, Any]) -> bool:
        """Store an active match's clocks (paused or resumed: clocks.py) while it is still at `version`."""
        with self.engine.begin() as conn:
            done = conn.execute(
                update(matches)
                .where(matches.c.id == match_id, matches.c.version == version, matches.c.status == "active")
                .values(clock_state=json.dumps(clock_state))
            )
            return done.rowcount == 1

    def clocked_matches(self, limit: int = 2000) -> list[tuple[str, int, dict[str, Any]]]:
        """(id, version, clock state) of the active matches with a chess clock (clocks.py)."""
        with self.engine.connect() as conn:
            q = (
                select(matches.c.id, matches.c.version, matches.c.clock_state)
                .where(matches.c.status == "active", matches.c.clock_state.is_not(None))
                .limit(limit)
            )
            return [(r.id, r.version, json.loads(r.clock_state)) for r in conn.execute(q)]

    def set_draw_offer(self, match_id: str, offer: dict | None, notify: str) -> bool:
        """Store who agreed a draw (or clear it); False if the match is no longer active."""
        with self.engine.begin() as conn:
            done = conn.execute(
                update(matches)
                .where(matches.c.id == match_id, matches.c.status == "active")
                .values(draw_offer=None if offer is None else json.dumps(offer))
            )
            if done.rowcount == 1:
                self._notify(conn, [notify])
            return done.rowcount == 1

    def hand_to_computer(self, match_id: str, version: int, seats: list[dict[str, Any]], notify: str) -> bool:
        """A person ran out of time and a computer plays that turn for them: the match's seats (the seat's
        "computer_turns"), while it is still at `version` (the turn that ran out). False if it moved on meanwhile."""
        with self.engine.begin() as conn:
            done = conn.execute(
                update(matches)
                .where(matches.c.id == match_id, matches.c.version == version, matches.c.status == "active")
                .values(seats=json.dumps(seats), waiting_on="agent", updated_at=now_iso())
            )
            if done.rowcount == 1:
                self._notify(conn, [notify])
            return done.rowcount == 1

    def undo_steps(
        self,
        match_id: str,
        version: int,
        to: int,
        to_move: int,
        waiting_on: str,
        notify: str,
        clock_state: dict[str, Any] | None = None,
    ) -> int | None:
        """Take back the steps from `to` on of an active match still at `version` (core/undo.py): the steps are
        deleted, the version goes back to `to` and the match's undo count goes up, in one transaction with its
        notification. The turn's start (updated_at) is kept: taking a decision back gives no more time. Returns
        the new undo count, or None if the match is no longer active at `version`."""
        with self.engine.begin() as conn:
            done = conn.execute(
                update(matches)
                .where(matches.c.id == match_id, matches.c.version == version, matches.c.status == "active")
                .values(
                    version=to,
                    to_move=to_move,
                    waiting_on=waiting_on,
                    undos=func.coalesce(matches.c.undos, 0) + 1,
                    draw_offer=None,
                    **({} if clock_state is None else {"clock_state": json.dumps(clock_state)}),
                )
            )
            if done.rowcount != 1:
                return None
            conn.execute(delete(match_actions).where(match_actions.c.match_id == match_id, match_actions.c.step >= to))
            self._notify(conn, [notify])
            count = conn.execute(select(matches.c.undos).where(matches.c.id == match_id)).scalar()
            return int(count or 0)

    def undo_count(self, match_id: str) -> int | None:
        """How many decisions the match has had taken back (None: no such match)."""
        with self.engine.connect() as conn:
            row = conn.execute(select(matches.c.undos).where(matches.c.id == match_id)).first()
            return None if row is None else int(row.undos or 0)

    def overdue_turns(self, limit: int = 500) -> list[tuple[str, str, int]]:
        """(id, updated_at, turn_limit) of active matches waiting on a person, with a turn time limit."""
        with self.engine.connect() as conn:
            q = (
                select(matches.c.id, matches.c.updated_at, matches.c.turn_limit)
                .where(
                    matches.c.status == "active",
                    matches.c.waiting_on == "human",
                    matches.c.turn_limit.is_not(None),
                )
                .limit(limit)
            )
            return [(r.id, r.updated_at, r.turn_limit) for r in conn.execute(q)]

    def claim_seat(self, match_id: str, seat: int, invite_hash: str, token_hash: str, name: str, notify: str) -> str:
        """Claim an open seat with its invite: "ok", "taken" (already claimed), "bad_invite", or "expired" (the
        match expired: its seats are closed, whatever a server still holds in memory)."""
        stamp = now_iso()
        playable = select(matches.c.id).where(matches.c.id == match_id, matches.c.status != "expired").exists()
        with self.engine.begin() as conn:
            done = conn.execute(
                update(match_seats)
                .where(
                    match_seats.c.match_id == match_id,
                    match_seats.c.seat == seat,
                    match_seats.c.token_hash.is_(None),
                    match_seats.c.invite_hash == invite_hash,
                    playable,
                )
                .values(token_hash=token_hash, invite_hash=None, name=name, last_seen=stamp)
            )
            if done.rowcount == 1:
                self._notify(conn, [notify])
                return "ok"
            status = conn.execute(select(matches.c.status).where(matches.c.id == match_id)).scalar()
            if status == "expired":
                return "expired"
            row = conn.execute(
                select(match_seats.c.token_hash).where(match_seats.c.match_id == match_id, match_seats.c.seat == seat)
            ).first()
            return "taken" if row is not None and row.token_hash is not None else "bad_invite"

    def set_seat(self, match_id: str, seat: int, notify: str, **values: Any) -> None:
        """Change a seat's row (host: new invite, revoked token; rematch: claimed)."""
        with self.engine.begin() as conn:
            conn.execute(
                update(match_seats)
                .where(match_seats.c.match_id == match_id, match_seats.c.seat == seat)
                .values(**values)
            )
            self._notify(conn, [notify])

    def take_back_seat(self, match_id: str, seat: int, away_hash: str, notify: str) -> bool:
        """The absent person whose seat was handed on takes it back (their token again, the stand-in's gone),
        only while the match is active and the seat still remembers them. True if done."""
        active = select(matches.c.id).where(matches.c.id == match_id, matches.c.status == "active").exists()
        with self.engine.begin() as conn:
            done = conn.execute(
                update(match_seats)
                .where(
                    match_seats.c.match_id == match_id,
                    match_seats.c.seat == seat,
                    match_seats.c.away_hash == away_hash,
                    active,
                )
                .values(
                    token_hash=away_hash,
                    name=match_seats.c.away_name,
                    invite_hash=None,
                    away_hash=None,
                    away_name=None,
                    last_seen=now_iso(),
                )
            )
            if done.rowcount == 1:
                self._notify(conn, [notify])
            return done.rowcount == 1

    def touch_seats(self, match_id: str, seats: list[int]) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                update(match_seats)
                .where(match_seats.c.match_id == match_id, match_seats.c.seat.in_(seats))
                .values(last_seen=now_iso())
            )

    def load_seats(self, match_id: str) -> dict[int, SeatRow]:
        with self.engine.connect() as conn:
            return _seat_rows(conn, match_id)

    def expire(self, older_than: str, batch: int = 500) -> list[str]:
        """Mark unfinished matches untouched since `older_than` as expired; their ids. In batches of `batch` ids
        (a backlog of any size stays under the databases' limits on bound parameters: 65,535 on PostgreSQL),
        each read, then written in a transaction of its own (on SQLite a transaction that reads first cannot
        always start writing)."""
        out: list[str] = []
        while True:
            with self.engine.connect() as conn:
                ids = list(
                    conn.execute(
                        select(matches.c.id)
                        .where(matches.c.status == "active", matches.c.updated_at < older_than)
                        .limit(batch)
                    ).scalars()
                )
            if not ids:
                return out
            with self.engine.begin() as conn:
                conn.execute(
                    update(matches)
                    .where(
                        matches.c.id.in_(bindparam("ids", expanding=True)),
                        matches.c.status == "active",
                        matches.c.updated_at < older_than,
                    )
                    .values(status="expired"),
                    {"ids": ids},
                )
            out += ids
            if len(ids) < batch:
                return out

    def stalled_agent_turns(self, older_than: str, limit: int = 200) -> list[tuple[str, str]]:
        """(id, updated_at) of unfinished matches waiting on a computer seat since before `older_than`."""
        with self.engine.connect() as conn:
            q = (
                select(matches.c.id, matches.c.updated_at)
                .where(
                    matches.c.status == "active",
                    matches.c.waiting_on == "agent",
                    matches.c.updated_at < older_than,
                )
                .limit(limit)
            )
            return [(r.id, r.updated_at) for r in conn.execute(q)]

    def take_over(self, match_id: str, seen_updated_at: str) -> bool:
        """Claim a stalled match for this server (its updated_at moves on, so other servers skip it)."""
        with self.engine.begin() as conn:
            return (
                conn.execute(
                    update(matches)
                    .where(and_(matches.c.id == match_id, matches.c.updated_at == seen_updated_at))
                    .values(updated_at=now_iso())
                ).rowcount
                == 1
            )

    def without_turn_info(self) -> list[str]:
        """Unfinished matches stored by an earlier version, whose `to_move` is not filled in yet."""
        with self.engine.connect() as conn:
            q = select(matches.c.id).where(matches.c.status == "active", matches.c.waiting_on.is_(None))
            return list(conn.execute(q).scalars())

    def set_turn(self, match_id: str, to_move: int | None, waiting_on: str | None) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(matches).where(matches.c.id == match_id).values(to_move=to_move, waiting_on=waiting_on))
