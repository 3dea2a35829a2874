"""An account's e-mail address (optional), its verification, and who is mailed when it becomes their turn.

Tables (revision 0009, on the accounts' metadata): `account_emails` (one address per account, when it was verified,
the SHA-256 digest of its pending verification token and when that expires, and whether your-turn mails are on),
`email_unsubscribes` (the digest of each unsubscribe token sent, so that every mail's link keeps working) and
`turn_mails` (the last turn mailed for each seat of a match: at most one mail a turn, whichever server commits it).

Tokens are never stored, only their digests; the address is stored (mail is sent to it) but never shown to anyone
but its owner, masked (`mask`), and never logged. Every call here blocks: callers run them off the event loop.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Column, Integer, String, Table, and_, delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from .account_tables import LINK_HOLDS_SEAT, account_seats, metadata
from .errors import ClientError
from .seats import token_hash
from .storage import match_seats, now_iso

account_emails = Table(
    "account_emails",
    metadata,
    Column("account_id", String(40), primary_key=True),
    Column("address", String(254), nullable=False),
    Column("verified_at", String(40), nullable=True),
    Column("verify_hash", String(64), nullable=True, unique=True),  # the pending verification token's digest
    Column("verify_expires", String(40), nullable=True),
    Column("notify", Integer, nullable=False),  # 1: your-turn mails on
    Column("updated_at", String(40), nullable=False),
)
email_unsubscribes = Table(
    "email_unsubscribes",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("account_id", String(40), nullable=False, index=True),
    Column("created_at", String(40), nullable=False),
)
turn_mails = Table(
    "turn_mails",
    metadata,
    Column("match_id", String(40), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("version", Integer, nullable=False),  # the match's version when that seat's turn was mailed
)

MAX_ADDRESS = 254
UNSUBSCRIBE_KEPT = 30  # an account's newest unsubscribe tokens that stay valid
_LOCAL = re.compile(r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]{1,64}")
_DOMAIN = re.compile(r"(?=.{3,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}")


@dataclass
class EmailState:
    address: str
    verified: bool
    notify: bool
    pending: bool  # a verification link is out and has not expired


def clean_address(address: Any) -> str:
    """The address as given (trimmed), or ClientError("bad_email") saying what is allowed."""
    allowed = "an e-mail address like name@example.org (letters, digits and . _ + - before the @, a domain after)"
    if not isinstance(address, str) or len(address) > 2 * MAX_ADDRESS:
        raise ClientError("bad_email", f"'address' must be {allowed}")
    text = address.strip()
    local, at, domain = text.rpartition("@")
    if not at or len(text) > MAX_ADDRESS or not _LOCAL.fullmatch(local) or not _DOMAIN.fullmatch(domain):
        raise ClientError("bad_email", f"that is not {allowed}")
    if local.startswith(".") or local.endswith(".") or ".." in local:
        raise ClientError("bad_email", f"that is not {allowed} (no dot at either end of the name, nor two in a row)")
    return text


def address_key(address: str) -> str:
    """The digest an address is rate limited under (never the address itself)."""
    return hashlib.sha256(address.casefold().encode()).hexdigest()


def mask(address: str) -> str:
    """What its owner is shown: "a***@example.org"."""
    local, _, domain = address.rpartition("@")
    return f"{local[:1]}***@{domain}"


class EmailStore:
    def __init__(self, engine: Any):
        self.engine = engine

    def state(self, account_id: str) -> EmailState | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(account_emails).where(account_emails.c.account_id == account_id)).first()
        if row is None:
            return None
        pending = row.verify_hash is not None and (row.verify_expires or "") > now_iso()
        return EmailState(row.address, row.verified_at is not None, bool(row.notify), pending)

    def set_address(self, account_id: str, address: str, hours: float) -> str:
        """The account's address becomes `address`, not verified; returns the verification token (only its digest
        is stored). Unsubscribe links sent to the previous address stop working."""
        token = secrets.token_urlsafe(32)
        values = {"address": address, "verified_at": None, "verify_hash": token_hash(token), "notify": 1,
                  "verify_expires": now_iso(hours * 3600), "updated_at": now_iso()}  # fmt: skip
        with self.engine.begin() as conn:
            conn.execute(delete(email_unsubscribes).where(email_unsubscribes.c.account_id == account_id))
            mine = account_emails.c.account_id == account_id
            done = conn.execute(update(account_emails).where(mine).values(**values))
            if not done.rowcount:
                conn.execute(insert(account_emails).values(account_id=account_id, **values))
        return token

    def renew_token(self, account_id: str, hours: float) -> str | None:
        """A new verification token for the unverified address (the previous one stops working); None if none."""
        token = secrets.token_urlsafe(32)
        with self.engine.begin() as conn:
            done = conn.execute(
                update(account_emails)
                .where(account_emails.c.account_id == account_id, account_emails.c.verified_at.is_(None))
                .values(verify_hash=token_hash(token), verify_expires=now_iso(hours * 3600))
            )
        return token if done.rowcount else None

    def verify(self, token: str) -> str:
        """Use a verification link once: "verified", "expired" or "unknown" (never issued, used, or replaced)."""
        if not token or len(token) > 100:
            return "unknown"
        digest = token_hash(token)
        with self.engine.begin() as conn:
            row = conn.execute(select(account_emails).where(account_emails.c.verify_hash == digest)).first()
            if row is None:
                return "unknown"
            if (row.verify_expires or "") <= now_iso():
                return "expired"
            done = conn.execute(
                update(account_emails)
                .where(account_emails.c.account_id == row.account_id, account_emails.c.verify_hash == digest)
                .values(verified_at=now_iso(), verify_hash=None, verify_expires=None)
            )
        return "verified" if done.rowcount else "unknown"

    def remove(self, account_id: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(delete(email_unsubscribes).where(email_unsubscribes.c.account_id == account_id))
            conn.execute(delete(account_emails).where(account_emails.c.account_id == account_id))

    def set_notify(self, account_id: str, on: bool) -> bool:
        with self.engine.begin() as conn:
            done = conn.execute(
                update(account_emails).where(account_emails.c.account_id == account_id).values(notify=int(on))
            )
        return bool(done.rowcount)

    # ---- your-turn mails --------------------------------------------------------------------------
    def unsubscribe_token(self, account_id: str) -> str:
        """A new unsubscribe token for one mail (its digest stored; the account's oldest beyond the newest
        UNSUBSCRIBE_KEPT are dropped)."""
        token = secrets.token_urlsafe(32)
        with self.engine.begin() as conn:
            conn.execute(insert(email_unsubscribes).values(token_hash=token_hash(token), account_id=account_id,
                                                           created_at=now_iso()))  # fmt: skip
            old = (
                conn.execute(
                    select(email_unsubscribes.c.token_hash)
                    .where(email_unsubscribes.c.account_id == account_id)
                    .order_by(email_unsubscribes.c.created_at.desc())
                    .offset(UNSUBSCRIBE_KEPT)
                )
                .scalars()
                .all()
            )
            if old:
                conn.execute(delete(email_unsubscribes).where(email_unsubscribes.c.token_hash.in_(old)))
        return token

    def unsubscribe_known(self, token: str) -> bool:
        if not token or len(token) > 100:
            return False
        with self.engine.connect() as conn:
            q = select(email_unsubscribes.c.account_id).where(email_unsubscribes.c.token_hash == token_hash(token))
            return conn.execute(q).first() is not None

    def unsubscribe(self, token: str) -> bool:
        """Your-turn mails off for the account this token was sent to; False for an unknown token."""
        if not token or len(token) > 100:
            return False
        with self.engine.begin() as conn:
            q = select(email_unsubscribes.c.account_id).where(email_unsubscribes.c.token_hash == token_hash(token))
            account_id = conn.execute(q).scalar()
            if account_id is None:
                return False
            conn.execute(update(account_emails).where(account_emails.c.account_id == account_id).values(notify=0))
        return True

    def recipients(self, match_id: str, seat: int) -> list[tuple[str, str]]:
        """(account id, address) of the accounts holding this seat now (linked with the seat's current token)
        whose address is verified and whose your-turn mails are on."""
        query = (
            select(account_emails.c.account_id, account_emails.c.address)
            .join(account_seats, account_seats.c.account_id == account_emails.c.account_id)
            .join(match_seats, LINK_HOLDS_SEAT)
            .where(
                account_seats.c.match_id == match_id,
                account_seats.c.seat == seat,
                account_emails.c.verified_at.is_not(None),
                account_emails.c.notify == 1,
            )
        )
        with self.engine.connect() as conn:
            return [(r.account_id, r.address) for r in conn.execute(query)]

    def claim_turn(self, match_id: str, seat: int, version: int) -> bool:
        """True once per (match, seat, version), whichever server asks first: that one mails this turn."""
        key = and_(turn_mails.c.match_id == match_id, turn_mails.c.seat == seat)
        with self.engine.begin() as conn:
            done = conn.execute(update(turn_mails).where(key, turn_mails.c.version < version).values(version=version))
            if done.rowcount:
                return True
            if conn.execute(select(turn_mails.c.version).where(key)).first() is not None:
                return False
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(turn_mails).values(match_id=match_id, seat=seat, version=version))
        except IntegrityError:
            return False
        return True


def forget_account(conn: Any, account_id: str) -> None:
    """An account is deleted (accounts.AccountStore.delete, in its transaction): its address goes too."""
    conn.execute(delete(email_unsubscribes).where(email_unsubscribes.c.account_id == account_id))
    conn.execute(delete(account_emails).where(account_emails.c.account_id == account_id))
