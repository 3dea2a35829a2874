"""The lobby (issue 37 item 1; docs/server.md "Lobby", SV-LB1..SV-LB8): seeks posted, watched live over /ws/lobby,
accepted by exactly one person and never by their poster, gone when their owner leaves, refused when malformed or
posted in a loop; quick pairing; and on PostgreSQL with two server processes, a seek posted through one is seen and
accepted through the other."""

from __future__ import annotations

import json
import threading
import time

import httpx
import pytest
from fastapi.testclient import TestClient
from websockets.sync.client import connect

from boardcade.server import create_app
from boardcade.server.launch import post_json
from boardcade.server.seekstore import SeekStore
from boardcade.server.storage import Storage

from . import test_ratings
from .conftest import two_servers, until
from .test_ratings import CENTRE, MIN_DECISIONS, person, play, post, profile, settled

make = test_ratings.make  # the fixture: signed-in people over https (tests/server/test_ratings.py)

ANN, BEA, CAL = "ann-owner-token-0001", "bea-owner-token-0002", "cal-owner-token-0003"


@pytest.fixture
def lobby_client(sqlite_url, h):
    with TestClient(create_app(sqlite_url, settings=h.settings(session_cookie_secure=False))) as c:
        yield c


def post_seek(client, owner=ANN, **fields):
    r = client.post("/api/seeks", json={"game": "qbert", "owner": owner, **fields})
    assert r.status_code == 201, r.text
    return r.json()


def next_of(ws, kind: str) -> dict:
    """The next lobby message of this type (others skipped)."""
    while True:
        msg = ws.receive_json()
        if msg["type"] == kind:
            return msg


def open_ids(client) -> list[str]:
    return [s["id"] for s in client.get("/api/seeks").json()["seeks"]]


def test_sv_lb1_a_seek_is_listed_and_sent_to_watchers_and_a_cancel_takes_it_away(lobby_client):
    with lobby_client.websocket_connect("/ws/lobby") as watcher:
        assert next_of(watcher, "seeks")["seeks"] == []
        posted = post_seek(lobby_client, name="Ann", clock={"base": 300, "increment": 3}, min=1200, max=1800)
        seen = next_of(watcher, "seek")["seek"]
        assert seen == posted["seek"]
        fields = (seen["rated"], seen["min"], seen["max"], seen["clock"], seen["clock_label"], seen["name"])
        assert fields == (False, 1200, 1800, {"base": 300, "increment": 3}, "5+3", "Ann")
        assert seen["options"]["tiebreak"] is True, "the options are stored whole, defaults filled in"
        assert "owner" not in json.dumps(seen) and posted["token"] not in json.dumps(seen)
        assert open_ids(lobby_client) == [seen["id"]]
        r = lobby_client.post(f"/api/seeks/{seen['id']}/cancel", json={"owner": BEA})
        assert r.status_code == 409 and r.json()["error"]["code"] == "seek_gone", "only its owner cancels a seek"
        assert lobby_client.post(f"/api/seeks/{seen['id']}/cancel", json={"owner": ANN}).status_code == 200
        assert next_of(watcher, "unseek")["id"] == seen["id"]
        assert open_ids(lobby_client) == []


def test_sv_lb2_accepting_ones_own_seek_is_refused_by_owner_token_or_by_account(lobby_client):
    seek = post_seek(lobby_client)["seek"]
    r = lobby_client.post(f"/api/seeks/{seek['id']}/accept", json={"owner": ANN})
    assert r.status_code == 409 and r.json()["error"]["code"] == "own_seek"
    assert open_ids(lobby_client) == [seek["id"]], "the seek stays open"
    # Signed in, another browser of the same account (another owner token) may not accept it either.
    assert lobby_client.post("/api/account/signup", json={"name": "annie", "password": "long enough pw"}).is_success
    mine = post_seek(lobby_client, owner=BEA)["seek"]
    r = lobby_client.post(f"/api/seeks/{mine['id']}/accept", json={"owner": CAL})
    assert r.status_code == 409 and r.json()["error"]["code"] == "own_seek"
    lobby_client.post("/api/account/signout", json={})
    assert lobby_client.post(f"/api/seeks/{mine['id']}/accept", json={"owner": CAL}).status_code == 200


