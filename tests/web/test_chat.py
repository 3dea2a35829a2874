"""Chat in a match, in a real browser (issue 37 item 2; SV-CH1..SV-CH4 in docs/server.md), at 1280x900 and 390x844:
two players in two browsers chat (a hostile line shown as text, a bidi override refused with its reason, a preset
tapped), a spectator's line stays in the spectators' channel, and a mute hides a person's lines, kept over a
reload; a long chat's earlier lines loaded a page at a time (SV-CH8). Screenshots under
tests/web/screenshots/chat-*.png."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import expect

from .play_helpers import DESK, PHONE, TOUCH

SIZES = {"desk": DESK, "phone": PHONE}
SHOTS = Path(__file__).parent / "screenshots"
HOSTILE = '<img src=x onerror="alert(1)"><b>bold</b> & <script>alert(2)</script>'


def post(page, url, body):
    r = page.request.post(url, data=json.dumps(body), headers={"Content-Type": "application/json"})
    assert r.ok, r.text()
    return r.json()


def seated(contexts, size, server, match_id, tokens, ready=".chat:not([hidden]) :is(.chat-empty, .chat-line)"):
    """A browser holding the seats `tokens` ({seat: token}) of the match, saved as the page saves them, on the
    match page once `ready` is drawn."""
    ctx = contexts(**SIZES[size])
    saved = json.dumps({match_id: {str(seat): token for seat, token in tokens.items()}})
    ctx.add_init_script(f"try {{ localStorage.setItem('boardcade.tokens', {json.dumps(saved)}); }} catch {{}}")
    page = ctx.new_page()
    page.goto(f"{server.url}/#/play/{match_id}")
    page.wait_for_selector(ready)
    return page


def say(page, text):
    page.fill(".chat-input", text)
    page.press(".chat-input", "Enter")


def lines(page):
    return page.locator(".chat-line .chat-text").all_text_contents()


@pytest.mark.parametrize("size", list(SIZES))
def test_sv_ch_two_players_chat_a_spectator_apart_hostile_lines_as_text_presets_and_mute(shared_server, contexts, size):
    url = shared_server.url
    opener = contexts(**SIZES[size]).new_page()
    m = post(opener, f"{url}/api/matches", {"game": "qbert", "seats": [{"kind": "human"}] * 2, "name": "Ann"})
    claim = {"seat": 1, "invite": m["invites"]["1"], "name": "Bea"}
    bea_seat = post(opener, f"{url}/api/matches/{m['id']}/claim", claim)
    ann = seated(contexts, size, shared_server, m["id"], {0: m["token"]})
    bea = seated(contexts, size, shared_server, m["id"], {1: bea_seat["token"]})
    watcher = contexts(**SIZES[size]).new_page()
    watcher.goto(f"{url}/#/watch/{m['id']}")
    watcher.wait_for_selector(".chat:not([hidden])")
    assert ann.locator(".chat h3").text_content() == "Chat with the players"
    assert watcher.locator(".chat h3").text_content() == "Spectators' chat"

    # SV-CH2: markup is shown as the words typed, never made into elements.
    say(ann, HOSTILE)
    bea.wait_for_function("n => document.querySelectorAll('.chat-line').length === n", arg=1)
    assert lines(bea) == [HOSTILE] and lines(ann) == [HOSTILE]
    for page in (ann, bea):
        assert page.locator(".chat-lines img, .chat-lines b, .chat-lines script").count() == 0
    assert ann.locator(".chat-line .chat-name").text_content() == "You"
    assert bea.locator(".chat-line .chat-name").text_content().startswith("Ann")
    # A right-to-left override is refused, with the reason, and sent to nobody.
    say(ann, "abc\u202edef")
    ann.wait_for_selector(".chat-note.error")
    assert "U+202E" in ann.locator(".chat-note").text_content()
    # Presets: buttons, a finger's size on the phone.
    preset = bea.locator(".chat-preset[data-preset='gg']")
    if size == "phone":
        box = preset.bounding_box()
        assert box["height"] >= TOUCH - 0.5, box
        assert bea.evaluate("document.documentElement.scrollWidth <= innerWidth + 1"), "no sideways scrolling"
    preset.click()
    ann.wait_for_function("() => document.querySelectorAll('.chat-line').length === 2")
    assert lines(ann) == [HOSTILE, "Good game"]
    # SV-CH1: the spectators' channel is theirs alone.
    say(watcher, "hello from the stands")
    watcher.wait_for_selector(".chat-line")
    assert lines(watcher) == ["hello from the stands"], "the spectator never sees the players' lines"
    say(bea, "and back to the game")
    ann.wait_for_function("() => document.querySelectorAll('.chat-line').length === 3")
    assert "hello from the stands" not in lines(ann) + lines(bea)
    for name, page in (("ann", ann), ("bea", bea), ("watcher", watcher)):
        page.locator(".chat").scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / f"chat-{size}-{name}.png"))

    # Mute (this browser's own, kept in localStorage): Bea's lines vanish from Ann's page, also after a reload.
    ann.locator(".chat-mute[data-sender='s1']").click()
    assert lines(ann) == [HOSTILE]
    assert "2 lines from muted people hidden" in ann.locator(".chat-lines").text_content()
    say(bea, "can you hear me")
    bea.wait_for_function("() => document.querySelectorAll('.chat-line').length === 4")
    ann.reload()
    ann.wait_for_selector(".chat-mute.on[data-sender='s1']")
    assert lines(ann) == [HOSTILE], "still muted after a reload; the last lines came back in the welcome"
    ann.locator(".chat").scroll_into_view_if_needed()
    ann.screenshot(path=str(SHOTS / f"chat-{size}-ann-muted.png"))
    ann.locator(".chat-mute[data-sender='s1']").click()
    assert lines(ann) == [HOSTILE, "Good game", "and back to the game", "can you hear me"]


def test_sv_ch7_no_players_chat_against_the_computer_and_one_box_on_a_hot_seat_device(shared_server, contexts):
    url = shared_server.url
    page = contexts(**DESK).new_page()
    seats = [{"kind": "human"}, {"kind": "agent", "agent": "random"}]
    m = post(page, f"{url}/api/matches", {"game": "qbert", "seats": seats})
    player = seated(contexts, "desk", shared_server, m["id"], {0: m["token"]}, ready=".players li")
    assert player.locator(".chat").is_hidden(), "nobody to talk to: no box"
    m = post(page, f"{url}/api/matches", {"game": "qbert", "seats": [{"kind": "human"}] * 2, "name": "Ann"})
    claim = {"seat": 1, "invite": m["invites"]["1"], "name": "Bea"}
    bea = post(page, f"{url}/api/matches/{m['id']}/claim", claim)
    device = seated(contexts, "phone", shared_server, m["id"], {0: m["token"], 1: bea["token"]})
    assert device.locator(".chat").count() == 1 and device.locator(".chat h3").text_content() == "Chat (this device)"
    device.locator(".chat-preset[data-preset='hello']").click()
    device.wait_for_selector(".chat-line")
    assert device.locator(".chat-line .chat-name").text_content().startswith(("Ann", "Bea")), "named, not 'You'"


@pytest.mark.parametrize("size", list(SIZES))
def test_sv_ch8_earlier_lines_of_a_long_chat_are_loaded_a_page_at_a_time(shared_server, contexts, size):
    """SV-CH6, SV-CH8 (issue 37 item 2, "kept with the match record"): a match whose players said 120 lines
    (stored as the server stores a line said; saying them through the page would take minutes under SV-CH4's
    limits); the page shows the last 50 and "Earlier lines", which loads the older ones 50 at a time above them
    until none remain; once it is over, its replay shows the talk each viewer may read. Screenshots
    chat-earlier-{size}.png, chat-replay-{size}.png."""
    from boardcade.server.chat import store_line
    from boardcade.server.storage import Storage

    url = shared_server.url
    opener = contexts(**SIZES[size]).new_page()
    m = post(opener, f"{url}/api/matches", {"game": "qbert", "seats": [{"kind": "human"}] * 2, "name": "Ann"})
    post(opener, f"{url}/api/matches/{m['id']}/claim", {"seat": 1, "invite": m["invites"]["1"], "name": "Bea"})
    storage = Storage(shared_server.db_url)
    for i in range(120):
        seat = i % 2
        line = {"match_id": m["id"], "channel": "players", "seat": seat, "sender": f"s{seat}"}
        line.update(name=("Ann", "Bea")[seat], text=f"talk {i}", preset=None, created_at="2026-12-06T05:00:00Z")
        store_line(storage, line, "test")
    watching = {"match_id": m["id"], "channel": "spectators", "seat": None, "sender": "vab12"}
    watching.update(name="Spectator ab12", text="what a match", preset=None, created_at="2026-12-06T05:00:00Z")
    store_line(storage, watching, "test")
    storage.engine.dispose()
    ann = seated(contexts, size, shared_server, m["id"], {0: m["token"]})
    said = [f"talk {i}" for i in range(120)]
    assert lines(ann) == said[70:]
    earlier = ann.locator(".chat-earlier")
    assert earlier.is_visible()
    earlier.click()
    expect(ann.locator(".chat-line")).to_have_count(100)
    assert lines(ann) == said[20:]
    first = ann.locator(".chat-line").first
    name, text = first.locator(".chat-name").text_content(), first.locator(".chat-text").text_content()
    assert (name, text) == ("You", "talk 20")
    expect(first).to_be_in_viewport()  # the list shows the page just loaded, from its top
    ann.locator(".chat").scroll_into_view_if_needed()
    ann.screenshot(path=str(SHOTS / f"chat-earlier-{size}.png"))
    earlier.click()
    expect(ann.locator(".chat-line")).to_have_count(120)
    assert lines(ann) == said, "every line once, in the order said"
    assert earlier.is_hidden(), "no older lines remain"
    say(ann, "still here")
    expect(ann.locator(".chat-line").last).to_contain_text("still here")
    assert lines(ann) == [*said, "still here"], "a new line keeps the earlier ones loaded"
    # The finished match's replay shows the talk each viewer may read: Ann her players' chat (latest 50, then
    # earlier on demand) and the spectators'; someone holding no seat, only the spectators'.
    post(opener, f"{url}/api/matches/{m['id']}/resign", {"seat": 0, "token": m["token"]})
    ann.goto(f"{url}/#/replay/{m['id']}")
    players = ann.locator(".chat-replay").filter(has_text="Players' chat")
    expect(players.locator(".chat-line")).to_have_count(50)
    assert players.locator(".chat-text").all_text_contents() == [*said, "still here"][-50:]
    spectators = ann.locator(".chat-replay").filter(has_text="Spectators' chat")
    expect(spectators.locator(".chat-text")).to_have_text(["what a match"])
    expect(ann.locator(".chat-replay .chat-input")).to_have_count(2)
    expect(ann.locator(".chat-replay .chat-input").first).to_be_hidden()  # read only
    players.locator(".chat-earlier").click()
    expect(players.locator(".chat-line")).to_have_count(100)
    players.scroll_into_view_if_needed()
    ann.screenshot(path=str(SHOTS / f"chat-replay-{size}.png"))
    stranger = contexts(**SIZES[size]).new_page()
    stranger.goto(f"{url}/#/replay/{m['id']}")
    expect(stranger.locator(".chat-replay .chat-text")).to_have_text(["what a match"])
    expect(stranger.locator(".chat-replay h3")).to_have_text(["Spectators' chat"])
    assert "talk" not in stranger.locator("body").text_content()
