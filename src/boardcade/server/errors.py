"""Errors a client can cause. Each has a stable code, an HTTP status and a message saying what was wrong and
what is allowed. They are sent to the client that caused them only; the match is left unchanged."""

from __future__ import annotations

from typing import Any

STATUS = {
    "bad_json": 400,
    "bad_message": 400,
    "bad_options": 400,
    "bad_record": 400,
    "bad_token": 403,
    "not_found": 404,
    "not_finished": 409,
    "not_your_turn": 409,
    "stale_version": 409,
    "duplicate": 409,
    "match_over": 409,
    "too_large": 413,
    "illegal_action": 422,
    "hello_first": 400,
    "server_error": 500,
}


class ClientError(Exception):
    def __init__(self, code: str, message: str):
        super().__init__(message)
        assert code in STATUS, code
        self.code = code
        self.message = message

    @property
    def status(self) -> int:
        return STATUS[self.code]

    def to_json(self) -> dict[str, Any]:
        return {"type": "error", "code": self.code, "message": self.message}


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
