"""The installable site (issue 37): every page links the web manifest, its icons and the script
that registers the service worker; Chromium finds the site installable (no installability error,
no manifest error); the service worker is registered at the site's root and active, shows a
"your turn" notice pushed to it (the DevTools protocol's ``ServiceWorker.deliverPushMessage``,
as a push service would deliver it) and, clicked, goes to a window already at that table or opens
the table's page — never another site's.
"""

from __future__ import annotations

import json
import re
import struct
from importlib import resources
from pathlib import Path
from typing import Any

import httpx
import pytest

from .conftest import CHROMIUM_ARGS, DESKTOP, find_chromium

pytestmark = pytest.mark.timeout(120)

WEB = Path(str(resources.files("regalia.web")))
DEADLINE = 1_800_000_000.0
"""A fixed deadline (2027-01-15): nothing here reads the clock."""


def test_every_page_links_the_manifest_its_icons_and_the_service_worker() -> None:
    pages = sorted(WEB.glob("*.html"))
    assert len(pages) >= 5
    for page in pages:
        text = page.read_text()
        for tag in (
            '<link rel="manifest" href="/manifest.webmanifest">',
            '<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png">',
            '<meta name="theme-color" content="#2b1f45">',
            '<script type="module" src="/js/site.js"></script>',
        ):
            assert tag in text, f"{page.name} lacks {tag}"


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_chromium_finds_the_site_installable_from_its_manifest(server: Any, browser: Any, tmp_path: Path) -> None:
    manifest = httpx.get(f"{server.base}/manifest.webmanifest")
    assert manifest.status_code == 200 and manifest.headers["content-type"].startswith("application/manifest+json")
    m = manifest.json()
    assert (m["name"], m["short_name"], m["display"], m["start_url"], m["scope"]) == (
        "regalia — royal card games",
        "regalia",
        "standalone",
        "/",
        "/",
    )
    pngs = [i for i in m["icons"] if i["type"] == "image/png"]
    assert {i["sizes"] for i in pngs} >= {"192x192", "512x512"} and any(i["purpose"] == "maskable" for i in pngs)
    for icon in [*pngs, {"src": "/icons/apple-touch-icon.png", "sizes": "180x180"}]:
        got = httpx.get(f"{server.base}{icon['src']}")
        assert got.status_code == 200 and got.headers["content-type"] == "image/png", icon
        assert "x".join(map(str, _png_size(got.content))) == icon["sizes"], icon
    # a profile of its own: Chromium says a private (incognito) context cannot install anything
    context = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=find_chromium(), headless=True, args=CHROMIUM_ARGS
    )
    try:
        page = context.new_page()
        page.goto(f"{server.base}/")
        _wait_active(page)
        cdp = context.new_cdp_session(page)
        got = cdp.send("Page.getAppManifest")
        assert got["url"] == f"{server.base}/manifest.webmanifest" and got["errors"] == []
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    finally:
        context.close()


def _wait_active(page: Any) -> dict[str, str]:
    """Wait for the page's service worker to be activated; its scope, script and state."""
    return dict(
        page.evaluate(
            """async () => {
                const r = await navigator.serviceWorker.ready;
                while (r.active.state !== 'activated') await new Promise((ok) => setTimeout(ok, 50));
                return {scope: r.scope, script: r.active.scriptURL, state: r.active.state};
            }"""
        )
    )


def _notices(page: Any) -> list[dict[str, Any]]:
    return list(
        page.evaluate(
            """async () => (await (await navigator.serviceWorker.ready).getNotifications())
                .map((n) => ({title: n.title, body: n.body, tag: n.tag, url: n.data && n.data.url, icon: n.icon}))"""
        )
    )


def _until(page: Any, check: Any) -> list[dict[str, Any]]:
    for _ in range(100):
        got = _notices(page)
        if check(got):
            return got
        page.wait_for_timeout(50)
    raise AssertionError(f"the notices shown: {_notices(page)}")


