"""The Ray backend against a local Ray instance started here."""

from __future__ import annotations

import ray

from boardcade.arena import round_robin, run_local, run_ray


def test_ray_backend_gives_the_same_results_as_local_processes():
    """Arena: the same seeds give the same results on either backend."""
    specs = round_robin("qbert", {}, ["random", "greedy"], games=1, seed=5)
    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
    try:
        on_ray = {r["key"]: (r["returns"], r["actions"]) for r in run_ray(specs)}
    finally:
        ray.shutdown()
    local = {r["key"]: (r["returns"], r["actions"]) for r in run_local(specs, workers=1)}
    assert on_ray == local
