"""E-mail (issue 37 item 3): an account's address verified by a single-use, expiring link; one "your turn" mail a turn
for a correspondence match when the player is not looking (SV-EM5..SV-EM8); one-click unsubscribe (RFC 8058); the
address shown to nobody but its owner, masked, and never logged; an SMTP relay that is down costs no move.

Mail goes to a real SMTP server (aiosmtpd) on 127.0.0.1 on a free port."""

from __future__ import annotations

import logging
import os
import re
import socket
import time
from email import message_from_bytes, policy

import pytest
from aiosmtpd.controller import Controller
from fastapi.testclient import TestClient

PASSWORD = "correct horse battery"
ADDRESS = "ann.player@example.org"
PUBLIC = "https://games.example.org"
WAIT = 30.0  # seconds a mail may take under load (the test waits for it, it never asserts a duration)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Inbox:
    def __init__(self) -> None:
        self.mails: list = []

    async def handle_DATA(self, server, session, envelope):  # aiosmtpd's handler hook
        self.mails.append(message_from_bytes(envelope.content, policy=policy.default))
        return "250 OK"


@pytest.fixture
def smtp():
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=free_port())
    controller.start()
    yield controller.port, inbox
    controller.stop()


@pytest.fixture
def make(https_app):
    """make(port, **settings) -> a TestClient over https with e-mail through the relay on `port`."""

    def make(port, **changes):
        mail = {"smtp_host": "127.0.0.1", "smtp_port": port, "smtp_starttls": False, "public_url": PUBLIC,
                "smtp_from": "boardcade <games@example.org>", "allowed_hosts": ["testserver"]}  # fmt: skip
        client = https_app(**{**mail, **changes})
        client.app.state.manager.rng.seed(37)  # the server's dice, fixed
        return client

    return make


def browser(client, address="203.0.113.7"):
    return TestClient(client.app, base_url="https://testserver", client=(address, 50000))


def sign_up(client, name):
    r = client.post("/api/account/signup", json={"name": name, "password": PASSWORD})
    assert r.status_code == 201, r.text


def drain(client) -> None:
    """Wait until the background mail work started so far is done (looked up, handed to the relay or failed)."""
    turn_mails = client.app.state.manager.turn_mails
    deadline = time.monotonic() + WAIT
    while any(getattr(t.get_coro(), "__name__", "") == "_mail" for t in list(client.app.state.manager.ctx.tasks)):
        assert time.monotonic() < deadline, "mail work still running"
        time.sleep(0.02)
    if turn_mails.mailer is not None:
        turn_mails.mailer.pool.submit(lambda: None).result(timeout=WAIT)


def link_in(mail, path: str) -> str:
    found = re.search(rf"{re.escape(PUBLIC)}{re.escape(path)}\?token=[A-Za-z0-9_-]+", mail.get_content())
    assert found, mail.get_content()
    return found.group(0).removeprefix(PUBLIC)


def verified(client, inbox, address=ADDRESS):
    r = client.post("/api/account/email", json={"address": address})
    assert r.status_code == 200, r.text
    drain(client)
    link = link_in(inbox.mails[-1], "/email/verify")
    confirmed = client.post(link, headers={"Origin": "http://testserver"}, data={"confirm": "yes"})  # its button
    assert confirmed.status_code == 200, confirmed.text
    return link


def ann_verified(make, smtp):
    """Ann signed up on a fresh app mailing through the test relay, her address verified: (client, inbox)."""
    port, inbox = smtp
    client = make(port)
    sign_up(client, "Ann")
    verified(client, inbox)
    return client, inbox


