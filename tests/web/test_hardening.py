"""The browser's side of the web hardening (issue 20, item 7), in Chromium against a real
``regalia serve``: a page of another site can neither open a table socket nor frame a page of
the server; a private table's page works from its invite link and says what is missing
without it; the pages run under the server's Content-Security-Policy header."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import httpx
import pytest

from .conftest import DESKTOP
from .person import wait_for

pytestmark = pytest.mark.timeout(180)


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture
def other_site(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """Another site: a plain HTTP server on another port of 127.0.0.1 (another origin), serving
    the files a test writes into its folder."""
    folder = tmp_path / "other-site"
    folder.mkdir()
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), partial(_Quiet, directory=str(folder)))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}", folder
    httpd.shutdown()
    httpd.server_close()


def test_another_sites_page_can_neither_open_a_table_socket_nor_frame_a_page(
    server: Any, tabs: Any, other_site: tuple[str, Path]
) -> None:
    t = httpx.post(f"{server.base}/api/tables", json={"game": "kingdom", "players": 2}, timeout=60).json()
    ws_url = f"ws://127.0.0.1:{server.port}/ws/tables/{t['table']}"
    site, folder = other_site
    (folder / "evil.html").write_text(
        "<!doctype html><title>evil</title><body>"
        f'<iframe id="framed" src="{server.base}/table.html?t={t["table"]}"></iframe>'
        "<script>"
        f"const ws = new WebSocket({ws_url!r});"
        "window.outcome = 'pending';"
        "ws.onopen = () => { window.outcome = 'open'; ws.send(JSON.stringify({type: 'hello', token: "
        f"{t['token']!r}" + "})); };"
        "ws.onmessage = (e) => { window.outcome = 'message: ' + e.data.slice(0, 40); };"
        "ws.onclose = (e) => { if (window.outcome === 'pending') window.outcome = 'closed ' + e.code; };"
        "</script>"
    )
    tab = tabs(DESKTOP)
    tab.page.goto(f"{site}/evil.html")
    tab.page.wait_for_function("() => window.outcome !== 'pending'", timeout=30_000)
    assert tab.page.evaluate("() => window.outcome") == "closed 1006"  # refused at the handshake (403)
    frame = next(f for f in tab.page.frames if f != tab.page.main_frame)
    assert frame.evaluate("() => document.getElementById('app')") is None  # the page was not framed
    assert any("frame-ancestors" in e for e in tab.errors)
    # the server's own page opens the same socket
    own = tabs(DESKTOP)
    own.page.goto(f"{server.base}/")
    outcome = own.page.evaluate(
        """(url) => new Promise((done) => {
             const ws = new WebSocket(url);
             ws.onopen = () => ws.send(JSON.stringify({type: 'hello', spectator: true}));
             ws.onmessage = (e) => { done(JSON.parse(e.data).type); ws.close(); };
             ws.onclose = (e) => done('closed ' + e.code);
           })""",
        ws_url,
    )
    assert outcome == "welcome"
    own.check_clean()


def test_a_private_tables_page_works_from_its_invite_link_and_says_what_is_missing(server: Any, tabs: Any) -> None:
    body = {
        "game": "kingdom",
        "players": 2,
        "seats": ["human", "human"],
        "private": True,
        "table_name": "Back room",
    }
    t = httpx.post(f"{server.base}/api/tables", json=body, timeout=60).json()
    stranger = tabs(DESKTOP)
    stranger.page.goto(f"{server.base}/table.html?t={t['table']}")
    wait_for(stranger.page, "main.join .error")
    text = stranger.page.inner_text("main.join")
    assert "private" in text and "invite link" in text and "Back room" not in text
    wrong = tabs(DESKTOP)
    wrong.page.goto(f"{server.base}/table.html?t={t['table']}#invite=not-the-code")
    wait_for(wrong.page, "main.join .error")
    assert "not the table" in wrong.page.inner_text("main.join")
    guest = tabs(DESKTOP)
    guest.page.goto(f"{server.base}/table.html?t={t['table']}#invite={t['invite']}")
    wait_for(guest.page, "form.join-form")
    assert "Back room" in guest.page.inner_text("main.join h1")
    guest.page.click("form.join-form button[type=submit]")
    guest.page.wait_for_function(
        "() => window.localStorage.length > 0 && !document.querySelector('form.join-form')", timeout=30_000
    )
    assert not any(t["invite"] in u for u in guest.urls if "/api/" in u)  # the invite went in a header
    for tab in (stranger, wrong, guest):
        assert tab.dialogs == []


def test_the_pages_run_under_the_servers_policy_header(server: Any, tabs: Any) -> None:
    for page in ("/", "/table.html", "/replay.html"):
        r = httpx.get(f"{server.base}{page}", timeout=60)
        assert "frame-ancestors 'none'" in r.headers["content-security-policy"]
        assert "script-src 'self'" in r.headers["content-security-policy"]
    tab = tabs(DESKTOP)
    tab.page.goto(f"{server.base}/")
    wait_for(tab.page, "form.create")
    blocked = tab.page.evaluate(
        """() => new Promise((done) => {
             document.addEventListener('securitypolicyviolation', (e) => done(e.violatedDirective));
             const s = document.createElement('script');
             s.textContent = 'window.injected = true';
             document.body.appendChild(s);
             setTimeout(() => done(window.injected ? 'ran' : 'none'), 2000);
           })"""
    )
    assert blocked.startswith("script-src")  # an injected inline script does not run
    assert tab.page.evaluate("() => window.injected === undefined")
