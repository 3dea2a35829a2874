"""Playing a match in the browser the way a person does: only by clicking (or tapping, or pressing keys on)
what is on screen, after checking that every legal choice the page offers can be reached there."""

from __future__ import annotations

import os
import re
from pathlib import Path

import numpy as np
from PIL import Image
from playwright.sync_api import Error as PlaywrightError

DESK = {"viewport": {"width": 1280, "height": 900}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
TOUCH = 44  # px: the smallest target a finger can hit reliably (WCAG 2.5.5)

# Every offered choice, scrolled into view one by one: where it lands, its size, whether it is the element a
# click at its centre reaches (not covered by the sticky bar or another element), and the actions it stands for.
OFFERED = ".board-area .choice, .action-bar button.action, .action-bar .fallback-pick"
AUDIT = """(offered) => {
  const els = [...document.querySelectorAll(offered)];
  return els.map((el, index) => {
    el.scrollIntoView({ block: "center", inline: "nearest" });
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    const actions = el.tagName === "SELECT" ? [...el.options].map((o) => o.value) : [el.getAttribute("data-action")];
    return {
      index, actions, w: r.width, h: r.height, onTop: !!hit && (hit === el || el.contains(hit)),
      inside: r.left >= -0.5 && r.right <= innerWidth + 0.5 && r.top >= -0.5 && r.bottom <= innerHeight + 0.5,
      pick: el.tagName === "SELECT",
    };
  });
}"""


def audit(page, phone: bool) -> list[dict]:
    """Check the choices on offer now: no sideways scrolling; every legal action is offered by at least one
    element that is on screen when scrolled to, not covered, and (on a phone) at least 44x44 px. Returns the
    usable offers, board first."""
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth + 1"), "no sideways scrolling"
    offers = page.evaluate(AUDIT, OFFERED)
    assert offers, "it is my turn, so something is offered"
    least = TOUCH if phone else 12
    usable = [o for o in offers if o["onTop"] and o["inside"] and o["w"] >= least and o["h"] >= least]
    wanted = {a for o in offers for a in o["actions"]}
    reachable = {a for o in usable for a in o["actions"]}
    assert wanted <= reachable, f"choices not reachable on screen at {least}px: {sorted(wanted - reachable)[:10]}"
    return usable


def click_offer(page, offer: dict, phone: bool) -> None:
    el = page.locator(OFFERED).nth(offer["index"])
    if offer["pick"]:
        el.select_option(index=0)
        page.locator(".action-bar .fallback-play").click()
        return
    for attempt in range(3):  # a message that redraws the board (a seat joining, presence) may replace the element
        try:
            el.scroll_into_view_if_needed()  # the locator finds the element afresh on each try
            box = el.bounding_box()
        except PlaywrightError as e:
            if "not attached" not in str(e) or attempt == 2:
                raise
            continue
        if box is not None:
            break
    assert box is not None, "the offered choice stayed off the page"
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    if phone:
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)


def wait_my_turn(page) -> str:
    """Wait until this page may move, passes the device, or shows the end: "turn", "pass" or "over"."""
    page.wait_for_selector(".status.mine, .result, .pass:not([hidden]) .pass-ok", timeout=20000)
    page.wait_for_selector(".action-bar[data-hint]", state="attached")  # the page knows whether hints exist
    if page.locator(".result").count():
        return "over"
    if page.locator(".pass:not([hidden]) .pass-ok").count():
        return "pass"
    return "turn"


def after_move(page, version: str) -> None:
    page.wait_for_function(
        "v => document.querySelector('.result, .pass:not([hidden]) .pass-ok') || "
        "(document.querySelector('.action-bar').dataset.version !== v)",
        arg=version,
        timeout=20000,
    )


def version(page) -> str:
    return page.locator(".action-bar").get_attribute("data-version") or ""


def play_first_offer(page, phone: bool) -> None:
    """One decision as a person makes it: every offer checked (`audit`), the first usable one clicked (or
    tapped), then the wait until the page shows the move made (or the match's end, or a hand-over)."""
    usable = audit(page, phone)
    before = version(page)
    click_offer(page, usable[0], phone)
    after_move(page, before)


