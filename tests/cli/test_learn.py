"""`boardcade learn GAME` (issues 29 and 35): the lessons in the terminal, from the same lessons file as the web
app, one screen a step, typed as `boardcade play` is."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from boardcade.cli.main import app
from boardcade.cli.screen import View
from boardcade.learn import StepRun, load_course

from .pty_helpers import Terminal, column_text, ctrl_d_at_first_prompt, screen_after

runner = CliRunner()
BIG = {"COLUMNS": "200", "LINES": "80"}  # room for every lesson's text unfolded


def flat(result) -> str:
    return " ".join(result.output.split())


def key_of(run: StepRun, action: int) -> str:
    """What `boardcade play` would have the learner type for `action` (its key, or its square)."""
    menu = View.of(run.course.game).menu(run.state.observation(run.seat))
    return next(e.key for e in menu.entries if e.action == action)


def answers_for(game: str, wrong_first: bool = True) -> list[str]:
    """What a learner types to play every step: Enter at the introduction, then a wrong move and the lesson's
    move for every question, and Enter after each step."""
    course = load_course(game)
    typed = [""]
    for index in range(len(course.steps)):
        run = StepRun(course, index)
        while not run.complete:
            legal = run.state.legal_actions()
            expected = run.expected_actions()
            if wrong_first:
                typed.append(key_of(run, next(a for a in legal if a not in expected)))
            typed.append(key_of(run, expected[0]))
            run.play(expected[0])
        typed.append("")  # Enter: the next step
    return typed


@pytest.mark.parametrize("game", ["qbert", "mb_centipede", "atari_centipede"])
def test_learn_plays_every_step_and_explains_wrong_moves(game):
    """QB-3.3, MB-2.1, AC-4.3...: each step shows its rule clauses and question; a wrong move is explained with
    what it would have done; the lesson's move completes the step."""
    course = load_course(game)
    result = runner.invoke(app, ["learn", game], input="\n".join(answers_for(game)) + "\n", env=BIG)
    out = flat(result)
    assert result.exit_code == 0, out[-2000:]
    assert out.count("Not this lesson's move.") == sum(s.asks for s in course.steps)
    assert "would have done:" in out and "The position is as it was" in out
    told = column_text(result.output.splitlines(), "Well done.")  # the column beside the board
    for step in course.steps:
        assert step.title in out and step.rules[0][0] in out
        assert " ".join(step.done.split()) in told
    assert "That was the last step." in out


def test_learn_keys_hint_retry_skip_back_quit_and_bad_input():
    """The lesson's commands are words no move's key is (issue 35 item 9): ? names the lesson's move by its key,
    retry restarts, skip goes on, back goes back, q quits; anything else is refused naming what can be typed."""
    typed = ["", "?", "x", "retry", "skip", "back", "q"]
    result = runner.invoke(app, ["learn", "qbert"], input="\n".join(typed) + "\n", env=BIG)
    out = flat(result)
    assert result.exit_code == 0, out
    assert "The lesson's move: dr hop down-right to (1,1)" in out
    assert "'x' is not a move here: type a key shown (dl, dr, s), a square such as" in out
    assert "Step 2 of 5: The pegs" in out
    assert out.rindex("Step 1 of 5: Hop down") > out.index("Step 2 of 5")  # back to step 1
    assert "Stopped at step 1. Start there again with: boardcade learn qbert --step 1" in out


def test_learn_starts_at_a_step_and_refuses_unknown_games_and_steps():
    result = runner.invoke(app, ["learn", "mb_centipede", "--step", "spider"], input="q\n")
    assert result.exit_code == 0 and "Step 5 of 6: The Spider" in flat(result)
    result = runner.invoke(app, ["learn", "chess"])
    assert result.exit_code == 2 and "valid games" in result.output
    result = runner.invoke(app, ["learn", "qbert", "--step", "9"])
    assert result.exit_code == 2 and "no lesson step" in flat(result) and "hop" in flat(result)


BOTTOM_ROW = {"qbert": r"row 6", "mb_centipede": r"^\s*11 ", "atari_centipede": r"^r19 "}  # the board's last row


