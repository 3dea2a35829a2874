"""`boardcade analyse RECORD` (issue 29): the analysis in the terminal, and as JSON."""

from __future__ import annotations

import json
import random

from typer.testing import CliRunner

from boardcade import load_game, load_record
from boardcade.agents import make_agent
from boardcade.cli.main import app
from boardcade.core import Record, play

from .pty_helpers import Terminal

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


def unfinished_hot_seat(tmp_path, steps=80):
    """An Atari's Centipede match between two people at one terminal, saved unfinished after `steps` steps
    (greedy moves, seed 4): each seat's hand of cards is hidden from the other (AC-5.2); the Centipede has held
    Berserk! by then."""
    g = load_game("atari_centipede", setup="random")
    state = g.new_initial_state()
    play(state, {p: make_agent("greedy", 4 + p) for p in range(2)}, random.Random(4), max_steps=steps)
    assert not state.is_terminal()
    return Record.for_state(state, ["human", "human"]).save(tmp_path / "unfinished.json")


def test_analyse_refuses_an_unfinished_match_unless_one_seat_asks(tmp_path):
    """Issue 35 item 10 (AC-5.2): `analyse` on an unfinished hot-seat match showed the other seat's cards
    ("better: play Berserk!"). Now it refuses, saying why and how to go on; a real terminal shows the refusal and
    no evaluation."""
    path = unfinished_hot_seat(tmp_path)
    t = Terminal(["analyse", str(path), *AGENT, "--all"], 100, 30)
    try:
        code = t.finish()
    finally:
        t.close()
    said = " ".join(t.printed().split())
    assert code == 2, said
    assert "is an unfinished match" in said and "--seat N (0 = Gnome, 1 = Centipede)" in said, said
    assert f"boardcade play --resume {path}" in said and "better:" not in said and "view" not in said, said


def test_analyse_of_an_unfinished_match_for_one_seat_shows_only_its_own_information(tmp_path):
    """Issue 35 item 10 (AC-5.2): with --seat, an unfinished match is analysed for that seat only: every
    evaluation is of its own decisions, and every move named (played, better, alternatives) is one of its own
    legal moves then, so nothing of the other seat's hidden hand is named."""
    path = unfinished_hot_seat(tmp_path)
    result = runner.invoke(app, ["analyse", str(path), *AGENT, "--json", "--seat", "0"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["positions"] and {(p["seat"], p["view"]) for p in data["positions"]} == {(0, 0)}
    record = load_record(path)
    state = record.load_game().new_initial_state()
    own: dict[int, set[str]] = {}
    for step, action in enumerate(record.actions):
        if state.current_player() == 0:
            own[step] = {i["label"] for i in state.observation(0)["legal_actions"]}
        state.apply_action(action)
    for p in data["positions"]:
        named = {p["played"]["label"], p["best"]["label"]} | {a["label"] for a in p["alternatives"]}
        assert named <= own[p["step"]], (p["step"], named - own[p["step"]])
    text = runner.invoke(app, ["analyse", str(path), *AGENT, "--seat", "0", "--all"], env={"COLUMNS": "200"})
    assert text.exit_code == 0 and "Only Gnome's view" in text.output
    assert "Centipede:" not in text.output and "Centipede's view" not in text.output, text.output
    assert "Berserk" not in text.output  # a card of the Centipede's hidden hand
