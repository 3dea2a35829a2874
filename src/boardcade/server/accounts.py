"""Accounts (optional: anonymous play needs none): user names, argon2id password hashes, sessions, and the seats an
account holds.

Tables (revision 0003): `accounts` (the name as typed, its comparison key, the password hash), `account_sessions`
(the SHA-256 digest of each session cookie, never the cookie itself, and when it expires) and `account_seats`
(seats linked to an account: the match, the seat and the digest of the seat token it was linked with, so that
deleting the account can replace the name on exactly those seats and no one else's).

Passwords are hashed with argon2id (argon2-cffi's PasswordHasher, its RFC 9106 defaults), never stored or logged.
Every call here blocks; account_routes.py runs them off the event loop.
"""

from __future__ import annotations

import secrets
import unicodedata
from dataclasses import dataclass
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from sqlalchemy import (
    and_,
    delete,
    insert,
    select,
    tuple_,
    update,
)

from .account_tables import DELETED_NAME, account_seats, account_sessions, accounts
from .emails import forget_account
from .errors import ClientError
from .ratings import rating_changes, ratings
from .seats import token_hash
from .storage import Storage, match_seats, now_iso

NAME_MIN, NAME_MAX = 3, 24
PASSWORD_MIN, PASSWORD_MAX = 8, 256
NAME_PUNCTUATION = "_-."
MAX_LINKED = 200  # seats one request may link

_hasher = PasswordHasher()  # argon2id, t=3, m=64 MiB, p=4 (RFC 9106's second recommended profile)
_dummy_hash: str | None = None


@dataclass
class Account:
    id: str
    name: str
    created_at: str


def clean_account_name(name: Any) -> tuple[str, str]:
    """(the name as shown, its comparison key), or ClientError("bad_name") saying what is allowed: 3 to 24
    letters or digits (any script) and _ - . inside, nothing else (no spaces, markup, controls or bidi marks)."""
    allowed = f"{NAME_MIN} to {NAME_MAX} letters or digits, with _ - . allowed inside"
    if not isinstance(name, str):
        raise ClientError("bad_name", f"'name' must be a text of {allowed}, got {type(name).__name__}")
    if len(name) > 4 * NAME_MAX:
        raise ClientError("bad_name", f"a user name has {allowed}; this one has {len(name)} characters")
    text = unicodedata.normalize("NFKC", name).strip()
    if not NAME_MIN <= len(text) <= NAME_MAX:
        raise ClientError("bad_name", f"a user name has {allowed}; this one has {len(text)} characters")
    for c in text:
        if not (c.isalnum() or c in NAME_PUNCTUATION):
            shown = f"{c!r}" if c.isprintable() and not unicodedata.category(c).startswith("Z") else f"U+{ord(c):04X}"
            raise ClientError("bad_name", f"a user name cannot hold {shown}; use {allowed}")
    if not (text[0].isalnum() and text[-1].isalnum()):
        raise ClientError("bad_name", f"a user name starts and ends with a letter or digit; use {allowed}")
    return text, text.casefold()


def check_new_password(password: Any, name: str) -> str:
    if not isinstance(password, str):
        raise ClientError("bad_password", f"the password must be a text of {PASSWORD_MIN} to {PASSWORD_MAX} characters")
    if not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
        raise ClientError(
            "bad_password",
            f"a password has {PASSWORD_MIN} to {PASSWORD_MAX} characters; this one has {len(password)}",
        )
    if password.casefold() == name.casefold():
        raise ClientError("bad_password", "the password cannot be the user name")
    return password


def given_password(password: Any) -> str:
    """A password typed to sign in or confirm: any text up to the limit (what is wrong with it is not said)."""
    return password if isinstance(password, str) and len(password) <= PASSWORD_MAX else ""


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def verify_password(stored: str | None, password: str) -> bool:
    """Whether `password` matches `stored`; with no stored hash (no such account) a dummy hash is checked all the
    same, so an unknown name costs what a wrong password costs."""
    global _dummy_hash
    if stored is None:
        if _dummy_hash is None:
            _dummy_hash = _hasher.hash(secrets.token_urlsafe(16))
        stored = _dummy_hash
        password = password + "\0"  # never matches
    try:
        return _hasher.verify(stored, password)
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


