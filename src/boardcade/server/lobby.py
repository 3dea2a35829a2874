"""The lobby (issue 37 item 1; docs/server.md "Lobby", rules SV-LB1..SV-LB8): seeks posted, watched live, accepted.

A seek is one person asking for an opponent: a game, its options (defaults filled in), rated or casual, an optional
rating range and a chess clock ({"base", "increment"}, SV-CL1, or none). The seeker gets, when posting, the seat
token of the match the seek will become; only its digest is stored (seekstore.py), so when someone accepts, the
match is made through the ordinary creation path (seating.Seating.create_seated) with both seats already held, on
the seek's clock, and the seeker only needs to hear the match's id and their seat: on their lobby socket
(`paired`), or by asking (`wait`). A rated seek is posted and accepted by signed-in accounts only (SV-LB9): its
match is rated, both seats named by and linked to their accounts, so it is settled like any rated match.

Each server process keeps the open seeks in memory for its watchers (lobby sockets): a change made here is sent to
them at once and told to the other processes on the bus (kind `l`, data "+ <id>", "- <id>" or "= <id> <match>
<seat>"), which read the row and tell theirs. With several processes each also reads the open seeks every
`seek_heartbeat` seconds, so a lost notification costs at most that.

A seek lives while its owner is here: every process pushes `alive_until` forward for the owners whose lobby socket
it holds; when an owner's last socket on this process closes, their open seeks are gone at once, and a seek nobody
keeps alive (the owner's process died, or they never opened a socket and stopped asking `wait`) is gone after
`seek_ttl` seconds.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable
from typing import Any, Protocol

from .bus import line
from .context import Context
from .errors import ClientError, dumps
from .limits import KeyedBuckets
from .live import LiveMatch
from .seating import Seating
from .seats import token_hash
from .seekstore import SeekStore, link_seats
from .storage import now_iso

log = logging.getLogger("boardcade.server")
RATED_SEEK = "a rated seek is posted and accepted by signed-in accounts: sign in (or make an account) first"


class Watcher(Protocol):
    owner_hash: str | None

    def send_text(self, text: str) -> bool: ...


def clock_label(clock: dict[str, int] | None) -> str | None:
    """A clock as players write it: minutes + seconds a decision ("10+5"; "0:30+2" for a base of 30 s)."""
    if clock is None:
        return None
    minutes, seconds = divmod(clock["base"], 60)
    base = str(minutes) if seconds == 0 else f"{minutes}:{seconds:02d}"
    return f"{base}+{clock['increment']}"


def public(row: dict[str, Any]) -> dict[str, Any]:
    """What everyone may see of a seek (no owner, account or token digests)."""
    return {
        "id": row["id"],
        "game": row["game"],
        "options": row["options"],
        "rated": bool(row["rated"]),
        "min": row["min_rating"],
        "max": row["max_rating"],
        "clock": row["time_control"],
        "clock_label": clock_label(row["time_control"]),
        "name": row["name"],
        "created_at": row["created_at"],
    }


class Lobby:
    def __init__(self, ctx: Context, seating: Seating):
        self.ctx = ctx
        self.seating = seating
        self.store = SeekStore(ctx.storage)
        s = ctx.settings
        self.posts = KeyedBuckets(s.seeks_per_minute / 60.0, s.seek_burst)  # per client address
        self.open: dict[str, dict[str, Any]] = {}  # the open seeks as this process knows them, oldest first
        self.watchers: set[Watcher] = set()
        self.owners: dict[str, int] = {}  # owner digest -> lobby sockets of theirs open on this process
        self._list_text: str | None = None
        self.pairing = asyncio.Lock()  # quick pairings on this process, one at a time (lobby_routes.quick)

    # ---- lifecycle -------------------------------------------------------------------------------
    async def start(self) -> None:
        for row in await self.ctx.read(self.store.open_rows):
            self.open[row["id"]] = row
        self.ctx.spawn(self._keep())

    async def _keep(self) -> None:
        """Every seek_heartbeat seconds: keep this process's owners' seeks alive, let the others go, and (several
        processes) read the open seeks again in case a notification was lost."""
        every = max(0.2, self.ctx.settings.seek_heartbeat)
        while True:
            await asyncio.sleep(every)
            try:
                await self.tick()
            except ClientError:  # the database is not answering (logged where it was asked): next time
                pass
            except Exception:  # a defect: logged, and the lobby keeps going
                log.exception("the lobby's keep-alive round failed")

    async def tick(self) -> None:
        now = time.time()
        seeking = {r["owner_hash"] for r in self.open.values()}  # a write only for owners with an open seek
        here = [owner for owner in self.owners if owner in seeking]
        if here:
            await self.ctx.read(self.store.keep_alive, here, now + self.ctx.settings.seek_ttl)
        for seek_id in await self.ctx.read(self.store.expire, now):
            self._gone(seek_id)
        if self.ctx.bus.multi:
            await self.resync()

    async def resync(self) -> None:
        rows = {r["id"]: r for r in await self.ctx.read(self.store.open_rows)}
        for seek_id in [i for i in self.open if i not in rows]:
            row = self.open[seek_id]
            self._removed(seek_id)
            if row["owner_hash"] in self.owners:  # it may have been accepted: its owner must hear where to go
                self.ctx.spawn(self._tell_if_paired(seek_id))
        for seek_id, row in rows.items():
            if seek_id not in self.open:
                self._added(row)

    # ---- watchers (lobby sockets) ----------------------------------------------------------------
    def list_text(self) -> str:
        if self._list_text is None:
            self._list_text = dumps({"type": "seeks", "seeks": [public(r) for r in self.open.values()]})
        return self._list_text

    def watch(self, watcher: Watcher) -> None:
        self.watchers.add(watcher)
        watcher.send_text(self.list_text())

    def own(self, watcher: Watcher, owner_hash: str) -> None:
        """The watcher's socket belongs to this owner: their seeks live while it is open (SV-LB4)."""
        if watcher.owner_hash == owner_hash:
            return
        if watcher.owner_hash is not None:
            self._owner_left(watcher.owner_hash)
        watcher.owner_hash = owner_hash
        self.owners[owner_hash] = self.owners.get(owner_hash, 0) + 1
        self.ctx.spawn(self.ctx.read(self.store.keep_alive, [owner_hash], time.time() + self.ctx.settings.seek_ttl))

    def unwatch(self, watcher: Watcher) -> None:
        self.watchers.discard(watcher)
        if watcher.owner_hash is not None:
            self._owner_left(watcher.owner_hash)
            watcher.owner_hash = None

    def _owner_left(self, owner_hash: str) -> None:
        n = self.owners.get(owner_hash, 0) - 1
        if n > 0:
            self.owners[owner_hash] = n
            return
        self.owners.pop(owner_hash, None)
        self.ctx.spawn(self._withdraw_all(owner_hash, time.time()))

    async def _withdraw_all(self, owner_hash: str, closed_at: float) -> None:
        ttl = self.ctx.settings.seek_ttl
        for seek_id in await self.ctx.read(self.store.owner_left, owner_hash, closed_at, ttl):
            self._gone(seek_id)

    def _broadcast(self, msg: dict[str, Any]) -> None:
        text = dumps(msg)
        for watcher in list(self.watchers):
            watcher.send_text(text)

    def _added(self, row: dict[str, Any]) -> None:
        self.open[row["id"]] = row
        self._list_text = None
        self._broadcast({"type": "seek", "seek": public(row)})

    def _removed(self, seek_id: str) -> dict[str, Any] | None:
        row = self.open.pop(seek_id, None)
        if row is not None:
            self._list_text = None
            self._broadcast({"type": "unseek", "id": seek_id})
        return row

    def _gone(self, seek_id: str) -> None:
        """A seek of this process's doing left the open list: told here and to the other processes."""
        self._removed(seek_id)
        self.ctx.publish([line("l", self.ctx.server_id, "-", f"- {seek_id}")])

    def _tell_owner(self, owner_hash: str, seek_id: str, match_id: str, seat: int) -> None:
        text = dumps({"type": "paired", "seek": seek_id, "match": match_id, "seat": seat})
        for watcher in list(self.watchers):
            if watcher.owner_hash == owner_hash:
                watcher.send_text(text)

    async def _tell_if_paired(self, seek_id: str) -> None:
        row = await self.ctx.read(self.store.get, seek_id)
        if row is not None and row["state"] == "paired":
            self._tell_owner(row["owner_hash"], seek_id, row["match_id"], row["seat"])

    # ---- other processes -------------------------------------------------------------------------
    def on_bus(self, data: str) -> None:
        parts = data.split(" ")
        if len(parts) < 2:
            return
        if parts[0] == "+":
            self.ctx.spawn(self._heard_added(parts[1]))
        elif parts[0] == "-":
            self._removed(parts[1])
        elif parts[0] == "=" and len(parts) == 4 and parts[3].isdigit():
            row = self._removed(parts[1])
            if row is not None:
                self._tell_owner(row["owner_hash"], parts[1], parts[2], int(parts[3]))
            elif self.owners:
                self.ctx.spawn(self._tell_if_paired(parts[1]))

    async def _heard_added(self, seek_id: str) -> None:
        row = await self.ctx.read(self.store.get, seek_id)
        if row is not None and row["state"] == "open" and seek_id not in self.open:
            self._added(row)

    # ---- seeks -------------------------------------------------------------------------------------
    async def post(
        self, seek: dict[str, Any], owner_hash: str, account_id: str | None, address: str
    ) -> tuple[dict[str, Any], str]:
        """Post a checked seek (lobby_routes.check_seek). Returns the public seek and the seeker's seat token."""
        s = self.ctx.settings
        if seek["rated"] and account_id is None:
            raise ClientError("needs_account", RATED_SEEK)
        if not self.posts.allow(address):
            per = s.seeks_per_minute
            raise ClientError("rate_limited", f"too many seeks from your address (at most {per:g} a minute)")
        cap = s.max_seeks_per_owner  # 0: no cap
        if cap and await self.ctx.read(self.store.count_open, owner_hash, account_id) >= cap:
            raise ClientError(
                "too_many_seeks", f"you have {s.max_seeks_per_owner} open seeks already (the most); cancel one first"
            )
        token = secrets.token_urlsafe(24)
        row = {
            **seek,
            "id": secrets.token_urlsafe(9),
            "owner_hash": owner_hash,
            "account_id": account_id,
            "seat_hash": token_hash(token),
            "state": "open",
            "created_at": now_iso(),
            "alive_until": time.time() + s.seek_ttl,
            "match_id": None,
            "seat": None,
        }
        await self.ctx.read(self.store.add, row)
        self._added(row)
        self.ctx.publish([line("l", self.ctx.server_id, "-", f"+ {row['id']}")])
        return public(row), token

    async def accept(
        self,
        seek_id: str,
        owner_hash: str,
        account_id: str | None,
        name: str | None,
        address: str,
        rating_in: Callable[[str], int | None],
        account_name: str | None = None,
    ) -> tuple[LiveMatch, int, str]:
        """Accept a seek: exactly one accepter wins (SV-LB3), never its owner (SV-LB2). `rating_in(game)` is the
        accepter's rating in the seek's game (or None); `account_name` the signed-in accepter's account name (a
        rated seek names its seats by account, SV-LB9). Returns the new match, the accepter's seat and token."""
        row = await self.ctx.read(self.store.get, seek_id)
        if row is None or row["state"] != "open":
            raise ClientError("seek_gone", "this seek is no longer open (someone accepted it, or its owner left)")
        if row["owner_hash"] == owner_hash or (account_id is not None and row["account_id"] == account_id):
            raise ClientError("own_seek", "this is your own seek: wait for someone else to accept it, or cancel it")
        rated = bool(row["rated"])
        if rated:
            if account_id is None or account_name is None:
                raise ClientError("needs_account", RATED_SEEK)
            name = account_name
        refusal = out_of_range(row, rating_in(row["game"]))
        if refusal:
            raise ClientError("rating_range", refusal)
        self.seating.check_create_rate(address)
        if not await self.ctx.read(self.store.take, seek_id):
            raise ClientError("seek_gone", "someone else accepted this seek first")
        token = secrets.token_urlsafe(24)
        seeker = secrets.randbelow(2)  # who plays first is drawn
        held = {seeker: (row["name"], row["seat_hash"]), 1 - seeker: (name, token_hash(token))}
        try:
            match = await self.seating.create_seated(
                row["game"], row["options"], held, address, chess=row["time_control"], rated=rated
            )
            if rated:  # both seats held by their accounts before anyone can move: settled at the end (SV-18)
                links = [(row["account_id"], match.id, seeker, row["seat_hash"])]
                links.append((account_id, match.id, 1 - seeker, token_hash(token)))
                await self.ctx.read(link_seats, self.ctx.storage.engine, links)
        except BaseException:
            await self.ctx.read(self.store.reopen, seek_id, time.time() + self.ctx.settings.seek_ttl)
            raise
        await self.ctx.read(self.store.pair, seek_id, match.id, seeker, time.time())
        self._removed(seek_id)
        self._tell_owner(row["owner_hash"], seek_id, match.id, seeker)
        self.ctx.publish([line("l", self.ctx.server_id, "-", f"= {seek_id} {match.id} {seeker}")])
        return match, 1 - seeker, token

    async def withdraw(self, seek_id: str, owner_hash: str) -> None:
        if not await self.ctx.read(self.store.withdraw, seek_id, owner_hash, time.time()):
            raise ClientError("seek_gone", "no open seek of yours has this id (taken, cancelled or gone)")
        self._gone(seek_id)

    async def where(self, seek_id: str, owner_hash: str) -> dict[str, Any]:
        """The owner asks after their seek (the polling way of hearing it was accepted); an open one lives on."""
        row = await self.ctx.read(self.store.get, seek_id)
        if row is None or row["owner_hash"] != owner_hash:
            raise ClientError("not_found", "no seek of yours has this id")
        if row["state"] == "open":
            await self.ctx.read(self.store.keep_alive, [owner_hash], time.time() + self.ctx.settings.seek_ttl)
        out: dict[str, Any] = {"id": seek_id, "state": "open" if row["state"] == "taken" else row["state"]}
        if row["state"] == "paired":
            out.update(match=row["match_id"], seat=row["seat"])
        return out

    def compatible(
        self, seek: dict[str, Any], owner_hash: str, account_id: str | None, rating: int | None
    ) -> list[str]:
        """Open seeks someone could accept for quick pairing: same game, options, rated flag and clock, not their
        own, their rating in range; oldest first."""
        return [
            r["id"]
            for r in self.open.values()
            if r["game"] == seek["game"]
            and r["options"] == seek["options"]
            and bool(r["rated"]) == bool(seek["rated"])
            and r["time_control"] == seek["time_control"]
            and r["owner_hash"] != owner_hash
            and (account_id is None or r["account_id"] != account_id)
            and not out_of_range(r, rating)
        ]


def out_of_range(row: dict[str, Any], rating: int | None) -> str | None:
    """Why a player of `rating` may not accept this seek (None: they may). No rating known yet: no range applies."""
    if rating is None:
        return None
    low, high = row["min_rating"], row["max_rating"]
    if (low is not None and rating < low) or (high is not None and rating > high):
        shown = [str(x) if x is not None else "any" for x in (low, high)]
        return f"this seek is for ratings {shown[0]} to {shown[1]}; yours is {rating}"
    return None
