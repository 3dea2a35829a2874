"""The lobby's API (`/api/seeks`) and its live feed (`/ws/lobby`); the lobby itself is lobby.py. docs/server.md
"Lobby" has the requests, messages, rules (SV-LB*) and error codes.

Who posts or accepts is named by an owner token the browser keeps (random, in localStorage; only its digest is
kept here) and, when signed in, by the account too: neither may accept their own seek.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Request, WebSocket
from sqlalchemy import select

from ..arena.ratings import game_key, shown
from ..core import GameError, game_class, game_names, load_game
from .account_routes import signed_in
from .catalog import variant_options
from .clocks import check_clock_spec
from .errors import MATCH_ID, ClientError, parse_json
from .limits import TokenBucket
from .lobby import RATED_SEEK, Lobby, public
from .ratings import ratings
from .requests import client_address, manager, read_object
from .seats import clean_name, token_hash
from .ws import MAX_MESSAGE, WsClient, admit, close_socket, incoming

router = APIRouter(prefix="/api/seeks")
OWNER = re.compile(r"[A-Za-z0-9_-]{16,128}")
SEEK_FIELDS = ("game", "variant", "options", "rated", "min", "max", "clock", "name", "owner")
RATING_LIMITS = (0, 4000)


def seek_key(game: str) -> str:
    """The rating key of a seek's match (two players: seeks are for 2-player variants), as ratings.match_key."""
    counts = [game_class(game)(**opts).num_players for _, opts in game_class(game).VARIANTS]
    return game_key(game, 2, counts)


async def ratings_of(request: Request, account: str | None) -> Callable[[str], int | None]:
    """The asking person's shown rating by seek game, for the seeks' rating ranges (SV-LB8): their account's
    rating in that game's key, read once per request; None (no range applies) when signed out or not yet rated."""
    if account is None:
        return lambda game: None
    engine = lobby(request).ctx.storage.engine

    def read() -> dict[str, int]:
        with engine.connect() as conn:
            rows = conn.execute(select(ratings.c.game_key, ratings.c.mu).where(ratings.c.account_id == account))
            return {key: shown(mu) for key, mu in rows}

    mine = await lobby(request).ctx.read(read)
    return lambda game: mine.get(seek_key(game))


async def posters_ratings(request: Request, seek_ids: list[str], game: str) -> dict[str, int]:
    """The rating, in `game`'s key, of the account that posted each of these open seeks (those with one)."""
    the_lobby = lobby(request)
    accounts = {sid: the_lobby.open[sid]["account_id"] for sid in seek_ids if sid in the_lobby.open}
    wanted = {a for a in accounts.values() if a is not None}
    if not wanted:
        return {}
    key = seek_key(game)

    def read() -> dict[str, int]:
        query = select(ratings.c.account_id, ratings.c.mu).where(
            ratings.c.game_key == key, ratings.c.account_id.in_(wanted)
        )
        with the_lobby.ctx.storage.engine.connect() as conn:
            return {account: shown(mu) for account, mu in conn.execute(query)}

    by_account = await the_lobby.ctx.read(read)
    return {sid: by_account[a] for sid, a in accounts.items() if a in by_account}


async def at_my_level(request: Request, seek: dict[str, Any], seek_ids: list[str], rating: int | None) -> list[str]:
    """Quick pairing's "someone at my level" (SV-LB7): of these compatible seeks, those whose poster's rating is
    within `quick_rating_window` of the asker's, nearest first (then oldest); a poster with no rating yet is taken
    after them. An asker with no rating yet (or a window of 0) has no level to keep to: all, oldest first."""
    window = manager(request).settings.quick_rating_window
    if rating is None or window <= 0 or not seek_ids:
        return seek_ids
    levels = await posters_ratings(request, seek_ids, seek["game"])
    near = [sid for sid in seek_ids if sid not in levels or abs(levels[sid] - rating) <= window]
    return sorted(near, key=lambda sid: abs(levels[sid] - rating) if sid in levels else window + 1)


def level_range(request: Request, seek: dict[str, Any], rating: int | None) -> dict[str, Any]:
    """The seek quick pairing posts for a rated asker who named no range: their level, `quick_rating_window`
    either side of their rating (SV-LB7)."""
    window = manager(request).settings.quick_rating_window
    if rating is None or window <= 0 or seek["min_rating"] is not None or seek["max_rating"] is not None:
        return seek
    low, high = RATING_LIMITS
    return {**seek, "min_rating": max(low, rating - window), "max_rating": min(high, rating + window)}


