"""The table is played with the keyboard alone: Tab to a highlighted card, Enter, Tab to a
highlighted target, Enter; Escape cancels a pick; the full list of moves opens and plays with
Enter; undo and hint in King's Family."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import DESKTOP
from .person import create_table, wait_for

pytestmark = pytest.mark.timeout(180)

FOCUSED_HL = "() => { const e = document.activeElement; return !!e && e.closest('#board') !== null && e.classList.contains('hl'); }"


def _tab_to(page: Any, test: str, limit: int = 200) -> None:
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate(test):
            return
    raise AssertionError("Tab never reached the element")


def _acts(tab: Any) -> int:
    return sum(1 for m in tab.sent if m.get("type") == "act")


def _until(tab: Any, test: Any, what: str) -> None:
    for _ in range(600):
        if test():
            return
        tab.page.wait_for_timeout(50)
    raise AssertionError(f"no {what}")


def _view(tab: Any) -> dict[str, Any]:
    return [m for m in tab.received if m.get("type") == "state"][-1]["view"]


def test_keyboard_alone_plays_cancels_and_uses_the_move_list(server: Any, tabs: Any) -> None:
    tab = tabs(DESKTOP)
    page = tab.page
    create_table(page, server.base, "kings-family", seed=20261124)
    wait_for(page, "#dock.mine", timeout=30_000)

    # pick with Enter, cancel with Escape
    _tab_to(page, FOCUSED_HL)
    page.keyboard.press("Enter")
    wait_for(page, ".picked-line")
    page.keyboard.press("Escape")
    wait_for(page, ".picked-line", state="detached")

    # a whole move: card, then target, by Tab and Enter
    before = _acts(tab)
    _tab_to(page, FOCUSED_HL)
    page.keyboard.press("Enter")
    while _acts(tab) == before:
        if page.locator("#dock .bar button.move.primary").count() and not page.locator("#board button.hl").count():
            _tab_to(page, "() => document.activeElement && document.activeElement.matches('#dock .bar button.move')")
        else:
            _tab_to(page, FOCUSED_HL)
        page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelectorAll('#log li.ev').length > 0", timeout=30_000)

    # the full list: open it with Enter on its button, play its first move with Enter
    wait_for(page, "#dock.mine", timeout=30_000)
    before = _acts(tab)
    _tab_to(page, "() => document.activeElement && document.activeElement.classList.contains('all-btn')")
    page.keyboard.press("Enter")
    wait_for(page, "dialog.all-moves[open]")
    _tab_to(
        page, "() => document.activeElement && document.activeElement.matches('dialog.all-moves button.move')", limit=5
    )
    page.keyboard.press("Enter")
    _until(tab, lambda: _acts(tab) == before + 1, "move from the list")

    # undo, counted in the view (King's Family, KF-X12)
    wait_for(page, "#dock.mine", timeout=30_000)
    undos = _view(tab).get("undos", 0)
    _tab_to(page, "() => document.activeElement && document.activeElement.textContent === 'Undo'")
    page.keyboard.press("Enter")
    _until(tab, lambda: _view(tab).get("undos") == undos + 1, "undo")
    wait_for(page, f"text=counted ({undos + 1} so far)", timeout=30_000)
    # a hint names a legal move
    page.click("#dock .bar button.tool")
    wait_for(page, "#dock .hint", timeout=60_000)
    legal = {c["label"] for c in [m for m in tab.received if m.get("type") == "state"][-1]["legal"]}
    assert page.inner_text("#dock .hint strong") in legal
    tab.check_clean()
