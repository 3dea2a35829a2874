"""What every part of match storage (storage.py's `Storage`) stands on: the tables `matches`, `match_actions` and
`match_seats` (SQLAlchemy Core; Alembic builds them: migrations/), the rows as read back (`SeatRow`, `StoredMatch`)
and a commit to store (`Commit`), time stamps (`now_iso`, `age_seconds`), and `StorageBase`: the engine made from
the URL (SQLite's pragmas, a pool for PostgreSQL), the schema brought up to date, and PostgreSQL NOTIFY (payloads
packed into as few notifications as fit).
"""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import Column, Integer, MetaData, String, Table, Text, Update, create_engine, event, select, text
from sqlalchemy.engine import Connection, Engine

metadata = MetaData()
CHANNEL = "boardcade"

matches = Table(
    "matches",
    metadata,
    Column("id", String(40), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("options", Text, nullable=False),
    Column("seats", Text, nullable=False),  # [{"kind": "human"} | {"kind": "agent", "agent": name}]
    Column("status", String(16), nullable=False, index=True),  # active | finished | expired | aborted
    Column("version", Integer, nullable=False),
    Column("result", Text, nullable=True),
    Column("created_at", String(40), nullable=False),
    Column("finished_at", String(40), nullable=True),
    Column("updated_at", String(40), nullable=True, index=True),
    Column("to_move", Integer, nullable=True),  # the seat to move; null when finished
    Column("waiting_on", String(8), nullable=True),  # "human" | "agent" | null (finished)
    Column("host_hash", String(64), nullable=True),
    Column("rematch_of", String(40), nullable=True),
    Column("rematch_id", String(40), nullable=True),
    Column("rules_version", Integer, nullable=True),  # the game's RULES_VERSION when created; null: before versions (1)
    # How it ended outside the game's rules (core/endings.py: resign, agreed draw, out of time, abort), as JSON.
    Column("ending", Text, nullable=True),
    Column("turn_limit", Integer, nullable=True),  # seconds a person has for each turn; null: no limit
    Column("on_timeout", String(16), nullable=True),  # "lose" | "computer": what running out of time does
    Column("private", Integer, nullable=True),  # 1: listed to nobody but those who hold its link
    Column("draw_offer", Text, nullable=True),  # {"version": v, "seats": [...]}: who agreed a draw at version v
    Column("undos", Integer, nullable=True),  # decisions taken back so far (core/undo.py); null: none
    Column("casual", Integer, nullable=True),  # 0: no decision may be taken back (a rated match); null/1: casual
    Column("rated", Integer, nullable=True),  # 1: rated (server/ratings.py; chosen at creation); null/0: not
    Column("clock", Text, nullable=True),  # {"base": s, "increment": s}: a chess clock (clocks.py); null: none
    Column("clock_state", Text, nullable=True),  # the clocks: time left per seat, who runs, since when (clocks.py)
)

match_actions = Table(
    "match_actions",
    metadata,
    Column("match_id", String(40), primary_key=True),
    Column("step", Integer, primary_key=True),
    Column("action", Integer, nullable=False),
)

match_seats = Table(
    "match_seats",
    metadata,
    Column("match_id", String(40), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("name", String(200), nullable=True),
    Column("token_hash", String(64), nullable=True),
    Column("invite_hash", String(64), nullable=True),
    Column("last_seen", String(40), nullable=True),
    # A seat the host handed on while its person was away: their token's digest and name, so they can take it back.
    Column("away_hash", String(64), nullable=True),
    Column("away_name", String(200), nullable=True),
)


class VersionConflict(RuntimeError):
    """The match moved on in the database since this writer read it."""


def now_iso(delta_seconds: float = 0.0) -> str:
    """The time (plus `delta_seconds`) in UTC, ISO 8601 to the millisecond: "2026-12-02T08:12:15.123+00:00"."""
    if delta_seconds:
        return (datetime.now(UTC) + timedelta(seconds=delta_seconds)).isoformat(timespec="milliseconds")
    global _stamp
    now = time.time()  # the hot path (every commit): the part up to the second is formatted once a second
    second = int(now)
    stamp = _stamp  # (second, its text): one object, so threads never see one's second with another's text
    if stamp[0] != second:
        stamp = _stamp = (second, datetime.fromtimestamp(second, UTC).strftime("%Y-%m-%dT%H:%M:%S"))
    return f"{stamp[1]}.{int((now - second) * 1000):03d}+00:00"


_stamp: tuple[int, str] = (-1, "")


def age_seconds(stamp: str | None) -> float | None:
    if not stamp:
        return None
    try:
        return max(0.0, (datetime.now(UTC) - datetime.fromisoformat(stamp)).total_seconds())
    except ValueError:
        return None


@dataclass
class SeatRow:
    name: str | None = None
    token_hash: str | None = None
    invite_hash: str | None = None
    last_seen: str | None = None
    away_hash: str | None = None  # handed on by the host while away: the absent person's token digest ...
    away_name: str | None = None  # ... and name (they may take the seat back; seating.py)


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
    seat_rows: dict[int, SeatRow] = field(default_factory=dict)
    updated_at: str | None = None
    host_hash: str | None = None
    rematch_of: str | None = None
    rematch_id: str | None = None
    rules_version: int | None = None  # the rules it is played under (None: current; stored before versions: 1)
    ending: dict[str, Any] | None = None  # how it ended outside the game's rules (core/endings.py), if it did
    turn_limit: int | None = None  # seconds a person has for each turn
    on_timeout: str = "lose"  # "lose" | "computer"
    private: bool = False
    draw_offer: dict[str, Any] | None = None
    undos: int = 0  # decisions taken back so far (core/undo.py)
    casual: bool = True  # decisions may be taken back (a rated match is not casual)
    rated: bool = False  # its result changes ratings (server/ratings.py)
    clock: dict[str, int] | None = None  # {"base", "increment"} seconds (clocks.py)
    clock_state: dict[str, Any] | None = None  # the clocks now (clocks.py)

    @property
    def token_hashes(self) -> dict[int, str]:
        return {s: r.token_hash for s, r in self.seat_rows.items() if r.token_hash}


@dataclass
class Commit:
    """One match's new steps, to be stored if the match is still at version `start`."""

    match_id: str
    start: int
    actions: list[int]
    result: list[float] | None
    to_move: int | None
    waiting_on: str | None
    notify: str | None = None  # PostgreSQL NOTIFY payload, sent in the same transaction
    clock_state: str | None = None  # the match's clocks after these steps (JSON; clocks.py), if it has any


def default_database_url(data_dir: Path) -> str:
    data_dir.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{data_dir / 'boardcade.sqlite3'}"


def _sqlite_pragmas(dbapi_conn, _record) -> None:
    cur = dbapi_conn.cursor()
    # The busy timeout first: switching a new file to WAL takes a lock that another connection opening it at the
    # same moment (a second process migrating: migrations/) would otherwise be refused at once.
    cur.execute("PRAGMA busy_timeout=5000")
    # WAL + NORMAL: a commit survives the server process being killed; readers never block the writer.
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA wal_autocheckpoint=0")  # only the server's writer thread checkpoints (writer.py)
    cur.close()


def _seat_rows(conn: Connection, match_id: str) -> dict[int, SeatRow]:
    rows = conn.execute(select(match_seats).where(match_seats.c.match_id == match_id))
    return {r.seat: SeatRow(r.name, r.token_hash, r.invite_hash, r.last_seen, r.away_hash, r.away_name) for r in rows}


class StorageBase:
    """The engine and what every part of `Storage` shares (thread-safe: each call takes its own pooled
    connection; the writer thread keeps one: storage_commits.py)."""

    def __init__(self, url: str, pool_size: int = 8):
        self.url = url
        if url.startswith("postgresql://"):
            url = "postgresql+psycopg://" + url[len("postgresql://") :]
        self.is_postgres = url.startswith("postgresql")
        self.is_sqlite = url.startswith("sqlite")
        kwargs: dict[str, Any] = {}
        if self.is_sqlite:
            kwargs["connect_args"] = {"check_same_thread": False}
        else:
            kwargs.update(pool_size=pool_size, max_overflow=4, pool_pre_ping=True)
        self.engine: Engine = create_engine(url, **kwargs)
        self._held = threading.local()  # the connection a thread keeps (hold_connection), if any
        # Placeholders for plain SQL through the driver (sqlite3: named ":x", psycopg: pyformat "%(x)s").
        self._param = (lambda name: f":{name}") if self.is_sqlite else (lambda name: f"%({name})s")
        if self.is_sqlite:
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self._migrate()

    def close(self) -> None:
        self.engine.dispose()

    def _migrate(self) -> None:
        """Bring the database to the newest schema revision (migrations/: Alembic, in one locked transaction,
        so that of several processes starting at once one migrates)."""
        from .migrations import upgrade

        upgrade(self.engine)

    def _notify(self, conn: Connection, payloads: list[str]) -> None:
        if self.is_postgres:
            for payload in payloads:
                conn.execute(text("SELECT pg_notify(:c, :p)"), {"c": CHANNEL, "p": payload})

    def _updated_one(self, conn: Connection, statement: Update, notify: str) -> bool:
        """Run an UPDATE meant for one row (its WHERE the check that it may still be made); where it changed that
        row, NOTIFY `notify` in the same transaction. True if it did."""
        done = conn.execute(statement)
        if done.rowcount == 1:
            self._notify(conn, [notify])
        return done.rowcount == 1

    def publish(self, payloads: list[str]) -> None:
        """NOTIFY outside a commit (presence); nothing on SQLite."""
        if self.is_postgres and payloads:
            with self.engine.begin() as conn:
                self._notify(conn, _pack(payloads))


def _json_or_none(text: str | None) -> Any:
    return None if text is None else json.loads(text)


def _pack(payloads: list[str], limit: int = 7900) -> list[str]:
    """Join NOTIFY payloads with newlines into as few notifications as fit PostgreSQL's 8000-byte limit."""
    out: list[str] = []
    cur = ""
    for p in payloads:
        if cur and len(cur) + 1 + len(p) > limit:
            out.append(cur)
            cur = ""
        cur = f"{cur}\n{p}" if cur else p
    if cur:
        out.append(cur)
    return out
