"""E-mail on the account page (issue 37 item 3), at 1280x900 and 390x844: a bad address is refused in the form in
the server's words; a good one is shown masked and "waiting for verification"; the link mailed (to a local SMTP
server, aiosmtpd) confirms it and the page says so; with no SMTP relay configured the page offers no e-mail."""

from __future__ import annotations

import re
import socket
import time

import pytest
from aiosmtpd.controller import Controller

from .conftest import Server
from .play_helpers import DESK, PHONE, assert_no_stray_words

SIZES = {"desk": DESK, "phone": PHONE}
PASSWORD = "correct horse battery"


class Inbox:
    def __init__(self) -> None:
        self.mails: list[bytes] = []

    async def handle_DATA(self, server, session, envelope):  # aiosmtpd's handler hook
        self.mails.append(envelope.content)
        return "250 OK"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def mail_server(tmp_path):
    """A boardcade server that mails through an aiosmtpd server on 127.0.0.1: (server, inbox)."""
    inbox = Inbox()
    smtp = Controller(inbox, hostname="127.0.0.1", port=free_port())
    smtp.start()
    srv = Server(f"sqlite:///{tmp_path / 'web.sqlite3'}")
    mail = (f"smtp_host='127.0.0.1', smtp_port={smtp.port}, smtp_starttls=False, "
            f"smtp_from='boardcade <games@example.org>', public_url='{srv.url}'")  # fmt: skip
    srv.setup = f"import functools, boardcade.server.app as A; A.Settings = functools.partial(A.Settings, {mail})"
    srv.start()
    srv.shots = tmp_path
    yield srv, inbox
    srv.kill()
    smtp.stop()


def sign_up(page, url: str, name: str) -> None:
    page.goto(url + "/#/account")
    page.wait_for_selector("#sign-up")
    page.locator("#sign-up [name='name']").fill(name)
    page.locator("#sign-up [name='password']").fill(PASSWORD)
    page.locator("#sign-up-submit").click()
    page.wait_for_selector("#account-who")


@pytest.mark.parametrize("size", list(SIZES))
def test_add_an_address_see_it_masked_waiting_then_confirmed(mail_server, contexts, size):
    server, inbox = mail_server
    page = contexts(**SIZES[size]).new_page()
    sign_up(page, server.url, "Ann_M")
    page.wait_for_selector("#email-form")
    page.screenshot(path=str(server.shots / f"email-{size}-offered.png"), full_page=True)

    page.locator("#email-address").fill("ann@localhost")
    page.locator("#email-form-submit").click()
    error = page.locator("#email-form .error")
    error.wait_for()
    assert "e-mail address like name@example.org" in error.text_content()

    page.locator("#email-address").fill("ann.player@example.org")
    page.locator("#email-form-submit").click()
    page.wait_for_selector("#email-section")
    assert page.locator("#email-masked").text_content() == "a***@example.org"
    assert "waiting for verification" in page.locator("#email-state").text_content()
    assert "ann.player" not in page.locator("body").text_content(), "the address is shown masked only"
    assert page.locator("#email-notify").is_disabled(), "mails are switched on once the address is confirmed"
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth + 1"), "no sideways scrolling"
    assert_no_stray_words(page, f"the account page's e-mail ({size})")
    page.screenshot(path=str(server.shots / f"email-{size}-waiting.png"), full_page=True)

    deadline = time.monotonic() + 30
    while not inbox.mails:
        assert time.monotonic() < deadline, "no verification mail came"
        time.sleep(0.1)
    text = inbox.mails[-1].decode().replace("=\r\n", "").replace("=3D", "=")
    link = re.search(rf"{re.escape(server.url)}/email/verify\?token=[A-Za-z0-9_-]+", text).group(0)
    page.goto(link)  # following the link confirms nothing (mail scanners follow links): a button does
    page.locator("#confirm").wait_for()
    assert page.locator("#confirm").text_content() == "Confirm my address"
    page.screenshot(path=str(server.shots / f"email-{size}-confirm-button.png"), full_page=True)
    page.locator("#confirm").click()
    page.get_by_text("Your e-mail address is confirmed").wait_for()
    page.screenshot(path=str(server.shots / f"email-{size}-confirmed-page.png"), full_page=True)
    page.goto(server.url + "/#/account")
    page.wait_for_selector("#email-section")
    assert "confirmed" in page.locator("#email-state").text_content()
    assert page.locator("#email-notify").is_checked()
    page.screenshot(path=str(server.shots / f"email-{size}-confirmed.png"), full_page=True)


def test_no_smtp_relay_no_email_on_the_account_page(server, contexts, tmp_path):
    page = contexts(**DESK).new_page()
    sign_up(page, server.url, "Bea_M")
    page.wait_for_selector("#change-password")
    assert page.locator("#email-form, #email-section").count() == 0
