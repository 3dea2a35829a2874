"""How server processes sharing one database tell each other what changed.

On PostgreSQL every commit carries a NOTIFY (sent in the same transaction, see storage.py) and every server
LISTENs on one channel; a notification names the match, its new version and the new steps, so a server
holding viewers of that match applies them (or reads them from the database if it is not at the step they
start from) and sends them on. Presence (who is connected) travels the same way. On SQLite there is one
server process, and this is a no-op.

Message lines (several per notification, newline-separated): "<kind> <server id> <match id> [<data>]" with
kind v (new steps: data = "<new version> <first step> <comma-separated actions>"), s (seats changed: claim,
invite, name), p (presence: data = comma-separated seats connected through that server, or "-"), q (asks
servers to announce their presence for the match), x (match expired), e (ended outside its rules: resigned,
agreed drawn, out of time, aborted; data = the rule), d (its draw offer changed).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import threading
import time
from collections.abc import Callable

from .storage import CHANNEL

log = logging.getLogger("boardcade.server")
Handler = Callable[[list[tuple[str, str, str, str]]], None]


def line(kind: str, server: str, match_id: str, data: object = "") -> str:
    """One message line (the format above)."""
    return f"{kind} {server} {match_id} {data}".rstrip()


def parse(payload: str) -> list[tuple[str, str, str, str]]:
    out = []
    for text in payload.split("\n"):
        parts = text.split(" ", 3)
        if len(parts) >= 3:
            out.append((parts[0], parts[1], parts[2], parts[3] if len(parts) == 4 else ""))
    return out


class LocalBus:
    """One server process: nothing to tell anyone."""

    multi = False

    def __init__(self) -> None:
        self.server_id = secrets.token_hex(4)

    async def start(self, handler: Handler, on_reconnect: Callable[[], None]) -> None:
        return None

    async def stop(self) -> None:
        return None


class PostgresBus:
    """LISTEN on a dedicated connection in a thread; notifications are handed to the event loop."""

    multi = True

    def __init__(self, url: str):
        self.url = url.replace("postgresql+psycopg://", "postgresql://", 1)
        self.server_id = secrets.token_hex(4)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.connected = threading.Event()

    async def start(self, handler: Handler, on_reconnect: Callable[[], None]) -> None:
        loop = asyncio.get_running_loop()
        self._thread = threading.Thread(
            target=self._listen, args=(loop, handler, on_reconnect), name="boardcade-listen", daemon=True
        )
        self._thread.start()
        await asyncio.to_thread(self.connected.wait, 10)

    async def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            await asyncio.to_thread(self._thread.join, 5)

    def _listen(self, loop: asyncio.AbstractEventLoop, handler: Handler, on_reconnect: Callable[[], None]) -> None:
        import psycopg

        first = True
        while not self._stop.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True, connect_timeout=5) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.connected.set()
                    if not first:  # notifications may have been missed while disconnected
                        loop.call_soon_threadsafe(on_reconnect)
                    first = False
                    while not self._stop.is_set():
                        for note in conn.notifies(timeout=0.5):
                            loop.call_soon_threadsafe(handler, parse(note.payload))
            except Exception as e:  # the database went away: keep trying
                if self._stop.is_set():
                    return
                self.connected.clear()
                log.warning("lost the PostgreSQL notification connection (%s); reconnecting", type(e).__name__)
                time.sleep(1.0)
            except BaseException:
                return


def make_bus(storage_is_postgres: bool, url: str) -> LocalBus | PostgresBus:
    return PostgresBus(url) if storage_is_postgres else LocalBus()
