"""Screenshots of the web app for docs/screenshots/<folder>/: the home page and each game (Atari's Centipede
with 2 and 4 players) a few decisions into a match against the `random` computer player, at 1280x900 and
390x844, in Debian's Chromium. The server runs on a free loopback port with a throwaway database.

    .venv/bin/python scripts/screenshots.py after
"""

from __future__ import annotations

import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
SIZES = {
    "desktop": {"viewport": {"width": 1280, "height": 900}},
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
}
# file name -> (game, quick-play players choice or None, decisions to make before the picture)
SHOTS = {
    "qbert": ("qbert", None, 6),
    "mb_centipede": ("mb_centipede", None, 4),
    "atari_centipede": ("atari_centipede", "0", 22),
    "atari_centipede-4p": ("atari_centipede", "1", 16),
}


def serve(db: str, *options: str, tries: int = 200) -> tuple[subprocess.Popen, str]:
    """`boardcade serve` (with `options`) on a free loopback port and the database file `db`, once it answers:
    (the process, its URL). scripts/screenshots_learning.py starts its server with this too."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    cmd = [
        str(Path(sys.executable).parent / "boardcade"),
        "serve",
        "--port",
        str(port),
        "--database",
        f"sqlite:///{db}",
        *options,
    ]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    for _ in range(tries):
        try:
            urllib.request.urlopen(url + "/api/games", timeout=1).read()
            return proc, url
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


def play(page, url: str, game: str, players: str | None, decisions: int) -> None:
    page.goto(url + "/")
    tile = page.locator(f".tile[data-game='{game}']")
    if players is not None:
        tile.locator("select.players-count").select_option(players)
    tile.locator("select.level").select_option("random")
    tile.locator(".play-computer").click()
    for _ in range(decisions):
        page.wait_for_selector(".status.mine, .result", timeout=30000)
        if page.locator(".result").count():
            break
        before = page.locator(".action-bar").get_attribute("data-version")
        offer = page.locator(".board-area .choice, .action-bar button.action").first
        if offer.count():
            offer.click()
        else:
            page.locator(".action-bar .fallback-play").click()
        page.wait_for_function(
            "v => document.querySelector('.result') || document.querySelector('.action-bar').dataset.version !== v",
            arg=before,
        )
    page.wait_for_selector(".status.mine, .result", timeout=30000)
    page.evaluate("scrollTo(0, 0)")
    page.wait_for_timeout(600)


def main(folder: str) -> None:
    out = ROOT / "docs" / "screenshots" / folder
    out.mkdir(parents=True, exist_ok=True)
    proc, url = serve(str(Path(tempfile.mkdtemp()) / "shots.sqlite3"))
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"])
            for size, opts in SIZES.items():
                ctx = browser.new_context(**opts)
                page = ctx.new_page()
                page.goto(url + "/")
                page.wait_for_selector(".tile svg")
                page.wait_for_timeout(400)
                page.screenshot(path=str(out / f"home-{size}.png"))
                for name, (game, players, decisions) in SHOTS.items():
                    play(page, url, game, players, decisions)
                    page.screenshot(path=str(out / f"{name}-{size}.png"))
                ctx.close()
            browser.close()
    finally:
        proc.kill()
    print(f"wrote {out}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "after")