@pytest.mark.parametrize("game", ["qbert", "mb_centipede", "atari_centipede"])
def test_every_step_is_one_screen_at_80x24(game):
    """Issue 35 item 9: a step took 43-58 lines, so its title, rule text and answers scrolled away. Now at 80x24
    each step's screen holds together its title, the whole board, the start of its text and of every rule clause
    it teaches (the rest folded: t shows it), the question, the moves and the prompt."""
    course = load_course(game)
    t = Terminal(["learn", game, "--step", "1"], 80, 24)
    try:
        for index, step in enumerate(course.steps):
            t.wait()
            lines = t.screen()
            text = "\n".join(lines)
            assert lines[0].startswith(f"Step {index + 1} of {len(course.steps)}: {step.title}"), text
            assert any(re.search(BOTTOM_ROW[game], line) for line in lines), text
            beside = column_text(lines, "You play ")  # the column beside the board
            assert " ".join(step.text.split())[:30] in beside, text
            for rule, _ in step.rules:
                assert re.search(rf"\b{re.escape(rule)}\b", text), (rule, text)
            run = StepRun(course, index)
            assert " ".join(run.move.ask.split())[:30] in beside, text
            assert "your move:" in [line for line in lines if line.strip()][-1], text
            t.send("skip")
        t.wait(re.compile(rb"last step[^\n]*"))
    finally:
        t.close()


def test_learn_takes_the_keys_play_takes(tmp_path):
    """Issue 35 item 9: `s` skipped a lesson step where it ends the move at `play`, and MB's gun moves were
    numbered 1..10 instead of by position. Now `s` is Q*bert's "end the move" here too (QB-3.3: a move, not the
    lesson's, so explained), and MB's gun goes to position 4 on `4` (MB-3.1), as at `play`."""
    said = " ".join(screen_after(["learn", "qbert", "--step", "1"], "s", 80, 24).split())
    assert "Step 1 of 5: Hop down" in said and "Not this lesson's move." in said, said
    assert "Your choice (end the move)" in said, said

    course = load_course("mb_centipede")
    index, step = course.step("shooting")
    t = Terminal(["learn", "mb_centipede", "--step", step.id], 80, 24)
    try:
        t.wait()
        shown = t.text()
        t.send("4")
        t.wait()
        done = " ".join(t.text().split())
        t.send("q")
        t.finish()
    finally:
        t.close()
    assert "0–4, 6–10)" in shown, shown
    assert "Well done." in done and "Green moves the gun to position 4" in done, done


@pytest.mark.parametrize("game", ["qbert", "mb_centipede", "atari_centipede"])
def test_every_wrong_move_is_explained_on_one_80x24_screen(game):
    """Issue 35 item 9 (QB-3.3, MB-7.7, AC-4.2 ...): each wrong move's explanation (why, what it would have done,
    then) is on the step's screen at 80x24 with the title, the moves and the prompt; nothing scrolls away; the
    lesson's move then ends the step with "Well done" on the same screen."""
    course = load_course(game)
    for index in range(len(course.steps)):
        run = StepRun(course, index)
        t = Terminal(["learn", game, "--step", str(index + 1)], 80, 24)
        try:
            while not run.complete:
                t.wait()
                expected = run.expected_actions()
                for action in [a for a in run.state.legal_actions() if a not in expected][:3]:
                    t.send(key_of(run, action))
                    t.wait()
                    lines = t.screen()
                    assert lines[0].startswith(f"Step {index + 1} of"), t.text()
                    assert "Not this lesson's move." in column_text(lines, "Not this lesson's move."), t.text()
                    assert "your move" in [line for line in lines if line.strip()][-1], t.text()
                t.send(key_of(run, expected[0]))
                run.play(expected[0])
            t.wait()
            assert t.screen()[0].startswith(f"Step {index + 1} of") and "Well done." in t.text(), t.text()
            t.send("q")
            t.finish()
        finally:
            t.close()


def test_ctrl_d_leaves_the_lessons_saying_where_to_start_again():
    """Issue 35 item 11: Ctrl-D at a lesson's prompt ended with "Aborted!". Now it says plainly that the lessons
    were left, and how to start at the same step again."""
    code, printed = ctrl_d_at_first_prompt(["learn", "qbert", "--step", "2"], 80, 24)
    printed = " ".join(printed.split())
    assert code == 0 and "Aborted" not in printed, printed
    assert "Left the lessons at step 2 (Ctrl-D). Start there again with: boardcade learn qbert --step 2" in printed
