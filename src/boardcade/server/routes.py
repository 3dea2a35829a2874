"""HTTP API. Tokens travel only in request bodies (never in URLs, so never in access logs)."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from ..core import Record
from .catalog import catalog, rule_texts, rules_document, variant_options
from .compute import JobRefused
from .errors import MATCH_ID, ArchivedMatch, ClientError, dumps, require_int
from .live import LiveMatch
from .manager import CREATOR_DEFAULT, MatchManager
from .requests import client_address, manager, read_body, read_object
from .seat_accounts import AccountSeats, account_seats_of

MAX_IDS = 100  # matches one list request may name

router = APIRouter(prefix="/api")


@router.get("/games")
async def games() -> dict[str, Any]:
    return catalog()


@router.get("/games/{name}/rules")
async def rules(name: str, format: str = "texts") -> dict[str, Any]:
    """Rule ID -> plain text (for the log); with ?format=document the whole rules document (markdown) too,
    for the rules panel."""
    if name not in {g["name"] for g in catalog()["games"]}:
        raise ClientError("not_found", f"no game named {name!r}")
    if format == "texts":
        return rule_texts(name)
    if format == "document":
        return {"game": name, "document": rules_document(name), "rules": rule_texts(name)}
    raise ClientError("bad_message", f"format must be 'texts' or 'document', got {format[:40]!r}")


@router.post("/matches", status_code=201)
async def create_match(request: Request) -> dict[str, Any]:
    body = await read_object(request)
    mgr = manager(request)
    options = variant_options(body.get("game"), body.get("variant"), body.get("options", {}))
    rated = body.get("rated", False)
    if not isinstance(rated, bool):
        raise ClientError("bad_options", f"'rated' must be true or false; got {rated!r}")
    account = await rated_account(request) if rated else None
    match, secret = await mgr.create(
        body.get("game"),
        options,
        body.get("seats"),
        client_address(request),
        body.get("seat", CREATOR_DEFAULT),
        body.get("name"),
        body.get("turn_limit"),
        body.get("on_timeout", "lose"),
        body.get("private", False),
        None if account is None else account.name,
        body.get("clock"),
    )
    if account is not None:
        await link_rated(request, account.id, match.id, secret["seat"], secret["token"])
    return {**match.meta(), **secret}


@router.get("/matches")
async def list_matches(
    request: Request, status: str | None = None, limit: int = 50, ids: str | None = None
) -> Response:
    """Public matches, newest first; with `ids` (comma-separated), the matches named, private ones too (a
    browser's own: whoever has a match's id can open it anyway)."""
    if status not in (None, "active", "finished", "expired"):
        raise ClientError("bad_message", f"status must be 'active', 'finished' or 'expired', got {status!r}")
    limit = max(1, min(limit, 500))
    wanted = None
    if ids is not None:
        wanted = [i for i in ids.split(",") if i][:MAX_IDS]
        if not all(MATCH_ID.fullmatch(i) for i in wanted):
            raise ClientError("bad_message", "'ids' must be match ids separated by commas")
    return JSONText(await manager(request).list_text(status, limit, wanted))


@router.get("/matches/{match_id}")
async def match_info(request: Request, match_id: str) -> Any:
    mgr = manager(request)
    try:
        match = await mgr.get(match_id)
    except ArchivedMatch as e:
        return e.info  # played under rules that are gone: a finished record with its note
    view, omitted = match.view_text(None)  # serialised once per version (views.py), events paged
    meta = dumps(match.meta())
    extra = f',"events_omitted":{omitted}' if omitted else ""
    mgr.release(match)
    return JSONText(f'{meta[:-1]}{extra},"observation":{view}}}')


async def match_request(request: Request, match_id: str) -> tuple[dict[str, Any], MatchManager, LiveMatch]:
    """A POST about a match: its JSON object (checked first), the manager and the match (or `no_such_match`)."""
    body = await read_object(request)
    mgr = manager(request)
    return body, mgr, await mgr.get(match_id)


async def credential(request: Request, mgr: MatchManager, match: LiveMatch, body: dict[str, Any]) -> Any:
    """What proves the body's seat: its "token"; without one, the signed-in account's links in the match (the
    session cookie, from this site's own page: seat_accounts.py); else None (refused as a missing token)."""
    if body.get("token") is not None:
        return body["token"]
    return await account_seats_of(request, mgr, match.id)


async def seen_seat(request: Request, mgr: MatchManager, match: LiveMatch, body: dict[str, Any]) -> int:
    """The seat the body's "seat" and "token" (or the session's account) hold (`authenticate_fresh`), marked as
    used just now (`seen`)."""
    seat = await mgr.authenticate_fresh(match, body.get("seat"), await credential(request, mgr, match, body))
    mgr.seen(match, seat)
    return seat


@router.post("/matches/{match_id}/claim")
async def claim_seat(request: Request, match_id: str) -> dict[str, Any]:
    body, mgr, match = await match_request(request, match_id)
    account = None
    if match.rated:  # SV-16, SV-17: a signed-in account, not one already at this table
        account = await rated_account(request)
        await refuse_second_seat(request, account, match.id)
    token = await mgr.claim(match, body.get("seat"), body.get("invite"), body.get("name"), account and account.name)
    if account is not None:
        await link_rated(request, account.id, match.id, body["seat"], token)
    return {**match.meta(), "seat": body["seat"], "token": token}


async def rated_account(request: Request) -> Any:
    """The signed-in account that creates or joins a rated match, or `needs_account`."""
    from .account_routes import signed_in

    try:
        account, _ = await signed_in(request)
    except ClientError:
        raise ClientError(
            "needs_account", "a rated match is played by signed-in accounts: sign in (or make an account) first"
        ) from None
    return account


async def refuse_second_seat(request: Request, account: Any, match_id: str) -> None:
    from .account_routes import service

    svc = service(request)
    if any(m == match_id for m, _ in await svc.mgr.read(svc.store.linked_seats, account.id)):
        raise ClientError(
            "same_account", "your account already holds a seat in this rated match; one account plays one seat"
        )


async def link_rated(request: Request, account_id: str, match_id: str, seat: int, token: str) -> None:
    """The seat becomes the account's (account_seats): its profile lists it, its session may play it."""
    from .account_routes import service

    svc = service(request)
    await svc.mgr.read(svc.store.link_seats, account_id, [(match_id, seat, token)])


@router.post("/matches/{match_id}/seats/{seat}/invite")
async def reissue_invite(request: Request, match_id: str, seat: int) -> dict[str, Any]:
    body, mgr, match = await match_request(request, match_id)
    invite = await mgr.reissue(match, seat, body.get("host_token"), revoke_only=False)
    return {"seat": seat, "invite": invite}


@router.post("/matches/{match_id}/seats/{seat}/revoke")
async def revoke_seat(request: Request, match_id: str, seat: int) -> dict[str, Any]:
    body, mgr, match = await match_request(request, match_id)
    await mgr.reissue(match, seat, body.get("host_token"), revoke_only=True)
    return {"seat": seat, "revoked": True}


@router.post("/matches/{match_id}/seats/{seat}/take-back")
async def take_back_seat(request: Request, match_id: str, seat: int) -> dict[str, Any]:
    """The person whose seat the host handed on while they were away takes it back with their own token."""
    body, mgr, match = await match_request(request, match_id)
    return {**match.meta(), "seat": await mgr.take_back(match, seat, body.get("token"))}


@router.post("/matches/{match_id}/rematch")
async def rematch(request: Request, match_id: str) -> dict[str, Any]:
    body, mgr, match = await match_request(request, match_id)
    proof = await credential(request, mgr, match, body)
    seat = await mgr.authenticate_fresh(match, body.get("seat"), proof)
    new, new_seat, token = await mgr.rematch(match, seat, client_address(request))
    if isinstance(proof, AccountSeats) and proof.account_id is not None:  # asked on a device through the account
        await link_rated(request, proof.account_id, new.id, new_seat, token)  # so the rematch is the account's too
    return {**new.meta(), "seat": new_seat, "token": token}


@router.post("/matches/{match_id}/view")
async def seat_view(request: Request, match_id: str) -> Response:
    body, mgr, match = await match_request(request, match_id)
    seat = await seen_seat(request, mgr, match, body)
    view, omitted = match.view_text(seat)
    extra = f',"events_omitted":{omitted}' if omitted else ""
    if match.undo_refusal(seat) is None:  # this seat may take back its last decision (core/undo.py)
        extra += ',"undo":true'
    return JSONText(f'{{"seat":{seat},"version":{match.version}{extra},"observation":{view}}}')


@router.post("/matches/{match_id}/actions")
async def post_action(request: Request, match_id: str) -> dict[str, Any]:
    body, mgr, match = await match_request(request, match_id)
    seat = await seen_seat(request, mgr, match, body)
    version = require_int(body, "version")
    action = require_int(body, "action")
    new_version = await mgr.submit(match, seat, version, action)
    return {"version": new_version}


@router.post("/matches/{match_id}/undo")
async def undo(request: Request, match_id: str) -> dict[str, Any]:
    """Take back the seat's last decision within its own turn (core/undo.py), the match being at `version`."""
    body, mgr, match = await match_request(request, match_id)
    seat = await seen_seat(request, mgr, match, body)
    version = require_int(body, "version")
    assert version is not None  # require_int raises for a missing one
    return {"version": await mgr.undo(match, seat, version)}


@router.post("/matches/{match_id}/resign")
async def resign(request: Request, match_id: str) -> dict[str, Any]:
    """END-1: the seat resigns (its side loses); stored, then every viewer is told."""
    body, mgr, match = await match_request(request, match_id)
    return {"ending": await mgr.resign(match, body.get("seat"), await credential(request, mgr, match, body))}


@router.post("/matches/{match_id}/abort")
async def abort(request: Request, match_id: str) -> dict[str, Any]:
    """END-4: call the match off before the second player's first move (no result)."""
    body, mgr, match = await match_request(request, match_id)
    return {"ending": await mgr.abort(match, body.get("seat"), await credential(request, mgr, match, body))}


@router.post("/matches/{match_id}/draw")
async def draw(request: Request, match_id: str) -> dict[str, Any]:
    """END-2: {"answer": "offer" | "accept" | "decline"}; agreed by every side, the match ends drawn."""
    body, mgr, match = await match_request(request, match_id)
    proof = await credential(request, mgr, match, body)
    return await mgr.draw(match, body.get("seat"), proof, body.get("answer"))


@router.post("/matches/{match_id}/hint")
async def hint(request: Request, match_id: str) -> dict[str, Any]:
    """The `medium` agent's suggested move for the asking seat, worked out from that seat's information only."""
    body, mgr, match = await match_request(request, match_id)
    proof = await credential(request, mgr, match, body)
    return await mgr.hint(match, body.get("seat"), proof, client_address(request))


async def _finished_record(request: Request, match_id: str, names: bool = False) -> Record:
    """The record of a finished match; with `names`, the players' names in its meta (for the replay viewer's
    header; downloaded records hold no names)."""
    mgr = manager(request)
    try:
        match = await mgr.get(match_id)
    except ArchivedMatch as e:
        return await _archived_record(mgr, e)
    mgr.release(match)
    if match.status == "active":
        raise ClientError("not_finished", "the record is available once the match is over (it holds hidden moves)")
    if match.status == "aborted":
        raise ClientError("not_finished", "this match was aborted (END-4); it has no record (it holds hidden moves)")
    if not match.state.is_terminal() and match.ending is None:
        raise ClientError("not_finished", "this match expired before its end; it has no record (it holds hidden moves)")
    seats = [s["agent"] if s["kind"] == "agent" else "human" for s in match.seats]
    record = Record.for_state(match.state, seats, match_id=match.id, played_on="boardcade serve")
    record.started_at = match.created_at
    if match.ending is not None:  # resigned, agreed drawn or out of time (core/endings.py)
        record.ending, record.result = match.ending.to_json(), match.result
    if names:
        record.meta["names"] = [row.name if (row := match.seat_rows.get(i)) else None for i in range(len(seats))]
    if notes := match.notes():  # END-3's lines, so the replay's log is the live match's
        record.meta["notes"] = notes
    return record


async def _archived_record(mgr: MatchManager, archived: ArchivedMatch) -> Record:
    """The stored record of a finished match whose rules are gone (it replays with the boardcade that played it)."""
    info = archived.info
    if info["stored_status"] != "finished":
        raise archived
    stored = await mgr.read(mgr.storage.load_match, info["id"])
    seats = [s["agent"] if s["kind"] == "agent" else "human" for s in stored.seats]
    return Record(
        stored.game,
        stored.options,
        seats,
        actions=stored.actions,
        result=stored.result,
        started_at=stored.created_at,
        finished_at=stored.finished_at,
        meta={"match_id": stored.id, "played_on": "boardcade serve", "note": info["note"]},
        rules_version=stored.rules_version,
    )


@router.get("/matches/{match_id}/record")
async def download_record(request: Request, match_id: str) -> Response:
    record = await _finished_record(request, match_id)
    return Response(
        await asyncio.to_thread(record.dumps),  # a long match's record: serialised off the event loop
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="{record.game}-{match_id}.boardcade.json"'},
    )


async def _replay_response(request: Request, record: Any) -> Response:
    mgr = manager(request)
    gz = "gzip" in request.headers.get("accept-encoding", "")
    try:
        body = await mgr.replays.replay(record, mgr.settings.max_replay_steps, gz, client_address(request))
    except JobRefused as e:
        raise ClientError(e.code, e.message) from None
    headers = {"Content-Encoding": "gzip", "Vary": "Accept-Encoding"} if gz else {}
    return Response(body, media_type="application/json", headers=headers)


@router.get("/matches/{match_id}/replay")
async def match_replay(request: Request, match_id: str) -> Response:
    record = await _finished_record(request, match_id, names=True)
    return await _replay_response(request, record.to_json())


@router.post("/replay")
async def upload_replay(request: Request) -> Response:
    """The record is read (at most max_record_bytes) and handed to a worker process as it came: parsing,
    checking and replaying it all happen there."""
    limit = manager(request).settings.max_record_bytes
    return await _replay_response(request, await read_body(request, limit))


class JSONText(Response):
    """An answer already serialised (errors.dumps: ASCII, <>& escaped), sent as it is."""

    media_type = "application/json"
