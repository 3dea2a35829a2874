"""Learn to play in the browser (issue 29): every game's lessons played through at desktop and phone sizes, by
mouse and keyboard on a desktop and by touch on a phone: a wrong move is explained and leaves the position as it
was, "Show me" marks the lesson's move, each step ends with its "done" text and leads to the next. Reached from
each game's tile and from the rules panel."""

from __future__ import annotations

import pytest

from boardcade.learn import load_course

from .play_helpers import DESK, PHONE, audit

ROOT = ".learn"


def state(page) -> dict:
    return page.evaluate(
        "() => { const r = document.querySelector('.learn'); return r && r.dataset.step !== undefined ? "
        "{ step: Number(r.dataset.step), made: Number(r.dataset.made), complete: r.dataset.complete === 'yes', "
        "expected: r.dataset.expected ? r.dataset.expected.split(',').map(Number) : [] } : null; }"
    )


def wait_for(page, step: int, made: int) -> dict:
    page.wait_for_function(
        "([s, m]) => { const r = document.querySelector('.learn'); return r && r.dataset.step === String(s) "
        "&& r.dataset.made === String(m); }",
        arg=[step, made],
    )
    return state(page)


def press(page, locator, phone: bool) -> None:
    """A tap on a phone; on a desktop the keyboard: focus it and press Enter."""
    if phone:
        locator.scroll_into_view_if_needed()
        box = locator.bounding_box()
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    else:
        locator.focus()
        page.keyboard.press("Enter")


def offer(page, action: int, phone: bool) -> None:
    """Play `action` the way a person does: its place on the board, its button, or the list of small choices."""
    usable = audit(page, phone)
    for o in usable:
        if str(action) in o["actions"]:
            if o["pick"]:
                page.locator(".action-bar .fallback-pick").select_option(value=str(action))
                press(page, page.locator(".action-bar .fallback-play"), phone)
            else:
                press(page, page.locator(".board-area .choice, .action-bar button.action").nth(o["index"]), phone)
            return
    raise AssertionError(f"action {action} is not offered on screen")


def play_course(page, server, game: str, phone: bool, wrong_every_ask: bool) -> None:
    course = load_course(game)
    page.goto(server.url + f"/#/learn/{game}")
    for index, step in enumerate(course.steps):
        now = wait_for(page, index, 0)
        heading = f"Step {index + 1} of {len(course.steps)}: {step.title}"
        assert page.locator(".lesson-card h3").text_content() == heading
        assert page.locator(f".lesson-rules [data-rule='{step.rules[0][0]}']").count() == 1
        asks = 0
        while not now["complete"]:
            if asks == 0 or wrong_every_ask:
                legal = page.evaluate(
                    "() => [...document.querySelectorAll('.board-area .choice, .action-bar button.action, "
                    ".fallback-pick option')].map((e) => Number(e.dataset.action ?? e.value))"
                )
                wrong = next(a for a in legal if a not in now["expected"])
                offer(page, wrong, phone)
                page.wait_for_selector(".lesson-feedback[data-outcome='wrong']")
                said = page.locator(".lesson-feedback").text_content()
                assert "Not this lesson's move" in said and "It would have done" in said, said
                assert state(page)["made"] == asks, "a wrong move is not made"
            press(page, page.locator(".learn-show"), phone)
            page.wait_for_selector(".board-area .hinted, .action-bar .hinted", state="attached")
            offer(page, now["expected"][0], phone)
            asks += 1
            now = wait_for(page, index, asks)
        page.wait_for_selector(".lesson-feedback[data-outcome='done']")
        assert " ".join(step.done.split()) in " ".join(page.locator(".lesson-feedback").text_content().split())
        assert asks == step.asks
        if index + 1 < len(course.steps):
            press(page, page.locator(".learn-next"), phone)
    assert page.locator("a.learn-next").text_content() == "Done: play a match"


@pytest.mark.parametrize("game", ["qbert", "mb_centipede", "atari_centipede"])
def test_every_lesson_plays_through_at_both_sizes(server, contexts, game):
    """QB-3.3, MB-2.1, AC-4.3 ...: the whole course, desktop by keyboard (a wrong move before every question),
    phone by touch (a wrong move before each step's first question)."""
    desk = contexts(**DESK, reduced_motion="reduce").new_page()
    play_course(desk, server, game, phone=False, wrong_every_ask=True)
    phone = contexts(**PHONE, reduced_motion="reduce").new_page()
    play_course(phone, server, game, phone=True, wrong_every_ask=False)


def test_learn_to_play_from_the_tile_and_the_rules_panel_and_retry(server, contexts):
    page = contexts(**DESK).new_page()
    page.goto(server.url + "/")
    page.locator(".tile[data-game='mb_centipede'] a.learn-link").click()
    wait_for(page, 0, 0)
    assert page.url.endswith("#/learn/mb_centipede/1")
    # Skip, then retry a step after a correct move: it starts again from its position.
    page.locator(".learn-skip").click()
    now = wait_for(page, 1, 0)
    offer(page, now["expected"][0], False)
    wait_for(page, 1, 1)
    page.locator(".learn-retry").click()
    wait_for(page, 1, 0)
    assert page.locator(".lesson-feedback").is_hidden()
    # A rule clause of the lesson opens the rules panel there; the panel links back to the lessons.
    page.locator(".lesson-rules a.rule").first.click()
    page.wait_for_selector("#rules-dialog[open] .clause.target")
    page.locator("#rules-dialog .learn-link a").click()
    wait_for(page, 0, 0)
    assert page.url.endswith("#/learn/mb_centipede/1") and not page.locator("#rules-dialog[open]").count()
