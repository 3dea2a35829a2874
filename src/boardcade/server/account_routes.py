"""The account API (`/api/account/...`): sign up, sign in, sign out, change password, delete, link seats.

Every POST here is JSON, so the Guard's origin and content-type checks (security.py) cover them as they cover the
rest of the API. A session is a cookie (`boardcade_session`: HttpOnly, SameSite=Lax, Secure unless the
session_cookie_secure setting is off) whose SHA-256 digest is stored. Sign-in answers the same, `bad_credentials`,
for an unknown name and a wrong password, after the same work (a dummy hash is checked: accounts.py). Password
checks are rate limited per address and per user name, sign-ups per address; the argon2 work runs on its own
small thread pool with a bounded queue, so a flood of sign-ins never delays a move. docs/server.md, "Accounts".
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from .accounts import (
    MAX_LINKED,
    Account,
    AccountStore,
    check_new_password,
    clean_account_name,
    given_password,
    hash_password,
    verify_password,
)
from .errors import MATCH_ID, ClientError
from .limits import KeyedBuckets
from .requests import AsciiJSONResponse, client_address, manager, read_object
from .seats import token_hash

COOKIE = "boardcade_session"
router = APIRouter(prefix="/api/account")


class AccountService:
    """One app's accounts: the store, the rate limits and the password-hashing pool."""

    def __init__(self, request: Request):
        s = request.app.state.settings
        self.settings = s
        self.mgr = manager(request)
        self.store = AccountStore(self.mgr.storage)
        self.signins = KeyedBuckets(s.signins_per_minute / 60, s.signin_burst)
        self.account_signins = KeyedBuckets(s.account_signins_per_minute / 60, s.account_signin_burst)
        self.signups = KeyedBuckets(s.signups_per_hour / 3600, s.signup_burst)
        self.pool = ThreadPoolExecutor(max(1, s.password_workers), thread_name_prefix="boardcade-password")
        self.waiting = 0

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)

    async def hashing(self, fn: Callable, *args: Any) -> Any:
        """Password work (argon2) on its own pool; refused while `password_queue` jobs already wait."""
        if self.waiting >= self.settings.password_queue:
            raise ClientError("unavailable", "the server is busy checking passwords; try again in a moment")
        self.waiting += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self.pool, fn, *args)
        finally:
            self.waiting -= 1

    def limit_checks(self, request: Request, name_key: str) -> None:
        """Rate limits on password checks: per client address, then per user name (known or not, alike)."""
        if not self.signins.allow(client_address(request)):
            raise ClientError("rate_limited", "too many sign-in attempts from your address; wait a minute")
        if not self.account_signins.allow(name_key):
            raise ClientError("rate_limited", "too many sign-in attempts for this user name; wait a minute")

    async def check(self, request: Request, name: Any, password: Any) -> Account:
        """The account whose name and password these are, or `bad_credentials` (the same for an unknown name)."""
        try:
            shown, key = clean_account_name(name)
        except ClientError:
            shown, key = "", "\0invalid"  # no account has such a name: answered like any unknown one
        self.limit_checks(request, key)
        account, stored = await self.mgr.read(self.store.password_hash_of, key) if shown else (None, None)
        ok = await self.hashing(verify_password, stored, given_password(password))
        if not ok or account is None:
            raise ClientError("bad_credentials", "that user name and password do not match an account")
        return account

    def respond(self, account: Account | None, session: str | None, status: int = 200) -> JSONResponse:
        """The account as the browser sees it, with the session cookie set (or cleared when `session` is "")."""
        body = {"account": None if account is None else {"name": account.name, "created_at": account.created_at}}
        response = AsciiJSONResponse(body, status_code=status)
        if session:
            response.set_cookie(
                COOKIE,
                session,
                max_age=int(self.settings.session_days * 86400),
                path="/",
                httponly=True,
                samesite="lax",
                secure=self.settings.session_cookie_secure,
            )
        elif session == "":
            response.delete_cookie(
                COOKIE, path="/", httponly=True, samesite="lax", secure=self.settings.session_cookie_secure
            )
        return response


LOOPBACK = {"127.0.0.1", "localhost", "::1", "[::1]"}


def require_https(request: Request) -> None:
    """A Secure session cookie only comes back over HTTPS (or to a loopback address): refuse a sign-in that could
    not last, and a password sent in clear over a network, unless the operator turned session_cookie_secure off."""
    if not request.app.state.settings.session_cookie_secure or request.url.scheme == "https":
        return
    if (request.url.hostname or "").lower() not in LOOPBACK:
        raise ClientError(
            "needs_https",
            "accounts need this page opened over HTTPS (a password and a sign-in would travel unprotected over "
            "plain HTTP); the server's operator can serve it over HTTPS (docs/deploy.md)",
        )


def service(request: Request) -> AccountService:
    state = request.app.state
    if getattr(state, "accounts", None) is None:
        state.accounts = AccountService(request)
    return state.accounts