def test_sv_lb8_both_are_seated_the_seeker_hears_where_and_both_tokens_hold_their_seats(lobby_client):
    with lobby_client.websocket_connect("/ws/lobby") as ann_ws:
        ann_ws.send_json({"type": "hello", "owner": ANN})
        next_of(ann_ws, "welcome")
        posted = post_seek(lobby_client, name="Ann")
        r = lobby_client.post(f"/api/seeks/{posted['seek']['id']}/accept", json={"owner": BEA, "name": "Bea"})
        assert r.status_code == 200, r.text
        bea = r.json()
        assert next_of(ann_ws, "unseek")["id"] == posted["seek"]["id"]
        told = next_of(ann_ws, "paired")
    assert told["match"] == bea["id"] and told["seat"] == 1 - bea["seat"]
    asked = lobby_client.post(f"/api/seeks/{posted['seek']['id']}/wait", json={"owner": ANN}).json()
    assert asked == {"id": posted["seek"]["id"], "state": "paired", "match": bea["id"], "seat": told["seat"]}
    names = {s["player"]: s["name"] for s in bea["seats"]}
    assert names == {told["seat"]: "Ann", bea["seat"]: "Bea"}
    for seat, token in ((told["seat"], posted["token"]), (bea["seat"], bea["token"])):
        r = lobby_client.post(f"/api/matches/{bea['id']}/view", json={"seat": seat, "token": token})
        assert r.status_code == 200 and r.json()["seat"] == seat
    r = lobby_client.post(f"/api/seeks/{posted['seek']['id']}/accept", json={"owner": CAL})
    assert r.status_code == 409 and r.json()["error"]["code"] == "seek_gone", "a paired seek cannot be taken again"


