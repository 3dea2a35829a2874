"""Issue 37's "done means", in a real browser at 1280x900 and 390x844: a place to play, end to end.

Two people, each in a browser of their own, find each other through the lobby: Ann posts a Q*bert seek on the
clock "5+3" (5 minutes each, 3 seconds added per decision) and Bea, who sees it arrive live with its clock, accepts
it (SV-LB9: the match runs on the seek's clock). On the match page they chat, a line each way (SV-CH1); Bea asked
for "your turn" notifications with a click and, her tab in the background, is told when her turn comes (the
Notification API stubbed as in test_clocks.py). They play turns on the clock (both clocks shown, the increment
given by the server), and the match is played to its end by a resignation from the Match menu (END-1): a whole
Q*bert match by clicking takes several hundred decisions, too long for a browser test on a shared machine.

In another run the match is played by clicking to the end its rules give it, on the clock: Ann's seek has Q*bert's
"draw-on-tie" rules with one Q*bert turn a round (options the API takes and the page has no field for, so the test
adds them to the page's POST), some twenty decisions in all.

In a second run the seek's clock is a 4-second base with a 1-second increment (the server's shortest base lowered
for the test; the page's Clock choice offers only whole-minute presets, so the test adds a "4+1" choice to that
select and the page posts it as it posts any), and the match ends by its clock: the first player to move lets
their clock run out and the server flags it (SV-CL3), both pages telling the loss on time.

Both runs are made again on PostgreSQL with two server processes (SV-13): Ann's browser talks only to process A and
Bea's only to process B, so the seek posted through A is seen and accepted through B, the chat lines, the moves,
the clocks, the turn notification and the ending each cross from one process to the other.
Screenshots in test-artifacts/place/."""

from __future__ import annotations

import json
import re

import pytest

from boardcade.server.launch import throwaway_postgres

from .conftest import ARTIFACTS, Server
from .play_helpers import DESK, PHONE, play_first_offer
from .test_clocks import (
    SHORT_CLOCKS,
    STUB,
    _first_to_move,
    _hidden_tab_told_of_its_turn,
    _play_turn,
    short_clock_server,
)
from .test_ending import menu

SIZES = {"desk": DESK, "phone": PHONE}
SHOTS = ARTIFACTS / "place"
PLAY = re.compile(r".*#/play/[A-Za-z0-9_-]+$")


@pytest.fixture(scope="module")
def place_server(tmp_path_factory):
    yield from short_clock_server(tmp_path_factory.mktemp("place"))


@pytest.fixture(scope="module")
def pg_servers():
    """Two server processes, A and B, on one throwaway PostgreSQL (the short clocks of short_clock_server)."""
    with throwaway_postgres() as url:
        a, b = Server(url, setup=SHORT_CLOCKS), Server(url, setup=SHORT_CLOCKS)
        a.start()
        try:
            b.start()
            yield a, b
        finally:
            a.kill()
            b.kill()


def person(contexts, size: str, name: str, notified: bool = False):
    ctx = contexts(permissions=["notifications"], **SIZES[size]) if notified else contexts(**SIZES[size])
    ctx.add_init_script(f"try {{ localStorage.setItem('boardcade.name', {json.dumps(name)}); }} catch {{}}")
    if notified:
        ctx.add_init_script(STUB)
    return ctx.new_page()


def shot(page, name: str, where: str | None = None) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    if where:
        page.locator(where).first.scroll_into_view_if_needed()
    else:
        page.evaluate("scrollTo(0, 0)")
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def meet(ann, bea, server, clock: str, label: str, extra: str | None = None, bea_server=None, variant=None):
    """Ann posts a Q*bert seek on `clock` (the Clock select's value; `extra`: a choice added to the select first)
    from the lobby page of `server`; Bea, on `bea_server` (the same unless given), sees it arrive, its clock
    labelled (`variant`: the Rules chosen). Returns Bea's row of it."""
    ann.goto(server.url + "/#/lobby")
    if extra is not None:
        ann.wait_for_selector("#lobby .seek-clock")
        add = "([v, t]) => document.querySelector('#lobby .seek-clock').append(new Option(t, v))"
        ann.evaluate(add, [clock, extra])
    bea.goto((bea_server or server).url + "/#/lobby")
    bea.wait_for_selector(".seek-empty:not([hidden])")
    lobby = ann.locator("#lobby")
    lobby.locator(".seek-game").select_option("qbert")
    if variant is not None:
        lobby.locator(".seek-variant").select_option(variant)
    lobby.locator(".seek-clock").select_option(clock)
    lobby.locator(".seek-post").click()
    lobby.locator(".seek-item.own").wait_for()
    theirs = bea.locator(".seek-item", has_text="Ann")
    theirs.wait_for()
    assert f"clock {label}" in theirs.text_content() and "casual" in theirs.text_content()
    return theirs


def seated(page) -> tuple[str, list[str]]:
    page.wait_for_url(PLAY)
    match = page.url.rsplit("/", 1)[1]
    tokens = page.evaluate("JSON.parse(localStorage.getItem('boardcade.tokens') || '{}')")
    return match, sorted(tokens.get(match, {}))


