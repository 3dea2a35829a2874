"""The matches a server holds in memory: loaded from the database when first asked for, listed, and let go.

A match is held while clients watch it, a computer seat is driving it or it was used lately; finished matches
nobody watches are let go early (`release`, `release_finished`), the rest by the sweep (sweep.py). A match
whose rules are gone is not loaded: `get` raises ArchivedMatch with what can still be shown of it.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Callable
from typing import Any

from ..core import GameError, Seat, game_spec
from ..core.record import RulesVersionError, load_game_under_rules
from . import clocks
from .commits import Commits
from .context import Context, finished
from .errors import MATCH_ID, ArchivedMatch, ClientError, dumps
from .live import LiveMatch
from .storage import SeatRow, StoredMatch, age_seconds

log = logging.getLogger("boardcade.server")
LIST_CACHE_SECONDS = 1.0  # polling clients share one read of the match list


class Registry:
    def __init__(self, ctx: Context, commits: Commits):
        self.ctx = ctx
        self.commits = commits
        # Match lists being made, by (status, limit).
        self._making: dict[tuple[str | None, int], asyncio.Future[str]] = {}

    async def get(self, match_id: str) -> LiveMatch:
        """The match, held here from now on (read back first if it may be behind the database)."""
        ctx = self.ctx
        match = ctx.live.get(match_id)
        if match is None:
            stored = await ctx.read(ctx.storage.load_match, match_id) if MATCH_ID.fullmatch(match_id) else None
            if stored is None:
                raise ClientError("not_found", f"no match with id {match_id[:60]!r}")
            match = ctx.live.get(match_id)  # loaded meanwhile by another request
            if match is None:
                try:
                    match = LiveMatch(stored)
                except RulesVersionError as e:
                    raise ArchivedMatch(archived_info(stored, str(e))) from None
                except (GameError, ImportError) as e:
                    raise ClientError(
                        "not_found", f"match {match_id} is of a game this server cannot load: {e}"
                    ) from None
                ctx.live[match_id] = match
                state = match.clock_state
                if state and state["run"] is not None and state["since"] is None and not ctx.bus.multi:
                    # SV-CL5: a clock paused when this lone server last stopped runs again from now
                    match.clock_state = clocks.resumed(state, clocks.now_ms())
                    ctx.spawn(ctx.read(ctx.storage.set_clock_state, match_id, match.version, match.clock_state))
                if match.status != "active":
                    ctx.finished.add(match_id)
                else:
                    ctx.listeners.arm_clock(match)
        elif match.needs_sync:
            await self.commits.sync(match)
        match.last_used = time.monotonic()
        return match

    def release(self, match: LiveMatch) -> None:
        """Forget a finished match nobody is watching (it stays in storage)."""
        if not match.clients and match.status != "active" and not match.driving:
            self.ctx.live.pop(match.id, None)

    def release_finished(self) -> None:
        """Forget matches that ended and that no socket watches (matches played over HTTP alone, or looked at
        once, would otherwise stay in memory until the next sweep)."""
        for match_id in list(self.ctx.finished):
            match = self.ctx.live.get(match_id)
            if match is None or not match.clients:
                self.ctx.finished.discard(match_id)
                if match is not None:
                    self.release(match)

    async def fill_turn_info(self) -> None:
        """Matches stored by an earlier version lack whose turn it is; work it out once."""
        ctx = self.ctx
        for match_id in await ctx.read(ctx.storage.without_turn_info):
            stored = await ctx.read(ctx.storage.load_match, match_id)
            try:
                match = LiveMatch(stored)
            except (GameError, ImportError) as e:
                log.warning("cannot resume match %s: %s", match_id, e)
                continue
            await ctx.read(ctx.storage.set_turn, match_id, *match.turn())

    # ---- the match list --------------------------------------------------------------------------
    async def list_matches(self, status: str | None, limit: int, ids: list[str] | None = None) -> list[dict[str, Any]]:
        """The match list (entries as dicts)."""
        entries: list[dict[str, Any]] = json.loads(await self.list_text(status, limit, ids))
        return entries

    async def list_text(self, status: str | None, limit: int, ids: list[str] | None = None) -> str:
        """The public match list answer as JSON text, cached for a second: polling clients share one read and
        one serialisation, done on the read pool (never on the event loop); requests that come while it is being
        made wait for it rather than making their own. With `ids`, the matches named (a browser's own, private
        ones too), read afresh."""
        if ids is not None:
            return await self.ctx.read(self._render, status, limit, ids)
        key = (status, limit)
        cached = self.ctx.list_cache.get(key)
        if cached is not None and time.monotonic() - cached[0] < LIST_CACHE_SECONDS:
            return cached[1]
        making = self._making.get(key)
        if making is not None:
            return await asyncio.shield(making)
        making = self._making[key] = asyncio.ensure_future(self.ctx.read(self._render, status, limit))
        making.add_done_callback(finished)  # taken even when every request that waited on it has gone
        try:
            text = await making
        finally:
            self._making.pop(key, None)
        self.ctx.list_cache[key] = (time.monotonic(), text)
        return text

    def _render(self, status: str | None, limit: int, ids: list[str] | None = None) -> str:
        rows = self.ctx.storage.list_matches(status, limit, ids)
        return dumps({"matches": [list_entry(r) for r in rows]})


def list_entry(r: dict[str, Any]) -> dict[str, Any]:
    """One match of the list, from its stored row (no match is loaded for it)."""
    note = None
    role: Callable[[Seat], str]
    try:
        game = load_game_under_rules(r["game"], r["options"], r["rules_version"])
        role, title = game.player_name, game.title
    except RulesVersionError as e:
        note = str(e)
        role, title = (lambda p: f"Player {p + 1}"), game_title(r["game"])
    except (GameError, ImportError):
        role, title = (lambda p: f"Player {p + 1}"), r["game"]
    seats = []
    for i, s in enumerate(r["seats"]):
        row = r["seat_rows"].get(i) or SeatRow()
        name = f"Computer ({s['agent']})" if s["kind"] == "agent" else row.name
        claimed = s["kind"] == "agent" or row.token_hash is not None
        seats.append({"player": i, "role": role(i), "kind": s["kind"], "name": name, "claimed": claimed})
    to_move = r["to_move"] if r["status"] == "active" else None
    entry = {k: r[k] for k in ("id", "game", "options", "status", "version", "result", "created_at", "updated_at")}
    entry.update(
        title=title,
        finished_at=r["finished_at"],
        seats=seats,
        to_move=to_move,
        to_move_role=role(to_move) if to_move is not None and to_move >= 0 else None,
        to_move_name=seats[to_move]["name"] if to_move is not None and 0 <= to_move < len(seats) else None,
        age_s=round(age_seconds(r["created_at"]) or 0),
        idle_s=round(age_seconds(r["updated_at"]) or 0),
        rematch_id=r["rematch_id"],
        rules_version=r["rules_version"],
        ending=r.get("ending"),
        turn_limit=r.get("turn_limit"),
        private=r.get("private", False),
        archived=note is not None,
        note=note,
    )
    return entry


def game_title(name: str) -> str:
    try:
        return game_spec(name).title
    except GameError:
        return name


def archived_info(stored: StoredMatch, note: str) -> dict[str, Any]:
    """What a match of rules that are gone shows: who played, how it ended, how long it was, and why it cannot be
    replayed (a finished record with a note)."""
    seats = [
        {
            "player": i,
            "kind": s["kind"],
            "name": f"Computer ({s['agent']})" if s["kind"] == "agent" else (stored.seat_rows.get(i) or SeatRow()).name,
        }
        for i, s in enumerate(stored.seats)
    ]
    return {
        "id": stored.id,
        "game": stored.game,
        "title": game_title(stored.game),
        "options": stored.options,
        "seats": seats,
        "status": "archived",
        "stored_status": stored.status,
        "version": stored.version,
        "result": stored.result,
        "rules_version": stored.rules_version,
        "created_at": stored.created_at,
        "finished_at": stored.finished_at,
        "note": note,
    }