def lobby(request: Request) -> Lobby:
    return manager(request).lobby


def owner_hash(body: dict[str, Any]) -> str:
    owner = body.get("owner")
    if not isinstance(owner, str) or not OWNER.fullmatch(owner):
        raise ClientError("bad_seek", "'owner' must be this browser's lobby token: 16 to 128 letters, digits, - or _")
    return token_hash(owner)


async def signed_account(request: Request) -> Any:
    """The signed-in account (accounts.Account), or None when signed out."""
    try:
        account, _ = await signed_in(request)
    except ClientError as e:
        if e.code == "signed_out":
            return None
        raise
    return account


def as_account(seek: dict[str, Any], account: Any) -> dict[str, Any]:
    """A rated seek is shown, and its seat named, by its owner's account name (SV-LB9)."""
    return {**seek, "name": account.name} if seek["rated"] and account is not None else seek


def _rating(body: dict[str, Any], key: str) -> int | None:
    value = body.get(key)
    low, high = RATING_LIMITS
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        wanted = f"a whole number from {low} to {high} or null"
        raise ClientError("bad_seek", f"'{key}' (a rating) must be {wanted}, got {value!r}")
    return value


def check_seek(body: dict[str, Any], name_limit: int) -> dict[str, Any]:
    """A seek as posted, checked field by field (SV-LB6): each refusal names the field and what it may be."""
    unknown = sorted(k for k in body if k not in SEEK_FIELDS)
    if unknown:
        named = ", ".join(map(repr, unknown))
        raise ClientError("bad_seek", f"unknown field(s) {named}; a seek has {', '.join(SEEK_FIELDS)}")
    game = body.get("game")
    if not isinstance(game, str) or game not in game_names():
        raise ClientError("bad_options", f"unknown game {game!r}; valid games: {', '.join(game_names())}")
    options = variant_options(game, body.get("variant"), body.get("options", {}))
    try:
        full = load_game(game, **options)
    except GameError as e:
        raise ClientError("bad_options", str(e)) from None
    if full.num_players != 2:
        raise ClientError(
            "bad_options",
            f"a seek is for two players; {game} with these options has {full.num_players}: choose a 2-player variant",
        )
    rated = body.get("rated", False)
    if not isinstance(rated, bool):
        raise ClientError("bad_seek", f"'rated' must be true (rated) or false (casual), got {rated!r}")
    low, high = _rating(body, "min"), _rating(body, "max")
    if low is not None and high is not None and low > high:
        raise ClientError("bad_seek", f"'min' ({low}) is above 'max' ({high})")
    clock = check_clock_spec(body.get("clock"), None)  # as POST /api/matches (SV-CL1): bad_options naming ranges
    name = body.get("name")
    return {
        "game": game,
        "options": dict(full.options),
        "rated": int(rated),
        "min_rating": low,
        "max_rating": high,
        "time_control": clock,
        "name": None if name in (None, "") else clean_name(name, name_limit),
    }


def seek_id(value: str) -> str:
    if not MATCH_ID.fullmatch(value):
        raise ClientError("not_found", "no seek has this id")
    return value


@router.get("")
async def list_seeks(request: Request, game: str | None = None) -> dict[str, Any]:
    """The open seeks, oldest first (all games, or one)."""
    rows = await lobby(request).ctx.read(lobby(request).store.open_rows)
    return {"seeks": [public(r) for r in rows if game is None or r["game"] == game]}


@router.post("", status_code=201)
async def post_seek(request: Request) -> dict[str, Any]:
    body = await read_object(request)
    who = owner_hash(body)
    seek = check_seek(body, manager(request).settings.name_max_length)
    account = await signed_account(request)
    posted, token = await lobby(request).post(
        as_account(seek, account), who, account and account.id, client_address(request)
    )
    return {"seek": posted, "token": token}


async def _accept(request: Request, sid: str, body: dict[str, Any], who: str, account: Any) -> dict[str, Any]:
    name = body.get("name")
    name = None if name in (None, "") else clean_name(name, manager(request).settings.name_max_length)
    aid, aname = (None, None) if account is None else (account.id, account.name)
    rating_in = await ratings_of(request, aid)
    match, seat, token = await lobby(request).accept(
        sid, who, aid, name, client_address(request), rating_in, account_name=aname
    )
    return {**match.meta(), "seat": seat, "token": token}


