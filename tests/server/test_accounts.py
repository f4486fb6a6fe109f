"""Accounts and sessions over HTTP (SQLite and PostgreSQL): registering, signing in and out, the
cookie's flags, the same 401 for a wrong password and an unknown name, the sign-in limits, the
origin check of state-changing requests, sessions listed and revoked, deleting an account."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from regalia.server.accounts import passwords
from regalia.server.store import Store

from .accounts import PASSWORD, cookie_of, register
from .conftest import AppFactory


def test_register_signs_in_with_an_httponly_samesite_cookie(client: TestClient) -> None:
    r = client.post("/api/accounts", json={"name": "Ann_1", "password": PASSWORD})
    assert r.status_code == 201 and r.json() == {"name": "Ann_1"}
    cookie = cookie_of(r)
    flags = {part.strip().split("=")[0].lower() for part in cookie.split(";")[1:]}
    assert {"httponly", "path", "samesite", "max-age"} <= flags and "secure" not in flags  # plain http
    assert "samesite=lax" in cookie.lower() and "path=/" in cookie.lower()
    token = cookie.split(";")[0].split("=", 1)[1]
    assert len(token) >= 43  # 256 random bits
    me = client.get("/api/me")
    assert me.status_code == 200 and me.json()["name"] == "Ann_1" and me.json()["password"] is True
    assert me.headers["cache-control"] == "no-store"


def test_the_cookie_is_secure_when_the_page_came_over_https(make_client: AppFactory) -> None:
    client = make_client()
    r = client.post("/api/accounts", json={"name": "bo", "password": PASSWORD})
    assert r.status_code == 422  # 3 characters at least
    secure = TestClient(client.app, base_url="https://testserver")
    with secure:
        r = secure.post("/api/accounts", json={"name": "bob", "password": PASSWORD})
        assert r.status_code == 201 and "secure" in cookie_of(r).lower()
    behind_proxy = make_client(allowed_origins=("https://testserver",))  # a proxy that ends TLS
    r = behind_proxy.post(
        "/api/session", json={"name": "bob", "password": PASSWORD}, headers={"origin": "https://testserver"}
    )
    assert r.status_code == 200 and "secure" in cookie_of(r).lower()  # the page came over https


@pytest.mark.parametrize(
    ("body", "field", "words"),
    [
        ({"name": "ab", "password": PASSWORD}, "name", "3 to 20"),
        ({"name": "a" * 21, "password": PASSWORD}, "name", "3 to 20"),
        ({"name": "Ann Lee", "password": PASSWORD}, "name", "3 to 20"),
        ({"name": "Zoë", "password": PASSWORD}, "name", "3 to 20"),
        ({"name": "Deleted", "password": PASSWORD}, "name", "reserved"),
        ({"name": "ann", "password": "short"}, "password", "at least 8"),
        ({"name": "ann", "password": "Password1"}, "password", "most common"),
        ({"name": "ann", "password": "qwertyuiop"}, "password", "most common"),
        ({"name": "annabelle", "password": "AnnaBelle"}, "password", "name"),
        ({"name": "ann", "password": "x" * 257}, "password", "at most 256"),
        ({"name": "ann"}, "password", "Field required"),
        ({"name": "ann", "password": 12345678}, "password", "string"),
        ({"name": "ann", "password": PASSWORD, "admin": True}, "admin", "unknown field"),
    ],
)
def test_bad_names_and_passwords_are_refused_naming_the_field(
    client: TestClient, body: dict[str, object], field: str, words: str
) -> None:
    r = client.post("/api/accounts", json=body)
    assert r.status_code == 422, r.text
    error = r.json()["error"]
    assert error["field"] == field and words in error["reason"]
    assert client.get("/api/me").status_code == 401  # nothing stored, no session


def test_a_name_is_unique_ignoring_case(client: TestClient) -> None:
    register(client, "Ann")
    r = client.post("/api/accounts", json={"name": "aNN", "password": PASSWORD + "!"})
    assert r.status_code == 409 and r.json()["error"]["field"] == "name" and "taken" in r.json()["error"]["reason"]


def test_passwords_are_kept_as_argon2id_hashes_and_sessions_as_token_hashes(client: TestClient, db_url: str) -> None:
    r = client.post("/api/accounts", json={"name": "carol", "password": PASSWORD})
    token = cookie_of(r).split(";")[0].split("=", 1)[1]
    store = Store(db_url, migrate_schema=False)
    try:
        with store.engine.connect() as conn:
            dump = str(
                [
                    list(x)
                    for t in ("regalia_accounts", "regalia_sessions")
                    for x in conn.exec_driver_sql(f"SELECT * FROM {t}")
                ]
            )
            stored = conn.exec_driver_sql("SELECT password_hash FROM regalia_accounts").scalar_one()
    finally:
        store.close()
    assert stored.startswith("$argon2id$") and PASSWORD not in dump and token not in dump


def test_sign_in_and_out_ends_the_session_on_the_server(client: TestClient) -> None:
    register(client, "dave")
    old = client.cookies.get("regalia_session")
    assert client.delete("/api/session").status_code == 204
    assert client.get("/api/me").status_code == 401
    client.cookies.set("regalia_session", old)  # the old cookie sent again: ended on the server
    assert client.get("/api/me").status_code == 401
    client.cookies.clear()
    r = client.post("/api/session", json={"name": "DAVE", "password": PASSWORD})  # the name ignoring case
    assert r.status_code == 200 and r.json() == {"name": "dave"} and "httponly" in cookie_of(r).lower()
    assert client.get("/api/me").json()["name"] == "dave"


def test_a_wrong_password_and_an_unknown_name_get_the_same_answer_after_the_same_work(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    register(client, "erin")
    client.cookies.clear()
    checks: list[str] = []
    real = passwords.HASHER.verify_and_update

    def counted(password: str, stored: str) -> tuple[bool, str | None]:
        checks.append(stored)
        return real(password, stored)

    monkeypatch.setattr(passwords.HASHER, "verify_and_update", counted)
    wrong = client.post("/api/session", json={"name": "erin", "password": PASSWORD + "x"})
    unknown = client.post("/api/session", json={"name": "nobody_here", "password": PASSWORD})
    assert wrong.status_code == unknown.status_code == 401
    assert (
        wrong.json() == unknown.json() == {"error": {"field": None, "reason": "no account has this name and password"}}
    )
    assert len(checks) == 2 and checks[1] == passwords.dummy_hash()  # one Argon2id check each, alike
    assert checks[0].split("$")[:4] == checks[1].split("$")[:4]  # the same parameters
    assert "set-cookie" not in wrong.headers and "set-cookie" not in unknown.headers


def test_failed_sign_ins_are_limited_per_name_and_per_address(make_client: AppFactory) -> None:
    client = make_client(signin_failures_per_name=3, signin_failures_per_address=5)
    register(client, "fay")
    client.cookies.clear()
    for _ in range(3):
        assert client.post("/api/session", json={"name": "fay", "password": "wrong password"}).status_code == 401
    limited = client.post("/api/session", json={"name": "fay", "password": PASSWORD})  # even the right one
    assert limited.status_code == 429 and int(limited.headers["retry-after"]) >= 1
    assert (
        "signin_failures_per_name" in limited.json()["error"]["reason"]
        and "at most 3" in limited.json()["error"]["reason"]
    )
    unknown = client.post("/api/session", json={"name": "nobody_x", "password": "wrong password"})
    assert unknown.status_code == 401  # the 4th failure of this address
    client.post("/api/session", json={"name": "nobody_y", "password": "wrong password"})
    limited = client.post("/api/session", json={"name": "nobody_z", "password": "wrong password"})
    assert limited.status_code == 429 and "signin_failures_per_address" in limited.json()["error"]["reason"]


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("POST", "/api/tables", {"game": "kingdom", "players": 2}),
        ("DELETE", "/api/me", {"confirm": "gus"}),
        ("DELETE", "/api/session", None),
        ("POST", "/api/session", {"name": "gus", "password": PASSWORD}),
        ("POST", "/api/me/claim", {"table": "x", "token": "y"}),
    ],
)
def test_another_sites_page_cannot_change_anything(
    make_client: AppFactory, method: str, path: str, body: dict[str, object] | None
) -> None:
    client = make_client()
    register(client, "gus")
    for headers in ({"origin": "https://evil.example"}, {"origin": "null"}, {"sec-fetch-site": "cross-site"}):
        r = client.request(method, path, json=body, headers=headers)
        assert r.status_code == 403 and r.json()["error"]["field"] == "origin", (headers, r.text)
    assert client.get("/api/me").json()["name"] == "gus"  # still there, still signed in
    same = client.request(
        method, path, json=body, headers={"origin": "http://testserver", "sec-fetch-site": "same-origin"}
    )
    assert same.status_code != 403 or same.json()["error"]["field"] != "origin"


def test_an_allowed_origin_may_change_things(make_client: AppFactory) -> None:
    client = make_client(allowed_origins=("https://play.example",))
    r = client.post(
        "/api/accounts", json={"name": "hal", "password": PASSWORD}, headers={"origin": "https://play.example"}
    )
    assert r.status_code == 201
    r = client.post(
        "/api/accounts", json={"name": "hal2", "password": PASSWORD}, headers={"origin": "https://other.example"}
    )
    assert r.status_code == 403


def test_sessions_are_listed_and_another_one_revoked(make_client: AppFactory) -> None:
    first = make_client()
    register(first, "ivy")
    second = TestClient(first.app)
    second.headers["user-agent"] = "second browser"
    r = second.post("/api/session", json={"name": "ivy", "password": PASSWORD})
    assert r.status_code == 200
    listed = first.get("/api/me/sessions").json()
    assert len(listed) == 2 and sum(s["current"] for s in listed) == 1
    other = next(s for s in listed if not s["current"])
    assert other["browser"] == "second browser" and other["how"] == "password"
    assert first.delete(f"/api/me/sessions/{other['id']}").status_code == 204
    assert second.get("/api/me").status_code == 401 and first.get("/api/me").status_code == 200
    assert first.delete("/api/me/sessions/nope").status_code == 404


def test_deleting_an_account_ends_its_sessions_and_frees_nothing_else(make_client: AppFactory) -> None:
    client = make_client()
    register(client, "jay")
    other = TestClient(client.app)
    other.post("/api/session", json={"name": "jay", "password": PASSWORD})
    r = client.request("DELETE", "/api/me", json={"confirm": "JAY"})
    assert r.status_code == 422 and r.json()["error"]["field"] == "confirm"
    r = client.request("DELETE", "/api/me", json={"confirm": "jay"})
    assert r.status_code == 204 and "max-age=0" in cookie_of(r).lower()
    assert other.get("/api/me").status_code == 401
    assert client.post("/api/session", json={"name": "jay", "password": PASSWORD}).status_code == 401
    assert client.get("/api/players/jay").status_code == 404


def test_requests_that_need_a_session_answer_401_without_one(client: TestClient) -> None:
    for method, path, body in (
        ("GET", "/api/me", None),
        ("GET", "/api/me/sessions", None),
        ("DELETE", "/api/me", {"confirm": "x"}),
        ("POST", "/api/me/claim", {"table": "t", "token": "x" * 43}),
        ("GET", "/api/me/passkeys", None),
    ):
        r = client.request(method, path, json=body)
        assert r.status_code == 401 and "sign in" in r.json()["error"]["reason"], (path, r.text)
