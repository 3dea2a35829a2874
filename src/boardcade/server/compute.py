"""Long work off the event loop, in worker processes: computer players' decisions, hints for human players
and record replays.

Each worker is a child process (spawned, so it shares nothing with the server) that runs one job at a time.
A job that overruns its deadline gets its worker killed and replaced, so no job can hold a worker for ever.

Computer seats: decisions wait in a fair queue (round robin over the people who created the matches, so one
person's twenty computer-only matches cannot starve someone else's opponent) and run only when a worker is
free. Each decision has a deadline, `agent_budget` seconds after it was asked for, queueing included: the
search agents (easy, medium, hard, ismcts) search until just before it and play their best move so far.
If no answer comes by the deadline (all workers busy, or an agent that cannot be cut short overran), the
caller plays a fallback move and says so (see drivers.py). A hint (the `medium` agent's suggestion for a human
seat) waits in the same queue, under the asker's address, with the same deadline; it gets no fallback.
"""

from __future__ import annotations

import asyncio
import gzip
import hashlib
import json
import logging
import os
import signal
import socket
import subprocess
import sys
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import TYPE_CHECKING, Any, TypeAlias

from .limits import TokenBucket

if TYPE_CHECKING:  # the worker imports the engines and agents when it starts, the server never does here
    from ..agents.base import Agent
    from ..core.game import State

log = logging.getLogger("boardcade.server")
GRACE = 0.5  # seconds a worker may overrun a deadline (IPC, rebuilding the position) before it is killed
MIN_SEARCH = 0.05  # a decision dequeued with less time than this left falls back at once


class JobFailed(Exception):
    """The job raised in the worker (the message names the exception)."""


class JobRefused(Exception):
    """The job refused its input (a ClientError in the worker): code and message for the client."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


# ---- the child process --------------------------------------------------------------------------
# In a worker: the latest state of each match it has decided for (the next decision continues from it).
_Positions: TypeAlias = "OrderedDict[str, State]"


def _position(cache: _Positions, match_id: str, game: str, options: dict[str, Any], history: list[int]) -> State:
    """The match's state after `history`, continuing from the cached state of the match when it is a prefix."""
    from ..core import load_game

    state = cache.pop(match_id, None)
    if state is None or state.move_number() > len(history) or state.history() != history[: state.move_number()]:
        state = load_game(game, **options).new_initial_state()
    for a in history[state.move_number() :]:
        state.apply_action(a)
    cache[match_id] = state
    while len(cache) > 64:
        cache.popitem(last=False)
    return state


def _agent_until(agent_name: str, seed: int, deadline: float) -> Agent:
    """The agent, a search agent told to stop just before `deadline`."""
    from ..agents import ISMCTSAgent, make_agent

    agent = make_agent(agent_name, seed)
    left = deadline - time.time() - 0.05
    if isinstance(agent, ISMCTSAgent):
        agent.seconds = max(0.01, min(agent.seconds or left, left))
    return agent


def _decide(
    cache: _Positions,
    match_id: str,
    game: str,
    options: dict[str, Any],
    history: list[int],
    agent_name: str,
    seed: int,
    deadline: float,
) -> tuple[int, dict[str, Any]]:
    state = _position(cache, match_id, game, options, history)
    agent = _agent_until(agent_name, seed, deadline)
    action = agent.step(state.clone())
    info = dict(getattr(agent, "last_search", None) or {})
    return action, {k: info[k] for k in ("iterations", "seconds") if k in info}


def _hint(
    cache: _Positions,
    match_id: str,
    game: str,
    options: dict[str, Any],
    history: list[int],
    seat: int,
    agent_name: str,
    seed: int,
    deadline: float,
) -> tuple[int, float, float]:
    """(action, its visit share, seconds searched) that `agent_name` suggests to `seat`, the player to move.

    The agent is handed a state drawn from the seat's information state (`resample_from_infostate`, seeded
    from public facts only), never the match's own state, so it cannot use what the seat does not know."""
    import random

    began = time.perf_counter()
    state = _position(cache, match_id, game, options, history)
    if state.current_player() != seat:
        raise ValueError(f"seat {seat} is not to move")
    seen = state.resample_from_infostate(seat, random.Random(seed))
    agent = _agent_until(agent_name, seed, deadline)
    action, share = agent.analyse(seen)[0]
    return action, share, time.perf_counter() - began