@router.post("/quick")
async def quick(request: Request) -> dict[str, Any]:
    """Quick pairing (SV-LB7): accept the compatible open seek nearest the asker's level (the oldest among equals),
    or post one (a rated asker's at their level) and wait. A page already waiting names its own seek (`seek`) when a
    compatible one appears: its own is withdrawn first, and if that fails because someone took it, the answer is
    where it went (`{"where": ...}`): never two matches."""
    body = await read_object(request)
    who, account = owner_hash(body), await signed_account(request)
    aid = None if account is None else account.id
    waiting = body.pop("seek", None)
    seek = as_account(check_seek(body, manager(request).settings.name_max_length), account)
    the_lobby = lobby(request)
    if seek["rated"] and account is None:
        raise ClientError("needs_account", RATED_SEEK)
    rating = (await ratings_of(request, aid))(seek["game"])
    async with the_lobby.pairing:  # on one process two quick pairings never both post, missing each other
        if waiting is not None:
            if not isinstance(waiting, str):
                raise ClientError("bad_seek", "'seek' must be the id of your own seek that is waiting, or absent")
            try:
                await the_lobby.withdraw(seek_id(waiting), who)
            except ClientError as e:
                if e.code not in ("seek_gone", "not_found"):
                    raise
                return {"where": await the_lobby.where(seek_id(waiting), who)}
        for sid in await at_my_level(request, seek, the_lobby.compatible(seek, who, aid, rating), rating):
            try:
                return {"paired": await _accept(request, sid, body, who, account)}
            except ClientError as e:
                if e.code != "seek_gone":
                    raise
        posted, token = await the_lobby.post(level_range(request, seek, rating), who, aid, client_address(request))
    return {"seek": posted, "token": token}


@router.post("/{sid}/accept")
async def accept(request: Request, sid: str) -> dict[str, Any]:
    body = await read_object(request)
    who, account = owner_hash(body), await signed_account(request)
    return await _accept(request, seek_id(sid), body, who, account)


@router.post("/{sid}/cancel")
async def cancel(request: Request, sid: str) -> dict[str, Any]:
    body = await read_object(request)
    await lobby(request).withdraw(seek_id(sid), owner_hash(body))
    return {"id": sid, "state": "gone"}


@router.post("/{sid}/wait")
async def wait(request: Request, sid: str) -> dict[str, Any]:
    """The owner asks after their seek: still open (kept alive), gone, or paired (the match and their seat)."""
    body = await read_object(request)
    return await lobby(request).where(seek_id(sid), owner_hash(body))


class LobbyClient(WsClient):
    owner_hash: str | None = None


async def lobby_socket(ws: WebSocket) -> None:
    """/ws/lobby: the open seeks now (`seeks`), then each added (`seek`) and removed (`unseek`); after
    {"type": "hello", "owner": token} this socket keeps that owner's seeks alive and hears `paired`."""
    mgr = ws.app.state.manager
    opened = await admit(ws, LobbyClient)
    if opened is None:
        return
    client, address = opened
    bucket = TokenBucket(mgr.settings.messages_per_second, mgr.settings.message_burst)
    the_lobby: Lobby = mgr.lobby
    try:
        the_lobby.watch(client)
        async for raw in incoming(ws, client, bucket):
            try:
                text = raw.get("text") or ""
                if len(text) > MAX_MESSAGE:
                    raise ClientError("too_large", f"message is {len(text)} characters; at most {MAX_MESSAGE} allowed")
                msg = parse_json(text, "message")
                kind = msg.get("type") if isinstance(msg, dict) else None
                if kind == "hello":
                    the_lobby.own(client, owner_hash(msg))
                    client.send({"type": "welcome"})
                elif kind == "ping":
                    client.send({"type": "pong"})
                else:
                    raise ClientError("bad_message", "a lobby message is a JSON object, 'type' 'hello' or 'ping'")
            except ClientError as e:
                client.send_error(e)
    except Exception:  # the peer went away while we were sending to it
        pass
    finally:
        the_lobby.unwatch(client)
        close_socket(ws, client, address)
