"""Names (issue 27 item 5), at 1280x900 and 390x844: wherever a seat is named (header, board corner, facts, log,
bar, result, the home page's lists) it is "You", the player's name or "Computer (level)", never a bare
"Player 2"; a taken seat whose player gave no name is not an open seat; in 4-player Atari's Centipede a team
is named by its colour everywhere (AC-11.1), never "team A" in one place and "red" in another."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from .play_helpers import (
    DESK,
    PHONE,
    assert_no_stray_words,
    play_first_offer,
    wait_my_turn,
)
from .test_browser import new_match_in_form

SIZES = {"desk": DESK, "phone": PHONE}


@pytest.mark.parametrize("size", list(SIZES))
def test_qbert_names_you_and_the_computer_everywhere(shared_server, contexts, size):
    page = contexts(**SIZES[size]).new_page()
    new_match_in_form(page, shared_server, "qbert", ["human", "agent:random"])
    assert wait_my_turn(page) == "turn"
    text = page.evaluate("document.body.innerText")
    assert "Player 2" not in text, "the computer's seat is named, not numbered"
    corner = page.locator("svg.board").text_content()
    assert re.search(r"Q\*bert: (You|Computer \(random\))", corner), corner
    facts = page.locator(".panel-area").text_content()
    assert "Score: You 0 · Computer (random) 0" in facts, facts
    assert re.search(r"Now: [A-Z]?[a-z*' ]+", facts) and not re.search(r"\b(qbert|nasty)-", facts), "phase in words"
    log = page.locator(".log").text_content()
    assert "Player 1 (you) rolled" in log and "Computer (random) rolled" in log, log
    seats = page.locator(".players").text_content()
    assert "you" in seats and "Computer (random)" in seats and "Player" not in seats, seats


@pytest.mark.parametrize("size", list(SIZES))
def test_four_player_atari_names_each_team_by_its_colour(shared_server, contexts, size):
    page = contexts(**SIZES[size]).new_page()
    options = {"players": 4, "setup": "random", "field_rows": 8}
    new_match_in_form(page, shared_server, "atari_centipede", ["human"] + ["agent:random"] * 3, options=options)
    assert wait_my_turn(page) == "turn"
    text = page.evaluate("document.body.innerText + ' ' + document.body.textContent")
    assert not re.search(r"\b[Tt]eam [AB]\b", text), re.findall(r".{30}\b[Tt]eam [AB]\b.{10}", text)[:3]
    assert "Red Gnome" in text and "Blue Centipede" in text
    assert "Red Gnome: You" in page.locator(".panel-area").text_content()


@pytest.mark.parametrize("size", list(SIZES))
def test_home_lists_a_taken_nameless_seat_as_taken_and_mine_as_you(shared_server, contexts, size):
    page = contexts(**SIZES[size]).new_page()
    page.goto(shared_server.url + "/")
    body = {"game": "qbert", "seats": [{"kind": "human"}, {"kind": "human"}], "seat": 0}
    r = page.request.post(
        shared_server.url + "/api/matches", data=json.dumps(body), headers={"Content-Type": "application/json"}
    )
    m = r.json()
    page.evaluate("t => localStorage.setItem('boardcade.tokens', JSON.stringify(t))", {m["id"]: {"0": m["token"]}})
    claim = {"seat": 1, "invite": m["invites"]["1"], "name": None}  # a friend who gave no name
    assert page.request.post(
        f"{shared_server.url}/api/matches/{m['id']}/claim",
        data=json.dumps(claim),
        headers={"Content-Type": "application/json"},
    ).ok
    page.wait_for_timeout(1100)  # the server's match list is cached for a second
    page.reload()
    item = page.locator(f".your-matches .match-item[data-match='{m['id']}'] .match-players")
    item.wait_for()
    assert item.text_content() == "You vs Player 2", item.text_content()


def _no_numbered_seat(text: str, where: str) -> None:
    found = re.findall(r".{0,40}\bPlayer [12]\b.{0,20}", text)
    assert not found, f"{where}: a seat named by its number, not its player's name: {found[:3]}"


@pytest.mark.parametrize("size", list(SIZES))
def test_hot_seat_players_named_in_the_form_are_named_everywhere(shared_server, contexts, size):
    """Issue 35 item 4: a hot-seat Q*bert match whose two people are named in "More options": the chips, the
    prompts, the hand-over screen, the log, the end, the replay and the analysis say "Ada" and "Bo", never
    "you" for one of them nor "Player 1"/"Player 2"; the form suggests a name for each seat."""
    phone = size == "phone"
    page = contexts(**SIZES[size], reduced_motion="reduce").new_page()
    page.goto(shared_server.url + "/")
    tile = page.locator(".tile[data-game='qbert']")
    tile.locator("details.more summary").click()
    suggested = [tile.locator(f"[data-seat-name='{p}']").input_value() for p in (0, 1)]
    assert suggested == ["Player 1", "Player 2"], suggested
    match_id = new_match_in_form(
        page, shared_server, "qbert", ["human", "human"], options={"max_turns_per_round": 1}, names={0: "Ada", 1: "Bo"}
    )
    chips = page.locator(".players")
    chips.wait_for()
    passes = 0
    for _ in range(400):
        step = wait_my_turn(page)
        text = page.evaluate("document.body.innerText")
        _no_numbered_seat(text, step)
        assert_no_stray_words(page, f"the named hot-seat match ({step})")
        seats = chips.inner_text()
        assert "Ada" in seats and "Bo" in seats and "you" not in seats, seats
        if step == "over":
            break
        if step == "pass":
            passes += 1
            said = page.locator(".pass").inner_text() + page.locator(".status").inner_text()
            assert re.search(r"Pass the device to (Ada|Bo)\.", said) and re.search(r"(Ada|Bo) to move", said), said
            page.locator(".pass:not([hidden]) .pass-ok").click()
            continue
        prompt = page.locator(".status").inner_text()
        assert re.match(r"(Ada|Bo): ", prompt), f"the question is put to the person by name: {prompt}"
        play_first_offer(page, phone)
    assert passes >= 2
    log = page.locator(".log").inner_text()
    assert "Ada" in log and "Bo" in log, log
    result = page.locator(".result").inner_text()
    assert re.search(r"Ada|Bo|A draw", result), result

    page.locator("a:text('Watch the replay')").click()
    page.wait_for_selector("#replay-step")
    text = page.evaluate("document.body.innerText")
    _no_numbered_seat(text, "the replay")
    assert_no_stray_words(page, "the replay")
    assert "Ada" in page.locator(".replay-seats").inner_text() and "Bo" in page.locator(".log").inner_text()
    page.locator("#first").click()
    captions = []
    for _ in range(12):  # a roll's caption says what it showed; a move's says who made it
        page.locator("#forward").click()
        captions.append(page.locator(".caption").inner_text())
    assert any(re.match(r"(Ada|Bo): ", c) for c in captions), captions

    page.goto(f"{shared_server.url}/#/analyse/{match_id}")
    page.wait_for_selector(".analysis[data-step]")
    text = page.evaluate("document.body.innerText")
    _no_numbered_seat(text, "the analysis")
    assert_no_stray_words(page, "the analysis")
    assert "Ada" in page.locator(".analysis-head").inner_text(), page.locator(".analysis-head").inner_text()


@pytest.mark.parametrize("size", list(SIZES))
def test_a_named_player_is_named_in_the_log_not_numbered(shared_server, contexts, size):
    """Issue 35 item 4: with a name given on the home page, a match against the computer says "Sam (you) rolled"
    in the log (not "Player 1 (you)"), as the header does."""
    ctx = contexts(**SIZES[size], reduced_motion="reduce")
    ctx.add_init_script("try { localStorage.setItem('boardcade.name', 'Sam'); } catch {}")
    page = ctx.new_page()
    new_match_in_form(page, shared_server, "qbert", ["human", "agent:random"])
    assert wait_my_turn(page) == "turn"
    log = page.locator(".log").inner_text()
    assert "Sam (you) rolled" in log and "Player 1" not in log, log
    assert "Sam" in page.locator(".players").inner_text()


@pytest.mark.parametrize("size", list(SIZES))
def test_home_says_who_won_a_finished_match_by_the_winners_seat(shared_server, contexts, size):
    """Issue 35 item 4 (END-1): this browser's player resigns to Alex; the home page's list says "Alex won by
    resignation", not "you won"."""
    page = contexts(**SIZES[size]).new_page()
    page.goto(shared_server.url + "/")
    post = {"headers": {"Content-Type": "application/json"}}
    body = {"game": "qbert", "seats": [{"kind": "human"}, {"kind": "human"}], "seat": 0}
    m = page.request.post(shared_server.url + "/api/matches", data=json.dumps(body), **post).json()
    page.evaluate("t => localStorage.setItem('boardcade.tokens', JSON.stringify(t))", {m["id"]: {"0": m["token"]}})
    claim = {"seat": 1, "invite": m["invites"]["1"], "name": "Alex"}
    assert page.request.post(f"{shared_server.url}/api/matches/{m['id']}/claim", data=json.dumps(claim), **post).ok
    resign = {"seat": 0, "token": m["token"]}
    assert page.request.post(f"{shared_server.url}/api/matches/{m['id']}/resign", data=json.dumps(resign), **post).ok
    page.wait_for_timeout(1100)  # the server's match list is cached for a second
    page.reload()
    turn = page.locator(f".your-matches .match-item[data-match='{m['id']}'] .match-turn")
    turn.wait_for()
    assert turn.text_content() == "Alex won by resignation", turn.text_content()


