"""End-to-end in Chromium: hot-seat Q*bert by clicking, online Atari Centipede in two browsers with a computer
seat, reload and server restart mid-match, replay, and a phone-sized screen (docs/server.md, SV-*)."""

from __future__ import annotations

import json
import re


def new_match_in_form(
    page,
    server,
    game,
    seats,
    mode="hotseat",
    options=None,
    turn_limit=None,
    on_timeout=None,
    private=False,
    names=None,
):
    """Start a match from the game's tile on the home page, through "More options" (every option, each seat and,
    hot-seat, each person's name, the time for each turn and what running out does, privacy)."""
    page.goto(server.url + "/")
    form = page.locator(f".tile[data-game='{game}'] form.new-match")
    page.locator(f".tile[data-game='{game}'] details.more summary").click()
    for name, value in (options or {}).items():
        field = form.locator(f"[data-option='{name}']")
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(value=json.dumps(value))  # a value's JSON (its text is the game's words for it)
        elif field.get_attribute("type") == "checkbox":
            field.set_checked(bool(value))
        else:
            field.fill(str(value))
        field.dispatch_event("change")
    for seat, choice in enumerate(seats):
        form.locator(f"[data-seat='{seat}']").select_option(choice)
    form.locator("select.mode").select_option(mode)
    for seat, name in (names or {}).items():
        form.locator(f"[data-seat-name='{seat}']").fill(name)
    if turn_limit:
        form.locator("select.turn-limit").select_option(str(turn_limit))
    if on_timeout:
        form.locator("select.on-timeout").select_option(on_timeout)
    if private:
        form.locator("input.private").check()
    form.locator("button.create").click()
    page.wait_for_url(re.compile(r"#/play/"))
    return page.url.split("#/play/")[1]


def click_something(page) -> str:
    """One step of play the way a person would: pass the device, else a board choice, else a button."""
    page.wait_for_selector(".pass-ok, .choice, button.action, .result")
    if page.locator(".result").count():
        return "over"
    if page.locator(".pass-ok").count() and page.locator(".pass-ok").is_visible():
        page.click(".pass-ok")
        return "pass"
    version = page.locator(".log li").count()
    target = page.locator(".choice").first if page.locator(".choice").count() else page.locator("button.action").first
    target.click()
    page.wait_for_function(
        "v => document.querySelectorAll('.log li').length !== v || document.querySelector('.pass-ok, .result')",
        arg=version,
    )
    return "moved"


def test_sv1_full_qbert_match_hot_seat_by_clicking_then_replay(server, contexts):
    page = contexts(viewport={"width": 1200, "height": 900}).new_page()
    new_match_in_form(page, server, "qbert", ["human", "human"], options={"max_turns_per_round": 1})
    passes = 0
    for _ in range(400):
        step = click_something(page)
        passes += step == "pass"
        if step == "over":
            break
    assert page.locator(".result").count() == 1, "the match ended"
    assert passes >= 2, "the device was passed between the two players"
    page.click("a:text('Watch the replay')")
    page.wait_for_selector("#replay-step")
    last = page.text_content("#replay-step")
    page.click("#back")
    assert page.text_content("#replay-step") != last
    page.click("#first")
    assert page.text_content("#replay-step").startswith("Step 0 of")
    page.click("#forward")
    assert page.text_content("#replay-step").startswith("Step 1 of")
    assert page.locator("#download").get_attribute("href").endswith("/record")


def test_sv1_online_atari_centipede_two_browsers_with_a_computer_seat(server, contexts):
    host = contexts(viewport={"width": 1200, "height": 900}).new_page()
    match_id = new_match_in_form(
        host, server, "atari_centipede", ["human", "human", "agent:random", "agent:random"], "online", {"players": 4}
    )
    invite = host.locator("input.invite").first.input_value()
    assert "/#/join/" in invite
    guest = contexts(viewport={"width": 1000, "height": 800}).new_page()
    guest.goto(invite)
    guest.fill("#join-name", "Guest <b>")
    guest.click("#join")
    guest.wait_for_url(re.compile(rf"#/play/{match_id}$"))
    assert "/join/" not in guest.url, "the token is dropped from the address bar"
    moves = 0
    for _ in range(120):
        for page in (host, guest):
            if page.locator(".choice, button.action").count():
                click_something(page)
                moves += 1
        if moves >= 12:
            break
        host.wait_for_timeout(100)
    assert moves >= 12, "both people could move while computer seats played"
    assert host.locator(".to-move").count() == 1 and guest.locator(".to-move").count() == 1
    assert "Computer (random)" in host.text_content(".players")
    assert "Guest <b>" in host.text_content(".players"), "the guest's name is shown as text, never as markup"
    assert host.locator(".players b").count() == 0


def test_sv2_reload_and_server_restart_resume_the_seat(server, contexts):
    page = contexts(viewport={"width": 1200, "height": 900}).new_page()
    new_match_in_form(page, server, "mb_centipede", ["human", "agent:random"])
    for _ in range(3):
        click_something(page)
    page.reload()
    page.wait_for_selector("text=connected")
    page.wait_for_selector(".log li")  # the view is drawn, not only the connection made
    mine = page.locator(".players .seat[data-seat='0']")
    assert mine.locator(".role").text_content() == "Green" and mine.locator(".who").text_content() == "you"
    page.wait_for_selector(".log li")  # the whole view is drawn (it may come in the same packet as the welcome)
    before = page.locator(".log li").count()
    server.kill()
    page.wait_for_selector("text=reconnecting…")
    # While reconnecting nothing is offered, and a click on the board says why instead of being lost.
    page.wait_for_selector(".status:has-text('Reconnecting')")
    assert page.locator(".board-area .choice, .action-bar button.action").count() == 0
    page.locator("svg.board .spot").first.click()
    page.wait_for_selector("#notice:has-text('Not connected')")
    server.start()
    page.wait_for_selector("#conn:text-is('connected')")
    assert page.locator(".log li").count() == before, "the restarted server resumed the same state"
    for _ in range(3):
        click_something(page)
    assert page.locator(".log li").count() > before


def test_illegal_click_says_why_and_phone_sized_screen_fits(server, contexts):
    page = contexts(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True).new_page()
    # Both seats human, so the first decision (Q*bert's first hop, whoever wins the roll-off) is ours.
    new_match_in_form(page, server, "qbert", ["human", "human"])
    page.wait_for_selector(".pass-ok")
    page.click(".pass-ok")
    page.wait_for_selector(".choice")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"), "no sideways scrolling"
    box = page.locator("svg.board").first.bounding_box()
    assert box["width"] <= 390 and box["width"] > 300
    page.locator("[data-cube='6,6'] .top").click()
    notice = page.locator("#notice")
    notice.wait_for()
    said = notice.text_content()
    assert "cannot go to" in said and "(6,6)" in said and "QB-3.3" in said, said
