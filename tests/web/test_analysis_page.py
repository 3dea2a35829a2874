"""Post-game analysis in the browser (issue 29): "Analyse" on a finished match of every game, with a progress bar
while it works, a graph of the estimated win chance with the viewer's decisions marked, the suggested move drawn
on the board at a marked decision, and the graph, the decisions and the log lines moving the replay there; a
seat's view holds only its own evaluations. At 1280x900 and 390x844; the second opening is instant (stored)."""

from __future__ import annotations

import pytest

from .analysis_helpers import AnalysisServer, finished_match
from .play_helpers import DESK, PHONE


@pytest.fixture(scope="module")
def analysis_server(tmp_path_factory):
    yield from AnalysisServer(f"sqlite:///{tmp_path_factory.mktemp('analysis') / 'web.sqlite3'}").running()


def step_of(page) -> int:
    return int(page.locator(".analysis").get_attribute("data-step"))


def open_analysis(page, server, match_id: str) -> None:
    page.goto(server.url + f"/#/replay/{match_id}")
    page.locator("#analyse").click()  # from the replay
    page.wait_for_selector(".analysis-progress progress")  # the first opening: a progress bar while it works
    page.wait_for_selector(".analysis[data-state='done']", timeout=120000)
    assert page.locator(".analysis-progress").is_hidden()


@pytest.mark.parametrize("game", ["qbert", "mb_centipede", "atari_centipede"])
def test_analysis_of_a_finished_match(analysis_server, contexts, game):
    """QB-*, MB-*, AC-*: every game's finished match analysed; each evaluation from the view of the seat that
    decided (QB-3.1, AC-12.1: hidden rolls and hands stay with their owner)."""
    match_id = finished_match(analysis_server, game)
    page = contexts(**DESK, reduced_motion="reduce").new_page()
    open_analysis(page, analysis_server, match_id)
    marks = page.locator(".win-graph .mark")
    assert page.locator(".win-graph svg path.line").count() == 1
    assert marks.count() >= 1, "a match between random players has marked decisions"
    # A mark on the graph: the replay goes to that decision, the note grades it, the suggestion is on the board.
    target = int(marks.first.get_attribute("data-step"))
    marks.first.click()
    page.wait_for_function("s => document.querySelector('.analysis').dataset.step === String(s)", arg=target)
    note = page.locator(".analysis-note").text_content()
    assert f"Step {target}:" in note and "Played:" in note and "view" in note
    suggested = page.locator(".analysis").get_attribute("data-suggested")
    assert suggested and page.locator(f".suggested[data-action='{suggested}']").count() >= 1
    # A decision in the list and a log line move the replay too.
    item = page.locator(".decisions li[data-step] button").nth(
        min(1, page.locator(".decisions li[data-step]").count() - 1)
    )
    item.click()
    page.wait_for_function("() => document.querySelector('.decisions li.current')")
    line = page.locator(".log li[data-step]").last
    at = int(line.get_attribute("data-step"))
    line.locator("button.log-line").click()
    page.wait_for_function("s => document.querySelector('.analysis').dataset.step === String(s)", arg=at)
    # One seat's view: only its own evaluations.
    page.locator(".analysis-view[data-seat='1']").click()
    page.wait_for_selector(".analysis[data-view='1']")
    seats = page.evaluate(
        "() => [...document.querySelectorAll('.decisions li[data-step] button')].map((b) => b.textContent)"
    )
    assert all("Player 2" in s or "Red" in s or "Centipede" in s for s in seats), seats
    # The same analysis on a phone, from the end of the match: stored with the match, so it is there at once.
    phone = contexts(**PHONE, reduced_motion="reduce").new_page()
    phone.goto(analysis_server.url + f"/#/watch/{match_id}")
    phone.locator(".result a.analyse-link").click()
    phone.wait_for_selector(".analysis[data-state='done']", timeout=5000)
    assert phone.evaluate("document.documentElement.scrollWidth <= innerWidth + 1"), "no sideways scrolling"
    box = phone.locator(".win-graph .mark").first.bounding_box()
    phone.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    phone.wait_for_function("() => document.querySelector('.analysis').dataset.suggested")


def test_analysis_of_a_record_file(analysis_server, contexts, tmp_path):
    """Any replay can be analysed: a record file opened from the home page (the same match gives the same stored
    analysis, so it is there at once)."""
    match_id = finished_match(analysis_server, "qbert")
    page = contexts(**DESK).new_page()
    open_analysis(page, analysis_server, match_id)
    record = page.request.get(analysis_server.url + f"/api/matches/{match_id}/record").text()
    path = tmp_path / "match.boardcade.json"
    path.write_text(record)
    page.goto(analysis_server.url + "/")
    page.locator("#upload").set_input_files(str(path))
    page.wait_for_function("() => location.hash === '#/replay/file'")
    page.locator("#analyse").click()
    page.wait_for_selector(".analysis[data-state='done']", timeout=5000)
    assert page.locator(".win-graph .mark").count() >= 1
