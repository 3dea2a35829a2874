"""`boardcade arena --sprt` and duplicate deals from the command line: stopping, resuming, provenance."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from boardcade.cli.main import app

runner = CliRunner()


def lines(folder):
    return [json.loads(x) for x in (folder / "results.jsonl").read_text().splitlines() if x.strip()]


def same_match(a, b):
    return (a["key"], a["seats"], a["deal"], a["actions"], a["returns"]) == (
        b["key"],
        b["seats"],
        b["deal"],
        b["actions"],
        b["returns"],
    )


def sprt_args(folder, pairs, hypotheses="0,5"):
    return ["arena", "qbert", "--agents", "greedy,random", "--sprt", hypotheses, "--games", str(pairs)] + [
        "--workers",
        "1",
        "--seed",
        "4",
        "--out",
        str(folder),
    ]


def test_sprt_stops_as_soon_as_it_is_decided(tmp_path):
    """greedy beats random in nearly every Q*bert match: H1 (200 Elo rather than 0) is accepted long before the
    50-pair cap, with the running LLR, Elo and LOS printed, and only the pairs counted are saved."""
    result = runner.invoke(app, sprt_args(tmp_path, 50, "0,200"))
    assert result.exit_code == 0, result.output
    assert "H1 accepted" in result.output and "LLR" in result.output and "LOS" in result.output
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["sprt"]["verdict"] == "H1" and summary["sprt"]["llr"] >= summary["sprt"]["upper"]
    pairs = summary["sprt"]["pairs"]
    assert 3 <= pairs < 50 and len(lines(tmp_path)) == 2 * pairs
    assert all(llr < summary["sprt"]["upper"] for llr in summary["llr_by_pair"][:-1])  # it stopped at the first
    assert summary["standings"]["agents"]["greedy"]["cpu_per_decision"] > 0


def test_sprt_resumed_run_continues_where_it_stopped(tmp_path):
    """A run stopped mid-pair (its results file cut after 3 matches) plays only the missing match, the same one it
    would have played; raising the cap plays the next pairs; nothing saved is played again."""
    first = runner.invoke(app, sprt_args(tmp_path, 2))
    assert first.exit_code == 0 and "undecided after 2 pairs" in first.output, first.output
    full = lines(tmp_path)
    assert len(full) == 4
    text = (tmp_path / "results.jsonl").read_text().splitlines(keepends=True)
    (tmp_path / "results.jsonl").write_text("".join(text[:3]))
    again = runner.invoke(app, sprt_args(tmp_path, 2))
    assert again.exit_code == 0 and "Resuming: 1 pairs already counted" in again.output, again.output
    resumed = lines(tmp_path)
    assert len(resumed) == 4 and all(same_match(a, b) for a, b in zip(resumed, full, strict=True))
    more = runner.invoke(app, sprt_args(tmp_path, 3))
    assert more.exit_code == 0 and "Resuming: 2 pairs already counted" in more.output, more.output
    grown = lines(tmp_path)
    assert len(grown) == 6 and all(same_match(a, b) for a, b in zip(grown[:4], full, strict=True))
    assert json.loads((tmp_path / "summary.json").read_text())["sprt"]["pairs"] == 3


def test_every_session_records_the_code_version_and_evaluator_digests(tmp_path):
    runner.invoke(app, sprt_args(tmp_path, 1))
    sessions = [json.loads(x) for x in (tmp_path / "sessions.jsonl").read_text().splitlines()]
    assert [s["event"] for s in sessions] == ["start", "end"] and [s["results"] for s in sessions] == [0, 2]
    for s in sessions:
        assert set(s["code"]) == {"version", "commit", "dirty", "mode"}
        digests = s["evaluators"]["qbert"]
        assert set(digests) == {"heuristic.py", "evaluator.json"} and all(len(d) == 16 for d in digests.values())


def test_sprt_bad_input_names_what_is_allowed(tmp_path):
    for hypotheses, message in (("10", "two Elo numbers"), ("5,0", "elo1 must be above elo0"), ("a,b", "elo0,elo1")):
        result = runner.invoke(app, sprt_args(tmp_path, 2, hypotheses))
        assert result.exit_code == 2 and message in result.output, result.output
    three = runner.invoke(app, ["arena", "qbert", "--agents", "greedy,random,easy", "--sprt", "0,5"])
    assert three.exit_code == 2 and "name two agents" in three.output
    independent = runner.invoke(app, [*sprt_args(tmp_path, 2), "--deals", "independent"])
    assert independent.exit_code == 2 and "duplicate" in independent.output
    bad_deals = runner.invoke(app, ["arena", "qbert", "--agents", "greedy,random", "--deals", "shuffled"])
    assert bad_deals.exit_code == 2 and "duplicate, independent" in bad_deals.output
    assert not (tmp_path / "results.jsonl").exists()


def test_duplicate_arena_run_reports_its_pairs(tmp_path):
    args = ["arena", "qbert", "--agents", "greedy,random", "--games", "2", "--workers", "1", "--out", str(tmp_path)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "Duplicate pairs: 2" in result.output and "CPU" in result.output
    recs = lines(tmp_path)
    assert len({r["deal"] for r in recs}) == 2 and all(r["deal"] is not None for r in recs)
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["config"]["deals"] == "duplicate" and summary["duplicate_pairs"]["pairs"] == 2
    assert summary["agents"]["greedy"]["cpu_per_decision"] > 0
