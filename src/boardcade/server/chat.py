"""Chat in a match (issue 37, rules SV-CH1..SV-CH8 in docs/server.md), over the match's own WebSocket.

Two channels per match: `players` (every connection holding a seat; a hot-seat browser is one connection and one
chat box) and `spectators` (connections holding none). Each channel is seen only by its own members: spectators
never read or write the players' channel, and players never see the spectators'. A line is checked (length,
control and format characters, presets), rate-limited (per connection and per client address; refused, never
delayed, so nobody else waits), stored in `match_chat` with its bus note in one transaction (revision 0006),
and only then sent to the channel's members here; other server processes hear it on the bus (kind `c`, the
line as JSON) and send it to theirs. A joining client gets the channel's last `chat_history` lines in its
`welcome` (and whether older ones exist); older lines are read a page at a time over HTTP (`chat_routes.py`,
SV-CH8). Lines are plain text: clients show them as text, never as markup (and every message the server
sends has `<`, `>` and `&` escaped: errors.dumps).
"""

from __future__ import annotations

import json
import math
import secrets
import unicodedata
import weakref
from typing import Any

from sqlalchemy import Column, Integer, MetaData, String, Table, Text, insert, select

from .bus import line as bus_line
from .context import Context
from .errors import ClientError, dumps
from .limits import KeyedBuckets, TokenBucket
from .live import LiveMatch
from .storage import Storage, now_iso
from .views import Client

metadata = MetaData()
match_chat = Table(
    "match_chat",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("match_id", String(40), nullable=False, index=True),
    Column("channel", String(16), nullable=False),  # "players" | "spectators"
    Column("seat", Integer, nullable=True),  # the player's seat; null for a spectator
    Column("sender", String(16), nullable=False),  # who, for muting: "s<seat>", or "v<tag>" for a spectator
    Column("name", String(200), nullable=False),  # the name shown: "Sam (Red)", "Spectator 3fa2"
    Column("text", Text, nullable=False),
    Column("preset", String(16), nullable=True),  # the preset phrase chosen, if one was
    Column("created_at", String(40), nullable=False),
)

CHANNELS = ("players", "spectators")
PRESETS = {  # preset phrases: buttons on the phone; the server holds their words
    "hello": "Hello",
    "gg": "Good game",
    "thanks": "Thanks",
    "your_turn": "Your turn",
    "well_played": "Well played",
}
ALLOWED = "letters, marks, digits, punctuation, symbols (emoji) and spaces"
REFUSED_CATEGORIES = {"Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"}
KEPT_FORMAT = {"\u200d"}  # the zero-width joiner: it only joins emoji (👩‍💻), it reorders nothing


def clean_text(text: Any, max_chars: int) -> str:
    """A chat line as stored: NFC, runs of white space (tabs and line breaks too) folded to one space, trimmed.
    Refused: a line over `max_chars` characters (`too_long`), an empty one, and any control, format (bidi
    overrides and isolates U+202A-202E, U+2066-2069, zero-width marks), private-use, surrogate or unassigned
    character (`bad_chat`, naming it)."""
    if not isinstance(text, str):
        got = type(text).__name__
        raise ClientError("bad_chat", f"'text' must be a text of 1 to {max_chars} characters, got {got}")
    if len(text) > 4 * max_chars:  # refused before any work on it
        raise ClientError("too_long", f"a chat line has at most {max_chars} characters; this one has {len(text)}")
    text = " ".join(unicodedata.normalize("NFC", text).split())
    if not text:
        raise ClientError("bad_chat", f"the chat line is empty; write 1 to {max_chars} characters")
    if len(text) > max_chars:
        raise ClientError("too_long", f"a chat line has at most {max_chars} characters; this one has {len(text)}")
    for ch in text:
        if unicodedata.category(ch) in REFUSED_CATEGORIES and ch not in KEPT_FORMAT:
            name = unicodedata.name(ch, "a control or unassigned character")
            raise ClientError(
                "bad_chat",
                f"the chat line holds U+{ord(ch):04X} ({name}), a control or format character; "
                f"a chat line may hold {ALLOWED}",
            )
    return str(text)