# What the facts panel says of the other seat, as its chip does: open, then taken by a friend who gave no name.
OTHER_SEAT = {
    "qbert": ("Score: You 0 · open seat 0", "Score: You 0 · a player 0"),
    "mb_centipede": ("Red — open seat: ", "Red — a player: "),
    "atari_centipede": ("Gnome: You · Centipede: open seat", "Gnome: You · Centipede: a player"),
}


@pytest.mark.parametrize("size", list(SIZES))
def test_the_facts_panel_names_a_nameless_seat_as_its_chip_does(shared_server, contexts, size):
    """Issue 35 (item 4 left over): the facts panel beside the board named a seat nobody had named by its number
    ("Score: You 0 · Player 2 0", Atari's "Centipede: Centipede"); it says what the seat's chip says: "open seat"
    until a friend joins, then "a player" for a friend who gave no name. In all three games."""
    post = {"headers": {"Content-Type": "application/json"}}
    out = Path(__file__).resolve().parents[2] / "test-artifacts"
    out.mkdir(exist_ok=True)
    page = contexts(**SIZES[size], reduced_motion="reduce").new_page()
    page.goto(shared_server.url + "/")
    for game, (open_seat, taken) in OTHER_SEAT.items():
        body = {"game": game, "seats": [{"kind": "human"}, {"kind": "human"}], "seat": 0}
        m = page.request.post(shared_server.url + "/api/matches", data=json.dumps(body), **post).json()
        page.evaluate("t => localStorage.setItem('boardcade.tokens', JSON.stringify(t))", {m["id"]: {"0": m["token"]}})
        page.goto(f"{shared_server.url}/#/play/{m['id']}")
        facts = page.locator(".panel-area")
        chips = page.locator(".players")
        for said, chip in ((open_seat, "open seat"), (taken, "a player")):
            expect(facts).to_contain_text(said)
            assert chip in chips.inner_text(), chips.inner_text()
            _no_numbered_seat(facts.inner_text(), f"{game} facts panel")
            assert "Centipede: Centipede" not in facts.inner_text()
            if said == open_seat:
                claim = {"seat": 1, "invite": m["invites"]["1"], "name": None}  # a friend who gives no name
                url = f"{shared_server.url}/api/matches/{m['id']}/claim"
                assert page.request.post(url, data=json.dumps(claim), **post).ok
        page.screenshot(path=str(out / f"facts-nameless-seat-{game}-{size}.png"), full_page=True)
