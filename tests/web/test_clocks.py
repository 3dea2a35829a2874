"""Chess clocks and "your turn" notifications in the browser (issue 37 item 3), at 1280x900 and 390x844.

Two people play Q*bert online on a clock with an increment (chosen in the New-match form: "5 min + 3 s"): both
clocks are shown by the seats on both pages, the running one ticks down (SV-CL4); the second player asked for
notifications with a click (the permission is asked for only then) and gets one when their turn comes while
their tab is hidden (the Notification API is recorded by a stub in the page; the tab's visibility is emulated),
the tab title saying "(Your turn)". In a second run one side's clock runs out (a 4-second base; the server's
minimum lowered for the test) and the server flags it (SV-CL3): both pages tell the loss on time, the result,
the log's END-3 line and the flagged clock at 0."""

from __future__ import annotations

import re

import pytest

from .conftest import ARTIFACTS, Server
from .play_helpers import DESK, PHONE, play_first_offer, wait_my_turn

SIZES = {"desk": DESK, "phone": PHONE}
SHOTS = ARTIFACTS / "clocks"

# The Notification API, recorded: constructing one is kept in window.__notes; the permission stays "default"
# until the page asks for it (window.__asked counts the asks), then is what the browser (granted by the test)
# answers. The tab's visibility can be set from the test (window.__setHidden).
STUB = """
(() => {
  const Real = window.Notification;
  let permission = "default";
  window.__notes = [];
  window.__asked = 0;
  class Recorded {
    constructor(title, options) { window.__notes.push({ title, body: options && options.body }); }
    close() {}
    static get permission() { return permission; }
    static async requestPermission() {
      window.__asked += 1;
      permission = await Real.requestPermission();
      return permission;
    }
  }
  window.Notification = Recorded;
  let hidden = false;
  const state = () => (hidden ? "hidden" : "visible");
  Object.defineProperty(document, "visibilityState", { configurable: true, get: state });
  Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
  window.__setHidden = (value) => { hidden = value; document.dispatchEvent(new Event("visibilitychange")); };
})();
"""


SHORT_CLOCKS = "import boardcade.server.clocks as clocks; clocks.MIN_BASE = 1\n"  # a server's setup: 1 s bases


def short_clock_server(folder):
    """A server (its database in `folder`) whose shortest chess clock base is 1 s (60 s for real), so a flag comes
    within the test; killed after."""
    yield from Server(f"sqlite:///{folder / 'web.sqlite3'}", setup=SHORT_CLOCKS).running()


@pytest.fixture(scope="module")
def clock_server(tmp_path_factory):
    yield from short_clock_server(tmp_path_factory.mktemp("clocks"))


def _shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.evaluate("scrollTo(0, 0)")  # the top: the seats and their clocks
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def _decide(page, phone: bool) -> None:
    """One decision by clicking (or tapping) the first usable choice, as a person does."""
    assert wait_my_turn(page) == "turn"
    play_first_offer(page, phone)


def _mine(page) -> bool:
    return page.locator(".status.mine").count() > 0


def _play_turn(page, other, phone: bool) -> None:
    """`page`'s whole turn (Q*bert's hops: one or several decisions), until the other page may move."""
    for _ in range(10):
        _decide(page, phone)
        for _ in range(300):
            if _mine(other):
                return
            if _mine(page):
                break
            page.wait_for_timeout(50)
        else:
            raise AssertionError("neither page may move")
    raise AssertionError("a turn of more than 10 decisions")


def _join(host, friend, match_id: str) -> None:
    friend.goto(host.locator("input.invite").first.input_value())
    friend.fill("#join-name", "Robin")
    friend.click("#join")
    friend.wait_for_url(re.compile(rf"#/play/{match_id}$"))


def _first_to_move(host, friend):
    """(the page to move first, the other): waits until one of them may move."""
    host.wait_for_function("() => document.querySelectorAll('.chess-clock').length === 2")
    friend.wait_for_function("() => document.querySelector('.status.mine, .status.waiting')")
    for _ in range(200):
        if _mine(host):
            return host, friend
        if _mine(friend):
            return friend, host
        host.wait_for_timeout(100)
    raise AssertionError("nobody's turn")


