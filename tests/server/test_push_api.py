"""The push API over HTTP (SQLite and PostgreSQL): the server's public key, a browser's
subscription stored for the signed-in account and removed, and every refusal — no session, another
site's page, a malformed subscription naming the field, an endpoint at no known push service, the
per-account limit, Web Push off; a deleted account's subscriptions go with it."""

from __future__ import annotations

import base64
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, select

from regalia.server.schema import PushSubscriptionRow

from .accounts import register
from .conftest import AppFactory
from .pushservice import Browser, b64url

CONTACT = "mailto:operator@example.org"
SERVICE = "http://127.0.0.1:9"
"""A push service listed by origin (nothing is posted to it here)."""


@pytest.fixture
def push_client(make_client: AppFactory) -> TestClient:
    return make_client(
        push_contact=CONTACT, push_services=("fcm.googleapis.com", SERVICE), push_subscriptions_per_account=2
    )


def _browser(n: int) -> Browser:
    return Browser(f"https://fcm.googleapis.com/fcm/send/device-{n}")


def _endpoints(client: TestClient) -> list[tuple[str, str]]:
    engine = create_engine(client.app.state.services.settings.db_url)  # type: ignore[attr-defined]
    try:
        with engine.connect() as conn:
            rows = conn.execute(select(PushSubscriptionRow.endpoint, PushSubscriptionRow.account_id)).all()
    finally:
        engine.dispose()
    return sorted((e, str(a)) for e, a in rows)


def test_a_subscription_is_stored_for_the_account_replaced_removed_and_limited(push_client: TestClient) -> None:
    r = push_client.get("/api/push/key")
    assert r.status_code == 200
    raw = base64.urlsafe_b64decode(r.json()["key"] + "=")
    assert len(raw) == 65 and raw[0] == 4  # an uncompressed P-256 point: the applicationServerKey
    register(push_client, "ann")
    one = _browser(1)
    r = push_client.post("/api/push/subscriptions", json=one.subscription())
    assert r.status_code == 201 and r.headers["cache-control"] == "no-store"
    assert r.json() == {"endpoint": one.endpoint, "subscriptions": 1, "limit": 2}
    again = {**one.subscription(), "keys": Browser(one.endpoint).subscription()["keys"]}
    assert push_client.post("/api/push/subscriptions", json=again).json()["subscriptions"] == 1  # replaced
    assert [e for e, _ in _endpoints(push_client)] == [one.endpoint]
    assert push_client.post("/api/push/subscriptions", json=_browser(2).subscription()).status_code == 201
    r = push_client.post("/api/push/subscriptions", json=_browser(3).subscription())
    assert r.status_code == 409 and "push_subscriptions_per_account" in r.json()["error"]["reason"]
    assert push_client.post("/api/push/subscriptions", json=one.subscription()).status_code == 201  # its own again
    r = push_client.request("DELETE", "/api/push/subscriptions", json={"endpoint": one.endpoint})
    assert r.status_code == 204 and [e for e, _ in _endpoints(push_client)] == [_browser(2).endpoint]
    r = push_client.request("DELETE", "/api/push/subscriptions", json={"endpoint": one.endpoint})
    assert r.status_code == 404 and r.json()["error"]["field"] == "endpoint"
    assert push_client.get("/api/push/key").json()["key"] == base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


SQLITE_ONLY = pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
"""The refusals are the same on both databases: checked on SQLite alone."""


