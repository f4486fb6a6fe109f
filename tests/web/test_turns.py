"""Turn-based tables in Chromium against a real server (issue 37): a table of friends created as
turn-based in two clicks from the lobby (signed out, the choice is there but disabled, with why);
the lobby's list of the tables waiting for the person at the top, with its count, also in the
page's title; at a turn-based table the deadline in days, the standing orders in the
preferences (ruling SRV-3) and, after the person's move, the next table waiting for them.

With ``REGALIA_WEB_SHOTS=<dir>`` it saves docs/web's screenshots of the lobby's turns list and
of the standing orders (desktop and phone).
"""

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
    """A server for this module: its accounts count against their own server's
    ``accounts_per_hour`` for the loopback address, not the shared server's."""
    yield from serve_fresh(tmp_path_factory, "turns")


def _person(site: ServeProcess, name: str) -> httpx.Client:
    """A signed-in person outside the browser (an HTTP client with the session cookie)."""
    c = httpx.Client(base_url=site.base, timeout=30)
    c.post("/api/accounts", json={"name": name, "password": PASSWORD}).raise_for_status()
    return c


def _sign_in(page: Any, site: ServeProcess, name: str) -> None:
    page.goto(site.base + "/")
    page.click("#sign-in")
    page.wait_for_selector("#account-panel")
    page.fill("#signin-name", name)
    page.fill("#signin-password", PASSWORD)
    page.click("#signin-submit")
    page.wait_for_selector("#me-link")


def _friends_table(host: httpx.Client, friend: httpx.Client, game: str, players: int, **body: Any) -> dict[str, Any]:
    """A turn-based table of ``host`` with ``friend`` (and bots in the other seats), started."""
    seats = ["human", "human"] + ["bot:random"] * (players - 2)
    r = host.post("/api/tables", json={"game": game, "players": players, "seats": seats, "mode": "turn-based", **body})
    r.raise_for_status()
    t: dict[str, Any] = r.json()
    friend.post(f"/api/tables/{t['table']}/join", json={}).raise_for_status()
    return t


def test_a_table_of_friends_is_created_turn_based_in_two_clicks(site: ServeProcess, tabs: Any) -> None:
    tab = tabs(DESKTOP)
    page = tab.page
    page.goto(site.base + "/")
    page.wait_for_selector("#mode-turn-based")
    assert page.is_disabled("#mode-turn-based") and "Sign in to play turn-based" in page.inner_text("#pace-help")
    _person(site, "host1").close()
    _sign_in(page, site, "host1")
    assert page.is_enabled("#mode-turn-based")
    page.click("#mode-turn-based")  # one
    shots = os.environ.get("REGALIA_WEB_SHOTS")
    if shots:
        page.locator("fieldset.pace").scroll_into_view_if_needed()
        page.screenshot(path=str(Path(shots) / "turn-based-form-1280x800.png"))
    page.click("button[type=submit]")  # two
    page.wait_for_url("**/table.html?t=*")
    table = page.url.split("t=")[1].split("&")[0].split("#")[0]
    info = httpx.get(f"{site.base}/api/tables/{table}").json()
    assert (info["mode"], info["days_per_move"], info["on_timeout"]) == ("turn-based", 3, "forfeit")
    assert [s["kind"] for s in info["seats"]] == ["human"] * info["players"]  # friends, not bots
    assert info["seats"][0]["name"] == "host1" and info["seats"][0]["account"]
    tab.check_clean()


