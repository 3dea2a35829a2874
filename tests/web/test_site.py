"""The site around the board (issue 16): keyboard-only play with visible focus and labelled choices, the
end-of-game panel's Rematch, and invite links that are refused without losing the seat this browser holds."""

from __future__ import annotations

import json
import re

import pytest

from .play_helpers import DESK, PHONE, wait_my_turn
from .test_browser import new_match_in_form

FOCUSED = """() => {
  const el = document.activeElement;
  return { cls: el.getAttribute("class") || "", id: el.id, label: el.getAttribute("aria-label") || el.textContent,
           visible: el.matches(":focus-visible"), inMatch: !!el.closest(".board-area, .action-bar") };
}"""


def tab_to(page, test: str, limit: int = 150) -> dict:
    """Press Tab until the focused element passes `test` (a JS predicate on document.activeElement); the page
    may already have put the focus there (on your turn it focuses the first choice for keyboard players)."""
    for _ in range(limit):
        if page.evaluate(f"(() => {{ const el = document.activeElement; return !!el && ({test}); }})()"):
            return page.evaluate(FOCUSED)
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached an element where {test}")


def test_keyboard_only_match_then_rematch(server, contexts):
    """QB-*: a short Q*bert match against the computer played to its end, and into the rematch, with the
    keyboard alone (Tab to a choice, Enter to play it);
    every focused choice shows a focus ring (:focus-visible) and has an accessible name."""
    page = contexts(**DESK, reduced_motion="reduce").new_page()
    new_match_in_form(page, server, "qbert", ["human", "agent:random"], options={"max_turns_per_round": 1})
    first = page.url
    moves = 0
    for _ in range(400):
        if wait_my_turn(page) == "over":
            break
        focus = tab_to(page, "el.matches('.board-area .choice, .action-bar button.action')")
        assert focus["visible"], f"the focused choice shows its focus: {focus}"
        assert focus["label"].strip(), f"the focused choice has a name for screen readers: {focus}"
        before = page.locator(".action-bar").get_attribute("data-version")
        page.keyboard.press("Enter")
        page.wait_for_function(
            "v => document.querySelector('.result') || document.querySelector('.action-bar').dataset.version !== v",
            arg=before,
        )
        moves += 1
    assert page.locator(".result").count() == 1 and moves >= 3
    assert page.locator(".result .headline").text_content().startswith("Match over")
    tab_to(page, "el.id === 'rematch'")
    page.keyboard.press("Enter")
    page.wait_for_function("u => location.href !== u && location.hash.startsWith('#/play/')", arg=first)
    page.wait_for_selector(".players .seat")
    seats = page.locator(".players").text_content()
    assert "you" in seats and "Computer (random)" in seats, seats


def _online_match(page, server) -> dict:
    r = page.request.post(
        server.url + "/api/matches",
        data=json.dumps({"game": "qbert", "seats": [{"kind": "human"}, {"kind": "human"}], "seat": 0, "name": "Host"}),
        headers={"Content-Type": "application/json"},
    )
    assert r.ok, r.text()
    return r.json()


def _stored(page) -> dict:
    return json.loads(page.evaluate("localStorage.getItem('boardcade.tokens') || '{}'"))


def test_bad_invite_says_why_and_keeps_the_stored_token(server, contexts):
    """A mistyped invite shows a clear message, not a blank page, and stores nothing; a crafted link for a seat
    this browser already holds does not replace the token the server issued."""
    guest = contexts(**DESK).new_page()
    guest.goto(server.url + "/")
    m = _online_match(guest, server)
    # A wrong invite: a clear message; no token stored for the match.
    guest.goto(f"{server.url}/#/join/{m['id']}/1/not-the-invite")
    guest.fill("#join-name", "Sam")
    guest.click("#join")
    message = guest.locator(".page-message")
    message.wait_for()
    assert "This invite cannot be used" in message.text_content()
    assert "not valid" in message.text_content()
    assert m["id"] not in _stored(guest)
    # The real invite: the seat is taken and its token kept.
    guest.goto(f"{server.url}/#/join/{m['id']}/1/{m['invites']['1']}")
    guest.fill("#join-name", "Sam")
    guest.click("#join")
    guest.wait_for_url(re.compile(rf"#/play/{m['id']}$"))
    token = _stored(guest)[m["id"]]["1"]
    # A crafted link for the same seat: refused here, the stored token untouched, the match one click away.
    guest.goto(f"{server.url}/#/join/{m['id']}/1/crafted-token")
    guest.wait_for_selector(".page-message")
    assert "You already hold this seat" in guest.locator(".page-message").text_content()
    assert "crafted" not in guest.url, "the invite leaves the address bar"
    assert _stored(guest)[m["id"]]["1"] == token
    guest.click("a:text('Go to the match')")
    guest.wait_for_selector(".players .seat")
    assert guest.locator(".players .seat[data-seat='1'] .who").text_content().startswith("Sam")


