"""Profiles and match history (SV-19): `GET /api/players/{name}` and `GET /api/me/matches`.

A profile is public: the account's name, its ratings per game key (with +- 2 sigma), the points of its rating
graph, and its finished matches, newest first, a page at a time, each with its result for the account, the other
seats (a seat held by an account names it, so the page can link to its profile), the rating change, and where
its replay and analysis are. "My matches" is the signed-in account's own list: active matches first, those
waiting on the account's move before the rest, then the latest finished ones; it reads the seats linked to the
account (account_seats), so it is the same on every device the account signs in from.

A deleted account has no profile; its seats keep their matches under accounts.DELETED_NAME, with no link. Every
name is returned as data; the page shows it as text. All reads run on the read pool.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from fastapi import APIRouter, Request
from sqlalchemy import bindparam, func, select

from ..arena.ratings import Rating, shown
from ..core import game_class
from .account_routes import service, signed_in
from .account_tables import LINK_HOLDS_SEAT, account_seats, accounts
from .accounts import clean_account_name
from .errors import ClientError
from .ratings import rated_results, rating_changes, ratings
from .storage import match_seats, matches

router = APIRouter(prefix="/api")
PER_PAGE = 20
GRAPH_POINTS = 300  # the latest rating changes drawn, per game key
ACTIVE_LIMIT = 100
FINISHED_LIMIT = 20


@lru_cache(maxsize=256)
def _game(name: str, options: str) -> Any:
    cls = game_class(name)
    return cls(**json.loads(options))


def _title(name: str) -> str:
    try:
        return game_class(name).title or name
    except Exception:
        return name


def _outcome(teams: Any, result: list[float] | None, seats: list[int]) -> str | None:
    """ "win", "loss" or "draw" for the side holding `seats` (None: no result)."""
    if not result or not seats:
        return None
    side = next((t for t in teams if seats[0] in t), (seats[0],))
    mine = result[seats[0]]
    best = max(result)
    if mine < best:
        return "loss"
    return "draw" if any(result[p] == best for p in range(len(result)) if p not in side) else "win"


def _match_rows(conn: Any, rows: list[Any], account_id: str) -> list[dict[str, Any]]:
    """The page's matches as the profile and history show them (three queries for the whole page)."""
    ids = [r.id for r in rows]
    if not ids:
        return []
    expand = bindparam("ids", expanding=True)
    names: dict[str, dict[int, str | None]] = {i: {} for i in ids}
    holders: dict[str, dict[int, str]] = {i: {} for i in ids}
    for s in conn.execute(select(match_seats.c.match_id, match_seats.c.seat, match_seats.c.name)
                          .where(match_seats.c.match_id.in_(expand)), {"ids": ids}):  # fmt: skip
        names[s.match_id][s.seat] = s.name
    linked = (
        select(account_seats.c.match_id, account_seats.c.seat, accounts.c.name)
        .join(accounts, accounts.c.id == account_seats.c.account_id)
        .join(match_seats, LINK_HOLDS_SEAT)
        .where(account_seats.c.match_id.in_(expand))
    )
    for s in conn.execute(linked, {"ids": ids}):
        holders[s.match_id][s.seat] = s.name
    changes: dict[str, Any] = {}
    mine = rating_changes.c.account_id == account_id
    for c in conn.execute(select(rating_changes).where(rating_changes.c.match_id.in_(expand), mine), {"ids": ids}):
        changes[c.match_id] = c
    settled = {s.match_id: s for s in conn.execute(select(rated_results).where(rated_results.c.match_id.in_(expand)),
                                                   {"ids": ids})}  # fmt: skip
    out = []
    for r in rows:
        game = _game(r.game, r.options)
        seat_kinds = json.loads(r.seats)
        result = None if r.result is None else json.loads(r.result)
        mine = sorted(r.my_seats)
        seats = []
        for p, kind in enumerate(seat_kinds):
            entry: dict[str, Any] = {"seat": p, "role": game.player_name(p), "kind": kind.get("kind")}
            if kind.get("kind") == "agent":
                entry["name"] = f"Computer ({kind.get('agent')})"
            else:
                entry["name"] = names[r.id].get(p)
                entry["account"] = holders[r.id].get(p)
            seats.append(entry)
        item: dict[str, Any] = {
            "id": r.id,
            "game": r.game,
            "title": _title(r.game),
            "status": r.status,
            "rated": bool(r.rated),
            "seats": seats,
            "my_seats": mine,
            "result": _outcome(game.teams(), result, mine) if r.status == "finished" else None,
            "ending": (json.loads(r.ending) or {}).get("kind") if r.ending else None,
            "created_at": r.created_at,
            "finished_at": r.finished_at,
            "updated_at": r.updated_at,
        }
        if r.status == "active":
            item["your_turn"] = r.to_move in mine and r.waiting_on == "human"
            item["to_move"] = r.to_move
            item["play"] = f"#/play/{r.id}"
        if r.status == "finished":
            item["replay"] = f"#/replay/{r.id}"
            item["analysis"] = f"#/analyse/{r.id}"
        if r.id in changes:
            c = changes[r.id]
            item["rating"] = {"key": c.game_key, "before": shown(c.mu_before), "after": shown(c.mu_after)}
        elif r.id in settled and not settled[r.id].counted:
            item["unrated"] = settled[r.id].reason
        out.append(item)
    return out


