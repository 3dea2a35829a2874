"""Accounts (issue 36 item 1): sign up, sign in, sign out, change password, delete; sessions as Secure, HttpOnly,
SameSite cookies; no account enumeration; rate limits per address and per account; hostile names; a deleted
account's matches kept for the other players with its name replaced; seats held anonymously kept on sign-in."""

from __future__ import annotations

import threading
import time
import uuid

import httpx
import pytest
from fastapi.testclient import TestClient

from boardcade.server import account_routes, create_app
from boardcade.server.account_tables import DELETED_NAME
from boardcade.server.accounts import AccountStore

PASSWORD = "correct horse battery"


@pytest.fixture
def make(https_app):
    """make(**settings) -> a TestClient over https, entered; closed after (`https_app` in conftest.py)."""
    return https_app


def other_address(client, address="203.0.113.7"):
    """Another browser on another address, on the same running app (its own cookie jar)."""
    return TestClient(client.app, base_url="https://testserver", client=(address, 50000))


def sign_up(client, name="Ann", password=PASSWORD):
    return client.post("/api/account/signup", json={"name": name, "password": password})


def who(client):
    return client.get("/api/account").json()["account"]


def accounts_in(client) -> int:
    with client.app.state.manager.storage.engine.connect() as conn:
        return conn.exec_driver_sql("SELECT COUNT(*) FROM accounts").scalar()


def test_sign_up_in_and_out_with_a_secure_httponly_samesite_cookie(make, h):
    client = make()
    assert who(client) is None, "anonymous until signed up"
    r = sign_up(client, "Ann_1")
    assert r.status_code == 201 and r.json()["account"]["name"] == "Ann_1"
    cookie = r.headers["set-cookie"]
    assert cookie.startswith("boardcade_session=")
    for part in ("HttpOnly", "Secure", "SameSite=lax", "Path=/"):
        assert part.lower() in cookie.lower(), cookie
    assert who(client)["name"] == "Ann_1"
    out = client.post("/api/account/signout", json={})
    assert out.status_code == 200 and out.json() == {"account": None}
    assert who(client) is None
    assert client.post("/api/account/signin", json={"name": "ann_1", "password": PASSWORD}).status_code == 200
    assert who(client)["name"] == "Ann_1", "names compare without case"
    assert h.error_of(sign_up(other_address(client), "ANN_1")) == "name_taken"


def test_unknown_name_and_wrong_password_get_the_same_answer_after_the_same_work(make, monkeypatch):
    client = make()
    sign_up(client, "Bea")
    checked = []
    real = account_routes.verify_password

    def counting(stored, password):
        checked.append(stored is not None)
        return real(stored, password)

    monkeypatch.setattr(account_routes, "verify_password", counting)
    fresh = other_address(client)
    wrong = fresh.post("/api/account/signin", json={"name": "Bea", "password": "not it at all"})
    unknown = fresh.post("/api/account/signin", json={"name": "Nobody", "password": "not it at all"})
    invalid = fresh.post("/api/account/signin", json={"name": "<b>", "password": "x"})
    for r in (wrong, unknown, invalid):
        assert r.status_code == 401 and r.json() == wrong.json()
        assert "set-cookie" not in r.headers
    assert wrong.json()["error"]["code"] == "bad_credentials"
    assert checked == [True, False, False], "an unknown name costs a password check all the same"


