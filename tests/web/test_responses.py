"""Response windows in the browser (ruling SRV-2): a person holding a Knight blocks with it when a
bot targets them, with the table's time shown; the preferences that would reveal something say
so before they are saved."""

from __future__ import annotations

from typing import Any

from .conftest import DESKTOP
from .person import create_table, wait_for


def _first_choice(tab: Any) -> str:
    """The text of the first legal choice of the last frame with choices."""
    for frame in reversed(tab.states()):
        if frame["legal"]:
            return str(frame["legal"][0]["text"])
    raise AssertionError("no frame with choices")


def test_srv2_a_person_blocks_with_a_knight_with_the_table_s_time(server: Any, tabs: Any) -> None:
    """Kingship, seed 24, one person and three heuristic bots; the person plays its first choice
    until a bot targets it while it holds Knights (tests/server/test_srv2.py finds the same)."""
    tab = tabs(DESKTOP)
    page = tab.page
    create_table(page, server.base, "kingship", players=4, seats=["human", *["bot:heuristic"] * 3], seed=24)
    for _ in range(30):
        wait_for(page, "#dock.mine", timeout=30_000)
        if "block 10L" in [c["text"] for c in tab.states()[-1]["legal"]]:
            break
        text = _first_choice(tab)
        bar = page.locator(f'#dock .bar button.move[data-text="{text}"]')
        if bar.count():
            bar.first.click()
        else:
            page.click("#dock .all-btn")
            page.locator(f'dialog.all-moves button.move[data-text="{text}"]').first.click()
        page.wait_for_timeout(150)  # the answer is on its way
    else:
        raise AssertionError("the person was never asked to block")
    banner = page.locator("#response-banner")
    assert banner.get_attribute("data-seat") == "0"
    assert "Your turn to respond" in banner.inner_text()
    left = banner.locator(".response-left").inner_text()  # m:ss
    minutes, seconds = left.split(":")
    assert int(minutes) * 60 + int(seconds) >= 8
    page.click("#dock .all-btn")  # the Knight may also be tapped on the table; the full list names it
    page.locator('dialog.all-moves button.move[data-text="block 10L"]').click()
    page.wait_for_function(
        "() => document.querySelector('#log') && document.querySelector('#log').innerText.includes('blocks')"
    )
    assert any(m.get("type") == "accepted" and m.get("action") == "block 10L" for m in tab.received)
    tab.check_clean()


def test_srv2_a_preference_that_reveals_says_so_before_it_is_saved(server: Any, tabs: Any) -> None:
    tab = tabs(DESKTOP)
    page = tab.page
    create_table(page, server.base, "kingdom", players=3, seats=["human", "bot:heuristic", "bot:heuristic"], seed=5)
    wait_for(page, "#prefs-button")
    page.click("#prefs-button")
    dialog = page.locator("#prefs-dialog")
    assert dialog.locator("input[name=responses][value=ask]").is_checked()  # the default asks every turn
    dialog.locator("input[name=responses][value=holding]").check()
    assert "tells everyone" in dialog.inner_text() or "learn something" in dialog.inner_text()
    save = dialog.locator("button[type=submit]")
    assert save.is_disabled()
    dialog.locator("input[name=understood]").check()
    save.click()
    page.wait_for_function("() => !document.querySelector('#prefs-dialog').open")
    sent = [m for m in tab.sent if m.get("type") == "prefs"]
    assert sent and sent[-1]["responses"] == "holding" and sent[-1]["understood"] is True
    page.wait_for_timeout(300)
    assert [m for m in tab.received if m.get("type") == "prefs"][-1]["responses"] == "holding"
    tab.check_clean()
