"""Undo at the table (issue 35 item 5, core/undo.py), at 1280x900 and 390x844, hot-seat and against the computer:
the action bar's Undo button appears only once I have made a decision of my own this turn that nothing has
answered since; pressed from the keyboard it takes that decision back (the board, the log and the bar are those
of before it) and goes away again when there is nothing more to take back. On a phone it is a 44-px target."""

from __future__ import annotations

from pathlib import Path

import pytest

from .play_helpers import DESK, PHONE, TOUCH, after_move, audit, click_offer, version, wait_my_turn
from .test_browser import new_match_in_form

SIZES = {"desk": DESK, "phone": PHONE}
SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def _position(page) -> tuple[str, list]:
    """The pieces on the board and the choices it offers (not the marks of the last move, drawn or not)."""
    pieces = page.locator(".board-area .pieces-layer").inner_html().replace(" last-move", "")
    return pieces, sorted(
        page.locator(".board-area [data-action]").evaluate_all("els => els.map(e => e.dataset.action)")
    )


@pytest.mark.parametrize("against", ["hotseat", "computer"])
@pytest.mark.parametrize("size", list(SIZES))
def test_undo_takes_back_my_own_decision_of_this_turn(shared_server, contexts, size, against):
    phone = size == "phone"
    page = contexts(**SIZES[size], reduced_motion="reduce").new_page()
    seats = ["human", "human"] if against == "hotseat" else ["human", "agent:random"]
    new_match_in_form(page, shared_server, "qbert", seats)
    undo = page.locator(".action-bar .undo-button")
    for _ in range(40):
        state = wait_my_turn(page)
        assert state != "over", "the match ended before I had two decisions in a row"
        if state == "pass":
            page.click(".pass-ok")
            continue
        if undo.is_visible():  # my decision before this one can be taken back
            break
        before = version(page)  # nothing of mine to take back yet (a turn's start): decide
        log = page.locator(".log li").all_text_contents()
        board = _position(page)
        click_offer(page, audit(page, phone)[0], phone)
        after_move(page, before)
    else:
        raise AssertionError("never two decisions of mine in a row")
    assert undo.text_content() == "Undo"
    if phone:
        box = undo.bounding_box()
        assert box["width"] >= TOUCH and box["height"] >= TOUCH, box
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"undo-{against}-{size}.png"))
    undo.focus()  # reached from the keyboard, pressed with Enter
    page.keyboard.press("Enter")
    page.wait_for_function(
        "v => document.querySelector('.action-bar').dataset.version === v && document.querySelector('.status.mine')",
        arg=before,
        timeout=20000,
    )
    assert undo.is_hidden(), "one decision taken back; nothing more of mine this turn"
    assert page.locator(".log li").all_text_contents() == log, "the log is the one before my decision"
    assert _position(page) == board, "so are the pieces and the choices on the board"
    page.screenshot(path=str(SHOTS / f"undo-after-{against}-{size}.png"))
