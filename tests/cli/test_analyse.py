"""`boardcade analyse RECORD` (issue 29): the analysis in the terminal, and as JSON."""

from __future__ import annotations

import json
import random

from typer.testing import CliRunner

from boardcade import load_game
from boardcade.agents import make_agent
from boardcade.cli.main import app
from boardcade.core import Record, play

runner = CliRunner()
AGENT = ["--agent", "medium:iterations=30", "--workers", "0"]


def saved_match(tmp_path, game="qbert", seed=5):
    g = load_game(game)
    state = g.new_initial_state()
    play(state, {p: make_agent("greedy", seed + p) for p in range(g.num_players)}, random.Random(seed))
    return Record.for_state(state, ["greedy"] * g.num_players).save(tmp_path / f"{game}.json")


def test_analyse_prints_the_graph_the_counts_and_the_marked_decisions(tmp_path):
    path = saved_match(tmp_path, "mb_centipede", 1)
    result = runner.invoke(app, ["analyse", str(path), *AGENT, "--all"], env={"COLUMNS": "200"})
    out = result.output
    assert result.exit_code == 0, out
    assert "decision(s) of" in out and "analysed by medium:iterations=30" in out
    assert "Green's estimated win chance:" in out and "Decisions by seat" in out
    assert "Every decision:" in out and "Green's view" in out and "Red's view" in out


def test_analyse_json_and_one_seats_view(tmp_path):
    """QB-3.1: with --seat, only that seat's own evaluations (its information) are given."""
    path = saved_match(tmp_path)
    result = runner.invoke(app, ["analyse", str(path), *AGENT, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert (
        data["format"] == "boardcade-analysis/1" and data["game"] == "qbert" and data["agent"] == "medium:iterations=30"
    )
    assert {p["view"] for p in data["positions"]} == {0, 1}
    one = json.loads(runner.invoke(app, ["analyse", str(path), *AGENT, "--json", "--seat", "1"]).output)
    timeless = lambda ps: [{k: v for k, v in p.items() if k != "cpu"} for p in ps]  # noqa: E731
    assert one["only_view"] == 1 and timeless(one["positions"]) == timeless(
        p for p in data["positions"] if p["view"] == 1
    )


def test_analyse_refuses_bad_records_seats_and_agents(tmp_path):
    path = saved_match(tmp_path)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**json.loads(path.read_text()), "actions": [999]}))
    result = runner.invoke(app, ["analyse", str(bad), *AGENT])
    assert result.exit_code == 2 and "illegal action" in result.output
    result = runner.invoke(app, ["analyse", str(path), *AGENT, "--seat", "5"])
    assert result.exit_code == 2 and "seats 0..1" in result.output
    result = runner.invoke(app, ["analyse", str(path), "--agent", "nobody"])
    assert result.exit_code == 2 and "unknown agent" in result.output