def _hidden_tab_told_of_its_turn(page, other, phone: bool, its_move_first: bool) -> None:
    """`page`'s tab goes to the background (after its own turn where it is to move first), `other` plays a turn:
    `page` is notified "Your turn" and its tab's title says so. Then its tab is in view again."""
    if its_move_first:
        _play_turn(page, other, phone)
    page.evaluate("window.__setHidden(true)")
    notes = page.evaluate("window.__notes.length")
    _play_turn(other, page, phone)
    page.wait_for_function("n => window.__notes.length > n", arg=notes)
    note = page.evaluate("window.__notes[window.__notes.length - 1]")
    assert note["title"] == "Your turn" and "Q*bert" in note["body"]
    assert page.title().startswith("(Your turn) ")
    page.evaluate("window.__setHidden(false)")


@pytest.mark.parametrize("size", list(SIZES))
def test_SV_CL4_both_clocks_tick_by_the_seats_and_a_hidden_tab_is_notified_of_its_turn(clock_server, contexts, size):
    phone = size == "phone"
    host_ctx = contexts(**SIZES[size])
    friend_ctx = contexts(permissions=["notifications"], **SIZES[size])
    friend_ctx.add_init_script(STUB)
    host = host_ctx.new_page()
    # The form: the clock presets, the custom choice, and the turn limit given up while a clock is chosen.
    host.goto(clock_server.url + "/")
    form = host.locator(".tile[data-game='qbert'] form.new-match")
    host.locator(".tile[data-game='qbert'] details.more summary").click()
    assert form.locator("select.chess-choice option").all_text_contents() == [
        "None",
        "5 min + 3 s",
        "10 min + 5 s",
        "15 min + 10 s",
        "Custom…",
    ]
    form.locator("select.chess-choice").select_option("custom")
    assert form.locator(".clock-custom").is_visible() and form.locator("select.turn-limit").is_disabled()
    form.locator("select.chess-choice").select_option("300+3")
    assert form.locator(".clock-custom").is_hidden()
    match_id = _start_with_clock(host, clock_server)
    friend = friend_ctx.new_page()
    _join(host, friend, match_id)

    # Notifications: offered to a player, asked for only on the click.
    button = friend.locator(".notify-toggle")
    assert button.text_content() == "Notify me when it's my turn"
    assert friend.evaluate("window.__asked") == 0, "no permission asked for before the click"
    button.click()
    friend.wait_for_function("() => document.querySelector('.notify-toggle').getAttribute('aria-pressed') === 'true'")
    assert friend.evaluate("window.__asked") == 1 and button.text_content() == "Notifying you: on"

    first, second = _first_to_move(host, friend)
    for page in (host, friend):
        chips = page.locator(".chess-clock")
        assert chips.count() == 2
        assert [t.strip() for t in page.locator(".chess-clock .clock-time").all_text_contents()] == ["5:00", "5:00"]
    _shot(host, f"{size}-host-start")
    # Each plays a first turn: the clocks start with the last person's first decision.
    _play_turn(first, second, phone)
    _play_turn(second, first, phone)
    mover = first
    running = mover.locator(".chess-clock.running .clock-time")
    running.wait_for()
    before = running.text_content()
    mover.wait_for_function(
        "t => document.querySelector('.chess-clock.running .clock-time').textContent !== t", arg=before, timeout=5000
    )
    waiting = second.locator(".chess-clock:not(.running) .clock-time")
    # The clock standing still shows what the server says (its increments included).
    state = host.request.get(f"{clock_server.url}/api/matches/{match_id}").json()["clock"]
    assert state["base"] == 300 and state["increment"] == 3
    idle = [p for p in range(2) if p != state["running"]][0]
    assert waiting.count() == 1 and second.locator(f".chess-clock[data-seat='{idle}'] .clock-time").text_content() == (
        _words(state["left"][idle])
    )
    _shot(mover, f"{size}-clocks-running")

    # The friend's turn comes while their tab is hidden: a notification, and the tab's title says so.
    _hidden_tab_told_of_its_turn(friend, host, phone, its_move_first=mover is friend)
    assert not host.title().startswith("(Your turn)")
    # In view, a turn of its own brings no notification.
    count = friend.evaluate("window.__notes.length")
    _play_turn(friend, host, phone)
    _play_turn(host, friend, phone)
    assert wait_my_turn(friend) == "turn" and friend.evaluate("window.__notes.length") == count
    _shot(friend, f"{size}-friend-notified")


