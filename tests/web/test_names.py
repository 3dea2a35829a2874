"""Names (issue 27 item 5), at 1280x900 and 390x844: wherever a seat is named (header, board corner, facts, log,
bar, result, the home page's lists) it is "You", the player's name or "Computer (level)", never a bare
"Player 2"; a taken seat whose player gave no name is not an open seat; in 4-player Atari's Centipede a team
is named by its colour everywhere (AC-11.1), never "team A" in one place and "red" in another."""

from __future__ import annotations

import json
import re

import pytest

from .play_helpers import DESK, PHONE, wait_my_turn
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
