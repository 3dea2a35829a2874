"""No page shows a value a script failed to fill in (issue 35 item 1): never "null" or "undefined" (nor "NaN",
"[object Object]") on the home page, in a lesson before and after its step is complete, in a hot-seat match of
Atari's Centipede at its start, on every "pass the device" screen, in "While you were away" (after a hand-over and
a reload), at its end, in its replay and in its analysis; at 1280x900 and 390x844."""

from __future__ import annotations

import json

import pytest

from .analysis_helpers import AnalysisServer
from .play_helpers import DESK, PHONE, assert_no_stray_words, play_first_offer, wait_my_turn
from .test_browser import new_match_in_form
from .test_learn import offer, press, wait_for

JSON = {"Content-Type": "application/json"}


@pytest.fixture(scope="module")
def analysis_server(tmp_path_factory):
    yield from AnalysisServer(f"sqlite:///{tmp_path_factory.mktemp('words') / 'web.sqlite3'}").running()


def lesson_step(page, phone: bool) -> None:
    """Q*bert's first lesson step: a wrong move, "Show me", the lesson's moves until the step is complete."""
    page.goto(page.url.split("#")[0] + "#/learn/qbert")
    now = wait_for(page, 0, 0)
    assert_no_stray_words(page, "a lesson step")
    wrong = next(
        a
        for a in page.evaluate(
            "() => [...document.querySelectorAll('.board-area .choice, .action-bar button.action')]"
            ".map((e) => Number(e.dataset.action))"
        )
        if a not in now["expected"]
    )
    offer(page, wrong, phone)
    page.wait_for_selector(".lesson-feedback[data-outcome='wrong']")
    assert_no_stray_words(page, "a lesson step after a wrong move")
    made = 0
    while not now["complete"]:
        press(page, page.locator(".learn-show"), phone)
        offer(page, now["expected"][0], phone)
        made += 1
        now = wait_for(page, 0, made)
        assert_no_stray_words(page, f"a lesson step after {made} right moves")
    page.wait_for_selector(".lesson-feedback[data-outcome='done']")
    assert_no_stray_words(page, "a completed lesson step")


@pytest.mark.parametrize("size", ["desk", "phone"])
def test_no_page_shows_null_or_undefined(analysis_server, contexts, size):
    server = analysis_server
    phone = size == "phone"
    page = contexts(**(PHONE if phone else DESK), reduced_motion="reduce").new_page()
    page.goto(server.url + "/")
    page.wait_for_selector(".tile[data-game='qbert']")
    assert_no_stray_words(page, "the home page")
    lesson_step(page, phone)

    options = {"setup": "random", "field_rows": 8, "max_rounds": 1}
    match_id = new_match_in_form(page, server, "atari_centipede", ["human", "human"], options=options)
    passes = aways = moves = 0
    for _ in range(400):
        step = wait_my_turn(page)
        assert_no_stray_words(page, f"the hot-seat match ({step}, after {moves} moves and {passes} hand-overs)")
        if step == "over":
            break
        if step == "pass":
            passes += 1
            if passes in (2, 3):  # a reload on the pass screen: the next player is told what they missed
                page.reload()
                assert wait_my_turn(page) == "pass"
            page.locator(".pass:not([hidden]) .pass-ok").click()
            continue
        aways += page.locator("section.away:not([hidden])").count()
        play_first_offer(page, phone)
        moves += 1
    assert page.locator(".result").count() == 1, "the match ended"
    assert passes >= 3 and aways >= 2, "hand-overs, and what happened while the next player was away"

    page.locator("a:text('Watch the replay')").click()
    page.wait_for_selector("#replay-step")
    assert_no_stray_words(page, "the replay")
    page.goto(server.url + f"/#/analyse/{match_id}")
    page.wait_for_selector(".analysis[data-state='done']", timeout=120000)
    page.wait_for_selector(".analysis[data-step]")
    assert_no_stray_words(page, "the analysis")


@pytest.mark.parametrize("size", ["desk", "phone"])
def test_the_other_pages_show_no_null_or_undefined(analysis_server, contexts, size):
    """Issue 35 item 1, the pages the hot-seat walk above does not reach: a match of Milton Bradley's Centipede
    against the computer (a few moves, then a reload: "While you were away"), the same match as a friend's
    invite shows it, as a spectator sees it, each game's rules page, My matches, and a match that does not
    exist: none shows "null", "undefined", "NaN" or "[object Object]"."""
    server = analysis_server
    phone = size == "phone"
    ctx = contexts(**(PHONE if phone else DESK), reduced_motion="reduce")
    page = ctx.new_page()
    match_id = new_match_in_form(page, server, "mb_centipede", ["human", "agent:random"])
    for moves in range(3):
        step = wait_my_turn(page)
        assert_no_stray_words(page, f"a match against the computer ({step}, after {moves} moves)")
        if step == "over":
            break
        play_first_offer(page, phone)
    page.reload()
    wait_my_turn(page)
    assert_no_stray_words(page, "a match against the computer, reloaded")

    friend = ctx.new_page()  # another tab: a friend's invite to a match still open, then a spectator's view
    body = {"game": "qbert", "seats": [{"kind": "human"}, {"kind": "human"}], "seat": 0}
    m = friend.request.post(server.url + "/api/matches", data=json.dumps(body), headers=JSON).json()
    friend.goto(f"{server.url}/#/join/{m['id']}/1/{m['invites']['1']}")
    friend.wait_for_selector("form.join #join")
    assert_no_stray_words(friend, "an invite's page")
    friend.goto(f"{server.url}/#/watch/{match_id}")
    friend.wait_for_selector(".action-bar[data-version]")
    assert_no_stray_words(friend, "a spectator's view")
    for game in ("qbert", "mb_centipede", "atari_centipede"):
        friend.goto(f"{server.url}/#/rules/{game}")
        friend.wait_for_selector(".rules-page p")
        assert_no_stray_words(friend, f"{game}'s rules page")
    friend.goto(f"{server.url}/#/me")
    friend.wait_for_selector("main h2")
    assert_no_stray_words(friend, "My matches")
    friend.goto(f"{server.url}/#/play/no-such-match")
    friend.wait_for_selector(".page-message h2")
    assert_no_stray_words(friend, "a match that does not exist")