REPLAYS: OrderedDict[str, bytes] = OrderedDict()  # in the worker: replays by the record they are of
REPLAY_CACHE_BYTES = 32 << 20


def _replay(
    _cache: _Positions, record: dict[str, Any] | bytes, max_steps: int, compress: bool
) -> tuple[int, bytes, bool]:
    """(steps replayed, the answer, whether it was cached). The cache is keyed by the record as parsed (its
    canonical JSON), so the same record sent with other spacing or key order is not replayed again."""
    from .errors import ClientError, dumps, parse_json
    from .replay import parse_record, replay_data

    try:
        if isinstance(record, bytes):
            record = parse_json(record, "request body")
        parsed = parse_record(record)
        canon = json.dumps(parsed.to_json(), sort_keys=True, separators=(",", ":")).encode()
        key = hashlib.sha256(canon).hexdigest() + f":{max_steps}:{compress}"
        body = REPLAYS.get(key)
        if body is not None:
            REPLAYS.move_to_end(key)
            return len(parsed.actions), body, True
        data = replay_data(parsed, max_steps)
    except ClientError as e:
        return 0, json.dumps({"refused": [e.code, e.message]}).encode(), False
    body = dumps(data).encode("ascii")
    body = gzip.compress(body, 5) if compress else body
    REPLAYS[key] = body
    while sum(len(b) for b in REPLAYS.values()) > REPLAY_CACHE_BYTES and len(REPLAYS) > 1:
        REPLAYS.popitem(last=False)
    return len(parsed.actions), body, False


def _check_record(
    _cache: _Positions, record: dict[str, Any] | bytes, max_steps: int, agent: str
) -> tuple[int, dict[str, Any]]:
    """(steps walked, what the server needs to analyse the record): the record parsed, refused by its length
    before any step is replayed, then replayed and checked; with its analysis key and the steps where a seat
    chose (boardcade.analysis.decisions), so the server never walks through it. {"refused": [code, message]}
    for a record that is not analysed."""
    from ..analysis import decisions, record_key
    from ..core import RecordError
    from .errors import ClientError, parse_json
    from .replay import parse_record

    try:
        if isinstance(record, bytes):
            record = parse_json(record, "request body")
        parsed = parse_record(record)
        if len(parsed.actions) > max_steps:
            raise ClientError(
                "too_large", f"this match has {len(parsed.actions)} steps; at most {max_steps} are analysed"
            )
        try:
            parsed.replay()
        except RecordError as e:
            raise ClientError("bad_record", str(e)) from None
    except ClientError as e:
        return 0, {"refused": [e.code, e.message]}
    steps = decisions(parsed.load_game().new_initial_state(), parsed.actions)
    key = record_key(parsed, agent, 0)
    return 2 * len(parsed.actions), {"record": parsed.to_json(), "key": key, "decisions": steps}


JOBS: dict[str, Callable[..., object]] = {
    "decide": _decide,
    "hint": _hint,
    "replay": _replay,
    "check_record": _check_record,
}


def _worker_main(conn: Connection[tuple[str, object], tuple[str, tuple[Any, ...]]]) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C goes to the server, which stops its workers
    cache: _Positions = OrderedDict()
    from ..agents import make_agent
    from ..core import game_names, load_game

    for name in game_names():  # import every engine and agent now: a decision's deadline is for thinking
        try:
            make_agent("random", 0).step(load_game(name).new_initial_state())
        except Exception:  # a chance node first, or an engine that cannot load: imported all the same
            pass
    try:
        conn.send(("ready", None))
    except OSError:  # the server died while this worker was starting
        return
    while True:
        try:
            kind, args = conn.recv()
        except (EOFError, OSError):  # the server is gone
            return
        try:
            result: tuple[str, object] = ("ok", JOBS[kind](cache, *args))
        except Exception as e:
            result = ("error", f"{type(e).__name__}: {e}")
        try:
            conn.send(result)
        except (BrokenPipeError, OSError):
            return


# ---- the server side ----------------------------------------------------------------------------
_Job: TypeAlias = tuple[str, tuple[Any, ...]]  # (kind, args): JOBS[kind](cache, *args) in the worker
# Jobs out, ("ok" or "error", the result or why) back. A string: Connection is generic for type checkers only.
_Pipe: TypeAlias = "Connection[_Job, tuple[str, Any]]"