def test_a_page_still_loading_never_draws_over_the_page_opened_after_it(server, contexts):
    """An invite link opened while the home page still waits for the server (a slow network, a quick click):
    the home page, when its data comes, must not replace the join form (it used to, leaving the guest on the
    home page with the invite gone from the address bar)."""
    guest = contexts(**DESK).new_page()
    m = _online_match(guest, server)
    held = []

    def hold(route):
        held.append(route)

    guest.route("**/api/games", hold)  # the home page's catalog is held back
    guest.goto(server.url + "/")
    guest.wait_for_function("document.querySelector('#view').textContent.includes('Loading')")
    assert len(held) == 1
    guest.goto(f"{server.url}/#/join/{m['id']}/1/{m['invites']['1']}")
    guest.wait_for_selector("#join-name")
    with guest.expect_response(lambda r: "status=finished" in r.url):  # the home page has drawn by then
        held[0].continue_()
    guest.unroute("**/api/games", hold)
    assert guest.locator("#join-name").is_visible(), "the join form is still shown"
    assert guest.locator(".tiles").count() == 0, "the late home page is not shown"
    guest.fill("#join-name", "Sam")
    guest.click("#join")
    guest.wait_for_url(re.compile(rf"#/play/{m['id']}$"))
    guest.wait_for_selector(".players .seat")


def test_rules_panel_from_the_package_and_log_links_open_their_clause(server, contexts):
    """Each game's rules document (shipped in its folder) renders as a page with an anchor per clause, without
    markdown marks left over; in a match a rule ID in the log opens the rules panel at that clause."""
    page = contexts(**DESK).new_page()
    for game, clause in [("qbert", "QB-3.3"), ("mb_centipede", "MB-2.1"), ("atari_centipede", "AC-1.1")]:
        page.goto(f"{server.url}/#/rules/{game}/{clause}")
        target = page.locator(f"[id='rule-{clause}']")
        target.wait_for()
        assert "target" in target.get_attribute("class")
        text = page.locator("#view").text_content()
        assert ")*" not in text and "**" not in text, f"{game}: markdown marks left in the rules text"
    new_match_in_form(page, server, "qbert", ["human", "agent:random"], options={"max_turns_per_round": 1})
    link = page.locator(".log a.rule").last
    link.wait_for()
    rule = link.get_attribute("data-rule")
    link.click()
    dialog = page.locator("#rules-dialog")
    dialog.wait_for()
    clause = dialog.locator(".clause.target")
    assert clause.is_visible() and clause.get_attribute("data-rule") in rule


