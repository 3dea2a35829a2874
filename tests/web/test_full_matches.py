"""A whole match of each game (Atari's Centipede with 2 and with 4 players) against computer players, played only
by clicking or tapping what is on screen at 1280x900 and 390x844. Before every decision each legal choice the
page offers must be on screen when scrolled to, not covered (by the sticky action bar, say) and, on a phone, at
least 44x44 px (issue 16); the action bar asks the game's own question for each decision (obs.prompt, issue
27). Short rule options keep each match to seconds; the server's dice are seeded, so the start, a mid-game
position and the end are also compared with reference screenshots (tests/web/screenshots)."""

from __future__ import annotations

import json

import pytest

from .play_helpers import DESK, PHONE, compare, play_by_clicking
from .test_browser import new_match_in_form

# name -> (game, options, seats)
MATCHES = {
    "qbert": ("qbert", {"max_turns_per_round": 1}, ["human", "agent:random"]),
    "mb_centipede": ("mb_centipede", {"max_turns": 10}, ["human", "agent:random"]),
    "atari_centipede": (
        "atari_centipede",
        {"setup": "random", "field_rows": 8, "max_rounds": 2},
        ["human", "agent:random"],
    ),
    "atari_centipede_4p": (
        "atari_centipede",
        {"players": 4, "setup": "random", "field_rows": 8, "max_rounds": 2},
        ["human", "agent:random", "agent:random", "agent:random"],
    ),
}
MID = 2  # the mid-game screenshot: before this many of my decisions


@pytest.mark.parametrize("size", ["desk", "phone"])
@pytest.mark.parametrize("name", list(MATCHES))
def test_full_match_by_clicking_every_choice_on_screen(server, contexts, name, size):
    """QB-*, MB-*, AC-*: a match from the home page to the result panel by clicking only; every choice offered
    is reachable on screen (44 px on a phone); screenshots of start, mid-game and end match the references."""
    phone = size == "phone"
    ctx = contexts(**(PHONE if phone else DESK), reduced_motion="reduce")
    page = ctx.new_page()
    game, options, seats = MATCHES[name]
    match_id = new_match_in_form(page, server, game, seats, options=options)
    token = json.loads(page.evaluate("localStorage.getItem('boardcade.tokens')"))[match_id]["0"]
    shots = name != "atari_centipede_4p"
    asked = set()

    def on_turn(n):
        # Issue 27 item 2: the bar asks the game's own question for this decision, never a generic one.
        view = page.request.post(
            f"{server.url}/api/matches/{match_id}/view",
            data=json.dumps({"seat": 0, "token": token}),
            headers={"Content-Type": "application/json"},
        ).json()["observation"]
        said = page.locator(".status").text_content()
        assert said == view["prompt"] and "highlighted place" not in said, (view["decision"], said)
        asked.add(view["decision"])
        if shots and n in (0, MID):
            compare(page, f"{name}-{size}-{'start' if n == 0 else 'mid'}")

    made = play_by_clicking(page, phone, on_turn)
    assert made > MID, f"a short match still asks for several decisions ({made})"
    assert len(asked) >= 2, f"decisions of several kinds, each asked by name: {sorted(asked)}"
    panel = page.locator(".result")
    assert "Match over" in panel.text_content()
    assert page.locator("#rematch").is_visible()
    if shots:
        compare(page, f"{name}-{size}-end")