class Worker:
    """One worker process (`python -m boardcade.server.worker_main FD`, talking over a socket pair), started on
    first use and replaced after a kill. A fresh interpreter, so it never re-runs the server's main module."""

    def __init__(self) -> None:
        self.proc: subprocess.Popen[bytes] | None = None
        self.conn: _Pipe | None = None
        self.ready = False

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def _spawn(self) -> None:
        ours, theirs = socket.socketpair()
        ours.setblocking(True)  # (a default socket timeout set by some library would make them non-blocking)
        theirs.setblocking(True)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "boardcade.server.worker_main", str(theirs.fileno())],
            pass_fds=(theirs.fileno(),),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
        )
        theirs.close()
        self.conn = Connection(ours.detach())
        self.ready = False

    def _connection(self) -> _Pipe:
        if self.conn is None:
            raise OSError("the worker process is not running")
        return self.conn

    async def _answer(self, timeout: float) -> tuple[str, Any]:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[tuple[str, Any]] = loop.create_future()
        conn = self._connection()
        fd = conn.fileno()

        def readable() -> None:
            loop.remove_reader(fd)
            try:
                os.set_blocking(fd, True)  # uvloop's add_reader made it non-blocking; the rest of the answer follows
                answer = conn.recv()
            except (EOFError, OSError) as e:
                answer = ("error", f"the worker process died ({type(e).__name__})")
            if not future.done():
                future.set_result(answer)

        loop.add_reader(fd, readable)
        try:
            return await asyncio.wait_for(future, max(0.01, timeout))
        finally:
            loop.remove_reader(fd)

    async def start(self, timeout: float = 30.0) -> float:
        """Start the process if it is not running and wait until it has imported everything; the seconds spent."""
        if self.alive() and self.ready:
            return 0.0
        began = time.time()
        if not self.alive():
            self._spawn()
        try:
            await self._answer(timeout)
        except BaseException:
            self.kill()
            raise
        self.ready = True
        return time.time() - began

    async def run(self, kind: str, args: tuple[Any, ...], timeout: float) -> Any:
        """The job's result; TimeoutError (the worker is killed) after `timeout` seconds; JobFailed if it raised."""
        await self.start()
        try:
            conn = self._connection()
            os.set_blocking(conn.fileno(), True)  # a large job (a record) is written whole
            conn.send((kind, args))
            status, value = await self._answer(timeout)
        except BaseException:  # timed out or cancelled mid-job: its answer would be read by the next job
            self.kill()
            raise
        if status != "ok":
            raise JobFailed(value)
        return value

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(5)
        if self.conn is not None:
            self.conn.close()
        self.proc = self.conn = None
        self.ready = False

    def stop(self) -> None:
        self.kill()


@dataclass
class Decision:
    owner: str
    args: tuple[Any, ...]
    deadline: float
    future: asyncio.Future[Any] = field(repr=False)
    kind: str = "decide"  # or "hint": a suggestion for a human seat (same queue, same fairness, same deadline)


