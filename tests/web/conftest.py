"""Fixtures of the browser tests: Debian's Chromium driven by Playwright for Python, and real
``regalia serve`` subprocesses on free loopback ports.

Playwright's own browser download cannot work on these machines; the tests launch the system's
``chromium`` through ``executable_path`` with the flags a closed network and a root user need.
Without Chromium (or Playwright) the tests skip — and fail under ``CI=true``, where a missing
install step must not pass unnoticed.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import jsonpatch
import pytest

from .serve import ServeProcess

IN_CI = os.environ.get("CI") == "true"

CHROMIUM_ARGS = [
    "--no-sandbox",  # CI runs as root
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def _missing(reason: str) -> None:
    if IN_CI:
        pytest.fail(f"{reason} (CI=true: the browser tests must run)")
    pytest.skip(reason)


def find_chromium() -> str | None:
    """The system's Chromium (Debian's ``chromium``), or None."""
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """One headless Chromium per test process."""
    path = find_chromium()
    if path is None:
        _missing("Chromium is not installed (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing('Playwright for Python is not installed (pip install -e ".[test]")')
    pw = sync_playwright().start()
    try:
        b = pw.chromium.launch(executable_path=path, headless=True, args=CHROMIUM_ARGS)
    except Exception:
        pw.stop()
        raise
    yield b
    b.close()
    pw.stop()


class Tab:
    """A browser context with one page, recording what a test checks afterwards: every websocket
    frame received and sent (parsed), every HTTP request's URL, alert dialogs, page errors."""

    def __init__(self, browser: Any, viewport: dict[str, int]) -> None:
        self.context = browser.new_context(viewport=viewport)
        self.page = self.context.new_page()
        self.received: list[dict[str, Any]] = []
        self.raw: list[str] = []
        self.sent: list[dict[str, Any]] = []
        self.urls: list[str] = []
        self.dialogs: list[str] = []
        self.errors: list[str] = []
        self.page.on("websocket", lambda ws: self._socket(ws))
        self.page.on("request", lambda r: self.urls.append(r.url))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("dialog", lambda d: (self.dialogs.append(d.message), d.dismiss()))

    def _socket(self, ws: Any) -> None:
        self.urls.append(ws.url)
        last: dict[str, Any] = {}  # this socket's last state frame: a delta's base
        ws.on("framereceived", lambda payload: self._got(payload, last))
        ws.on("framesent", lambda payload: self.sent.append(_parse(payload)))

    def _got(self, payload: Any, last: dict[str, Any]) -> None:
        """Record a message; a ``delta`` is recorded in ``received`` as the whole ``state`` frame
        it stands for (as js/connection.js rebuilds it; ``raw`` keeps what travelled)."""
        text = payload if isinstance(payload, str) else payload.decode("utf-8", "replace")
        self.raw.append(text)
        msg = _parse(text)
        if msg.get("type") == "delta" and last.get("frame") == msg.get("base"):
            document = {k: v for k, v in last.items() if k not in ("type", "events", "full", "frame")}
            document = jsonpatch.apply_patch(document, msg["patch"])
            msg = {"type": "state", **document, "events": msg["events"], "full": False, "frame": msg["frame"]}
        if msg.get("type") == "state":
            last.clear()
            last.update(msg)
        self.received.append(msg)

    def states(self) -> list[dict[str, Any]]:
        """The state frames received so far (deltas rebuilt into whole frames)."""
        return [m for m in self.received if m.get("type") == "state"]

    def check_clean(self) -> None:
        """No alert ever opened and no script error happened on the page (a console error about
        a refused websocket while the server was down is expected and ignored)."""
        assert self.dialogs == []
        errors = [e for e in self.errors if "WebSocket" not in e and "ERR_CONNECTION_REFUSED" not in e]
        assert errors == []

    def close(self) -> None:
        self.context.close()


def _parse(payload: Any) -> dict[str, Any]:
    text = payload if isinstance(payload, str) else payload.decode("utf-8", "replace")
    try:
        value = json.loads(text)
    except ValueError:
        return {"type": "?", "text": text}
    return value if isinstance(value, dict) else {"type": "?", "value": value}


@pytest.fixture
def tabs(browser: Any) -> Iterator[Callable[..., Tab]]:
    """Open browser contexts (closed at the end of the test)."""
    opened: list[Tab] = []

    def open_tab(viewport: dict[str, int] | None = None) -> Tab:
        t = Tab(browser, viewport or DESKTOP)
        opened.append(t)
        return t

    yield open_tab
    for t in opened:
        t.close()


def serve_fresh(tmp_path_factory: pytest.TempPathFactory, name: str) -> Iterator[ServeProcess]:
    """A ``regalia serve`` on a fresh SQLite file in a new folder ``name``, stopped after (for a
    fixture to ``yield from``)."""
    d = tmp_path_factory.mktemp(name)
    p = ServeProcess(f"sqlite:///{d / 'regalia.db'}", d).start()
    yield p
    p.stop()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServeProcess]:
    """A ``regalia serve`` shared by the tests of this process (a fresh SQLite file)."""
    yield from serve_fresh(tmp_path_factory, "serve")


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Callable[..., ServeProcess]]:
    """Start ``regalia serve`` subprocesses of this test only (stopped at its end)."""
    started: list[ServeProcess] = []

    def start(db_url: str, **kw: Any) -> ServeProcess:
        p = ServeProcess(db_url, tmp_path, **kw).start()
        started.append(p)
        return p

    yield start
    for p in started:
        p.stop()