def play_by_clicking(page, phone: bool, on_turn=None, limit: int = 200) -> int:
    """Play until the match is over, checking every offer first and clicking the first usable one (board
    choices come first). `on_turn(n)` runs before the n-th decision (screenshots). Returns decisions made."""
    made = 0
    for _ in range(limit):
        step = wait_my_turn(page)
        if step == "over":
            return made
        if step == "pass":
            page.locator(".pass:not([hidden]) .pass-ok").click()
            continue
        if on_turn:
            on_turn(made)
        play_first_offer(page, phone)
        made += 1
    raise AssertionError(f"the match did not end within {limit} decisions")


# ---- screenshots compared with reference images -----------------------------------------------------------
REFERENCE = Path(__file__).parent / "screenshots"
UPDATE = os.environ.get("BOARDCADE_UPDATE_SCREENSHOTS") == "1"
SCALE = 2  # references are stored at half size: small files, and font antialiasing mostly averages out
PIXEL = 40  # a pixel differs when a colour channel moved by more than this (of 255)
SHARE = 0.02  # the screenshot fails when more than this share of pixels differ


def snapshot(page) -> np.ndarray:
    page.evaluate("scrollTo(0, 0)")
    page.wait_for_timeout(150)
    data = page.screenshot(mask=[page.locator(".links"), page.locator("#notice")], animations="disabled")
    img = Image.open(__import__("io").BytesIO(data)).convert("RGB")
    img = img.resize((img.width // SCALE, img.height // SCALE), Image.Resampling.BOX)
    return np.asarray(img)


def differing(ref: np.ndarray, now: np.ndarray) -> float:
    """The share of pixels whose colour moved by more than PIXEL in some channel."""
    return float((np.abs(ref.astype(int) - now.astype(int)).max(axis=2) > PIXEL).mean())


def compare(page, name: str) -> None:
    """The page as it looks now against tests/web/screenshots/<name>.png (written instead when
    BOARDCADE_UPDATE_SCREENSHOTS=1). A differing image is saved under test-artifacts/ for review."""
    now = snapshot(page)
    path = REFERENCE / f"{name}.png"
    if UPDATE:
        REFERENCE.mkdir(exist_ok=True)
        Image.fromarray(now).save(path, optimize=True)
        return
    assert path.exists(), f"no reference image {path.name}: run with BOARDCADE_UPDATE_SCREENSHOTS=1 and review it"
    ref = np.asarray(Image.open(path).convert("RGB"))
    assert ref.shape == now.shape, f"{name}: size {now.shape[:2]} differs from the reference {ref.shape[:2]}"
    differ = differing(ref, now)
    if differ > SHARE:
        out = Path(__file__).resolve().parents[2] / "test-artifacts"
        out.mkdir(exist_ok=True)
        Image.fromarray(now).save(out / f"{name}-now.png")
        raise AssertionError(f"{name}: {differ:.1%} of pixels differ from the reference (at most {SHARE:.0%})")


# ---- words no page may show ---------------------------------------------------------------------------------
# A value a script failed to fill in ("null", "undefined", "NaN", "[object Object]") in what a person reads:
# the visible text, the page title, and the names screen readers give elements.
STRAY = r"\b(null|undefined|NaN)\b|\[object Object\]"
READ_TEXT = """() => {
  const out = [document.title, document.body.innerText];
  for (const el of document.querySelectorAll("[aria-label], [title], [alt], [placeholder]")) {
    for (const a of ["aria-label", "title", "alt", "placeholder"]) if (el.getAttribute(a)) out.push(el.getAttribute(a));
  }
  return out.join("\\n");
}"""


def assert_no_stray_words(page, where: str) -> None:
    """Fail when the page shows "null", "undefined", "NaN" or "[object Object]" anywhere a person reads it."""
    text = page.evaluate(READ_TEXT)
    found = [text[max(0, m.start() - 60) : m.end() + 20] for m in re.finditer(STRAY, text)]
    assert not found, f"{where}: the page shows a value no script filled in: {found[:3]}"
