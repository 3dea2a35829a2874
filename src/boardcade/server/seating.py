"""Who sits where (SV-11, SV-12): new matches and their seats, claims, the host handing a seat on, rematches,
and checking a seat token. The tokens, invites and names themselves are seats.py's.

A new match is stored with its first chance outcomes already sampled; its creator gets the host token, their
own seat's token and one invite per other human seat. Seat changes are stored first, then the match's
clients get a `seats` message (and the other servers a bus note, sent in the same transaction).
"""

from __future__ import annotations

import secrets
import time
from typing import Any

from ..agents import AGENTS
from ..core import GameError, game_names, load_game
from . import clocks
from .catalog import playable_agents, unplayable_reason
from .context import Context
from .drivers import Drivers
from .errors import ClientError
from .limits import KeyedBuckets
from .live import LiveMatch, resolve_chance
from .ratings import check_rated_seats
from .registry import Registry
from .seat_accounts import AccountSeats
from .seats import clean_name, matches_hash, new_token, rematch_seat, token_hash
from .storage import SeatRow, StoredMatch, VersionConflict, age_seconds, now_iso

CREATOR_DEFAULT = object()  # "the creator takes the first human seat"
RATED_SEATS = "this match is rated: sign in (or make an account) to take a seat in it"
EXPIRED_SEATS = "this match expired after a long time without moves; its seats can no longer be claimed"


