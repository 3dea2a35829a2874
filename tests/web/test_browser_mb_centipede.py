"""Milton Bradley Centipede in Chromium: the board drawn from its layout (guns on the side edges, red-lined curves,
segments drawn in their home base or goal), moving a gun by clicking its Firing Line, at 1280x900 and 390x844."""

from __future__ import annotations

import pytest

from .conftest import ARTIFACTS
from .play_helpers import DESK, PHONE, play_by_clicking
from .test_browser import new_match_in_form


def new_match(page, server, seats, options=None):
    new_match_in_form(page, server, "mb_centipede", seats, options=options)


def to_my_turn(page):
    page.wait_for_selector(".pass-ok, .choice")
    if page.locator(".pass-ok").count() and page.locator(".pass-ok").is_visible():
        page.click(".pass-ok")
    page.wait_for_selector(".choice")


def centre_x(page, selector: str) -> float:
    box = page.locator(selector).first.bounding_box()
    return box["x"] + box["width"] / 2


def centre_y(page, selector: str) -> float:
    box = page.locator(selector).first.bounding_box()
    return box["y"] + box["height"] / 2


def test_mb_1_1_board_from_the_layout_and_a_gun_moved_by_clicking(server, contexts):
    """MB-1.1 / MB-1.3 / MB-3.1: guns on the left and right edges, 24 red-lined curve spaces, 20 plug-ins, all 12
    segments drawn in their home bases; clicking a position of one's own Firing Line moves the gun and fires;
    clicking the opponent's line says why not."""
    page = contexts(viewport={"width": 1280, "height": 900}).new_page()
    new_match(page, server, ["human", "human"], {"spinner_weights": "1,0,0,0"})  # every spin is GUN
    to_my_turn(page)
    assert page.locator("circle[data-space]").count() == 87
    assert page.locator(".red-line").count() == 24 and page.locator(".mushroom").count() == 20
    assert page.locator(".seg").count() == 12  # six at home in each base
    guns = page.locator(".piece.gun")
    assert guns.count() == 2
    first, last = centre_x(page, "circle[data-space='0']"), centre_x(page, "circle[data-space='86']")
    green_x = guns.nth(0).bounding_box()["x"] + guns.nth(0).bounding_box()["width"] / 2
    red_x = guns.nth(1).bounding_box()["x"] + guns.nth(1).bounding_box()["width"] / 2
    assert green_x < first and red_x > last
    assert page.locator("[data-gun='0,5'].choice").count() == 0  # staying put is not a move
    page.click("[data-gun='0,2']")
    to_my_turn(page)  # Red's turn (hot seat)
    assert "moves the gun to position 2" in page.text_content(".log")
    gy = guns.nth(0).bounding_box()
    assert abs(gy["y"] + gy["height"] / 2 - centre_y(page, "[data-gun='0,2']")) < 3
    page.locator("[data-gun='0,4']").click(force=True)
    notice = page.locator("#notice")
    notice.wait_for()
    assert "Not a legal choice now" in notice.text_content()


def test_mb_phone_sized_screen_fits_and_plays(server, contexts):
    """At 390x844 the page does not scroll sideways: the board, drawn at a finger's scale, pans inside its own
    viewport (issue 27 item 4), and a Firing Line position can be tapped."""
    page = contexts(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True).new_page()
    new_match(page, server, ["human", "human"], {"spinner_weights": "1,0,0,0"})
    to_my_turn(page)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"), "no sideways scrolling"
    view = page.locator(".zoom-viewport").bounding_box()
    assert 300 < view["width"] <= 390 and page.locator(".zoom-viewport svg.board").bounding_box()["width"] > 390
    page.locator("[data-gun='0,8']").tap()
    to_my_turn(page)  # Red's turn (hot seat)
    assert "moves the gun to position 8" in page.text_content(".log")


def test_mb_9_2_the_winners_centipede_is_drawn_in_the_goal(server, contexts):
    """MB-9.2: when a match is over, the winner's six segments are drawn inside the opponent's home base."""
    page = contexts(viewport={"width": 1280, "height": 900}).new_page()
    new_match(page, server, ["agent:random", "agent:random"])
    page.wait_for_selector(".result", timeout=60000)
    page.wait_for_function("() => document.querySelectorAll('.seg').length === 12")  # none vanish
    won = page.text_content(".result")

    def in_goal(colour: int) -> int:
        base = page.locator(f"rect.home-base[data-home='{1 - colour}']").bounding_box()
        inside = 0
        for k in range(6):
            seg = page.locator(f".seg[data-seg='{colour},{k}']").bounding_box()
            cx, cy = seg["x"] + seg["width"] / 2, seg["y"] + seg["height"] / 2
            inside += base["x"] <= cx <= base["x"] + base["width"] and base["y"] <= cy <= base["y"] + base["height"]
        return inside

    counts = sorted([in_goal(0), in_goal(1)])
    assert counts[1] == 6 and counts[0] < 6, f"{won!r}: segments in the goal per colour {counts}"


