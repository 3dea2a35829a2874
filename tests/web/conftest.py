"""Browser tests: a real `boardcade` server process on a free loopback port, driven with Playwright and Debian's
Chromium. A failing test leaves a screenshot of every open page under test-artifacts/."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
SERVER = (
    "import random, sys, types, uvicorn\n"
    "exec(sys.argv[4])  # the test's own setup, if any\n"
    "from boardcade.server import create_app, drivers, manager\n"
    "seeded = random.Random(int(sys.argv[3]))  # the server's dice and computer players, seeded: repeatable matches\n"
    "manager.secrets = drivers.secrets = types.SimpleNamespace(randbits=seeded.getrandbits)\n"
    "uvicorn.run(create_app(sys.argv[1], agent_budget=1.0), host='127.0.0.1', port=int(sys.argv[2]),"
    " log_level='warning')\n"
)


class Server:
    """A server process that can be killed and started again on the same port and database."""

    def __init__(self, db_url: str, seed: int = 7, setup: str = ""):
        self.seed = seed
        self.setup = setup  # Python run in the server process before it starts
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.db_url = db_url
        self.proc: subprocess.Popen | None = None
        self.url = f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-c", SERVER, self.db_url, str(self.port), str(self.seed), self.setup]
        )
        self.wait_until_up()

    def wait_until_up(self) -> None:
        """Returns once the started server answers /api/games (20 s at most)."""
        deadline = time.time() + 20
        while time.time() < deadline:
            try:
                urllib.request.urlopen(self.url + "/api/games", timeout=1).read()
                return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("server did not start")

    def running(self):
        """A fixture's body (`yield from Server(...).running()`): start, yield this server, kill it after."""
        self.start()
        yield self
        self.kill()

    def kill(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)


@pytest.fixture
def server(tmp_path):
    yield from Server(f"sqlite:///{tmp_path / 'web.sqlite3'}").running()


@pytest.fixture(scope="session")
def browser():
    assert os.path.exists(CHROMIUM), "Debian's chromium is needed: run scripts/ensure-chromium.sh"
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    if rep.when == "call":
        item.failed_call = rep.failed


def expected(text: str) -> bool:
    """Console errors a page logs by design: an answer the app handles (a refused invite is a 4xx response) and
    a connection lost while the server restarts."""
    return text.startswith("Failed to load resource") or ("WebSocket connection" in text and "failed" in text)


@pytest.fixture
def contexts(request, browser):
    """Make browser contexts (viewport size as keyword; `pace`: the replay speed of the other side's moves,
    instant unless given); screenshots of their pages on failure."""
    made = []
    problems: list[str] = []

    def watch(page):
        page.on("pageerror", lambda err: problems.append(f"uncaught: {err} {(err.stack or '')[:600]}"))
        page.on(
            "console", lambda msg: problems.append(msg.text) if msg.type == "error" and not expected(msg.text) else None
        )

    def make(pace: str | None = "instant", **kwargs):
        ctx = browser.new_context(**kwargs)
        ctx.set_default_timeout(15000)
        if pace:  # the other side's moves shown at this pace ("instant" unless a test is about the pace)
            ctx.add_init_script(f"try {{ localStorage.setItem('boardcade.pace', {pace!r}); }} catch {{}}")
        ctx.on("page", watch)
        made.append(ctx)
        return ctx

    yield make
    failed = getattr(request.node, "failed_call", False)
    if failed:
        ARTIFACTS.mkdir(exist_ok=True)
        for i, ctx in enumerate(made):
            for j, page in enumerate(ctx.pages):
                page.screenshot(path=str(ARTIFACTS / f"{request.node.name}-{i}-{j}.png"), full_page=True)
    for ctx in made:
        ctx.close()
    # A page that logs an error (a script exception, a style or script refused by the Content-Security-Policy)
    # fails the test even when what the test looked at was right.
    if problems and not failed:
        pytest.fail("the page logged errors:\n" + "\n".join(problems[:10]))


@pytest.fixture(scope="module")
def shared_server(tmp_path_factory):
    """One server for a whole test module (its tests start their own matches): lean browser tests."""
    yield from Server(f"sqlite:///{tmp_path_factory.mktemp('web') / 'web.sqlite3'}").running()
