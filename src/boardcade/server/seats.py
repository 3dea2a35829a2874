"""Seat tokens, invites, host tokens and display names.

A seat is claimed, not handed out: the creator of a match gets a host token, a seat token for the seat they
take, and one invite per other human seat. An invite can be used once; using it (a claim) issues that seat's
token. Tokens and invites carry 192 random bits; only their SHA-256 digests are stored, and they are compared
in constant time.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import unicodedata
from typing import Any

from .errors import ClientError

TOKEN_BYTES = 24  # 192 random bits per seat token, invite and host token
# Characters that could disguise a name or break a layout: controls, format characters (bidi overrides,
# zero-width joiners), private use, unassigned, surrogates, separators other than the space.
_BAD_CATEGORIES = {"Cc", "Cf", "Co", "Cn", "Cs", "Zl", "Zp"}
_SPACES = re.compile(r"\s+")


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def matches_hash(token: Any, expected: str | None) -> bool:
    """Constant-time comparison of the digest of `token` with `expected` (False if there is none)."""
    if not isinstance(token, str) or len(token) > 256:
        token = ""
    given = token_hash(token)
    return hmac.compare_digest(given, expected if expected is not None else "0" * 64) and expected is not None


def clean_name(name: Any, limit: int) -> str:
    """A display name as given by a person: trimmed, inner runs of white space made one space, NFC-normalised;
    1..`limit` characters of letters, marks, numbers, punctuation, symbols and spaces. Else ClientError."""
    if not isinstance(name, str):
        raise ClientError("bad_name", f"'name' must be a text of 1 to {limit} characters, got {type(name).__name__}")
    text = _SPACES.sub(" ", unicodedata.normalize("NFC", name)).strip()
    if not text:
        raise ClientError("bad_name", f"a name needs at least one visible character (at most {limit})")
    if len(text) > limit:
        raise ClientError("bad_name", f"a name has at most {limit} characters; this one has {len(text)}")
    bad = next((c for c in text if unicodedata.category(c) in _BAD_CATEGORIES), None)
    if bad is not None:
        raise ClientError(
            "bad_name",
            f"a name cannot hold the invisible or control character U+{ord(bad):04X}; "
            "use letters, digits, punctuation, symbols and spaces",
        )
    return text


def rematch_seat(seat: int, num_players: int) -> int:
    """Where the person in `seat` sits in the rematch: seats swap in pairs (0<->1, 2<->3), which swaps the two
    roles of a 2-player game and, in 4-player Atari's Centipede, Gnome and Centipede within each team."""
    partner = seat ^ 1
    return partner if partner < num_players else seat
