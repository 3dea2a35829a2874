"""Small things a new player trips over (issue 35 item 7), at 1280x900 and 390x844: a normal match page logs no
console error at all (not even a refused request the page expects); a replay or analysis link of a match still
being played says it opens when the match ends; "More options" speaks in plain words; the last lesson's "Done:
play a match" starts a match of that game against the computer."""

from __future__ import annotations

import re

import pytest

from boardcade.learn import load_course

from .play_helpers import DESK, PHONE, after_move, assert_no_stray_words, audit, click_offer, version, wait_my_turn
from .test_browser import new_match_in_form
from .test_learn import offer, press, wait_for

SIZES = {"desk": DESK, "phone": PHONE}


@pytest.mark.parametrize("size", list(SIZES))
def test_a_match_page_logs_no_console_error_and_no_refused_request(shared_server, contexts, size):
    """A match against the computer, opened, played a few moves and reloaded: no console message of type error
    (the shared check lets a refused request pass as expected; this one does not) and no 4xx/5xx answer."""
    phone = size == "phone"
    page = contexts(**SIZES[size], reduced_motion="reduce").new_page()
    errors: list[str] = []
    refused: list[str] = []
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.on("response", lambda r: refused.append(f"{r.status} {r.request.method} {r.url}") if r.status >= 400 else None)
    new_match_in_form(page, shared_server, "qbert", ["human", "agent:random"], options={"max_turns_per_round": 1})
    for _ in range(3):
        assert wait_my_turn(page) == "turn"
        before = version(page)
        click_offer(page, audit(page, phone)[0], phone)
        after_move(page, before)
    page.reload()
    assert wait_my_turn(page) in ("turn", "over")
    page.wait_for_timeout(300)  # anything the page asks for after drawing has had its answer
    assert page.locator(".hint-button").is_visible() or page.locator(".result").count()
    assert not errors, errors
    assert not refused, refused


@pytest.mark.parametrize("size", list(SIZES))
def test_replay_and_analysis_links_of_a_match_being_played_say_when_they_open(shared_server, contexts, size):
    """The replay and the analysis of a match still being played: not "Something went wrong" but that it opens
    when the match ends, with the way back to the match."""
    page = contexts(**SIZES[size], reduced_motion="reduce").new_page()
    match_id = new_match_in_form(page, shared_server, "qbert", ["human", "agent:random"])
    assert wait_my_turn(page) == "turn"
    for what, route in (("replay", "replay"), ("analysis", "analyse")):
        page.goto(f"{shared_server.url}/#/{route}/{match_id}")
        message = page.locator(".page-message")
        message.wait_for()
        text = message.text_content()
        assert "Something went wrong" not in text and f"The {what} opens when the match ends." in text, text
        assert_no_stray_words(page, f"the {what} of a match being played")
        page.locator("a.back-to-match").click()
        page.wait_for_url(f"**/#/play/{match_id}")
        assert wait_my_turn(page) == "turn"


SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")  # an identifier such as field_rows or os_mcts


@pytest.mark.parametrize("size", list(SIZES))
def test_more_options_speaks_plain_words_and_folds_the_research_agents_away(shared_server, contexts, size):
    """Every game's "More options": each rule option by the label and one-line explanation its game's spec gives
    (never its identifier), the values of a closed set in words, the seats offering a person or the computer at a
    level; the research agents only under "Advanced"."""
    page = contexts(**SIZES[size]).new_page()
    page.goto(shared_server.url + "/")
    catalog = page.request.get(shared_server.url + "/api/games").json()
    research = [a for a in catalog["agents"] if a not in [level["name"] for level in catalog["levels"]]]
    assert research, "this server has research agents to fold away"
    for game in catalog["games"]:
        tile = page.locator(f".tile[data-game='{game['name']}']")
        tile.locator("details.more summary").click()
        form = tile.locator("form.new-match")
        seen = form.inner_text() + "\n" + "\n".join(form.locator("option").all_text_contents())
        assert not SNAKE.search(seen), f"{game['name']}: {SNAKE.findall(seen)}"
        assert_no_stray_words(page, f"{game['name']}'s More options")
        for option in game["options"]:
            row = form.locator("label.option").filter(has=page.locator(f"[data-option='{option['name']}']"))
            assert row.locator(".option-name").inner_text() == option["label"] != option["name"]
            assert row.locator("small").inner_text() == option["explain"] and "\n" not in option["explain"]
            if option["choices"]:
                assert row.locator("option").all_text_contents() == option["choice_labels"]
        seat = form.locator("[data-seat='1']")
        assert not any(a in " ".join(seat.locator("option").all_text_contents()) for a in research)
        form.locator("button.advanced-toggle").click()
        form.locator("input.research-agents").check()
        offered = seat.locator("option").all_text_contents()
        assert all(f"Research agent: {a}" in offered for a in research), offered
        assert seat.input_value() == f"agent:{catalog['default_agent']}", "the seat keeps its choice"
        tile.locator("details.more summary").click()


@pytest.mark.parametrize("size", list(SIZES))
def test_done_after_the_last_lesson_starts_a_match_against_the_computer(shared_server, contexts, size):
    """The last lesson step completed, "Done: play a match" starts a match of that game: the learner in the
    first seat, the computer at its suggested level in the other, the learner to move or waiting for it."""
    phone = size == "phone"
    page = contexts(**SIZES[size], reduced_motion="reduce").new_page()
    last = len(load_course("qbert").steps) - 1
    page.goto(f"{shared_server.url}/#/learn/qbert/{last + 1}")
    now = wait_for(page, last, 0)
    made = 0
    while not now["complete"]:
        press(page, page.locator(".learn-show"), phone)
        offer(page, now["expected"][0], phone)
        made += 1
        now = wait_for(page, last, made)
    done = page.locator(".learn-next")
    assert done.text_content() == "Done: play a match"
    press(page, done, phone)
    page.wait_for_url("**/#/play/*")
    page.wait_for_selector(".action-bar[data-version]")
    default = page.request.get(shared_server.url + "/api/games").json()["default_agent"]
    seats = page.locator(".players").inner_text()
    assert "you" in seats and f"Computer ({default})" in seats, seats
    assert page.locator(".match-title").inner_text().startswith("Q*bert")