def correspondence(client, h, turn_limit=3600):
    """Ann (this browser, signed in) holds seat 0 of a two-person match with a time per turn; another browser
    (anonymous) seat 1. Returns the match with its tokens."""
    seats = [{"kind": "human"}, {"kind": "human"}]
    r = client.post("/api/matches", json={"game": "qbert", "seats": seats, "turn_limit": turn_limit})
    assert r.status_code == 201, r.text
    m = r.json()
    other = browser(client)
    c = other.post(f"/api/matches/{m['id']}/claim", json={"seat": 1, "invite": m["invites"]["1"], "name": "Bo"})
    assert c.status_code == 200, c.text
    m["tokens"] = {m["seat"]: m["token"], 1: c.json()["token"]}
    linked = client.post("/api/account/seats", json={"seats": [{"match": m["id"], "seat": 0, "token": m["token"]}]})
    assert linked.json() == {"linked": 1}
    return m


def play_until_turn_of(client, h, m, seat: int) -> None:
    """`seat` finishes its turn if it is its turn, then the other seat plays (first legal moves) until it is
    `seat`'s turn again: the turn passes to `seat` once."""
    play_turn(client, h, m, seat)
    for _ in range(200):
        state = h.live_state(client, m["id"])
        p = state.current_player()
        if p == seat:
            return
        body = {"seat": p, "token": m["tokens"][p], "version": state.move_number(), "action": state.legal_actions()[0]}
        r = client.post(f"/api/matches/{m['id']}/actions", json=body)
        assert r.status_code == 200, r.text
    raise AssertionError("the turn never came")


def play_turn(client, h, m, seat: int) -> None:
    """`seat` plays its turn (every decision of it, first legal moves) until the turn passes."""
    state = h.live_state(client, m["id"])
    while state.current_player() == seat:
        body = {"seat": seat, "token": m["tokens"][seat], "version": state.move_number(),
                "action": state.legal_actions()[0]}  # fmt: skip
        r = client.post(f"/api/matches/{m['id']}/actions", json=body)
        assert r.status_code == 200, r.text
        state = h.live_state(client, m["id"])


def turn_mails(inbox):
    return [mail for mail in inbox.mails if mail["Subject"].startswith("Your turn")]


BUTTON = {"headers": {"Origin": "http://testserver"}, "data": {"confirm": "yes"}}  # the page's form POST


def h_code(response) -> str:
    return response.json()["error"]["code"]


def test_sv_em2_verification_link_verifies_once_and_the_address_is_shown_masked_to_its_owner(make, smtp):
    port, inbox = smtp
    client = make(port)
    sign_up(client, "Ann")
    r = client.post("/api/account/email", json={"address": ADDRESS})
    assert r.json()["email"] == {"enabled": True, "why_off": None, "address": "a***@example.org", "verified": False,
                                 "notify": True, "pending": True}  # fmt: skip
    drain(client)
    (mail,) = inbox.mails
    assert mail["To"] == ADDRESS and "Confirm" in mail["Subject"]
    link = link_in(mail, "/email/verify")
    assert ADDRESS not in client.get("/api/account/email").text, "the owner sees it masked only"
    # Following the link (as a mail scanner or a link prefetcher does) confirms nothing: it shows a button.
    page = client.get(link)
    assert page.status_code == 200 and "Confirm my address" in page.text and 'method="post"' in page.text
    assert client.get("/api/account/email").json()["email"]["verified"] is False, "a GET never confirms"
    form = {"headers": {"Origin": "http://testserver"}, "data": {"confirm": "yes"}}
    elsewhere = client.post(link, headers={"Origin": "https://evil.example"}, data={"confirm": "yes"})
    assert elsewhere.status_code == 403 and h_code(elsewhere) == "bad_origin", "another site's form is refused"
    assert h_code(client.post(link, data={"confirm": "yes"})) == "bad_media_type", "a form without an Origin is refused"
    assert client.get("/api/account/email").json()["email"]["verified"] is False
    page = client.post(link, **form)
    assert page.status_code == 200 and "confirmed" in page.text
    assert client.get("/api/account/email").json()["email"]["verified"] is True
    again = client.post(link, **form)
    assert again.status_code == 404 and "not valid" in again.text, "a verification link works once"
    assert client.post("/email/verify?token=forged", **form).status_code == 404