@SQLITE_ONLY
def test_without_a_session_or_from_another_site_nothing_is_stored_or_removed(push_client: TestClient) -> None:
    sub = _browser(1).subscription()
    r = push_client.post("/api/push/subscriptions", json=sub)
    assert r.status_code == 401 and "sign in" in r.json()["error"]["reason"]
    # no session is checked before the body: a malformed body without one is 401 too
    assert push_client.post("/api/push/subscriptions", json={"endpoint": 3}).status_code == 401
    assert (
        push_client.request("DELETE", "/api/push/subscriptions", json={"endpoint": sub["endpoint"]}).status_code == 401
    )
    register(push_client, "ann")
    assert push_client.post("/api/push/subscriptions", json=sub).status_code == 201
    push_client.delete("/api/session")
    assert (
        push_client.request("DELETE", "/api/push/subscriptions", json={"endpoint": sub["endpoint"]}).status_code == 401
    )
    assert len(_endpoints(push_client)) == 1
    # another site's page, signed in: nothing changes either
    register(push_client, "bob")
    other = _browser(2).subscription()
    for headers in ({"origin": "https://evil.example"}, {"origin": "null"}, {"sec-fetch-site": "cross-site"}):
        r = push_client.post("/api/push/subscriptions", json=other, headers=headers)
        assert r.status_code == 403 and r.json()["error"]["field"] == "origin", headers
        r = push_client.request(
            "DELETE", "/api/push/subscriptions", json={"endpoint": sub["endpoint"]}, headers=headers
        )
        assert r.status_code == 403, headers
    assert len(_endpoints(push_client)) == 1
    ok = push_client.post("/api/push/subscriptions", json=other, headers={"origin": "http://testserver"})
    assert ok.status_code == 201 and len(_endpoints(push_client)) == 2


def _with(path: tuple[str, ...], value: Any) -> dict[str, Any]:
    sub = _browser(1).subscription()
    target = sub
    for key in path[:-1]:
        target = target[key]
    if value is ...:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return sub


BAD = [
    (("endpoint",), ..., "endpoint"),
    (("endpoint",), 42, "endpoint"),
    (("endpoint",), "", "endpoint"),
    (("endpoint",), "https://evil.example/push", "endpoint"),
    (("endpoint",), "http://fcm.googleapis.com/fcm/send/x", "endpoint"),
    (("endpoint",), "https://10.0.0.1/admin", "endpoint"),
    (("endpoint",), "https://fcm.googleapis.com/" + "a" * 2100, "endpoint"),
    (("keys",), ..., "keys"),
    (("keys", "p256dh"), ..., "keys.p256dh"),
    (("keys", "p256dh"), "not base64!", "keys.p256dh"),
    (("keys", "p256dh"), b64url(b"\x04" + b"\x01" * 64), "keys.p256dh"),  # not on the curve
    (("keys", "p256dh"), b64url(b"\x02" + b"\x01" * 32), "keys.p256dh"),  # compressed
    (("keys", "auth"), b64url(b"\x00" * 15), "keys.auth"),
    (("keys", "auth"), 16, "keys.auth"),
    (("keys", "extra"), "x", "keys.extra"),
    (("expirationTime",), "soon", "expirationTime"),
    (("surprise",), True, "surprise"),
]


@SQLITE_ONLY
def test_a_malformed_subscription_is_refused_naming_the_field(push_client: TestClient) -> None:
    register(push_client, "ann")
    for path, value, field in BAD:
        r = push_client.post("/api/push/subscriptions", json=_with(path, value))
        assert r.status_code == 422 and r.json()["error"]["field"] == field, (path, value, r.text)
    r = push_client.post("/api/push/subscriptions", content=b"{", headers={"content-type": "application/json"})
    assert r.status_code == 422
    twice = b'{"endpoint": "https://fcm.googleapis.com/a", "endpoint": "https://evil.example/b", "keys": {}}'
    r = push_client.post("/api/push/subscriptions", content=twice, headers={"content-type": "application/json"})
    assert r.status_code == 422 and r.json()["error"]["field"] == "endpoint"
    assert _endpoints(push_client) == []


@SQLITE_ONLY
def test_with_push_off_the_api_says_so(client: TestClient) -> None:
    assert client.get("/api/push/key").json() == {"key": None, "reminder_seconds": 7200.0}
    register(client, "ann")
    for method in ("POST", "DELETE"):
        r = client.request(method, "/api/push/subscriptions", json=_browser(1).subscription())
        assert r.status_code == 404 and "--push-contact" in r.json()["error"]["reason"], (method, r.text)


def test_a_deleted_accounts_subscriptions_go_with_it(push_client: TestClient) -> None:
    register(push_client, "ann")
    assert push_client.post("/api/push/subscriptions", json=_browser(1).subscription()).status_code == 201
    other = TestClient(push_client.app)
    register(other, "bob")
    assert other.post("/api/push/subscriptions", json=_browser(2).subscription()).status_code == 201
    r = push_client.request("DELETE", "/api/me", json={"confirm": "ann"})
    assert r.status_code == 204
    assert [e for e, _ in _endpoints(push_client)] == [_browser(2).endpoint]