# ---- storage (blocking: run on the read pool) ---------------------------------------------------------
def store_line(storage: Storage, line: dict[str, Any], server_id: str) -> dict[str, Any]:
    """Insert a chat line; on PostgreSQL its bus note goes out in the same transaction. Returns it with its id."""
    with storage.engine.begin() as conn:
        row = {k: line[k] for k in ("match_id", "channel", "seat", "sender", "name", "text", "preset", "created_at")}
        key = conn.execute(insert(match_chat).values(**row)).inserted_primary_key
        assert key is not None
        line = {**line, "id": key[0]}
        if storage.is_postgres:
            storage._notify(conn, [bus_line("c", server_id, line["match_id"], dumps(line))])
    return line


def recent_lines(storage: Storage, match_id: str, limit: int) -> list[dict[str, Any]]:
    """The last `limit` lines of each channel of a match, oldest first."""
    out: list[dict[str, Any]] = []
    with storage.engine.connect() as conn:
        for channel in CHANNELS:
            rows = conn.execute(
                select(match_chat)
                .where(match_chat.c.match_id == match_id, match_chat.c.channel == channel)
                .order_by(match_chat.c.id.desc())
                .limit(limit + 1)  # one more: are there older lines than those sent in a welcome?
            )
            out += reversed([dict(r._mapping) for r in rows])
    return out


def page_lines(
    storage: Storage, match_id: str, channel: str, before: int | None, limit: int
) -> tuple[list[dict[str, Any]], bool]:
    """SV-CH8: up to `limit` lines of one channel said before line `before` (the latest ones, with no `before`),
    oldest first, and whether older lines remain."""
    query = select(match_chat).where(match_chat.c.match_id == match_id, match_chat.c.channel == channel)
    if before is not None:
        query = query.where(match_chat.c.id < before)
    with storage.engine.connect() as conn:
        rows = [dict(r._mapping) for r in conn.execute(query.order_by(match_chat.c.id.desc()).limit(limit + 1))]
    return [shown(r) for r in reversed(rows[:limit])], len(rows) > limit


def shown(line: dict[str, Any]) -> dict[str, Any]:
    """A line as clients get it."""
    out = {"id": line["id"], "at": line["created_at"], "seat": line["seat"], "sender": line["sender"]}
    out.update({"name": line["name"], "text": line["text"]})
    if line.get("preset"):
        out["preset"] = line["preset"]
    return out