# Where the spinner and the board are, against the sticky action bar's top edge, with the page at its top.
LAYOUT = """() => {
  scrollTo(0, 0);
  const bar = document.querySelector(".action-bar").getBoundingClientRect();
  const spin = document.querySelector(".board-area .spinner, .action-bar .spinner").getBoundingClientRect();
  const board = document.querySelector(".board-area svg.board").getBoundingClientRect();
  const inBar = !!document.querySelector(".action-bar .spinner");
  const places = [...document.querySelectorAll(".board-area .choice")].map((el) => {
    const r = el.getBoundingClientRect();
    return [r.width, r.height];
  });
  return { barTop: bar.top, spin: [spin.top, spin.bottom, spin.left, spin.right], boardBottom: board.bottom, inBar,
           places, fallback: document.querySelectorAll(".action-bar .fallback, .action-bar .fallback-pick").length };
}"""


@pytest.mark.parametrize("size", ["desk", "phone"])
def test_mb_board_fits_above_the_bar_and_places_are_finger_sized_on_a_phone(server, contexts, size):
    """Issue 27 item 4, MB-2.2: at every decision of a match the spinner is wholly on screen and never under the
    action bar (at a desk the whole board fits above the bar); on a phone every place on the board is at
    least 44x44 px, so none needs the "Or choose" list."""
    phone = size == "phone"
    page = contexts(**(PHONE if phone else DESK)).new_page()
    new_match(page, server, ["human", "agent:random"], {"max_turns": 10})
    decisions = 0

    def check(_):
        nonlocal decisions
        decisions += 1
        at = page.evaluate(LAYOUT)
        top, bottom, left, right = at["spin"]
        assert top >= 0 and left >= 0 and right <= page.viewport_size["width"], at
        assert at["inBar"] or bottom <= at["barTop"] + 1, f"the spinner runs under the action bar: {at}"
        if not phone:
            assert at["boardBottom"] <= at["barTop"] + 1, f"the board runs under the action bar: {at}"
        else:
            assert at["places"] and all(w >= 44 and h >= 44 for w, h in at["places"]), at["places"]
            assert at["fallback"] == 0, "every choice is a place on the board"

    play_by_clicking(page, phone, check)
    assert decisions >= 3


# The spinner on screen (the board's at a desk, the action bar's on a phone): the wheel's size, the sectors' words
# in order (a sector's label may take two lines), whether every word lies inside the wheel, and the spin named.
SPINNER = """() => {
  const bar = document.querySelector(".action-bar .spinner-hud");
  const wheel = (bar && bar.getBoundingClientRect().width ? bar : document.querySelector(".board-area svg.board"))
    .querySelector("g.spinner");
  const paths = [...wheel.querySelectorAll("path.sector")].map((p) => p.getBoundingClientRect());
  const box = { left: Math.min(...paths.map((r) => r.left)), right: Math.max(...paths.map((r) => r.right)),
                top: Math.min(...paths.map((r) => r.top)), bottom: Math.max(...paths.map((r) => r.bottom)) };
  const words = [...wheel.querySelectorAll("text")].filter((t) => !t.textContent.startsWith("Spin"));
  const inside = words.every((t) => {
    const r = t.getBoundingClientRect();
    return r.left >= box.left - 1 && r.right <= box.right + 1 && r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
  });
  const caption = document.querySelector(".action-bar .spin-caption");
  return { inBar: wheel.closest(".action-bar") !== null, size: Math.min(box.right - box.left, box.bottom - box.top),
           words: words.map((t) => t.textContent), inside,
           named: (caption ? caption.innerText : wheel.textContent).replace(/\\u200b/g, "") };
}"""
SECTORS = "CENTIPEDE GUN CENTIPEDE SPIDER/SCORPION CENTIPEDE GUN SPIDER/SCORPION FREE CHOICE"  # MB-2.1, clockwise


@pytest.mark.parametrize("size", ["desk", "phone"])
def test_MB_2_1_the_spinner_names_its_sectors_and_the_spin_in_full(server, contexts, size):
    """Issue 35 item 6 (MB-2.1, MB-2.2): the spinner was a 45-px thumbnail whose sectors were cut to five letters
    ("CENTI", "SPIDE"). At a desk the board's wheel names every sector in full, inside the wheel; on a phone the
    action bar's wheel is larger (at least 56 px) and the spin is named in full beneath it."""
    phone = size == "phone"
    page = contexts(**(PHONE if phone else DESK)).new_page()
    new_match(page, server, ["human", "agent:random"], {"spinner_weights": "0,0,1,0"})  # every spin: SPIDER/SCORPION
    to_my_turn(page)
    at = page.evaluate(SPINNER)
    assert at["inBar"] == phone, at
    assert "SPIDER/SCORPION" in at["named"], at
    if phone:
        assert at["size"] >= 56, f"the spinner in the action bar is a thumbnail: {at}"
        assert page.locator(".action-bar .spin-caption").inner_text().replace("\u200b", "") == "SPIDER/SCORPION"
    else:
        assert " ".join(at["words"]).replace("/ ", "/") == SECTORS, at["words"]
        assert at["inside"], f"a sector's words run out of the wheel: {at}"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"mb-spinner-{size}.png"))