def test_the_lobby_lists_the_tables_waiting_for_you_with_their_count_in_the_title(
    site: ServeProcess,
    tabs: Any,
    axe_script: str,  # noqa: F811
) -> None:
    ann, bo = _person(site, "ann"), _person(site, "bob")
    made = [_friends_table(ann, bo, "kings-blood", 2, seed=s, days_per_move=d) for s, d in ((21, 7), (22, 1), (23, 3))]
    whose = {t["table"]: httpx.get(f"{site.base}/api/tables/{t['table']}").json()["deadline_seat"] for t in made}
    ann_turns = [t["table"] for t in made if whose[t["table"]] == 0]
    assert sorted(x["table"] for x in ann.get("/api/me/turns").json()["turns"]) == sorted(ann_turns)
    shots = os.environ.get("REGALIA_WEB_SHOTS")
    for viewport, size in ((DESKTOP, "1280x800"), (PHONE, "390x844")):
        tab = tabs(viewport)
        page = tab.page
        _sign_in(page, site, "ann")
        page.wait_for_selector("#your-turns")
        page.wait_for_function(f"() => document.querySelectorAll('#your-turns .turn-row').length === {len(ann_turns)}")
        assert page.inner_text("#turns-count") == str(len(ann_turns))
        listed = page.eval_on_selector_all("#your-turns .turn-row", "(rows) => rows.map((r) => r.dataset.table)")
        assert sorted(listed) == sorted(ann_turns)
        expected_title = f"({len(ann_turns)}) regalia" if ann_turns else "regalia"
        assert page.title().startswith(expected_title)
        if ann_turns:
            assert "day" in page.inner_text("#your-turns") and "left" in page.inner_text("#your-turns")
        page.wait_for_selector("#watch-tables")  # the listing says whose deadline runs, and how long is left
        assert "to move" in page.inner_text("#watch-tables") and "left" in page.inner_text("#watch-tables")
        assert serious_findings(page, axe_script) == []
        if shots:
            page.locator("#your-turns").scroll_into_view_if_needed()
            page.screenshot(path=str(Path(shots) / f"turns-{size}.png"))
        tab.check_clean()
    ann.close()
    bo.close()


def test_at_a_turn_based_table_the_deadline_in_days_standing_orders_and_the_next_table(
    site: ServeProcess, tabs: Any
) -> None:
    """Kingship (hidden windows): the clock in days, the preferences' standing orders saved as
    the server has them, and after the person's move the next table waiting for them."""
    cy, di = _person(site, "cyd"), _person(site, "dio")
    tables = [_friends_table(cy, di, "kingship", 4, seed=s, options={"max_turns": 40}) for s in range(31, 41)]
    mine = [t for t in tables if httpx.get(f"{site.base}/api/tables/{t['table']}").json()["deadline_seat"] == 0]
    assert len(mine) >= 2, "two of ten tables wait for cyd first"
    shots = os.environ.get("REGALIA_WEB_SHOTS")
    tab = tabs(DESKTOP)
    page = tab.page
    _sign_in(page, site, "cyd")
    page.goto(f"{site.base}/table.html?t={mine[0]['table']}")
    page.wait_for_selector(".clock.running")
    assert "left" in page.inner_text(".clock") and (
        "day" in page.inner_text(".clock") or " h" in page.inner_text(".clock")
    )
    page.click("#prefs-button")
    page.wait_for_selector("#standing-orders")
    kinds = page.eval_on_selector_all("#standing-orders .order", "(rows) => rows.map((r) => r.dataset.kind)")
    game = httpx.get(f"{site.base}/api/games").json()["games"]
    assert sorted(kinds) == sorted(next(g for g in game if g["name"] == "kingship")["response_windows"])
    page.select_option(f"select[name=order-{kinds[0]}]", "pass")
    if shots:
        page.screenshot(path=str(Path(shots) / "standing-orders-1280x800.png"))
    page.click("#prefs-dialog button[type=submit]")
    page.wait_for_function("() => !document.querySelector('#prefs-dialog').open")
    sent = [m for m in tab.sent if m.get("type") == "prefs"]
    assert sent and sent[-1]["orders"][kinds[0]] == "pass" and "responses" not in sent[-1]
    # the person moves (from the full list of moves): the page names the next table waiting for them
    for _ in range(10):
        if page.locator("#dock.mine").count() == 0:
            break
        page.click("#dock .all-btn")
        page.locator("dialog.all-moves button.move").first.click()
        page.wait_for_timeout(300)
    page.wait_for_selector("#next-table")
    assert page.locator("#next-table a").get_attribute("href").endswith(f"t={mine[1]['table']}") or any(
        page.locator("#next-table a").get_attribute("href").endswith(f"t={t['table']}") for t in mine[1:]
    )
    tab.check_clean()
    cy.close()
    di.close()