def accept(ann, bea, theirs) -> str:
    theirs.locator("button.seek-accept").click()
    match_b, seats_b = seated(bea)
    match_a, seats_a = seated(ann)
    assert match_a == match_b and len(seats_a) == len(seats_b) == 1 and seats_a != seats_b
    return match_a


def say(page, text: str) -> None:
    page.fill(".chat-input", text)
    page.press(".chat-input", "Enter")


def chat_lines(page) -> list[str]:
    return page.locator(".chat-line .chat-text").all_text_contents()


def clock_of(page, server, match_id: str) -> dict:
    return page.request.get(f"{server.url}/api/matches/{match_id}").json()["clock"]


@pytest.mark.parametrize("size", list(SIZES))
def test_issue_37_two_people_meet_in_the_lobby_chat_and_play_on_a_clock_told_of_their_turn(
    place_server, contexts, size
):
    meet_chat_play_and_resign(contexts, size, place_server, place_server, size)


@pytest.mark.parametrize("size", list(SIZES))
def test_issue_37_on_postgresql_two_processes_a_seek_posted_through_one_is_accepted_through_the_other(
    pg_servers, contexts, size
):
    a, b = pg_servers
    meet_chat_play_and_resign(contexts, size, a, b, f"pg-{size}")


def meet_chat_play_and_resign(contexts, size: str, ann_server, bea_server, shots: str) -> None:
    """The first run: Ann's browser on `ann_server`, Bea's on `bea_server` (screenshots named `shots`-...)."""
    phone = size == "phone"
    ann = person(contexts, size, "Ann")
    bea = person(contexts, size, "Bea", notified=True)
    theirs = meet(ann, bea, ann_server, "300+3", "5+3", bea_server=bea_server)
    shot(ann, f"{shots}-1-ann-seeks", ".seek-item.own")
    shot(bea, f"{shots}-2-bea-sees-the-seek", ".seek-item")
    match_id = accept(ann, bea, theirs)
    clock = clock_of(bea, bea_server, match_id)
    assert (clock["base"], clock["increment"]) == (300, 3), "the match is on the seek's clock (SV-LB9)"
    for page in (ann, bea):
        page.wait_for_function("() => document.querySelectorAll('.chess-clock').length === 2")
        assert [t.strip() for t in page.locator(".chess-clock .clock-time").all_text_contents()] == ["5:00", "5:00"]
        names = " ".join(page.locator(".seat").all_text_contents())
        assert "Ann" in names and "Bea" in names

    # A line each way in the players' chat.
    for page in (ann, bea):
        page.wait_for_selector(".chat:not([hidden]) :is(.chat-empty, .chat-line)")
    say(ann, "Hi Bea, good luck!")
    bea.wait_for_function("() => document.querySelectorAll('.chat-line').length === 1")
    say(bea, "Thanks Ann, you too")
    ann.wait_for_function("() => document.querySelectorAll('.chat-line').length === 2")
    for page in (ann, bea):
        assert chat_lines(page) == ["Hi Bea, good luck!", "Thanks Ann, you too"]
    shot(bea, f"{shots}-3-bea-chats", ".chat")

    # Bea asks for notifications (the permission is asked for on this click only).
    bea.locator(".notify-toggle").click()
    bea.wait_for_function("() => document.querySelector('.notify-toggle').getAttribute('aria-pressed') === 'true'")

    # Each plays a first turn (the clocks start then); the increments are the server's.
    first, second = _first_to_move(ann, bea)
    for _ in range(3):  # a round of turns; the clocks run (and decisions earn the increment) once both decided
        _play_turn(first, second, phone)
        _play_turn(second, first, phone)
        clock = clock_of(ann, ann_server, match_id)
        if max(clock["left"]) > 300_000:  # a turn of one hop each in the first round: none was on a running clock
            break
    assert clock["running"] is not None and clock["increment"] == 3
    assert max(clock["left"]) > 300_000, "a decision's increment added to a clock whose time hardly ran"
    ann.locator(".chess-clock.running").wait_for()
    shot(ann, f"{shots}-4-ann-clocks-running")

    # Bea's tab goes to the background; Ann moves; Bea is told it is her turn.
    _hidden_tab_told_of_its_turn(bea, ann, phone, its_move_first=first is bea)
    shot(bea, f"{shots}-5-bea-told-her-turn")

    # The end: Ann resigns from the Match menu (END-1); both pages tell it, and the clocks stop.
    menu(ann, "resign")
    for page in (ann, bea):
        page.wait_for_selector(".result")
        assert "resigns" in page.locator(".result .ending").text_content()
        assert page.locator(".chess-clock.running").count() == 0
    assert ann.locator(".result .headline").text_content().startswith("Match over: You lost")
    assert bea.locator(".result .headline").text_content() == "Match over: You won!"
    shot(ann, f"{shots}-6-ann-resigned")
    shot(bea, f"{shots}-7-bea-won")


