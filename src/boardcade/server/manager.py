"""The match manager: the one object the routes (routes.py), the sockets (ws.py) and the app (app.py) talk to.

It is a thin front over the parts that do the work, each a module of its own, imported one way (each only
from those listed before it):

| part | job |
|---|---|
| events.py   | the listener list: what a part tells (a match ended, a clock to arm...); wired in _listen below |
| context.py  | what the parts share: storage and its read pool, settings, bus, matches held, dice, tasks, listeners |
| commits.py  | every change to a match's steps: a person's action, commit, then tell (store-before-publish) |
| sync.py     | in step with the other servers (notifications, read-backs) and this server's clients' presence |
| drivers.py  | computer seats: ask the agent pool, store its move like any other |
| registry.py | the matches held in memory: loaded when asked for, listed, let go |
| sweep.py    | housekeeping: expiry, taking over computer seats nobody drives, forgetting idle matches |
| seating.py  | new matches and rematches, claims, the host handing a seat on, seat tokens |
| hints.py    | a person's hint from the `medium` agent |
| endings.py  | ending a match outside its game's rules: resign, agreed draw, the turn clock, abort (END-*) |
| ratings.py  | settling a rated match once it ends: its accounts' ratings move (SV-16..SV-19) |
| chat.py     | chat in a match: players' and spectators' channels, stored before anyone is told |
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
from collections.abc import Callable
from typing import Any

from .bus import LocalBus, PostgresBus
from .chat import Chat
from .clocks import check_clock_spec
from .commits import Commits
from .compute import AgentPool, ReplayPool
from .context import Context
from .drivers import Drivers
from .endings import Endings, check_clock
from .events import Listeners
from .hints import Hints
from .live import LiveMatch
from .lobby import Lobby
from .ratings import Ratings
from .registry import Registry
from .seating import CREATOR_DEFAULT, Seating
from .settings import Settings
from .storage import Storage
from .sweep import Sweeper
from .sync import Sync
from .turnmail import TurnMails
from .views import Client

log = logging.getLogger("boardcade.server")

__all__ = ["CREATOR_DEFAULT", "MatchManager"]


class MatchManager:
    def __init__(self, storage: Storage, settings: Settings, bus: LocalBus | PostgresBus | None = None):
        self.ctx = ctx = Context(storage, settings, bus or LocalBus(), random.Random(secrets.randbits(64)))
        self.storage, self.settings, self.bus, self.live = storage, settings, ctx.bus, ctx.live
        self.agents = AgentPool(settings.agent_worker_count())
        self.replays = ReplayPool(
            settings.replay_timeout, steps_per_minute=settings.replay_steps_per_minute, workers=settings.replay_workers
        )
        self.commits = Commits(ctx)
        self.sync = Sync(ctx, self.commits)
        self.drivers = Drivers(ctx, self.commits, self.agents)
        self.registry = Registry(ctx, self.commits)
        self.sweeper = Sweeper(ctx, self.registry, self.commits, self.drivers, self.sync)
        self.seating = Seating(ctx, self.registry, self.drivers)
        self.hints = Hints(ctx, self.commits, self.seating, self.agents)
        self.endings = Endings(ctx, self.registry, self.commits, self.drivers)
        self.sweeper.endings = self.endings
        self.ratings = Ratings(ctx)
        self.chat = Chat(ctx)
        self.lobby = Lobby(ctx, self.seating)
        self.turn_mails = TurnMails(ctx)
        self._listen(ctx.listeners)

    def _listen(self, on: Listeners) -> None:
        """Who hears what the parts tell (events.py), all here:

        | event           | told by                                     | heard by                                    |
        |-----------------|---------------------------------------------|---------------------------------------------|
        | ended_here      | commits (a step ends it), endings (_tell)   | ratings.ended: a rated match's ratings move |
        | ended_elsewhere | commits (read-back), sync (head reloaded)   | endings.adopt_stored: end it here too       |
        | arm_clock       | commits, registry (loaded), seating         | endings.arm: start its turn or chess clock  |
        | flag_fell       | commits (a move after the flag; spawned)    | endings.flag: end it on time (SV-CL3)       |
        | chat_heard      | sync (bus kind `c`)                         | chat.heard: tell it to this server's members|
        | lobby_heard     | sync (bus kind `l`)                         | lobby.on_bus: seeks changed elsewhere       |
        | turn_started    | commits (a commit made here, told)          | turn_mails.turn_started: a your-turn mail   |
        """
        on.ended_here.subscribe(self.ratings.ended)
        on.ended_elsewhere.subscribe(self.endings.adopt_stored)
        on.arm_clock.subscribe(self.endings.arm)
        on.flag_fell.subscribe(self.endings.flag)
        on.chat_heard.subscribe(self.chat.heard)
        on.lobby_heard.subscribe(self.lobby.on_bus)
        on.turn_started.subscribe(self.turn_mails.turn_started)

    @property
    def rng(self) -> random.Random:
        """The server's dice (a test may seed them)."""
        return self.ctx.rng

    @rng.setter
    def rng(self, rng: random.Random) -> None:
        self.ctx.rng = rng

    @property
    def fallbacks(self) -> int:
        """Computer moves that were not the agent's own (deadline missed)."""
        return self.drivers.fallbacks

    # ---- lifecycle ------------------------------------------------------------------------------
    async def start(self) -> None:
        await self.registry.fill_turn_info()
        await self.bus.start(self.sync.on_bus, self.sync.on_reconnect, self.sync.on_lost)
        self.ctx.spawn(self.sweeper.run())
        self.ctx.spawn(self.ratings.catch_up(self.registry))  # rated matches a stopped server left unsettled
        await self.lobby.start()

    async def stop(self) -> None:
        try:
            await self.endings.pause_clocks()  # SV-CL5: time while a lone server is down is charged to nobody
        except Exception:
            log.exception("pausing the chess clocks failed")
        await self.ctx.stop_tasks()
        self.turn_mails.close()
        for match in list(self.live.values()):
            for client in list(match.clients):
                client.close(1012, "the server is restarting")
        await self.agents.stop()
        await self.replays.stop()
        await self.bus.stop()
        self.commits.writer.release_here()
        await asyncio.to_thread(self.commits.writer.close)
        self.ctx.close()

    async def read(self, fn: Callable, *args: Any) -> Any:
        """A storage call on the read pool (several threads: reads never wait behind commits)."""
        return await self.ctx.read(fn, *args)

    # ---- matches --------------------------------------------------------------------------------
    async def create(
        self,
        game_name: Any,
        options: Any,
        seats: Any,
        owner: str,
        seat: Any = CREATOR_DEFAULT,
        name: Any = None,
        turn_limit: Any = None,
        on_timeout: Any = "lose",
        private: Any = False,
        rated: str | None = None,
        clock: Any = None,
    ) -> tuple[LiveMatch, dict[str, Any]]:
        """A new match, and what only its creator gets (seating.Seating.create); `turn_limit` (seconds a person
        has per turn) and `on_timeout` ("lose" or "computer") set its turn clock (END-3), `clock` ({"base",
        "increment"} seconds) its chess clock (SV-CL1): one or the other, or neither; `rated`: the signed-in
        creator's account name, for a rated match (SV-16)."""
        spec = check_clock_spec(clock, turn_limit)
        limits = check_clock(turn_limit, on_timeout)
        return await self.seating.create(game_name, options, seats, owner, seat, name, limits, private, rated, spec)

    async def get(self, match_id: str) -> LiveMatch:
        return await self.registry.get(match_id)

    async def list_matches(self, status: str | None, limit: int, ids: list[str] | None = None) -> list[dict[str, Any]]:
        return await self.registry.list_matches(status, limit, ids)

    async def list_text(self, status: str | None, limit: int, ids: list[str] | None = None) -> str:
        return await self.registry.list_text(status, limit, ids)

    def release(self, match: LiveMatch) -> None:
        """Forget a finished match nobody is watching (it stays in storage)."""
        self.registry.release(match)

    async def sweep(self, startup: bool = False) -> None:
        await self.sweeper.sweep(startup)

    # ---- seats ----------------------------------------------------------------------------------
    async def claim(self, match: LiveMatch, seat: Any, invite: Any, name: Any, account: str | None = None) -> str:
        return await self.seating.claim(match, seat, invite, name, account)

    async def reissue(self, match: LiveMatch, seat: Any, host_token: Any, revoke_only: bool) -> str | None:
        return await self.seating.reissue(match, seat, host_token, revoke_only)

    async def take_back(self, match: LiveMatch, seat: Any, token: Any) -> int:
        return await self.seating.take_back(match, seat, token)

    async def rematch(self, match: LiveMatch, seat: int, owner: str) -> tuple[LiveMatch, int, str]:
        return await self.seating.rematch(match, seat, owner)

    async def authenticate_fresh(self, match: LiveMatch, seat: Any, token: Any) -> int:
        return await self.seating.authenticate_fresh(match, seat, token)

    # ---- play -----------------------------------------------------------------------------------
    async def submit(self, match: LiveMatch, seat: int, version: int, action: int) -> int:
        """Apply `action` for the authenticated `seat`, chosen at state `version` (stored, then told); then set
        the computer seats going if one is to move. Returns the new version."""
        await self.commits.submit(match, seat, version, action)
        self.drivers.schedule(match)
        return match.version

    async def undo(self, match: LiveMatch, seat: int, version: int) -> int:
        """Take back the authenticated `seat`'s last decision (core/undo.py; commits.Commits.undo), the match being
        at `version`. Returns the version now."""
        await self.commits.undo(match, seat, version)
        return match.version

    async def hint(self, match: LiveMatch, seat: Any, token: Any, asker: str) -> dict[str, Any]:
        return await self.hints.hint(match, seat, token, asker)

    # ---- ending a match outside its rules (endings.py) -------------------------------------------
    async def resign(self, match: LiveMatch, seat: Any, token: Any) -> dict[str, Any]:
        seat = await self.seating.authenticate_fresh(match, seat, token)
        return (await self.endings.resign(match, seat)).to_json()

    async def abort(self, match: LiveMatch, seat: Any, token: Any) -> dict[str, Any]:
        seat = await self.seating.authenticate_fresh(match, seat, token)
        return (await self.endings.abort(match, seat)).to_json()

    async def draw(self, match: LiveMatch, seat: Any, token: Any, answer: Any) -> dict[str, Any]:
        seat = await self.seating.authenticate_fresh(match, seat, token)
        return await self.endings.draw(match, seat, answer)

    def check_flag(self, match: LiveMatch) -> None:
        """A message came for the match: its running chess clock is looked at too (SV-CL3)."""
        if match.clock_spec:
            self.endings.check_flag(match)

    # ---- clients --------------------------------------------------------------------------------
    def joined(self, match: LiveMatch, client: Client) -> None:
        self.sync.joined(match, client)

    def left(self, match: LiveMatch, client: Client) -> None:
        self.sync.left(match, client)

    def seen(self, match: LiveMatch, seat: int) -> None:
        """A person used their seat over HTTP (sync.Sync.seen)."""
        self.sync.seen(match, seat)
