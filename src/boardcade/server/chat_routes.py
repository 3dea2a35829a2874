"""Reading a match's chat a page at a time over HTTP (SV-CH8 in docs/server.md; the lines are written over the
match's WebSocket: chat.py). A welcome carries only a channel's last `chat_history` lines; this reads the
earlier ones of a long match, during it or after its end (the replay page too).

    POST /api/matches/{id}/chat   {"channel": "players" | "spectators", "before"?: line id, "limit"?: 1..100,
                                   "seat"?: n, "token"?: "..."}   (players' channel: a seat and its token, or
                                   the seat and the session of the account it is linked to: seat_accounts.py)
 -> {"match", "channel", "lines": [oldest first], "more": whether older lines remain}

A POST, because the players' channel is read with a seat token and tokens travel only in request bodies.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from .chat import CHANNELS, page_lines
from .errors import ArchivedMatch, ClientError
from .requests import manager, read_object
from .seat_accounts import account_seats_of
from .seats import matches_hash

PAGE_MAX = 100  # lines one request may ask for
PAGE_DEFAULT = 50

router = APIRouter(prefix="/api")


def page_query(body: dict[str, Any]) -> tuple[str, int | None, int]:
    """The request's channel, `before` and `limit`, or `bad_message` naming the field and what it may be."""
    channel = body.get("channel")
    if channel not in CHANNELS:
        raise ClientError("bad_message", f"'channel' must be 'players' or 'spectators', got {channel!r}")
    before = body.get("before")
    if before is not None and (not isinstance(before, int) or isinstance(before, bool) or before < 1):
        raise ClientError("bad_message", f"'before' must be a chat line id (an integer >= 1) or null, got {before!r}")
    limit = body.get("limit", PAGE_DEFAULT)
    if not isinstance(limit, int) or isinstance(limit, bool) or not 1 <= limit <= PAGE_MAX:
        raise ClientError("bad_message", f"'limit' must be an integer from 1 to {PAGE_MAX}, got {limit!r}")
    return channel, before, limit


@router.post("/matches/{match_id}/chat")
async def chat_page(request: Request, match_id: str) -> dict[str, Any]:
    """SV-CH8: a page of one channel's lines. The spectators' channel to anyone who may watch the match (anyone
    holding its id, as the WebSocket lets them watch); the players' channel only with one of its seats' tokens."""
    body = await read_object(request)
    channel, before, limit = page_query(body)
    mgr = manager(request)
    try:
        match = await mgr.get(match_id)
    except ArchivedMatch as e:  # played under rules gone: its seats are checked against the stored ones
        if channel == "players":
            rows = await mgr.read(mgr.storage.load_seats, e.info["id"])
            seat = body.get("seat")
            row = rows.get(seat) if isinstance(seat, int) and not isinstance(seat, bool) else None
            if row is None or not matches_hash(body.get("token"), row.token_hash):
                raise ClientError(
                    "bad_token", "the players' chat is read with a seat of this match and its token"
                ) from None
        match_id = e.info["id"]
    else:
        mgr.release(match)
        if channel == "players":
            if body.get("seat") is None:
                raise ClientError(
                    "bad_token", "the players' chat is read only by the match's players: send 'seat' and 'token'"
                )
            # the seat's token, or (without one) the signed-in account the seat is linked to (seat_accounts.py)
            proof = body["token"] if body.get("token") is not None else await account_seats_of(request, mgr, match.id)
            await mgr.authenticate_fresh(match, body.get("seat"), proof)
    lines, more = await mgr.read(page_lines, mgr.storage, match_id, channel, before, limit)
    return {"match": match_id, "channel": channel, "lines": lines, "more": more}
