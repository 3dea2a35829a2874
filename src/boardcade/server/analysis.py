"""Post-game analysis on the server (issue 29): "Analyse" on a finished match or an uploaded record.

A record is parsed, refused by its length and checked step by step in the replay worker process (compute.py,
under the same fair share and step budget as replays), never in the server. The analysis itself
(boardcade.analysis) runs on `analysis_workers` worker processes, driven from a thread so the event loop never
waits on it; one analysis runs at a time and the others wait their turn, in order. Progress is
polled. The result is stored in the database with the match (table `match_analyses`, keyed by the match's
actions and the agent that analysed it), so asking again, on this server or another sharing the database, is
instant. Only finished matches are analysed (their record is public then), so every seat's evaluations may be
shown, each labelled with whose information it uses; the web page shows a seat its own first.

    POST /api/matches/{id}/analysis      start (or find) the analysis of a finished match -> status
    POST /api/analysis                   the same for a record (the body is the record file)
    GET  /api/analysis/{key}             status: {key, state, done, total, ahead, agent, analysis?, error?}
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
from dataclasses import dataclass, field
from typing import Any

from fastapi import APIRouter, Request
from sqlalchemy import Column, MetaData, String, Table, Text, insert, select

from ..analysis import analyse, record_key, strongest_agent
from ..analysis.pool import AnalysisCancelled
from ..core import Record, record_from_json
from .compute import JobRefused, ReplayPool
from .errors import MATCH_ID, ClientError
from .requests import client_address, read_body
from .routes import _finished_record
from .storage import Storage, now_iso

log = logging.getLogger("boardcade.server")
KEY_LENGTH = 40
KEPT = 64  # finished or failed jobs remembered in memory (results also stay in the database)
MAX_WAITING = 16  # analyses waiting their turn; more are refused (unavailable) until the queue shortens

metadata = MetaData()
analyses_table = Table(
    "match_analyses",
    metadata,
    Column("key", String(KEY_LENGTH), primary_key=True),
    Column("match_id", String(40), nullable=True, index=True),
    Column("agent", String(200), nullable=False),
    Column("created_at", String(40), nullable=False),
    Column("data", Text, nullable=False),
)


class AnalysisStore:
    """Analyses kept in the match database (their own table; its schema is in server/migrations)."""

    def __init__(self, storage: Storage):
        self.engine = storage.engine

    def load(self, key: str) -> dict[str, Any] | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(analyses_table.c.data).where(analyses_table.c.key == key)).first()
        return json.loads(row[0]) if row else None

    def save(self, key: str, match_id: str | None, agent: str, data: dict[str, Any]) -> None:
        with self.engine.begin() as conn:
            if conn.execute(select(analyses_table.c.key).where(analyses_table.c.key == key)).first() is None:
                values = {"key": key, "match_id": match_id, "agent": agent, "created_at": now_iso()}
                conn.execute(insert(analyses_table).values(**values, data=json.dumps(data)))


@dataclass
class Job:
    key: str
    record: Record
    match_id: str | None  # None: an uploaded record
    agent: str
    owner: str = ""  # the client address that asked for it
    account: str | None = None  # the signed-in account that asked for it, if any
    state: str = "queued"  # queued, running, done, failed
    done: int = 0
    total: int | None = None
    error: str | None = None
    result: dict[str, Any] | None = None
    cancel: threading.Event = field(default_factory=threading.Event)
    decisions: list[int] = field(default_factory=list)  # the steps where a seat chose (checked in the worker)


class Analyses:
    """The analyses of one server: one runs at a time; the store.

    Who goes next: finished matches' own analyses before uploaded records; within each, the client address
    served longest ago (round robin), its oldest job. An address may have `per_owner` analyses waiting or
    running, and so may a signed-in account whatever addresses it asks from; uploads may fill half the queue and
    are analysed up to `max_upload_steps` steps."""

    def __init__(
        self,
        storage: Storage,
        agent: str = "",
        workers: int = 0,
        max_steps: int = 10000,
        max_upload_steps: int = 3000,
        per_owner: int = 2,
    ):
        self.store = AnalysisStore(storage)
        self.agent = agent
        self.workers = workers
        self.max_steps = max_steps
        self.max_upload_steps = min(max_steps, max_upload_steps)
        self.per_owner = per_owner
        self.jobs: dict[str, Job] = {}
        self.waiting: list[Job] = []  # queued, oldest first
        self.running: Job | None = None
        self.served: dict[str, int] = {}  # owner -> when it was last served (a counter)
        self.turn = 0
        self.tasks: set[asyncio.Task[None]] = set()

    def agent_name(self) -> str:
        return self.agent or strongest_agent()

    # ---- the queue -------------------------------------------------------------------------------
    def _pick(self, waiting: list[Job], served: dict[str, int]) -> Job:
        """The job that goes next among `waiting` (not empty)."""
        matches = [j for j in waiting if j.match_id is not None]
        pool = matches or waiting
        owner = min((j.owner for j in pool), key=lambda o: served.get(o, -1))
        return next(j for j in pool if j.owner == owner)

    def _order(self) -> list[Job]:
        """The queued jobs in the order they will run, as things stand."""
        waiting, served, turn, out = list(self.waiting), dict(self.served), self.turn, []
        while waiting:
            job = self._pick(waiting, served)
            waiting.remove(job)
            turn += 1
            served[job.owner] = turn
            out.append(job)
        return out

    def _room(self, owner: str, upload: bool, account: str | None = None) -> None:
        """Refuse a new analysis when the address (or the signed-in account) has its share already or the queue
        (for uploads: their half) is full."""
        open_jobs = self._open()
        shares = {"address": sum(1 for j in open_jobs if j.owner == owner)}
        if account is not None:
            shares["account"] = sum(1 for j in open_jobs if j.account == account)
        for who, mine in shares.items():
            if mine >= self.per_owner:
                raise ClientError(
                    "rate_limited",
                    f"your {who} has {mine} analyses waiting or running (at most {self.per_owner}); "
                    "ask again when one is done",
                )
        uploads = sum(1 for j in self.waiting if j.match_id is None)
        if len(self.waiting) >= MAX_WAITING or (upload and uploads >= MAX_WAITING // 2):
            raise ClientError("unavailable", "the server is busy analysing other matches; try again in a few minutes")

    def _open(self) -> list[Job]:
        return self.waiting + ([self.running] if self.running is not None else [])

    def _dispatch(self) -> None:
        if self.running is not None or not self.waiting:
            return
        job = self._pick(self.waiting, self.served)
        self.waiting.remove(job)
        self.turn += 1
        self.served[job.owner] = self.turn
        if len(self.served) > 10000:  # forget the owners served longest ago
            for old in sorted(self.served, key=self.served.__getitem__)[:5000]:
                del self.served[old]
        self.running = job
        task = asyncio.get_running_loop().create_task(self._run(job))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    # ---- answers ---------------------------------------------------------------------------------
    def _status(self, job: Job) -> dict[str, Any]:
        ahead = 0
        if job.state == "queued":
            order = self._order()
            ahead = order.index(job) + (self.running is not None) if job in order else 0
        out: dict[str, Any] = {
            "key": job.key,
            "state": job.state,
            "done": job.done,
            "total": job.total,
            "ahead": ahead,
            "agent": job.agent,
            "workers": self.workers,
        }
        if job.error:
            out["error"] = job.error
        if job.result is not None:
            out["analysis"] = job.result
        return out

    def _finished(self, key: str, data: dict[str, Any]) -> dict[str, Any]:
        total = len(data["positions"])
        return {
            "key": key,
            "state": "done",
            "done": total,
            "total": total,
            "ahead": 0,
            "agent": data["agent"],
            "workers": data.get("workers"),
            "analysis": data,
        }

    async def _known(self, key: str) -> dict[str, Any] | None:
        """The analysis `key` if it is under way or stored already (then instant), else None."""
        job = self.jobs.get(key)
        if job is not None and job.state != "failed":
            return self._status(job)
        stored = await asyncio.to_thread(self.store.load, key)
        return self._finished(key, stored) if stored is not None else None

    async def _check(
        self, replays: ReplayPool, record: dict[str, Any] | bytes, limit: int, agent: str, owner: str
    ) -> dict[str, Any]:
        """The record parsed, refused by its length, and checked step by step in the replay worker process."""
        try:
            return await replays.check_record(record, limit, agent, owner)
        except JobRefused as e:
            message = e.message
            if e.code == "too_large" and limit < self.max_steps:
                message += f" from an uploaded record (a finished match of this server: {self.max_steps})"
            raise ClientError(e.code, message) from None

    async def request_match(
        self, record: Record, match_id: str, replays: ReplayPool, owner: str, account: str | None = None
    ) -> dict[str, Any]:
        """The analysis of a finished match's record: stored already (instant), under way, or started now."""
        agent = self.agent_name()
        if len(record.actions) > self.max_steps:
            steps = len(record.actions)
            raise ClientError("too_large", f"this match has {steps} steps; at most {self.max_steps} are analysed")
        key = record_key(record, agent, 0)
        known = await self._known(key)
        if known is not None:
            return known
        self._room(owner, upload=False, account=account)
        checked = await self._check(replays, record.to_json(), self.max_steps, agent, owner)
        job = Job(key, record, match_id, agent, owner, account, decisions=checked["decisions"])
        return await self._start(job)

    async def request_upload(
        self, body: bytes, replays: ReplayPool, owner: str, account: str | None = None
    ) -> dict[str, Any]:
        """The analysis of an uploaded record (the request's bytes, parsed and checked in the worker only)."""
        agent = self.agent_name()
        self._room(owner, upload=True, account=account)
        checked = await self._check(replays, body, self.max_upload_steps, agent, owner)
        known = await self._known(checked["key"])
        if known is not None:
            return known
        record = record_from_json(checked["record"])
        return await self._start(
            Job(checked["key"], record, None, agent, owner, account, decisions=checked["decisions"])
        )

    async def _start(self, job: Job) -> dict[str, Any]:
        known = await self._known(job.key)  # asked for again while it was being checked
        if known is not None:
            return known
        self._room(job.owner, upload=job.match_id is None, account=job.account)
        self.jobs[job.key] = job
        self.waiting.append(job)
        self._dispatch()
        return self._status(job)

    async def status(self, key: str) -> dict[str, Any]:
        job = self.jobs.get(key)
        if job is not None:
            return self._status(job)
        stored = await asyncio.to_thread(self.store.load, key) if len(key) == KEY_LENGTH and key.isalnum() else None
        if stored is None:
            raise ClientError("not_found", f"no analysis {key[:KEY_LENGTH]!r}: start one from a finished match")
        return self._finished(key, stored)

    async def _run(self, job: Job) -> None:
        job.state = "running"

        def progress(done: int, total: int) -> None:
            job.done, job.total = done, total

        try:
            result = await asyncio.to_thread(
                analyse, job.record, job.agent, self.workers or None, 0, progress, job.cancel, job.decisions
            )
            await asyncio.to_thread(self.store.save, job.key, job.match_id, job.agent, result)
            job.result, job.state = result, "done"
        except AnalysisCancelled:
            job.state, job.error = "failed", "the server stopped before the analysis was complete"
        except asyncio.CancelledError:
            job.state, job.error = "failed", "the server stopped before the analysis was complete"
            raise
        except Exception as e:
            log.exception("analysis %s failed", job.key)
            job.state, job.error = "failed", f"the analysis failed: {e}"
        finally:
            job.record = None  # type: ignore[assignment]
            self.running = None
            done = [k for k, j in self.jobs.items() if j.state in ("done", "failed")]
            for k in done[:-KEPT]:
                del self.jobs[k]
            self._dispatch()  # (nothing waits once the server is stopping)

    async def stop(self) -> None:
        for job in self.jobs.values():
            job.cancel.set()
        self.waiting.clear()
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)


