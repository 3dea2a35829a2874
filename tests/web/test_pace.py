"""The other side's turn, step by step (issue 27 item 3): each step the computer takes is shown for the pace
chosen, with its log lines highlighted and the bar naming who did what (never the dice rolled for your next
turn); "Skip to now" and the instant pace jump to the present; a return to the page (a reload, or the tab
shown again) sums up what happened meanwhile. With reduced motion nothing glides, tumbles or blinks."""

from __future__ import annotations

import re

import pytest

from .play_helpers import DESK, PHONE, after_move, audit, click_offer, version, wait_my_turn
from .test_browser import new_match_in_form

PACE_MS = 850  # "Normal" (web/pace.js)
RECORD = """
window.__frames = [];
const sample = () => {
  const bar = document.querySelector(".action-bar");
  if (!bar || !bar.dataset.version) return;
  const row = { v: Number(bar.dataset.version), replaying: bar.dataset.replaying,
                status: document.querySelector(".status").className,
                last: document.querySelector(".last").textContent,
                now: [...document.querySelectorAll(".log li.step-now")].map((li) => Number(li.dataset.step)),
                anims: document.getAnimations().length };
  const prev = window.__frames[window.__frames.length - 1];
  if (!prev || prev.v !== row.v) { row.t = performance.now(); window.__frames.push(row); }
  else Object.assign(prev, row, { t: prev.t, anims: Math.max(prev.anims, row.anims) }); // the drawing finished
};
// A frame's time is taken when the page draws it (a mutation), not when a polling timer next runs: on a
// loaded machine that timer can be late by more than the slack the pace assertions allow.
new MutationObserver(sample).observe(document, { subtree: true, childList: true, attributes: true,
                                                 attributeFilter: ["data-version"] });
setInterval(sample, 20);
"""
HIDE = """(state) => {
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => window.__vis || "visible" });
  window.__vis = state;
  document.dispatchEvent(new Event("visibilitychange"));
}"""


def my_move(page, phone):
    """Play the first usable offer; returns the version drawn when it was played."""
    version = int(page.locator(".action-bar").get_attribute("data-version"))
    click_offer(page, audit(page, phone)[0], phone)
    return version


def replayed(frames, since):
    """The frames drawn after version `since` while the other side's steps were replayed."""
    return [f for f in frames if f["v"] > since and f["replaying"] == "yes" and "mine" not in f["status"]]


def until_replay(page, phone, jump=False) -> bool:
    """Play until the computer's steps follow one of mine: True once they are being replayed (or, with `jump`,
    when no replay is expected, once they were drawn); False if the match ended first."""
    for _ in range(40):
        if wait_my_turn(page) != "turn":
            return False
        since = my_move(page, phone)
        page.wait_for_function(
            "v => document.querySelector('.result') || "
            "Number(document.querySelector('.action-bar').dataset.version) > v",
            arg=since,
        )
        if jump:
            page.wait_for_selector(".status.mine, .result", timeout=60000)
            if page.locator(".last").text_content().startswith("Computer (random)"):
                return True
        else:
            page.wait_for_selector(".status.mine, .status.replaying, .result", timeout=60000)
            if page.locator(".status.replaying").count():
                return True
    raise AssertionError("the computer never moved")


