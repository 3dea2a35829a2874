"""The WebSocket protocol at /ws/matches/{id} (docs/server.md has the whole protocol).

Client -> server (JSON text, at most MAX_MESSAGE bytes):
  {"type": "hello", "seats": [{"seat": 0, "token": "..."}]}   join; no seats = spectator (public view)
  {"type": "hello", "seats": [...], "account": true}           and every seat the signed-in account holds here (a
                                                               seat entry without a token: that seat by account;
                                                               the session cookie, seat_accounts.py)
  {"type": "action", "seat": 0, "version": 12, "action": 3, "id": any}   act for a held seat
  {"type": "sync"}                                             send me the whole view again
  {"type": "chat", "text": "..." | "preset": "gg", "seat"?, "channel"?, "id"?}   a chat line (chat.py)
  {"type": "ping"}
Server -> client:
  welcome, then a whole `state` per held seat; after each change a `delta` per held seat; `ack` after the
  delta of an accepted action; `seats` when names, claims or presence change; `notice`; `rematch`; `error`.

Every connection has its own bounded queue of outgoing messages: a match never waits for a client. Under
uvicorn (protocols.py) a message is framed and written to the connection's transport at once, and the bytes
waiting in the transport's buffer are that queue; elsewhere (tests' in-process client) a writer task per
connection sends from a queue. A client that falls `send_queue_bytes` bytes (or `send_queue` messages) behind,
or whose socket takes nothing for `send_timeout` seconds while data waits for it, is dropped. A client sending
faster than `messages_per_second` is slowed down (its messages are read later, so its own socket backs up),
never anyone else; so is one asking for whole views (`sync`) faster than `sync_bytes_per_second`.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import AsyncIterator, Callable
from typing import Any, TypeVar

from fastapi import WebSocket, WebSocketDisconnect

from .errors import ClientError, dumps, parse_json, require_int
from .limits import OpenCounts, TokenBucket
from .live import LiveMatch
from .manager import MatchManager
from .seat_accounts import account_seats_of
from .settings import Settings

MAX_MESSAGE = 4096
MAX_SEATS_PER_CLIENT = 8
log = logging.getLogger("boardcade.server")
WRITERS: set[asyncio.Task[None]] = set()  # every connection's writer task, so that shutdown can wait for them
CLIENTS: set[WsClient] = set()  # every open connection, for the send-timeout watchdog
C = TypeVar("C", bound="WsClient")


async def stop_writers() -> None:
    for task in list(WRITERS):
        task.cancel()
    await asyncio.gather(*WRITERS, return_exceptions=True)


async def watchdog(every: float = 1.0) -> None:
    """Drop the clients whose socket has taken nothing for send_timeout seconds while data waits for it (a
    client that does not read). One task for all connections: cheaper than a timer around every send."""
    while True:
        await asyncio.sleep(every)
        now = time.monotonic()
        for client in list(CLIENTS):
            client.check_progress(now)
            began = client.sending_since
            if began is not None and now - began > client.send_timeout:
                client.drop(f"a send took over {client.send_timeout:g} s (a client that does not read)")


class WsClient:
    def __init__(self, ws: WebSocket, settings: Settings):
        self.ws = ws
        self.seats: tuple[int, ...] = ()
        self.versions: dict[int | None, int] = {}
        self.token_hashes: dict[int, str] = {}
        self.joined = False
        self.queue: deque[str | tuple[int, str]] = deque()
        self.limit = settings.send_queue
        self.limit_bytes = settings.send_queue_bytes
        self.queued_bytes = 0
        extensions = ws.scope.get("extensions") or {}
        self.send_now = extensions.get("boardcade.send_text")  # protocols.py, under uvicorn
        self.buffered = extensions.get("boardcade.buffered")
        self.waiting: tuple[float, int] | None = None  # (since when, bytes) data has waited in the transport
        self.pending: list[str] = []  # messages to write at the end of this turn of the event loop
        self.send_timeout = settings.send_timeout
        self.closing = False
        self.dropped = asyncio.Event()
        self.abort = ws.scope.get("extensions", {}).get("boardcade.abort")  # from protocols.py, under uvicorn
        self.sending_since: float | None = None  # when the send in progress began (watchdog)
        self._wake = asyncio.Event()
        self._writer = asyncio.get_running_loop().create_task(self._write())
        WRITERS.add(self._writer)
        self._writer.add_done_callback(WRITERS.discard)
        CLIENTS.add(self)

    # ---- sending (never waits) ---------------------------------------------------------------------
    def send_text(self, text: str) -> bool:
        if self.closing:
            return False
        if self.send_now is not None and not self.queue:
            # Written at the end of this turn of the event loop, with whatever else this client is sent in it
            # (a delta and its ack): one system call for them all.
            if not self.pending:
                asyncio.get_running_loop().call_soon(self._flush)
            self.pending.append(text)
            return True
        size = len(text)
        if len(self.queue) >= self.limit or self.queued_bytes + size > self.limit_bytes:
            self.drop(f"fell {len(self.queue)} messages, {self.queued_bytes + size} bytes behind")
            return False
        self.queue.append(text)
        self.queued_bytes += size
        self._wake.set()
        return True

    def _flush(self) -> None:
        texts, self.pending = self.pending, []
        if self.closing or not texts:
            return
        left = self.send_now(texts)
        if left > self.limit_bytes:
            self.drop(f"fell {left} bytes behind (at most {self.limit_bytes})")
        elif left > 0 and self.waiting is None:
            self.waiting = (time.monotonic(), left)

    def check_progress(self, now: float) -> None:
        """(watchdog) Drop the client if the data waiting in its transport has not gone down for send_timeout."""
        if self.waiting is None or self.buffered is None:
            return
        left = self.buffered()
        since, before = self.waiting
        if left == 0:
            self.waiting = None
        elif left < before:
            self.waiting = (now, left)
        elif now - since > self.send_timeout:
            self.drop(f"its socket took nothing for {self.send_timeout:g} s (a client that does not read)")

    def send(self, msg: dict[str, Any]) -> bool:
        return self.send_text(dumps(msg))

    def send_error(self, error: ClientError, msg_id: Any = None) -> None:
        self.send({**error.to_json(), "id": msg_id})

    def close(self, code: int, reason: str) -> None:
        """Close after the messages already queued (bounded by send_timeout)."""
        if self.pending:
            self._flush()
        if not self.closing:
            self.queue.append((code, reason))
            self._wake.set()
            self.closing = True

    def drop(self, why: str) -> None:
        """Cut the connection now: nothing more is sent or read."""
        if self.dropped.is_set():
            return
        log.info("dropping a WebSocket client: %s", why)
        self.closing = True
        self.queue.clear()
        self.pending = []
        self.dropped.set()
        CLIENTS.discard(self)
        self._writer.cancel()
        if self.abort is not None:
            self.abort()

    async def _write(self) -> None:
        send = self.ws.send_text
        try:
            while True:
                if not self.queue:
                    self._wake.clear()
                    await self._wake.wait()
                    continue
                item = self.queue.popleft()
                self.sending_since = time.monotonic()
                if isinstance(item, tuple):
                    await self.ws.close(code=item[0], reason=item[1])
                    return
                self.queued_bytes -= len(item)
                await send(item)  # returns at once while the socket takes data; waits while it is full
                self.sending_since = None
        except asyncio.CancelledError:
            raise
        except Exception:  # the peer went away
            self.drop("the peer went away")
        finally:
            CLIENTS.discard(self)

    def stop(self) -> None:
        CLIENTS.discard(self)
        self._writer.cancel()  # not awaited: the handler may itself be being cancelled


def parse_message(raw: dict[str, Any]) -> dict[str, Any]:
    if raw.get("bytes") is not None:
        raise ClientError("bad_message", "send JSON text messages, not binary")
    text = raw.get("text") or ""
    if len(text) > MAX_MESSAGE:
        raise ClientError("too_large", f"message is {len(text)} characters; at most {MAX_MESSAGE} allowed")
    msg = parse_json(text, "message")
    if not isinstance(msg, dict) or msg.get("type") not in ("hello", "action", "undo", "ping", "sync", "chat", "flag"):
        raise ClientError(
            "bad_message",
            "a message is a JSON object whose 'type' is 'hello', 'action', 'undo', 'sync', 'chat' or 'ping'",
        )

    return msg


async def _hello(mgr: MatchManager, match: LiveMatch, client: WsClient, msg: dict[str, Any]) -> LiveMatch:
    """Join the match; returns it (held afresh if the server let go of it since the socket opened)."""
    if client.joined:
        raise ClientError("bad_message", "already joined; open a new connection to hold other seats")
    if mgr.live.get(match.id) is not match:
        match = await mgr.get(match.id)
    wanted = msg.get("seats") or []
    if not isinstance(wanted, list) or len(wanted) > MAX_SEATS_PER_CLIENT:
        raise ClientError("bad_message", "'seats' must be a list of {'seat': n, 'token': '...'} (or empty to watch)")
    if not all(isinstance(item, dict) for item in wanted):
        raise ClientError("bad_message", "each entry of 'seats' must be {'seat': n, 'token': '...'}")
    # Seats played through the signed-in account (seat_accounts.py): an entry without a token, and with
    # "account": true every seat the account holds here. The session is read once, and only when asked for.
    by_account = msg.get("account") is True or any(item.get("token") is None for item in wanted)
    proof = await account_seats_of(client.ws, mgr, match.id) if by_account else None
    seats = set()
    for item in wanted:
        token = item.get("token")
        seats.add(await mgr.authenticate_fresh(match, item.get("seat"), proof if token is None else token))
    if msg.get("account") is True and proof is not None:
        seats |= {s for s, row in match.seat_rows.items() if proof.holds(s, row.token_hash)}
    client.seats = tuple(sorted(seats))
    client.token_hashes = {s: match.seat_rows[s].token_hash for s in client.seats}
    await mgr.chat.load(match)  # the chat's last lines, read before joining: nothing said meanwhile is missed
    client.joined = True
    mgr.joined(match, client)  # the others hear of it in a `seats` message; this client in its welcome
    chat = mgr.chat.history(match, client)
    client.send({"type": "welcome", "seats": list(client.seats), "match": match.meta(), "chat": chat})
    _send_views(match, client)
    return match


def _send_views(match: LiveMatch, client: WsClient) -> None:
    for seat in client.seats or (None,):
        client.versions[seat] = match.version
        client.send_text(match.state_message(seat))


async def _action(mgr: MatchManager, match: LiveMatch, client: WsClient, msg: dict[str, Any]) -> None:
    if not client.joined:
        raise ClientError("hello_first", "send a 'hello' message with your seat token first")
    seat = require_int(msg, "seat")
    if seat not in client.seats:
        held = ", ".join(map(str, client.seats)) or "none (spectator)"
        raise ClientError("bad_token", f"this connection does not hold seat {seat!r}; seats held: {held}")
    version = require_int(msg, "version")
    if msg["type"] == "undo" and version is not None:  # take back this seat's last decision (core/undo.py)
        client.send({"type": "ack", "id": msg.get("id"), "version": await mgr.undo(match, seat, version)})
        return
    action = require_int(msg, "action")
    new_version = await mgr.submit(match, seat, version, action)
    client.send({"type": "ack", "id": msg.get("id"), "version": new_version})


def peer_gone(e: Exception) -> bool:
    """Sending to a socket whose peer left raises these; they end the connection rather than report an error."""
    return isinstance(e, (WebSocketDisconnect, OSError)) or (
        isinstance(e, RuntimeError) and not isinstance(e, RecursionError)
    )


def client_address(ws: WebSocket) -> str:
    return ws.client.host if ws.client else "unknown"


async def _receive(ws: WebSocket, client: WsClient) -> dict[str, Any]:
    if client.abort is not None:  # a drop aborts the transport, which ends receive() by itself
        return await ws.receive()
    receive = asyncio.ensure_future(ws.receive())
    dropped = asyncio.ensure_future(client.dropped.wait())
    await asyncio.wait({receive, dropped}, return_when=asyncio.FIRST_COMPLETED)
    dropped.cancel()
    if receive.done():
        return receive.result()
    receive.cancel()
    return {"type": "websocket.disconnect"}


async def admit(ws: WebSocket, make: Callable[[WebSocket, Settings], C]) -> tuple[C, str] | None:
    """Accept the socket and make its client; returns it and the peer's address, counted open (close_socket
    uncounts it), or None when that address has max_connections_per_ip open already: told so, and closed."""
    settings: Settings = ws.app.state.manager.settings
    counts: OpenCounts = ws.app.state.ws_counts
    address = client_address(ws)
    await ws.accept()
    client = make(ws, settings)
    if not counts.open(address):
        cap = settings.max_connections_per_ip
        client.send_error(ClientError("rate_limited", f"too many open connections from your address (at most {cap})"))
        client.close(1008, "too many connections")
        await asyncio.wait_for(asyncio.shield(client._writer), settings.send_timeout + 1)
        return None
    return client, address


async def incoming(
    ws: WebSocket, client: WsClient, bucket: TokenBucket, slowed: Callable[[], None] = lambda: None
) -> AsyncIterator[dict[str, Any]]:
    """The client's raw messages until it leaves or is dropped, paced by `bucket`: a client too fast is read
    later (its socket backs up, no one else's); `slowed` is called before each such wait."""
    while not client.dropped.is_set():
        raw = await _receive(ws, client)
        if raw["type"] == "websocket.disconnect":
            return
        wait = bucket.wait()
        if wait > 0:
            slowed()
            await asyncio.sleep(wait)
        yield raw


def close_socket(ws: WebSocket, client: WsClient, address: str) -> None:
    """Uncount the address admit counted; stop the client's writer unless it is closing by itself."""
    ws.app.state.ws_counts.close(address)
    if not client.closing:
        client.stop()


async def match_socket(ws: WebSocket, match_id: str) -> None:
    mgr: MatchManager = ws.app.state.manager
    opened = await admit(ws, WsClient)
    if opened is None:
        return
    client, address = opened
    bucket = TokenBucket(mgr.settings.messages_per_second, mgr.settings.message_burst)
    views = TokenBucket(mgr.settings.sync_bytes_per_second, mgr.settings.sync_burst_bytes)
    match: LiveMatch | None = None
    warned = False

    def slowed() -> None:  # too fast: said once, then its messages are read later
        nonlocal warned
        if not warned:
            rate = mgr.settings.messages_per_second
            client.send_error(
                ClientError("rate_limited", f"too many messages: at most {rate:g} a second; slowing down")
            )
            warned = True

    try:
        match = await mgr.get(match_id)
        async for raw in incoming(ws, client, bucket, slowed):
            msg: dict[str, Any] = {}
            try:
                mgr.check_flag(match)  # SV-CL3: every message looks at the match's running clock too
                msg = parse_message(raw)
                kind = msg["type"]
                if kind == "hello":
                    match = await _hello(mgr, match, client, msg)
                elif kind in ("action", "undo"):
                    await _action(mgr, match, client, msg)
                elif kind == "chat":
                    if not client.joined:
                        raise ClientError("hello_first", "send a 'hello' message first")
                    await mgr.chat.say(match, client, address, msg)
                elif kind == "flag":  # SV-CL3: a clock runs out by the server's own clock, never a client's word
                    raise ClientError(
                        "server_flags",
                        "only the server says when a clock runs out; a client's claim is refused (SV-CL3)",
                    )
                elif kind == "sync":
                    if not client.joined:
                        raise ClientError("hello_first", "send a 'hello' message first")
                    wait = views.wait(sum(len(match.state_message(s)) for s in client.seats or (None,)))
                    if wait > 0:  # whole views, by the byte: a client asking for them too often waits for them
                        if not warned:
                            rate = mgr.settings.sync_bytes_per_second
                            client.send_error(
                                ClientError(
                                    "rate_limited", f"too many whole views asked for: at most {rate:g} bytes a second"
                                )
                            )
                            warned = True
                        await asyncio.sleep(wait)
                    _send_views(match, client)
                else:
                    client.send({"type": "pong"})
            except ClientError as e:
                client.send_error(e, msg.get("id"))
            except Exception as e:  # a defect: log it here, tell the client only that it happened
                if peer_gone(e):
                    raise
                log.exception("unhandled error on the socket of match %s", match_id)
                error = ClientError("server_error", "the server could not handle this message (the error is logged)")
                client.send_error(error, msg.get("id"))
    except ClientError as e:  # the match cannot be found or loaded
        client.send_error(e)
        client.close(4404 if e.code == "not_found" else 1011, e.code)
        try:
            await asyncio.wait_for(asyncio.shield(client._writer), mgr.settings.send_timeout + 1)
        except Exception:
            pass
    except (WebSocketDisconnect, RuntimeError, OSError):  # the peer went away while we were sending to it
        pass
    finally:
        close_socket(ws, client, address)
        if match is not None:
            mgr.left(match, client)
            mgr.release(match)
