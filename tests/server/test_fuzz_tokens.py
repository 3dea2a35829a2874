"""Seat tokens (SV-5): they cannot be guessed, and no other seat or spectator can read them, over HTTP, WebSocket,
records, replays or the database file."""

from __future__ import annotations

import base64
import hashlib
import random
import string
from pathlib import Path

from boardcade.server.seats import TOKEN_BYTES, new_token

URLSAFE = set(string.ascii_letters + string.digits + "-_")


def test_sv5_tokens_carry_192_random_bits_and_do_not_repeat():
    tokens = [new_token() for _ in range(2000)]
    assert len(set(tokens)) == len(tokens)
    for t in tokens[:200]:
        assert set(t) <= URLSAFE and len(base64.urlsafe_b64decode(t + "=" * (-len(t) % 4))) == TOKEN_BYTES == 24
    bits = "".join(f"{b:08b}" for t in tokens for b in base64.urlsafe_b64decode(t))
    ones = bits.count("1") / len(bits)
    assert 0.49 < ones < 0.51, "token bits look uniformly random"


def test_sv5_near_misses_of_a_token_and_other_seats_or_matches_tokens_are_refused(h, client):
    a, b = h.new_match(client), h.new_match(client)
    url = f"/api/matches/{a['id']}/view"
    right = a["tokens"]["0"]
    near = [right[:i] + c + right[i + 1 :] for i in range(len(right)) for c in "A0_" if right[i] != c]
    near += [right[:-1], right + "x", right.swapcase(), f" {right}", right * 2, "", None, 0, [right], {"t": right}]
    near += [a["tokens"]["1"], b["tokens"]["0"], hashlib.sha256(right.encode()).hexdigest()]
    for token in near:
        r = client.post(url, json={"seat": 0, "token": token})
        assert (r.status_code, h.error_of(r)) == (403, "bad_token"), token
    assert client.post(url, json={"seat": 0, "token": right}).status_code == 200
    r = client.post(url + f"?token={right}", json={"seat": 0})
    assert h.error_of(r) == "bad_token", "a token in the query string is ignored (it would end up in access logs)"


def test_sv5_no_other_seat_or_spectator_ever_receives_a_seat_token(h, client, sqlite_url):
    """Play a whole match with one socket per seat plus a spectator; collect every byte the server sends to each
    and check it holds no other seat's token (nor its digest); then the public HTTP answers and the database."""
    m = h.new_match(client)
    tokens = m["tokens"]
    secrets_of = {s: {tokens[s], hashlib.sha256(tokens[s].encode()).hexdigest()} for s in tokens}
    seen: dict[str, list[str]] = {"0": [], "1": [], "spectator": []}
    rng = random.Random(4)
    with (
        client.websocket_connect(f"/ws/matches/{m['id']}") as s0,
        client.websocket_connect(f"/ws/matches/{m['id']}") as s1,
        client.websocket_connect(f"/ws/matches/{m['id']}") as spy,
    ):
        socks = {"0": s0, "1": s1, "spectator": spy}
        for name, ws in socks.items():
            seats = [] if name == "spectator" else [{"seat": int(name), "token": tokens[name]}]
            ws.send_json({"type": "hello", "seats": seats})
            seen[name] += [ws.receive_text(), ws.receive_text()]
        for _ in range(400):
            state = h.live_state(client, m["id"])
            if state.is_terminal():
                break
            p = str(state.current_player())
            action = rng.choice(state.legal_actions())
            socks[p].send_json({"type": "action", "seat": int(p), "version": state.move_number(), "action": action})
            for name, ws in socks.items():
                seen[name].append(ws.receive_text())
            seen[p].append(socks[p].receive_text())  # the ack
        spy.send_json({"type": "action", "seat": 0, "version": 0, "action": 0})
        seen["spectator"].append(spy.receive_text())
    assert client.get(f"/api/matches/{m['id']}").json()["status"] == "finished" and len(seen["spectator"]) > 20
    public = [client.get(f"/api/matches/{m['id']}").text, client.get("/api/matches").text]
    public += [client.get(f"/api/matches/{m['id']}/record").text, client.get(f"/api/matches/{m['id']}/replay").text]
    for name, texts in [*seen.items(), ("public", public)]:
        blob = "\n".join(texts)
        for seat, hidden in secrets_of.items():
            if seat != name:
                assert not any(x in blob for x in hidden), f"{name} saw seat {seat}'s token"
    db = sqlite_url.removeprefix("sqlite:///")
    files = b"".join(Path(p).read_bytes() for p in (db, db + "-wal") if Path(p).exists())
    assert all(tokens[s].encode() not in files for s in tokens), "only digests are stored"