@pytest.mark.parametrize("size", ["desk", "phone"])
def test_the_computers_turn_is_replayed_step_by_step_and_summed_up_on_return(shared_server, contexts, size):
    phone = size == "phone"
    quiet = phone  # the phone run asks for reduced motion, the desk run does not
    ctx = contexts(**(PHONE if phone else DESK), pace="normal", reduced_motion="reduce" if quiet else "no-preference")
    ctx.add_init_script(RECORD)
    page = ctx.new_page()
    new_match_in_form(page, shared_server, "qbert", ["human", "agent:random"])
    assert page.locator("select.pace").input_value() == "normal"
    # 1. Turns until the computer took at least 3 steps in one go: each shown for the pace, highlighted.
    for _ in range(12):
        since = int(page.locator(".action-bar").get_attribute("data-version") or 0)
        assert until_replay(page, phone)
        page.wait_for_selector(".status.mine, .result", timeout=60000)
        steps = replayed(page.evaluate("window.__frames"), since)
        if len(steps) >= 3:
            break
    else:
        raise AssertionError("the computer never took three steps in one turn")
    frames = page.evaluate("window.__frames")
    after = [f for f in frames if f["v"] > since]
    for a, b in zip(after, after[1:], strict=False):
        if a["replaying"] == "yes":
            assert b["t"] - a["t"] >= 0.8 * PACE_MS, f"step {a['v']} shown {b['t'] - a['t']:.0f} ms only"
    for f in steps:
        assert f["now"], f"step {f['v']}: its log lines are highlighted"
        assert f["last"].startswith("Computer (random): "), f["last"]
        assert "replaying" in f["status"]
    if quiet:
        assert all(f["anims"] == 0 for f in frames), "reduced motion: nothing glides, tumbles or blinks"
    else:
        assert any(f["anims"] for f in frames), "pieces glide when motion is welcome"
    # 2. "Skip to now" shows the present at once.
    assert until_replay(page, phone)
    page.locator("button.skip").click()
    page.wait_for_selector(".status.mine, .result", timeout=2 * PACE_MS)
    # 3. Back after a reload: a summary of the steps this browser did not show.
    assert until_replay(page, phone)
    page.reload()
    page.wait_for_selector(".status.mine, .result", timeout=60000)
    away = page.locator(".away")
    assert away.is_visible() and away.locator("li").count() >= 1
    log = page.locator(".log").text_content()
    assert all(t in log for t in away.locator("li").all_text_contents())
    page.locator(".away-close").click()
    assert page.locator(".away").is_hidden()
    # 4. The tab hidden while the computer plays: summed up when it is shown again; the instant pace jumps.
    page.evaluate(HIDE, "hidden")
    assert until_replay(page, phone, jump=True)
    assert page.locator(".away").is_hidden()
    page.evaluate(HIDE, "visible")
    page.wait_for_selector(".away li")
    page.locator("select.pace").select_option("instant")
    since = int(page.locator(".action-bar").get_attribute("data-version"))
    until_replay(page, phone, jump=True)
    assert not replayed(page.evaluate("window.__frames"), since), "the instant pace replays nothing"


@pytest.mark.parametrize("size", ["desk", "phone"])
def test_a_friends_moves_are_replayed_to_me_and_a_spectators_to_them(shared_server, contexts, size):
    """Issue 27 item 3 for people: an online Q*bert match between me and a friend (Robin) with a spectator; each
    step Robin takes is replayed on my screen at the pace chosen, its log lines highlighted and the bar naming
    Robin; the spectator sees every step of both sides replayed the same way."""
    phone = size == "phone"
    seen = []
    for _ in range(2):  # me, then the spectator: both at the normal pace, frames recorded
        ctx = contexts(**(PHONE if phone else DESK), pace="normal", reduced_motion="reduce")
        ctx.add_init_script(RECORD)
        seen.append(ctx)
    me = seen[0].new_page()
    match_id = new_match_in_form(me, shared_server, "qbert", ["human", "human"], "online")
    friend = contexts(**DESK).new_page()
    friend.goto(me.locator("input.invite").first.input_value())
    friend.fill("#join-name", "Robin")
    friend.click("#join")
    friend.wait_for_url(re.compile(rf"#/play/{match_id}$"))
    watcher = seen[1].new_page()
    watcher.goto(f"{shared_server.url}/#/watch/{match_id}")
    watcher.wait_for_selector(".action-bar[data-version]")
    robins = watched = []
    for _ in range(300):
        frames = me.evaluate("window.__frames")
        robins = [f for f in frames if f["replaying"] == "yes"]
        watched = [f for f in watcher.evaluate("window.__frames") if f["replaying"] == "yes"]
        if len(robins) >= 3 and len({f["last"].split(":")[0] for f in watched}) >= 2:
            break
        mover = next((p for p in (me, friend) if p.locator(".status.mine, .result").count()), None)
        if mover is None:
            me.wait_for_timeout(100)
            continue
        assert not mover.locator(".result").count(), "the match ended before enough steps were seen"
        before = version(mover)
        click_offer(mover, audit(mover, phone and mover is me)[0], phone and mover is me)
        after_move(mover, before)
    else:
        raise AssertionError(f"too few replayed steps: mine {len(robins)}, the spectator's {len(watched)}")
    for f in robins:
        assert f["last"].startswith("Robin: "), f["last"]
        assert f["now"], f"step {f['v']}: its log lines are highlighted"
        assert "replaying" in f["status"]
    frames = me.evaluate("window.__frames")
    for a, b in zip(frames, frames[1:], strict=False):
        if a["replaying"] == "yes":
            assert b["t"] - a["t"] >= 0.8 * PACE_MS, f"step {a['v']} shown {b['t'] - a['t']:.0f} ms only"
    assert all(f["now"] and "replaying" in f["status"] for f in watched)
    assert any(f["last"].startswith("Robin: ") for f in watched), [f["last"] for f in watched]
