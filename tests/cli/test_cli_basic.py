"""The command line: games, rules, play, simulate, replay."""

import json
import re

import pytest
from typer.testing import CliRunner

from boardcade import load_record
from boardcade.cli.main import app

from .pty_helpers import column_text

runner = CliRunner()


def text(result) -> str:
    """The command's output with Rich's line wrapping undone."""
    return " ".join(result.output.split())


def test_games_lists_qbert_with_its_options():
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    assert "qbert" in result.output and "max_turns_per_round" in result.output


def test_rules_renders_the_rules_document():
    result = runner.invoke(app, ["rules", "qbert"], env={"COLUMNS": "140"})
    assert result.exit_code == 0
    assert "QB-5.7" in result.output and "falls off" in result.output


def test_unknown_game_is_a_clear_error():
    result = runner.invoke(app, ["rules", "chess"])
    assert result.exit_code == 2 and "valid games" in result.output
    result = runner.invoke(app, ["simulate", "qbert", "-n", "1", "--option", "colour=red"])
    assert result.exit_code == 2 and "unknown option" in result.output and "max_turns_per_round" in result.output
    result = runner.invoke(app, ["simulate", "qbert", "-n", "1", "--option", "oops"])
    assert result.exit_code != 0 and "key=value" in result.output


def test_simulate_reports_win_rates_lengths_cap_and_speed():
    result = runner.invoke(app, ["simulate", "qbert", "-n", "30", "--seed", "2", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["games"] == 30
    assert set(report["roles"]) == {"Q*bert first", "nasties first"}
    for seat in report["seats"]:
        assert abs(seat["win"] + seat["draw"] + seat["loss"] - 1) < 1e-9
    assert report["mean_length"] > 0 and report["steps_per_second"] > 0
    assert 0 <= report["safety_cap_rate"] <= 1 and "qbert_turns" in report["stats_mean"]
    again = json.loads(runner.invoke(app, ["simulate", "qbert", "-n", "30", "--seed", "2", "--json"]).output)
    assert again["seats"] == report["seats"] and again["mean_length"] == report["mean_length"]  # same seed
    table = runner.invoke(app, ["simulate", "qbert", "-n", "5", "--agents", "greedy,random"])
    assert table.exit_code == 0 and "Safety cap" in table.output and "steps/s" in table.output
    bad = runner.invoke(app, ["simulate", "qbert", "--agents", "genius"])
    assert bad.exit_code == 2 and "unknown agent 'genius'" in bad.output


def test_play_computer_seats_to_the_end_saves_a_replayable_record(tmp_path):
    path = tmp_path / "m.json"
    result = runner.invoke(
        app, ["play", "qbert", "--seat", "random", "--seat", "greedy", "--seed", "4", "--record", str(path)]
    )
    assert result.exit_code == 0, result.output
    assert "[QB-2.1]" in result.output and "Match saved" in result.output
    record = load_record(path)
    assert record.seats == ["random", "greedy"] and record.result is not None
    assert record.replay().is_terminal()


def test_play_human_bad_input_reasks_and_quit_saves(tmp_path):
    path = tmp_path / "h.json"
    result = runner.invoke(
        app,
        ["play", "qbert", "--seat", "human", "--seat", "greedy", "--seed", "1", "--record", str(path)],
        input="zz\n99\nh\ndl\nq\n",
    )
    assert result.exit_code == 0, result.output
    assert "'zz' is not a move" in text(result) and "99 is not a key on the screen" in text(result)
    assert "row 6" in result.output  # the pyramid
    assert "Match saved to" in text(result) and path.exists()
    record = load_record(path)
    assert record.result is None and len(record.actions) >= 3
    record.replay()


def test_play_hot_seat_hides_the_roll_until_the_device_is_passed(tmp_path):
    path = tmp_path / "hs.json"
    # Both seats human; moves: always the first listed choice, then quit.
    result = runner.invoke(
        app,
        ["play", "qbert", "--seat", "human", "--seat", "human", "--seed", "3", "--record", str(path)],
        input="1\n" * 60 + "q\n",
    )
    assert result.exit_code == 0, result.output
    assert "Pass the device to" in result.output
    before_prompt = result.output.split("Pass the device to")[0]
    assert "secretly rolled" not in before_prompt


def test_ctrl_c_saves_the_record_and_says_where(tmp_path, monkeypatch):
    path = tmp_path / "c.json"

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr("builtins.input", interrupted)
    result = runner.invoke(app, ["play", "qbert", "--seat", "human", "--seat", "random", "--record", str(path)])
    assert result.exit_code == 130
    assert "Stopped the match (Ctrl-C). Match saved to" in result.output and path.exists()
    load_record(path).replay()


def test_replay_steps_through_a_record_and_rejects_tampering(tmp_path):
    path = tmp_path / "r.json"
    runner.invoke(app, ["play", "qbert", "--seat", "random", "--seat", "random", "--seed", "8", "--record", str(path)])
    result = runner.invoke(app, ["replay", str(path), "--no-step"])
    assert result.exit_code == 0, result.output
    assert "state 0 of" in result.output and "End of record" in result.output
    stepped = runner.invoke(app, ["replay", str(path)], input="\n\nb\nq\n")
    assert stepped.exit_code == 0 and "state 2 of" in stepped.output
    data = json.loads(path.read_text())
    data["actions"][5] = 77
    path.write_text(json.dumps(data))
    bad = runner.invoke(app, ["replay", str(path)])
    assert bad.exit_code == 2 and "step 5: illegal action 77" in text(bad)


@pytest.mark.parametrize("args", [["play", "qbert", "--seat", "human"], ["play", "qbert"]])
def test_play_fills_missing_seats_with_greedy(args, tmp_path):
    result = runner.invoke(app, [*args, "--record", str(tmp_path / "x.json")], input="q\n")
    assert result.exit_code == 0 and "Player 2: greedy" in result.output


def test_play_hint_suggests_a_listed_move_and_leaves_the_match_as_it_was(tmp_path):
    """Issue 15: at a human move, `hint` (or `?`) prints the medium agent's suggestion (a listed move with its
    share of the search); asking changes nothing: the same seed then plays the same match."""
    with_hint = tmp_path / "a.json"
    without = tmp_path / "b.json"
    args = ["play", "mb_centipede", "--seat", "human", "--seat", "greedy", "--seed", "5"]
    result = runner.invoke(app, [*args, "--record", str(with_hint)], input="hint\n?\n1\n1\nq\n")
    assert result.exit_code == 0, result.output
    hints = re.findall(r"Hint \(medium, [0-9.]+ s\): (\S+ .*?\(\d+% of its search\))", text(result))
    assert len(hints) == 2 and hints[0] == hints[1], result.output
    plain = runner.invoke(app, [*args, "--record", str(without)], input="1\n1\nq\n")
    assert plain.exit_code == 0
    assert load_record(with_hint).actions == load_record(without).actions
    helped = runner.invoke(app, ["play", "--help"], env={"COLUMNS": "200"})
    assert "hint" in helped.output
    helped = runner.invoke(app, [*args, "--record", str(without), "--overwrite"], input="h\nq\n")
    assert "? or hint" in column_text(helped.output.splitlines(), "So far")  # the column beside the board


def test_agents_lists_every_level_with_what_it_does_and_how_long_it_thinks():
    """Issue 15 (levels explained): `boardcade agents` shows each level's one-line description and time."""
    from boardcade.agents import AGENTS

    result = runner.invoke(app, ["agents"], env={"COLUMNS": "250"})
    assert result.exit_code == 0, result.output
    out = text(result)
    for name in ("random", "beginner", "greedy", "easy", "medium", "hard"):
        assert f"{name} (level)" in out
        assert AGENTS[name].think in out
    assert "iterations" in out and "ismcts" in out


def test_play_asks_the_games_own_question_above_the_menu(tmp_path):
    """Issue 27 item 2: the terminal prints the observation's prompt (the game's question for the seat to move)
    right above the numbered choices, the same words the web shows."""
    from boardcade.games.mb_centipede.prompts import TABLE

    path = tmp_path / "q.json"
    result = runner.invoke(
        app,
        ["play", "mb_centipede", "--seat", "human", "--seat", "greedy", "--seed", "2", "--record", str(path)],
        input="1\nq\n",
        env={"COLUMNS": "200"},
    )
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    # Each decision screen: the question, (a line on what to type,) then the menu's first line (`1)` or a range).
    firsts = [i for i, line in enumerate(lines) if re.search(r"\s(1|[0-9]+–[0-9, –]+)\) \S", line)]
    firsts = [i for i in firsts if not re.search(r"\s[0-9]+\) \S", lines[i - 1])]  # the first line of a menu
    asked = [lines[i - 2] if "Type a key" in lines[i - 1] else lines[i - 1] for i in firsts]
    questions = tuple(entry.you.split("{")[0] for entry in TABLE.values() if entry.you)
    column = [re.split(r"\s{2,}", line.strip())[-1] for line in asked]  # the side column's text on that line
    assert len(asked) == 2 and all(q.startswith(questions) for q in column), asked
