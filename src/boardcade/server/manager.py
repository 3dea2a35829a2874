"""The match manager: creates matches, checks and commits actions, drives chance nodes and computer seats.

Every accepted action (with the chance outcomes that follow it) is written to storage before the state in
memory changes, so acknowledgements and broadcasts only ever report committed states.
Storage calls run on one dedicated thread and agents on a small thread pool, so neither blocks the
event loop serving the other matches.
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from ..agents import AGENTS
from ..core import GameError, IllegalActionError, game_names, load_game
from .errors import MATCH_ID, ClientError
from .live import LiveMatch, new_token, resolve_chance, token_hash
from .storage import Storage, StoredMatch, now_iso

log = logging.getLogger("boardcade.server")


class MatchManager:
    def __init__(self, storage: Storage, agent_budget: float = 5.0, agent_workers: int = 2):
        self.storage = storage
        self.agent_budget = agent_budget
        self.live: dict[str, LiveMatch] = {}
        self.rng = random.Random(secrets.randbits(64))
        self._db = ThreadPoolExecutor(1, thread_name_prefix="boardcade-db")
        self._agents = ThreadPoolExecutor(agent_workers, thread_name_prefix="boardcade-agent")
        self._tasks: set[asyncio.Task] = set()
        self._finished: set[str] = set()  # ids of matches that ended while live; released on the next create

    # ---- lifecycle ------------------------------------------------------------------------
    async def start(self) -> None:
        """Load every unfinished match and let computer seats continue where they stood."""
        for stored in await self._run_db(self.storage.load_active):
            try:
                match = self._from_stored(stored)
            except (GameError, ImportError) as e:  # a game that is not installed any more
                log.warning("cannot resume match %s: %s", stored.id, e)
                continue
            self.live[match.id] = match
            self._schedule_agents(match)

    async def stop(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        self._agents.shutdown(wait=False, cancel_futures=True)
        self._db.shutdown(wait=True)

    async def _run_db(self, fn: Callable, *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self._db, fn, *args)

    def _from_stored(self, stored: StoredMatch) -> LiveMatch:
        return LiveMatch(
            stored.id,
            stored.game,
            stored.options,
            stored.seats,
            stored.token_hashes,
            stored.created_at,
            stored.actions,
        )

    # ---- creating and finding matches ----------------------------------------------------------
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

    async def create(self, game_name: Any, options: Any, seats: Any) -> tuple[LiveMatch, dict[int, str]]:
        self._release_finished()
        if not isinstance(game_name, str) or game_name not in game_names():
            raise ClientError("bad_options", f"unknown game {game_name!r}; valid games: {', '.join(game_names())}")
        if not isinstance(options, dict):
            raise ClientError("bad_options", "'options' must be an object of option name to value")
        try:
            game = load_game(game_name, **options)
        except GameError as e:
            raise ClientError("bad_options", str(e)) from None
        seat_list = self._check_seats(seats, game.num_players)
        tokens = {i: new_token() for i, s in enumerate(seat_list) if s["kind"] == "human"}
        match_id = secrets.token_urlsafe(9)
        match = LiveMatch(
            match_id,
            game_name,
            dict(game.options),
            seat_list,
            {i: token_hash(t) for i, t in tokens.items()},
            now_iso(),
            [],
        )
        resolve_chance(match.state, self.rng, match.game.max_game_length)
        state = match.state
        await self._run_db(
            self.storage.create_match,
            match.id,
            game_name,
            match.game.options,
            seat_list,
            match.token_hashes,
            state.history(),
            list(state.returns()) if state.is_terminal() else None,
        )
        self.live[match.id] = match
        self._schedule_agents(match)
        return match, tokens

    async def get(self, match_id: str) -> LiveMatch:
        match = self.live.get(match_id)
        if match is not None:
            return match
        stored = await self._run_db(self.storage.load_match, match_id) if MATCH_ID.fullmatch(match_id) else None
        if stored is None:
            raise ClientError("not_found", f"no match with id {match_id[:60]!r}")
        match = self.live.get(match_id)  # loaded meanwhile by another request
        if match is None:
            match = self._from_stored(stored)
            self.live[match_id] = match
            if match.state.is_terminal():
                self._finished.add(match_id)
        return match

    def release(self, match: LiveMatch) -> None:
        """Forget a finished match nobody is watching (it stays in storage)."""
        if not match.clients and match.state.is_terminal():
            self.live.pop(match.id, None)

    def _release_finished(self) -> None:
        """Forget matches that ended since the last call and have no socket watching them (a socket releases
        its match when it closes). Without this, matches played to the end over HTTP alone stayed in memory."""
        for match_id in list(self._finished):
            match = self.live.get(match_id)
            if match is None or not match.clients:
                self._finished.discard(match_id)
                if match is not None:
                    self.release(match)

    # ---- actions -------------------------------------------------------------------------------
    def authenticate(self, match: LiveMatch, seat: Any, token: Any) -> int:
        n = match.game.num_players
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
            raise ClientError("bad_token", f"seat must be a player number 0..{n - 1}, got {seat!r}")
        if not match.check_token(seat, token):
            raise ClientError("bad_token", f"missing or wrong token for seat {seat}; use the link made for that seat")
        return seat

    async def submit(self, match: LiveMatch, seat: int, version: int, action: int) -> int:
        """Apply `action` for the authenticated `seat`, chosen at state `version`. Returns the new version."""
        async with match.lock:
            state = match.state
            if version != match.version:
                if match.recent.get(version) == (seat, action):
                    raise ClientError(
                        "duplicate", f"action {action} at version {version} was already applied; now at {match.version}"
                    )
                raise ClientError(
                    "stale_version",
                    f"action was chosen for version {version} but the match is at version {match.version}; "
                    "choose again from the latest state",
                )
            if state.is_terminal():
                raise ClientError("match_over", "the match is over; no action is legal")
            cur = state.current_player()
            if cur != seat:
                who = "chance" if cur < 0 else match.game.player_name(cur)
                raise ClientError("not_your_turn", f"it is {who}'s turn, not {match.game.player_name(seat)}'s")
            try:
                await self._commit(match, action)
            except IllegalActionError as e:
                raise ClientError("illegal_action", str(e)) from None
            except Exception:
                log.exception("could not apply action %s in match %s", action, match.id)
                raise ClientError(
                    "server_error", "the server could not apply that action; the match is unchanged"
                ) from None
            match.remember(version, seat, action)
        self._schedule_agents(match)
        return match.version

    async def _commit(self, match: LiveMatch, action: int) -> None:
        """Apply on a copy, add the chance outcomes that follow, store, then publish. Caller holds match.lock."""
        start = match.version
        new = match.state.clone()
        new.apply_action(action)
        chance = resolve_chance(new, self.rng, match.game.max_game_length)
        result = list(new.returns()) if new.is_terminal() else None
        await self._run_db(self.storage.append_actions, match.id, start, [action, *chance], result)
        match.state = new
        if new.is_terminal():
            self._finished.add(match.id)
        await match.broadcast()

    # ---- computer seats ------------------------------------------------------------------------
    def _schedule_agents(self, match: LiveMatch) -> None:
        if match.driving or not match.seat_to_move_is_agent():
            return
        task = asyncio.get_running_loop().create_task(self._drive(match))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _drive(self, match: LiveMatch) -> None:
        match.driving = True
        try:
            while match.seat_to_move_is_agent():
                snapshot = match.state.clone()
                seat = snapshot.current_player()
                action = await self._choose(match, seat, snapshot)
                async with match.lock:
                    if match.version != snapshot.move_number():
                        continue
                    await self._commit(match, action)
        except Exception:
            log.exception("computer seat failed in match %s", match.id)
        finally:
            match.driving = False

    async def _choose(self, match: LiveMatch, seat: int, snapshot) -> int:
        agent = match.agent(seat)
        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(self._agents, agent.step, snapshot.clone())
        try:
            return await asyncio.wait_for(future, self.agent_budget)
        except TimeoutError:
            why = f"over its {self.agent_budget:.1f}s budget"
        except Exception as e:  # a broken agent must not stall the match
            why = f"failed ({type(e).__name__}: {e})"
        log.warning("agent %s %s in match %s; playing a random legal action", match.seats[seat]["agent"], why, match.id)
        return self.rng.choice(snapshot.legal_actions())
