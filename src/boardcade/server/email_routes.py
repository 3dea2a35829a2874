"""E-mail for an account (SV-EM1..SV-EM9, docs/server.md "E-mail"): add, change or remove the address, its
verification link, the your-turn setting, and the one-click unsubscribe page.

The address is only ever shown masked ("a***@example.org"), and only to its owner (`GET /api/account/email`).
Verification mails are rate limited per account and per address (its digest), per server process. The links in
mails are built from the `public_url` setting, never from a request's Host header (which anyone can forge).
`/email/unsubscribe` takes a form POST without sign-in (the token is the proof): the confirmation page's button,
and a mail program's RFC 8058 one-click POST (security.Guard lets that one path through its JSON-only rule).
"""

from __future__ import annotations

import html
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from . import mail
from .account_routes import signed_in
from .accounts import Account
from .emails import EmailStore, address_key, clean_address, mask
from .errors import ClientError
from .limits import KeyedBuckets
from .requests import manager, read_object

router = APIRouter()
UNSUBSCRIBE_PATH = "/email/unsubscribe"
VERIFY_PATH = "/email/verify"


class EmailService:
    def __init__(self, request: Request):
        s = request.app.state.settings
        self.settings = s
        self.mgr = manager(request)
        self.store = EmailStore(self.mgr.storage.engine)
        rate = s.verify_mails_per_day / 86400
        self.per_account = KeyedBuckets(rate, s.verify_mail_burst)
        self.per_address = KeyedBuckets(rate, s.verify_mail_burst)

    def on(self) -> None:
        why = self.settings.email_off()
        if why is not None:
            raise ClientError("email_off", why)

    def limit(self, account_id: str, address: str) -> None:
        if not self.per_account.allow(account_id):
            raise ClientError("rate_limited", "too many verification mails for your account today; try tomorrow")
        if not self.per_address.allow(address_key(address)):
            raise ClientError("rate_limited", "too many verification mails to this address today; try tomorrow")

    def send_verification(self, address: str, token: str) -> None:
        s = self.settings
        link = f"{s.public_url}/email/verify?token={token}"
        hours = f"{s.verify_hours:g}"
        text = (
            f"Someone (we hope you) added this address to a boardcade account on {s.public_url}.\n\n"
            f"To confirm it, open this link within {hours} hours (it works once):\n{link}\n\n"
            "If it was not you, ignore this mail: the address stays unconfirmed and gets no more mail from us.\n"
        )
        mailer = self.mgr.turn_mails.mailer
        assert mailer is not None
        mailer.send(mail.message(s, address, "Confirm your e-mail address for boardcade", text))


def service(request: Request) -> EmailService:
    state = request.app.state
    if getattr(state, "email", None) is None:
        state.email = EmailService(request)
    return state.email


async def answer(svc: EmailService, account_id: str) -> dict[str, Any]:
    """What the owner sees: whether e-mail is offered, and the address masked with its state."""
    why = svc.settings.email_off()
    state = await svc.mgr.read(svc.store.state, account_id)
    body: dict[str, Any] = {"enabled": why is None, "why_off": why, "address": None, "verified": False,
                            "notify": False, "pending": False}  # fmt: skip
    if state is not None:
        body.update(address=mask(state.address), verified=state.verified, notify=state.notify, pending=state.pending)
    return {"email": body}


async def signed_in_request(request: Request) -> tuple[dict[str, Any], Account, EmailService]:
    """A POST's JSON object (checked first), the signed-in account (or `signed_out`) and the e-mail service."""
    body = await read_object(request)
    account, _ = await signed_in(request)
    return body, account, service(request)


@router.get("/api/account/email")
async def email_state(request: Request) -> dict[str, Any]:
    account, _ = await signed_in(request)
    return await answer(service(request), account.id)


@router.post("/api/account/email")
async def set_email(request: Request) -> dict[str, Any]:
    """{"address": text}: the account's address becomes this one, unverified; a verification link is mailed."""
    body, account, svc = await signed_in_request(request)
    svc.on()
    address = clean_address(body.get("address"))
    svc.limit(account.id, address)
    token = await svc.mgr.read(svc.store.set_address, account.id, address, svc.settings.verify_hours)
    svc.send_verification(address, token)
    return await answer(svc, account.id)


@router.post("/api/account/email/resend")
async def resend(request: Request) -> dict[str, Any]:
    _, account, svc = await signed_in_request(request)
    svc.on()
    state = await svc.mgr.read(svc.store.state, account.id)
    if state is None or state.verified:
        raise ClientError("no_email", "there is no address waiting for verification on your account")
    svc.limit(account.id, state.address)
    token = await svc.mgr.read(svc.store.renew_token, account.id, svc.settings.verify_hours)
    if token is None:
        raise ClientError("no_email", "there is no address waiting for verification on your account")
    svc.send_verification(state.address, token)
    return await answer(svc, account.id)