class ChatLog:
    """A match's last lines per channel, held while the match is (read from the database once, then kept up
    to date with the lines stored here and heard from other servers)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.lines: dict[str, dict[int, dict[str, Any]]] = {c: {} for c in CHANNELS}
        self.older = dict.fromkeys(CHANNELS, False)  # lines older than those held exist (SV-CH8: read by page)
        self.loaded_at: int | None = None  # the bus's reconnect count when read (a reconnect may have lost lines)

    def add(self, line: dict[str, Any]) -> None:
        kept = self.lines[line["channel"]]
        kept[line["id"]] = line
        if len(kept) > self.limit:
            for old in sorted(kept)[: len(kept) - self.limit]:
                del kept[old]
            self.older[line["channel"]] = True

    def last(self, channel: str) -> list[dict[str, Any]]:
        kept = self.lines[channel]
        return [shown(kept[i]) for i in sorted(kept)]


class Chat:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        s = ctx.settings
        self.by_address = KeyedBuckets(s.chat_address_per_minute / 60, s.chat_address_burst)
        self.logs: weakref.WeakKeyDictionary[LiveMatch, ChatLog] = weakref.WeakKeyDictionary()
        self.senders: weakref.WeakKeyDictionary[Any, tuple[TokenBucket, str]] = weakref.WeakKeyDictionary()

    @staticmethod
    def channel_of(client: Client) -> str:
        return "players" if client.seats else "spectators"

    def _log(self, match: LiveMatch) -> ChatLog:
        log = self.logs.get(match)
        if log is None:
            log = self.logs[match] = ChatLog(self.ctx.settings.chat_history)
        return log

    async def load(self, match: LiveMatch) -> None:
        """Read the match's last lines from the database, unless held here already (and the bus heard every line
        stored since: not after it reconnected or while it does not hear)."""
        log = self._log(match)
        stamp = getattr(self.ctx.bus, "reconnects", 0)
        if log.loaded_at != stamp or not self.ctx.bus.hearing():
            try:
                lines = await self.ctx.read(recent_lines, self.ctx.storage, match.id, log.limit)
            except ClientError:  # the database is not answering: join without the history (read next time)
                return
            for line in lines:
                log.add(line)
            log.loaded_at = stamp

    def history(self, match: LiveMatch, client: Client) -> dict[str, Any]:
        """What a joining client is sent in its welcome (after `load`): {channel, you, lines}: its channel, its own
        sender keys (a line's `sender`), the channel's last lines and `older`: whether earlier lines exist (read
        them a page at a time: SV-CH8)."""
        channel = self.channel_of(client)
        you = [f"s{seat}" for seat in client.seats] or [f"v{self._sender(client)[1]}"]
        log = self._log(match)
        return {"channel": channel, "you": you, "lines": log.last(channel), "older": log.older[channel]}

    def _sender(self, client: Client) -> tuple[TokenBucket, str]:
        found = self.senders.get(client)
        if found is None:
            s = self.ctx.settings
            found = self.senders[client] = (TokenBucket(s.chat_per_minute / 60, s.chat_burst), secrets.token_hex(2))
        return found

    def _check_rate(self, client: Client, address: str) -> None:
        """SV-CH4: refuse (never delay) a line beyond the connection's or the address's rate."""
        s = self.ctx.settings
        mine, _ = self._sender(client)
        wait = mine.retry_after()
        per = f"{s.chat_per_minute:g} a minute from one connection ({s.chat_burst} at once)"
        if wait == 0 and self.by_address.rate > 0:
            wait = self.by_address.bucket(address).retry_after()
            per = f"{s.chat_address_per_minute:g} a minute from one address ({s.chat_address_burst} at once)"
            if wait > 0:
                mine.give_back()
        if wait > 0:
            retry = math.ceil(wait * 10) / 10
            raise ClientError(
                "rate_limited", f"too many chat lines: at most {per}; try again in {retry:g} s", retry_after=retry
            )

    async def say(self, match: LiveMatch, client: Client, address: str, msg: dict[str, Any]) -> None:
        """A chat line from a joined client: checked, stored, then sent to its channel (SV-CH1..5)."""
        s = self.ctx.settings
        channel = self.channel_of(client)
        wanted = msg.get("channel", channel)
        if wanted not in CHANNELS:
            raise ClientError("bad_chat", f"'channel' is 'players' or 'spectators', got {wanted!r}")
        if wanted != channel:
            why = (
                "spectators chat only in the spectators' channel"
                if channel == "spectators"
                else "players chat only in the players' channel"
            )
            raise ClientError("wrong_channel", f"this connection cannot write to the {wanted}' channel: {why}")
        seat: Any = msg.get("seat", client.seats[0] if client.seats else None)
        if client.seats:
            if seat not in client.seats or isinstance(seat, bool):
                held = ", ".join(map(str, client.seats))
                raise ClientError("bad_token", f"this connection does not hold seat {seat!r}; seats held: {held}")
            row = match.seat_rows.get(seat)
            token_hashes = getattr(client, "token_hashes", {})
            if row is None or row.token_hash != token_hashes.get(seat):
                raise ClientError("bad_token", f"the token this connection joined with no longer holds seat {seat}")
        preset = msg.get("preset")
        if preset is not None:
            if preset not in PRESETS:
                raise ClientError("bad_chat", f"unknown preset {preset!r}; presets: {', '.join(PRESETS)}")
            text = PRESETS[preset]
        else:
            text = clean_text(msg.get("text"), s.chat_max_chars)
        self._check_rate(client, address)
        _, tag = self._sender(client)
        if channel == "players":
            sender, name = f"s{seat}", match.person(seat)  # a seat held (checked above)
        else:
            sender, name = f"v{tag}", f"Spectator {tag}"
        line = {"match_id": match.id, "channel": channel, "seat": seat if channel == "players" else None}
        line.update(sender=sender, name=name, text=text, preset=preset, created_at=now_iso())
        stored = await self.ctx.read(store_line, self.ctx.storage, line, self.ctx.server_id)  # SV-CH5: stored first
        self.tell(match, stored)

    def tell(self, match: LiveMatch, line: dict[str, Any]) -> None:
        """Send a stored line to its channel's members connected here."""
        self._log(match).add(line)
        channel = line["channel"]
        text = dumps({"type": "chat", "match": match.id, "channel": channel, "lines": [shown(line)]})
        for client in list(match.clients):
            if self.channel_of(client) == channel:
                client.send_text(text)

    def heard(self, match: LiveMatch, data: str) -> None:
        """Another server stored a line (bus kind `c`): tell this server's members of its channel."""
        try:
            line = json.loads(data)
            if line.get("channel") not in CHANNELS or not isinstance(line.get("id"), int):
                return
        except (ValueError, AttributeError):
            return
        if line["id"] in self._log(match).lines[line["channel"]]:
            return
        self.tell(match, line)