def test_the_service_worker_is_active_at_the_root_and_shows_a_pushed_notice(server: Any, tabs: Any) -> None:
    tab = tabs(DESKTOP)
    base = server.base
    tab.context.grant_permissions(["notifications"], origin=base)
    cdp = tab.context.new_cdp_session(tab.page)
    registrations: list[str] = []
    cdp.on(
        "ServiceWorker.workerRegistrationUpdated",
        lambda e: registrations.extend(r["registrationId"] for r in e["registrations"] if not r["isDeleted"]),
    )
    cdp.send("ServiceWorker.enable")
    tab.page.goto(f"{base}/rules.html?game=kingship")
    assert _wait_active(tab.page) == {"scope": f"{base}/", "script": f"{base}/sw.js", "state": "activated"}
    tab.page.goto(f"{base}/")  # a page loaded after activation is controlled by the worker
    assert tab.page.evaluate("() => navigator.serviceWorker.controller.scriptURL") == f"{base}/sw.js"

    def push(data: dict[str, Any] | str) -> None:
        text = data if isinstance(data, str) else json.dumps(data)
        cdp.send("ServiceWorker.deliverPushMessage", {"origin": base, "registrationId": registrations[0], "data": text})

    made = httpx.post(f"{base}/api/tables", json={"game": "kings-family", "seed": 1})
    assert made.status_code == 201, made.text
    tid = made.json()["table"]
    notice = {"type": "your-turn", "table": tid, "game": "kings-blood", "deadline": DEADLINE}
    push({**notice, "reminder": False, "url": f"/table.html?t={tid}"})
    shown = _until(tab.page, lambda got: len(got) == 1)
    assert shown[0]["title"] == "Your turn in King's Blood"
    assert shown[0]["body"].startswith("Move by ") and shown[0]["body"].endswith(". Open the table to play.")
    assert (shown[0]["tag"], shown[0]["url"]) == (f"turn:{tid}", f"{base}/table.html?t={tid}")
    assert shown[0]["icon"] == f"{base}/icons/icon-192.png"
    # the reminder of the same table replaces its notice; another table's stands beside it
    push({**notice, "game": "kingship", "reminder": True, "url": f"/table.html?t={tid}"})
    push({**notice, "table": "other", "reminder": False, "url": "https://evil.example/"})
    shown = _until(tab.page, lambda got: len(got) == 2 and any("left to move" in n["title"] for n in got))
    by_tag = {n["tag"]: n for n in shown}
    assert re.fullmatch(r"\d+ (minutes?|hours) left to move in Kingship", by_tag[f"turn:{tid}"]["title"])
    assert by_tag["turn:other"]["url"] == f"{base}/table.html?t=other"  # the table's page, whatever the url says
    push("not json")
    shown = _until(tab.page, lambda got: any(n["tag"] == "regalia" for n in got))
    assert next(n for n in shown if n["tag"] == "regalia")["url"] == f"{base}/"

    # a click goes to a window already at the table, else opens the page (this site's only)
    worker = tab.context.service_workers[0]
    target = (
        "async (href) => { const t = await clickTarget(href); return {client: t.client && t.client.url, url: t.url}; }"
    )
    assert worker.evaluate(target, f"/table.html?t={tid}") == {"client": None, "url": f"{base}/table.html?t={tid}"}
    tab.page.goto(f"{base}/table.html?t={tid}")
    at = f"{base}/table.html?t={tid}"
    assert worker.evaluate(target, f"/table.html?t={tid}") == {"client": at, "url": at}
    assert worker.evaluate(target, f"https://evil.example/table.html?t={tid}") == {"client": None, "url": f"{base}/"}
    # a notice of the table the person is looking at is not shown
    tab.page.evaluate(
        "async () => (await navigator.serviceWorker.getRegistration()).getNotifications().then((ns) => ns.forEach((n) => n.close()))"
    )
    push({**notice, "reminder": False, "url": f"/table.html?t={tid}"})
    push({**notice, "table": "zz", "reminder": False, "url": "/table.html?t=zz"})
    _until(tab.page, lambda got: [n["tag"] for n in got] == ["turn:zz"])
    tab.page.wait_for_timeout(500)
    assert [n["tag"] for n in _notices(tab.page)] == ["turn:zz"]
    tab.check_clean()
