"""A seat played through a signed-in account, on any device (issue 36, SV-19).

A seat linked to an account (account_tables.account_seats: linked when a signed-in browser took it for a rated
match, or on sign-in for the seats that browser held) may be played by a request that carries that account's
session cookie and no seat token: on the match socket (a hello with "account": true, or a seat entry without a
token) and on the HTTP endpoints that act for a seat (a body without "token"). The session is the credential:
nothing new is issued, and the seat's token in the browser that took it keeps working, so both devices play.
A link counts while its digest is the seat's token digest (LINK_HOLDS_SEAT): a seat the host handed to someone
else is no longer the account's, here as on the profile.

A cookie travels by itself, so a cookie alone must never act from another site. The Guard (security.py) refuses
a WebSocket or a POST whose Origin is another site's; here a cookie-only request without any Origin header is
refused too (`bad_origin`: browsers send one with every WebSocket and every POST they make), and the cookie is
SameSite=Lax besides. A request with no cookie, an ended session or another account's gets `bad_token`, as a
missing or wrong token does, told which.
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select

from .account_tables import account_seats
from .errors import ClientError

COOKIE = "boardcade_session"  # account_routes.COOKIE


@dataclass(frozen=True)
class AccountSeats:
    """What a session says of one match: its account (None: the session ended) and the seats the account has
    linked there, seat -> the digest of the token it linked."""

    account_id: str | None
    name: str | None
    digests: dict[int, str] = field(default_factory=dict)

    def holds(self, seat: int, token_hash: str | None) -> bool:
        """Whether the account holds `seat` now: its link's digest is the seat's token digest."""
        linked = self.digests.get(seat)
        return linked is not None and token_hash is not None and hmac.compare_digest(linked, token_hash)

    def refusal(self, seat: int) -> ClientError:
        if self.account_id is None:
            return ClientError(
                "bad_token", f"your session ended: sign in again to play seat {seat}, or use the seat's own link"
            )
        return ClientError(
            "bad_token",
            f"your account ({self.name}) does not hold seat {seat} of this match: only the account the seat is "
            "linked to, or the seat's token, plays it",
        )


def linked_digests(storage: Any, session: str, match_id: str) -> AccountSeats:
    """(read pool) The session's account and its seat links in the match."""
    from .accounts import AccountStore  # accounts.py reads the ratings and e-mail tables: imported when used

    account = AccountStore(storage).session_account(session)
    if account is None:
        return AccountSeats(None, None)
    query = select(account_seats.c.seat, account_seats.c.token_hash).where(
        account_seats.c.account_id == account.id, account_seats.c.match_id == match_id
    )
    with storage.engine.connect() as conn:
        rows = conn.execute(query).all()
    return AccountSeats(account.id, account.name, {r.seat: r.token_hash for r in rows})


async def account_seats_of(conn: Any, mgr: Any, match_id: str) -> AccountSeats | None:
    """The account credential of an HTTP request or a WebSocket (`conn`: its cookies and headers) for a match:
    None when it carries no session cookie (then nothing is read); `bad_origin` when it carries one but no
    Origin header (a cookie alone never acts but from this site's own pages)."""
    session = conn.cookies.get(COOKIE, "")
    if not session:
        return None
    if conn.headers.get("origin") is None:
        raise ClientError(
            "bad_origin",
            "acting for a seat through your account needs a request from this site's own page (it sends an Origin "
            "header); otherwise send the seat's token",
        )
    result: AccountSeats = await mgr.read(linked_digests, mgr.storage, session, match_id)
    return result
