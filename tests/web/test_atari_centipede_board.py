"""Atari's Centipede in Chromium: the long field fits a phone screen without sideways scrolling and stays
readable; choices sit on the board and on the dice and cards, found by what the actions mean (AC-1.1, AC-4.2,
AC-5.1, AC-6.1)."""

from __future__ import annotations

import os
from pathlib import Path

from .test_browser import new_match_in_form

SHOTS = os.environ.get("BOARDCADE_SCREENSHOTS")  # a folder: also save screenshots there (for reviewing the look)


def _shot(page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=True)


def _to_first_gnome_turn(page) -> None:
    """Click through the setup (seeding, the Gnome's square, the spawn point) until a die can be chosen."""
    for _ in range(60):
        if page.locator(".die-box.choice").count():
            return
        page.wait_for_selector(".pass-ok, .choice, button.action")
        if page.locator(".pass-ok").count() and page.locator(".pass-ok").is_visible():
            page.click(".pass-ok")
            continue
        version = page.locator(".log li").count()
        page.locator(".choice").first.click()
        page.wait_for_function(
            "v => document.querySelectorAll('.log li').length !== v || document.querySelector('.pass-ok')", arg=version
        )
    raise AssertionError("no die became choosable")


def _square_px(page) -> float:
    return page.locator("rect.cell").first.bounding_box()["width"]


def test_AC_1_1_long_field_fits_a_phone_and_choices_follow_action_kinds(server, contexts):
    page = contexts(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True).new_page()
    new_match_in_form(page, server, "atari_centipede", ["human", "human"])
    _to_first_gnome_turn(page)
    rows = page.locator("rect.cell").count() // 9
    _shot(page, "atari-phone")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"), "no sideways scrolling"
    assert _square_px(page) >= 26, "field squares stay big enough to read and tap"
    # AC-4.2: the six dice of the pool are choices; clicking one activates that die (its kind and face).
    dice = page.locator(".die-box.choice")
    assert dice.count() == 6  # identical faces are one action, shown on each of their dice
    label = dice.first.get_attribute("aria-label")
    assert label.startswith("activate the die")
    version = page.locator(".log li").count()
    dice.first.click()
    page.wait_for_function("v => document.querySelectorAll('.log li').length !== v", arg=version)
    # AC-4.4: the die's move is placed on the Gnome's row: highlighted squares in row 0 or the last row.
    chosen = page.locator(".cell.choice")
    squares = [chosen.nth(i).get_attribute("data-square") for i in range(chosen.count())]
    assert squares and all(sq.split(",")[0] in ("0", str(rows - 1)) for sq in squares)
    # AC-5.1: face-up Gnome Control cards are choices too.
    assert page.locator(".card.choice").count() >= 3


def test_AC_1_1_desktop_board_shows_field_and_cards_side_by_side(server, contexts):
    page = contexts(viewport={"width": 1280, "height": 900}).new_page()
    new_match_in_form(page, server, "atari_centipede", ["human", "human"])
    _to_first_gnome_turn(page)
    _shot(page, "atari-desktop")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    assert _square_px(page) >= 28
    field = page.locator("svg.board").nth(0).bounding_box()
    cards = page.locator("svg.board").nth(1).bounding_box()
    assert cards["x"] >= field["x"] + field["width"] - 1, "the dice and cards sit beside the field"
    assert field["y"] + field["height"] <= 900, "the whole field is on screen"
