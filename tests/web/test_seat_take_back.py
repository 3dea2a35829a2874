"""A seat the host handed on while its person was away (issue 40 F3, SV-11), in the browser at 1280x900 and
390x844: the stand-in's Match menu says they play the seat for the person away and offers no resign, draw or
abort (END-1, END-2, END-4); the person comes back to a page that tells them so and offers to take the seat back;
one press and they play it again, the stand-in's token no longer works."""

from __future__ import annotations

import json
import os
import re
import sqlite3
import time
import urllib.request

import pytest

from .play_helpers import DESK, PHONE
from .test_browser import new_match_in_form

SIZES = {"desk": DESK, "phone": PHONE}
SHOTS = os.environ.get("BOARDCADE_SHOTS")  # a folder: screenshots of the page offering the seat back


def _call(server, path: str, body: dict | None = None) -> tuple[int, dict]:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(server.url + path, data=data, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


@pytest.mark.parametrize("size", list(SIZES))
def test_sv11_f3_a_seat_handed_on_while_away_is_taken_back_from_the_page(shared_server, contexts, size):
    host = contexts(**SIZES[size]).new_page()
    match_id = new_match_in_form(host, shared_server, "qbert", ["human", "human"], "online")
    friend_context = contexts(**SIZES[size])
    friend = friend_context.new_page()
    friend.goto(host.locator("input.invite").first.input_value())
    friend.fill("#join-name", "Robin")
    friend.click("#join")
    friend.wait_for_url(re.compile(rf"#/play/{match_id}$"))
    friend.close()  # Robin goes away
    deadline = time.time() + 10
    while _call(shared_server, f"/api/matches/{match_id}")[1]["seats"][1]["connected"] and time.time() < deadline:
        time.sleep(0.1)
    time.sleep(0.3)  # the last-seen stamp of the leave is stored
    with sqlite3.connect(shared_server.db_url.removeprefix("sqlite:///")) as db:  # away for a day
        db.execute("UPDATE match_seats SET last_seen = '2000-01-01T00:00:00.000+00:00' WHERE match_id = ?", (match_id,))
    host_token = host.evaluate(f"JSON.parse(localStorage.getItem('boardcade.hosts'))['{match_id}']")
    status, answer = _call(shared_server, f"/api/matches/{match_id}/seats/1/invite", {"host_token": host_token})
    assert status == 200, answer
    claim = {"seat": 1, "invite": answer["invite"], "name": "Sam"}
    status, stand_in = _call(shared_server, f"/api/matches/{match_id}/claim", claim)
    assert status == 200, stand_in
    assert _call(shared_server, f"/api/matches/{match_id}")[1]["seats"][1]["stand_in"] is True

    sam = contexts(**SIZES[size]).new_page()  # the stand-in plays the seat, and cannot end the match for Robin
    sam.goto(shared_server.url + "/")
    tokens = json.dumps({match_id: {"1": stand_in["token"]}})
    sam.evaluate(f"localStorage.setItem('boardcade.tokens', {json.dumps(tokens)})")
    sam.goto(f"{shared_server.url}/#/play/{match_id}")
    sam.locator(".match-menu summary").click()
    note = sam.locator(".match-menu .stand-in")
    note.wait_for()
    assert note.text_content().startswith("You stand in for Robin: you play this seat, but never resign it")
    assert sam.locator(".match-menu button.resign, .match-menu button.draw, .match-menu button.abort").count() == 0
    if SHOTS:
        sam.screenshot(path=f"{SHOTS}/stand-in-{size}.png")
    sam.close()

    back = friend_context.new_page()  # Robin comes back, the token still saved in this browser
    back.goto(f"{shared_server.url}/#/play/{match_id}")
    button = back.locator(".seat-problem button.take-back")
    button.wait_for()
    assert "handed seat 2 to someone else" in back.locator(".seat-problem").text_content()
    if SHOTS:
        back.screenshot(path=f"{SHOTS}/take-back-{size}.png")
    button.click()
    back.wait_for_load_state()
    deadline = time.time() + 10
    seat = {}
    while time.time() < deadline:
        seat = _call(shared_server, f"/api/matches/{match_id}")[1]["seats"][1]
        if seat["name"] == "Robin" and seat["connected"]:
            break
        time.sleep(0.1)
    assert seat["name"] == "Robin" and "stand_in" not in seat and seat["connected"], seat
    back.wait_for_selector(".seat-problem", state="hidden")
    if SHOTS:
        back.screenshot(path=f"{SHOTS}/taken-back-{size}.png")
    status, refused = _call(shared_server, f"/api/matches/{match_id}/view", {"seat": 1, "token": stand_in["token"]})
    assert (status, refused["error"]["code"]) == (403, "bad_token"), "the stand-in's token no longer works"
