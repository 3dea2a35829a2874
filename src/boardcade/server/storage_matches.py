"""Match storage, matches as a whole: a new match stored (with its seats and any first steps; a rematch linked
to its match in the same transaction), and matches read back: whole, without their steps, their steps from a
point on, their versions, the active ones, and the latest listed (seating.py, registry.py, commits.py, routes).
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import bindparam, insert, select, update
from sqlalchemy.engine import Connection

from ..core import game_class
from .storage_base import (
    SeatRow,
    StorageBase,
    StoredMatch,
    VersionConflict,
    _json_or_none,
    _seat_rows,
    match_actions,
    match_seats,
    matches,
    now_iso,
)


class StorageMatches(StorageBase):
    """New matches stored; matches read back and listed."""

    def create_match(
        self,
        match_id: str,
        game: str,
        options: dict[str, Any],
        seats: list[dict[str, Any]],
        seat_rows: dict[int, SeatRow],
        actions: list[int],
        result: list[float] | None,
        to_move: int | None = None,
        waiting_on: str | None = None,
        host_hash: str | None = None,
        rematch_of: str | None = None,
        turn_limit: int | None = None,
        on_timeout: str = "lose",
        private: bool = False,
        rated: bool = False,
        clock: dict[str, int] | None = None,
        clock_state: dict[str, Any] | None = None,
    ) -> None:
        """Store a new match (`rated`: a rated match, so also not casual). With `rematch_of`, the old match is
        linked to it in the same transaction, and VersionConflict is raised if the old match already has a
        rematch."""
        stamp = now_iso()
        with self.engine.begin() as conn:
            if rematch_of is not None:
                done = conn.execute(
                    update(matches)
                    .where(matches.c.id == rematch_of, matches.c.rematch_id.is_(None))
                    .values(rematch_id=match_id)
                )
                if done.rowcount != 1:
                    raise VersionConflict(f"match {rematch_of} already has a rematch")
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
                    updated_at=stamp,
                    finished_at=stamp if result is not None else None,
                    to_move=to_move,
                    waiting_on=waiting_on,
                    host_hash=host_hash,
                    rematch_of=rematch_of,
                    rules_version=game_class(game).RULES_VERSION,
                    turn_limit=turn_limit,
                    on_timeout=on_timeout if turn_limit else None,
                    private=1 if private else 0,
                    casual=0 if rated else None,
                    rated=1 if rated else None,
                    clock=None if clock is None else json.dumps(clock),
                    clock_state=None if clock_state is None else json.dumps(clock_state),
                )
            )
            if seat_rows:
                conn.execute(
                    insert(match_seats),
                    [
                        {
                            "match_id": match_id,
                            "seat": s,
                            "name": r.name,
                            "token_hash": r.token_hash,
                            "invite_hash": r.invite_hash,
                            "last_seen": r.last_seen,
                        }
                        for s, r in seat_rows.items()
                    ],
                )
            if actions:
                conn.execute(
                    insert(match_actions),
                    [{"match_id": match_id, "step": i, "action": a} for i, a in enumerate(actions)],
                )

    def _row_to_match(self, conn: Connection, row: Any, with_actions: bool = True) -> StoredMatch:
        acts: list[int] = []
        if with_actions:
            acts = list(
                conn.execute(
                    select(match_actions.c.action)
                    .where(match_actions.c.match_id == row.id)
                    .order_by(match_actions.c.step)
                ).scalars()
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
            actions=acts,
            seat_rows=_seat_rows(conn, row.id),
            updated_at=row.updated_at,
            host_hash=row.host_hash,
            rematch_of=row.rematch_of,
            rematch_id=row.rematch_id,
            rules_version=row.rules_version or 1,
            ending=_json_or_none(row.ending),
            turn_limit=row.turn_limit,
            on_timeout=row.on_timeout or "lose",
            private=bool(row.private),
            draw_offer=_json_or_none(row.draw_offer),
            undos=row.undos or 0,
            casual=row.casual != 0,
            rated=bool(row.rated),
            clock=_json_or_none(row.clock),
            clock_state=_json_or_none(row.clock_state),
        )

    def load_match(self, match_id: str) -> StoredMatch | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(matches).where(matches.c.id == match_id)).first()
            return None if row is None else self._row_to_match(conn, row)

    def load_head(self, match_id: str) -> StoredMatch | None:
        """The match row and seats without the actions."""
        with self.engine.connect() as conn:
            row = conn.execute(select(matches).where(matches.c.id == match_id)).first()
            return None if row is None else self._row_to_match(conn, row, with_actions=False)

    def load_actions(self, match_id: str, start: int) -> list[int]:
        """Stored actions from step `start` on (the steps another server committed)."""
        with self.engine.connect() as conn:
            return list(
                conn.execute(
                    select(match_actions.c.action)
                    .where(match_actions.c.match_id == match_id, match_actions.c.step >= start)
                    .order_by(match_actions.c.step)
                ).scalars()
            )

    def load_since(self, match_id: str, start: int) -> tuple[str, str | None, list[int]] | None:
        """(status, rematch id, actions from step `start` on), or None if there is no such match."""
        with self.engine.connect() as conn:
            row = conn.execute(select(matches.c.status, matches.c.rematch_id).where(matches.c.id == match_id)).first()
            if row is None:
                return None
            acts = conn.execute(
                select(match_actions.c.action)
                .where(match_actions.c.match_id == match_id, match_actions.c.step >= start)
                .order_by(match_actions.c.step)
            ).scalars()
            return row.status, row.rematch_id, list(acts)

    def load_active(self) -> list[StoredMatch]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(matches).where(matches.c.status == "active")).all()
            return [self._row_to_match(conn, r) for r in rows]

    def versions(self, ids: list[str]) -> dict[str, int]:
        if not ids:
            return {}
        with self.engine.connect() as conn:
            q = select(matches.c.id, matches.c.version).where(matches.c.id.in_(bindparam("ids", expanding=True)))
            return {r.id: r.version for r in conn.execute(q, {"ids": ids})}

    def list_matches(self, status: str | None, limit: int, ids: list[str] | None = None) -> list[dict[str, Any]]:
        """The latest matches: public ones, or (with `ids`) those named, private or not. Aborted matches are left
        out either way."""
        query = select(matches).where(matches.c.status != "aborted")
        if ids is not None:
            query = query.where(matches.c.id.in_(ids))
        else:
            query = query.where((matches.c.private.is_(None)) | (matches.c.private == 0))
        if status is not None:
            query = query.where(matches.c.status == status)
        query = query.order_by(matches.c.updated_at.desc(), matches.c.id).limit(limit)
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
            names: dict[str, dict[int, SeatRow]] = {r.id: {} for r in rows}
            if rows:
                q = select(match_seats).where(match_seats.c.match_id.in_(bindparam("ids", expanding=True)))
                for s in conn.execute(q, {"ids": list(names)}):
                    names[s.match_id][s.seat] = SeatRow(s.name, s.token_hash, s.invite_hash, s.last_seen)
        return [
            {
                "id": r.id,
                "game": r.game,
                "options": json.loads(r.options),
                "seats": json.loads(r.seats),
                "seat_rows": names[r.id],
                "status": r.status,
                "version": r.version,
                "result": None if r.result is None else json.loads(r.result),
                "created_at": r.created_at,
                "updated_at": r.updated_at,
                "finished_at": r.finished_at,
                "to_move": r.to_move,
                "rematch_id": r.rematch_id,
                "rules_version": r.rules_version or 1,
                "ending": _json_or_none(r.ending),
                "turn_limit": r.turn_limit,
                "private": bool(r.private),
            }
            for r in rows
        ]