router = APIRouter(prefix="/api")


def analyses(request: Request) -> Analyses:
    """The app's analyses, made on first use from its storage and settings."""
    state = request.app.state
    if getattr(state, "analyses", None) is None:
        mgr = state.manager
        s = mgr.settings
        state.analyses = Analyses(
            mgr.storage,
            s.analysis_agent,
            s.analysis_worker_count(),
            s.max_analysis_steps,
            s.max_upload_analysis_steps,
            s.analyses_per_address,
        )
    return state.analyses


async def _account(request: Request) -> str | None:
    """The id of the account this request is signed in as (its share of the queue), or None."""
    from .account_routes import COOKIE, signed_in

    if not request.cookies.get(COOKIE):
        return None
    try:
        account, _ = await signed_in(request)
    except ClientError:  # signed out (or the session ended): the address's share alone
        return None
    return str(account.id)


@router.post("/matches/{match_id}/analysis")
async def analyse_match(request: Request, match_id: str) -> dict[str, Any]:
    if not MATCH_ID.fullmatch(match_id):
        raise ClientError("not_found", "no such match")
    record = await _finished_record(request, match_id)
    replays = request.app.state.manager.replays
    owner, account = client_address(request), await _account(request)
    return await analyses(request).request_match(record, match_id, replays, owner, account)


@router.post("/analysis")
async def analyse_record(request: Request) -> dict[str, Any]:
    """The body is read (at most max_record_bytes) and handed to the replay worker process as it came: parsing,
    the length check and the replay all happen there, never in the server."""
    mgr = request.app.state.manager
    body = await read_body(request, mgr.settings.max_record_bytes)
    return await analyses(request).request_upload(body, mgr.replays, client_address(request), await _account(request))


@router.get("/analysis/{key}")
async def analysis_status(request: Request, key: str) -> dict[str, Any]:
    return await analyses(request).status(key)
