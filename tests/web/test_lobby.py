"""The lobby in the browser (issue 37 item 1; docs/server.md "Lobby"), at 1280x900 and 390x844: two people, each in a
browser of their own, find each other through the lobby (one posts a seek, the other sees it arrive and accepts
it; or both press "Play someone now") and land in the same match, each in their own seat; while nobody has
answered, "Play the computer instead" starts a match against the computer. Screenshots in test-artifacts/lobby/."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from .play_helpers import DESK, PHONE, assert_no_stray_words

SIZES = {"desk": DESK, "phone": PHONE}
SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "lobby"
PLAY = re.compile(r".*#/play/[A-Za-z0-9_-]+$")


def person(contexts, size: str, name: str):
    ctx = contexts(**SIZES[size])
    ctx.add_init_script(f"try {{ localStorage.setItem('boardcade.name', {json.dumps(name)}); }} catch {{}}")
    return ctx.new_page()


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def seated(page) -> tuple[str, list[str]]:
    """The match this page is playing and the seats this browser holds in it."""
    page.wait_for_url(PLAY)
    match = page.url.rsplit("/", 1)[1]
    tokens = page.evaluate("JSON.parse(localStorage.getItem('boardcade.tokens') || '{}')")
    return match, sorted(tokens.get(match, {}))


def no_sideways_scrolling(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth + 1"), "no sideways scrolling"


@pytest.mark.parametrize("size", list(SIZES))
def test_two_people_find_each_other_through_the_lobby_and_land_in_one_match(server, contexts, size):
    ann = person(contexts, size, "Ann")
    bea = person(contexts, size, "Bea")
    ann.goto(server.url + "/")
    bea.goto(server.url + "/#/lobby")
    bea.wait_for_selector(".seek-empty:not([hidden])")
    lobby = ann.locator("#lobby")
    lobby.scroll_into_view_if_needed()
    lobby.locator(".seek-game").select_option("qbert")
    assert lobby.locator(".seek-clock option").all_text_contents() == ["None", "5+3", "10+5", "15+10"], (
        "the New-match form's clock presets (minutes + seconds a decision)"
    )
    lobby.locator(".seek-clock").select_option("300+3")
    lobby.locator(".seek-post").click()
    own = lobby.locator(".seek-item.own")
    own.wait_for()
    assert own.locator("button").text_content() == "Cancel", "one's own seek offers Cancel, not Accept"
    assert "You (waiting)" in own.text_content()
    theirs = bea.locator(".seek-item", has_text="Ann")
    theirs.wait_for()  # arrives on Bea's lobby socket: she did not reload
    text = theirs.text_content()
    assert "Q*bert" in text and "casual" in text and "clock 5+3" in text
    no_sideways_scrolling(bea)
    assert_no_stray_words(bea, "the lobby")
    own.scroll_into_view_if_needed()
    shot(ann, f"{size}-1-ann-own-seek")
    shot(bea, f"{size}-2-bea-sees-it")
    theirs.locator("button.seek-accept").click()
    match_b, seats_b = seated(bea)
    match_a, seats_a = seated(ann)
    assert match_a == match_b, "both landed in the same match"
    assert len(seats_a) == len(seats_b) == 1 and seats_a != seats_b, "each holds their own seat"
    for page in (ann, bea):
        page.wait_for_selector(".seat")
    names = " ".join(ann.locator(".seat").all_text_contents())
    assert "Ann" in names and "Bea" in names
    for page in (ann, bea):  # the match is on the seek's clock (SV-LB9)
        page.wait_for_function("() => document.querySelectorAll('.chess-clock').length === 2")
        assert [t.strip() for t in page.locator(".chess-clock .clock-time").all_text_contents()] == ["5:00", "5:00"]
    shot(ann, f"{size}-3-ann-in-the-match")
    shot(bea, f"{size}-4-bea-in-the-match")


@pytest.mark.parametrize("size", list(SIZES))
def test_play_someone_now_pairs_two_people_and_offers_the_computer_while_waiting(server, contexts, size):
    ann = person(contexts, size, "Ann")
    bea = person(contexts, size, "Bea")
    cal = person(contexts, size, "Cal")
    ann.goto(server.url + "/")
    ann.locator(".tile[data-game='qbert'] .play-someone").click()
    waiting = ann.locator(".seek-waiting")
    waiting.wait_for()
    assert "Looking for someone to play Q*bert" in waiting.text_content()
    assert ann.locator(".computer-instead").is_visible()
    no_sideways_scrolling(ann)
    shot(ann, f"{size}-5-ann-waiting")
    bea.goto(server.url + "/")
    bea.locator(".tile[data-game='qbert'] .play-someone").click()
    match_b, seats_b = seated(bea)
    match_a, seats_a = seated(ann)
    assert match_a == match_b and seats_a != seats_b
    # Nobody else waits now: Cal is offered the computer, and takes it.
    cal.goto(server.url + "/#/lobby")
    cal.locator(".quick-pair").click()
    cal.locator(".computer-instead").click()
    match_c, seats_c = seated(cal)
    assert match_c != match_a and len(seats_c) == 1
    info = cal.evaluate(f"fetch('/api/matches/{match_c}').then((r) => r.json())")
    assert [s["kind"] for s in info["seats"]] == ["human", "agent"], "a match against the computer"
    assert cal.evaluate("fetch('/api/seeks').then((r) => r.json())")["seeks"] == [], "Cal's seek was withdrawn"


@pytest.mark.parametrize("size", list(SIZES))
def test_a_page_waiting_for_quick_pairing_takes_a_seek_that_arrives(server, contexts, size):
    dee = person(contexts, size, "Dee")
    eve = person(contexts, size, "Eve")
    dee.goto(server.url + "/#/lobby")
    dee.locator(".quick-pair").click()
    dee.locator(".seek-waiting").wait_for()
    eve.goto(server.url + "/#/lobby")
    eve.locator(".seek-item", has_text="Dee").wait_for()
    eve.locator(".seek-post").click()  # the same game, a seek of her own, not an accept: Dee's page takes it
    match_d, seats_d = seated(dee)
    match_e, seats_e = seated(eve)
    assert match_d == match_e and seats_d != seats_e


@pytest.mark.parametrize("size", list(SIZES))
def test_sv_lb8_a_seek_names_the_rating_range_its_poster_accepts(server, contexts, size):
    """The seek form takes the range of ratings its poster accepts (issue 37 item 1): both ends, one end, none.
    Everyone sees it in the seek's row; a range the server refuses (min above max) is told, nothing posted."""
    ann = person(contexts, size, "Ann")
    bea = person(contexts, size, "Bea")
    ann.goto(server.url + "/#/lobby")
    bea.goto(server.url + "/#/lobby")
    bea.wait_for_selector(".seek-empty:not([hidden])")
    lobby = ann.locator("#lobby")
    lobby.locator(".seek-game").select_option("qbert")
    lobby.locator(".seek-min").fill("1800")
    lobby.locator(".seek-max").fill("1200")
    lobby.locator(".seek-post").click()
    notice = ann.locator("#notice:not([hidden])")
    notice.wait_for()
    assert "'min' (1800) is above 'max' (1200)" in notice.text_content()
    assert ann.evaluate("fetch('/api/seeks').then((r) => r.json())")["seeks"] == [], "nothing posted"
    lobby.locator(".seek-min").fill("1200")
    lobby.locator(".seek-max").fill("1800")
    no_sideways_scrolling(ann)
    lobby.scroll_into_view_if_needed()
    shot(ann, f"{size}-6-ann-sets-a-range")
    lobby.locator(".seek-post").click()
    lobby.locator(".seek-item.own").wait_for()
    theirs = bea.locator(".seek-item", has_text="Ann")
    theirs.wait_for()
    assert "ratings 1200–1800" in theirs.text_content()
    shot(bea, f"{size}-7-bea-sees-the-range")
    lobby.locator(".seek-max").fill("")  # an empty end: any
    lobby.locator(".seek-post").click()
    bea.wait_for_function("() => document.querySelectorAll('.seek-item').length === 2")
    assert "ratings 1200–any" in bea.locator(".seek-item").nth(1).text_content()
    seeks = ann.evaluate("fetch('/api/seeks').then((r) => r.json())")["seeks"]
    assert [(s["min"], s["max"]) for s in seeks] == [(1200, 1800), (1200, None)]