def test_change_password_signs_out_other_sessions_and_keeps_this_one(make, h):
    client = make()
    sign_up(client, "Cal")
    elsewhere = other_address(client)
    assert elsewhere.post("/api/account/signin", json={"name": "Cal", "password": PASSWORD}).status_code == 200
    short = client.post("/api/account/password", json={"password": PASSWORD, "new_password": "short"})
    assert h.error_of(short) == "bad_password" and "8 to 256" in short.json()["error"]["message"]
    wrong = client.post("/api/account/password", json={"password": "not my password", "new_password": "a new one!"})
    assert h.error_of(wrong) == "bad_credentials"
    ok = client.post("/api/account/password", json={"password": PASSWORD, "new_password": "a new one!"})
    assert ok.status_code == 200 and who(client)["name"] == "Cal"
    assert who(elsewhere) is None, "the other session was signed out"
    assert h.error_of(elsewhere.post("/api/account/signin", json={"name": "Cal", "password": PASSWORD})) == (
        "bad_credentials"
    )
    assert elsewhere.post("/api/account/signin", json={"name": "Cal", "password": "a new one!"}).status_code == 200
    anonymous = TestClient(client.app, base_url="https://testserver", client=("198.51.100.9", 1))
    assert h.error_of(anonymous.post("/api/account/password", json={"password": "a", "new_password": "b"})) == (
        "signed_out"
    )


@pytest.mark.parametrize(
    "name, says",
    [
        ("<script>x</script>", "'<'"),
        ("a" * 10_000, "10000 characters"),
        ("ab\u202ecd", "U+202E"),  # right-to-left override
        ("ab\u200dcd", "U+200D"),  # zero-width joiner
        ("ab\x07cd", "U+0007"),  # a control character
        ("two words", "U+0020"),
        ("ab", "3 to 24"),
        ("_abc", "starts and ends"),
        (None, "must be a text"),
    ],
)
def test_hostile_or_huge_names_are_refused_saying_what_is_allowed(make, h, name, says):
    client = make()
    r = sign_up(client, name)
    assert h.error_of(r) == "bad_name" and says in r.json()["error"]["message"], r.json()
    assert "letters or digits" in r.json()["error"]["message"]
    assert accounts_in(client) == 0 and "set-cookie" not in r.headers


def test_a_sign_up_flood_from_one_address_is_refused_others_unaffected(make, h):
    client = make(signups_per_hour=0.001, signup_burst=3)
    assert [sign_up(client, f"flood{i}").status_code for i in range(3)] == [201] * 3
    refused = sign_up(client, "flood3")
    assert h.error_of(refused) == "rate_limited" and "new accounts" in refused.json()["error"]["message"]
    assert sign_up(other_address(client), "elsewhere").status_code == 201
    assert accounts_in(client) == 4


def test_password_guessing_is_limited_per_address_and_per_account_and_slows_no_player(make, h):
    client = make(signins_per_minute=0.001, signin_burst=3, account_signins_per_minute=0.001, account_signin_burst=5)
    sign_up(client, "Dot")
    sign_up(other_address(client, "192.0.2.1"), "Eli")
    m = h.new_match(client)
    guesser = other_address(client, "192.0.2.50")
    guesses = [guesser.post("/api/account/signin", json={"name": "Dot", "password": f"guess {i}"}) for i in range(4)]
    assert [h.error_of(r) for r in guesses] == ["bad_credentials"] * 3 + ["rate_limited"]
    right = guesser.post("/api/account/signin", json={"name": "Dot", "password": PASSWORD})
    assert h.error_of(right) == "rate_limited", "once limited, even the right password waits"
    second = other_address(client, "192.0.2.51")
    tries = [second.post("/api/account/signin", json={"name": "Dot", "password": f"g {i}"}) for i in range(3)]
    assert [h.error_of(r) for r in tries] == ["bad_credentials", "bad_credentials", "rate_limited"]
    assert "for this user name" in tries[-1].json()["error"]["message"], "5 guesses at Dot from any address"
    third = other_address(client, "192.0.2.52")
    assert third.post("/api/account/signin", json={"name": "Eli", "password": PASSWORD}).status_code == 200
    # The players of a match are not held up: their moves go through while the guessing is refused.
    state = h.live_state(client, m["id"])
    p = state.current_player()
    body = {"seat": p, "token": m["tokens"][str(p)], "version": state.move_number(), "action": state.legal_actions()[0]}
    assert client.post(f"/api/matches/{m['id']}/actions", json=body).status_code == 200


