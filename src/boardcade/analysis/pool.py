"""Worker processes for an analysis: each a fresh `python -m boardcade.analysis.worker` fed tasks over a pipe
by a thread of the caller, so a slow position never blocks the caller and nothing of the caller's state (its
main module, its open matches) reaches the workers."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

import boardcade


class AnalysisCancelled(Exception):
    """The analysis was stopped (`cancel` was set) before it was complete."""


class WorkerFailed(RuntimeError):
    """A worker process failed a task or died; the message says which and why."""


def _env() -> dict[str, str]:
    """The caller's environment, with this copy of boardcade first on the path of the workers."""
    env = dict(os.environ)
    here = str(Path(boardcade.__file__).resolve().parent.parent)
    env["PYTHONPATH"] = os.pathsep.join([here, *filter(None, [env.get("PYTHONPATH")])])
    return env


def run_chunks(
    tasks: list[list[Any]],
    workers: int,
    on_result: Callable[[list[dict[str, Any]]], None],
    cancel: threading.Event | None = None,
) -> None:
    """Run `evaluate_chunk(*task)` for every task on `workers` processes; `on_result` gets each task's answer
    (called from one thread at a time). Raises WorkerFailed for a failed task, AnalysisCancelled when `cancel`
    is set; every worker process is gone when this returns."""
    queue = deque(tasks)
    lock = threading.Lock()
    stop = cancel or threading.Event()
    failures: list[str] = []
    procs: list[subprocess.Popen[str]] = []

    def drive() -> None:
        try:
            proc = subprocess.Popen(
                [sys.executable, "-m", "boardcade.analysis.worker"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
                env=_env(),
            )
        except OSError as e:
            failures.append(f"a worker process could not start: {e}")
            stop.set()
            return
        stdin, stdout = proc.stdin, proc.stdout
        assert stdin is not None and stdout is not None  # both are pipes (PIPE above)
        with lock:
            procs.append(proc)
        try:
            while not stop.is_set():
                with lock:
                    if not queue:
                        return
                    task = queue.popleft()
                stdin.write(json.dumps(task) + "\n")
                stdin.flush()
                line = stdout.readline()
                if not line:
                    raise WorkerFailed(f"a worker process died (exit status {proc.wait()})")
                answer = json.loads(line)
                if "error" in answer:
                    raise WorkerFailed(f"a worker process failed: {answer['error']}")
                with lock:
                    on_result(answer["ok"])
        except (WorkerFailed, OSError, ValueError) as e:
            failures.append(str(e))
            stop.set()
        finally:
            try:
                stdin.close()
            except OSError:
                pass
            if stop.is_set():
                proc.kill()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()

    threads = [threading.Thread(target=drive, daemon=True) for _ in range(max(1, min(workers, len(tasks))))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if failures:
        raise WorkerFailed(failures[0])
    if stop.is_set() and queue:
        raise AnalysisCancelled("the analysis was stopped before it was complete")