async def signed_in(request: Request) -> tuple[Account, str]:
    """The account of this browser's session cookie and the cookie, or `signed_out`."""
    token = request.cookies.get(COOKIE, "")
    svc = service(request)
    account = await svc.mgr.read(svc.store.session_account, token) if token else None
    if account is None:
        raise ClientError("signed_out", "you are not signed in (or your session ended): sign in first")
    return account, token


@router.get("")
async def who(request: Request) -> JSONResponse:
    """The signed-in account, or {"account": null}."""
    try:
        account, _ = await signed_in(request)
    except ClientError:
        return service(request).respond(None, None)
    return service(request).respond(account, None)


@router.post("/signup")
async def sign_up(request: Request) -> JSONResponse:
    body = await read_object(request)
    require_https(request)
    svc = service(request)
    name, key = clean_account_name(body.get("name"))
    password = check_new_password(body.get("password"), name)
    if not svc.signups.allow(client_address(request)):
        raise ClientError("rate_limited", "too many new accounts from your address; wait a while")
    digest = await svc.hashing(hash_password, password)
    account = await svc.mgr.read(svc.store.create, name, key, digest)
    if account is None:
        raise ClientError("name_taken", f"the user name {name!r} is taken; choose another")
    session = await svc.mgr.read(svc.store.new_session, account.id, svc.settings.session_days)
    return svc.respond(account, session, 201)


@router.post("/signin")
async def sign_in(request: Request) -> JSONResponse:
    body = await read_object(request)
    require_https(request)
    svc = service(request)
    account = await svc.check(request, body.get("name"), body.get("password"))
    session = await svc.mgr.read(svc.store.new_session, account.id, svc.settings.session_days)
    return svc.respond(account, session)


@router.post("/signout")
async def sign_out(request: Request) -> JSONResponse:
    await read_object(request)
    svc = service(request)
    token = request.cookies.get(COOKIE, "")
    if token:
        await svc.mgr.read(svc.store.end_session, token)
    return svc.respond(None, "")


async def confirm_password(request: Request, account: Account, password: Any) -> None:
    """The signed-in person's current password, checked under the sign-in limits (`bad_credentials` if wrong)."""
    svc = service(request)
    svc.limit_checks(request, clean_account_name(account.name)[1])
    stored = await svc.mgr.read(svc.store.stored_hash, account.id)
    if not await svc.hashing(verify_password, stored, given_password(password)):
        raise ClientError("bad_credentials", "that is not your current password")


@router.post("/password")
async def change_password(request: Request) -> JSONResponse:
    """{"password": current, "new_password": new}: every other session of the account is signed out."""
    body = await read_object(request)
    account, token = await signed_in(request)
    svc = service(request)
    new = check_new_password(body.get("new_password"), account.name)
    await confirm_password(request, account, body.get("password"))
    digest = await svc.hashing(hash_password, new)
    await svc.mgr.read(svc.store.set_password, account.id, digest, token_hash(token))
    return svc.respond(account, None)


@router.post("/delete")
async def delete_account(request: Request) -> JSONResponse:
    """{"password": current}: the account, its sessions and seat links go; the seats it held keep their matches
    for the other players, named accounts.DELETED_NAME."""
    body = await read_object(request)
    account, _ = await signed_in(request)
    svc = service(request)
    await confirm_password(request, account, body.get("password"))
    renamed = await svc.mgr.read(svc.store.delete, account.id)
    ctx = svc.mgr.ctx
    notes = []
    for match_id in sorted({m for m, _ in renamed}):
        match = ctx.live.get(match_id)
        if match is not None:  # held here: its viewers see the new name now
            match.seat_rows = await ctx.read(ctx.storage.load_seats, match_id)
            match.send_all(match.seats_message())
            notes.append(ctx.note("s", match))
    ctx.publish(notes)  # other servers holding them read their seats again
    return svc.respond(None, "")


@router.post("/seats")
async def link_seats(request: Request) -> dict[str, Any]:
    """{"seats": [{"match", "seat", "token"}, ...]}: the seats this browser holds become the account's too (a
    token that does not hold its seat is passed over). Answers how many are linked."""
    body = await read_object(request)
    account, _ = await signed_in(request)
    seats = body.get("seats")
    if not isinstance(seats, list) or len(seats) > MAX_LINKED:
        raise ClientError("bad_message", f"'seats' must be a list of at most {MAX_LINKED} seats")
    wanted = []
    for item in seats:
        ok = isinstance(item, dict) and isinstance(item.get("match"), str) and MATCH_ID.fullmatch(item["match"])
        seat, token = (item.get("seat"), item.get("token")) if isinstance(item, dict) else (None, None)
        ok = ok and isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < 16
        if not ok or not isinstance(token, str) or len(token) > 256:
            raise ClientError("bad_message", 'each seat must be {"match": id, "seat": number, "token": text}')
        wanted.append((item["match"], seat, token))
    svc = service(request)
    return {"linked": await svc.mgr.read(svc.store.link_seats, account.id, wanted)}
