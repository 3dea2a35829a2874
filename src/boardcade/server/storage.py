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
- storage_seats.py: seats claimed, changed, taken back, seen
Everything the rest of the package imports from storage is re-exported here.
"""

from __future__ import annotations

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
from .storage_seats import StorageSeats
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


class Storage(StorageCommits, StorageMatches, StorageTurns, StorageSeats):
    """Blocking storage calls (thread-safe: each call takes its own pooled connection; the writer thread keeps
    one)."""
