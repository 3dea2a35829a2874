"""Issue 36 done-means, in a real browser at 1280x900 and 390x844: two people sign up (two browsers), one starts a
rated Q*bert match with "Play a friend", the other joins through the invite link, they play (each makes the
decisions a rated result needs, SV-18) and one resigns; each then sees the match and their new rating in "My
matches" and on their profile (with its rating graph), and the other's name links to the other's profile
(SV-16, SV-19)."""

from __future__ import annotations

import json
import time
import urllib.request

import pytest

from .play_helpers import DESK, PHONE, assert_no_stray_words, audit, click_offer, play_first_offer, wait_my_turn

SIZES = {"desk": DESK, "phone": PHONE}
PASSWORD = "correct horse battery"
DECISIONS = 2  # server/ratings.py MIN_DECISIONS


def sign_up(page, server, name):
    page.goto(server.url + "/#/account")
    page.locator("#sign-up [name='name']").fill(name)
    page.locator("#sign-up [name='password']").fill(PASSWORD)
    page.locator("#sign-up-submit").click()
    page.wait_for_selector("#account-who")


def profile_api(server, name):
    return json.loads(urllib.request.urlopen(f"{server.url}/api/players/{name}", timeout=10).read())


def play_turn(page, phone) -> None:
    usable = audit(page, phone)
    before = page.locator(".action-bar").get_attribute("data-version") or ""
    click_offer(page, usable[0], phone)
    page.wait_for_function(
        "v => document.querySelector('.result') || document.querySelector('.action-bar').dataset.version !== v",
        arg=before,
    )


@pytest.mark.parametrize("size", list(SIZES))
def test_two_people_play_a_rated_match_and_see_their_ratings_and_history(server, contexts, size, tmp_path):
    server.shots = tmp_path  # the screenshots to look at
    phone = size == "phone"
    ann = contexts(**SIZES[size]).new_page()
    bob = contexts(**SIZES[size]).new_page()
    sign_up(ann, server, "Ann_R")
    sign_up(bob, server, "Bob_R")

    ann.goto(server.url + "/")
    ann.wait_for_selector(".tile[data-game='qbert'] .level option", state="attached")
    tile = ann.locator(".tile[data-game='qbert']")
    level_words = tile.locator(".level option").all_text_contents()
    assert any("about" in w for w in level_words), f"each rated level says its rating: {level_words}"
    tile.locator(".quick .rated").check()
    ann.screenshot(path=str(server.shots / f"profiles-{size}-rated-choice.png"))
    tile.locator(".play-friend").click()
    ann.wait_for_function("() => location.hash.startsWith('#/play/')")
    match_id = ann.url.rsplit("/", 1)[1]
    invites = ann.evaluate("JSON.parse(localStorage.getItem('boardcade.invites'))")[match_id]
    [(seat, invite)] = invites.items()
    bob.goto(f"{server.url}/#/join/{match_id}/{seat}/{invite}")
    bob.locator("#join").click()
    bob.wait_for_function("id => location.hash === '#/play/' + id", arg=match_id)

    ann.locator(".seat .player-link", has_text="Bob_R").wait_for()  # names at the table link to profiles
    made = {"ann": 0, "bob": 0}
    pages = {"ann": ann, "bob": bob}
    deadline = time.monotonic() + 120
    while min(made.values()) < DECISIONS:
        assert time.monotonic() < deadline, f"the players did not get their turns: {made}"
        for who, page in pages.items():
            if page.locator(".status.mine").count() and page.locator(".action-bar[data-hint]").count():
                play_turn(page, phone)
                made[who] += 1
                break
        else:
            time.sleep(0.1)
    assert not ann.locator(".result").count(), "the match is still on"
    bob.locator(".match-menu summary").click()
    bob.locator(".match-menu button.resign").click()
    bob.locator(".match-menu button.resign-yes").click()
    ann.wait_for_selector(".result")
    bob.wait_for_selector(".result")

    deadline = time.monotonic() + 30
    while not profile_api(server, "Ann_R")["ratings"]:
        assert time.monotonic() < deadline, "the match was not rated"
        time.sleep(0.1)

    ann.goto(server.url + "/#/me")
    ann.wait_for_selector(".my-matches .history.finished")
    item = ann.locator(f".history-match[data-match='{match_id}']")
    assert item.locator(".result").text_content() == "Won"
    assert "1500 →" in item.locator(".rating-change").text_content()
    assert item.locator(".player-link", has_text="Bob_R").count() == 1, "the opponent's name links to a profile"
    assert ann.evaluate("document.documentElement.scrollWidth <= innerWidth + 1"), "no sideways scrolling"
    ann.screenshot(path=str(server.shots / f"profiles-{size}-my-matches.png"), full_page=True)

    ann.goto(server.url + "/#/account")
    ann.locator("#my-profile").click()
    ann.wait_for_selector("#profile-name")
    assert ann.locator("#profile-name").text_content() == "Ann_R"
    rating = int(ann.locator(".rating[data-key='qbert'] .rating-number").text_content())
    assert rating > 1500 and rating == profile_api(server, "Ann_R")["ratings"][0]["rating"]
    assert ann.locator(".rating[data-key='qbert'] svg.rating-graph circle").count() == 1
    assert ann.locator(f".history-match[data-match='{match_id}'] .replay-link").get_attribute("href") == (
        f"#/replay/{match_id}"
    )
    assert_no_stray_words(ann, f"the profile page ({size})")
    ann.screenshot(path=str(server.shots / f"profiles-{size}-ann-profile.png"), full_page=True)

    bob.goto(server.url + "/#/me")
    bob.wait_for_selector(".my-matches .history.finished")
    assert bob.locator(f".history-match[data-match='{match_id}'] .result").text_content() == "Lost"
    bob.locator(".player-link", has_text="Bob_R").first.click()
    bob.wait_for_selector("#profile-name")
    assert int(bob.locator(".rating[data-key='qbert'] .rating-number").text_content()) < 1500
    bob.locator(".history-match .player-link", has_text="Ann_R").click()
    bob.wait_for_function("() => document.querySelector('#profile-name')?.textContent === 'Ann_R'")
    bob.screenshot(path=str(server.shots / f"profiles-{size}-bob-sees-ann.png"), full_page=True)


