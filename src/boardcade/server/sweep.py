"""Housekeeping, every `sweep_interval` seconds: expire untouched matches, drive computer seats nobody is
driving (after a restart, or a server that died), forget matches nobody uses, and repeat this server's presence
for the other servers.
"""

from __future__ import annotations

import asyncio
import logging
import time

from .bus import line
from .commits import Commits
from .context import Context
from .drivers import Drivers
from .errors import ClientError
from .registry import Registry
from .storage import now_iso
from .sync import Sync

log = logging.getLogger("boardcade.server")


class Sweeper:
    def __init__(self, ctx: Context, registry: Registry, commits: Commits, drivers: Drivers, sync: Sync):
        self.ctx = ctx
        self.registry = registry
        self.commits = commits
        self.drivers = drivers
        self.sync = sync
        self.endings = None  # endings.Endings, set by the manager: turns that ran out (END-3)

    async def run(self) -> None:
        first = True
        while True:
            try:
                await self.sweep(startup=first)
            except Exception:
                log.exception("sweep failed")
            first = False
            await asyncio.sleep(self.ctx.settings.sweep_interval)

    async def sweep(self, startup: bool = False) -> None:
        """One round of housekeeping. Each step fails on its own: a step that raises is logged, and the others
        still run (expiry failing must not stop computer seats from being taken over)."""
        for step in (self._expire, self._take_over, self._clocks, self._forget, self._presence):
            try:
                await step(startup)
            except Exception:
                log.exception("sweep step %s failed", step.__name__.strip("_"))

    async def _expire(self, _startup: bool) -> None:
        ctx, settings = self.ctx, self.ctx.settings
        if settings.expire_days <= 0:
            return
        cutoff = now_iso(-settings.expire_days * 86400)
        notes = []
        for match_id in await ctx.read(ctx.storage.expire, cutoff):
            match = ctx.live.get(match_id)
            if match is not None:
                match.expire()
            notes.append(line("x", ctx.server_id, match_id))
        ctx.publish(notes)

    async def _take_over(self, startup: bool) -> None:
        ctx, settings = self.ctx, self.ctx.settings
        # A single server on SQLite knows nobody else drives: on start it takes every waiting computer seat.
        grace = 0.0 if startup and not ctx.bus.multi else settings.agent_budget + 2 * settings.sweep_interval
        for match_id, stamp in await ctx.read(ctx.storage.stalled_agent_turns, now_iso(-grace)):
            match = ctx.live.get(match_id)
            if match is not None and match.driving:
                continue
            if await ctx.read(ctx.storage.take_over, match_id, stamp):
                try:
                    match = await self.registry.get(match_id)
                    await self.commits.sync(match)
                except ClientError:
                    continue
                self.drivers.schedule(match)

    async def _clocks(self, _startup: bool) -> None:
        """Turns that ran out (END-3), and chess clocks that ran out (SV-CL3), in matches no timer here is set for
        (endings.py); on a lone server's start, the chess clocks paused when it stopped run again (SV-CL5)."""
        if self.endings is not None:
            await self.endings.sweep()
            await self.endings.clock_sweep()

    async def _forget(self, _startup: bool) -> None:
        ctx = self.ctx
        idle = time.monotonic() - ctx.settings.live_idle_seconds
        for match in list(ctx.live.values()):
            unused = not match.clients and not match.driving and not match.lock.locked()
            if unused and (match.status != "active" or match.last_used < idle):
                ctx.live.pop(match.id, None)

    async def _presence(self, _startup: bool) -> None:
        ctx = self.ctx
        if ctx.bus.multi:
            ctx.publish([self.sync.presence_note(m) for m in ctx.live.values() if m.local_presence])