def _words(ms: int) -> str:
    s = -(-ms // 1000)
    return f"{s // 60}:{s % 60:02d}"


def _start_with_clock(page, server) -> str:
    form = page.locator(".tile[data-game='qbert'] form.new-match")
    form.locator("[data-seat='1']").select_option("human")
    form.locator("select.mode").select_option("online")
    form.locator("button.create").click()
    page.wait_for_url(re.compile(r"#/play/"))
    return page.url.split("#/play/")[1]


def _clock_match(host, friend, server, base: int, increment: int) -> None:
    """`host` starts a Q*bert match for two people on a clock of `base` seconds and `increment` a decision (made
    through the page's own module, as the form does, so that any clock can be had); `friend` joins it."""
    host.goto(server.url + "/")
    host.wait_for_selector(".tile[data-game='qbert']")
    host.evaluate(
        """(clock) => import("/static/newmatch.js").then((m) => m.startMatch({ game: "qbert",
           seats: [{ kind: "human" }, { kind: "human" }], seat: 0, clock }))""",
        {"base": base, "increment": increment},
    )
    host.wait_for_url(re.compile(r"#/play/"))
    _join(host, friend, host.url.split("#/play/")[1])


@pytest.mark.parametrize("size", list(SIZES))
def test_SV_CL3_a_clock_that_runs_out_loses_on_time_told_on_both_pages(clock_server, contexts, size):
    phone = size == "phone"
    host = contexts(**SIZES[size]).new_page()
    friend = contexts(**SIZES[size]).new_page()
    _clock_match(host, friend, clock_server, base=4, increment=0)  # 4 seconds: the form offers whole minutes
    first, second = _first_to_move(host, friend)
    _play_turn(first, second, phone)
    _play_turn(second, first, phone)  # both have decided: the first player's clock runs; they do nothing
    for page in (host, friend):
        page.wait_for_selector(".result", timeout=20000)
    loser, winner = first, second
    assert loser.locator(".result .headline").text_content().startswith("Match over: You lost")
    assert winner.locator(".result .headline").text_content() == "Match over: You won!"
    for page in (host, friend):
        ending = page.locator(".result .ending").text_content()
        assert "ran out of time on the clock" in ending, ending
        assert page.locator(".log li").first.locator(".rule").text_content() == "END-3"
        flagged = page.locator(".chess-clock.flagged")
        assert flagged.count() == 1 and flagged.locator(".clock-time").text_content() == "0:00.0"
        assert page.locator(".chess-clock.running").count() == 0
    _shot(loser, f"{size}-lost-on-time")
    _shot(winner, f"{size}-won-on-time")


@pytest.mark.parametrize("size", list(SIZES))
def test_SV_CL4_each_clock_names_its_seat_as_the_seat_chip_does(clock_server, contexts, size):
    """The host gave no name, the friend joined as "Robin": on each page the two clocks name the seats exactly as
    the seat chips by them do ("you", "a player", "Robin (you)", "Robin"), never "Player 1"."""
    host = contexts(**SIZES[size]).new_page()
    friend = contexts(**SIZES[size]).new_page()
    _clock_match(host, friend, clock_server, base=300, increment=3)
    _first_to_move(host, friend)
    friend.wait_for_function("() => document.querySelectorAll('.chess-clock').length === 2")
    seen = {}
    for name, page in (("host", host), ("friend", friend)):
        page.wait_for_function("() => document.querySelector('.players .seat-1 .who').textContent.includes('Robin')")
        seats = [page.locator(f".players .seat-{p} .who").text_content() for p in range(2)]
        clocks = [page.locator(f".chess-clock[data-seat='{p}'] .clock-name").text_content() for p in range(2)]
        assert clocks == seats, f"{name}: clocks {clocks}, seats {seats}"
        seen[name] = clocks
    assert seen == {"host": ["you", "Robin"], "friend": ["a player", "Robin (you)"]}
    _shot(friend, f"{size}-clocks-named")