@pytest.mark.parametrize("size", list(SIZES))
def test_issue_37_a_lobby_match_on_a_short_clock_is_lost_on_time(place_server, contexts, size):
    meet_and_lose_on_time(contexts, size, place_server, place_server, size)


@pytest.mark.parametrize("size", list(SIZES))
def test_issue_37_on_postgresql_two_processes_a_lobby_match_is_lost_on_time(pg_servers, contexts, size):
    a, b = pg_servers
    meet_and_lose_on_time(contexts, size, a, b, f"pg-{size}")


def meet_and_lose_on_time(contexts, size: str, ann_server, bea_server, shots: str) -> None:
    """The second run: Ann's browser on `ann_server`, Bea's on `bea_server`; the server flags the first mover."""
    phone = size == "phone"
    ann = person(contexts, size, "Ann")
    bea = person(contexts, size, "Bea")
    # A 4-second base, 1 s a decision: a choice the page's select lacks, added to it; the page posts it.
    theirs = meet(ann, bea, ann_server, "4+1", "0:04+1", extra="4 s + 1 s", bea_server=bea_server)
    match_id = accept(ann, bea, theirs)
    clock = clock_of(bea, bea_server, match_id)
    assert (clock["base"], clock["increment"]) == (4, 1)
    say(ann, "A quick one!")
    bea.wait_for_function("() => document.querySelectorAll('.chat-line').length === 1")
    say(bea, "Very quick")
    ann.wait_for_function("() => document.querySelectorAll('.chat-line').length === 2")
    first, second = _first_to_move(ann, bea)
    _play_turn(first, second, phone)
    _play_turn(second, first, phone)  # both have decided: the first player's clock runs; they do nothing
    for page in (ann, bea):
        page.wait_for_selector(".result", timeout=20000)
    assert first.locator(".result .headline").text_content().startswith("Match over: You lost")
    assert second.locator(".result .headline").text_content() == "Match over: You won!"
    for page in (ann, bea):
        assert "ran out of time on the clock" in page.locator(".result .ending").text_content()
        flagged = page.locator(".chess-clock.flagged")
        assert flagged.count() == 1 and flagged.locator(".clock-time").text_content() == "0:00.0"
    shot(first, f"{shots}-8-lost-on-time")
    shot(second, f"{shots}-9-won-on-time")


def play_to_the_end(a, b, phone: bool, limit: int = 200) -> int:
    """Whoever may move clicks their first usable choice, until both pages show the match's end. Returns the
    decisions made."""
    made = 0
    for _ in range(limit * 20):
        if a.locator(".result").count() and b.locator(".result").count():
            return made
        mover = next(
            (p for p in (a, b) if p.locator(".status.mine").count() and not p.locator(".result").count()), None
        )
        if mover is None:
            a.wait_for_timeout(50)
            continue
        play_first_offer(mover, phone)
        made += 1
        assert made <= limit, f"the match did not end within {limit} decisions"
    raise AssertionError("the match's end was never shown")


@pytest.mark.parametrize("size", list(SIZES))
def test_issue_37_a_lobby_match_on_a_clock_with_increment_is_played_to_the_end_its_rules_give(
    place_server, contexts, size
):
    phone = size == "phone"
    ann = person(contexts, size, "Ann")
    bea = person(contexts, size, "Bea")

    def short_rules(route):  # one Q*bert turn a round: the whole match is some twenty decisions
        if route.request.method != "POST":
            return route.continue_()
        body = json.loads(route.request.post_data or "{}")
        return route.continue_(post_data=json.dumps({**body, "options": {"max_turns_per_round": 1}}))

    ann.route("**/api/seeks", short_rules)
    theirs = meet(ann, bea, place_server, "300+3", "5+3", variant="draw-on-tie")
    assert "custom rules" in theirs.text_content()
    match_id = accept(ann, bea, theirs)
    info = ann.request.get(f"{place_server.url}/api/matches/{match_id}").json()
    assert info["options"]["max_turns_per_round"] == 1 and info["options"]["tiebreak"] is False
    assert (info["clock"]["base"], info["clock"]["increment"]) == (300, 3)
    say(ann, "Short and sweet")
    bea.wait_for_function("() => document.querySelectorAll('.chat-line').length === 1")
    _first_to_move(ann, bea)
    made = play_to_the_end(ann, bea, phone)
    assert made >= 4
    info = ann.request.get(f"{place_server.url}/api/matches/{match_id}").json()
    assert info["status"] == "finished" and info["ending"] is None, "ended by the game's rules, not outside them"
    clock = info["clock"]
    assert clock["running"] is None, "the clocks stopped at the end"
    assert max(clock["left"]) > 300_000, "decisions on a running clock earned the increment"
    for page in (ann, bea):
        assert page.locator(".result .headline").text_content().startswith("Match over: ")
        assert page.locator(".chess-clock.running").count() == 0
    shot(ann, f"{size}-10-ann-played-to-the-end")
    shot(bea, f"{size}-11-bea-played-to-the-end")
