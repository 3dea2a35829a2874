"""Match storage, the seats of a match (table `match_seats`): a seat claimed with its invite, changed by the
host, taken back by the person it was handed on from, seen (presence), and read back (seating.py, sync.py).
Only the SHA-256 digests of tokens and invites are stored, never the tokens.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Update, select, update

from .storage_base import SeatRow, StorageBase, _seat_rows, match_seats, matches, now_iso


def _seat_update(match_id: str, seat: int, *only_if: Any) -> Update:
    """An UPDATE of one seat's row, made only where the conditions `only_if` hold too."""
    return update(match_seats).where(match_seats.c.match_id == match_id, match_seats.c.seat == seat, *only_if)


class StorageSeats(StorageBase):
    """A match's seats: claims, changes, taking a seat back, presence."""

    def claim_seat(self, match_id: str, seat: int, invite_hash: str, token_hash: str, name: str, notify: str) -> str:
        """Claim an open seat with its invite: "ok", "taken" (already claimed), "bad_invite", or "expired" (the
        match expired: its seats are closed, whatever a server still holds in memory)."""
        stamp = now_iso()
        playable = select(matches.c.id).where(matches.c.id == match_id, matches.c.status != "expired").exists()
        with self.engine.begin() as conn:
            open_seat = (match_seats.c.token_hash.is_(None), match_seats.c.invite_hash == invite_hash, playable)
            claim = _seat_update(match_id, seat, *open_seat).values(
                token_hash=token_hash, invite_hash=None, name=name, last_seen=stamp
            )
            if self._updated_one(conn, claim, notify):
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
            conn.execute(_seat_update(match_id, seat).values(**values))
            self._notify(conn, [notify])

    def take_back_seat(self, match_id: str, seat: int, away_hash: str, notify: str) -> bool:
        """The absent person whose seat was handed on takes it back (their token again, the stand-in's gone),
        only while the match is active and the seat still remembers them. True if done."""
        active = select(matches.c.id).where(matches.c.id == match_id, matches.c.status == "active").exists()
        with self.engine.begin() as conn:
            return self._updated_one(
                conn,
                _seat_update(match_id, seat, match_seats.c.away_hash == away_hash, active).values(
                    token_hash=away_hash,
                    name=match_seats.c.away_name,
                    invite_hash=None,
                    away_hash=None,
                    away_name=None,
                    last_seen=now_iso(),
                ),
                notify,
            )

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
