"""HTTP API. Tokens travel only in request bodies (never in URLs, so never in access logs)."""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from ..core import Record
from .catalog import catalog, rule_texts
from .errors import STATUS, ClientError, parse_json, require_int
from .manager import MatchManager
from .replay import parse_record, replay_data

MAX_BODY = 16 * 1024
MAX_RECORD_BODY = 4 * 1024 * 1024

router = APIRouter(prefix="/api")


def manager(request: Request) -> MatchManager:
    return request.app.state.manager


async def read_json(request: Request, limit: int = MAX_BODY) -> dict[str, Any]:
    """The request body as a JSON object, at most `limit` bytes."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isascii() and declared.isdigit() and int(declared) > limit:
        raise ClientError("too_large", f"request body is {declared} bytes; at most {limit} allowed")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise ClientError("too_large", f"request body is over {limit} bytes")
    data = parse_json(bytes(body), "request body")
    if not isinstance(data, dict):
        raise ClientError("bad_message", "request body must be a JSON object")
    return data


@router.get("/games")
async def games() -> dict[str, Any]:
    return catalog()


@router.get("/games/{name}/rules")
async def rules(name: str) -> dict[str, str]:
    if name not in {g["name"] for g in catalog()["games"]}:
        raise ClientError("not_found", f"no game named {name!r}")
    return rule_texts(name)


@router.post("/matches", status_code=201)
async def create_match(request: Request) -> dict[str, Any]:
    body = await read_json(request)
    match, tokens = await manager(request).create(body.get("game"), body.get("options", {}), body.get("seats"))
    return {"id": match.id, "version": match.version, "tokens": {str(s): t for s, t in tokens.items()}, **match.meta()}


@router.get("/matches")
async def list_matches(request: Request, status: str | None = None, limit: int = 50) -> dict[str, Any]:
    if status not in (None, "active", "finished"):
        raise ClientError("bad_message", f"status must be 'active' or 'finished', got {status!r}")
    limit = max(1, min(limit, 500))
    mgr = manager(request)
    return {"matches": await mgr._run_db(mgr.storage.list_matches, status, limit)}


@router.get("/matches/{match_id}")
async def match_info(request: Request, match_id: str) -> dict[str, Any]:
    mgr = manager(request)
    match = await mgr.get(match_id)
    mgr.release(match)
    return {
        **match.meta(),
        "version": match.version,
        "status": "finished" if match.state.is_terminal() else "active",
        "observation": match.state.observation(None),
    }


@router.post("/matches/{match_id}/view")
async def seat_view(request: Request, match_id: str) -> dict[str, Any]:
    body = await read_json(request)
    mgr = manager(request)
    match = await mgr.get(match_id)
    seat = mgr.authenticate(match, body.get("seat"), body.get("token"))
    return {"seat": seat, "version": match.version, "observation": match.state.observation(seat)}


@router.post("/matches/{match_id}/actions")
async def post_action(request: Request, match_id: str) -> dict[str, Any]:
    body = await read_json(request)
    mgr = manager(request)
    match = await mgr.get(match_id)
    seat = mgr.authenticate(match, body.get("seat"), body.get("token"))
    version = require_int(body, "version")
    action = require_int(body, "action")
    new_version = await mgr.submit(match, seat, version, action)
    return {"version": new_version}


async def _finished_record(request: Request, match_id: str) -> Record:
    mgr = manager(request)
    match = await mgr.get(match_id)
    mgr.release(match)
    if not match.state.is_terminal():
        raise ClientError("not_finished", "the record is available once the match is over (it holds hidden moves)")
    seats = [s["agent"] if s["kind"] == "agent" else "human" for s in match.seats]
    record = Record.for_state(match.state, seats, match_id=match.id, played_on="boardcade serve")
    record.started_at = match.created_at
    return record


@router.get("/matches/{match_id}/record")
async def download_record(request: Request, match_id: str) -> Response:
    record = await _finished_record(request, match_id)
    return Response(
        record.dumps(),
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="{record.game}-{match_id}.boardcade.json"'},
    )


@router.get("/matches/{match_id}/replay")
async def match_replay(request: Request, match_id: str) -> dict[str, Any]:
    return replay_data(await _finished_record(request, match_id))


@router.post("/replay")
async def upload_replay(request: Request) -> dict[str, Any]:
    return replay_data(parse_record(await read_json(request, MAX_RECORD_BODY)))


class AsciiJSONResponse(JSONResponse):
    """JSON with every non-ASCII character escaped, so text a client sent (even a lone surrogate such as
    "\\ud800", which JSON allows but UTF-8 cannot encode) can always be echoed back in a message."""

    def render(self, content: Any) -> bytes:
        return json.dumps(content, separators=(",", ":"), allow_nan=False).encode("ascii")


def error_response(code: str, message: str, status: int | None = None) -> JSONResponse:
    return AsciiJSONResponse({"error": {"code": code, "message": message}}, status_code=status or STATUS[code])


def client_error_response(_request: Request, exc: ClientError) -> JSONResponse:
    return error_response(exc.code, exc.message)
