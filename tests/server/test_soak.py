"""A short run of the soak benchmark (benchmarks/soak.py): a real `boardcade serve` process, many matches played
to the end over WebSocket on loopback, spectators coming and going, records and replays fetched. Zero errors,
from the clients and in the server's own output (SV-2, SV-4: no failure reaches a client or the log)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from .conftest import finish_match

SOAK = Path(__file__).resolve().parents[2] / "benchmarks" / "soak.py"


def load_soak():
    """benchmarks/ is not a package: load the script as a module (registered, as its dataclasses need)."""
    if "boardcade_soak" not in sys.modules:
        spec = importlib.util.spec_from_file_location("boardcade_soak", SOAK)
        module = importlib.util.module_from_spec(spec)
        sys.modules["boardcade_soak"] = module
        spec.loader.exec_module(module)
    return sys.modules["boardcade_soak"]


def test_sv2_short_soak_plays_many_matches_to_the_end_with_zero_errors():
    soak = load_soak()
    report = soak.run(minutes=0.15, matches=8, think=0.01, every=0.75, seed=3)
    assert report.errors == []
    assert report.finished >= 2 and report.actions > 200, (report.finished, report.actions)
    assert len(report.samples) >= 8 and all(mib > 10 for _, mib in report.samples)
    assert report.lost == 0 and len(report.acked) == report.actions


def test_sv13_short_soak_on_two_servers_sharing_postgresql_loses_no_acknowledged_move(postgres_url):
    """Each match's two players and spectator sit on different servers: every move crosses between them."""
    soak = load_soak()
    report = soak.run(minutes=0.15, matches=6, think=0.01, every=0.75, seed=4, database=postgres_url, servers=2)
    assert report.errors == []
    assert report.finished >= 2 and report.actions > 150, (report.finished, report.actions)
    assert report.lost == 0


def test_soak_slope_is_the_least_squares_line_through_the_samples_after_warm_up():
    soak = load_soak()
    rising = soak.Report(samples=[(t, 100 + 0.5 * t) for t in range(0, 100, 10)])
    assert abs(rising.slope_mib_per_min() - 30.0) < 1e-9  # 0.5 MiB/s
    flat = soak.Report(samples=[(0, 500.0), (10, 90.0), (20, 90.0), (30, 90.0), (40, 90.0)])
    assert flat.slope_mib_per_min() == 0.0, "the warm-up sample is left out"


def test_sv2_matches_finished_over_http_alone_do_not_stay_in_memory(h, client):
    """Memory regression: a match played to its end over HTTP (no socket to release it on close), or a finished
    match looked at through a seat view, used to stay in the server's memory until a restart."""
    mgr = client.app.state.manager
    m = h.new_match(client)
    assert finish_match(client, m, seed=8, accepted=(200,)).is_terminal()
    h.new_match(client)
    assert m["id"] not in mgr.live, "released once another match is created"
    assert client.post(f"/api/matches/{m['id']}/view", json={"seat": 0, "token": m["tokens"]["0"]}).status_code == 200
    h.new_match(client)
    assert m["id"] not in mgr.live, "a look at a finished match does not pin it in memory either"
    assert client.get(f"/api/matches/{m['id']}").json()["status"] == "finished", "it is still served from storage"
    assert len(mgr.live) == 2