def _mine(account_id: str) -> Any:
    """The ids of the matches the account holds a seat of (once each, however many seats)."""
    return (
        select(account_seats.c.match_id)
        .where(account_seats.c.account_id == account_id)
        .group_by(account_seats.c.match_id)
        .subquery()
    )


class _Row:
    """A matches row with the seats the account holds in it."""

    def __init__(self, row: Any, my_seats: set[int]):
        self._row = row
        self.my_seats = my_seats

    def __getattr__(self, name: str) -> Any:
        return getattr(self._row, name)


def _account_matches(conn: Any, account_id: str, where: Any, order: list[Any], limit: int, offset: int = 0) -> list:
    links = _mine(account_id)
    query = (
        select(matches)
        .join(links, links.c.match_id == matches.c.id)
        .where(where)
        .order_by(*order, matches.c.id)
        .limit(limit)
        .offset(offset)
    )
    rows = conn.execute(query).all()
    seats: dict[str, set[int]] = {r.id: set() for r in rows}
    if rows:
        held = select(account_seats.c.match_id, account_seats.c.seat).where(
            account_seats.c.account_id == account_id, account_seats.c.match_id.in_(bindparam("ids", expanding=True))
        )
        for s in conn.execute(held, {"ids": list(seats)}):
            seats[s.match_id].add(s.seat)
    return [_Row(r, seats[r.id]) for r in rows]


def profile(engine: Any, name: Any, page: int) -> dict[str, Any]:
    try:
        _, key = clean_account_name(name)
    except ClientError:
        key = None
    with engine.connect() as conn:
        account = None if key is None else conn.execute(select(accounts).where(accounts.c.name_key == key)).first()
        if account is None:
            raise ClientError("not_found", f"no player named {str(name)[:40]!r} (it may have been deleted)")
        own = []
        for r in conn.execute(select(ratings).where(ratings.c.account_id == account.id).order_by(ratings.c.game_key)):
            rating = Rating(r.mu, r.sigma)
            game = r.game_key.split("/")[0]
            own.append({"key": r.game_key, "game": game, "title": _title(game), "rating": rating.shown,
                        "interval": rating.interval, "games": r.games})  # fmt: skip
        graph: dict[str, list] = {}
        recent = (
            select(
                rating_changes.c.game_key,
                rating_changes.c.mu_after,
                rating_changes.c.sigma_after,
                rating_changes.c.at,
                rating_changes.c.match_id,
            )  # fmt: skip
            .where(rating_changes.c.account_id == account.id)
            .order_by(rating_changes.c.at.desc())
            .limit(GRAPH_POINTS * 4)
        )
        for c in conn.execute(recent):
            points = graph.setdefault(c.game_key, [])
            if len(points) < GRAPH_POINTS:
                points.append({"at": c.at, "rating": shown(c.mu_after), "interval": Rating(c.mu_after, c.sigma_after)
                               .interval, "match": c.match_id})  # fmt: skip
        for points in graph.values():
            points.reverse()
        links = _mine(account.id)
        total = conn.execute(
            select(func.count(func.distinct(matches.c.id)))
            .join(links, links.c.match_id == matches.c.id)
            .where(matches.c.status == "finished")
        ).scalar()
        pages = max(1, -(-int(total or 0) // PER_PAGE))
        page = max(1, min(page, pages))
        rows = _account_matches(
            conn, account.id, matches.c.status == "finished", [matches.c.finished_at.desc()], PER_PAGE,
            (page - 1) * PER_PAGE,
        )  # fmt: skip
        return {
            "name": account.name,
            "created_at": account.created_at,
            "ratings": own,
            "graph": graph,
            "matches": _match_rows(conn, rows, account.id),
            "page": page,
            "pages": pages,
            "total": int(total or 0),
        }


def _my_part(conn: Any, account_id: str, status: str, newest_first: Any, limit: int) -> list[dict[str, Any]]:
    """The account's matches of one status, newest (by the column `newest_first`) first, as the page shows them."""
    found = _account_matches(conn, account_id, matches.c.status == status, [newest_first.desc()], limit)
    return _match_rows(conn, found, account_id)


def my_matches(engine: Any, account_id: str) -> dict[str, Any]:
    with engine.connect() as conn:
        active = _my_part(conn, account_id, "active", matches.c.updated_at, ACTIVE_LIMIT)
        finished = _my_part(conn, account_id, "finished", matches.c.finished_at, FINISHED_LIMIT)
    active.sort(key=lambda m: not m["your_turn"])  # stable: your turn first, each part newest first
    return {"active": active, "finished": finished}


@router.get("/players/{name}")
async def player(request: Request, name: str, page: int = 1) -> dict[str, Any]:
    svc = service(request)
    return await svc.mgr.read(profile, svc.mgr.storage.engine, name, page)


@router.get("/me/matches")
async def me_matches(request: Request) -> dict[str, Any]:
    account, _ = await signed_in(request)
    svc = service(request)
    out = await svc.mgr.read(my_matches, svc.mgr.storage.engine, account.id)
    return {"name": account.name, **out}