def test_a_flood_of_password_work_is_refused_in_words_loses_nothing_and_holds_up_no_move(sqlite_url, h, monkeypatch):
    """Sign-ups from many browsers at once (each address under its own limit): argon2 runs on its own pool
    (password_workers) with a bounded queue (password_queue); past it a sign-up or sign-in is refused
    `unavailable` (503) saying why, no account is half made, and a player's move is answered while every password
    worker is busy (moves never wait on them). The hash is held until the move is in: no timing involved."""
    release = threading.Event()
    real = account_routes.hash_password

    def held(password):
        release.wait(60)
        return real(password)

    monkeypatch.setattr(account_routes, "hash_password", held)
    with h.uvicorn_server(sqlite_url, password_workers=1, password_queue=2, signup_burst=100) as srv:
        http = httpx.Client(base_url=srv.url, timeout=60)
        m = h.new_match(http)
        answers = {}

        def sign_up_in_thread(name):
            with httpx.Client(base_url=srv.url, timeout=60) as c:
                answers[name] = c.post("/api/account/signup", json={"name": name, "password": PASSWORD})

        flood = [threading.Thread(target=sign_up_in_thread, args=(f"flood{i}",)) for i in range(2)]
        for t in flood:
            t.start()
        deadline = time.monotonic() + 30
        while getattr(srv.app.state, "accounts", None) is None or srv.app.state.accounts.waiting < 2:
            assert time.monotonic() < deadline, "the two sign-ups never reached the password pool"
            time.sleep(0.02)
        try:
            for path, name in (("signup", "late1"), ("signin", "flood0")):
                r = http.post(f"/api/account/{path}", json={"name": name, "password": PASSWORD})
                assert (r.status_code, h.error_of(r)) == (503, "unavailable"), r.text
                assert "busy checking passwords" in r.json()["error"]["message"]
            state = h.live_state(srv, m["id"])
            p = state.current_player()
            body = {"seat": p, "token": m["tokens"][str(p)], "version": state.move_number(),
                    "action": state.legal_actions()[0]}  # fmt: skip
            moved = http.post(f"/api/matches/{m['id']}/actions", json=body)
            assert moved.status_code == 200, "a move is answered while every password worker is busy"
        finally:
            release.set()
            for t in flood:
                t.join(60)
        assert [answers[f"flood{i}"].status_code for i in range(2)] == [201, 201], "the waiting sign-ups complete"
        with srv.manager.storage.engine.connect() as conn:
            names = sorted(conn.exec_driver_sql("SELECT name FROM accounts").scalars())
        assert names == ["flood0", "flood1"], "the refused sign-up made nothing"
        assert http.post("/api/account/signup", json={"name": "late1", "password": PASSWORD}).status_code == 201
        http.close()
        assert srv.log.tracebacks() == []


def test_account_forms_are_covered_by_the_origin_and_content_type_checks(make, h):
    client = make()
    evil = client.post("/api/account/signup", json={"name": "Fay", "password": PASSWORD},
                       headers={"Origin": "https://evil.example"})  # fmt: skip
    assert evil.status_code == 403 and h.error_of(evil) == "bad_origin"
    form = client.post("/api/account/signup", data={"name": "Fay", "password": PASSWORD})
    assert form.status_code == 415 and h.error_of(form) == "bad_media_type"
    sign_up(client, "Fay")
    forms = [("signin", {"name": "Fay", "password": PASSWORD}), ("signout", {}), ("delete", {"password": PASSWORD}),
             ("password", {}), ("seats", {"seats": []})]  # fmt: skip
    for path, body in forms:
        r = client.post(f"/api/account/{path}", json=body, headers={"Origin": "https://evil.example"})
        assert h.error_of(r) == "bad_origin", path
    assert who(client)["name"] == "Fay" and accounts_in(client) == 1


