"""Accounts in Chromium against a real server: registering and signing in and out from the
lobby (the session cookie HttpOnly and SameSite=Lax), a passkey made and used with the DevTools
protocol's virtual authenticator, a seat found through the session from a second browser
context, the guest seats claimed, the profile page and the leaderboards (axe-core: no serious
finding), and another site's page refused. One server for the module. With
``REGALIA_WEB_SHOTS=<dir>`` it saves docs/web's screenshots of a profile and a leaderboard."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from .conftest import DESKTOP, PHONE, serve_fresh
from .serve import ServeProcess
from .test_accessibility import axe_script, serious_findings  # noqa: F401 (a fixture)

pytestmark = pytest.mark.timeout(240)
PASSWORD = "correct horse battery"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServeProcess]:
    """A server for this module; pages open it as http://localhost:PORT (a passkey's relying
    party must be a name, not an IP address)."""
    yield from serve_fresh(tmp_path_factory, "accounts")


def base(site: ServeProcess) -> str:
    return f"http://localhost:{site.port}"


def open_forms(page: Any) -> None:
    page.click("#sign-in")
    page.wait_for_selector("#account-panel")


def register_in_lobby(page: Any, site: ServeProcess, name: str) -> None:
    page.goto(base(site) + "/")
    open_forms(page)
    page.fill("#register-name", name)
    page.fill("#register-password", PASSWORD)
    page.click("#register-submit")
    page.wait_for_selector("#me-link")


def _shots(page: Any, name: str) -> None:
    """With ``REGALIA_WEB_SHOTS``, docs/web's screenshots of the page at desktop and phone width."""
    shots = os.environ.get("REGALIA_WEB_SHOTS")
    if not shots:
        return
    page.screenshot(path=str(Path(shots) / f"{name}-1280x800.png"))
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(Path(shots) / f"{name}-390x844.png"))
    page.set_viewport_size(DESKTOP)


def test_register_sign_out_and_in_from_the_lobby_with_an_httponly_cookie(site: ServeProcess, tabs: Any) -> None:
    tab = tabs(DESKTOP)
    page = tab.page
    page.goto(base(site) + "/")
    open_forms(page)
    page.fill("#register-name", "ann")
    page.fill("#register-password", "password1")  # a common one
    page.click("#register-submit")
    assert "most common" in page.inner_text("#register-error")
    page.fill("#register-password", PASSWORD)
    page.click("#register-submit")
    page.wait_for_selector("#me-link")
    assert page.inner_text("#me-link") == "ann"
    cookie = next(c for c in tab.context.cookies() if c["name"] == "regalia_session")
    assert cookie["httpOnly"] and cookie["sameSite"] == "Lax" and cookie["path"] == "/" and not cookie["secure"]
    assert page.evaluate("() => document.cookie") == ""  # no script can read it
    page.click("#sign-out")
    page.wait_for_selector("#sign-in")
    open_forms(page)
    page.fill("#signin-name", "ann")
    page.fill("#signin-password", "wrong password")
    page.click("#signin-submit")
    assert page.inner_text("#signin-error") == "no account has this name and password"
    page.fill("#signin-password", PASSWORD)
    page.click("#signin-submit")
    page.wait_for_selector("#me-link")
    page.reload()
    page.wait_for_selector("#me-link")  # the session lasts across a reload
    tab.errors = [e for e in tab.errors if "401" not in e and "422" not in e]  # the refusals shown above
    tab.check_clean()


def test_a_passkey_registers_and_signs_in_with_a_virtual_authenticator(site: ServeProcess, tabs: Any) -> None:
    tab = tabs(DESKTOP)
    page = tab.page
    cdp = tab.context.new_cdp_session(page)
    cdp.send("WebAuthn.enable")
    cdp.send(
        "WebAuthn.addVirtualAuthenticator",
        {"options": {"protocol": "ctap2", "transport": "internal", "hasResidentKey": True,
                     "hasUserVerification": True, "isUserVerified": True, "automaticPresenceSimulation": True}},
    )  # fmt: skip
    page.goto(base(site) + "/")
    open_forms(page)
    page.fill("#register-name", "pia")
    page.click("#register-passkey")
    page.wait_for_selector("#me-link")
    me = page.evaluate("() => fetch('/api/me').then((r) => r.json())")
    assert me["name"] == "pia" and me["passkeys"] == 1 and me["password"] is False
    page.click("#sign-out")
    page.wait_for_selector("#sign-in")
    open_forms(page)
    page.click("#signin-passkey")  # no name typed: the browser offers this site's passkey
    page.wait_for_selector("#me-link")
    assert page.inner_text("#me-link") == "pia"
    sessions = page.evaluate("() => fetch('/api/me/sessions').then((r) => r.json())")
    assert [s["how"] for s in sessions] == ["passkey"]
    tab.check_clean()


