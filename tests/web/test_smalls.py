"""The small things of issue 27 (item 8), at 1280x900 and 390x844: Q*bert's "threat!" overlay lets taps through
to the escape cubes under it; the result says "You won!" without a stray full stop; the replay's controls are
drawn icons with names, its header and captions are in words; the hint speaks a player's language."""

from __future__ import annotations

import json
import random
import re
import time

import pytest

from boardcade.core import load_game, sample_chance
from boardcade.testing import act, scenario

from .play_helpers import DESK, PHONE
from .test_qbert_views import DRAW

SIZES = {"desk": DESK, "phone": PHONE}
# Taps spread over each highlighted cube's top and disc (a 15x15 grid of points inside its outline): how many
# reach that choice, or a cube drawn over it (over a disc's wide target), and not the pieces or marks drawn
# over the board.
TAPS = """() => [...document.querySelectorAll(".choice")].map((el) => {
  const top = el.querySelector(".top, .hit") || el;
  const r = top.getBoundingClientRect();
  const toUser = top.getScreenCTM().inverse();
  let inside = 0, reached = 0;
  for (let i = 1; i < 16; i++) for (let j = 1; j < 16; j++) {
    const x = r.left + (r.width * i) / 16, y = r.top + (r.height * j) / 16;
    const p = new DOMPoint(x, y).matrixTransform(toUser);
    if (top.isPointInFill && !top.isPointInFill(p)) continue;
    inside++;
    const hit = document.elementFromPoint(x, y);
    const other = hit && hit.closest(".choice, .cube");
    if (hit && (hit === el || el.contains(hit) || (other && other !== el))) reached++;
  }
  return { label: el.getAttribute("aria-label"), inside, reached };
})"""
PLACE = DRAW.replace(
    'place: (el, info) => { el.classList.add("choice"); placed.push(info.kind); }',
    'place: (el, info) => { el.classList.add("choice"); el.setAttribute("aria-label", info.label); '
    "placed.push(info.kind); }, minTarget: 44",
)


def _post(page, url, body):
    r = page.request.post(url, data=json.dumps(body), headers={"Content-Type": "application/json"})
    assert r.ok, r.text()
    return r.json()


@pytest.mark.parametrize("size", list(SIZES))
def test_threat_overlay_lets_taps_reach_the_escape_cubes(shared_server, contexts, size):
    """QB-5.4, QB-5.6: during an escape every highlighted cube and disc takes a tap anywhere on it (its top, its
    ring), under the "threat!" ring and word or not."""
    page = contexts(**SIZES[size]).new_page()
    page.goto(shared_server.url + "/")
    state = scenario("qbert", roll=3, qbert=(2, 0), coily=(3, 0), slick=(2, 0))  # beside the left disc of row 2
    for kind, args in [("stop", {}), ("character_die", {"character": "Coily"}), ("d6", {"face": 2})]:
        act(state, kind, **args)
    act(state, "step", dir="up-right")  # Coily joins Q*bert: an escape, by hops or the disc (QB-5.4, QB-5.6)
    obs = state.observation(0)
    page.evaluate(PLACE, [obs, obs["legal_actions"]])
    taps = page.evaluate(TAPS)
    assert taps and page.locator(".threat-ring").count() == 1
    assert all(t["inside"] >= 40 for t in taps), taps
    assert all(t["reached"] == t["inside"] for t in taps), [t for t in taps if t["reached"] < t["inside"]]


def _won_by_first_seat():
    """A finished Q*bert match (seeded random play) that the first seat won: its final view for that seat."""
    game = load_game("qbert", max_turns_per_round=1)
    for seed in range(50):
        state, rng = game.new_initial_state(), random.Random(seed)
        while not state.is_terminal():
            state.apply_action(
                sample_chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions())
            )
        if state.returns()[0] > 0:
            return state
    raise AssertionError("no seed gave the first seat a win")


@pytest.mark.parametrize("size", list(SIZES))
def test_the_result_says_you_won_once_and_names_the_players(shared_server, contexts, size):
    """The result panel of a match this browser won: "Match over: You won!" (no "!."), and its score line
    names the players ("You", "Computer (random)"), never "Player 1". The server's socket is stood in for by
    one that sends the finished match (a real match's description, a real final view)."""
    page = contexts(**SIZES[size]).new_page()
    page.goto(shared_server.url + "/")
    created = _post(
        page,
        shared_server.url + "/api/matches",
        {"game": "qbert", "seats": [{"kind": "human"}, {"kind": "agent", "agent": "random"}], "seat": 0},
    )
    meta = {k: v for k, v in created.items() if k not in ("host_token", "token", "invites", "seat")}
    meta["status"] = "finished"
    state = _won_by_first_seat()

    def socket(ws):
        def heard(message):
            if json.loads(message)["type"] == "hello":
                ws.send(json.dumps({"type": "welcome", "seats": [0], "match": meta}))
                view = {"type": "state", "match": meta["id"], "seat": 0, "version": state.move_number()}
                ws.send(json.dumps({**view, "observation": state.observation(0)}))

        ws.on_message(heard)

    page.route_web_socket(re.compile(r".*/ws/matches/.*"), socket)
    page.evaluate("t => localStorage.setItem('boardcade.tokens', JSON.stringify(t))", {meta["id"]: {"0": "x"}})
    page.goto(f"{shared_server.url}/#/play/{meta['id']}")
    headline = page.locator(".result .headline")
    headline.wait_for()
    assert headline.text_content() == "Match over: You won!"
    score = page.locator(".result .score").text_content()
    assert "You" in score and "Computer (random)" in score and "Player" not in score, score


def _finished_computer_match(page, server) -> str:
    seats = [{"kind": "agent", "agent": "random"}, {"kind": "agent", "agent": "random"}]
    body = {"game": "qbert", "options": {"max_turns_per_round": 1}, "seats": seats}
    match_id = _post(page, server.url + "/api/matches", body)["id"]
    deadline = time.time() + 60
    while time.time() < deadline:
        if page.request.get(f"{server.url}/api/matches/{match_id}").json()["status"] == "finished":
            return match_id
        time.sleep(0.2)
    raise AssertionError("the computer match did not finish")


@pytest.mark.parametrize("size", list(SIZES))
def test_replay_controls_are_drawn_icons_and_its_words_are_plain(shared_server, contexts, size):
    """The replay's first/back/forward/last buttons carry drawn (SVG) icons and names, no symbol characters
    that a system may lack; the header says who played each side and how it ended for them; no caption says
    "(chance)": a roll or draw is told by what the log says it showed."""
    page = contexts(**SIZES[size]).new_page()
    page.goto(shared_server.url + "/")
    match_id = _finished_computer_match(page, shared_server)
    page.goto(f"{shared_server.url}/#/replay/{match_id}")
    page.wait_for_selector("#replay-step")
    for button, name in (("#first", "First step"), ("#back", "Back"), ("#forward", "Forward"), ("#last", "Last step")):
        el = page.locator(button)
        assert el.locator("svg.icon path").count() == 1, button
        assert (el.get_attribute("aria-label") or el.text_content()).strip() == name
        assert not re.search(r"[⏮⏭◀▶]", el.text_content())
    header = page.locator(".match-head").text_content()
    assert "Seats:" not in header and re.search(r"Computer \(random\) — (won|lost)", header), header
    page.click("#first")
    captions = []
    for _ in range(int(page.text_content("#replay-step").split(" of ")[1])):
        page.click("#forward")
        captions.append(page.text_content(".caption"))
    assert captions and not any("(chance)" in c or c.startswith("chance") for c in captions), captions[:5]