def test_signing_in_keeps_the_seats_held_anonymously_in_that_browser(make, h):
    client = make()
    m = h.new_match(client)
    sign_up(client, "Gus")
    seats = [{"match": m["id"], "seat": int(s), "token": t} for s, t in m["tokens"].items()]
    seats.append({"match": m["id"], "seat": 0, "token": "not the seat's token"})
    assert client.post("/api/account/seats", json={"seats": seats}).json() == {"linked": 2}
    store = AccountStore(client.app.state.manager.storage)
    account_id = client.app.state.accounts.store.password_hash_of("gus")[0].id
    assert store.linked_seats(account_id) == [(m["id"], 0), (m["id"], 1)]
    state = h.live_state(client, m["id"])
    p = state.current_player()
    body = {"seat": p, "token": m["tokens"][str(p)], "version": state.move_number(), "action": state.legal_actions()[0]}
    assert client.post(f"/api/matches/{m['id']}/actions", json=body).status_code == 200, "the tokens still play"
    bad = client.post("/api/account/seats", json={"seats": [{"match": "../x", "seat": 0, "token": "t"}]})
    assert h.error_of(bad) == "bad_message"


def test_a_deleted_accounts_matches_stay_for_the_opponent_with_the_name_replaced(make, h):
    client = make()
    m = h.new_match(client)  # seat 1 claimed as "Player 1"
    sign_up(client, "Hal")
    client.post("/api/account/seats", json={"seats": [{"match": m["id"], "seat": 1, "token": m["tokens"]["1"]}]})
    before = client.get(f"/api/matches/{m['id']}").json()
    wrong = client.post("/api/account/delete", json={"password": "not my password"})
    assert h.error_of(wrong) == "bad_credentials" and who(client)["name"] == "Hal"
    gone = client.post("/api/account/delete", json={"password": PASSWORD})
    assert gone.status_code == 200 and gone.json() == {"account": None}
    after = client.get(f"/api/matches/{m['id']}").json()
    assert after["seats"][1]["name"] == DELETED_NAME and after["seats"][0]["name"] == before["seats"][0]["name"]
    assert after["version"] == before["version"] and after["status"] == "active", "the match is kept"
    assert (
        h.live_state(client, m["id"]).history()
        == client.portal.call(client.app.state.manager.get, m["id"]).state.history()
    )
    assert who(client) is None and accounts_in(client) == 0
    assert h.error_of(client.post("/api/account/signin", json={"name": "Hal", "password": PASSWORD})) == (
        "bad_credentials"
    )
    with client.app.state.manager.storage.engine.connect() as conn:
        for table in ("account_sessions", "account_seats"):
            assert conn.exec_driver_sql(f"SELECT COUNT(*) FROM {table}").scalar() == 0, table
    # A fresh server reading the database shows the same.
    stored = client.app.state.manager.storage.load_match(m["id"])
    assert stored.seat_rows[1].name == DELETED_NAME and stored.seat_rows[0].name == before["seats"][0]["name"]


def test_an_expired_session_is_signed_out_and_forgotten(make):
    client = make(session_days=0)
    assert sign_up(client, "Ivy").status_code == 201
    assert who(client) is None
    assert client.post("/api/account/signin", json={"name": "Ivy", "password": PASSWORD}).status_code == 200
    with client.app.state.manager.storage.engine.connect() as conn:
        assert conn.exec_driver_sql("SELECT COUNT(*) FROM account_sessions").scalar() == 1, "the expired one went"


