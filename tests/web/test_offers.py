"""Only what can run is offered (issue 27 item 7): on a server where numpy and OpenSpiel are not installed (the
`web` install; simulated by blocking their import in the server process), the home page offers no computer
player that needs them, at 1280x900 and 390x844; the server refuses such a seat with a clear error."""

from __future__ import annotations

import json

import pytest

from .conftest import Server
from .play_helpers import DESK, PHONE

WEB_INSTALL = "sys.modules['numpy'] = sys.modules['pyspiel'] = None  # as if not installed\n"


@pytest.fixture(scope="module")
def web_install_server(tmp_path_factory):
    yield from Server(f"sqlite:///{tmp_path_factory.mktemp('offers') / 'web.sqlite3'}", setup=WEB_INSTALL).running()


@pytest.mark.parametrize("size", ["desk", "phone"])
def test_agents_that_cannot_run_are_not_offered(web_install_server, contexts, size):
    page = contexts(**(PHONE if size == "phone" else DESK)).new_page()
    page.goto(web_install_server.url + "/")
    tile = page.locator(".tile[data-game='qbert']")
    tile.locator("details.more summary").click()
    offered = tile.locator("form.new-match [data-seat='1'] option").all_text_contents()
    levels = tile.locator("select.level option").all_text_contents()
    assert "Computer (random)" in offered and "Computer (easy)" in offered
    assert not any("os_mcts" in o for o in offered + levels), offered
    seats = [{"kind": "human"}, {"kind": "agent", "agent": "os_mcts"}]
    r = page.request.post(
        web_install_server.url + "/api/matches",
        data=json.dumps({"game": "qbert", "seats": seats}),
        headers={"Content-Type": "application/json"},
    )
    assert r.status == 400 and r.json()["error"]["code"] == "bad_agent"
    assert "numpy, pyspiel" in r.json()["error"]["message"]
