"""The notices control (issue 37) on a signed-in person's own profile, in Chromium against a real
``regalia serve`` with Web Push on: it says what a notice carries and when it comes; the browser
is asked for its permission only on the click of "Turn on notices"; the subscription reaches the
server for the account, survives a reload, and "Turn off notices" removes it there and in the
browser; signing out stops this browser's notices; a server without Web Push says so. axe-core
finds nothing serious, and the page fits a phone.

Chromium's own push service cannot be reached from here (and a private context has none): the
page's ``PushManager`` is replaced by a stand-in that hands out a subscription at the test's own
push service, with keys the test made — everything after that (the page, the API, the database)
is the real thing. With ``REGALIA_WEB_SHOTS=<dir>`` the test saves docs/web's screenshots of the
control.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ..server.pushservice import Browser, LocalPushService
from .conftest import DESKTOP, PHONE
from .person import wait_for
from .serve import ServeProcess
from .test_accessibility import axe_script, serious_findings  # noqa: F401 (axe_script: a fixture)

pytestmark = pytest.mark.timeout(180)

PASSWORD = "correct horse battery"

STAND_IN = """
(() => {
  const sub = JSON.parse(%s);
  window.__asked = 0;
  const real = Notification.requestPermission.bind(Notification);
  Notification.requestPermission = (...a) => { window.__asked += 1; return real(...a); };
  const made = () => localStorage.getItem('test:subscribed') === '1';
  const subscription = (key) => ({
    endpoint: sub.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: key },
    toJSON: () => sub,
    unsubscribe: async () => { localStorage.removeItem('test:subscribed'); return true; },
  });
  const keyOf = () => JSON.parse(localStorage.getItem('test:key') || '[]');
  PushManager.prototype.getSubscription = async function () {
    return made() ? subscription(new Uint8Array(keyOf()).buffer) : null;
  };
  PushManager.prototype.subscribe = async function (options) {
    localStorage.setItem('test:subscribed', '1');
    localStorage.setItem('test:key', JSON.stringify(Array.from(new Uint8Array(options.applicationServerKey))));
    return subscription(new Uint8Array(options.applicationServerKey).buffer);
  };
})();
"""


@pytest.fixture
def push_service() -> Iterator[LocalPushService]:
    service = LocalPushService()
    yield service
    service.close()


@pytest.fixture
def push_server(tmp_path: Path, push_service: LocalPushService) -> Iterator[ServeProcess]:
    extra = ["--push-contact", "mailto:operator@example.org", "--push-service", push_service.origin]
    p = ServeProcess(f"sqlite:///{tmp_path / 'regalia.db'}", tmp_path, bot_processes=0, extra=extra).start()
    yield p
    p.stop()


def _rows(server: ServeProcess) -> list[tuple[str, str]]:
    path = server.db_url.removeprefix("sqlite:///")
    with sqlite3.connect(path) as db:
        return list(
            db.execute(
                "SELECT s.endpoint, a.name FROM regalia_push_subscriptions s "
                "JOIN regalia_accounts a ON a.id = s.account_id ORDER BY s.id"
            )
        )


def _sign_up(page: Any, base: str, name: str) -> None:
    page.goto(f"{base}/rules.html?game=kingship")
    got = page.evaluate(
        """async ([name, password]) => (await fetch('/api/accounts', {method: 'POST',
            headers: {'content-type': 'application/json'}, body: JSON.stringify({name, password})})).status""",
        [name, PASSWORD],
    )
    assert got == 201


def _check_clean(tab: Any) -> None:
    """No dialog and no script error (the signed-out page's ``GET /api/me`` answered 401 is
    logged by Chromium as a console error: expected)."""
    assert tab.dialogs == []
    assert [e for e in tab.errors if "status of 401" not in e] == []


def _shot(page: Any, name: str) -> None:
    shots = os.environ.get("REGALIA_WEB_SHOTS")
    if shots:
        Path(shots).mkdir(parents=True, exist_ok=True)
        page.locator("section.notices").scroll_into_view_if_needed()
        page.screenshot(path=str(Path(shots) / name))


def test_notices_are_turned_on_and_off_from_the_profile(
    push_server: ServeProcess,
    push_service: LocalPushService,
    tabs: Any,
    axe_script: str,  # noqa: F811 (the fixture)
) -> None:
    base = push_server.base
    browser = Browser(f"{push_service.origin}/push/ann-phone")
    tab = tabs(DESKTOP)
    tab.context.grant_permissions(["notifications"], origin=base)
    tab.context.add_init_script(STAND_IN % json.dumps(json.dumps(browser.subscription())))
    _sign_up(tab.page, base, "ann")
    tab.page.goto(f"{base}/@/ann")
    wait_for(tab.page, "#notices-on")
    words = tab.page.inner_text("section.notices")
    for said in ("your turn at a turn-based table", "the game, and the time by which to move", "never your cards",
                 "If you have not moved 2 hours before your deadline, a reminder", "Notices are off in this browser"):  # fmt: skip
        assert said in words, said
    assert tab.page.evaluate("() => window.__asked") == 0  # nothing asked before the click
    assert serious_findings(tab.page, axe_script) == []
    _shot(tab.page, "notices-off-1280x800.png")

    tab.page.click("#notices-on")
    wait_for(tab.page, "#notices-off")
    assert tab.page.evaluate("() => window.__asked") == 1
    assert "Notices are on in this browser" in tab.page.inner_text("#notices-state")
    assert _rows(push_server) == [(browser.endpoint, "ann")]
    tab.page.set_viewport_size(PHONE)
    width = tab.page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1]  # no sideways scrolling at phone width
    _shot(tab.page, "notices-on-390x844.png")
    tab.page.set_viewport_size(DESKTOP)

    tab.page.reload()  # the browser's subscription is found again, and sent again
    wait_for(tab.page, "#notices-off")
    assert tab.page.evaluate("() => window.__asked") == 0
    tab.page.click("#notices-off")
    wait_for(tab.page, "#notices-on")
    assert _rows(push_server) == []
    assert tab.page.evaluate("() => localStorage.getItem('test:subscribed')") is None  # unsubscribed too

    tab.page.click("#notices-on")
    wait_for(tab.page, "#notices-off")
    assert _rows(push_server) == [(browser.endpoint, "ann")]
    tab.page.click("#sign-out")  # signing out stops this browser's notices
    wait_for(tab.page, "#sign-in")
    for _ in range(50):
        if not _rows(push_server):
            break
        tab.page.wait_for_timeout(100)
    assert _rows(push_server) == []
    _check_clean(tab)


def test_the_control_fits_a_phone_and_says_when_the_server_sends_no_notices(
    server: ServeProcess,
    tabs: Any,
    axe_script: str,  # noqa: F811 (the fixture)
) -> None:
    tab = tabs(PHONE)
    _sign_up(tab.page, server.base, "bo_phone")
    tab.page.goto(f"{server.base}/@/bo_phone")
    wait_for(tab.page, "section.notices[data-state=off-server]")
    assert "This server does not send notices" in tab.page.inner_text("#notices-state")
    assert tab.page.locator("#notices-on").count() == 0
    width = tab.page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1]  # no sideways scrolling
    assert serious_findings(tab.page, axe_script) == []
    _check_clean(tab)
