"""What Q*bert's players see in the browser during an escape (QB-5.4, QB-7.1): the nasty player is told
"Q*bert escapes (moves left: hidden)", Q*bert's player his count; the page's board and panel come from the
game's own web module (games/qbert/web.js), drawn by Chromium from the engine's observations."""

from __future__ import annotations

import pytest

from boardcade.testing import act, scenario


def _escape_position():
    state = scenario("qbert", roll=3, qbert=(3, 1), coily=(4, 1), slick=(3, 1))  # Slick dropped on him
    for kind, args in [
        ("stop", {}),  # all 3 moves stay in the tube
        ("character_die", {"character": "Coily"}),
        ("d6", {"face": 2}),
        ("step", {"dir": "up-right"}),  # Coily joins Q*bert and Slick on (3,1): a threat (QB-4.9)
    ]:
        act(state, kind, **args)
    assert state.observation(None)["phase"] == "escape"
    return state


DRAW = """async ([obs, legal]) => {
  const m = await import("/static/games/qbert.js");
  const placed = [];
  const fit = { width: innerWidth - 16, height: innerHeight - 200 };
  const ui = { legal, fit, place: (el, info) => { el.classList.add("choice"); placed.push(info.kind); },
               refuse: () => {}, isPlaced: () => false };
  const board = m.draw(obs, ui);
  document.body.replaceChildren(board, m.panel(obs));
  const pieces = [...document.querySelectorAll("[data-piece]")].map((g) => g.getAttribute("transform"));
  return { text: document.body.innerText, placed, pieces, width: document.documentElement.scrollWidth };
}"""


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 900}, {"width": 390, "height": 844}])
def test_QB_7_1_the_escape_shows_moves_left_to_qbert_only(server, contexts, viewport):
    """QB-5.4, QB-7.1: during an escape the nasty player's page says "Q*bert escapes (moves left: hidden)"
    and never the roll; Q*bert's page says "moves left: 3" and offers his escape hops on the board."""
    state = _escape_position()
    page = contexts(viewport=viewport).new_page()
    page.goto(server.url + "/")
    nasty = page.evaluate(DRAW, [state.observation(1), []])
    assert "Q*bert escapes (moves left: hidden)" in nasty["text"]
    assert "moves left: hidden" in nasty["text"] and "moves left: 3" not in nasty["text"]
    assert nasty["placed"] == []
    mine_obs = state.observation(0)
    mine = page.evaluate(DRAW, [mine_obs, mine_obs["legal_actions"]])
    assert "Q*bert escapes (moves left: 3)" in mine["text"] and "hidden" not in mine["text"]
    assert sorted(set(mine["placed"])) == ["hop"]  # hops placed on their cubes; stop stays a button
    # Coily and Slick share Q*bert's cube: drawn side by side, not on top of each other.
    assert len(set(nasty["pieces"])) == len(nasty["pieces"])
    assert nasty["width"] <= viewport["width"] + 1
