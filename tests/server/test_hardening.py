"""Web hardening and per-address limits (issue 20, items 5–7), in-process: security headers on
every response, only web assets served, a private table's description only with its invite,
duplicate JSON keys refused, the websocket ``Origin`` checked, limits on new tables, open
sockets, chat across reconnects and ``sync``, and the chat a ``welcome`` carries bounded."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from regalia.server.app import CLOSE_TRY_LATER
from regalia.server.limits import AddressLimits
from regalia.server.middleware import CONTENT_SECURITY_POLICY, RegaliaApp
from regalia.server.settings import ServerSettings, normal_origin

from .conftest import AppFactory
from .helpers import create, hello, until

SKIP = ("seats", "state", "pong")


def _secure(headers: object, path: str) -> None:
    h = headers  # httpx.Headers
    assert h["content-security-policy"] == CONTENT_SECURITY_POLICY, path  # type: ignore[index]
    assert "frame-ancestors 'none'" in CONTENT_SECURITY_POLICY
    assert h["x-frame-options"] == "DENY", path  # type: ignore[index]
    assert h["referrer-policy"] == "no-referrer", path  # type: ignore[index]
    assert h["x-content-type-options"] == "nosniff", path  # type: ignore[index]


# ---------------------------------------------------------------------------- headers and files
def test_every_response_carries_the_security_headers(client: TestClient) -> None:
    t = create(client, game="kingdom", players=2, seats=["human", "bot:random"])
    for path in ("/", "/table.html", "/replay.html", "/js/lib.js", "/css/regalia.css", "/favicon.svg"):
        r = client.get(path)
        assert r.status_code == 200, path
        _secure(r.headers, path)
    for method, path, body, status in [
        ("GET", "/api/games", None, 200),
        ("GET", f"/api/tables/{t['table']}", None, 200),
        ("GET", "/nothing/here.js", None, 404),
        ("GET", "/api/tables/nosuchtable", None, 404),
        ("POST", "/api/tables", {"game": 1}, 422),
        ("GET", f"/api/tables/{t['table']}/record", None, 409),
        ("PUT", "/api/games", None, 405),
    ]:
        r = client.request(method, path, json=body)
        assert r.status_code == status, (path, r.status_code)
        _secure(r.headers, path)
    r = client.post("/api/tables", content=b"x" * 70000, headers={"content-type": "application/json"})
    assert r.status_code == 413
    _secure(r.headers, "413")


def test_an_unexpected_error_answer_carries_the_headers_too() -> None:
    app = RegaliaApp()

    @app.get("/boom")
    async def boom() -> None:
        raise RuntimeError("boom")

    with TestClient(app, raise_server_exceptions=False) as c:
        r = c.get("/boom")
    assert r.status_code == 500
    _secure(r.headers, "500")


def test_the_pages_carry_no_policy_of_their_own_and_no_inline_script(client: TestClient) -> None:
    for page in ("/", "/table.html", "/replay.html"):
        text = client.get(page).text
        assert "Content-Security-Policy" not in text  # the header supersedes the old <meta>
        assert "<script>" not in text and 'type="module" src="/js/' in text


def test_the_api_description_has_a_policy_of_its_own_that_forbids_framing(client: TestClient) -> None:
    r = client.get("/api/docs")
    assert r.status_code == 200 and "swagger-ui" in r.text
    policy = r.headers["content-security-policy"]
    assert "frame-ancestors 'none'" in policy and "'sha256-" in policy and "unsafe-inline" not in policy
    assert r.headers.get_list("content-security-policy") == [policy]  # not doubled by the guard


@pytest.mark.parametrize(
    "path",
    [
        "/__init__.py",
        "/__pycache__/__init__.cpython-311.pyc",
        "/js/../__init__.py",
        "/.hidden",
        "/js/__init__.py",
        "/%5F%5Finit%5F%5F.py",
    ],
)
def test_only_web_assets_are_served(client: TestClient, path: str) -> None:
    r = client.get(path)
    assert r.status_code == 404, path
    assert "annotations" not in r.text


def test_the_assets_are_still_served(client: TestClient) -> None:
    for path in ("/", "/index.html", "/js/games/kingdom.js", "/vendor/htm-3.1.1/LICENSE-htm.txt"):
        assert client.get(path).status_code == 200, path


# ---------------------------------------------------------------------------- private tables
def test_a_private_tables_description_needs_its_invite(client: TestClient) -> None:
    priv = create(client, game="kingdom", players=2, seats=["human", "human"], private=True, table_name="Secret club")
    url = f"/api/tables/{priv['table']}"
    for headers in ({}, {"x-regalia-invite": "guess"}, {"x-regalia-invite": priv["invite"][:-1]}):
        r = client.get(url, headers=headers)
        assert r.status_code == 403 and r.json()["error"]["field"] == "invite"
        assert "Secret" not in r.text
    r = client.get(url, headers={"x-regalia-invite": priv["invite"]})
    assert r.status_code == 200 and r.json()["name"] == "Secret club"
    pub = create(client, game="kingdom", players=2, seats=["human", "human"], table_name="Open")
    assert client.get(f"/api/tables/{pub['table']}").json()["name"] == "Open"


# ---------------------------------------------------------------------------- duplicate keys
def test_duplicate_json_keys_are_refused_naming_the_key(client: TestClient) -> None:
    def post(text: str) -> tuple[int, dict[str, object]]:
        r = client.post("/api/tables", content=text.encode(), headers={"content-type": "application/json"})
        return r.status_code, r.json()

    status, body = post('{"game": "kingdom", "game": "kingship"}')
    assert status == 422 and body["error"] == {"field": "game", "reason": "duplicate key 'game': send each field once"}
    status, body = post('{"game": "kingdom", "options": {"territories": 20, "territories": 30}}')
    assert status == 422 and body["error"]["field"] == "territories"  # type: ignore[index]
    assert client.get("/api/tables").json()["tables"] == []
    status, _ = post('{"game": "kingdom", "players": 2, "response_seconds": 10}')
    assert status == 201
    t = create(client, game="kingdom", players=2, seats=["human", "human"])
    r = client.post(
        f"/api/tables/{t['table']}/join",
        content=b'{"seat": 1, "seat": 0}',
        headers={"content-type": "application/json"},
    )
    assert r.status_code == 422 and r.json()["error"]["field"] == "seat"


def test_a_websocket_message_with_a_duplicate_key_is_refused(client: TestClient) -> None:
    t = create(client, game="kingdom", players=2, seats=["human", "bot:random"])
    with client.websocket_connect(f"/ws/tables/{t['table']}") as ws:
        hello(ws, token=t["token"])
        ws.send_text(json.dumps({"type": "ping"})[:-1] + ', "type": "sync"}')
        err = until(ws, "error", skip=SKIP)
        assert err["code"] == "invalid" and err["field"] == "type" and "duplicate key 'type'" in err["reason"]
        ws.send_text('{"type": "act", "step": 0, "action": "pass", "step": 1}')
        assert until(ws, "error", skip=SKIP)["field"] == "step"
        ws.send_json({"type": "ping"})
        until(ws, "pong", skip=("seats", "state"))


# ---------------------------------------------------------------------------- origin
def test_origins_are_normalised() -> None:
    assert normal_origin("HTTP://Example.ORG:80") == "http://example.org"
    assert normal_origin("https://example.org:443") == "https://example.org"
    assert normal_origin("https://example.org:8443") == "https://example.org:8443"
    assert normal_origin("http://[::1]:8000") == "http://[::1]:8000"
    for bad in ("null", "example.org", "ftp://example.org", "http://example.org/path", "http://a:b", "http://"):
        assert normal_origin(bad) is None, bad
    with pytest.raises(ValueError, match="allowed_origins"):
        ServerSettings(db_url="sqlite://", allowed_origins=("evil",))


def test_a_socket_from_another_sites_page_is_refused(make_client: AppFactory) -> None:
    client = make_client(allowed_origins=("https://friends.example",))
    t = create(client, game="kingdom", players=2, seats=["human", "bot:random"])
    url = f"/ws/tables/{t['table']}"
    for origin in ("http://evil.example", "null", "https://testserver", "http://testserver:8080"):
        with pytest.raises(WebSocketDisconnect) as refused, client.websocket_connect(url, headers={"origin": origin}):
            pass
        assert refused.value.code == 1008, origin
    for headers in ({}, {"origin": "http://testserver"}, {"origin": "https://friends.example:443"}):
        with client.websocket_connect(url, headers=headers) as ws:
            welcome, _ = hello(ws, token=t["token"])
            assert welcome["seat"] == 0


# ---------------------------------------------------------------------------- per-address limits
def test_new_tables_per_address_per_minute_are_limited(make_client: AppFactory) -> None:
    client = make_client(tables_per_minute=2)
    for _ in range(2):
        create(client, game="kingdom", players=2)
    r = client.post("/api/tables", json={"game": "kingdom", "players": 2})
    assert r.status_code == 429
    assert "tables_per_minute" in r.json()["error"]["reason"] and "at most 2 a minute" in r.json()["error"]["reason"]
    assert 1 <= int(r.headers["retry-after"]) <= 60
    _secure(r.headers, "429")
    assert len(client.get("/api/tables").json()["tables"]) == 2


def test_the_table_limit_counts_a_sliding_minute_per_address() -> None:
    now = [1000.0]
    limits = AddressLimits(ServerSettings(db_url="sqlite://", tables_per_minute=3), clock=lambda: now[0])
    assert [limits.take_table("a") for _ in range(3)] == [None, None, None]
    assert limits.take_table("a") == pytest.approx(60.0)
    assert limits.take_table("b") is None  # another address
    now[0] += 59.5
    assert limits.take_table("a") == pytest.approx(0.5)
    now[0] += 0.6
    assert limits.take_table("a") is None
    unlimited = AddressLimits(ServerSettings(db_url="sqlite://", tables_per_minute=0, sockets_per_address=0))
    assert all(unlimited.take_table("a") is None for _ in range(100))
    assert all(unlimited.open_socket("a") for _ in range(100))


def test_open_sockets_per_address_are_limited(make_client: AppFactory) -> None:
    client = make_client(sockets_per_address=2)
    t = create(client, game="kingdom", players=2, seats=["human", "bot:random"])
    url = f"/ws/tables/{t['table']}"
    with client.websocket_connect(url) as a, client.websocket_connect(url) as b:
        hello(a, spectator=True)
        hello(b, spectator=True)
        with client.websocket_connect(url) as c:
            err = c.receive_json()
            assert err["type"] == "error" and err["code"] == "too_many_sockets"
            assert "sockets_per_address" in err["reason"] and "at most 2" in err["reason"]
            with pytest.raises(WebSocketDisconnect) as closed:
                c.receive_json()
            assert closed.value.code == CLOSE_TRY_LATER == 1013
    with client.websocket_connect(url) as d:  # the others closed: room again
        welcome, _ = hello(d, spectator=True)
        assert welcome["seat"] is None


def test_chat_per_seat_per_minute_counts_across_reconnects(make_client: AppFactory) -> None:
    client = make_client(chat_per_minute=3)
    t = create(client, game="kingdom", players=2, seats=["human", "bot:random"])
    url = f"/ws/tables/{t['table']}"
    with client.websocket_connect(url) as ws:
        hello(ws, token=t["token"])
        for i in range(2):
            ws.send_json({"type": "chat", "text": f"hello {i}"})
            until(ws, "chat", skip=SKIP)
    with client.websocket_connect(url) as ws:  # a new socket of the same seat
        hello(ws, token=t["token"])
        ws.send_json({"type": "chat", "text": "hello 2"})
        until(ws, "chat", skip=SKIP)
        ws.send_json({"type": "chat", "text": "one too many"})
        err = until(ws, "error", skip=SKIP)
        assert err["code"] == "rate_limited" and err["field"] == "text" and "chat_per_minute" in err["reason"]
    with client.websocket_connect(url) as late:
        welcome, _ = hello(late, spectator=True)
        assert [c["text"] for c in welcome["chat"]] == ["hello 0", "hello 1", "hello 2"]


def test_the_chat_a_welcome_carries_is_bounded_in_bytes(make_client: AppFactory) -> None:
    client = make_client(welcome_chat_bytes=600, chat_per_minute=0)
    t = create(client, game="kingdom", players=2, seats=["human", "bot:random"])
    url = f"/ws/tables/{t['table']}"
    with client.websocket_connect(url) as ws:
        hello(ws, token=t["token"])
        for i in range(12):
            ws.send_json({"type": "chat", "text": f"message {i:02d} " + "x" * 40})
            until(ws, "chat", skip=SKIP)
    with client.websocket_connect(url) as late:
        welcome, _ = hello(late, spectator=True)
    texts = [c["text"][:10] for c in welcome["chat"]]
    assert 2 <= len(texts) < 12 and texts[-1] == "message 11"  # the newest, in order
    assert texts == [f"message {i:02d}" for i in range(12 - len(texts), 12)]
    assert len(json.dumps(welcome["chat"]).encode()) <= 600 + 2


def test_sync_is_rate_limited(make_client: AppFactory) -> None:
    client = make_client(sync_seconds=3600)
    t = create(client, game="kingdom", players=2, seats=["human", "bot:random"])
    with client.websocket_connect(f"/ws/tables/{t['table']}") as ws:
        hello(ws, token=t["token"])
        ws.send_json({"type": "sync"})
        while not until(ws, "state", skip=("seats", "pong"))["full"]:
            pass  # a frame of a move may come first
        ws.send_json({"type": "sync"})
        err = until(ws, "error", skip=SKIP)
        assert err["code"] == "rate_limited" and err["field"] == "type" and "sync_seconds" in err["reason"]


def test_serve_help_lists_every_limit_with_its_default() -> None:
    from typer.testing import CliRunner

    from regalia.cli.main import app
    from regalia.server.cli import LIMIT_OPTIONS

    result = CliRunner().invoke(app, ["serve", "--help"])
    assert result.exit_code == 0
    lines: dict[str, str] = {}  # each option's whole entry, its wrapped lines joined
    option = ""
    for line in result.stdout.splitlines():
        if line.strip().startswith("--"):
            option = line.split()[0]
            lines[option] = line.strip()
        elif option and line.strip():
            lines[option] += " " + line.strip()
    defaults = ServerSettings(db_url="sqlite://")
    for field, option in LIMIT_OPTIONS.items():
        assert option in lines, option
        if field not in ("allowed_origins", "forwarded_allow_ips", "push_contact", "push_services"):
            assert f"[default: {getattr(defaults, field)}]" in lines[option], lines[option]
    assert "this server's own origin" in lines["--allowed-origin"]
    assert "no forwarded header is read" in lines["--forwarded-allow-ips"]
    assert "Default: no notices" in lines["--push-contact"]
    assert "besides Chrome's, Firefox's, Safari's and Edge's" in lines["--push-service"]
