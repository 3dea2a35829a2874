"""What every route module reads a request with: the match manager, the client's address, a size-limited body
read as a JSON object, and the ASCII-escaped JSON answers and error bodies (errors.dumps). Apart from routes.py so
that route modules (accounts, lobby, e-mail, learn, analysis) share them without importing one another."""

from __future__ import annotations

from typing import Any

from fastapi import Request
from fastapi.responses import JSONResponse

from .errors import STATUS, ClientError, dumps, parse_json
from .manager import MatchManager

MAX_BODY = 16 * 1024


def manager(request: Request) -> MatchManager:
    return request.app.state.manager


def client_address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


async def read_body(request: Request, limit: int) -> bytes:
    """The request body, at most `limit` bytes (refused from its Content-Length when that says more)."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isascii() and declared.isdigit() and int(declared) > limit:
        raise ClientError("too_large", f"request body is {declared} bytes; at most {limit} allowed")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise ClientError("too_large", f"request body is over {limit} bytes")
    return bytes(body)


async def read_json(request: Request, limit: int = MAX_BODY) -> Any:
    return parse_json(await read_body(request, limit), "request body")


async def read_object(request: Request) -> dict[str, Any]:
    data = await read_json(request)
    if not isinstance(data, dict):
        raise ClientError("bad_message", "request body must be a JSON object")
    return data


class AsciiJSONResponse(JSONResponse):
    """JSON with every non-ASCII character escaped, so text a client sent (even a lone surrogate such as
    "\\ud800", which JSON allows but UTF-8 cannot encode) can always be echoed back in a message; <, > and &
    are escaped too (errors.dumps)."""

    def render(self, content: Any) -> bytes:
        return dumps(content).encode("ascii")


def error_response(code: str, message: str, status: int | None = None) -> JSONResponse:
    return AsciiJSONResponse({"error": {"code": code, "message": message}}, status_code=status or STATUS[code])


def client_error_response(_request: Request, exc: ClientError) -> JSONResponse:
    return error_response(exc.code, exc.message)
