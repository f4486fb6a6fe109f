"""Phones first-class (issue 21), under mobile emulation at 390×844 (a touch screen, the page laid
out at the device's width):

- the lobby never scrolls sideways, with every form open (each game's options, the move clock's
  timeout choice, "More settings"), and "Create the table" is tapped like any button;
- at the person's first decision in each of the five games, without scrolling, the first card of
  the hand and the decision's prompt are both on screen (nothing covers the card), and what the
  bots did before is said by the prompt ("Since your last move", "Just now") and marked on the
  table (the last-move highlight).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from .conftest import PHONE
from .person import create_table, no_horizontal_overflow, wait_for

pytestmark = pytest.mark.timeout(300)

GAMES = ["kings-blood", "kings-family", "kingship", "blood-and-fortune", "kingdom"]


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    """A page in a phone's browser: 390×844 CSS pixels, touch, a device pixel ratio of 3."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=3)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page
    context.close()
    assert errors == []


def _layout_width(page: Any) -> tuple[int, int]:
    return page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")


def test_phone_lobby_never_scrolls_sideways_with_every_form_open(server: Any, phone: Any) -> None:
    page = phone
    page.goto(f"{server.base}/")
    wait_for(page, "form.create")
    page.evaluate("() => { document.querySelector('details.more').open = true; }")
    page.select_option("select[name=clock]", "60")
    for game in GAMES:
        page.locator(f"input[name=game][value={game}]").check()
        page.wait_for_timeout(150)
        page.evaluate("() => document.querySelectorAll('details').forEach((d) => { d.open = true; })")
        width, inner = _layout_width(page)
        assert (width, inner) == (390, 390), f"{game}: the lobby is {width}px wide in a {inner}px layout"
        no_horizontal_overflow(page)
    page.locator("input[name=game][value=kingdom]").check()
    page.tap("form.create button[type=submit]")
    page.wait_for_url("**/table.html?t=*", timeout=30_000)


@pytest.mark.parametrize("game", GAMES)
def test_phone_table_shows_the_hand_the_decision_and_what_just_happened(game: str, server: Any, phone: Any) -> None:
    page = phone
    solo = game == "kings-family"
    players = 1 if solo else 4
    seats = ["human"] if solo else ["bot:heuristic", "human", "bot:heuristic", "bot:heuristic"]
    options = {"seed": 20261123} if solo else {"seed": 5}
    create_table(page, server.base, game, players=None if solo else players, seats=seats, name="Ann", **options)
    wait_for(page, "#dock.mine", timeout=60_000)
    page.wait_for_timeout(500)
    width, inner = _layout_width(page)
    assert (width, inner) == (390, 390)
    got = page.evaluate(_ON_SCREEN)
    assert got["scrollY"] == 0
    assert got["card"] and got["uncovered"], f"{game}: the hand's first card is not on screen: {got}"
    assert got["prompt"], f"{game}: the decision is not on screen: {got}"
    if solo:
        return
    for _ in range(6):  # the person opened the game: answer until the bots have played
        if got["since"] is not None:
            break
        page.click("#dock .all-btn")
        page.locator("dialog.all-moves button.move").first.click()
        page.wait_for_function(
            "() => document.querySelector('#dock.mine') && document.querySelector('#dock').dataset.sending !== 'true'",
            timeout=60_000,
        )
        page.wait_for_timeout(700)
        page.evaluate("() => window.scrollTo(0, 0)")
        got = page.evaluate(_ON_SCREEN)
    assert got["since"], f"{game}: what the bots did is not said by the prompt: {got}"
    assert re.search(r"P[023]", got["sinceText"]), got["sinceText"]
    assert got["marked"] > 0, f"{game}: the last move is not marked on the table"


_ON_SCREEN = """() => {
      const within = (r) => r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth;
      const card = document.querySelector('#board .hand .card');
      const prompt = document.querySelector('#dock .prompt');
      const c = card.getBoundingClientRect();
      const top = document.elementFromPoint(c.left + c.width / 2, c.top + c.height / 2);
      const since = document.querySelector('#since');
      return {
        scrollY: window.scrollY,
        card: within(c), uncovered: !!top && (top === card || card.contains(top)),
        prompt: within(prompt.getBoundingClientRect()),
        since: since ? within(since.getBoundingClientRect()) : null,
        sinceText: since ? since.textContent : '',
        marked: document.querySelectorAll('#board .moved, #board .moved-to, #board .moved-from').length,
      };
    }"""