@pytest.mark.parametrize("size", ["desk", "phone"])
def test_hint_button_shows_the_medium_suggestion_and_hides_without_the_endpoint(server, contexts, size):
    """Issue 15's hint: on a human's turn the Hint button asks the server (POST /api/matches/{id}/hint with
    the seat's token) and shows "Hint: <label>." and how sure the computer is, in a player's words (issue 27:
    never "NN% of visits"), marking that choice on the board. Against a server without the endpoint (stood in
    for by a page whose hint requests answer 404) the button goes away at the first ask, without an error shown
    (issue 35 item 7: the page no longer probes the endpoint in advance, which logged a refused request)."""
    page = contexts(**(PHONE if size == "phone" else DESK), reduced_motion="reduce").new_page()
    new_match_in_form(page, server, "qbert", ["human", "agent:random"], options={"max_turns_per_round": 1})
    assert wait_my_turn(page) == "turn"
    page.wait_for_selector(".action-bar[data-hint='offered']")
    page.locator(".hint-button").click()
    page.wait_for_selector(".hint-text:has-text('Hint:')", timeout=30_000)
    text = page.locator(".hint-text").text_content()
    sure = ("is fairly sure this is the best move", "prefers it, but other moves come close", "several moves")
    assert re.fullmatch(r"Hint: .+\. .+\.", text) and any(s in text for s in sure), text
    assert "%" not in text and "visits" not in text, text
    hinted = page.locator(".board-area .choice.hinted, .action-bar .choice.hinted, button.hinted")
    assert hinted.count() >= 1
    labels = [hinted.nth(i).get_attribute("aria-label") or hinted.nth(i).text_content() for i in range(hinted.count())]
    assert any(label and label in text for label in labels), (labels, text)

    page.route("**/api/matches/*/hint", lambda route: route.fulfill(status=404, json={"detail": "Not Found"}))
    page.reload()
    assert wait_my_turn(page) == "turn"
    page.locator(".hint-button").click()
    page.wait_for_selector(".action-bar[data-hint='none']")
    assert not page.locator(".hint-button").is_visible()
    assert "No hint" not in page.locator(".action-bar").text_content()


def test_play_a_friend_invite_link_and_seats_show_who_is_connected(server, contexts):
    """ "Play a friend" on a tile: the match page offers the invite link with a Copy button (and says that a
    127.0.0.1 link works only on this computer); the friend joins under a name, and the host's seat list
    shows that name, connected."""
    host = contexts(**DESK, permissions=["clipboard-read", "clipboard-write"]).new_page()
    host.goto(server.url + "/")
    host.locator(".tile[data-game='qbert'] .play-friend").click()
    host.wait_for_url(re.compile(r"#/play/"))
    invite = host.locator("input.invite")
    invite.wait_for()
    link = invite.input_value()
    assert link.startswith(server.url + "/#/join/")
    assert "--host 0.0.0.0" in host.locator(".links .hint").text_content()
    host.locator("button.invite-copy").click()
    assert host.evaluate("navigator.clipboard.readText()") == link
    assert host.locator(".seat[data-seat='1'] .dot").get_attribute("class") == "dot open"
    friend = contexts(**DESK).new_page()
    friend.goto(link)
    friend.fill("#join-name", "Robin")
    friend.click("#join")
    friend.wait_for_url(re.compile(r"#/play/"))
    host.wait_for_selector(".seat[data-seat='1'] .dot.online")
    assert host.locator(".seat[data-seat='1'] .who").text_content() == "Robin"
    assert host.locator("input.invite").count() == 0, "a claimed seat's invite is no longer offered"


def test_home_lists_my_matches_with_players_turn_and_age(server, contexts):
    """The home page's match list: game, players' names, whose turn, age; a link back into the match."""
    page = contexts(**DESK).new_page()
    page.goto(server.url + "/")
    page.fill("#my-name", "Sam")
    page.locator(".tile[data-game='mb_centipede'] select.level").select_option("random")
    page.locator(".tile[data-game='mb_centipede'] .play-computer").click()
    page.wait_for_url(re.compile(r"#/play/"))
    match_id = page.url.split("#/play/")[1]
    assert wait_my_turn(page) == "turn"
    page.goto(server.url + "/")
    item = page.locator(f".your-matches .match-item[data-match='{match_id}']")
    item.wait_for()
    assert item.locator(".match-game").text_content() == "Centipede (Milton Bradley, 1983)"
    assert item.locator(".match-players").text_content() == "You vs Computer (random)"
    assert item.locator(".match-turn").text_content() == "your turn"
    assert item.locator(".match-age").text_content().startswith("started ")
    item.locator("a.button").click()
    page.wait_for_url(re.compile(rf"#/play/{match_id}$"))