class AccountStore:
    """Blocking account calls on the match database (its tables come from server/migrations, 0003)."""

    def __init__(self, storage: Storage):
        self.engine = storage.engine

    # ---- accounts ---------------------------------------------------------------------------------
    def password_hash_of(self, name_key: str) -> tuple[Account | None, str | None]:
        with self.engine.connect() as conn:
            row = conn.execute(select(accounts).where(accounts.c.name_key == name_key)).first()
        if row is None:
            return None, None
        return Account(row.id, row.name, row.created_at), row.password_hash

    def create(self, name: str, name_key: str, password_hash: str) -> Account | None:
        """The new account, or None when the name is taken."""
        account = Account(secrets.token_urlsafe(18), name, now_iso())
        with self.engine.begin() as conn:
            if conn.execute(select(accounts.c.id).where(accounts.c.name_key == name_key)).first() is not None:
                return None
            values = {"id": account.id, "name": name, "name_key": name_key, "password_hash": password_hash}
            conn.execute(insert(accounts).values(**values, created_at=account.created_at))
        return account

    def stored_hash(self, account_id: str) -> str | None:
        with self.engine.connect() as conn:
            return conn.execute(select(accounts.c.password_hash).where(accounts.c.id == account_id)).scalar()

    def set_password(self, account_id: str, password_hash: str, keep_session: str) -> None:
        """A new password; every session but `keep_session` (a digest) is signed out."""
        with self.engine.begin() as conn:
            conn.execute(update(accounts).where(accounts.c.id == account_id).values(password_hash=password_hash))
            conn.execute(
                delete(account_sessions).where(
                    account_sessions.c.account_id == account_id, account_sessions.c.token_hash != keep_session
                )
            )

    def delete(self, account_id: str) -> list[tuple[str, int]]:
        """Delete the account and its personal data: its name on the seats it held becomes DELETED_NAME (the
        matches stay, for the other players), its sessions, seat links and ratings go. Returns the seats renamed."""
        with self.engine.begin() as conn:
            links = conn.execute(select(account_seats).where(account_seats.c.account_id == account_id)).all()
            renamed = []
            for link in links:
                seat = link.seat
                here = and_(match_seats.c.match_id == link.match_id, match_seats.c.seat == seat)
                held = conn.execute(update(match_seats).where(here, match_seats.c.token_hash == link.token_hash)
                                    .values(name=DELETED_NAME))  # fmt: skip
                away = conn.execute(update(match_seats).where(here, match_seats.c.away_hash == link.token_hash)
                                    .values(away_name=DELETED_NAME))  # fmt: skip
                if held.rowcount or away.rowcount:
                    renamed.append((link.match_id, seat))
            conn.execute(delete(account_seats).where(account_seats.c.account_id == account_id))
            conn.execute(delete(ratings).where(ratings.c.account_id == account_id))
            conn.execute(delete(rating_changes).where(rating_changes.c.account_id == account_id))
            conn.execute(delete(account_sessions).where(account_sessions.c.account_id == account_id))
            forget_account(conn, account_id)  # its e-mail address (emails.py)
            conn.execute(delete(accounts).where(accounts.c.id == account_id))
        return renamed

    # ---- sessions ---------------------------------------------------------------------------------
    def new_session(self, account_id: str, days: float) -> str:
        """A new session's cookie value (only its digest is stored); the account's expired sessions go."""
        token = secrets.token_urlsafe(32)
        with self.engine.begin() as conn:
            conn.execute(
                delete(account_sessions).where(
                    account_sessions.c.account_id == account_id, account_sessions.c.expires_at <= now_iso()
                )
            )
            conn.execute(
                insert(account_sessions).values(
                    token_hash=token_hash(token),
                    account_id=account_id,
                    created_at=now_iso(),
                    expires_at=now_iso(days * 86400),
                )
            )
        return token

    def session_account(self, token: str) -> Account | None:
        """The account a live session cookie belongs to (None: unknown, expired or its account deleted)."""
        if not token or len(token) > 100:
            return None
        query = (
            select(accounts.c.id, accounts.c.name, accounts.c.created_at, account_sessions.c.expires_at)
            .join(accounts, accounts.c.id == account_sessions.c.account_id)
            .where(account_sessions.c.token_hash == token_hash(token))
        )
        with self.engine.connect() as conn:
            row = conn.execute(query).first()
        if row is None or row.expires_at <= now_iso():
            return None
        return Account(row.id, row.name, row.created_at)

    def end_session(self, token: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(delete(account_sessions).where(account_sessions.c.token_hash == token_hash(token)))

    # ---- seats ------------------------------------------------------------------------------------
    def link_seats(self, account_id: str, seats: list[tuple[str, int, str]]) -> int:
        """Link the seats whose token this browser holds (match id, seat, token) to the account; a token that
        does not hold its seat now is passed over. Returns how many are linked (new or already)."""
        if not seats:
            return 0
        wanted: dict[tuple[str, int], set[str]] = {}
        for m, s, t in seats:
            wanted.setdefault((m, s), set()).add(token_hash(t))
        with self.engine.begin() as conn:
            rows = conn.execute(
                select(match_seats.c.match_id, match_seats.c.seat, match_seats.c.token_hash).where(
                    tuple_(match_seats.c.match_id, match_seats.c.seat).in_(list(wanted))
                )
            ).all()
            held = [(r.match_id, r.seat, r.token_hash) for r in rows if r.token_hash in wanted[(r.match_id, r.seat)]]
            for match_id, seat, digest in held:
                key = and_(account_seats.c.account_id == account_id, account_seats.c.match_id == match_id,
                           account_seats.c.seat == seat)  # fmt: skip
                if conn.execute(select(account_seats.c.seat).where(key)).first() is None:
                    row = {"account_id": account_id, "match_id": match_id, "seat": seat, "token_hash": digest}
                    conn.execute(insert(account_seats).values(**row, linked_at=now_iso()))
                else:
                    conn.execute(update(account_seats).where(key).values(token_hash=digest))
        return len(held)

    def linked_seats(self, account_id: str) -> list[tuple[str, int]]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(account_seats.c.match_id, account_seats.c.seat)
                                .where(account_seats.c.account_id == account_id)).all()  # fmt: skip
        return sorted((r.match_id, r.seat) for r in rows)