@pytest.mark.parametrize("size", list(SIZES))
def test_more_options_offers_rated_online_and_says_why_not_hot_seat(server, contexts, size, tmp_path):
    """SV-16 in the full form: a rated match is for people on their own devices; hot-seat is refused in words,
    and no match is made."""
    page = contexts(**SIZES[size]).new_page()
    sign_up(page, server, "Cat_R")
    page.goto(server.url + "/")
    form = page.locator(".tile[data-game='qbert'] details.more")
    form.locator("summary").click()
    form.locator("input.rated").check()
    form.locator("[data-seat='1']").select_option("human")  # two people at one device
    form.locator("select.mode").select_option("hotseat")
    form.locator("button.create").click()
    notice = page.locator("#notice")
    notice.wait_for()
    assert "choose Online" in notice.text_content()
    assert page.evaluate("() => location.hash") in ("", "#/"), "no match was made"
    page.screenshot(path=str(tmp_path / f"profiles-{size}-form-rated.png"), full_page=False)
    form.locator("select.mode").select_option("online")
    form.locator("button.create").click()
    page.wait_for_function("() => location.hash.startsWith('#/play/')")
    match_id = page.evaluate("() => location.hash.split('/')[2]")
    info = json.loads(urllib.request.urlopen(f"{server.url}/api/matches/{match_id}", timeout=10).read())
    assert info["rated"] is True and info["seats"][0]["account"] == "Cat_R"


