"""uvicorn, with the limits it does not have on its own, and the settings `boardcade serve` runs it with.

What uvicorn offers and is used: `h11_max_incomplete_event_size` (request line + headers, with the h11
parser; the default httptools parser has no such limit, so h11 is chosen), `ws_max_size` (a WebSocket frame
larger than this is refused from its header, before its payload is read), `timeout_keep_alive`,
`timeout_graceful_shutdown`, `forwarded_allow_ips`, keepalive pings.

What uvicorn lacks and is added here by subclassing its protocol classes:
- a header-read timeout: uvicorn times out only idle keep-alive connections, so a connection that sends
  nothing, or trickles its headers, stayed open for ever; here it is closed `header_timeout` seconds after it
  opened (or after its previous answer) unless its request line and headers have arrived;
- a cap on open TCP connections per peer address (reverse proxies listed in trusted_proxies are exempt), and
  one on all of them (`max_connections`, by default below the open-file limit): at that cap, the connection
  that has waited longest for its request head is closed to make room, so slow or idle connections from any
  number of addresses can never lock new clients out;
- a WebSocket text frame that is not valid UTF-8 closes the connection (1007) with one log line, not a
  traceback;
- `boardcade.abort` in the WebSocket scope's extensions: cuts the connection at once (a slow reader is dropped
  without waiting for its buffer to drain);
- `boardcade.send_text` and `boardcade.buffered`: text messages framed and written to the transport at once,
  and the bytes still waiting in its buffer (ws.py bounds each socket's send queue by them).
"""

from __future__ import annotations

import logging
import resource
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.protocol import State

from .limits import OpenCounts
from .settings import Settings

log = logging.getLogger("boardcade.server")
_TCP: dict[str, Any] = {}  # per process: the OpenCounts and the exempt addresses


def _settings(config) -> Settings:
    found = getattr(config, "boardcade_settings", None)
    return found if found is not None else Settings.from_env()


