"""Showing the real match page a chosen Atari's Centipede position: a match is created on the server (for its
description), and its socket is stood in for by one that sends the position's view for one seat, so the page
draws it with its own modules (play.js, board.js, the game's web.js) exactly as in play."""

from __future__ import annotations

import json
import re


def show(page, server, state, seat: int, players: int = 2):
    """Open the match page on `state` as seen by `seat` (its view is the one the server would send). Returns
    `send(message)`, which sends the page another server message (a draw offer, say)."""
    page.goto(server.url + "/")
    seats = [{"kind": "human"}] * players
    body = {"game": "atari_centipede", "options": {"players": players}, "seats": seats, "seat": seat}
    headers = {"Content-Type": "application/json"}
    r = page.request.post(server.url + "/api/matches", data=json.dumps(body), headers=headers)
    assert r.ok, r.text()
    created = r.json()
    meta = {k: v for k, v in created.items() if k not in ("host_token", "token", "invites", "seat")}

    sockets = []

    def socket(ws):
        sockets.append(ws)

        def heard(message):
            if json.loads(message)["type"] == "hello":
                ws.send(json.dumps({"type": "welcome", "seats": [seat], "match": meta}))
                view = {"type": "state", "match": meta["id"], "seat": seat, "version": state.move_number()}
                ws.send(json.dumps({**view, "observation": state.observation(seat)}))

        ws.on_message(heard)

    page.route_web_socket(re.compile(r".*/ws/matches/.*"), socket)
    page.evaluate("t => localStorage.setItem('boardcade.tokens', JSON.stringify(t))", {meta["id"]: {str(seat): "x"}})
    page.goto(f"{server.url}/#/play/{meta['id']}")
    page.wait_for_selector(".action-bar[data-version] .status")
    page.wait_for_selector(".board-area svg.board")
    page.wait_for_timeout(400)  # the board is fitted again once the action bar's height is known
    return lambda message: sockets[-1].send(json.dumps({"match": meta["id"], **message}))