# Stands in for the Web Audio API (headless Chromium has no sound card) and keeps a record, every 15 ms, of the
# tab titles and of the status bar's kinds and texts, so a short state (the computer thinking) is not missed.
WATCH = """
window.__chimes = 0;
window.AudioContext = class {
  constructor() { this.currentTime = 0; this.destination = {}; }
  createGain() { return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (x) => x }; }
  createOscillator() { return { frequency: {}, connect: (x) => x, start: () => { window.__chimes += 1; }, stop() {} }; }
};
window.__seen = [];
setInterval(() => {
  const st = document.querySelector(".status");
  const row = { title: document.title, status: st ? st.className : "", text: st ? st.textContent : "",
                marked: document.querySelectorAll("svg.board .last-move").length,
                trails: document.querySelectorAll("svg.board .last-move-trail").length, chimes: window.__chimes };
  const last = window.__seen[window.__seen.length - 1];
  if (!last || JSON.stringify(last) !== JSON.stringify(row)) window.__seen.push(row);
}, 15);
"""


def test_your_turn_is_signalled_by_title_and_chime_and_the_last_move_stays_marked(server, contexts):
    """Issue 16's turn signals: the sound switch in the top bar (off until switched on, remembered across
    reloads; switching it on plays the chime once); while the computer decides the status says it is
    thinking and the tab title does not claim your turn; when your turn comes the title starts with
    "(Your turn)" and the chime plays (two tones); the last move's pieces stay marked, with a trail from
    where they came, until the next move. Animation on (no reduced-motion request)."""
    ctx = contexts(**DESK, reduced_motion="no-preference")
    ctx.add_init_script(WATCH)
    page = ctx.new_page()
    page.goto(server.url + "/")
    sound = page.locator("#sound")
    assert sound.text_content() == "Sound: off" and sound.get_attribute("aria-pressed") == "false"
    sound.click()
    assert sound.text_content() == "Sound: on" and sound.get_attribute("aria-pressed") == "true"
    assert page.evaluate("window.__chimes") == 2, "switching the sound on plays the two-tone chime once"
    page.reload()
    assert page.locator("#sound").text_content() == "Sound: on", "the choice is remembered"

    new_match_in_form(page, server, "qbert", ["human", "agent:medium"], options={"max_turns_per_round": 1})
    moves = 0
    for _ in range(60):
        if wait_my_turn(page) != "turn":
            break
        assert page.title().startswith("(Your turn) "), page.title()
        seen = page.evaluate("window.__seen")
        thought = [r for r in seen if "thinking" in r["status"].split()]
        if moves >= 2 and thought and any(r["marked"] and "mine" in r["status"].split() for r in seen):
            break
        before = page.locator(".action-bar").get_attribute("data-version")
        offer = page.locator(".board-area .choice, .action-bar button.action").first
        offer.click()
        page.wait_for_function(
            "v => document.querySelector('.result') || document.querySelector('.action-bar').dataset.version !== v",
            arg=before,
        )
        moves += 1
    seen = page.evaluate("window.__seen")
    thought = [r for r in seen if "thinking" in r["status"].split()]
    assert thought, "the computer's turn was shown"
    assert all(r["text"].startswith("Computer (medium) is thinking") for r in thought), thought[:3]
    assert not any(r["title"].startswith("(Your turn)") for r in thought), "no 'your turn' while the computer thinks"
    mine = [r for r in seen if "mine" in r["status"].split()]
    assert mine and all(r["title"].startswith("(Your turn) ") for r in mine)
    # The chime (two tones) played each time the turn came back to this browser, and only then: not for each
    # hop of one turn while its move is being sent (the reload above started the count afresh).
    turns_back = sum(
        1
        for a, b in zip(seen, seen[1:], strict=False)
        if not a["title"].startswith("(Your turn)") and b["title"].startswith("(Your turn)")
    )
    trace = [(r["title"][:12], r["status"], r["chimes"]) for r in seen]
    assert turns_back >= 2 and page.evaluate("window.__chimes") == 2 * turns_back, trace
    assert any("Sending your move" in r["text"] and r["title"].startswith("(Your turn)") for r in seen), trace
    marked = [r for r in seen if r["marked"]]
    assert marked and all(r["trails"] >= r["marked"] for r in marked), "a moved piece is marked and trailed"