def test_a_seat_is_found_through_the_session_from_a_second_browser(site: ServeProcess, tabs: Any) -> None:
    first = tabs(DESKTOP)
    register_in_lobby(first.page, site, "ray")
    table = first.page.evaluate(
        """() => fetch('/api/tables', {method: 'POST', headers: {'Content-Type': 'application/json'},
             body: JSON.stringify({game: 'kings-family'})}).then((r) => r.json())"""
    )
    second = tabs(PHONE)  # another browser: no token of this table in its storage
    page = second.page
    page.goto(base(site) + "/")
    open_forms(page)
    page.fill("#signin-name", "ray")
    page.fill("#signin-password", PASSWORD)
    page.click("#signin-submit")
    page.wait_for_selector("#me-link")
    page.goto(f"{base(site)}/table.html?t={table['table']}")
    page.wait_for_selector("#board .mine", timeout=30_000)
    hellos = [m for m in second.sent if m.get("type") == "hello"]
    assert hellos and hellos[0].get("session") is True and "token" not in hellos[0]
    assert [m["seat"] for m in second.received if m.get("type") == "welcome"] == [0]
    stored = page.evaluate("() => Object.keys(localStorage).filter((k) => k.startsWith('regalia:seat:'))")
    assert stored == []  # found through the session, not a token
    second.check_clean()


def test_guest_seats_are_claimed_after_signing_in(site: ServeProcess, tabs: Any) -> None:
    tab = tabs(DESKTOP)
    page = tab.page
    page.goto(base(site) + "/")
    table = page.evaluate(
        """() => fetch('/api/tables', {method: 'POST', headers: {'Content-Type': 'application/json'},
             body: JSON.stringify({game: 'kings-family'})}).then((r) => r.json())
             .then((t) => { localStorage.setItem('regalia:seat:' + t.table, JSON.stringify({seat: t.seat, token: t.token})); return t; })"""
    )
    register_in_lobby(page, site, "sue")
    page.wait_for_selector("#claim-seats")
    assert "1 seat" in page.inner_text(".claim-offer")
    page.click("#claim-seats")
    page.wait_for_selector("text=1 game added to your account.")
    info = httpx.get(f"{site.base}/api/tables/{table['table']}").json()
    assert info["seats"][0]["name"] == "sue" and info["seats"][0]["account"]
    tab.check_clean()


def test_the_profile_and_leaderboard_pages(site: ServeProcess, tabs: Any, axe_script: str, tmp_path: Path) -> None:  # noqa: F811
    tab = tabs(DESKTOP)
    page = tab.page
    register_in_lobby(page, site, "tia")
    page.click("#me-link")
    page.wait_for_selector("#player-name")
    assert page.url.endswith("/@/tia") and page.inner_text("#player-name") == "tia"
    assert "No rated game yet" in page.inner_text("main") and page.locator("#sessions li").count() == 1
    assert serious_findings(page, axe_script) == []
    _shots(page, "profile")
    page.fill("#confirm-name", "tia")
    page.click("#delete-account")
    page.wait_for_url(base(site) + "/")
    page.wait_for_selector("#sign-in")
    assert httpx.get(f"{site.base}/api/players/tia").status_code == 404
    page.click("#leaderboard-link")
    page.wait_for_selector("#board-empty, #board")
    assert serious_findings(page, axe_script) == []
    _shots(page, "leaderboard")
    page.goto(base(site) + "/")
    open_forms(page)
    assert serious_findings(page, axe_script) == []
    tab.check_clean()


def test_another_sites_page_cannot_sign_anyone_in_or_out(site: ServeProcess, tabs: Any) -> None:
    tab = tabs(DESKTOP)
    page = tab.page
    register_in_lobby(page, site, "uma")
    # another site's page (served by the test at http://evil.example) posts a form to this server
    form = f"""<form method="post" action="{base(site)}/api/session" enctype="text/plain">
      <input name='{{"name":"mallory","password":"x' value='"}}'></form><script>document.forms[0].submit()</script>"""
    page.route("http://evil.example/**", lambda route: route.fulfill(status=200, content_type="text/html", body=form))
    page.goto("http://evil.example/")
    page.wait_for_url(f"{base(site)}/api/session")
    assert '"field":"origin"' in page.content() and "another site" in page.content()
    r = httpx.delete(f"{base(site)}/api/session", headers={"origin": "http://evil.example"})
    assert r.status_code == 403 and r.json()["error"]["field"] == "origin"
    page.goto(base(site) + "/")
    page.wait_for_selector("#me-link")  # still signed in
