"""Screenshots of "Learn to play" and of a post-game analysis for docs/screenshots/ (issue 29), in Debian's
Chromium, from a server on a free loopback port with a throwaway database:

- learn-qbert-escape-wrong-move-desktop.png: Q*bert's lesson "A threat and an escape" after a wrong move (staying
  put), explained; learn-atari_centipede-dice-show-me-phone.png: Atari's Centipede's first lesson with "Show me";
- analysis-qbert-marked-decision-desktop.png, analysis-mb_centipede-marked-decision-phone.png: the analysis of a
  finished match between two `easy` computer players (by the strongest level, as the server does by default), at
  its first marked decision, the suggestion drawn on the board.

    .venv/bin/python scripts/screenshots_learning.py
"""

from __future__ import annotations

import json
import tempfile
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import sync_playwright
from screenshots import serve  # scripts/screenshots.py: this folder is on the path when run as a script

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "screenshots"
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def finished_match(url: str, game: str, options: dict) -> str:
    body = {"game": game, "options": options, "seats": [{"kind": "agent", "agent": "easy"}] * 2}
    req = urllib.request.Request(url + "/api/matches", json.dumps(body).encode(), {"Content-Type": "application/json"})
    match_id = json.loads(urllib.request.urlopen(req).read())["id"]
    while json.loads(urllib.request.urlopen(f"{url}/api/matches/{match_id}").read())["status"] != "finished":
        time.sleep(0.2)
    return match_id


def lesson(browser, url: str, size: dict, lesson: str, step: int, button: str, shown: str, name: str) -> None:
    """The lesson at `lesson` (game/number) on its step `step`, after clicking `button` and once `shown` is drawn."""
    page = browser.new_context(**size).new_page()
    page.goto(url + f"/#/learn/{lesson}")
    page.wait_for_selector(f".learn[data-step='{step}']")
    page.locator(button).click()
    page.wait_for_selector(shown)
    page.evaluate("scrollTo(0, 0)")
    page.screenshot(path=str(OUT / name), full_page=True)


def analysis(browser, url: str, match_id: str, size: dict, name: str) -> None:
    page = browser.new_context(**size).new_page()
    page.goto(url + f"/#/analyse/{match_id}")
    page.wait_for_selector(".analysis[data-state='done']", timeout=600_000)
    page.wait_for_timeout(300)
    page.screenshot(path=str(OUT / name), full_page=True)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        proc, url = serve(str(Path(tmp) / "shots.sqlite3"), "--set", "analysis_workers=2", tries=300)
        try:
            qbert = finished_match(url, "qbert", {"max_turns_per_round": 4})
            mb = finished_match(url, "mb_centipede", {})
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
                stop = ".action-bar button.action[data-kind='stop']"
                wrong = ".lesson-feedback[data-outcome='wrong']"
                lesson(browser, url, DESKTOP, "qbert/4", 3, stop, wrong, "learn-qbert-escape-wrong-move-desktop.png")
                hinted, show_me = ".board-area .hinted", "learn-atari_centipede-dice-show-me-phone.png"
                lesson(browser, url, PHONE, "atari_centipede/1", 0, ".learn-show", hinted, show_me)
                analysis(browser, url, qbert, DESKTOP, "analysis-qbert-marked-decision-desktop.png")
                analysis(browser, url, mb, PHONE, "analysis-mb_centipede-marked-decision-phone.png")
                browser.close()
        finally:
            proc.kill()
    print("written to", OUT)


if __name__ == "__main__":
    main()
