"""The lobby's table, `seeks` (revision 0008): one row per seek, its life in `state`.

open -> taken (one accepter won the compare-and-set `UPDATE ... WHERE state = 'open'`) -> paired (the match is
made: `match_id`, and `seat`, the seeker's seat); open -> gone (withdrawn, its owner left, or `alive_until` passed).
A taken seek whose match could not be made goes back to open. Only digests of the owner's token (`owner_hash`)
and of the seeker's future seat token (`seat_hash`) are stored, never the tokens. Every call here blocks; lobby.py
runs them on the read pool.
"""

from __future__ import annotations

import json
import time
from typing import Any

from sqlalchemy import Column, Float, Integer, MetaData, String, Table, Text, and_, delete, func, insert, select, update

from .account_tables import account_seats
from .storage import Storage, now_iso

metadata = MetaData()
seeks = Table(
    "seeks",
    metadata,
    Column("id", String(24), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("options", Text, nullable=False),  # JSON: every option of the game, defaults filled in
    Column("rated", Integer, nullable=False),  # 1 rated (a rated match, both seats linked to accounts), 0 casual
    Column("min_rating", Integer, nullable=True),
    Column("max_rating", Integer, nullable=True),
    Column("time_control", String(40), nullable=True),  # the chess clock as JSON {"base", "increment"}, or NULL
    Column("name", String(64), nullable=True),
    Column("owner_hash", String(64), nullable=False, index=True),
    Column("account_id", String(40), nullable=True),
    Column("seat_hash", String(64), nullable=False),
    Column("state", String(10), nullable=False, index=True),
    Column("created_at", String(40), nullable=False),
    Column("alive_until", Float, nullable=False),  # time.time() after which an open seek is gone
    Column("match_id", String(40), nullable=True),
    Column("seat", Integer, nullable=True),
)
KEEP_SECONDS = 3600.0  # a paired or gone seek is kept this long (the seeker may still ask where it went)
PURGE_EVERY = 60.0  # seconds between deletions of older ones


def link_seats(engine: Any, links: list[tuple[str, str, int, str]]) -> None:
    """A rated seek's match: each seat linked to its account (account id, match id, seat, seat token digest), as
    accounts.AccountStore.link_seats does for a token a browser holds; the seeker's token is known here only by
    its digest, which the match's seat was made with."""
    with engine.begin() as conn:
        for account_id, match_id, seat, digest in links:
            row = {"account_id": account_id, "match_id": match_id, "seat": seat, "token_hash": digest}
            conn.execute(insert(account_seats).values(**row, linked_at=now_iso()))


def _row(r: Any) -> dict[str, Any]:
    row = dict(r._mapping)
    row["options"] = json.loads(row["options"])
    row["time_control"] = read_clock(row["time_control"])
    return row


def read_clock(text: str | None) -> dict[str, int] | None:
    """A stored time control: the clock {"base", "increment"} (seconds), or None (no clock, or free text stored
    before seeks had real clocks: such an old seek is played without one)."""
    try:
        clock = json.loads(text) if text else None
    except ValueError:
        return None
    if not isinstance(clock, dict) or not all(type(clock.get(k)) is int for k in ("base", "increment")):
        return None
    return {"base": clock["base"], "increment": clock["increment"]}


def write_clock(clock: dict[str, int] | None) -> str | None:
    return None if clock is None else json.dumps({"base": clock["base"], "increment": clock["increment"]})


class SeekStore:
    def __init__(self, storage: Storage):
        self.engine = storage.engine
        self.purged_at = 0.0

    def add(self, row: dict[str, Any]) -> None:
        with self.engine.begin() as conn:
            options, clock = json.dumps(row["options"], sort_keys=True), write_clock(row["time_control"])
            conn.execute(insert(seeks).values(**{**row, "options": options, "time_control": clock}))

    def get(self, seek_id: str) -> dict[str, Any] | None:
        with self.engine.connect() as conn:
            r = conn.execute(select(seeks).where(seeks.c.id == seek_id)).first()
        return _row(r) if r is not None else None

    def open_rows(self) -> list[dict[str, Any]]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(seeks).where(seeks.c.state == "open").order_by(seeks.c.created_at)).all()
        return [_row(r) for r in rows]

    def count_open(self, owner_hash: str, account_id: str | None) -> int:
        who = seeks.c.owner_hash == owner_hash
        if account_id is not None:
            who = who | (seeks.c.account_id == account_id)
        with self.engine.connect() as conn:
            return int(conn.execute(select(func.count()).where(and_(seeks.c.state == "open", who))).scalar() or 0)

    def _set(self, where: Any, **values: Any) -> int:
        with self.engine.begin() as conn:
            return conn.execute(update(seeks).where(where).values(**values)).rowcount

    def take(self, seek_id: str) -> bool:
        """The compare-and-set: True for exactly one of any number of accepters, at once or not."""
        return self._set(and_(seeks.c.id == seek_id, seeks.c.state == "open"), state="taken") == 1

    def pair(self, seek_id: str, match_id: str, seat: int, until: float) -> None:
        self._set(seeks.c.id == seek_id, state="paired", match_id=match_id, seat=seat, alive_until=until)

    def reopen(self, seek_id: str, until: float) -> None:
        self._set(and_(seeks.c.id == seek_id, seeks.c.state == "taken"), state="open", alive_until=until)

    def withdraw(self, seek_id: str, owner_hash: str, now: float) -> bool:
        where = and_(seeks.c.id == seek_id, seeks.c.owner_hash == owner_hash, seeks.c.state == "open")
        return self._set(where, state="gone", alive_until=now) == 1

    def owner_left(self, owner_hash: str, closed_at: float, ttl: float) -> list[str]:
        """The open seeks of an owner whose last lobby socket here closed at `closed_at`: gone, but only those not
        kept alive since (alive_until is set to "now + ttl" when a seek is posted and at each keep-alive): a seek
        posted afterwards, or kept alive by a socket of theirs opened since (on any server), stays. Returns ids."""
        kept = and_(seeks.c.owner_hash == owner_hash, seeks.c.state == "open", seeks.c.alive_until <= closed_at + ttl)
        return self._gone(kept, time.time())

    def keep_alive(self, owner_hashes: list[str], until: float) -> None:
        for i in range(0, len(owner_hashes), 500):
            chunk = owner_hashes[i : i + 500]
            self._set(and_(seeks.c.owner_hash.in_(chunk), seeks.c.state == "open"), alive_until=until)

    def expire(self, now: float) -> list[str]:
        """Open seeks nobody kept alive: gone (returns their ids); old paired and gone rows deleted (once a minute:
        a write, which on SQLite takes the file's write lock even when nothing matches)."""
        gone = self._gone(and_(seeks.c.state == "open", seeks.c.alive_until < now), now)
        if now - self.purged_at < PURGE_EVERY:
            return gone
        self.purged_at = now
        with self.engine.begin() as conn:
            old = and_(seeks.c.state.in_(("paired", "gone")), seeks.c.alive_until < now - KEEP_SECONDS)
            conn.execute(delete(seeks).where(old))
        return gone

    def _gone(self, where: Any, now: float) -> list[str]:
        with self.engine.connect() as conn:  # a read first: nothing to do is the usual answer, and takes no lock
            ids = [r[0] for r in conn.execute(select(seeks.c.id).where(where))]
        if not ids:
            return []
        with self.engine.begin() as conn:
            done = []
            for seek_id in ids:  # one by one, each only if still open: an accepter may be taking it right now
                still = and_(seeks.c.id == seek_id, seeks.c.state == "open")
                if conn.execute(update(seeks).where(still).values(state="gone", alive_until=now)).rowcount == 1:
                    done.append(seek_id)
        return done