MAKE_MATCH = """async (name) => {
  const post = async (path, body) => (await fetch(path, { method: "POST", body: JSON.stringify(body),
    headers: { "Content-Type": "application/json" } })).json();
  const seats = [{ kind: "human" }, { kind: "human" }];
  const made = await post("/api/matches", { game: "qbert", options: {}, seats, name });
  const tokens = { [made.seat]: made.token };
  for (const [seat, invite] of Object.entries(made.invites)) {
    tokens[seat] = (await post(`/api/matches/${made.id}/claim`, { seat: Number(seat), invite, name })).token;
  }
  localStorage.setItem("boardcade.tokens", JSON.stringify({ [made.id]: tokens }));
  const held = Object.entries(tokens).map(([seat, token]) => ({ match: made.id, seat: Number(seat), token }));
  await post("/api/account/seats", { seats: held });
  return made.id;
}"""


@pytest.mark.parametrize("size", list(SIZES))
def test_my_matches_on_another_device_plays_the_match_there_and_the_first_browser_still_plays(
    server, contexts, size, tmp_path
):
    """SV-19 "on any device": a second device signed in to the account lists the match waiting on you and plays
    it (the server plays a seat linked to the account for its session: no token is handed to that page), and
    the browser that took the seats still plays with its tokens: both devices keep working."""
    phone_size = size == "phone"
    laptop = contexts(**SIZES[size]).new_page()
    sign_up(laptop, server, "Ann_M")
    match_id = laptop.evaluate(MAKE_MATCH, "Ann_M")
    laptop.goto(server.url + "/#/me")
    mine = laptop.locator(f".history.active .history-match[data-match='{match_id}']")
    mine.wait_for()
    your_turn = laptop.evaluate("async () => (await (await fetch('/api/me/matches')).json()).active[0].your_turn")
    offer = "Your turn: play" if your_turn else "Open"
    assert mine.locator("a.button").text_content() == offer

    phone = contexts(**SIZES[size]).new_page()  # another device: the same account, none of the tokens
    phone.goto(server.url + "/#/account")
    phone.locator("#sign-in [name='name']").fill("Ann_M")
    phone.locator("#sign-in [name='password']").fill(PASSWORD)
    phone.locator("#sign-in-submit").click()
    phone.wait_for_selector("#account-who")
    phone.goto(server.url + "/#/me")
    there = phone.locator(f".history.active .history-match[data-match='{match_id}']")
    there.wait_for()
    assert there.locator("a.button").text_content() == offer, "play, not watch, on the other device"
    assert phone.evaluate("document.documentElement.scrollWidth <= innerWidth + 1"), "no sideways scrolling"
    assert_no_stray_words(phone, f"My matches on another device ({size})")
    phone.screenshot(path=str(tmp_path / f"profiles-{size}-my-matches-elsewhere.png"), full_page=True)
    there.locator("a.button").click()
    phone.wait_for_function("id => location.hash === '#/play/' + id", arg=match_id)

    before = match_version(server, match_id)
    take_turn(phone, phone_size)
    assert "watching" not in phone.locator(".match-title").text_content(), "it plays the seats, not watch them"
    phone.screenshot(path=str(tmp_path / f"profiles-{size}-played-on-another-device.png"), full_page=False)
    assert match_version(server, match_id) > before, "the move made on the second device counted"
    held = phone.evaluate("() => JSON.parse(localStorage.getItem('boardcade.tokens') || '{}')")
    assert match_id not in held, "no seat token was handed to the second device: its session plays the seat"

    before = match_version(server, match_id)
    laptop.goto(f"{server.url}/#/play/{match_id}")  # the browser that took the seats plays on with its tokens
    take_turn(laptop, phone_size)
    assert match_version(server, match_id) > before, "the first browser's tokens still play"


def match_version(server, match_id) -> int:
    return json.loads(urllib.request.urlopen(f"{server.url}/api/matches/{match_id}", timeout=10).read())["version"]


def take_turn(page, phone: bool) -> None:
    """On a hot-seat match page: hand the device over if asked, then make one decision by clicking."""
    if wait_my_turn(page) == "pass":
        page.locator(".pass:not([hidden]) .pass-ok").click()
        assert wait_my_turn(page) == "turn"
    play_first_offer(page, phone)
