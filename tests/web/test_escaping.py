"""A chat message, a player's name and a table's name carrying markup render as text — in the
lobby, at the table for the other player and for a spectator, and in the replay."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import DESKTOP, PHONE
from .person import create_table, wait_for

pytestmark = pytest.mark.timeout(240)

EVIL = "<img src=x onerror=alert(1)>"
EVIL_TOO = '"><svg onload=alert(2)>'


def _no_markup(tab: Any) -> None:
    page = tab.page
    assert page.locator("img").count() == 0
    assert page.locator("svg").count() == 0
    assert tab.dialogs == []


def test_chat_and_names_with_markup_render_as_text(server: Any, tabs: Any) -> None:
    ann, bo, eve, lobby = tabs(DESKTOP), tabs(PHONE), tabs(DESKTOP), tabs(DESKTOP)
    table = create_table(
        ann.page,
        server.base,
        "kingdom",
        players=3,
        seats=["human", "human", "bot:heuristic"],
        name=EVIL,
        table_name=EVIL_TOO,
        seed=2,
    )
    wait_for(ann.page, ".waiting", timeout=30_000)

    # the lobby lists the waiting table with its creator's name, as text
    lobby.page.goto(f"{server.base}/")
    wait_for(lobby.page, f"#open-tables a[href*='{table}']", timeout=30_000)
    row = lobby.page.locator("#open-tables .table-row", has=lobby.page.locator(f"a[href*='{table}']"))
    assert EVIL in row.inner_text()
    _no_markup(lobby)

    invite = ann.page.locator("#invite-link").input_value()
    bo.page.goto(invite)
    bo.page.fill("input[name=name]", EVIL_TOO)
    bo.page.click("form.join-form button[type=submit]")
    eve.page.goto(invite)
    eve.page.click("text=Watch as a spectator")
    for t in (ann, bo, eve):
        wait_for(t.page, "#board .kd-table", timeout=30_000)

    ann.page.fill("#chat-input", EVIL)
    ann.page.press("#chat-input", "Enter")
    for t in (ann, bo, eve):
        said = t.page.locator("#chat .chat-line .said")
        said.first.wait_for(state="attached", timeout=30_000)
        assert said.first.text_content() == EVIL
        who = t.page.locator("#chat .chat-line .who").first.text_content()
        assert who == f"P0 ({EVIL})"
        board = t.page.inner_text("#board")
        assert f"P0 ({EVIL})" in board and f"P1 ({EVIL_TOO})" in board
        assert EVIL_TOO in t.page.inner_text("header.top")  # the table's name
        _no_markup(t)
        t.check_clean()