class Seating:
    def __init__(self, ctx: Context, registry: Registry, drivers: Drivers):
        self.ctx = ctx
        self.registry = registry
        self.drivers = drivers
        settings = ctx.settings
        self.creates = KeyedBuckets(settings.creates_per_minute / 60.0, settings.create_burst)  # per client address

    # ---- new matches -----------------------------------------------------------------------------
    def _check_seats(self, seats: Any, num_players: int) -> list[dict[str, Any]]:
        allowed = "{'kind': 'human'} or {'kind': 'agent', 'agent': one of " + ", ".join(playable_agents()) + "}"
        if not isinstance(seats, list) or len(seats) != num_players:
            raise ClientError("bad_message", f"'seats' must be a list of {num_players} seats, each {allowed}")
        out = []
        for i, seat in enumerate(seats):
            kind = seat.get("kind") if isinstance(seat, dict) else None
            if kind == "human":
                out.append({"kind": "human"})
            elif kind == "agent" and isinstance(seat.get("agent"), str) and seat["agent"] in AGENTS:
                why = unplayable_reason(seat["agent"])
                if why is not None:  # registered, but it cannot play here (its packages are not installed)
                    raise ClientError("bad_agent", f"seat {i}: {why}")
                out.append({"kind": "agent", "agent": seat["agent"]})
            else:
                raise ClientError("bad_message", f"seat {i}: {seat!r} is not a valid seat; each seat is {allowed}")
        return out

    def _name(self, name: Any) -> str | None:
        return None if name is None else clean_name(name, self.ctx.settings.name_max_length)

    def check_create_rate(self, owner: str) -> None:
        if not self.creates.allow(owner):
            per = self.ctx.settings.creates_per_minute
            raise ClientError("rate_limited", f"too many new matches from your address (at most {per:g} a minute)")

    async def create(
        self,
        game_name: Any,
        options: Any,
        seats: Any,
        owner: str,
        seat: Any = CREATOR_DEFAULT,
        name: Any = None,
        clock: tuple[int | None, str] = (None, "lose"),
        private: Any = False,
        rated: str | None = None,
        chess: dict[str, int] | None = None,
    ) -> tuple[LiveMatch, dict[str, Any]]:
        """A new match. Returns it and what only the creator gets: the host token, the creator's seat and seat
        token (if they take one) and an invite per other human seat. `clock`: the turn time limit in seconds (or
        None) and what running out does ("lose" or "computer", END-3); `private`: listed to nobody else;
        `rated`: the signed-in creator's account name, for a rated match (SV-16; the route links the seat);
        `chess`: the chess clock ({"base", "increment"} seconds, SV-CL1), if any."""
        if not isinstance(private, bool):
            raise ClientError("bad_options", f"'private' must be true or false; got {private!r}")
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
        if rated is not None:
            if seat is None:
                raise ClientError("bad_options", "a rated match needs its creator in one of its seats ('seat')")
            check_rated_seats(game_name, game.num_players, seat_list)
            display = rated
        self.check_create_rate(owner)
        self.registry.release_finished()
        host, token = new_token(), new_token()
        invites = {i: new_token() for i in humans if i != seat}
        rows = {i: SeatRow() for i in range(game.num_players)}
        for i, invite in invites.items():
            rows[i].invite_hash = token_hash(invite)
        if seat is not None:
            rows[seat] = SeatRow(name=display, token_hash=token_hash(token), last_seen=now_iso())
        match = await self._new_match(
            game_name,
            dict(game.options),
            seat_list,
            rows,
            token_hash(host),
            owner,
            clock=clock,
            private=private,
            rated=rated is not None,
            chess=chess,
        )
        secrets_out: dict[str, Any] = {
            "host_token": host,
            "seat": seat,
            "invites": {str(i): v for i, v in invites.items()},
        }
        if seat is not None:
            secrets_out["token"] = token
        return match, secrets_out

    async def create_seated(
        self,
        game_name: str,
        options: dict[str, Any],
        held: dict[int, tuple[str | None, str]],
        owner: str,
        chess: dict[str, int] | None = None,
        rated: bool = False,
    ) -> LiveMatch:
        """A new match of people only whose every seat is already held (the lobby's pairing, lobby.py): `held`
        maps each seat to (name, seat token digest). No host token and no invites: nobody is left to invite. The
        caller has checked the creation rate (check_create_rate) before deciding to make it, and for a rated match
        names the seats by account and links them (SV-16). `chess`: the chess clock (SV-CL1), if any."""
        game = load_game(game_name, **options)
        if sorted(held) != list(range(game.num_players)):
            raise ClientError("bad_options", f"{game_name} with these options seats {game.num_players} people")
        self.registry.release_finished()
        seats = [{"kind": "human"} for _ in range(game.num_players)]
        rows = {i: SeatRow(name=name, token_hash=digest, last_seen=now_iso()) for i, (name, digest) in held.items()}
        return await self._new_match(game_name, dict(game.options), seats, rows, None, owner, chess=chess, rated=rated)

    async def _new_match(
        self,
        game_name: str,
        options: dict,
        seats: list,
        rows: dict[int, SeatRow],
        host_hash: str | None,
        owner: str,
        rematch_of: str | None = None,
        clock: tuple[int | None, str] = (None, "lose"),
        private: bool = False,
        rated: bool = False,
        chess: dict[str, int] | None = None,
    ) -> LiveMatch:
        ctx = self.ctx
        match_id = secrets.token_urlsafe(9)
        stored = StoredMatch(match_id, game_name, options, seats, "active", 0, None, now_iso(), None, [], rows)
        stored.host_hash, stored.rematch_of = host_hash, rematch_of
        stored.turn_limit, stored.on_timeout, stored.private = clock[0], clock[1], private
        stored.rated, stored.casual = rated, not rated
        if chess is not None:  # SV-CL1: every person's full base; nothing runs before their first decisions
            stored.clock = chess
            stored.clock_state = clocks.new_state(chess, [s["kind"] == "human" for s in seats])
        match = LiveMatch(stored, owner)
        chance = resolve_chance(match.state, ctx.rng, match.game.max_game_length)
        match.movers.extend([-1] * len(chance))
        state = match.state
        result = list(state.returns()) if state.is_terminal() else None
        to_move, waiting = match.turn()
        await ctx.read(
            lambda: ctx.storage.create_match(
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
                turn_limit=clock[0],
                on_timeout=clock[1],
                private=private,
                rated=rated,
                clock=chess,
                clock_state=stored.clock_state,
            )
        )
        match.status = "finished" if result is not None else "active"
        ctx.list_cache.clear()
        ctx.live[match_id] = match
        self.drivers.schedule(match)
        ctx.listeners.arm_clock(match)
        return match

    async def rematch(self, match: LiveMatch, seat: int, owner: str) -> tuple[LiveMatch, int, str]:
        """The rematch of a finished match (made once, by whoever asks first): same game and options, seats
        swapped (seats.rematch_seat). The person in `seat` (already authenticated) gets their new seat's token."""
        ctx = self.ctx
        if match.status != "finished":
            raise ClientError("not_finished", "a rematch can be asked for once the match is over")
        n = match.game.num_players
        if match.rematch_id is None:
            self.check_create_rate(owner)
            seats: list[dict[str, Any]] = [{}] * n
            rows: dict[int, SeatRow] = {}
            for i in range(n):
                j = rematch_seat(i, n)
                human = match.seats[i]["kind"] == "human" or match.seats[i].get("replaced")  # END-3 turns not kept
                seats[j] = {"kind": "human"} if human else match.seats[i]
                rows[j] = SeatRow(name=(match.seat_rows.get(i) or SeatRow()).name)
            try:
                new = await self._new_match(
                    match.game.name,
                    dict(match.game.options),
                    seats,
                    rows,
                    match.host_hash,
                    owner,
                    rematch_of=match.id,
                    clock=(match.turn_limit, match.on_timeout),
                    private=match.private,
                    chess=match.clock_spec,
                )
                match.rematch_id = new.id
            except VersionConflict:  # someone else (maybe through another server) made it first
                head = await ctx.read(ctx.storage.load_head, match.id)
                match.rematch_id = head.rematch_id
            match.send_all({"type": "rematch", "match": match.id, "rematch": match.rematch_id})
        new = await self.registry.get(match.rematch_id)
        new_seat = rematch_seat(seat, n)
        token = new_token()
        name = (match.seat_rows.get(seat) or SeatRow()).name
        values = {"token_hash": token_hash(token), "invite_hash": None, "name": name, "last_seen": now_iso()}
        await ctx.read(lambda: ctx.storage.set_seat(new.id, new_seat, ctx.note("s", new), **values))
        new.seat_rows[new_seat] = SeatRow(name, values["token_hash"], None, values["last_seen"])
        self._revoke_clients(new)
        new.send_all(new.seats_message())
        return new, new_seat, token

    # ---- claiming and handing on -----------------------------------------------------------------
    async def claim(self, match: LiveMatch, seat: Any, invite: Any, name: Any, account: str | None = None) -> str:
        """Claim an open seat with its invite; returns the new seat token. A rated match's seat is taken by a
        signed-in account (`account`: its name, which becomes the seat's name; the route links the seat)."""
        n = match.game.num_players
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
            raise ClientError("bad_message", f"'seat' must be a player number 0..{n - 1}, got {seat!r}")
        if match.seats[seat]["kind"] != "human":
            raise ClientError("bad_message", f"seat {seat} is a computer seat; it cannot be claimed")
        display = self._name(name)
        if match.rated:
            if account is None:
                raise ClientError("needs_account", RATED_SEATS)
            display = account
        if not isinstance(invite, str) or not invite:
            raise ClientError("bad_invite", "the invite is missing; open the whole invite link you were sent")
        if match.status == "expired":
            raise ClientError("expired", EXPIRED_SEATS)
        token = new_token()
        outcome = await self.ctx.read(
            self.ctx.storage.claim_seat,
            match.id,
            seat,
            token_hash(invite),
            token_hash(token),
            display,
            self.ctx.note("s", match),
        )
        if outcome == "expired":
            match.expire()  # another server expired it: this one hears of it now
            raise ClientError("expired", EXPIRED_SEATS)
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
        held = match.seat_rows.get(seat) or SeatRow()
        match.seat_rows[seat] = SeatRow(display, token_hash(token), None, now_iso(), held.away_hash, held.away_name)
        match.send_all(match.seats_message())
        return token

    def _host(self, match: LiveMatch, host_token: Any) -> None:
        if not matches_hash(host_token, match.host_hash):
            raise ClientError("not_host", "missing or wrong host token; only the match's creator can manage its seats")

    async def reissue(self, match: LiveMatch, seat: Any, host_token: Any, revoke_only: bool) -> str | None:
        """Host: revoke a seat's invite (and its token, if the person who claimed it has gone) and, unless
        `revoke_only`, issue a new invite. Returns the new invite."""
        ctx = self.ctx
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
        match.seat_rows = await ctx.read(ctx.storage.load_seats, match.id)
        row = match.seat_rows.get(seat) or SeatRow()
        away_hash, away_name, who = row.away_hash, row.away_name, row.name or match.game.player_name(seat)
        if row.token_hash is not None:
            away = age_seconds(row.last_seen)
            limit = ctx.settings.seat_abandoned_after
            if seat in match.connected() or (away is not None and away < limit):
                when = "is connected now" if seat in match.connected() else f"was here {away:.0f} s ago"
                raise ClientError(
                    "seat_active",
                    f"{who} {when}; a claimed seat can be handed to someone else after {limit:.0f} s away",
                )
            if match.turn_limit or match.clock_spec:
                clock = "a turn limit" if match.turn_limit else "a chess clock"
                raise ClientError(
                    "seat_clocked",
                    f"this match has {clock}: {who}'s turns are decided by the clock (END-3, SV-CL3), so their seat "
                    "is never handed to someone else",
                )
            if match.rated:  # SV-16: the seat is its account's; its result is that account's rating
                raise ClientError(
                    "seat_rated",
                    f"this match is rated: {who}'s seat belongs to their account and is never handed to someone "
                    "else or revoked by the host; an absent person's turns are decided by the match's clock or "
                    "turn limit (END-3), or the match expires unrated",
                )
            if away_hash is None:  # the person away can take it back (take_back); a stand-in's own claim cannot
                away_hash, away_name = row.token_hash, row.name
        invite = None if revoke_only else new_token()
        values = {
            "token_hash": None,
            "name": None,
            "invite_hash": None if invite is None else token_hash(invite),
            "away_hash": away_hash,
            "away_name": away_name,
        }
        await ctx.read(lambda: ctx.storage.set_seat(match.id, seat, ctx.note("s", match), **values))
        match.seat_rows[seat] = SeatRow(None, None, values["invite_hash"], row.last_seen, away_hash, away_name)
        self._revoke_clients(match)
        match.send_all(match.seats_message())
        if row.token_hash is not None:
            text = (
                f"{who} was away: the host handed their seat on. Whoever takes it may play it, never resign it, "
                f"agree a draw or abort; {who} can take it back with their own link."
            )
            match.send_all({"type": "notice", "match": match.id, "code": "handed_on", "message": text})
        return invite

    async def take_back(self, match: LiveMatch, seat: Any, token: Any) -> int:
        """The person whose seat the host handed on while they were away takes it back with their own token: the
        stand-in (if any) is let go. Returns the seat."""
        ctx = self.ctx
        n = match.game.num_players
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
            raise ClientError("bad_token", f"seat must be a player number 0..{n - 1}, got {seat!r}")
        match.seat_rows = await ctx.read(ctx.storage.load_seats, match.id)
        row = match.seat_rows.get(seat) or SeatRow()
        if not matches_hash(token, row.away_hash):
            raise ClientError(
                "bad_token", f"seat {seat} is not waiting for you: only the token of the person it was taken from works"
            )
        if match.status != "active":
            raise ClientError("match_over", "the match is over; its seats can no longer change hands")
        if not await ctx.read(ctx.storage.take_back_seat, match.id, seat, row.away_hash, ctx.note("s", match)):
            raise ClientError("match_over", "the match is over; its seats can no longer change hands")
        name = row.away_name
        match.seat_rows[seat] = SeatRow(name, row.away_hash, None, now_iso())
        self._revoke_clients(match)
        match.send_all(match.seats_message())
        who = name or match.game.player_name(seat)
        text = f"{who} is back and plays their own seat again."
        match.send_all({"type": "notice", "match": match.id, "code": "taken_back", "message": text})
        return seat

    @staticmethod
    def own_seat(match: LiveMatch, seat: int) -> None:
        """Refuse (`stand_in`) what only a seat's own person may do: resign, agree a draw, abort."""
        row = match.seat_rows.get(seat)
        if row is not None and row.away_hash is not None:
            who = row.away_name or match.game.player_name(seat)
            raise ClientError(
                "stand_in",
                f"you play seat {seat} for {who}, who was away; a seat handed on may be played, never resigned, "
                "drawn or aborted",
            )

    def _revoke_clients(self, match: LiveMatch) -> None:
        """Close the connections holding a seat whose token is no longer the one they joined with."""
        for client in list(match.clients):
            for seat, digest in client.token_hashes.items():
                row = match.seat_rows.get(seat)
                if row is None or row.token_hash != digest:
                    client.send_error(ClientError("bad_token", f"seat {seat} was handed to someone else by the host"))
                    client.close(4403, "seat revoked")
                    break

    # ---- seat tokens -----------------------------------------------------------------------------
    def authenticate(self, match: LiveMatch, seat: Any, token: Any) -> int:
        n = match.game.num_players
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
            raise ClientError("bad_token", f"seat must be a player number 0..{n - 1}, got {seat!r}")
        if isinstance(token, AccountSeats):  # a signed-in account's session, for a seat it holds (seat_accounts.py)
            row = match.seat_rows.get(seat)
            if not token.holds(seat, row.token_hash if row else None):
                raise token.refusal(seat)
            return seat
        if not match.check_token(seat, token):
            row = match.seat_rows.get(seat)
            if row is not None and matches_hash(token, row.away_hash):
                raise ClientError(  # still bad_token (clients treat it as a refused token), but told why
                    "bad_token",
                    f"while you were away the host handed seat {seat} to someone else; you can take it back: POST "
                    f"/api/matches/{match.id}/seats/{seat}/take-back with your token",
                )
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
            if not self.ctx.bus.multi or now - match.seats_read_at < 1.0:
                raise
            match.seats_read_at = now
            match.seat_rows = await self.ctx.read(self.ctx.storage.load_seats, match.id)
            return self.authenticate(match, seat, token)