class AgentPool:
    """Computer players' decisions on `size` worker processes, fair across owners (the one served longest ago
    goes next), each within its deadline."""

    def __init__(self, size: int):
        self.workers = [Worker() for _ in range(max(1, size))]
        self.free = list(self.workers)
        self.queues: dict[str, deque[Decision]] = {}
        self.served: dict[str, int] = {}  # owner -> when it was last served (a counter)
        self.turn = 0
        self.running: set[asyncio.Task[None]] = set()

    async def decide(
        self,
        owner: str,
        match_id: str,
        game: str,
        options: dict[str, Any],
        history: list[int],
        agent: str,
        seed: int,
        budget: float,
    ) -> tuple[int, dict[str, Any]] | None:
        """The agent's action and search figures, or None if it could not answer within `budget` seconds."""
        args = (match_id, game, options, history, agent, seed)
        answer: tuple[int, dict[str, Any]] | None = await self._queue("decide", owner, args, budget)
        return answer

    async def hint(
        self,
        owner: str,
        match_id: str,
        game: str,
        options: dict[str, Any],
        history: list[int],
        seat: int,
        agent: str,
        seed: int,
        budget: float,
    ) -> tuple[int, float, float] | None:
        """(action, visit share, seconds) that `agent` suggests to `seat` from its information state only, or
        None if no worker answered within `budget` seconds."""
        args = (match_id, game, options, history, seat, agent, seed)
        answer: tuple[int, float, float] | None = await self._queue("hint", owner, args, budget)
        return answer

    async def _queue(self, kind: str, owner: str, args: tuple[Any, ...], budget: float) -> Any:
        deadline = time.time() + budget
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.queues.setdefault(owner, deque()).append(Decision(owner, (*args, deadline), deadline, future, kind))
        self._dispatch()
        try:
            return await future
        except asyncio.CancelledError:
            future.cancel()
            raise

    def _next(self) -> Decision | None:
        """The next decision of the owner served longest ago (owners never served first), skipping decisions
        whose asker gave up and answering None at once for those already past their deadline."""
        while self.queues:
            owner = min(self.queues, key=lambda o: self.served.get(o, -1))
            queue = self.queues[owner]
            decision = queue.popleft()
            if not queue:
                del self.queues[owner]
            if decision.future.done():  # cancelled while waiting
                continue
            if decision.deadline - time.time() < MIN_SEARCH:
                decision.future.set_result(None)
                continue
            self.turn += 1
            self.served[owner] = self.turn
            if len(self.served) > 10000:  # forget the owners served longest ago
                for old in sorted(self.served, key=self.served.__getitem__)[:5000]:
                    del self.served[old]
            return decision
        return None

    def _dispatch(self) -> None:
        while self.free:
            decision = self._next()
            if decision is None:
                return
            worker = self.free.pop()
            task = asyncio.get_running_loop().create_task(self._run(worker, decision))
            self.running.add(task)
            task.add_done_callback(self.running.discard)

    async def _run(self, worker: Worker, d: Decision) -> None:
        try:
            # A worker's start-up (first use, or after a kill) is not the agent's thinking time.
            d.deadline += await worker.start()
            args = (*d.args[:-1], d.deadline)
            result = await worker.run(d.kind, args, d.deadline - time.time() + GRACE)
        except TimeoutError:
            result = None
        except (JobFailed, OSError) as e:
            log.warning("a computer player failed: %s", e)
            result = None
        finally:
            self.free.append(worker)
            self._dispatch()
        if not d.future.done():
            d.future.set_result(result)

    def waiting(self) -> int:
        return sum(len(q) for q in self.queues.values())

    async def stop(self) -> None:
        for task in list(self.running):
            task.cancel()
        await asyncio.gather(*self.running, return_exceptions=True)
        for w in self.workers:
            w.stop()


