"""`boardcade arena` and `boardcade balance` from the command line."""

from __future__ import annotations

import csv
import json

from typer.testing import CliRunner

from boardcade.agents.registry import split_agent_list as split_agents
from boardcade.cli.main import app  # every sub-command registered

runner = CliRunner()


def test_arena_plays_saves_and_resumes(tmp_path):
    """Arena: a table in the terminal, JSONL results and a summary; the same command again resumes (nothing left)."""
    args = ["arena", "qbert", "--agents", "random,greedy", "--games", "1", "--workers", "1", "--out", str(tmp_path)]
    first = runner.invoke(app, args)
    assert first.exit_code == 0, first.output
    assert "Standings" in first.output and "random" in first.output and "greedy" in first.output
    lines = (tmp_path / "results.jsonl").read_text().splitlines()
    assert len(lines) == 2
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["games"] == 2 and set(summary["agents"]) == {"random", "greedy"}
    second = runner.invoke(app, args)
    assert second.exit_code == 0 and "Resuming: 2 of 2" in second.output
    assert len((tmp_path / "results.jsonl").read_text().splitlines()) == 2


def test_arena_bad_input_names_what_is_allowed(tmp_path):
    bad_agent = runner.invoke(app, ["arena", "qbert", "--agents", "random,wizard", "--out", str(tmp_path)])
    assert bad_agent.exit_code == 2 and "wizard" in bad_agent.output and "greedy" in bad_agent.output
    bad_game = runner.invoke(app, ["arena", "pacman", "--agents", "random,greedy", "--out", str(tmp_path)])
    assert bad_game.exit_code == 2 and "qbert" in bad_game.output
    bad_backend = runner.invoke(app, ["arena", "qbert", "--agents", "random", "--backend", "cloud"])
    assert bad_backend.exit_code == 2 and "local, ray" in bad_backend.output
    assert not (tmp_path / "results.jsonl").exists()


def test_agent_list_keeps_ismcts_settings_together():
    assert split_agents("random, ismcts:iterations=50,seconds=1,hard") == [
        "random",
        "ismcts:iterations=50,seconds=1",
        "hard",
    ]


def test_balance_writes_report_and_csv(tmp_path):
    """Balance: per-role win rates, lengths and endings; an HTML report with plots and the raw numbers as CSV."""
    args = ["balance", "qbert", "--agent", "random", "--games", "3", "--workers", "1", "--out", str(tmp_path)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "Win rate by role" in result.output and "Q*bert first" in result.output
    html = (tmp_path / "report.html").read_text()
    assert "Win rate by role" in html and "data:image/png;base64," in html
    with open(tmp_path / "games.csv") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 3 and {"p1_role", "p2_return", "length", "end_rule"} <= set(rows[0])
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert sum(v["games"] for v in summary["seats"].values()) == 6
    assert sum(e["count"] for e in summary["ends"].values()) == 3


def test_balance_option_is_applied_and_checked(tmp_path):
    bad = runner.invoke(app, ["balance", "qbert", "--option", "colour=blue", "--games", "1", "--out", str(tmp_path)])
    assert bad.exit_code == 2 and "colour" in bad.output and "valid options" in bad.output


def test_arena_extend_grows_a_saved_run_without_its_settings(tmp_path):
    """`arena --extend FOLDER --games N`: the run's game, agents, options and seed come from its folder; the
    matches already played stay as they were and only the new ones are played (the first ones are the same
    matches a longer run would have played: a match's seed depends on the base seed and its key only)."""
    base = ["arena", "qbert", "--agents", "random,greedy", "--workers", "1", "--seed", "5"]
    assert runner.invoke(app, [*base, "--games", "1", "--out", str(tmp_path / "a")]).exit_code == 0
    first = (tmp_path / "a" / "results.jsonl").read_text().splitlines()
    grown = runner.invoke(app, ["arena", "--extend", str(tmp_path / "a"), "--games", "2", "--workers", "1"])
    assert grown.exit_code == 0, grown.output
    assert "Resuming: 2 of 4" in grown.output
    lines = (tmp_path / "a" / "results.jsonl").read_text().splitlines()
    assert lines[:2] == first and len(lines) == 4
    assert json.loads((tmp_path / "a" / "config.json").read_text())["games"] == 2
    assert runner.invoke(app, [*base, "--games", "2", "--out", str(tmp_path / "b")]).exit_code == 0
    played = lambda folder: sorted(  # noqa: E731
        (r["key"], r["actions"])
        for r in map(json.loads, (tmp_path / folder / "results.jsonl").read_text().splitlines())
    )
    assert played("a") == played("b")


def test_arena_extend_refuses_what_it_cannot_do(tmp_path):
    nothing = runner.invoke(app, ["arena", "--extend", str(tmp_path), "--games", "2"])
    assert nothing.exit_code == 2 and "config.json" in nothing.output
    args = ["arena", "qbert", "--agents", "random", "--games", "2", "--workers", "1", "--out", str(tmp_path)]
    assert runner.invoke(app, args).exit_code == 0
    shrink = runner.invoke(app, ["arena", "--extend", str(tmp_path), "--games", "1"])
    assert shrink.exit_code == 2 and "only grows" in shrink.output
    mixed = runner.invoke(app, ["arena", "qbert", "--extend", str(tmp_path), "--games", "3"])
    assert mixed.exit_code == 2 and "--extend reads" in mixed.output
    no_games = runner.invoke(app, ["arena", "--extend", str(tmp_path)])
    assert no_games.exit_code == 2 and "--games" in no_games.output
