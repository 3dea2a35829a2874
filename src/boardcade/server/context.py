"""What every part of the match manager shares: the database and its read pool, the settings, the bus to the
other server processes, the matches held in memory, the server's dice, the background tasks, and the listener
list (events.py).

The parts (commits.py, sync.py, drivers.py, registry.py, sweep.py, seating.py, hints.py) each get this one
object; manager.py builds it and them.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar, TypeVarTuple

from .bus import LocalBus, PostgresBus, line
from .errors import ClientError, database_errors, unavailable
from .events import Listeners
from .live import LiveMatch
from .settings import Settings
from .storage import Storage

T = TypeVar("T")
Ts = TypeVarTuple("Ts")

READ_THREADS = 4
DATABASE_ERRORS = database_errors()
log = logging.getLogger("boardcade.server")


def finished(task: asyncio.Future[Any]) -> None:
    """A background task ended: its failure, if any, is taken (so asyncio never reports it as "never retrieved")
    and logged once, plainly: the database not answering was logged already where it happened (Context.read),
    another refusal or an OS error is one line, and only a failure nobody foresaw (a bug) has its traceback."""
    if task.cancelled():
        return
    error = task.exception()
    if error is None:
        return
    coro = task.get_coro() if isinstance(task, asyncio.Task) else None
    what = getattr(coro, "__qualname__", "a background task")
    if isinstance(error, ClientError):
        if error.code != "unavailable":
            log.info("%s: %s", what, error.message)
    elif isinstance(error, (*DATABASE_ERRORS, OSError)):
        first = (str(error).splitlines() or [""])[0][:200]
        log.warning("%s failed: %s: %s", what, type(error).__name__, first)
    else:
        log.error("%s failed", what, exc_info=error)


class Context:
    def __init__(self, storage: Storage, settings: Settings, bus: LocalBus | PostgresBus, rng: random.Random):
        self.storage = storage
        self.settings = settings
        self.bus = bus
        self.server_id = bus.server_id
        self.rng = rng  # the server's dice: chance outcomes, and a computer's move when it missed its deadline
        self.live: dict[str, LiveMatch] = {}  # the matches held in memory, by id
        self.finished: set[str] = set()  # matches that ended while held here; let go on the next create
        self.list_cache: dict[
            tuple[str | None, int], tuple[float, str]
        ] = {}  # the match list (registry.py); cleared on changes
        self.tasks: set[asyncio.Task[Any]] = set()
        # What a part tells and who hears it (events.py); the manager subscribes the listeners (manager.py).
        self.listeners = Listeners()
        self._reads = ThreadPoolExecutor(READ_THREADS, thread_name_prefix="boardcade-read")

    def spawn(self, coro: Coroutine[Any, Any, T]) -> asyncio.Task[T]:
        """Run `coro` in the background (cancelled and awaited on stop); its failure is logged once (finished)."""
        task = asyncio.get_running_loop().create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        task.add_done_callback(finished)
        return task

    async def read(self, fn: Callable[[*Ts], T], *args: *Ts) -> T:
        """A storage call on the read pool (several threads: reads never wait behind commits). A database that
        does not answer raises ClientError("unavailable") (503), never a traceback."""
        try:
            return await asyncio.get_running_loop().run_in_executor(self._reads, fn, *args)
        except DATABASE_ERRORS as e:
            log.warning("the database did not answer (%s: %s)", type(e).__name__, str(e).splitlines()[0][:200])
            raise unavailable() from None

    def note(self, kind: str, match: LiveMatch, data: Any = "") -> str:
        """A bus message line about `match` from this server (bus.py has the kinds)."""
        return line(kind, self.server_id, match.id, data)

    def publish(self, payloads: list[str]) -> None:
        """Tell the other server processes (in the background; nothing to do with one process)."""
        if self.bus.multi and payloads:
            self.spawn(self.read(self.storage.publish, payloads))

    async def stop_tasks(self) -> None:
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)

    def close(self) -> None:
        self._reads.shutdown(wait=True)
