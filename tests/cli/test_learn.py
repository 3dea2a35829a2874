"""`boardcade learn GAME` (issue 29): the lessons in the terminal, from the same lessons file as the web app."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from boardcade.cli.main import app
from boardcade.learn import StepRun, load_course

runner = CliRunner()


def flat(result) -> str:
    return " ".join(result.output.split())


def answers_for(game: str, wrong_first: bool = True) -> list[str]:
    """What a learner types to play every step: a wrong move, then the lesson's move, for every question."""
    course = load_course(game)
    typed = []
    for index in range(len(course.steps)):
        run = StepRun(course, index)
        while not run.complete:
            menu = [info["action"] for info in run.state.observation(run.seat)["legal_actions"]]
            expected = run.expected_actions()
            if wrong_first:
                typed.append(str(next(n for n, a in enumerate(menu, 1) if a not in expected)))
            typed.append(str(menu.index(expected[0]) + 1))
            run.play(expected[0])
        typed.append("")  # Enter: the next step
    return typed


@pytest.mark.parametrize("game", ["qbert", "mb_centipede", "atari_centipede"])
def test_learn_plays_every_step_and_explains_wrong_moves(game):
    """QB-3.3, MB-2.1, AC-4.3...: each step shows its rule clauses and question; a wrong move is explained with
    what it would have done; the lesson's move completes the step."""
    course = load_course(game)
    result = runner.invoke(app, ["learn", game], input="\n".join(answers_for(game)) + "\n", env={"COLUMNS": "200"})
    out = flat(result)
    assert result.exit_code == 0, out[-2000:]
    assert out.count("Not this lesson's move.") == sum(s.asks for s in course.steps)
    assert "would have done:" in out and "The position is as it was" in out
    for step in course.steps:
        assert step.title in out and step.rules[0][0] in out
        assert " ".join(step.done.split()) in out
    assert "That was the last step." in out


def test_learn_keys_hint_retry_skip_back_quit_and_bad_input():
    course = load_course("qbert")
    first = StepRun(course, 0)
    menu = [info["label"] for info in first.state.observation(0)["legal_actions"]]
    typed = ["?", "x", "r", "s", "b", "q"]
    result = runner.invoke(app, ["learn", "qbert"], input="\n".join(typed) + "\n", env={"COLUMNS": "200"})
    out = flat(result)
    assert result.exit_code == 0, out
    assert f"The lesson's move: {menu[1]}" in out  # ? names it (hop down-right to (1,1))
    assert "'x' is not a move: type a number from 1 to 3" in out
    assert out.count("Step 1 of 5: Hop down") == 3  # shown, restarted (r), and again after s then b
    assert "Step 2 of 5: The pegs" in out
    assert "Stopped at step 1. Start there again with: boardcade learn qbert --step 1" in out


def test_learn_starts_at_a_step_and_refuses_unknown_games_and_steps():
    result = runner.invoke(app, ["learn", "mb_centipede", "--step", "spider"], input="q\n")
    assert result.exit_code == 0 and "Step 5 of 6: The Spider" in flat(result)
    result = runner.invoke(app, ["learn", "chess"])
    assert result.exit_code == 2 and "valid games" in result.output
    result = runner.invoke(app, ["learn", "qbert", "--step", "9"])
    assert result.exit_code == 2 and "no lesson step" in flat(result) and "hop" in flat(result)
