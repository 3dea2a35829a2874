"""The account tables (revision 0003; the index of 0005), apart from accounts.py so that the modules that read them
(emails, ratings, profiles, the lobby's seat links, live names) need nothing of the account logic, and the account
logic can call those modules without an import circle. emails.py adds its tables (revision 0009) to this metadata."""

from __future__ import annotations

from sqlalchemy import Column, Index, Integer, MetaData, String, Table, Text, and_

from .storage_base import match_seats

DELETED_NAME = "Deleted player"  # what a deleted account's seats are called from then on

metadata = MetaData()
accounts = Table(
    "accounts",
    metadata,
    Column("id", String(40), primary_key=True),
    Column("name", String(64), nullable=False),  # as the person typed it (NFKC-normalised)
    Column("name_key", String(64), nullable=False, unique=True),  # casefolded: "Ann" and "ann" are one name
    Column("password_hash", Text, nullable=False),
    Column("created_at", String(40), nullable=False),
)
account_sessions = Table(
    "account_sessions",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("account_id", String(40), nullable=False, index=True),
    Column("created_at", String(40), nullable=False),
    Column("expires_at", String(40), nullable=False),
)
account_seats = Table(
    "account_seats",
    metadata,
    Column("account_id", String(40), primary_key=True),
    Column("match_id", String(40), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("token_hash", String(64), nullable=False),  # the seat token's digest when it was linked
    Column("linked_at", String(40), nullable=False),
    Index("ix_account_seats_match", "match_id", "seat"),  # revision 0005: a match's seats' accounts (profiles)
)

# A seat link counts while its token still holds the seat (the seat's token is the one linked): the join condition
# from account_seats to match_seats for "the accounts holding a seat now" (ratings, profiles, your-turn mails).
LINK_HOLDS_SEAT = and_(
    match_seats.c.match_id == account_seats.c.match_id,
    match_seats.c.seat == account_seats.c.seat,
    match_seats.c.token_hash == account_seats.c.token_hash,
)