def connection_cap(settings: Settings) -> int:
    """Open TCP connections one server process takes at most: `max_connections`, or (0) the open-file limit
    less a tenth of it (at least 64 kept for the database, worker processes, log and static files)."""
    if settings.max_connections > 0:
        return settings.max_connections
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    soft = 1 << 20 if soft == resource.RLIM_INFINITY else soft
    return max(16, soft - max(64, soft // 10))


class GuardedH11Protocol(H11Protocol):
    def __init__(self, config, server_state, app_state, _loop=None):
        super().__init__(config, server_state, app_state, _loop)
        s = _settings(config)
        self.head_timeout = s.header_timeout
        if "counts" not in _TCP:
            _TCP["counts"] = OpenCounts(s.max_tcp_connections_per_ip)
            _TCP["exempt"] = set(s.trusted_proxies)
            _TCP["cap"] = connection_cap(s)
            _TCP["open"] = 0
            _TCP["waiting"] = {}  # connections waiting for a request head, oldest first (dicts keep order)
        self._head_timer = None
        self._counted: str | None = None
        self._open = False
        self._seen_cycle = None

    def connection_made(self, transport) -> None:
        super().connection_made(transport)
        if _TCP["open"] >= _TCP["cap"] and not self._make_room():
            transport.abort()
            return
        peer = self.client[0] if self.client else None
        if peer is not None and peer not in _TCP["exempt"]:
            if not _TCP["counts"].open(peer):
                transport.abort()
                return
            self._counted = peer
        _TCP["open"] += 1
        self._open = True
        self._arm()

    @staticmethod
    def _make_room() -> bool:
        """At the cap: close the connection that has waited longest for its request head (slow or idle ones
        go first, so room is always kept for a new client); False if every connection is busy."""
        waiting: dict = _TCP["waiting"]
        while waiting:
            oldest = next(iter(waiting))
            del waiting[oldest]
            if not oldest.transport.is_closing():
                oldest.transport.abort()
                oldest._release()
                return True
        return False

    def _release(self) -> None:
        """This connection no longer counts (closed, or handed over)."""
        _TCP["waiting"].pop(self, None)
        if self._counted is not None:
            _TCP["counts"].close(self._counted)
            self._counted = None
        if self._open:
            _TCP["open"] -= 1
            self._open = False

    def hand_over(self) -> GuardedH11Protocol:
        """The connection became a WebSocket: its counts go with it (GuardedWebSocketProtocol releases them)."""
        self._disarm()
        return self

    def _arm(self) -> None:
        self._disarm()
        self._seen_cycle = self.cycle
        self._head_timer = self.loop.call_later(self.head_timeout, self._head_timed_out)
        _TCP["waiting"][self] = None

    def _disarm(self) -> None:
        _TCP["waiting"].pop(self, None)
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_timed_out(self) -> None:
        self._head_timer = None
        if not self.transport.is_closing() and self.transport.get_protocol() is self:
            self.transport.abort()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self._head_timer is not None and (
            self.cycle is not self._seen_cycle or self.transport.get_protocol() is not self
        ):
            self._disarm()  # the request line and headers are in (or the connection became a WebSocket)

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._arm()  # the next request on this keep-alive connection gets the same time for its headers

    def connection_lost(self, exc) -> None:
        self._disarm()
        self._release()
        super().connection_lost(exc)


class GuardedWebSocketProtocol(WebSocketsSansIOProtocol):
    def connection_made(self, transport) -> None:
        before = transport.get_protocol()  # the HTTP protocol it was upgraded from: its counts come along
        self._counts = before.hand_over() if isinstance(before, GuardedH11Protocol) else None
        super().connection_made(transport)

    def connection_lost(self, exc) -> None:
        if self._counts is not None:
            self._counts._release()
            self._counts = None
        super().connection_lost(exc)

    def handle_connect(self, event) -> None:
        super().handle_connect(event)
        scope = getattr(self, "scope", None)
        if scope is not None:
            scope["extensions"]["boardcade.abort"] = self._abort
            scope["extensions"]["boardcade.send_text"] = self._send_text_now
            scope["extensions"]["boardcade.buffered"] = self._buffered

    def _send_text_now(self, texts: list[str]) -> int:
        """Frame each of `texts` and hand them to the transport at once, in one write (what the ASGI
        `websocket.send` does, without its awaits and wake-ups). Returns the bytes now waiting in the transport's
        buffer (the socket's own send queue, which the caller bounds), or -1 if the connection is closing."""
        if not self.handshake_complete or self.close_sent or self.disconnected or self.transport.is_closing():
            return -1
        conn = self.conn
        if conn.extensions or conn.state is not State.OPEN:  # (no extension is offered: ws_per_message_deflate off)
            for text in texts:
                conn.send_text(text.encode())
            self.transport.write(b"".join(conn.data_to_send()))
        else:  # a server's text frames, unmasked and whole: the header is two to ten bytes
            out = bytearray()
            for text in texts:
                data = text.encode()
                n = len(data)
                if n < 126:
                    out += bytes((0x81, n))
                elif n < 65536:
                    out += bytes((0x81, 126)) + n.to_bytes(2, "big")
                else:
                    out += bytes((0x81, 127)) + n.to_bytes(8, "big")
                out += data
            self.transport.write(out)
        return self.transport.get_write_buffer_size()

    def _buffered(self) -> int:
        return self.transport.get_write_buffer_size() if not self.transport.is_closing() else 0

    def _abort(self) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self.transport.abort()

    def send_receive_event_to_app(self) -> None:
        if self.curr_msg_data_type == "text" and not self.close_sent:
            try:
                b"".join(self.frames).decode()
            except UnicodeDecodeError:
                peer = f"{self.client[0]}:{self.client[1]}" if self.client else "a client"
                log.info("closing the WebSocket of %s: a text message that is not valid UTF-8", peer)
                self.frames = []
                self.conn.send_close(1007, "invalid UTF-8")
                self.handle_parser_exception()
                return
        super().send_receive_event_to_app()


def uvicorn_options(settings: Settings) -> dict[str, Any]:
    """Keyword arguments for uvicorn.run / uvicorn.Config."""
    return {
        "http": GuardedH11Protocol,
        "ws": GuardedWebSocketProtocol,
        "h11_max_incomplete_event_size": settings.max_header_bytes,
        "ws_max_size": settings.max_ws_frame,
        "ws_max_queue": 16,
        "ws_ping_interval": settings.ws_ping_interval,
        "ws_ping_timeout": settings.ws_ping_timeout,
        "ws_per_message_deflate": False,
        "timeout_keep_alive": settings.keep_alive_timeout,
        "timeout_graceful_shutdown": settings.graceful_shutdown,
        "forwarded_allow_ips": ",".join(settings.trusted_proxies),
        "proxy_headers": True,
        "server_header": False,
        "log_level": "warning",
    }


def raise_open_file_limit() -> int:
    """Let this process hold as many sockets as the system allows (the soft limit is often only 1024)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY:
        hard = 1 << 20
    if soft < hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
        except (ValueError, OSError):
            pass
    return soft
