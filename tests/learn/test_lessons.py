"""Learn to play (issue 29): every game's lessons play through with their expected moves, every step's wrong moves
are explained (why, and what they would have done) without changing the position, a step can be retried and
resumed, and a lessons file that cannot be played as written is refused with a message naming the step."""

from __future__ import annotations

import json

import pytest

from boardcade import game_names
from boardcade.core import game_spec
from boardcade.core.rulesdoc import rule_texts
from boardcade.learn import LessonError, StepRun, games_with_lessons, load_course
from boardcade.learn.lessons import LESSONS_FILE, check_course, parse_course

# The ideas each game's lessons must teach (issue 29), by the rule clause that states each.
TOPICS = {
    "qbert": {"QB-3.3": "hop", "QB-3.4": "pegs", "QB-3.1": "secret roll", "QB-5.5": "escape", "QB-5.8": "disc"},
    "mb_centipede": {
        "MB-2.1": "spinner",
        "MB-4.1": "moving",
        "MB-3.2": "shooting along a line",
        "MB-5.2": "poison shortcut",
        "MB-7.4": "Spider",
    },
    "atari_centipede": {
        "AC-4.3": "dice",
        "AC-5.1": "control cards",
        "AC-7.4": "split",
        "AC-3.2": "Gnome's win",
        "AC-6.1": "Centipede's cards",
        "AC-6.5": "danger squares (a spawned spider in front of the Gnome)",
    },
}


def test_every_game_ships_lessons():
    assert sorted(games_with_lessons()) == sorted(game_names())


@pytest.mark.parametrize("game", sorted(TOPICS))
def test_lessons_teach_the_ideas_with_their_rule_clauses(game):
    """Each step shows its rule clauses with the rules document's own words; the course covers the issue's
    ideas in 5 or 6 steps of a few moves (3-5 minutes)."""
    course = load_course(game)
    texts = rule_texts(game_spec(game).rules_text())
    taught = {r for s in course.steps for r, _ in s.rules}
    assert set(TOPICS[game]) <= taught, f"{game} lessons miss {set(TOPICS[game]) - taught}"
    for step in course.steps:
        assert all(text == texts[r] and text for r, text in step.rules), step.id
    assert 5 <= len(course.steps) <= 6 and 3 <= course.minutes <= 5
    assert sum(s.asks for s in course.steps) <= 12


@pytest.mark.parametrize("game", sorted(TOPICS))
def test_every_step_plays_through_and_every_wrong_move_is_explained(game):
    """QB-*, MB-*, AC-*: the expected moves are legal and complete each step; before each one, a wrong move is
    explained (why it is not the lesson's move, what it would have done, where it would have left the match)
    and the position stays as it was."""
    course = load_course(game)
    for index, step in enumerate(course.steps):
        run = StepRun(course, index)
        view = run.view()
        assert view["ask"] and view["rules"] and not view["complete"]
        assert view["observation"]["viewer"] == step.seat
        while not run.complete:
            expected = run.expected_actions()
            assert expected, f"{step.id}: nothing matches the lesson's move"
            wrong = [a for a in run.state.legal_actions() if a not in expected]
            assert wrong, f"{step.id}: the learner has no other choice"
            before = run.state.observation(step.seat)
            outcome = run.play(wrong[-1])
            assert not outcome.ok and outcome.why and outcome.then and outcome.expected, outcome
            assert outcome.events, f"{step.id}: the explanation says nothing of what {outcome.label} would have done"
            assert outcome.label in outcome.explanation() and outcome.why in outcome.explanation()
            assert run.state.observation(step.seat) == before, "a wrong move changed the position"
            outcome = run.play(expected[0])
            assert outcome.ok and outcome.events
        assert run.view()["done"] == step.done and not run.view()["ask"]
        with pytest.raises(LessonError, match="complete"):
            run.play(run.state.legal_actions()[0] if run.state.legal_actions() else 0)


def test_a_wrong_move_is_explained_in_the_games_own_words():
    """QB-3.5 / QB-5.5: staying put under a threat is explained by the lesson (why) and by the engine's own
    events (the capture), and the lesson's specific reason wins over its general one."""
    course = load_course("qbert")
    index, _ = course.step("escape")
    run = StepRun(course, index)
    stay = next(a for a in run.state.legal_actions() if run.state.action_info(a)["kind"] == "stop")
    outcome = run.play(stay)
    assert "captures Q*bert" in outcome.why
    assert any(e["rule"] == "QB-6.1" and "captured" in e["text"] for e in outcome.events), outcome.events


def test_retry_resume_and_an_illegal_move():
    course = load_course("mb_centipede")
    index, step = course.step("spider")
    run = StepRun(course, index)
    first = run.expected_actions()[0]
    assert run.play(first).ok and run.narration  # the lesson's own moves for Red and the next spin are told
    made = list(run.made)
    resumed = StepRun.resume(course, index, made)
    assert resumed.state.history() == run.state.history() and resumed.view()["ask"] == run.view()["ask"]
    run.restart()
    assert run.made == [] and run.view()["ask"] == step.moves[0].ask
    refused = run.play(10_000)
    assert not refused.ok and "not legal" in refused.why and refused.expected
    with pytest.raises(LessonError, match="not the lesson's move"):
        wrong = next(a for a in run.state.legal_actions() if a != first)
        StepRun.resume(course, index, [wrong])
    with pytest.raises(LessonError, match="steps"):
        course.step("no-such-step")


def _course_text(game: str, **change) -> str:
    data = json.loads(game_spec(game).resource_text(LESSONS_FILE))
    step = data["steps"][0]
    for key, value in change.items():
        step[key] = value
    return json.dumps(data)


@pytest.mark.parametrize(
    "change, message",
    [
        ({"position": {"qbert": [9, 9]}}, "step 1 ('hop'): the position does not build: qbert="),
        ({"rules": ["QB-99.9"]}, "step 1 ('hop'): rule ID(s) QB-99.9 are not in the qbert rules document"),
        (
            {"moves": [{"ask": "Hop up.", "why": "w", "expect": {"kind": "hop", "args": {"dir": "up-left"}}}]},
            "step 1 ('hop') move 1: no legal move matches hop dir='up-left'. Legal there: hop",
        ),
        ({"setup": [{"kind": "stop"}]}, "move 1: the learner (seat 0) is not to move here"),
        ({"moves": [{"auto": {"kind": "stop"}}]}, "the learner makes no move"),
        ({"id": ""}, "'id' must be a non-empty text"),
    ],
)
def test_a_broken_lessons_file_names_the_step_and_the_problem(change, message):
    texts = rule_texts(game_spec("qbert").rules_text())
    with pytest.raises(LessonError) as e:
        check_course(parse_course("qbert", _course_text("qbert", **change), texts))
    assert message in str(e.value)