def test_sv_em2_an_expired_verification_link_is_refused(make, smtp):
    port, inbox = smtp
    client = make(port, verify_hours=1e-9)  # expires the moment it is made
    sign_up(client, "Ann")
    client.post("/api/account/email", json={"address": ADDRESS})
    drain(client)
    page = client.post(link_in(inbox.mails[-1], "/email/verify"), **BUTTON)
    assert page.status_code == 410 and "expired" in page.text
    assert client.get("/api/account/email").json()["email"]["verified"] is False


def test_sv_em1_bad_addresses_and_email_off_get_clear_errors(make, smtp, h, sqlite_url):
    port, _ = smtp
    client = make(port)
    sign_up(client, "Ann")
    for bad in ["", "ann", "ann@", "@example.org", "ann@@example.org", "a b@example.org", "ann@localhost",
                "<b>@example.org", "ann@example.org\r\nBcc: x@example.org", "a" * 300 + "@example.org", 7]:  # fmt: skip
        r = client.post("/api/account/email", json={"address": bad})
        assert h.error_of(r) == "bad_email", bad
        assert "e-mail address like name@example.org" in r.json()["error"]["message"]
    assert client.get("/api/account/email").json()["email"]["address"] is None, "nothing stored"
    off = make(port, smtp_host="")
    sign_up(off, "Bea")
    state = off.get("/api/account/email").json()["email"]
    assert state["enabled"] is False and "SMTP" in state["why_off"]
    assert h.error_of(off.post("/api/account/email", json={"address": ADDRESS})) == "email_off"
    no_url = make(port, public_url="")
    sign_up(no_url, "Cyd")
    assert "public_url" in no_url.get("/api/account/email").json()["email"]["why_off"]
    assert h.error_of(browser(client, "198.51.100.1").get("/api/account/email")) == "signed_out"


def test_sv_em3_verification_mails_are_rate_limited_per_account_and_per_address(make, smtp, h):
    port, inbox = smtp
    client = make(port, verify_mail_burst=2)
    sign_up(client, "Ann")
    assert client.post("/api/account/email", json={"address": ADDRESS}).status_code == 200
    assert client.post("/api/account/email/resend", json={}).status_code == 200
    r = client.post("/api/account/email", json={"address": "other@example.org"})
    assert h.error_of(r) == "rate_limited" and "your account" in r.json()["error"]["message"]
    bea = browser(client, "198.51.100.2")
    sign_up(bea, "Bea")
    bea.post("/api/account/email", json={"address": "bea@example.org"})
    r = bea.post("/api/account/email", json={"address": ADDRESS.upper()})
    assert h.error_of(r) == "rate_limited" and "this address" in r.json()["error"]["message"]
    drain(client)
    assert len(inbox.mails) == 3


def test_sv_em5_one_your_turn_mail_when_the_opponent_moves_and_the_player_is_not_connected(make, smtp, h):
    client, inbox = ann_verified(make, smtp)
    m = correspondence(client, h)
    play_turn(client, h, m, 0)
    drain(client)
    assert turn_mails(inbox) == [], "no mail when the turn passes to the other seat"
    play_until_turn_of(client, h, m, 0)
    drain(client)
    (mail,) = turn_mails(inbox)
    assert mail["To"] == ADDRESS and "Bo" in mail["Subject"]
    assert f"{PUBLIC}/#/play/{m['id']}" in mail.get_content()
    unsubscribe = link_in(mail, "/email/unsubscribe")
    assert mail["List-Unsubscribe"] == f"<{PUBLIC}{unsubscribe}>"
    assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    # Seat 0 plays several decisions of its turn, then seat 1 again: still one mail for that turn, then a new one.
    play_turn(client, h, m, 0)
    drain(client)
    assert len(turn_mails(inbox)) == 1
    play_until_turn_of(client, h, m, 0)
    drain(client)
    assert len(turn_mails(inbox)) == 2, "the next turn gets its mail"


