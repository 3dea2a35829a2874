"""Keeping the matches held here in step with the database and the other server processes (SV-13).

With several servers on one PostgreSQL, each hears the others' notifications (bus.py): new steps (applied at
once when they follow on from this server's state, else read back), seat changes (seats read again), presence
(who is connected through which server) and expiry. While the notification connection is lost or silent,
the matches held here that someone is watching are polled (every POLL_EVERY seconds); once it hears again,
every match held here is read back. This server's own clients joining and leaving are counted here too, and announced.
With one server (SQLite) the bus is silent and only the presence counting is left.
"""

from __future__ import annotations

import asyncio
import time

from .commits import Commits
from .context import Context
from .errors import ClientError
from .live import PRESENCE_TTL, LiveMatch
from .storage import StoredMatch, now_iso
from .views import Client

POLL_EVERY = 0.5  # seconds between reads of the watched matches while the bus does not hear


class Sync:
    def __init__(self, ctx: Context, commits: Commits):
        self.ctx = ctx
        self.commits = commits
        self._syncs: dict[str, asyncio.Task] = {}  # read-backs under way, by match id
        self._polling: asyncio.Task | None = None

    # ---- what the other servers say --------------------------------------------------------------
    def on_bus(self, lines: list[tuple[str, str, str, str]]) -> None:
        """Notifications from other servers (PostgreSQL LISTEN)."""
        now = time.monotonic()
        for kind, server, match_id, data in lines:
            if server == self.ctx.server_id:
                continue
            if kind == "l":  # the lobby's seeks (lobby.py)
                self.ctx.listeners.lobby_heard(data)
                continue
            match = self.ctx.live.get(match_id)
            if match is None:
                continue
            if kind == "v":
                self._heard_move(match, data)
            elif kind == "u":  # decisions taken back (commits.undo): read the match back
                self.schedule(match)
            elif kind == "s":
                self.ctx.spawn(self._reload_seats(match))
            elif kind == "p":
                seats = frozenset(int(s) for s in data.split(",") if s.isdigit())
                before = match.connected()
                match.remote_presence[server] = (seats, now + PRESENCE_TTL)
                if match.connected() != before:
                    match.send_all(match.seats_message())
            elif kind == "q" and match.local_presence:
                self.ctx.publish([self.presence_note(match)])
            elif kind == "x" and match.status != "expired":
                match.expire()
            elif kind == "c":  # a chat line stored by another server
                self.ctx.listeners.chat_heard(match, data)
            elif kind in ("e", "d"):  # ended outside its rules, or a draw offer changed (endings.py)
                self.ctx.spawn(self._reload_head(match))

    def _heard_move(self, match: LiveMatch, data: str) -> None:
        """Another server committed steps: "<new version> <start> <actions>". When this server holds the match
        at `start` and nothing is using it, the steps are applied at once (commits.apply_notified); otherwise
        the match is read back."""
        parts = data.split(" ")
        try:
            version, start = int(parts[0]), int(parts[1])
            actions = [int(a) for a in parts[2].split(",")]
        except (IndexError, ValueError):
            self.schedule(match)
            return
        if version <= match.version:
            return
        if start != match.version or match.lock.locked() or match.id in self._syncs or match.needs_sync:
            self.schedule(match)
            return
        self.commits.apply_notified(match, actions)

    def schedule(self, match: LiveMatch) -> None:
        """Read the match's new steps soon. A notification that arrives while a read is under way makes it read
        again afterwards (the read under way may have started before that commit)."""
        if match.id in self._syncs:
            match.resync = True
            return

        async def run() -> None:
            try:
                while True:
                    match.resync = False
                    await self.commits.sync(match)
                    if not match.resync:
                        break
            except ClientError:
                pass
            finally:
                self._syncs.pop(match.id, None)

        self._syncs[match.id] = self.ctx.spawn(run())

    def on_lost(self) -> None:
        """The notification connection was lost or went silent: poll the watched matches until it hears again."""
        if self._polling is None or self._polling.done():
            self._polling = self.ctx.spawn(self._poll())

    async def _poll(self) -> None:
        while not self.ctx.bus.hearing():
            for match in list(self.ctx.live.values()):
                if match.clients and match.status == "active":
                    self.schedule(match)
            await asyncio.sleep(POLL_EVERY)

    def on_reconnect(self) -> None:
        """The notification connection was lost for a while: check every match held here."""
        for match in list(self.ctx.live.values()):
            self.schedule(match)

    async def _reload_head(self, match: LiveMatch) -> None:
        """Another server ended the match (END-*) or changed its draw offer: read it, and tell the clients here."""
        head = await self._stored_head(match)
        if head is None:
            return
        if head.ending is not None and match.ending is None:
            self.ctx.listeners.ended_elsewhere(match, head.ending, head.status)
        elif head.draw_offer != match.draw_offer:
            match.draw_offer = head.draw_offer
            match.send_all({"type": "draw", "match": match.id, "offer": match.offer(), "by": None})

    async def _stored_head(self, match: LiveMatch) -> StoredMatch | None:
        """The match's head row as stored now, or None where it is gone or could not be read (then nothing here
        changes)."""
        try:
            head: StoredMatch | None = await self.ctx.read(self.ctx.storage.load_head, match.id)
        except Exception:
            return None
        return head

    async def _reload_seats(self, match: LiveMatch) -> None:
        head = await self._stored_head(match)
        if head is None:
            return
        match.seat_rows = head.seat_rows
        if head.seats != match.seats:  # a computer plays a turn that ran out (endings.py)
            match.set_seats(head.seats)
            match.broadcast()
            match.send_all(match.seats_message())

    # ---- this server's clients -------------------------------------------------------------------
    def presence_note(self, match: LiveMatch) -> str:
        seats = ",".join(str(s) for s, n in sorted(match.local_presence.items()) if n > 0) or "-"
        return self.ctx.note("p", match, seats)

    def joined(self, match: LiveMatch, client: Client) -> None:
        before = match.connected()
        first = not match.clients
        match.clients.add(client)
        for seat in client.seats:
            match.local_presence[seat] += 1
        if client.seats:
            self.ctx.spawn(self._touch(match, list(client.seats)))
        if first and self.ctx.bus.multi:
            self.ctx.publish([self.ctx.note("q", match)])
        if match.connected() != before:
            self._presence_changed(match, skip=client)

    def left(self, match: LiveMatch, client: Client) -> None:
        if client not in match.clients:
            return
        before = match.connected()
        match.clients.discard(client)
        for seat in client.seats:
            match.local_presence[seat] -= 1
            if match.local_presence[seat] <= 0:
                del match.local_presence[seat]
        if client.seats:
            self.ctx.spawn(self._touch(match, list(client.seats)))
        if match.connected() != before:
            self._presence_changed(match)
        match.last_used = time.monotonic()

    def _presence_changed(self, match: LiveMatch, skip: Client | None = None) -> None:
        match.send_all(match.seats_message(), skip)
        self.ctx.publish([self.presence_note(match)])

    def seen(self, match: LiveMatch, seat: int) -> None:
        """A person used their seat over HTTP (a view or a move): they are here, like one with a socket open, so
        the host cannot hand their seat on as abandoned. Stored at most every few seconds per seat (the host's
        check reads it from the database, where another server may have written it)."""
        now = time.monotonic()
        every = min(10.0, self.ctx.settings.seat_abandoned_after / 10)
        if now - match.http_seen.get(seat, -1e9) < every:
            if seat in match.seat_rows:
                match.seat_rows[seat].last_seen = now_iso()
            return
        match.http_seen[seat] = now
        self.ctx.spawn(self._touch(match, [seat]))

    async def _touch(self, match: LiveMatch, seats: list[int]) -> None:
        stamp = now_iso()
        for s in seats:
            if s in match.seat_rows:
                match.seat_rows[s].last_seen = stamp
        try:
            await self.ctx.read(self.ctx.storage.touch_seats, match.id, seats)
        except Exception:
            pass
