"""The WebSocket protocol at /ws/matches/{id}.

Client -> server (JSON text, at most MAX_MESSAGE bytes):
  {"type": "hello", "seats": [{"seat": 0, "token": "..."}]}   join; no seats = spectator (public view)
  {"type": "action", "seat": 0, "version": 12, "action": 3, "id": any}   act for a held seat
  {"type": "ping"}
Server -> client:
  {"type": "welcome", "seats": [0], "match": {...}}    then a "state" per held seat (or one public)
  {"type": "state", "match": id, "seat": 0|null, "version": n, "observation": {...}}   after every change
  {"type": "ack", "id": any, "version": n}             the action was committed
  {"type": "error", "code": "...", "message": "...", "id": any}   only to the client at fault
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

from fastapi import WebSocket, WebSocketDisconnect

from .errors import ClientError, parse_json, require_int
from .live import LiveMatch
from .manager import MatchManager

MAX_MESSAGE = 4096
MAX_SEATS_PER_CLIENT = 8
log = logging.getLogger("boardcade.server")


class WsClient:
    def __init__(self, ws: WebSocket):
        self.ws = ws
        self.seats: tuple[int, ...] = ()
        self.joined = False
        self._send_lock = asyncio.Lock()

    async def send_text(self, text: str) -> None:
        async with self._send_lock:
            await self.ws.send_text(text)

    async def send(self, msg: dict[str, Any]) -> None:
        await self.send_text(json.dumps(msg, separators=(",", ":")))


def parse_message(raw: dict[str, Any]) -> dict[str, Any]:
    if raw.get("bytes") is not None:
        raise ClientError("bad_message", "send JSON text messages, not binary")
    text = raw.get("text") or ""
    if len(text) > MAX_MESSAGE:
        raise ClientError("too_large", f"message is {len(text)} characters; at most {MAX_MESSAGE} allowed")
    msg = parse_json(text, "message")
    if not isinstance(msg, dict) or msg.get("type") not in ("hello", "action", "ping"):
        raise ClientError("bad_message", "a message is a JSON object whose 'type' is 'hello', 'action' or 'ping'")
    return msg


async def _hello(mgr: MatchManager, match: LiveMatch, client: WsClient, msg: dict[str, Any]) -> None:
    if client.joined:
        raise ClientError("bad_message", "already joined; open a new connection to hold other seats")
    wanted = msg.get("seats") or []
    if not isinstance(wanted, list) or len(wanted) > MAX_SEATS_PER_CLIENT:
        raise ClientError("bad_message", "'seats' must be a list of {'seat': n, 'token': '...'} (or empty to watch)")
    seats = set()
    for item in wanted:
        if not isinstance(item, dict):
            raise ClientError("bad_message", "each entry of 'seats' must be {'seat': n, 'token': '...'}")
        seats.add(mgr.authenticate(match, item.get("seat"), item.get("token")))
    client.seats = tuple(sorted(seats))
    client.joined = True
    match.clients.add(client)
    await client.send({"type": "welcome", "seats": list(client.seats), "match": match.meta()})
    for seat in client.seats or (None,):
        await client.send_text(match.state_message(seat))


async def _action(mgr: MatchManager, match: LiveMatch, client: WsClient, msg: dict[str, Any]) -> None:
    if not client.joined:
        raise ClientError("hello_first", "send a 'hello' message with your seat token first")
    seat = require_int(msg, "seat")
    if seat not in client.seats:
        held = ", ".join(map(str, client.seats)) or "none (spectator)"
        raise ClientError("bad_token", f"this connection does not hold seat {seat!r}; seats held: {held}")
    version = require_int(msg, "version")
    action = require_int(msg, "action")
    new_version = await mgr.submit(match, seat, version, action)
    await client.send({"type": "ack", "id": msg.get("id"), "version": new_version})


def peer_gone(e: Exception) -> bool:
    """Sending to a socket whose peer left raises these; they end the connection rather than report an error."""
    return isinstance(e, (WebSocketDisconnect, OSError)) or (
        isinstance(e, RuntimeError) and not isinstance(e, RecursionError)
    )


async def match_socket(ws: WebSocket, match_id: str) -> None:
    await ws.accept()
    mgr: MatchManager = ws.app.state.manager
    client = WsClient(ws)
    try:
        match = await mgr.get(match_id)
    except ClientError as e:
        await client.send(e.to_json())
        await ws.close(code=4404)
        return
    try:
        while True:
            raw = await ws.receive()
            if raw["type"] == "websocket.disconnect":
                break
            msg: dict[str, Any] = {}
            try:
                msg = parse_message(raw)
                if msg["type"] == "hello":
                    await _hello(mgr, match, client, msg)
                elif msg["type"] == "action":
                    await _action(mgr, match, client, msg)
                else:
                    await client.send({"type": "pong"})
            except ClientError as e:
                await client.send({**e.to_json(), "id": msg.get("id")})
            except Exception as e:  # a defect: log it here, tell the client only that it happened
                if peer_gone(e):
                    raise
                log.exception("unhandled error on the socket of match %s", match_id)
                error = ClientError("server_error", "the server could not handle this message (the error is logged)")
                await client.send({**error.to_json(), "id": msg.get("id")})
    except WebSocketDisconnect:
        pass
    except RuntimeError:  # the peer went away while we were sending to it
        pass
    finally:
        match.clients.discard(client)
        mgr.release(match)