class ReplayPool:
    """Record replays on `workers` worker processes, fair across client addresses: an address has at most one
    replay in progress (so another address's replay never waits behind its job: it gets another worker), the
    address served longest ago goes next (round robin), each address may have `per_owner` replays waiting and
    `waiting` may wait in all, and each address may replay `steps_per_minute` steps a minute (a record costs its
    steps; one that would overdraw the budget is refused until it is earned back). Answers are kept: here by the
    request's bytes, and in the worker by the record as parsed (so respelling a record does not make it replay
    again; the first free worker is used, so one worker gets most jobs and its cache most hits)."""

    CACHE_BYTES = 32 << 20

    def __init__(
        self, timeout: float, waiting: int = 16, per_owner: int = 2, steps_per_minute: float = 0.0, workers: int = 1
    ):
        self.workers = [Worker() for _ in range(max(1, workers))]
        self.worker = self.workers[0]
        self.free = list(self.workers)
        self.running: dict[str, int] = {}  # owner -> replays in progress (at most one)
        self.tasks: set[asyncio.Task[None]] = set()
        self.timeout = timeout
        self.max_waiting = waiting
        self.per_owner = per_owner
        self.steps_per_minute = steps_per_minute
        self.queues: dict[str, deque[tuple[_Job, asyncio.Future[Any]]]] = {}
        self.served: dict[str, int] = {}
        self.turn = 0
        self.budgets: OrderedDict[str, TokenBucket] = OrderedDict()
        self.cache: OrderedDict[str, bytes] = OrderedDict()
        self.cached_bytes = 0
        self.worker_hits = 0  # answers the worker had cached (the same record, spelt differently)

    def _budget(self, owner: str) -> TokenBucket | None:
        if self.steps_per_minute <= 0:
            return None
        bucket = self.budgets.get(owner)
        if bucket is None:
            rate = self.steps_per_minute / 60.0
            bucket = self.budgets[owner] = TokenBucket(rate, int(self.steps_per_minute))
            if len(self.budgets) > 10000:
                self.budgets.popitem(last=False)
        self.budgets.move_to_end(owner)
        return bucket

    async def replay(self, record: dict[str, Any] | bytes, max_steps: int, compress: bool, owner: str = "") -> bytes:
        raw = record if isinstance(record, bytes) else json.dumps(record, sort_keys=True).encode()
        key = hashlib.sha256(raw).hexdigest() + f":{max_steps}:{compress}"
        if key in self.cache:
            self.cache.move_to_end(key)
            return self.cache[key]
        answer: tuple[int, bytes, bool] = await self._submit("replay", (record, max_steps, compress), owner)
        steps, body, hit = answer
        if hit:
            self.worker_hits += 1
        if body.startswith(b'{"refused":'):
            code, message = json.loads(body)["refused"]
            raise JobRefused(code, message)
        self.cache[key] = body
        self.cached_bytes += len(body)
        while self.cached_bytes > self.CACHE_BYTES and self.cache:
            self.cached_bytes -= len(self.cache.popitem(last=False)[1])
        return body

    async def check_record(
        self, record: dict[str, Any] | bytes, max_steps: int, agent: str, owner: str = ""
    ) -> dict[str, Any]:
        """A record to analyse, parsed, refused by its length and checked step by step in the worker, under the
        same fair share and step budget as replays: {"record": its JSON, "key": its analysis key by `agent`,
        "decisions": the steps where a seat chose}. JobRefused names what is wrong with it."""
        checked: tuple[int, dict[str, Any]] = await self._submit("check_record", (record, max_steps, agent), owner)
        steps, answer = checked
        if "refused" in answer:
            raise JobRefused(*answer["refused"])
        return answer

    async def _submit(self, kind: str, args: tuple[Any, ...], owner: str) -> Any:
        """Queue a job under `owner` (refused when its budget or the queue is full) and wait for its result, the
        steps it walked first; the steps are charged to the owner's budget."""
        budget = self._budget(owner)
        if budget is not None and budget.wait(0) > 0:
            raise JobRefused(
                "rate_limited",
                f"too many replay steps from your address (at most {self.steps_per_minute:g} a minute); "
                f"try again in {budget.wait(0):.0f} s",
            )
        queue = self.queues.get(owner)
        if sum(len(q) for q in self.queues.values()) >= self.max_waiting or (queue and len(queue) >= self.per_owner):
            raise JobRefused("unavailable", "the server is busy replaying other records; try again in a minute")
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.queues.setdefault(owner, deque()).append(((kind, args), future))
        self._dispatch()
        result = await future
        if budget is not None:
            budget.wait(result[0])  # charged after the fact: the steps are known once the worker has parsed it
        return result

    def _dispatch(self) -> None:
        """Hand waiting jobs to free workers: the address served longest ago first, never an address with a job
        in progress."""
        while self.free:
            ready = [o for o in self.queues if not self.running.get(o)]
            if not ready:
                return
            owner = min(ready, key=lambda o: self.served.get(o, -1))
            queue = self.queues[owner]
            job, future = queue.popleft()
            if not queue:
                del self.queues[owner]
            if future.done():
                continue
            self.turn += 1
            self.served[owner] = self.turn
            if len(self.served) > 10000:
                for old in sorted(self.served, key=self.served.__getitem__)[:5000]:
                    del self.served[old]
            worker = min(self.free, key=self.workers.index)
            self.free.remove(worker)
            self.running[owner] = 1
            task = asyncio.get_running_loop().create_task(self._run(worker, owner, job, future))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    async def _run(self, worker: Worker, owner: str, job: _Job, future: asyncio.Future[Any]) -> None:
        kind, args = job
        error: BaseException | None = None
        try:
            result = await worker.run(kind, args, self.timeout)
        except TimeoutError:
            error = JobRefused(
                "too_large",
                f"replaying this record took over {self.timeout:g} s; it is too long to "
                + ("watch" if kind == "replay" else "analyse"),
            )
        except (JobFailed, OSError) as e:
            log.warning("a replay failed in its worker process: %s", e)
            error = JobRefused("unavailable", "the replay failed on the server; try again in a moment")
        except BaseException as e:  # cancelled (the server is stopping)
            error = e
        finally:
            self.running.pop(owner, None)
            self.free.append(worker)
        if error is None:
            if not future.done():
                future.set_result(result)
        elif not future.done():
            future.set_exception(error)
        if isinstance(error, asyncio.CancelledError):
            raise error
        self._dispatch()

    async def stop(self) -> None:
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        for worker in self.workers:
            worker.stop()
