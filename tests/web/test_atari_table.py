"""Issue 35 items 3 and 6 in Chromium at 1280x900 and 390x844: the danger marks the Gnome's player sees (AC-10.1,
AC-6.5), and a table a phone player can use — every tap target at least 44 px, no label cut short, no sideways
scrolling, and an action bar that never covers the board, however it grows."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from boardcade.core import load_game, sample_chance
from boardcade.learn import load_course
from boardcade.testing import act, scenario

from .atari_helpers import show
from .play_helpers import DESK, PHONE, TOUCH, audit

SIZES = {"desk": DESK, "phone": PHONE}
SHOTS = os.environ.get("BOARDCADE_SCREENSHOTS")  # a folder: also save screenshots there (for reviewing the look)


def _shot(page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"))


def _corner_position():
    """The newcomer's match of the issue: the Gnome on r0c1 with a move-1 die in use, Wrist Control used; r1c0 in
    front of c0 is a spawn point (AC-1.2) where a Spawn Spider card can put a spider (AC-6.5)."""
    state = scenario(
        "atari_centipede",
        gnome=(0, 1),
        centipedes=[{"segments": [(18, 8)], "facing": "left"}],
        dice=(1, 1),
        used_cards=("Wrist Control",),
        discard=("Mushroom",),
    )
    act(state, "die", face=1)
    return state


@pytest.mark.parametrize("size", list(SIZES))
def test_AC_10_1_AC_6_5_danger_is_marked_on_the_board_for_the_gnomes_player(shared_server, contexts, size):
    """AC-10.1, AC-6.5 (AC-D8): choosing its move, the Gnome's player sees the spawn squares in front of its row
    marked, each with an accessible label ("danger: a spider can spawn here ..."), the move target under one
    marked too, a legend, and the marks never take a tap meant for the square under them; the Centipede's
    player sees no danger marks."""
    page = contexts(**SIZES[size]).new_page()
    show(page, shared_server, _corner_position(), 0)
    mark = page.locator(".danger-mark[data-danger='1,0']")
    assert mark.get_attribute("role") == "img"
    assert mark.get_attribute("aria-label").startswith("danger: a spider can spawn here")
    assert page.locator(".danger-mark[data-danger='1,8']").count() == 1
    assert page.locator(".danger-mark:not(.target)").count() == 2  # nothing else can reach the front row
    left = page.locator("rect.cell.choice[data-square='0,0']")
    right = page.locator("rect.cell.choice[data-square='0,2']")
    assert "danger-target" in left.get_attribute("class") and "danger-target" not in right.get_attribute("class")
    assert "danger: in front, a spider can spawn here" in left.get_attribute("aria-label")
    assert "danger" not in right.get_attribute("aria-label")
    assert "Danger next turn" in page.locator(".danger-legend").text_content()
    _shot(page, f"atari-danger-{size}")
    # A tap on the marked target reaches the square's choice, not the mark drawn over it.
    hit = page.evaluate(
        """() => {
      const cell = document.querySelector("rect.cell.choice[data-square='0,0']");
      cell.scrollIntoView({ block: "center", inline: "center" });
      const r = cell.getBoundingClientRect();
      return document.elementFromPoint(r.right - 8, r.top + 8).getAttribute("data-square"); // the sign's corner
    }"""
    )
    assert hit == "0,0"
    other = contexts(**SIZES[size]).new_page()
    show(other, shared_server, _corner_position(), 1)
    assert other.locator(".danger-mark, .danger-legend, .danger-target").count() == 0


def _seeding():
    state = load_game("atari_centipede").new_initial_state()
    rng = random.Random(1)
    while state.is_chance_node():
        state.apply_action(sample_chance(state, rng))
    return state


# Every element a person taps, with its size (a checkbox counts by its label, which takes the tap too); text cut
# short with an ellipsis; a select whose option text is wider than the select; boxes scrolled sideways (a zoomed
# board's viewport, which pans by design, aside).
LOOK = """() => {
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && !el.closest("[hidden]");
  };
  const small = [], cut = [], sideways = [];
  for (let el of document.querySelectorAll("a[href], button, select, input, .choice")) {
    if (!shown(el)) continue;
    if (el.type === "checkbox" && el.closest("label")) el = el.closest("label");
    const r = el.getBoundingClientRect();
    const name = (el.getAttribute("aria-label") || el.textContent).slice(0, 40);
    const size = `${Math.round(r.width)}x${Math.round(r.height)}`;
    if (r.width < 44 || r.height < 44) small.push(`${el.tagName} ${size} ${name}`);
  }
  for (const el of document.querySelectorAll("body *")) {
    if (!shown(el) || el.closest("svg")) continue;
    const st = getComputedStyle(el);
    const over = el.scrollWidth > el.clientWidth + 1;
    if (st.textOverflow === "ellipsis" && over) cut.push(el.textContent.slice(0, 60));
    if (["auto", "scroll"].includes(st.overflowX) && over && !el.classList.contains("zoom-viewport")) {
      sideways.push(el.className);
    }
  }
  const ctx = document.createElement("canvas").getContext("2d");
  for (const sel of document.querySelectorAll("select")) {
    if (!shown(sel)) continue;
    const st = getComputedStyle(sel);
    ctx.font = `${st.fontWeight} ${st.fontSize} ${st.fontFamily}`;
    const room = sel.clientWidth - parseFloat(st.paddingLeft) - parseFloat(st.paddingRight) - 20; // the arrow
    for (const o of sel.options) if (ctx.measureText(o.text).width > room) cut.push(`${sel.className}: ${o.text}`);
  }
  return { small, cut, sideways, wide: document.documentElement.scrollWidth > innerWidth + 1 };
}"""


def _looks_right(page, phone: bool, where: str) -> None:
    page.wait_for_timeout(300)  # a refit after the first drawing (the bar's height) settles
    look = page.evaluate(LOOK)
    assert not look["wide"], f"{where}: the page scrolls sideways"
    assert look["cut"] == [], f"{where}: labels cut short: {look['cut'][:5]}"
    assert look["sideways"] == [], f"{where}: boxes that scroll sideways: {look['sideways']}"
    if phone:
        assert look["small"] == [], f"{where}: tap targets under {TOUCH} px: {look['small'][:8]}"


# The field's visible frame (on a phone choosing squares, the zoomed viewport) and the action bar, page at its top.
FRAME = """() => {
  scrollTo(0, 0);
  const el = document.querySelector(".atari-board .zoom-viewport") || document.querySelector("svg.atari-field");
  const frame = el.getBoundingClientRect(), bar = document.querySelector(".action-bar").getBoundingClientRect()"""


def _bar_clear_of_the_field(page) -> dict:
    """Where the field's visible frame ends and the action bar begins, with the page at its top."""
    return page.evaluate(FRAME + "; return { fieldBottom: frame.bottom, barTop: bar.top }; }")


@pytest.mark.parametrize("size", list(SIZES))
def test_atari_seeding_and_gnome_moves_are_finger_sized_on_a_phone(shared_server, contexts, size):
    """Issue 35 item 6, AC-2.2, AC-4.4: on the seeding screen (a whole field of squares to choose) and choosing
    the Gnome's move, every choice is on the board at least 44x44 px on a phone (the field is drawn at a finger's
    scale in a viewport that pans, so nothing is left to the "Or choose" list), nothing scrolls the page
    sideways, and the field's frame ends above the action bar; with "Whole field", the list's labels show
    whole."""
    phone = size == "phone"
    page = contexts(**SIZES[size]).new_page()
    for state, seat, name in ((_seeding(), 1, "seeding"), (_corner_position(), 0, "gnome-move")):
        show(page, shared_server, state, seat)
        page.wait_for_timeout(300)
        usable = audit(page, phone)
        board = [o for o in usable if not o["pick"] and o["w"] >= (TOUCH if phone else 12)]
        assert board, name
        if phone:
            assert page.locator(".action-bar .fallback-pick").count() == 0, f"{name}: choices left to the list"
            sizes = page.evaluate(
                "() => [...document.querySelectorAll('.board-area .choice')].map((e) => e.getBoundingClientRect())"
                ".map((r) => Math.min(r.width, r.height))"
            )
            assert min(sizes) >= TOUCH, f"{name}: a choice of {min(sizes)} px"
            assert page.locator(".zoom-viewport").count() == 1
        at = _bar_clear_of_the_field(page)
        assert at["fieldBottom"] <= at["barTop"] + 1, f"{name}: the bar covers the field: {at}"
        _looks_right(page, phone, name)
        _shot(page, f"atari-{name}-{size}")
        if phone and name == "seeding":
            # "Whole field" shows all of it at once: its small squares are also in the "Or choose" list, whose
            # labels show whole; "Zoom in" brings the finger-sized squares back.
            page.locator(".zoom-toggle").click()
            page.wait_for_selector(".action-bar .fallback-pick")
            page.wait_for_timeout(300)
            look = page.evaluate(LOOK)
            assert look["cut"] == [] and not look["wide"], look["cut"][:5]
            assert audit(page, phone)
            _shot(page, f"atari-whole-field-{size}")
            page.locator(".zoom-toggle").click()
            page.wait_for_selector(".zoom-viewport")


@pytest.mark.parametrize("size", list(SIZES))
def test_the_action_bar_never_covers_the_board_when_it_grows(shared_server, contexts, size):
    """Issue 35 item 6: Atari with 4 players, a Gnome choosing its move; the other team offers a draw (END-2), so
    the action bar grows with the offer: the board is fitted again to the room left, and the field (on a phone
    its zoomed frame) still ends above the bar."""
    page = contexts(**SIZES[size]).new_page()
    state = scenario("atari_centipede", options={"players": 4})
    act(state, "die", face=1)  # move 1, fire: the moves are squares of the field
    seat = state.current_player()
    send = show(page, shared_server, state, seat, players=4)
    page.wait_for_timeout(300)
    before = page.locator(".action-bar").bounding_box()["height"]
    other = [p for p in range(4) if p // 2 != seat // 2]  # the other team (AC-11: seats 0, 1 and 2, 3)
    send({"type": "draw", "offer": {"version": state.move_number(), "seats": other}, "by": other[0]})
    page.wait_for_selector(".action-bar .draw-offer")
    assert page.locator(".action-bar").bounding_box()["height"] > before + 20, "the offer makes the bar grow"
    page.wait_for_function(FRAME + "; return frame.bottom <= bar.top + 1; }", timeout=5000)
    at = _bar_clear_of_the_field(page)
    assert at["fieldBottom"] <= at["barTop"] + 1, at
    _shot(page, f"atari-4p-draw-offer-{size}")


@pytest.mark.parametrize("size", list(SIZES))
def test_home_match_and_lesson_pages_have_finger_sized_targets_and_whole_labels(shared_server, contexts, size):
    """Issue 35 item 6: the home page (its "More options" open), a match's last-move line and the Atari lesson,
    at 390x844 every link, button, list and choice is at least 44 px each way; at both sizes no label is cut
    short (no ellipsis, no list narrower than its options), nothing scrolls sideways, and in the lesson the
    board starts on the first screen, right after the step's text."""
    phone = size == "phone"
    page = contexts(**SIZES[size]).new_page()
    page.goto(shared_server.url + "/")
    page.wait_for_selector(".tile")
    for summary in page.locator(".tile details.more summary").all():
        summary.click()
    _looks_right(page, phone, "home")
    show(page, shared_server, _corner_position(), 0)
    last = page.locator(".action-bar .last")
    assert last.evaluate("e => e.scrollWidth <= e.clientWidth + 1 && getComputedStyle(e).textOverflow !== 'ellipsis'")
    _looks_right(page, phone, "match")
    page.goto(shared_server.url + "/#/learn/atari_centipede")
    page.wait_for_selector(".learn .board-area svg.board")
    _looks_right(page, phone, "lesson")
    top = page.locator(".learn .board-area").bounding_box()["y"]
    assert top < page.viewport_size["height"] - 150, f"the lesson's board starts below the first screen ({top} px)"
    _shot(page, f"learn-atari-{size}")


@pytest.mark.parametrize("size", list(SIZES))
def test_END_2_a_team_mate_s_draw_offer_is_not_offered_back_to_its_own_side(shared_server, contexts, size):
    """Atari with 4 players (AC-11: Red Gnome and Red Centipede one side): the Red Gnome's team-mate offered a
    draw. Only the other side may answer, so the Gnome is shown no "Accept the draw" (the server would refuse
    it): it is told its side offered."""
    page = contexts(**SIZES[size]).new_page()
    state = scenario("atari_centipede", options={"players": 4})
    act(state, "die", face=1)
    seat = state.current_player()
    mate = next(p for p in range(4) if p // 2 == seat // 2 and p != seat)
    send = show(page, shared_server, state, seat, players=4)
    send({"type": "draw", "offer": {"version": state.move_number(), "seats": [mate]}, "by": mate})
    page.wait_for_selector(".action-bar .draw-offer")
    row = page.locator(".action-bar .draw-offer")
    assert page.locator(".draw-accept").count() == 0 and page.locator(".draw-decline").count() == 0
    assert row.text_content().startswith("Your side offered a draw"), row.text_content()
    _shot(page, f"atari-4p-team-mate-offered-{size}")


@pytest.mark.parametrize("size", list(SIZES))
def test_AC_6_5_the_danger_lesson_shows_the_marks_it_teaches(shared_server, contexts, size):
    """Issue 35 item 3, taught (AC-10.1, AC-6.5, AC-1.2): the Atari lesson's "Danger squares" step shows on its
    board the marks its text describes: the spawn points in front of the Gnome row marked, the move into column 0
    marked as a danger target with its reason, the move to column 2 not; and the lesson's move is the safe one."""
    index, step = load_course("atari_centipede").step("danger")
    page = contexts(**SIZES[size]).new_page()
    page.goto(f"{shared_server.url}/#/learn/atari_centipede/{index + 1}")
    page.wait_for_selector(".learn .board-area svg.board")
    assert page.locator(".lesson-card h3").text_content().endswith(step.title)
    assert page.locator(".learn .danger-mark[data-danger='1,0']").count() == 1
    assert page.locator(".learn .danger-mark[data-danger='1,8']").count() == 1
    left = page.locator(".learn rect.cell.choice[data-square='0,0']")
    right = page.locator(".learn rect.cell.choice[data-square='0,2']")
    assert "danger-target" in left.get_attribute("class"), left.get_attribute("class")
    assert "a spider can spawn here" in left.get_attribute("aria-label"), left.get_attribute("aria-label")
    assert "danger" not in right.get_attribute("class") and "danger" not in right.get_attribute("aria-label")
    assert "Danger next turn" in page.locator(".learn .danger-legend").text_content()
    _shot(page, f"learn-atari-danger-{size}")


@pytest.mark.parametrize("size", list(SIZES))
def test_rules_lobby_replay_and_analysis_pages_have_finger_sized_targets(shared_server, contexts, size):
    """Issue 35 item 6 ("18-px links"), the pages a player reaches from the table: each game's rules page, the
    lobby, and a finished match's replay and analysis. At 390x844 every link, button, slider and checkbox is at
    least 44 px each way (the rules and lobby pages' "← All games" was an 18-px link, the step sliders 16 px, the
    analysis's "Show the good decisions too" 21 px); at both sizes no label is cut short and the page does not
    scroll sideways (a wide rules table pans in its own box, as the zoomed board does)."""
    phone = size == "phone"
    page = contexts(**SIZES[size], reduced_motion="reduce").new_page()
    page.goto(shared_server.url + "/")
    post = {"headers": {"Content-Type": "application/json"}}
    body = {"game": "qbert", "seats": [{"kind": "human"}, {"kind": "agent", "agent": "random"}], "seat": 0}
    m = page.request.post(shared_server.url + "/api/matches", data=json.dumps(body), **post).json()
    resign = {"seat": 0, "token": m["token"]}  # END-1: the match is over, so its replay and analysis open
    assert page.request.post(f"{shared_server.url}/api/matches/{m['id']}/resign", data=json.dumps(resign), **post).ok
    pages = [(f"rules/{game}", ".rules-page p") for game in ("qbert", "mb_centipede", "atari_centipede")]
    pages += [("lobby", ".lobby-back"), (f"replay/{m['id']}", "#replay-step")]
    pages += [(f"analyse/{m['id']}", ".analysis[data-state='done']")]
    for route, ready in pages:
        page.goto(f"{shared_server.url}/#/{route}")
        page.wait_for_selector(ready, timeout=60000)
        page.wait_for_timeout(300)
        look = page.evaluate(LOOK)
        assert not look["wide"], f"{route}: the page scrolls sideways"
        assert look["cut"] == [], f"{route}: labels cut short: {look['cut'][:5]}"
        assert set(look["sideways"]) <= {"table-wrap"}, f"{route}: boxes that scroll sideways: {look['sideways']}"
        if phone:
            assert look["small"] == [], f"{route}: tap targets under {TOUCH} px: {look['small'][:8]}"
        _shot(page, f"targets-{route.replace('/', '-')}-{size}")