def test_sv_em6_no_mail_while_connected_or_unverified_or_for_a_chess_clock(make, smtp, h):
    port, inbox = smtp
    client = make(port)
    sign_up(client, "Ann")
    client.post("/api/account/email", json={"address": ADDRESS})  # not verified yet
    m = correspondence(client, h)
    play_until_turn_of(client, h, m, 0)
    drain(client)
    assert turn_mails(inbox) == [], "unverified: no mail"
    client.post(link_in(inbox.mails[-1], "/email/verify"), **BUTTON)
    with client.websocket_connect(f"/ws/matches/{m['id']}") as ws:
        ws.send_json({"type": "hello", "seats": [{"seat": 0, "token": m["tokens"][0]}]})
        assert ws.receive_json()["type"] == "welcome"
        play_turn(client, h, m, 0)
        play_until_turn_of(client, h, m, 0)
        drain(client)
    assert turn_mails(inbox) == [], "looking at the match: no mail"
    seats = [{"kind": "human"}, {"kind": "human"}]
    r = client.post("/api/matches", json={"game": "qbert", "seats": seats, "clock": {"base": 600, "increment": 5}})
    live = r.json()
    other = browser(client)
    c = other.post(f"/api/matches/{live['id']}/claim", json={"seat": 1, "invite": live["invites"]["1"], "name": "Bo"})
    live["tokens"] = {0: live["token"], 1: c.json()["token"]}
    client.post("/api/account/seats", json={"seats": [{"match": live["id"], "seat": 0, "token": live["token"]}]})
    play_until_turn_of(client, h, live, 1)
    play_until_turn_of(client, h, live, 0)
    drain(client)
    assert turn_mails(inbox) == [], "a chess clock is live play: never mailed"


def test_sv_em7_unsubscribe_in_one_click_without_sign_in(make, smtp, h):
    client, inbox = ann_verified(make, smtp)
    m = correspondence(client, h)
    play_until_turn_of(client, h, m, 0)
    drain(client)
    link = link_in(turn_mails(inbox)[0], "/email/unsubscribe")
    stranger = browser(client, "198.51.100.9")  # no session: the link's token is enough
    page = stranger.get(link)
    assert page.status_code == 200 and 'id="unsubscribe"' in page.text and 'method="post"' in page.text
    assert client.get("/api/account/email").json()["email"]["notify"] is True, "showing the page changes nothing"
    # A mail program's RFC 8058 one-click POST: a form body, no origin of ours.
    done = stranger.post(link, content="List-Unsubscribe=One-Click",
                         headers={"content-type": "application/x-www-form-urlencoded"})  # fmt: skip
    assert done.status_code == 200 and "Unsubscribed" in done.text
    assert client.get("/api/account/email").json()["email"]["notify"] is False
    play_until_turn_of(client, h, m, 1)
    play_turn(client, h, m, 0)
    play_until_turn_of(client, h, m, 0)
    drain(client)
    assert len(turn_mails(inbox)) == 1, "unsubscribed: no more mails"
    assert stranger.post("/email/unsubscribe?token=forged", data={"x": "1"}).status_code == 404
    form = {"content-type": "application/x-www-form-urlencoded"}
    r = stranger.post("/api/account/email/notify", content="on=1", headers=form)
    assert h.error_of(r) == "bad_media_type", "only the unsubscribe link takes a form"