def test_sv_lb3_of_many_people_accepting_one_seek_at_once_exactly_one_wins(sqlite_url, h):
    with h.uvicorn_server(sqlite_url) as server:
        seek = post_json(server.url, "/api/seeks", {"game": "qbert", "owner": ANN})["seek"]
        start = threading.Barrier(6)
        answers: list[httpx.Response] = []

        def accept(k: int) -> None:
            with httpx.Client(base_url=server.url, timeout=30) as http:
                start.wait()
                answers.append(http.post(f"/api/seeks/{seek['id']}/accept", json={"owner": f"accepter-token-{k:06d}"}))

        threads = [threading.Thread(target=accept, args=(k,)) for k in range(6)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        codes = sorted(r.status_code for r in answers)
        assert codes == [200, 409, 409, 409, 409, 409], [r.text for r in answers]
        assert {r.json()["error"]["code"] for r in answers if r.status_code == 409} == {"seek_gone"}
        listed = httpx.get(f"{server.url}/api/matches?status=active").json()["matches"]
        assert len(listed) == 1, "one match was made"


def test_sv_lb4_a_seek_is_gone_when_its_owners_lobby_socket_closes(lobby_client):
    with lobby_client.websocket_connect("/ws/lobby") as watcher:
        next_of(watcher, "seeks")
        with lobby_client.websocket_connect("/ws/lobby") as owner:
            owner.send_json({"type": "hello", "owner": ANN})
            next_of(owner, "welcome")
            seek = post_seek(lobby_client)["seek"]
            assert next_of(watcher, "seek")["seek"]["id"] == seek["id"]
        assert next_of(watcher, "unseek")["id"] == seek["id"], "the tab closed: its seek went with it"
    assert open_ids(lobby_client) == []
    r = lobby_client.post(f"/api/seeks/{seek['id']}/accept", json={"owner": BEA})
    assert r.json()["error"]["code"] == "seek_gone"


def test_sv_lb4_a_seek_nobody_keeps_alive_is_gone_within_seconds(sqlite_url, h):
    """No lobby socket and no `wait`: a closed tab that never opened one, or its server died."""
    changes = {"seek_ttl": 1.0, "seek_heartbeat": 0.2}
    with TestClient(create_app(sqlite_url, settings=h.settings(**changes))) as client:
        kept = post_seek(client, owner=BEA)["seek"]
        seek = post_seek(client)["seek"]
        deadline = time.time() + 15
        while seek["id"] in open_ids(client) and time.time() < deadline:
            client.post(f"/api/seeks/{kept['id']}/wait", json={"owner": BEA})  # BEA's page still asks
            time.sleep(0.2)
        assert open_ids(client) == [kept["id"]]
        assert client.post(f"/api/seeks/{seek['id']}/wait", json={"owner": ANN}).json()["state"] == "gone"


def test_sv_lb5_seeks_posted_in_a_loop_are_rate_limited_and_capped_per_owner(sqlite_url, h):
    with TestClient(create_app(sqlite_url, settings=h.settings(seeks_per_minute=5, seek_burst=5))) as client:
        for _ in range(3):
            post_seek(client)
        r = client.post("/api/seeks", json={"game": "qbert", "owner": ANN})
        assert r.status_code == 409 and r.json()["error"]["code"] == "too_many_seeks"
        assert "3 open seeks" in r.json()["error"]["message"]
        post_seek(client, owner=BEA)
        r = client.post("/api/seeks", json={"game": "qbert", "owner": CAL})  # a new owner token: same address
        assert r.status_code == 429 and r.json()["error"]["code"] == "rate_limited"
        assert len(open_ids(client)) == 4


@pytest.mark.parametrize(
    ("body", "code", "words"),
    [
        ({"game": "chess"}, "bad_options", "valid games: atari_centipede, mb_centipede, qbert"),
        ({"game": "qbert", "options": {"speed": 2}}, "bad_options", "valid options: disc_ride_falls"),
        ({"game": "qbert", "options": {"tiebreak": "x"}}, "bad_options", "allowed: bool"),
        ({"game": "qbert", "variant": "fast"}, "bad_options", "variants: default, draw-on-tie"),
        ({"game": "atari_centipede", "variant": "4 players"}, "bad_options", "a seek is for two players"),
        ({"game": "qbert", "rated": "yes"}, "bad_seek", "'rated' must be true (rated) or false (casual)"),
        ({"game": "qbert", "min": 1800, "max": 1200}, "bad_seek", "'min' (1800) is above 'max' (1200)"),
        ({"game": "qbert", "min": -5}, "bad_seek", "from 0 to 4000"),
        ({"game": "qbert", "clock": "5+3"}, "bad_options", "'clock' is {\"base\": seconds 60..7200"),
        ({"game": "qbert", "clock": {"base": 30, "increment": 2}}, "bad_options", "the base 30 is out of range"),
        ({"game": "qbert", "clock": {"base": 300, "increment": 61}}, "bad_options", "the increment 61 is out of"),
        ({"game": "qbert", "clock": {"base": 300, "bonus": 1}}, "bad_options", "or null for none"),
        ({"game": "qbert", "colour": "red"}, "bad_seek", "a seek has game, variant, options, rated"),
        ({"game": "qbert", "owner": "short"}, "bad_seek", "16 to 128 letters"),
        ({"game": "qbert", "name": "<b>" * 20}, "bad_name", ""),
    ],
)
def test_sv_lb6_a_malformed_seek_is_refused_naming_what_is_allowed(lobby_client, body, code, words):
    r = lobby_client.post("/api/seeks", json={"owner": ANN, **body})
    assert r.status_code == 400 and r.json()["error"]["code"] == code, r.text
    assert words in r.json()["error"]["message"]
    assert open_ids(lobby_client) == [], "nothing was posted"


def test_sv_lb6_accepting_a_seek_that_does_not_exist_or_with_a_bad_owner_is_refused(lobby_client):
    assert lobby_client.post("/api/seeks/nosuchseek/accept", json={"owner": BEA}).json()["error"]["code"] == "seek_gone"
    seek = post_seek(lobby_client)["seek"]
    r = lobby_client.post(f"/api/seeks/{seek['id']}/accept", json={"owner": 7})
    assert r.json()["error"]["code"] == "bad_seek" and open_ids(lobby_client) == [seek["id"]]


def test_sv_lb7_quick_pairing_takes_a_compatible_seek_or_posts_one(lobby_client):
    first = lobby_client.post("/api/seeks/quick", json={"game": "qbert", "owner": ANN, "name": "Ann"}).json()
    assert "seek" in first and "paired" not in first, "nobody waiting: a seek is posted"
    other = lobby_client.post(
        "/api/seeks/quick", json={"game": "qbert", "options": {"tiebreak": False}, "owner": CAL}
    ).json()
    assert "seek" in other, "other options: not compatible, so another seek"
    again = lobby_client.post("/api/seeks/quick", json={"game": "qbert", "owner": ANN}).json()
    assert "seek" in again, "one's own seek is never the match found"
    paired = lobby_client.post("/api/seeks/quick", json={"game": "qbert", "owner": BEA, "name": "Bea"}).json()
    assert "paired" in paired, paired
    where = lobby_client.post(f"/api/seeks/{first['seek']['id']}/wait", json={"owner": ANN}).json()
    assert where["state"] == "paired" and where["match"] == paired["paired"]["id"], "the oldest seek is taken"
    assert sorted(open_ids(lobby_client)) == sorted([other["seek"]["id"], again["seek"]["id"]])


def test_sv_lb8_without_a_rating_no_range_applies(lobby_client):
    """SV-LB8: a signed-out accepter has no rating, so a seek's range admits them (the refusal of a real rating
    outside a range: tests/server/test_ratings.py)."""
    seek = post_seek(lobby_client, min=1600, max=1900)["seek"]
    assert lobby_client.post(f"/api/seeks/{seek['id']}/accept", json={"owner": BEA}).status_code == 200


# ---- PostgreSQL, two server processes (SV-13) ------------------------------------------------------------------


def test_sv_lb1_on_postgresql_a_seek_posted_through_one_server_is_seen_and_accepted_through_the_other(
    clean_postgres, tmp_path
):
    with two_servers(clean_postgres, tmp_path, "--set", "requests_per_second=0") as ports:
        a, b = (f"http://127.0.0.1:{p}" for p in ports)
        ann_ws = connect(f"ws://127.0.0.1:{ports[0]}/ws/lobby", open_timeout=10, legacy=True)
        ann_ws.send(json.dumps({"type": "hello", "owner": ANN}))
        until(ann_ws, lambda m: m["type"] == "welcome")
        watch_b = connect(f"ws://127.0.0.1:{ports[1]}/ws/lobby", open_timeout=10, legacy=True)
        until(watch_b, lambda m: m["type"] == "seeks")
        ten_five = {"base": 600, "increment": 5}
        posted = post_json(a, "/api/seeks", {"game": "qbert", "owner": ANN, "name": "Ann", "clock": ten_five})
        sid = posted["seek"]["id"]
        seen = until(watch_b, lambda m: m["type"] == "seek")["seek"]
        assert seen["id"] == sid, "B's watcher sees A's seek"
        assert (seen["clock"], seen["clock_label"]) == (ten_five, "10+5"), "with its clock (SV-LB9)"
        assert [s["id"] for s in httpx.get(f"{b}/api/seeks").json()["seeks"]] == [sid]
        bea = post_json(b, f"/api/seeks/{sid}/accept", {"owner": BEA, "name": "Bea"})
        told = until(ann_ws, lambda m: m["type"] == "paired")
        assert (told["match"], told["seat"]) == (bea["id"], 1 - bea["seat"]), "A's owner hears B made the match"
        assert until(watch_b, lambda m: m["type"] == "unseek")["id"] == sid
        seen = post_json(a, f"/api/matches/{bea['id']}/view", {"seat": told["seat"], "token": posted["token"]})
        assert seen["seat"] == told["seat"], "the seeker's token holds their seat, through A"
        for base in (a, b):  # the match B made is on the seek's clock, read through either server
            clock = httpx.get(f"{base}/api/matches/{bea['id']}").json()["clock"]
            assert (clock["base"], clock["increment"], clock["left"]) == (600, 5, [600_000, 600_000])

        # Two people accept one seek at the same moment, one through each server: exactly one wins.
        sid = post_json(a, "/api/seeks", {"game": "qbert", "owner": ANN})["seek"]["id"]
        start = threading.Barrier(2)
        codes: list[int] = []

        def accept(base: str, owner: str) -> None:
            start.wait()
            codes.append(httpx.post(f"{base}/api/seeks/{sid}/accept", json={"owner": owner}, timeout=30).status_code)

        threads = [threading.Thread(target=accept, args=x) for x in ((a, BEA), (b, CAL))]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        assert sorted(codes) == [200, 409]
        ann_ws.close()
        assert until(watch_b, lambda m: m["type"] == "unseek")["id"] == sid
        # The owner's socket on A closes: their open seek is gone for B's watchers too.
        ann_ws = connect(f"ws://127.0.0.1:{ports[0]}/ws/lobby", open_timeout=10, legacy=True)
        ann_ws.send(json.dumps({"type": "hello", "owner": ANN}))
        until(ann_ws, lambda m: m["type"] == "welcome")
        sid = post_json(a, "/api/seeks", {"game": "qbert", "owner": ANN})["seek"]["id"]
        assert until(watch_b, lambda m: m["type"] == "seek")["seek"]["id"] == sid
        ann_ws.close()
        assert until(watch_b, lambda m: m["type"] == "unseek")["id"] == sid
        watch_b.close()


def test_sv_lb7_a_waiting_quick_pairing_takes_a_fitting_seek_but_never_makes_two_matches(lobby_client):
    """A page waiting for quick pairing sees a fitting seek arrive and names its own (`seek`): its own is withdrawn
    and the other taken; if its own was taken meanwhile, it is told where to go and takes nothing."""
    ann = lobby_client.post("/api/seeks/quick", json={"game": "qbert", "owner": ANN}).json()["seek"]
    lobby_client.post(f"/api/seeks/{ann['id']}/cancel", json={"owner": ANN})  # Ann's page left: Bea now waits
    bea = lobby_client.post("/api/seeks/quick", json={"game": "qbert", "owner": BEA}).json()["seek"]
    cal = post_seek(lobby_client, owner=CAL)["seek"]  # a seek that fits Bea's arrives
    took = lobby_client.post("/api/seeks/quick", json={"game": "qbert", "owner": BEA, "seek": bea["id"]}).json()
    assert "paired" in took
    assert lobby_client.post(f"/api/seeks/{cal['id']}/wait", json={"owner": CAL}).json()["state"] == "paired"
    assert lobby_client.post(f"/api/seeks/{bea['id']}/wait", json={"owner": BEA}).json()["state"] == "gone"
    # Dee waits; Eve's seek arrives, but Fay accepts Dee's before Dee's page reacts: Dee goes to Fay's match.
    dee_owner, eve_owner, fay_owner = "dee-owner-token-0004", "eve-owner-token-0005", "fay-owner-token-0006"
    dee = lobby_client.post("/api/seeks/quick", json={"game": "qbert", "owner": dee_owner}).json()["seek"]
    eve = post_seek(lobby_client, owner=eve_owner)["seek"]
    fay = lobby_client.post(f"/api/seeks/{dee['id']}/accept", json={"owner": fay_owner}).json()
    late = lobby_client.post("/api/seeks/quick", json={"game": "qbert", "owner": dee_owner, "seek": dee["id"]}).json()
    assert late == {"where": {"id": dee["id"], "state": "paired", "match": fay["id"], "seat": 1 - fay["seat"]}}
    assert open_ids(lobby_client) == [eve["id"]], "Eve's seek was not taken: Dee has one match, not two"


def test_sv_lb4_closing_a_socket_takes_only_the_seeks_not_kept_alive_since(sqlite_url):
    """A browser leaves one page for another: the old page's socket closes while the new page posts a seek, the
    close handled first or last. What the close takes is decided in the database: the seeks not kept alive since
    it (posted after it, or kept alive by a socket of the owner's opened since, on any server) stay."""
    storage = Storage(sqlite_url)
    store = SeekStore(storage)
    ttl, closed_at = 8.0, time.time()

    def seek(seek_id: str, alive_until: float) -> None:
        store.add(
            {
                "id": seek_id,
                "game": "qbert",
                "options": {},
                "rated": 0,
                "min_rating": None,
                "max_rating": None,
                "time_control": None,
                "name": None,
                "owner_hash": "ann",
                "account_id": None,
                "seat_hash": "x",
                "state": "open",
                "created_at": "2026-12-05T12:00:00.000+00:00",
                "alive_until": alive_until,
                "match_id": None,
                "seat": None,
            }
        )

    seek("before", closed_at - 1 + ttl)  # posted (or last kept alive) before the close
    seek("after", closed_at + 0.5 + ttl)  # posted after it: the new page's
    assert store.owner_left("ann", closed_at, ttl) == ["before"]
    assert [r["id"] for r in store.open_rows()] == ["after"]
    storage.close()


def test_sv_lb6_a_lobby_socket_answers_bad_messages_with_an_error_and_keeps_serving(lobby_client):
    with lobby_client.websocket_connect("/ws/lobby") as ws:
        next_of(ws, "seeks")
        ws.send_text("{not json")
        assert next_of(ws, "error")["code"] == "bad_json"
        ws.send_json({"type": "accept", "seek": "x"})
        error = next_of(ws, "error")
        assert error["code"] == "bad_message" and "'hello' or 'ping'" in error["message"]
        ws.send_json({"type": "hello", "owner": "<script>"})
        assert next_of(ws, "error")["code"] == "bad_seek"
        ws.send_text("x" * 5000)
        assert next_of(ws, "error")["code"] == "too_large"
        ws.send_json({"type": "ping"})
        assert next_of(ws, "pong") == {"type": "pong"}
        seek = post_seek(lobby_client)["seek"]
        assert next_of(ws, "seek")["seek"]["id"] == seek["id"], "still watching"


# ---- clocks and rated seeks (SV-LB9) ---------------------------------------------------------------------------


def test_sv_lb9_a_clocked_seeks_match_is_on_that_clock_and_quick_pairing_matches_clocks(lobby_client):
    """SV-LB9, SV-CL1: the seek's clock is stored, shown with its label, and the match made on accept has it;
    quick pairing pairs only seeks on the same clock."""
    ten_five = {"base": 600, "increment": 5}
    posted = post_seek(lobby_client, name="Ann", clock=ten_five)
    assert (posted["seek"]["clock"], posted["seek"]["clock_label"]) == (ten_five, "10+5")
    listed = lobby_client.get("/api/seeks").json()["seeks"]
    assert [(s["clock"], s["clock_label"]) for s in listed] == [(ten_five, "10+5")], "read back from the table"
    m = lobby_client.post(f"/api/seeks/{posted['seek']['id']}/accept", json={"owner": BEA, "name": "Bea"}).json()
    clock = lobby_client.get(f"/api/matches/{m['id']}").json()["clock"]
    assert (clock["base"], clock["increment"], clock["left"]) == (600, 5, [600_000, 600_000])
    assert m["rated"] is False and m["casual"] is True
    # Quick pairing: a seek without a clock, or on another, is not a fit; the same clock is.
    waiting = lobby_client.post("/api/seeks/quick", json={"game": "qbert", "owner": ANN, "clock": ten_five}).json()
    other = lobby_client.post("/api/seeks/quick", json={"game": "qbert", "owner": CAL}).json()
    assert "seek" in other, "no clock is not the same clock"
    five = {"base": 300, "increment": 3}
    assert "seek" in lobby_client.post("/api/seeks/quick", json={"game": "qbert", "owner": CAL, "clock": five}).json()
    paired = lobby_client.post("/api/seeks/quick", json={"game": "qbert", "owner": BEA, "clock": ten_five}).json()
    assert (
        paired["paired"]["id"]
        == lobby_client.post(f"/api/seeks/{waiting['seek']['id']}/wait", json={"owner": ANN}).json()["match"]
    )
    assert lobby_client.get(f"/api/matches/{paired['paired']['id']}").json()["clock"]["base"] == 600
    # A seek stored with free text before clocks were real is shown, and played, without a clock.
    store = SeekStore(lobby_client.app.state.manager.storage)
    with store.engine.begin() as conn:
        conn.exec_driver_sql("UPDATE seeks SET time_control = '5+3 please' WHERE id = ?", (other["seek"]["id"],))
    assert store.get(other["seek"]["id"])["time_control"] is None


def test_sv_lb9_a_rated_seek_is_posted_and_accepted_only_by_signed_in_accounts(make):
    """SV-LB9 (SV-16, SV-17): signed out, a rated seek is neither posted, quick-paired nor accepted
    (`needs_account`); an account never accepts its own (another browser of it included)."""
    anon = make()
    ann = person(anon, "Ann", "203.0.113.1")
    for path in ("/api/seeks", "/api/seeks/quick"):
        r = anon.post(path, json={"game": "qbert", "owner": CAL, "rated": True})
        assert r.status_code == 401 and r.json()["error"]["code"] == "needs_account", r.text
    assert anon.get("/api/seeks").json()["seeks"] == [], "nothing was posted"
    r = ann.post("/api/seeks", json={"game": "qbert", "owner": ANN, "rated": True, "name": "Annie"})
    assert r.status_code == 201 and r.json()["seek"]["name"] == "Ann", "a rated seek shows its account's name"
    sid = r.json()["seek"]["id"]
    refused = anon.post(f"/api/seeks/{sid}/accept", json={"owner": CAL})
    assert refused.status_code == 401 and refused.json()["error"]["code"] == "needs_account"
    own = ann.post(f"/api/seeks/{sid}/accept", json={"owner": BEA})
    assert own.status_code == 409 and own.json()["error"]["code"] == "own_seek", "another browser, same account"
    assert [s["id"] for s in anon.get("/api/seeks").json()["seeks"]] == [sid], "still open"


def test_sv_lb9_a_rated_seek_accepted_and_resigned_moves_both_accounts_ratings(make):
    """SV-LB9, SV-18: the match a rated seek makes is rated, its seats named by and linked to both accounts,
    and ended by a resignation it is settled: both ratings move."""
    anon = make()
    ann, bob = person(anon, "Ann", "203.0.113.1"), person(anon, "Bob", "203.0.113.2")
    posted = ann.post("/api/seeks", json={"game": "qbert", "owner": ANN, "rated": True}).json()
    m = bob.post(f"/api/seeks/{posted['seek']['id']}/accept", json={"owner": BEA, "name": "Robert"}).json()
    assert m["rated"] is True and m["casual"] is False
    seeker = 1 - m["seat"]
    assert {s["player"]: s["name"] for s in m["seats"]} == {seeker: "Ann", m["seat"]: "Bob"}
    assert {s["player"]: s.get("account") for s in m["seats"]} == {seeker: "Ann", m["seat"]: "Bob"}
    m["tokens"] = {str(seeker): posted["token"], str(m["seat"]): m["token"]}
    play(anon, m, MIN_DECISIONS)
    assert post(anon, m, "resign", seeker).status_code == 200
    assert settled(anon, m["id"]).counted == 1
    assert profile(anon, "Bob")["ratings"][0]["rating"] > CENTRE > profile(anon, "Ann")["ratings"][0]["rating"]
    # Quick pairing with rated does the same.
    waiting = ann.post("/api/seeks/quick", json={"game": "qbert", "owner": ANN, "rated": True}).json()
    q = bob.post("/api/seeks/quick", json={"game": "qbert", "owner": BEA, "rated": True}).json()["paired"]
    assert q["rated"] is True and {s.get("account") for s in q["seats"]} == {"Ann", "Bob"}
    where = ann.post(f"/api/seeks/{waiting['seek']['id']}/wait", json={"owner": ANN}).json()
    assert where["match"] == q["id"]
