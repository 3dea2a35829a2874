"""Accounts in the browser (issue 36 item 1), at 1280x900 and 390x844: the header says who is signed in; the
#/account page signs up (a hostile name refused in the form, in the server's words), out and in (a wrong
password refused the same way), changes the password and deletes the account; signing up keeps the seats this
browser held anonymously (linked to the account, their tokens still in the browser); no sideways scrolling."""

from __future__ import annotations

import json
import sqlite3
import urllib.request

import pytest

from .play_helpers import DESK, PHONE, assert_no_stray_words

SIZES = {"desk": DESK, "phone": PHONE}
PASSWORD = "correct horse battery"


def new_match(server) -> dict:
    """A hot-seat Q*bert match made over HTTP, its seats claimed: {id, tokens}."""

    def post(path, body):
        req = urllib.request.Request(server.url + path, json.dumps(body).encode(), {"Content-Type": "application/json"})
        return json.loads(urllib.request.urlopen(req, timeout=10).read())

    m = post("/api/matches", {"game": "qbert", "options": {}, "seats": [{"kind": "human"}] * 2, "name": "Ann"})
    tokens = {str(m["seat"]): m["token"]}
    for seat, invite in m["invites"].items():
        tokens[seat] = post(f"/api/matches/{m['id']}/claim", {"seat": int(seat), "invite": invite, "name": "Bo"})[
            "token"
        ]
    return {"id": m["id"], "tokens": tokens}


def linked(server) -> list[tuple]:
    con = sqlite3.connect(server.db_url.removeprefix("sqlite:///"))
    try:
        return con.execute("SELECT match_id, seat FROM account_seats ORDER BY seat").fetchall()
    finally:
        con.close()


def submit(page, form: str, **fields) -> None:
    for name, value in fields.items():
        page.locator(f"#{form} [name='{name}']").fill(value)
    page.locator(f"#{form}-submit").click()


@pytest.mark.parametrize("size", list(SIZES))
def test_sign_up_out_in_change_password_and_delete(server, contexts, size):
    match = new_match(server)
    page = contexts(**SIZES[size]).new_page()
    page.goto(server.url + "/")
    page.evaluate(f"localStorage.setItem('boardcade.tokens', {json.dumps(json.dumps({match['id']: match['tokens']}))})")
    control = page.locator("#account")
    assert control.text_content() == "Sign in"
    control.click()
    page.wait_for_selector("#sign-up")
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth + 1"), "no sideways scrolling"
    page.screenshot(path=str(server.shots / f"account-{size}-signed-out.png"), full_page=True)

    submit(page, "sign-up", name="<b>Ann</b>", password=PASSWORD)
    error = page.locator("#sign-up .error")
    error.wait_for()
    assert "cannot hold '<'" in error.text_content() and "letters or digits" in error.text_content()
    assert control.text_content() == "Sign in"
    page.screenshot(path=str(server.shots / f"account-{size}-refused.png"), full_page=True)

    submit(page, "sign-up", name="Ann_B", password=PASSWORD)
    page.wait_for_selector("#account-who")
    assert control.text_content() == "Ann_B" and "Signed in as Ann_B" in page.locator("#account-who").text_content()
    assert linked(server) == [(match["id"], 0), (match["id"], 1)], "the seats held anonymously are the account's"
    held = page.evaluate("JSON.parse(localStorage.getItem('boardcade.tokens'))")
    assert held == {match["id"]: match["tokens"]}, "and still this browser's"
    assert_no_stray_words(page, f"the account page ({size})")
    page.screenshot(path=str(server.shots / f"account-{size}-signed-in.png"), full_page=True)

    page.locator("#sign-out").click()
    page.wait_for_selector("#sign-in")
    assert control.text_content() == "Sign in"
    submit(page, "sign-in", name="ann_b", password="not my password")
    page.locator("#sign-in .error").wait_for()
    assert "do not match an account" in page.locator("#sign-in .error").text_content()
    submit(page, "sign-in", name="ann_b", password=PASSWORD)
    page.wait_for_selector("#account-who")

    submit(page, "change-password", password=PASSWORD, new_password="a new password")
    page.locator("#notice").get_by_text("Your password is changed").wait_for()
    page.locator("#sign-out").click()
    page.wait_for_selector("#sign-in")
    submit(page, "sign-in", name="Ann_B", password="a new password")
    page.wait_for_selector("#account-who")
    # Signed in, a match this browser then makes or joins is linked when it is opened.
    later = new_match(server)
    page.evaluate(f"localStorage.setItem('boardcade.tokens', {json.dumps(json.dumps({later['id']: later['tokens']}))})")
    page.goto(f"{server.url}/#/play/{later['id']}")
    page.locator("#conn", has_text="connected").wait_for()
    for _ in range(100):
        if (later["id"], 1) in linked(server):
            break
        page.wait_for_timeout(100)
    assert {(later["id"], 0), (later["id"], 1)} <= set(linked(server))
    page.locator("#account").click()
    page.wait_for_selector("#account-who")

    submit(page, "delete-account", password="a new password")
    page.wait_for_selector("#sign-up")
    assert control.text_content() == "Sign in" and linked(server) == []
    names = json.loads(urllib.request.urlopen(f"{server.url}/api/matches/{match['id']}", timeout=10).read())["seats"]
    assert [s["name"] for s in names] == ["Deleted player", "Deleted player"], "the match stays, renamed"
    page.screenshot(path=str(server.shots / f"account-{size}-deleted.png"), full_page=True)


@pytest.fixture
def server(server, tmp_path):
    server.shots = tmp_path
    return server