@router.post("/api/account/email/remove")
async def remove(request: Request) -> dict[str, Any]:
    _, account, svc = await signed_in_request(request)
    await svc.mgr.read(svc.store.remove, account.id)
    return await answer(svc, account.id)


@router.post("/api/account/email/notify")
async def notify(request: Request) -> dict[str, Any]:
    """{"on": true | false}: your-turn mails on or off."""
    body, account, svc = await signed_in_request(request)
    on = body.get("on")
    if not isinstance(on, bool):
        raise ClientError("bad_message", "'on' must be true or false")
    if not await svc.mgr.read(svc.store.set_notify, account.id, on):
        raise ClientError("no_email", "your account has no e-mail address; add one first")
    return await answer(svc, account.id)


def page(title: str, *parts: str, status: int = 200) -> HTMLResponse:
    """A small page of its own (no scripts): `parts` are HTML already escaped."""
    body = "".join(parts)
    text = (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        # Same-origin requests say where they come from: a form POST's Origin is this site's (not "null", as under
        # the server's no-referrer policy), so the confirmation button passes the origin check (security.Guard).
        '<meta name="referrer" content="same-origin">'
        f'<title>{html.escape(title)} · boardcade</title><link rel="stylesheet" href="/static/style.css">'
        '<link rel="stylesheet" href="/static/account.css"></head>'
        f'<body><main class="email-page"><h1>{html.escape(title)}</h1>{body}'
        '<p><a href="/">boardcade</a></p></main></body></html>'
    )
    return HTMLResponse(text, status_code=status, headers={"Cache-Control": "no-store"})


def button_page(title: str, text: str, action: str, form: str) -> HTMLResponse:
    """A page whose form (`form`: its fields and button, HTML already escaped) POSTs to `action` (a path with the
    link's token, escaped here): a mailed link only shows the page, its button acts (SV-EM2)."""
    return page(title, text, f'<form method="post" action="{html.escape(action, quote=True)}">{form}</form>')


@router.get(VERIFY_PATH)
async def verify_page(request: Request, token: str = "") -> HTMLResponse:
    """The link in the mail only shows a button: mail scanners and link prefetchers follow links, so a GET never
    confirms (SV-EM2); the button POSTs from this page (its Origin checked: security.Guard)."""
    return button_page(
        "Confirm your address?",
        "<p>Press the button to confirm this e-mail address for your boardcade account.</p>",
        f"{VERIFY_PATH}?token={token}",
        '<button type="submit" class="primary" id="confirm">Confirm my address</button>',
    )


@router.post(VERIFY_PATH)
async def verify(request: Request, token: str = "") -> HTMLResponse:
    svc = service(request)
    outcome = await svc.mgr.read(svc.store.verify, token)
    if outcome == "verified":
        return page("Address confirmed", "<p>Your e-mail address is confirmed. You will get a mail when it is your "
                    "turn in a match with a time per turn, unless you are looking at it.</p>")  # fmt: skip
    if outcome == "expired":
        return page("Link expired", "<p>This confirmation link has expired. On your account page, ask for a new "
                    "one.</p>", status=410)  # fmt: skip
    why = "<p>This confirmation link is not valid: it was used already, or a newer one was sent. Your account "
    return page("Link not valid", why + "page says whether your address is confirmed.</p>", status=404)


@router.get(UNSUBSCRIBE_PATH)
async def unsubscribe_page(request: Request, token: str = "") -> HTMLResponse:
    svc = service(request)
    if not await svc.mgr.read(svc.store.unsubscribe_known, token):
        return page("Link not valid", "<p>This unsubscribe link is not valid (its address was changed or "
                    "removed). Your account page has the e-mail settings.</p>", status=404)  # fmt: skip
    return button_page(
        "Stop your-turn mails?",
        "<p>One click and boardcade sends no more your-turn mails to this address.</p>",
        f"{UNSUBSCRIBE_PATH}?token={token}",
        '<input type="hidden" name="List-Unsubscribe" value="One-Click">'
        '<button type="submit" class="primary" id="unsubscribe">Unsubscribe</button>',
    )


@router.post(UNSUBSCRIBE_PATH)
async def unsubscribe(request: Request, token: str = "") -> HTMLResponse:
    """The page's button, or a mail program's one-click POST (RFC 8058): no sign-in, the token is the proof."""
    svc = service(request)
    if not await svc.mgr.read(svc.store.unsubscribe, token):
        return page("Link not valid", "<p>This unsubscribe link is not valid (its address was changed or "
                    "removed).</p>", status=404)  # fmt: skip
    return page("Unsubscribed", "<p>No more your-turn mails will be sent to this address. You can turn them on "
                "again on your account page.</p>")  # fmt: skip
