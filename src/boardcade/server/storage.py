"""Match storage with SQLAlchemy 2 (SQLite by default, PostgreSQL by URL).

Three tables: `matches` (one row per match, with its version = number of applied actions),
`match_actions` (every applied action, chance outcomes included, keyed by step) and `seat_tokens`
(a SHA-256 digest per human seat; the tokens themselves are never stored).
Appending actions checks the match version in the same transaction, so two writers cannot both
commit step n.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Column,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Engine

metadata = MetaData()

matches = Table(
    "matches",
    metadata,
    Column("id", String(40), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("options", Text, nullable=False),
    Column("seats", Text, nullable=False),
    Column("status", String(16), nullable=False, index=True),
    Column("version", Integer, nullable=False),
    Column("result", Text, nullable=True),
    Column("created_at", String(40), nullable=False),
    Column("finished_at", String(40), nullable=True),
)

match_actions = Table(
    "match_actions",
    metadata,
    Column("match_id", String(40), primary_key=True),
    Column("step", Integer, primary_key=True),
    Column("action", Integer, nullable=False),
)

seat_tokens = Table(
    "seat_tokens",
    metadata,
    Column("match_id", String(40), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("token_hash", String(64), nullable=False),
)


class VersionConflict(RuntimeError):
    """The match moved on in the database since this writer read it."""


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass
class StoredMatch:
    id: str
    game: str
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    status: str
    version: int
    result: list[float] | None
    created_at: str
    finished_at: str | None
    actions: list[int] = field(default_factory=list)
    token_hashes: dict[int, str] = field(default_factory=dict)


def default_database_url(data_dir: Path) -> str:
    data_dir.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{data_dir / 'boardcade.sqlite3'}"


def _sqlite_pragmas(dbapi_conn, _record) -> None:
    cur = dbapi_conn.cursor()
    # WAL + NORMAL: a commit survives the server process being killed; readers never block the writer.
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA busy_timeout=5000")
    cur.close()


class Storage:
    """Blocking storage calls; the server runs them on one dedicated worker thread."""

    def __init__(self, url: str):
        self.url = url
        if url.startswith("postgresql://"):
            url = "postgresql+psycopg://" + url[len("postgresql://") :]
        kwargs: dict[str, Any] = {"future": True}
        if url.startswith("sqlite"):
            kwargs["connect_args"] = {"check_same_thread": False}
        self.engine: Engine = create_engine(url, **kwargs)
        if url.startswith("sqlite"):
            event.listen(self.engine, "connect", _sqlite_pragmas)
        metadata.create_all(self.engine)

    def close(self) -> None:
        self.engine.dispose()

    def create_match(
        self,
        match_id: str,
        game: str,
        options: dict[str, Any],
        seats: list[dict[str, Any]],
        token_hashes: dict[int, str],
        actions: list[int],
        result: list[float] | None,
    ) -> None:
        stamp = now_iso()
        with self.engine.begin() as conn:
            conn.execute(
                insert(matches).values(
                    id=match_id,
                    game=game,
                    options=json.dumps(options),
                    seats=json.dumps(seats),
                    status="finished" if result is not None else "active",
                    version=len(actions),
                    result=None if result is None else json.dumps(result),
                    created_at=stamp,
                    finished_at=stamp if result is not None else None,
                )
            )
            if token_hashes:
                conn.execute(
                    insert(seat_tokens),
                    [{"match_id": match_id, "seat": s, "token_hash": h} for s, h in token_hashes.items()],
                )
            if actions:
                conn.execute(
                    insert(match_actions),
                    [{"match_id": match_id, "step": i, "action": a} for i, a in enumerate(actions)],
                )

    def append_actions(self, match_id: str, start: int, actions: list[int], result: list[float] | None) -> None:
        """Add `actions` as steps start, start+1, ... in one transaction; raise VersionConflict if the stored
        version is not `start`."""
        values: dict[str, Any] = {"version": start + len(actions)}
        if result is not None:
            values.update(status="finished", result=json.dumps(result), finished_at=now_iso())
        with self.engine.begin() as conn:
            done = conn.execute(
                update(matches).where(matches.c.id == match_id, matches.c.version == start).values(**values)
            )
            if done.rowcount != 1:
                raise VersionConflict(f"match {match_id} is no longer at version {start}")
            if actions:
                conn.execute(
                    insert(match_actions),
                    [{"match_id": match_id, "step": start + i, "action": a} for i, a in enumerate(actions)],
                )

    def _row_to_match(self, conn, row) -> StoredMatch:
        acts = conn.execute(
            select(match_actions.c.action).where(match_actions.c.match_id == row.id).order_by(match_actions.c.step)
        ).scalars()
        toks = conn.execute(
            select(seat_tokens.c.seat, seat_tokens.c.token_hash).where(seat_tokens.c.match_id == row.id)
        )
        return StoredMatch(
            id=row.id,
            game=row.game,
            options=json.loads(row.options),
            seats=json.loads(row.seats),
            status=row.status,
            version=row.version,
            result=None if row.result is None else json.loads(row.result),
            created_at=row.created_at,
            finished_at=row.finished_at,
            actions=list(acts),
            token_hashes={s: h for s, h in toks},
        )

    def load_match(self, match_id: str) -> StoredMatch | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(matches).where(matches.c.id == match_id)).first()
            return None if row is None else self._row_to_match(conn, row)

    def load_active(self) -> list[StoredMatch]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(matches).where(matches.c.status == "active")).all()
            return [self._row_to_match(conn, r) for r in rows]

    def list_matches(self, status: str | None, limit: int) -> list[dict[str, Any]]:
        query = select(
            matches.c.id,
            matches.c.game,
            matches.c.options,
            matches.c.seats,
            matches.c.status,
            matches.c.version,
            matches.c.result,
            matches.c.created_at,
            matches.c.finished_at,
        )
        if status is not None:
            query = query.where(matches.c.status == status)
        query = query.order_by(matches.c.created_at.desc(), matches.c.id).limit(limit)
        with self.engine.connect() as conn:
            return [
                {
                    "id": r.id,
                    "game": r.game,
                    "options": json.loads(r.options),
                    "seats": json.loads(r.seats),
                    "status": r.status,
                    "version": r.version,
                    "result": None if r.result is None else json.loads(r.result),
                    "created_at": r.created_at,
                    "finished_at": r.finished_at,
                }
                for r in conn.execute(query)
            ]
