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
- storage_turns.py: an active match's ending, clocks, draw offers, undo, turns; expiry, stalled computer turns
Everything the rest of the package imports from storage is re-exported here.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select, update

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
from .storage_turns import StorageTurns

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


class Storage(StorageCommits, StorageMatches, StorageTurns, StorageBase):
    """Blocking storage calls (thread-safe: each call takes its own pooled connection; the writer thread keeps
    one)."""

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
