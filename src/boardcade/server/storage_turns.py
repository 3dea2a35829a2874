"""Match storage, an active match besides its steps: its end outside the game's rules, its chess clocks, draw
offers, a turn handed to a computer, decisions taken back (endings.py, clocks.py, commits.py); and the sweeps over
active matches: overdue turns, stalled computer turns and taking one over, expiry, turn info filled in
(sweep.py, registry.py). Every change is checked against the match's version or status in its transaction.
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import Update, and_, bindparam, delete, func, select, update

from .storage_base import StorageBase, match_actions, matches, now_iso


def _active_at(match_id: str, version: int) -> Update:
    """An UPDATE of the match that holds only while it is active and still at `version`."""
    return update(matches).where(matches.c.id == match_id, matches.c.version == version, matches.c.status == "active")


class StorageTurns(StorageBase):
    """An active match's ending, clocks, draw offers, undo and turns; expiry and stalled turns."""

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
            return self._updated_one(
                conn,
                _active_at(match_id, version).values(
                    status=status,
                    result=None if result is None else json.dumps(result),
                    ending=json.dumps(ending),
                    finished_at=stamp,
                    updated_at=stamp,
                    to_move=None,
                    waiting_on=None,
                    draw_offer=None,
                    **clocks,
                ),
                notify,
            )

    def set_clock_state(self, match_id: str, version: int, clock_state: dict[str, Any]) -> bool:
        """Store an active match's clocks (paused or resumed: clocks.py) while it is still at `version`."""
        with self.engine.begin() as conn:
            done = conn.execute(_active_at(match_id, version).values(clock_state=json.dumps(clock_state)))
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
            return self._updated_one(
                conn,
                update(matches)
                .where(matches.c.id == match_id, matches.c.status == "active")
                .values(draw_offer=None if offer is None else json.dumps(offer)),
                notify,
            )

    def hand_to_computer(self, match_id: str, version: int, seats: list[dict[str, Any]], notify: str) -> bool:
        """A person ran out of time and a computer plays that turn for them: the match's seats (the seat's
        "computer_turns"), while it is still at `version` (the turn that ran out). False if it moved on meanwhile."""
        with self.engine.begin() as conn:
            return self._updated_one(
                conn,
                _active_at(match_id, version).values(seats=json.dumps(seats), waiting_on="agent", updated_at=now_iso()),
                notify,
            )

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
                _active_at(match_id, version).values(
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