def test_sv_em4_the_address_is_in_no_other_players_view_profile_or_log(make, smtp, h, caplog):
    caplog.set_level(logging.DEBUG)
    client, inbox = ann_verified(make, smtp)
    m = correspondence(client, h)
    play_until_turn_of(client, h, m, 0)
    drain(client)
    bo = browser(client)
    answers = [
        bo.get(f"/api/matches/{m['id']}"),
        bo.post(f"/api/matches/{m['id']}/view", json={"seat": 1, "token": m["tokens"][1]}),
        bo.get("/api/players/Ann"),
        bo.get("/api/matches"),
        client.get("/api/account"),
        client.get("/api/account/email"),
    ]
    for r in answers:
        assert r.status_code == 200, r.text
        assert ADDRESS not in r.text and "ann.player" not in r.text, r.request.url
    ours = [rec for rec in caplog.records if rec.name != "mail.log"]  # (mail.log: the test's own SMTP server)
    assert ours and not any(ADDRESS in rec.getMessage() for rec in ours)
    assert h.error_of(bo.get("/api/account/email")) == "signed_out"
    assert client.post("/api/account/delete", json={"password": PASSWORD}).status_code == 200
    with client.app.state.manager.storage.engine.connect() as conn:
        kept = [
            conn.exec_driver_sql(f"SELECT COUNT(*) FROM {t}").scalar() for t in ("account_emails", "email_unsubscribes")
        ]
    assert kept == [0, 0], "deleting the account deletes its address"


def test_sv_em8_smtp_down_the_move_is_stored_and_the_failure_logged_once(make, smtp, h, caplog):
    client, inbox = ann_verified(make, smtp)
    client.app.state.manager.turn_mails.mailer.settings.smtp_port = free_port()  # the relay goes away
    m = correspondence(client, h)
    caplog.set_level(logging.INFO, logger="boardcade")
    for _ in range(2):  # two turns, two mails that cannot go
        play_until_turn_of(client, h, m, 0)
        version = h.live_state(client, m["id"]).move_number()
        drain(client)
        stored = client.app.state.manager.storage.load_since(m["id"], 0)[2]
        assert len(stored) == version, "the move is stored all the same"
        play_turn(client, h, m, 0)
    failures = [r for r in caplog.records if "did not take a mail" in r.getMessage()]
    assert len(failures) == 1, [r.getMessage() for r in caplog.records]
    assert not any(r.exc_info for r in caplog.records), "no traceback"
    assert turn_mails(inbox) == []


@pytest.mark.parametrize(
    ("args", "public_url", "says"),
    [
        (["--host", "127.0.0.1", "--port", "8123"], "http://127.0.0.1:8123", ""),
        (["--host", "0.0.0.0"], "", "e-mail stays off: set --public-url"),
        (["--host", "0.0.0.0", "--public-url", "https://games.example.org/"], "https://games.example.org", ""),
    ],
)
def test_sv_em1_serve_takes_the_relay_from_flags_or_environment_and_links_only_from_public_url(
    args, public_url, says, monkeypatch, tmp_path
):
    import uvicorn
    from typer.testing import CliRunner

    from boardcade.cli.main import app as cli
    from boardcade.server.settings import ENV, Settings

    monkeypatch.setattr(uvicorn, "run", lambda *a, **k: None)  # the settings it would serve with, not a server
    monkeypatch.setenv("BOARDCADE_SMTP_HOST", "mail.example.org")
    monkeypatch.setenv("BOARDCADE_SMTP_PASSWORD", "relay secret")
    monkeypatch.setenv(ENV, "")  # restored after: serve writes the settings there
    db = f"sqlite:///{tmp_path / 'serve.sqlite3'}"
    out = CliRunner().invoke(cli, ["serve", "--database", db, "--smtp-from", "games@example.org", *args])
    assert out.exit_code == 0, out.output
    settings = Settings.from_json(os.environ[ENV])
    assert settings.smtp_host == "mail.example.org" and settings.smtp_port == 587 and settings.smtp_starttls
    assert settings.public_url == public_url
    assert (settings.email_off() is None) == bool(public_url)
    assert says in out.output
    assert "relay secret" not in os.environ[ENV], "the relay's password never goes into the settings"