def test_accounts_on_postgresql_sign_up_link_seats_and_delete(postgres_url, h):
    """The same account calls on PostgreSQL (its own SQL: the tuple IN of link_seats, the unique name)."""
    name = f"pg{uuid.uuid4().hex[:10]}"
    with TestClient(create_app(postgres_url, settings=h.settings()), base_url="https://testserver") as client:
        m = h.new_match(client)
        assert sign_up(client, name).status_code == 201
        assert h.error_of(sign_up(other_address(client), name.upper())) == "name_taken"
        seats = [{"match": m["id"], "seat": int(s), "token": t} for s, t in m["tokens"].items()]
        assert client.post("/api/account/seats", json={"seats": seats}).json() == {"linked": 2}
        assert client.post("/api/account/delete", json={"password": PASSWORD}).status_code == 200
        names = [s["name"] for s in client.get(f"/api/matches/{m['id']}").json()["seats"]]
        assert names == [DELETED_NAME, DELETED_NAME]
        assert h.error_of(client.post("/api/account/signin", json={"name": name, "password": PASSWORD})) == (
            "bad_credentials"
        )


def test_over_plain_http_off_loopback_accounts_are_refused_unless_the_operator_allows(sqlite_url, h):
    """A Secure cookie would never come back to a page opened over plain HTTP on a network address, and the
    password would travel in clear: sign-up and sign-in say so (needs_https) instead of seeming to work."""
    lan = h.settings(allowed_hosts=["192.168.1.20"])
    with TestClient(create_app(sqlite_url, settings=lan), base_url="http://192.168.1.20:8000") as client:
        for path in ("signup", "signin"):
            r = client.post(f"/api/account/{path}", json={"name": "Jo_x", "password": PASSWORD})
            assert r.status_code == 403 and h.error_of(r) == "needs_https" and "HTTPS" in r.json()["error"]["message"]
        assert accounts_in(client) == 0
    allowed = h.settings(allowed_hosts=["192.168.1.20"], session_cookie_secure=False)
    with TestClient(create_app(sqlite_url, settings=allowed), base_url="http://192.168.1.20:8000") as client:
        r = sign_up(client, "Jo_x")
        assert r.status_code == 201 and "secure" not in r.headers["set-cookie"].lower()
        assert who(client)["name"] == "Jo_x"
    with TestClient(create_app(sqlite_url, settings=h.settings()), base_url="http://127.0.0.1:8000") as client:
        assert client.post("/api/account/signin", json={"name": "Jo_x", "password": PASSWORD}).status_code == 200


def test_behind_a_trusted_tls_proxy_accounts_work_and_each_players_address_is_limited_apart(sqlite_url, h):
    """A public site (docs/deploy.md): TLS ends in a proxy on this machine, which passes X-Forwarded-Proto and
    X-Forwarded-For. Accounts then work with a Secure cookie (plain HTTP through the proxy is still `needs_https`),
    and a password guesser's address is limited, not the proxy's: the guessing locks no other player out."""
    public = {"allowed_hosts": ["games.example.org"], "signins_per_minute": 0.001, "signin_burst": 2}
    with h.uvicorn_server(sqlite_url, **public) as srv:

        def via_proxy(player, proto="https"):
            head = {"Host": "games.example.org", "X-Forwarded-Proto": proto, "X-Forwarded-For": player}
            return httpx.Client(base_url=srv.url, timeout=30, headers=head)

        with via_proxy("203.0.113.5", "http") as plain:
            r = plain.post("/api/account/signup", json={"name": "Ann", "password": PASSWORD})
            assert (r.status_code, h.error_of(r)) == (403, "needs_https")
        with via_proxy("203.0.113.5") as ann, via_proxy("198.51.100.66") as guesser:
            r = ann.post("/api/account/signup", json={"name": "Ann", "password": PASSWORD})
            assert r.status_code == 201 and "secure" in r.headers["set-cookie"].lower(), r.text
            guesses = [guesser.post("/api/account/signin", json={"name": "Bea", "password": f"guess {i}"})
                       for i in range(3)]  # fmt: skip
            assert [h.error_of(g) for g in guesses] == ["bad_credentials", "bad_credentials", "rate_limited"]
            again = ann.post("/api/account/signin", json={"name": "Ann", "password": PASSWORD})
            assert again.status_code == 200, "the guesser's limit is not the proxy's, so not Ann's"
        assert srv.log.tracebacks() == []
