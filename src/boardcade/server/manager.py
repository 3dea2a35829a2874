"""The match manager: creates matches, hands out seats, checks and commits actions, drives computer seats,
and keeps the matches it holds in step with the database (and with the other server processes, if any).

Commits are optimistic: an action is applied to a copy of the state of version v, the chance outcomes that
follow are sampled, and the steps are stored only if the match is still at version v in the database (any
server may have moved it meanwhile). Only then does the state in memory change and clients hear of it. If the
database's answer is lost, the match is read back to find out whether the commit happened; the client is
never told "unchanged" unless the read-back shows it.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import random
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from ..agents import AGENTS
from ..core import GameError, IllegalActionError, game_names, game_spec, load_game
from ..core.record import RulesVersionError, load_game_under_rules
from .bus import LocalBus, PostgresBus
from .compute import AgentPool, ReplayPool
from .errors import MATCH_ID, ArchivedMatch, ClientError
from .limits import KeyedBuckets
from .live import LiveMatch, resolve_chance
from .seats import clean_name, matches_hash, new_token, rematch_seat, token_hash
from .settings import Settings
from .storage import Commit, SeatRow, Storage, StoredMatch, VersionConflict, age_seconds, now_iso
from .writer import CommitWriter

log = logging.getLogger("boardcade.server")
CREATOR_DEFAULT = object()  # "the creator takes the first human seat"
VERIFY_TRIES = (0.05, 0.2, 0.5, 1.0, 1.5)  # seconds between read-backs of a commit whose answer was lost
HINT_AGENT = "medium"  # the agent whose suggestion a human player gets on request
HINTS_KEPT = 512  # hints remembered per server (match, seat, version): asking again costs no search


class MatchManager:
    def __init__(self, storage: Storage, settings: Settings, bus: LocalBus | PostgresBus | None = None):
        self.storage = storage
        self.settings = settings
        self.bus = bus or LocalBus()
        self.server_id = self.bus.server_id
        self.live: dict[str, LiveMatch] = {}
        self.rng = random.Random(secrets.randbits(64))
        self._reads = ThreadPoolExecutor(4, thread_name_prefix="boardcade-read")
        self.writer = CommitWriter(storage)
        self.agents = AgentPool(settings.agent_worker_count())
        self.replays = ReplayPool(settings.replay_timeout)
        self.creates = KeyedBuckets(settings.creates_per_minute / 60.0, settings.create_burst)
        self._tasks: set[asyncio.Task] = set()
        self._syncs: dict[str, asyncio.Task] = {}
        self._list_cache: dict[tuple, tuple[float, list]] = {}
        self.fallbacks = 0  # computer moves that were not the agent's own (deadline missed)
        self._finished: set[str] = set()  # matches that ended while held here; let go on the next create
        self._hints: OrderedDict[tuple[str, int, int], asyncio.Future] = OrderedDict()

    # ---- lifecycle ------------------------------------------------------------------------------
    async def start(self) -> None:
        await self._fill_turn_info()
        await self.bus.start(self._on_bus, self._on_reconnect)
        self._spawn(self._sweeper())

    async def stop(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        for match in list(self.live.values()):
            for client in list(match.clients):
                client.close(1012, "the server is restarting")
        await self.agents.stop()
        await self.replays.stop()
        await self.bus.stop()
        await asyncio.to_thread(self.writer.close)
        self._reads.shutdown(wait=True)

    def _spawn(self, coro) -> asyncio.Task:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def read(self, fn: Callable, *args: Any) -> Any:
        """A storage call on the read pool (several threads: reads never wait behind commits)."""
        return await asyncio.get_running_loop().run_in_executor(self._reads, fn, *args)

    async def _fill_turn_info(self) -> None:
        """Matches stored by an earlier version lack whose turn it is; work it out once."""
        for match_id in await self.read(self.storage.without_turn_info):
            stored = await self.read(self.storage.load_match, match_id)
            try:
                match = LiveMatch(stored)
            except (GameError, ImportError) as e:
                log.warning("cannot resume match %s: %s", match_id, e)
                continue
            await self.read(self.storage.set_turn, match_id, *match.turn())

    # ---- creating matches and claiming seats ----------------------------------------------------
    def _check_seats(self, seats: Any, num_players: int) -> list[dict[str, Any]]:
        allowed = "{'kind': 'human'} or {'kind': 'agent', 'agent': one of " + ", ".join(AGENTS) + "}"
        if not isinstance(seats, list) or len(seats) != num_players:
            raise ClientError("bad_message", f"'seats' must be a list of {num_players} seats, each {allowed}")
        out = []
        for i, seat in enumerate(seats):
            kind = seat.get("kind") if isinstance(seat, dict) else None
            if kind == "human":
                out.append({"kind": "human"})
            elif kind == "agent" and isinstance(seat.get("agent"), str) and seat["agent"] in AGENTS:
                out.append({"kind": "agent", "agent": seat["agent"]})
            else:
                raise ClientError("bad_message", f"seat {i}: {seat!r} is not a valid seat; each seat is {allowed}")
        return out

    def _name(self, name: Any) -> str | None:
        return None if name is None else clean_name(name, self.settings.name_max_length)

    def check_create_rate(self, owner: str) -> None:
        if not self.creates.allow(owner):
            per = self.settings.creates_per_minute
            raise ClientError("rate_limited", f"too many new matches from your address (at most {per:g} a minute)")

    async def create(
        self, game_name: Any, options: Any, seats: Any, owner: str, seat: Any = CREATOR_DEFAULT, name: Any = None
    ) -> tuple[LiveMatch, dict[str, Any]]:
        """A new match. Returns it and what only the creator gets: the host token, the creator's seat and seat
        token (if they take one) and an invite per other human seat."""
        if not isinstance(game_name, str) or game_name not in game_names():
            raise ClientError("bad_options", f"unknown game {game_name!r}; valid games: {', '.join(game_names())}")
        if not isinstance(options, dict):
            raise ClientError("bad_options", "'options' must be an object of option name to value")
        try:
            game = load_game(game_name, **options)
        except GameError as e:
            raise ClientError("bad_options", str(e)) from None
        seat_list = self._check_seats(seats, game.num_players)
        humans = [i for i, s in enumerate(seat_list) if s["kind"] == "human"]
        if seat is CREATOR_DEFAULT:
            seat = humans[0] if humans else None
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool) or seat not in humans):
            raise ClientError(
                "bad_message",
                f"'seat' (the creator's seat) must be one of the human seats {humans} or null, got {seat!r}",
            )
        display = self._name(name)
        self.check_create_rate(owner)
        self._release_finished()
        host, token = new_token(), new_token()
        invites = {i: new_token() for i in humans if i != seat}
        rows = {i: SeatRow() for i in range(game.num_players)}
        for i, invite in invites.items():
            rows[i].invite_hash = token_hash(invite)
        if seat is not None:
            rows[seat] = SeatRow(name=display, token_hash=token_hash(token), last_seen=now_iso())
        match = await self._new_match(game_name, dict(game.options), seat_list, rows, token_hash(host), owner)
        secrets_out: dict[str, Any] = {
            "host_token": host,
            "seat": seat,
            "invites": {str(i): v for i, v in invites.items()},
        }
        if seat is not None:
            secrets_out["token"] = token
        return match, secrets_out

    async def _new_match(
        self,
        game_name: str,
        options: dict,
        seats: list,
        rows: dict[int, SeatRow],
        host_hash: str | None,
        owner: str,
        rematch_of: str | None = None,
    ) -> LiveMatch:
        match_id = secrets.token_urlsafe(9)
        stored = StoredMatch(match_id, game_name, options, seats, "active", 0, None, now_iso(), None, [], rows)
        stored.host_hash, stored.rematch_of = host_hash, rematch_of
        match = LiveMatch(stored, owner)
        chance = resolve_chance(match.state, self.rng, match.game.max_game_length)
        match.movers.extend([-1] * len(chance))
        state = match.state
        result = list(state.returns()) if state.is_terminal() else None
        to_move, waiting = match.turn()
        await self.read(
            lambda: self.storage.create_match(
                match_id,
                game_name,
                match.game.options,
                seats,
                rows,
                state.history(),
                result,
                to_move,
                waiting,
                host_hash=host_hash,
                rematch_of=rematch_of,
            )
        )
        match.status = "finished" if result is not None else "active"
        self._list_cache.clear()
        self.live[match_id] = match
        self._schedule_agents(match)
        return match

    async def claim(self, match: LiveMatch, seat: Any, invite: Any, name: Any) -> str:
        """Claim an open seat with its invite; returns the new seat token."""
        n = match.game.num_players
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
            raise ClientError("bad_message", f"'seat' must be a player number 0..{n - 1}, got {seat!r}")
        if match.seats[seat]["kind"] != "human":
            raise ClientError("bad_message", f"seat {seat} is a computer seat; it cannot be claimed")
        display = self._name(name)
        if not isinstance(invite, str) or not invite:
            raise ClientError("bad_invite", "the invite is missing; open the whole invite link you were sent")
        token = new_token()
        outcome = await self.read(
            self.storage.claim_seat,
            match.id,
            seat,
            token_hash(invite),
            token_hash(token),
            display,
            self._note("s", match),
        )
        if outcome == "taken":
            raise ClientError(
                "seat_taken",
                f"seat {seat} ({match.game.player_name(seat)}) has already been claimed; an invite works once",
            )
        if outcome == "bad_invite":
            raise ClientError(
                "bad_invite",
                f"this invite is not valid for seat {seat} of this match: it may be mistyped, or the host "
                "replaced it with a new one; ask the host for a fresh link",
            )
        match.seat_rows[seat] = SeatRow(display, token_hash(token), None, now_iso())
        match.send_all(match.seats_message())
        return token

    def _host(self, match: LiveMatch, host_token: Any) -> None:
        if not matches_hash(host_token, match.host_hash):
            raise ClientError("not_host", "missing or wrong host token; only the match's creator can manage its seats")

    async def reissue(self, match: LiveMatch, seat: Any, host_token: Any, revoke_only: bool) -> str | None:
        """Host: revoke a seat's invite (and its token, if the person who claimed it has gone) and, unless
        `revoke_only`, issue a new invite. Returns the new invite."""
        self._host(match, host_token)
        n = match.game.num_players
        if (
            not isinstance(seat, int)
            or isinstance(seat, bool)
            or not 0 <= seat < n
            or match.seats[seat]["kind"] != "human"
        ):
            raise ClientError("bad_message", f"seat {seat!r} is not a human seat of this match")
        if match.status != "active":
            raise ClientError("match_over", "the match is over; its seats can no longer change hands")
        match.seat_rows = await self.read(self.storage.load_seats, match.id)
        row = match.seat_rows.get(seat) or SeatRow()
        if row.token_hash is not None:
            away = age_seconds(row.last_seen)
            limit = self.settings.seat_abandoned_after
            if seat in match.connected() or (away is not None and away < limit):
                who = row.name or match.game.player_name(seat)
                when = "is connected now" if seat in match.connected() else f"was here {away:.0f} s ago"
                raise ClientError(
                    "seat_active",
                    f"{who} {when}; a claimed seat can be handed to someone else after {limit:.0f} s away",
                )
        invite = None if revoke_only else new_token()
        values = {"token_hash": None, "name": None, "invite_hash": None if invite is None else token_hash(invite)}
        await self.read(lambda: self.storage.set_seat(match.id, seat, self._note("s", match), **values))
        match.seat_rows[seat] = SeatRow(None, None, values["invite_hash"], row.last_seen)
        self._revoke_clients(match)
        match.send_all(match.seats_message())
        return invite

    def _revoke_clients(self, match: LiveMatch) -> None:
        """Close the connections holding a seat whose token is no longer the one they joined with."""
        for client in list(match.clients):
            for seat, digest in client.token_hashes.items():
                row = match.seat_rows.get(seat)
                if row is None or row.token_hash != digest:
                    client.send_error(ClientError("bad_token", f"seat {seat} was handed to someone else by the host"))
                    client.close(4403, "seat revoked")
                    break

    async def rematch(self, match: LiveMatch, seat: int, owner: str) -> tuple[LiveMatch, int, str]:
        """The rematch of a finished match (made once, by whoever asks first): same game and options, seats
        swapped (seats.rematch_seat). The person in `seat` (already authenticated) gets their new seat's token."""
        if match.status != "finished":
            raise ClientError("not_finished", "a rematch can be asked for once the match is over")
        n = match.game.num_players
        if match.rematch_id is None:
            self.check_create_rate(owner)
            seats: list[dict[str, Any]] = [{}] * n
            rows: dict[int, SeatRow] = {}
            for i in range(n):
                j = rematch_seat(i, n)
                seats[j] = match.seats[i]
                rows[j] = SeatRow(name=(match.seat_rows.get(i) or SeatRow()).name)
            try:
                new = await self._new_match(
                    match.game.name, dict(match.game.options), seats, rows, match.host_hash, owner, rematch_of=match.id
                )
                match.rematch_id = new.id
            except VersionConflict:  # someone else (maybe through another server) made it first
                head = await self.read(self.storage.load_head, match.id)
                match.rematch_id = head.rematch_id
            match.send_all({"type": "rematch", "match": match.id, "rematch": match.rematch_id})
        new = await self.get(match.rematch_id)
        new_seat = rematch_seat(seat, n)
        token = new_token()
        name = (match.seat_rows.get(seat) or SeatRow()).name
        values = {"token_hash": token_hash(token), "invite_hash": None, "name": name, "last_seen": now_iso()}
        await self.read(lambda: self.storage.set_seat(new.id, new_seat, self._note("s", new), **values))
        new.seat_rows[new_seat] = SeatRow(name, values["token_hash"], None, values["last_seen"])
        self._revoke_clients(new)
        new.send_all(new.seats_message())
        return new, new_seat, token

    # ---- finding matches ------------------------------------------------------------------------
    async def get(self, match_id: str) -> LiveMatch:
        match = self.live.get(match_id)
        if match is None:
            stored = await self.read(self.storage.load_match, match_id) if MATCH_ID.fullmatch(match_id) else None
            if stored is None:
                raise ClientError("not_found", f"no match with id {match_id[:60]!r}")
            match = self.live.get(match_id)  # loaded meanwhile by another request
            if match is None:
                try:
                    match = LiveMatch(stored)
                except RulesVersionError as e:
                    raise ArchivedMatch(archived_info(stored, str(e))) from None
                except (GameError, ImportError) as e:
                    raise ClientError(
                        "not_found", f"match {match_id} is of a game this server cannot load: {e}"
                    ) from None
                self.live[match_id] = match
                if match.status != "active":
                    self._finished.add(match_id)
        elif match.needs_sync:
            await self.sync(match)
        match.last_used = time.monotonic()
        return match

    async def list_matches(self, status: str | None, limit: int) -> list[dict[str, Any]]:
        """The match list, cached for a second (polling clients share one read)."""
        key = (status, limit)
        cached = self._list_cache.get(key)
        if cached is not None and time.monotonic() - cached[0] < 1.0:
            return cached[1]
        rows = await self.read(self.storage.list_matches, status, limit)
        out = [self._list_entry(r) for r in rows]
        self._list_cache[key] = (time.monotonic(), out)
        return out

    def _list_entry(self, r: dict[str, Any]) -> dict[str, Any]:
        note = None
        try:
            game = load_game_under_rules(r["game"], r["options"], r["rules_version"])
            role, title = game.player_name, game.title
        except RulesVersionError as e:
            note = str(e)
            role, title = (lambda p: f"Player {p + 1}"), game_title(r["game"])
        except (GameError, ImportError):
            role, title = (lambda p: f"Player {p + 1}"), r["game"]
        seats = []
        for i, s in enumerate(r["seats"]):
            row = r["seat_rows"].get(i) or SeatRow()
            name = f"Computer ({s['agent']})" if s["kind"] == "agent" else row.name
            claimed = s["kind"] == "agent" or row.token_hash is not None
            seats.append({"player": i, "role": role(i), "kind": s["kind"], "name": name, "claimed": claimed})
        to_move = r["to_move"] if r["status"] == "active" else None
        entry = {k: r[k] for k in ("id", "game", "options", "status", "version", "result", "created_at", "updated_at")}
        entry.update(
            title=title,
            finished_at=r["finished_at"],
            seats=seats,
            to_move=to_move,
            to_move_role=role(to_move) if to_move is not None and to_move >= 0 else None,
            to_move_name=seats[to_move]["name"] if to_move is not None and 0 <= to_move < len(seats) else None,
            age_s=round(age_seconds(r["created_at"]) or 0),
            idle_s=round(age_seconds(r["updated_at"]) or 0),
            rematch_id=r["rematch_id"],
            rules_version=r["rules_version"],
            archived=note is not None,
            note=note,
        )
        return entry

    # ---- actions -------------------------------------------------------------------------------
    def authenticate(self, match: LiveMatch, seat: Any, token: Any) -> int:
        n = match.game.num_players
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
            raise ClientError("bad_token", f"seat must be a player number 0..{n - 1}, got {seat!r}")
        if not match.check_token(seat, token):
            raise ClientError("bad_token", f"missing or wrong token for seat {seat}; use the link made for that seat")
        return seat

    async def authenticate_fresh(self, match: LiveMatch, seat: Any, token: Any) -> int:
        """authenticate(), but with several server processes a token this one does not know yet (the seat was
        claimed through another one a moment ago) is checked again against the database (once a second at
        most per match, so wrong tokens cannot make it read the database at will)."""
        try:
            return self.authenticate(match, seat, token)
        except ClientError:
            now = time.monotonic()
            if not self.bus.multi or now - match.seats_read_at < 1.0:
                raise
            match.seats_read_at = now
            match.seat_rows = await self.read(self.storage.load_seats, match.id)
            return self.authenticate(match, seat, token)

    async def submit(self, match: LiveMatch, seat: int, version: int, action: int) -> int:
        """Apply `action` for the authenticated `seat`, chosen at state `version`. Returns the new version."""
        if version > match.version or match.needs_sync:  # another server may have moved on
            await self.sync(match)
        async with match.lock:
            if match.status == "expired":
                raise ClientError("expired", "this match expired after a long time without moves")
            if version != match.version:
                self._refuse_stale(match, seat, version, action)
            state = match.state
            if state.is_terminal():
                raise ClientError("match_over", "the match is over; no action is legal")
            cur = state.current_player()
            if cur != seat:
                who = "chance" if cur < 0 else match.game.player_name(cur)
                raise ClientError("not_your_turn", f"it is {who}'s turn, not {match.game.player_name(seat)}'s")
            new = state.clone()
            try:
                new.apply_action(action)
            except IllegalActionError as e:
                raise ClientError("illegal_action", str(e)) from None
            chance = resolve_chance(new, self.rng, match.game.max_game_length)
            if not await self._store(match, new, [action, *chance], [seat] + [-1] * len(chance)):
                self._refuse_stale(match, seat, version, action)
        self._schedule_agents(match)
        return match.version

    def _refuse_stale(self, match: LiveMatch, seat: int, version: int, action: int) -> None:
        if match.was_played(version, seat, action):
            raise ClientError(
                "duplicate", f"action {action} at version {version} was already applied; now at {match.version}"
            )
        raise ClientError(
            "stale_version",
            f"action was chosen for version {version} but the match is at version {match.version}; "
            "choose again from the latest state",
        )

    async def _store(self, match: LiveMatch, new, actions: list[int], movers: list[int]) -> bool:
        """Commit `actions` (leading from match.state to `new`) and publish. Caller holds match.lock.
        True if stored; False if another server moved the match first (it has been brought up to date).
        Raises ClientError("unavailable") if the database could not be asked; the match is then unchanged,
        or (whether the commit happened is not known) marked to be read back before its next use."""
        start = match.version
        to_move, waiting = (None, None) if new.is_terminal() else (new.current_player(), None)
        if to_move is not None:
            waiting = match.seats[to_move]["kind"] if to_move >= 0 else "human"
        result = list(new.returns()) if new.is_terminal() else None
        note = self._note("v", match, f"{start + len(actions)} {start} {','.join(map(str, actions))}")
        commit = Commit(match.id, start, actions, result, to_move, waiting, note)
        try:
            stored = await self.writer.commit(commit)
        except Exception as e:
            stored = await self._verify(match, start, actions, e)
        if not stored:
            await self._catch_up(match)
            return False
        match.adopt(new, movers)
        match.updated_at = now_iso()
        if match.status != "active":
            self._finished.add(match.id)
            self._list_cache.clear()
        match.broadcast()
        return True

    async def _verify(self, match: LiveMatch, start: int, actions: list[int], error: Exception) -> bool:
        """The commit's answer was lost (the database failed or the connection broke): read the match back.
        True if the steps are stored (the commit happened), False if another server's are; ClientError if ours
        are not stored or the database cannot be read."""
        log.warning("commit of match %s at version %d: no answer (%s); reading it back", match.id, start, error)
        for pause in VERIFY_TRIES:
            await asyncio.sleep(pause)
            try:
                since = await self.read(self.storage.load_since, match.id, start)
            except Exception:
                continue
            stored = since[2] if since else []
            if stored[: len(actions)] == actions:
                log.warning("match %s: the commit at version %d had been stored", match.id, start)
                return True
            if not stored:
                raise ClientError(
                    "unavailable", "the database did not store this move (it failed); the match is unchanged, try again"
                )
            return False
        match.needs_sync = True
        raise ClientError(
            "unavailable",
            "the database did not answer, so it is not known yet whether this move was stored; "
            "the match will show it as soon as the database answers",
        )

    # ---- keeping in step with the database ------------------------------------------------------
    async def sync(self, match: LiveMatch) -> None:
        async with match.lock:
            await self._catch_up(match)

    async def _catch_up(self, match: LiveMatch) -> None:
        """Apply the steps stored since match.version (by another server, or by a commit whose answer was lost)
        and tell the clients. Caller holds match.lock."""
        try:
            since = await self.read(self.storage.load_since, match.id, match.version)
        except Exception:
            match.needs_sync = True
            raise ClientError("unavailable", "the database is not answering; try again in a moment") from None
        match.needs_sync = False
        if since is None:
            return
        status, rematch_id, actions = since
        if actions:
            match.apply_stored(actions)
            match.updated_at = now_iso()
            match.broadcast()
        if status == "expired" and match.status != "expired":
            self._expired(match)
        if rematch_id and not match.rematch_id:
            match.rematch_id = rematch_id
            match.send_all({"type": "rematch", "match": match.id, "rematch": rematch_id})

    def _schedule_sync(self, match: LiveMatch) -> None:
        """Read the match's new steps soon. A notification that arrives while a read is under way makes it read
        again afterwards (the read under way may have started before that commit)."""
        if match.id in self._syncs:
            match.resync = True
            return

        async def run() -> None:
            try:
                while True:
                    match.resync = False
                    await self.sync(match)
                    if not match.resync:
                        break
            except ClientError:
                pass
            finally:
                self._syncs.pop(match.id, None)

        self._syncs[match.id] = self._spawn(run())

    def _note(self, kind: str, match: LiveMatch, data: Any = "") -> str:
        return f"{kind} {self.server_id} {match.id} {data}".rstrip()

    def _on_bus(self, lines: list[tuple[str, str, str, str]]) -> None:
        """Notifications from other servers (PostgreSQL LISTEN)."""
        now = time.monotonic()
        for kind, server, match_id, data in lines:
            if server == self.server_id:
                continue
            match = self.live.get(match_id)
            if match is None:
                continue
            if kind == "v":
                self._heard_move(match, data)
            elif kind == "s":
                self._spawn(self._reload_seats(match))
            elif kind == "p":
                seats = frozenset(int(s) for s in data.split(",") if s.isdigit())
                before = match.connected()
                match.remote_presence[server] = (seats, now + 45.0)
                if match.connected() != before:
                    match.send_all(match.seats_message())
            elif kind == "q" and match.local_presence:
                self._publish([self._presence_note(match)])
            elif kind == "x" and match.status != "expired":
                self._expired(match)

    def _heard_move(self, match: LiveMatch, data: str) -> None:
        """Another server committed steps: "<new version> <start> <actions>". When this server holds the match
        at `start` and nothing is using it, the steps are applied at once (the notification was sent in the
        commit's own transaction, so they are exactly what was stored); otherwise the match is read back."""
        parts = data.split(" ")
        try:
            version, start = int(parts[0]), int(parts[1])
            actions = [int(a) for a in parts[2].split(",")]
        except (IndexError, ValueError):
            self._schedule_sync(match)
            return
        if version <= match.version:
            return
        if start != match.version or match.lock.locked() or match.id in self._syncs or match.needs_sync:
            self._schedule_sync(match)
            return
        try:
            match.apply_stored(actions)
        except Exception:  # not what this server expected: read the match back instead
            log.exception("notified steps of match %s did not apply; reading it back", match.id)
            self.live.pop(match.id, None)
            return
        match.updated_at = now_iso()
        match.broadcast()

    def _on_reconnect(self) -> None:
        """The notification connection was lost for a while: check every match held here."""
        for match in list(self.live.values()):
            self._schedule_sync(match)

    async def _reload_seats(self, match: LiveMatch) -> None:
        try:
            match.seat_rows = await self.read(self.storage.load_seats, match.id)
        except Exception:
            return
        self._revoke_clients(match)
        match.send_all(match.seats_message())

    def _publish(self, payloads: list[str]) -> None:
        if self.bus.multi and payloads:
            self._spawn(self.read(self.storage.publish, payloads))

    def _presence_note(self, match: LiveMatch) -> str:
        seats = ",".join(str(s) for s, n in sorted(match.local_presence.items()) if n > 0) or "-"
        return self._note("p", match, seats)

    # ---- clients ---------------------------------------------------------------------------------
    def joined(self, match: LiveMatch, client) -> None:
        before = match.connected()
        first = not match.clients
        match.clients.add(client)
        for seat in client.seats:
            match.local_presence[seat] += 1
        if client.seats:
            self._spawn(self._touch(match, list(client.seats)))
        if first and self.bus.multi:
            self._publish([self._note("q", match)])
        if match.connected() != before:
            self._presence_changed(match, skip=client)

    def left(self, match: LiveMatch, client) -> None:
        if client not in match.clients:
            return
        before = match.connected()
        match.clients.discard(client)
        for seat in client.seats:
            match.local_presence[seat] -= 1
            if match.local_presence[seat] <= 0:
                del match.local_presence[seat]
        if client.seats:
            self._spawn(self._touch(match, list(client.seats)))
        if match.connected() != before:
            self._presence_changed(match)
        match.last_used = time.monotonic()

    def _presence_changed(self, match: LiveMatch, skip=None) -> None:
        match.send_all(match.seats_message(), skip)
        self._publish([self._presence_note(match)])

    async def _touch(self, match: LiveMatch, seats: list[int]) -> None:
        stamp = now_iso()
        for s in seats:
            if s in match.seat_rows:
                match.seat_rows[s].last_seen = stamp
        try:
            await self.read(self.storage.touch_seats, match.id, seats)
        except Exception:
            pass

    # ---- hints ---------------------------------------------------------------------------------
    async def hint(self, match: LiveMatch, seat: Any, token: Any, asker: str) -> dict[str, Any]:
        """The `medium` agent's suggested move for the human `seat` to move, with its visit share.

        Worked out in a worker process from a state drawn from the seat's information state (compute._hint),
        seeded by the match id, seat and version only, so the same position always gets the same hint and the
        hint cannot depend on anything the seat does not know. Nothing is stored: the match is unchanged."""
        n = match.game.num_players
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < n:
            if match.seats[seat]["kind"] == "agent":
                raise ClientError(
                    "bad_message",
                    f"seat {seat} is a computer seat ({match.seats[seat]['agent']}); hints are for people",
                )
        seat = await self.authenticate_fresh(match, seat, token)
        if match.needs_sync:
            await self.sync(match)
        if match.status == "expired":
            raise ClientError("expired", "this match expired after a long time without moves")
        state = match.state
        if state.is_terminal():
            raise ClientError("match_over", "the match is over; there is no move to hint")
        cur = state.current_player()
        if cur != seat:
            who = "chance" if cur < 0 else match.game.player_name(cur)
            raise ClientError(
                "not_your_turn",
                f"it is {who}'s turn, not {match.game.player_name(seat)}'s; ask for a hint on your turn",
            )
        version = match.version
        key = (match.id, seat, version)
        future = self._hints.get(key)
        if future is None or (future.done() and (future.cancelled() or future.exception() or future.result() is None)):
            future = asyncio.get_running_loop().create_future()
            self._hints[key] = future
            while len(self._hints) > HINTS_KEPT:
                self._hints.popitem(last=False)
            seed = int.from_bytes(hashlib.sha256(f"hint:{match.id}:{seat}:{version}".encode()).digest()[:4], "big")
            self._spawn(self._work_out_hint(future, match, match.state.history(), seat, asker, seed))
        else:
            self._hints.move_to_end(key)
        answer = await asyncio.shield(future)
        if answer is None:
            raise ClientError(
                "unavailable", "the server is too busy to work out a hint right now; try again in a moment"
            )
        action, share, seconds = answer
        labels = (
            {info["action"]: info["label"] for info in match.view(seat)["legal_actions"]}
            if match.version == version
            else {}
        )
        label = labels.get(action) or state.action_to_string(action)
        return {
            "action": action,
            "label": label,
            "visit_share": round(share, 4),
            "agent": HINT_AGENT,
            "seconds": round(seconds, 3),
            "version": version,
        }

    async def _work_out_hint(
        self, future: asyncio.Future, match: LiveMatch, history: list[int], seat: int, asker: str, seed: int
    ) -> None:
        try:
            answer = await self.agents.hint(
                f"hint:{asker}",
                match.id,
                match.game.name,
                dict(match.game.options),
                history,
                seat,
                HINT_AGENT,
                seed,
                self.settings.agent_budget,
            )
        except Exception:
            log.exception("a hint failed in match %s", match.id)
            answer = None
        if not future.done():
            future.set_result(answer)

    # ---- computer seats --------------------------------------------------------------------------
    def _schedule_agents(self, match: LiveMatch) -> None:
        if match.driving or not match.seat_to_move_is_agent():
            return
        match.driving = True
        self._spawn(self._drive(match))

    async def _drive(self, match: LiveMatch) -> None:
        try:
            while match.seat_to_move_is_agent() and self.live.get(match.id) is match:
                version = match.version
                seat = match.state.current_player()
                agent = match.seats[seat]["agent"]
                answer = await self.agents.decide(
                    match.owner,
                    match.id,
                    match.game.name,
                    dict(match.game.options),
                    match.state.history(),
                    agent,
                    secrets.randbits(32),
                    self.settings.agent_budget,
                )
                async with match.lock:
                    if match.version != version or match.status != "active":
                        continue
                    legal = match.state.legal_actions()
                    fallback = answer is None or answer[0] not in legal
                    action = self.rng.choice(legal) if fallback else answer[0]
                    new = match.state.clone()
                    new.apply_action(action)
                    chance = resolve_chance(new, self.rng, match.game.max_game_length)
                    if not await self._store(match, new, [action, *chance], [seat] + [-1] * len(chance)):
                        continue
                if fallback:
                    self.fallbacks += 1
                    why = "did not decide in time" if answer is None else f"chose an illegal action {answer[0]}"
                    text = (
                        f"The computer ({agent}) playing {match.game.player_name(seat)} {why} "
                        f"(limit {self.settings.agent_budget:g} s); a random legal move was played for it."
                    )
                    log.warning("match %s: %s", match.id, text)
                    match.send_all({"type": "notice", "match": match.id, "code": "agent_fallback", "message": text})
        except ClientError as e:  # the database is not answering: the sweeper will pick the match up again
            log.warning("computer seat in match %s paused: %s", match.id, e.message)
        except Exception:
            log.exception("computer seat failed in match %s", match.id)
        finally:
            match.driving = False

    # ---- housekeeping ---------------------------------------------------------------------------
    async def _sweeper(self) -> None:
        first = True
        while True:
            try:
                await self.sweep(startup=first)
            except Exception:
                log.exception("sweep failed")
            first = False
            await asyncio.sleep(self.settings.sweep_interval)

    async def sweep(self, startup: bool = False) -> None:
        """Expire untouched matches, drive computer seats nobody is driving (after a restart, or a server that
        died), forget matches nobody uses, and repeat this server's presence for the other servers."""
        if self.settings.expire_days > 0:
            cutoff = now_iso(-self.settings.expire_days * 86400)
            for match_id in await self.read(self.storage.expire, cutoff):
                match = self.live.get(match_id)
                if match is not None:
                    self._expired(match)
                self._publish([f"x {self.server_id} {match_id}"])
        # A single server on SQLite knows nobody else drives: on start it takes every waiting computer seat.
        grace = 0.0 if startup and not self.bus.multi else self.settings.agent_budget + 2 * self.settings.sweep_interval
        for match_id, stamp in await self.read(self.storage.stalled_agent_turns, now_iso(-grace)):
            match = self.live.get(match_id)
            if match is not None and match.driving:
                continue
            if await self.read(self.storage.take_over, match_id, stamp):
                try:
                    match = await self.get(match_id)
                    await self.sync(match)
                except ClientError:
                    continue
                self._schedule_agents(match)
        idle = time.monotonic() - self.settings.live_idle_seconds
        for match in list(self.live.values()):
            unused = not match.clients and not match.driving and not match.lock.locked()
            if unused and (match.status != "active" or match.last_used < idle):
                self.live.pop(match.id, None)
        if self.bus.multi:
            self._publish([self._presence_note(m) for m in self.live.values() if m.local_presence])

    def _release_finished(self) -> None:
        """Forget matches that ended and that no socket watches (matches played over HTTP alone, or looked at
        once, would otherwise stay in memory until the next sweep)."""
        for match_id in list(self._finished):
            match = self.live.get(match_id)
            if match is None or not match.clients:
                self._finished.discard(match_id)
                if match is not None:
                    self.release(match)

    def release(self, match: LiveMatch) -> None:
        """Forget a finished match nobody is watching (it stays in storage)."""
        if not match.clients and match.status != "active" and not match.driving:
            self.live.pop(match.id, None)

    def _expired(self, match: LiveMatch) -> None:
        match.status = "expired"
        text = "This match expired after a long time without moves; it can no longer be played."
        match.send_all({"type": "notice", "match": match.id, "code": "expired", "message": text})


def game_title(name: str) -> str:
    try:
        return game_spec(name).title
    except GameError:
        return name


def archived_info(stored: StoredMatch, note: str) -> dict[str, Any]:
    """What a match of rules that are gone shows: who played, how it ended, how long it was, and why it cannot be
    replayed (a finished record with a note)."""
    seats = [
        {
            "player": i,
            "kind": s["kind"],
            "name": f"Computer ({s['agent']})" if s["kind"] == "agent" else (stored.seat_rows.get(i) or SeatRow()).name,
        }
        for i, s in enumerate(stored.seats)
    ]
    return {
        "id": stored.id,
        "game": stored.game,
        "title": game_title(stored.game),
        "options": stored.options,
        "seats": seats,
        "status": "archived",
        "stored_status": stored.status,
        "version": stored.version,
        "result": stored.result,
        "rules_version": stored.rules_version,
        "created_at": stored.created_at,
        "finished_at": stored.finished_at,
        "note": note,
    }
