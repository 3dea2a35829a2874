"""Errors a client can cause. Each has a stable code, an HTTP status and a message saying what was wrong and
what is allowed. They are sent to the client that caused them only; the match is left unchanged."""

from __future__ import annotations

import json
import re
from typing import Any

import orjson

_orjson_dumps = orjson.dumps
MATCH_ID = re.compile(r"[A-Za-z0-9_-]{1,40}")  # match ids are secrets.token_urlsafe strings

STATUS = {
    "bad_json": 400,
    "bad_message": 400,
    "bad_options": 400,
    "bad_agent": 400,
    "bad_record": 400,
    "bad_seek": 400,  # the lobby (lobby.py): a malformed seek field
    "own_seek": 409,  # accepting one's own seek
    "seek_gone": 409,  # accepted by someone else first, cancelled, or its owner left
    "too_many_seeks": 409,  # max_seeks_per_owner open already
    "rating_range": 403,  # outside the rating range the seeker accepts
    "bad_token": 403,
    "bad_password": 400,
    "bad_credentials": 401,
    "signed_out": 401,
    "name_taken": 409,
    "bad_email": 400,  # e-mail (emails.py): not an address
    "email_off": 409,  # e-mail: this server sends none (no SMTP relay or no public_url: settings.email_off)
    "no_email": 409,  # e-mail: the account has no address waiting for verification
    "not_found": 404,
    "not_finished": 409,
    "not_your_turn": 409,
    "stale_version": 409,
    "duplicate": 409,
    "match_over": 409,
    "too_late": 409,
    "no_draws": 409,
    "draw_offered": 409,
    "nothing_to_undo": 409,  # undo (core/undo.py): no decision of this seat's since its turn began
    "undo_barrier": 409,  # undo: a chance outcome, another player's decision or a reveal came after it
    "undo_not_allowed": 409,  # undo: not in this match (not casual)
    "needs_account": 401,  # a rated match: only a signed-in account creates one or takes a seat (SV-16)
    "same_account": 409,  # a rated match: this account already holds one of its seats (SV-17)
    "not_rated": 409,  # a rated match with a computer level the ladder has not rated (SV-16)
    "bad_method": 405,
    "too_large": 413,
    "too_long": 413,  # a chat line over chat_max_chars characters (chat.py)
    "bad_chat": 400,  # a chat line empty, with a control or format character, or an unknown preset
    "wrong_channel": 403,  # chat into a channel the connection is not in (spectators never reach the players')
    "illegal_action": 422,
    "hello_first": 400,
    "bad_name": 400,
    "bad_invite": 403,
    "not_host": 403,
    "bad_origin": 403,
    "needs_https": 403,
    "seat_taken": 409,
    "seat_active": 409,
    "seat_clocked": 409,
    "seat_rated": 409,  # a rated match: the host never hands on or revokes a claimed seat (SV-16, issue 40 F3)
    "out_of_time": 409,  # a move that came after its seat's chess clock ran out (SV-CL3)
    "server_flags": 403,  # a client claimed a clock ran out: only the server flags (SV-CL3)
    "stand_in": 403,
    "expired": 410,
    "archived": 410,
    "bad_media_type": 415,
    "rate_limited": 429,
    "server_error": 500,
    "unavailable": 503,
}


class ClientError(Exception):
    def __init__(self, code: str, message: str, **extra: Any):
        super().__init__(message)
        assert code in STATUS, code
        self.code = code
        self.message = message
        self.extra = extra  # more fields for the client (`retry_after` of a chat line refused as too fast)

    @property
    def status(self) -> int:
        return STATUS[self.code]

    def to_json(self) -> dict[str, Any]:
        return {"type": "error", "code": self.code, "message": self.message, **self.extra}


class ArchivedMatch(ClientError):
    """A stored match played under rules this server can no longer replay: shown as a finished record with a note
    (`info`: what is known without replaying it), never dropped."""

    def __init__(self, info: dict[str, Any]):
        super().__init__("archived", info["note"])
        self.info = info


def database_errors() -> tuple[type[BaseException], ...]:
    """The exceptions that mean "the database did not answer" (its drivers' and SQLAlchemy's)."""
    import sqlite3

    from sqlalchemy.exc import DBAPIError, OperationalError

    found: list[type[BaseException]] = [DBAPIError, OperationalError, sqlite3.Error]
    try:
        import psycopg

        found.append(psycopg.Error)
    except ImportError:
        pass
    return tuple(found)


def unavailable() -> ClientError:
    return ClientError("unavailable", "the database is not answering; nothing was changed, try again in a moment")


def require_int(msg: dict[str, Any], key: str, *, minimum: int = 0, allow_none: bool = False) -> int | None:
    """msg[key] as a non-negative integer (bools are not integers here), or ClientError naming the field."""
    value = msg.get(key)
    if value is None and allow_none:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        kind = "an integer" + (f" >= {minimum}" if minimum is not None else "")
        extra = " or null" if allow_none else ""
        raise ClientError("bad_message", f"field {key!r} must be {kind}{extra}, got {value!r}")
    return value


def dumps(data: Any) -> str:
    """JSON for clients: ASCII only (even a lone surrogate a client sent can be echoed), with <, > and & escaped
    so that no text from a player (a name, say) can ever read as HTML, whoever puts it in a page.

    orjson writes it (about ten times faster than the standard library, which matters: every view and delta
    the server sends goes through here); whatever orjson would write differently goes to the standard library
    instead: text that is not ASCII (escaped there), lone surrogates, integers over 64 bits, keys that are not
    strings. (A NaN or an infinity, which no game's view holds, is written as null.)"""
    try:
        raw = _orjson_dumps(data)
    except TypeError:  # orjson.JSONEncodeError: what it cannot write as the standard library would
        return _std_dumps(data)
    if not raw.isascii():
        return _std_dumps(data)
    text = raw.decode()
    if "<" in text or ">" in text or "&" in text:
        text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return text


def _std_dumps(data: Any) -> str:
    text = json.dumps(data, separators=(",", ":"), allow_nan=False)
    if "<" in text or ">" in text or "&" in text:
        text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return text


def parse_json(data: bytes | str, what: str) -> Any:
    """`data` decoded as JSON, or ClientError("bad_json") saying why. Catches every way json.loads can refuse
    input: bad syntax, bad UTF-8, nesting too deep for the parser, integers over Python's digit limit."""
    try:
        data = json.loads(data)
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        reason = str(e)
    except RecursionError:
        reason = "it is nested too deeply"
    except ValueError:  # an integer literal over Python's digit limit
        reason = "a number in it has too many digits"
    else:
        return data
    raise ClientError("bad_json", f"{what} is not valid JSON: {reason}")
