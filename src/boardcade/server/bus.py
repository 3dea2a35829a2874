"""How server processes sharing one database tell each other what changed.

On PostgreSQL every commit carries a NOTIFY (sent in the same transaction, see storage_commits.py) and every server
LISTENs on one channel; a notification names the match, its new version and the new steps, so a server
holding viewers of that match applies them (or reads them from the database if it is not at the step they
start from) and sends them on. Presence (who is connected) travels the same way. On SQLite there is one
server process, and this is a no-op.

Message lines (several per notification, newline-separated): "<kind> <server id> <match id> [<data>]" with
kind v (new steps: data = "<new version> <first step> <comma-separated actions>"), s (seats changed: claim,
invite, name), p (presence: data = comma-separated seats connected through that server, or "-"), q (asks
servers to announce their presence for the match), x (match expired), k (a server checking that its own
LISTEN connection still hears: match id "-", data a nonce), e (ended outside its rules: resigned, agreed
drawn, out of time, aborted; data = the rule), d (its draw offer changed), u (decisions taken back: data = "<new
version> <old version>"; the others read the match back), c (a chat line stored: data = the line as JSON, chat.py),
l (the lobby: match id "-", data "+ <seek>", "- <seek>"
or "= <seek> <match> <seat>": lobby.py).
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

    async def start(
        self, handler: Handler, on_reconnect: Callable[[], None], on_lost: Callable[[], None] | None = None
    ) -> None:
        return None

    def hearing(self) -> bool:
        return True

    async def stop(self) -> None:
        return None


class PostgresBus:
    """LISTEN on a dedicated connection in a thread; notifications are handed to the event loop.

    A LISTEN connection can hang without any error (a stalled network path, a frozen proxy): it would then
    hear nothing while every other server's moves went unheard. So the server checks it: every `check_every`
    seconds another thread sends a notification to itself (`k <server id> - <nonce>`, on a connection of its
    own, given up and made again if a send does not finish within `timeout`), and if one it sent does not come
    back through the LISTEN connection within `timeout` seconds, that connection is given up and a new one
    made. From the moment it is given up until a new one has heard its own check, `hearing()` is False and the
    server polls the matches held here (on_lost: sync.py); once it hears again, every match held here is read
    back (on_reconnect)."""

    multi = True

    def __init__(self, url: str, check_every: float = 0.5, timeout: float = 2.0):
        self.url = url.replace("postgresql+psycopg://", "postgresql://", 1)
        self.server_id = secrets.token_hex(4)
        self.check_every = check_every
        self.timeout = timeout
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._pinger: threading.Thread | None = None
        self.connected = threading.Event()
        self.confirmed = False  # the LISTEN connection made last has heard one of this server's own checks
        self.heard_at = time.monotonic()  # when this server last heard its own check come back
        self._sent: dict[str, tuple[float, bool]] = {}  # check nonce -> (when sent, the send finished)
        self._lock = threading.Lock()
        self.reconnects = 0

    async def start(
        self, handler: Handler, on_reconnect: Callable[[], None], on_lost: Callable[[], None] | None = None
    ) -> None:
        loop = asyncio.get_running_loop()
        self._thread = threading.Thread(
            target=self._listen, args=(loop, handler, on_reconnect, on_lost), name="boardcade-listen", daemon=True
        )
        self._thread.start()
        self._pinger = threading.Thread(target=self._ping, name="boardcade-bus-check", daemon=True)
        self._pinger.start()
        await asyncio.to_thread(self.connected.wait, 10)

    def hearing(self) -> bool:
        """True while the LISTEN connection is known to hear (its own check came back since it was made)."""
        return self.connected.is_set() and self.confirmed

    async def stop(self) -> None:
        self._stop.set()
        for thread in (self._thread, self._pinger):
            if thread is not None:
                await asyncio.to_thread(thread.join, 5)

    def _connect(self):
        import psycopg

        # TCP keepalives and a user timeout: a dead peer is noticed by the kernel too, not only by the check.
        return psycopg.connect(
            self.url,
            autocommit=True,
            connect_timeout=5,
            keepalives=1,
            keepalives_idle=2,
            keepalives_interval=1,
            keepalives_count=2,
            tcp_user_timeout=int(max(1.0, self.timeout) * 1000),
        )

    def _ping(self) -> None:
        conn = None
        while not self._stop.wait(self.check_every):
            nonce = secrets.token_hex(4)
            box: dict = {"conn": conn}
            done = threading.Event()

            def send(box=box, done=done, nonce=nonce) -> None:
                try:
                    if box["conn"] is None:
                        box["conn"] = self._connect()
                    with self._lock:
                        self._sent[nonce] = (time.monotonic(), False)
                    box["conn"].execute("SELECT pg_notify(%s, %s)", (CHANNEL, line("k", self.server_id, "-", nonce)))
                    box["ok"] = True
                except Exception as e:  # the database is away: the LISTEN side notices and reconnects
                    log.debug("bus check not sent (%s)", type(e).__name__)
                finally:
                    with self._lock:
                        done.set()
                        late = box.get("given_up") and box["conn"] is not None
                    if late:  # the pinger stopped waiting for this send: nobody else will close its connection
                        _close_quietly(box["conn"])

            threading.Thread(target=send, name="boardcade-bus-send", daemon=True).start()
            finished = done.wait(self.timeout) and box.get("ok")
            with self._lock:
                if not done.is_set():
                    box["given_up"] = True
                if finished and nonce in self._sent:
                    self._sent[nonce] = (self._sent[nonce][0], True)
                elif not finished:
                    self._sent.pop(nonce, None)  # not sent (or stuck): says nothing about the LISTEN side
            if finished:
                conn = box["conn"]
            else:
                if not box.get("given_up") and box["conn"] is not None:  # failed: closed here
                    threading.Thread(target=_close_quietly, args=(box["conn"],), daemon=True).start()
                conn = None

    def _heard(self, nonce: str) -> None:
        with self._lock:
            sent = self._sent.get(nonce)
            if sent is None:
                return
            for k in [k for k, v in self._sent.items() if v[0] <= sent[0]]:
                del self._sent[k]
        self.heard_at = time.monotonic()
        self.confirmed = True

    def _silent(self) -> bool:
        """A check this server sent (and whose send finished) has not come back within `timeout`."""
        now = time.monotonic()
        with self._lock:
            return any(done and now - at > self.timeout for at, done in self._sent.values())

    def _listen(
        self,
        loop: asyncio.AbstractEventLoop,
        handler: Handler,
        on_reconnect: Callable[[], None],
        on_lost: Callable[[], None] | None,
    ) -> None:
        first = True
        while not self._stop.is_set():
            conn = None
            try:
                conn = self._connect()
                conn.execute(f"LISTEN {CHANNEL}")
                with self._lock:
                    self._sent.clear()  # checks sent before this connection listened cannot come back on it
                self.heard_at = time.monotonic()
                self.connected.set()
                if not first:  # notifications may have been missed while disconnected
                    self.reconnects += 1
                    loop.call_soon_threadsafe(on_reconnect)
                first = False
                while not self._stop.is_set():
                    for note in conn.notifies(timeout=min(0.5, self.timeout / 4)):
                        lines = parse(note.payload)
                        mine = [x for x in lines if x[0] == "k"]
                        if mine:
                            for x in mine:
                                if x[1] == self.server_id:
                                    self._heard(x[3])
                            lines = [x for x in lines if x[0] != "k"]
                        if lines:
                            loop.call_soon_threadsafe(handler, lines)
                    if self._silent():
                        raise TimeoutError(f"its own check did not come back within {self.timeout:g} s")
            except Exception as e:  # the database went away, or the connection hangs: keep trying
                if self._stop.is_set():
                    return
                self.connected.clear()
                self.confirmed = False
                if on_lost is not None:
                    loop.call_soon_threadsafe(on_lost)
                log.warning("lost the PostgreSQL notification connection (%s: %s); reconnecting", type(e).__name__, e)
                if conn is not None:
                    threading.Thread(target=_close_quietly, args=(conn,), daemon=True).start()
                time.sleep(min(1.0, self.timeout / 2))
            except BaseException:
                return
            else:
                if conn is not None:
                    _close_quietly(conn)


def _close_quietly(conn) -> None:
    """Close a connection that may hang (in a thread of its own, so the listener never waits for it)."""
    try:
        conn.close()
    except Exception:
        pass


def make_bus(storage_is_postgres: bool, url: str) -> LocalBus | PostgresBus:
    return PostgresBus(url) if storage_is_postgres else LocalBus()
