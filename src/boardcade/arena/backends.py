"""Where matches run: local worker processes (default) or Ray tasks on a Ray cluster.

Both take a list of `MatchSpec`s and yield result records as matches finish (in any order). Results do not
depend on the backend: a match's seed fixes everything in it.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from typing import Any

from .match import MatchSpec, play_match


def default_workers() -> int:
    return max(1, os.cpu_count() or 1)


def run_local(specs: list[MatchSpec], workers: int | None = None) -> Iterator[dict[str, Any]]:
    """Play matches in `workers` processes (1 = in this process), yielding each result when it is done."""
    workers = default_workers() if workers is None else workers
    if workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    if workers == 1 or len(specs) <= 1:
        for spec in specs:
            yield play_match(spec)
        return
    pool = ProcessPoolExecutor(max_workers=min(workers, len(specs)), mp_context=multiprocessing.get_context("spawn"))
    try:
        pending = {pool.submit(play_match, spec) for spec in specs}
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                yield future.result()
    finally:
        pool.shutdown(wait=False, cancel_futures=True)


def run_ray(specs: list[MatchSpec], address: str | None = None, max_in_flight: int = 256) -> Iterator[dict[str, Any]]:
    """Play matches as Ray tasks. Connects to `address` (e.g. "ray://host:10001" or "auto") unless Ray is
    already initialised in this process; with no address a local Ray instance is started.
    The cluster's workers need boardcade installed (same version) in their Python environment."""
    try:
        import ray
    except ImportError:
        raise RuntimeError("the Ray backend needs the 'ray' extra: pip install 'boardcade[ray]'") from None
    if not ray.is_initialized():
        ray.init(address=address, include_dashboard=False, log_to_driver=False)
    remote = ray.remote(play_match)
    queue = list(reversed(specs))
    in_flight: list[Any] = []
    try:
        while queue or in_flight:
            while queue and len(in_flight) < max_in_flight:
                in_flight.append(remote.remote(queue.pop()))
            done, in_flight = ray.wait(in_flight, num_returns=1)
            for ref in done:
                yield ray.get(ref)
    finally:
        for ref in in_flight:
            ray.cancel(ref, force=True)


def run_specs(
    specs: list[MatchSpec], backend: str = "local", workers: int | None = None, address: str | None = None
) -> Iterator[dict[str, Any]]:
    if backend == "local":
        return run_local(specs, workers)
    if backend == "ray":
        return run_ray(specs, address)
    raise ValueError(f"unknown backend {backend!r}; backends: local, ray")
