"""A person at the browser table: creates a table from the lobby form, then plays by clicking
what the page offers — a highlighted card or target on the table, a move button, or now and then
a move from the "All moves" list — until the game is over."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import httpx

import regalia

TIMEOUT_MS = 30_000


def create_table(
    page: Any,
    base: str,
    game: str,
    *,
    players: int | None = None,
    seats: list[str] | None = None,
    options: dict[str, Any] | None = None,
    name: str | None = None,
    table_name: str | None = None,
    seed: int | None = None,
    fair: bool = True,
    private: bool = False,
    spectators: bool = True,
    clock: int | None = None,
) -> str:
    """Fill the lobby's form and create the table; returns the table id (from the table page's
    address, where the page goes next)."""
    page.goto(f"{base}/")
    page.check(f"input[name=game][value={game}]")
    if players is not None:
        page.select_option("select[name=players]", str(players))
    for i, spec in enumerate(seats or []):
        page.select_option(f"select[name=seat-{i}]", spec)
    for key, value in (options or {}).items():
        field = page.locator(f"#opt-{key}")
        if isinstance(value, bool):
            field.set_checked(value)
        elif field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(str(value))
        else:
            field.fill("" if value is None else str(value))
    if name is not None:
        page.fill("input[name=name]", name)
    page.locator("input[name=private]").set_checked(private)
    page.locator("input[name=spectators]").set_checked(spectators)
    if clock is not None:
        page.select_option("select[name=clock]", str(clock))
    if seed is not None or not fair or table_name is not None:
        page.click("details.more summary")
        if table_name is not None:
            page.fill("input[name=table_name]", table_name)
        if seed is not None:
            page.fill("input[name=seed]", str(seed))
        if not fair:
            page.locator("input[name=fair_windows]").set_checked(False)
    page.click("form.create button[type=submit]")
    page.wait_for_url(re.compile(r".*/table\.html\?t=.*"), timeout=TIMEOUT_MS)
    return table_id(page)


def wait_for(page: Any, selector: str, *, timeout: int = TIMEOUT_MS, state: str = "visible") -> None:
    """Wait for ``selector``; on a timeout, fail with what the page shows (to tell why)."""
    try:
        page.wait_for_selector(selector, timeout=timeout, state=state)
    except Exception as exc:
        shown = page.evaluate("() => document.body ? document.body.innerText : ''")
        raise AssertionError(f"{selector} not {state} after {timeout} ms; the page shows:\n{shown[:1500]}") from exc


def table_id(page: Any) -> str:
    m = re.search(r"[?&]t=([A-Za-z0-9_-]+)", page.url)
    assert m, page.url
    return m.group(1)


def is_over(page: Any) -> bool:
    return page.locator("#result").count() > 0


def my_turn(page: Any) -> bool:
    return page.locator("#dock.mine").count() > 0


def offered(page: Any) -> tuple[Any, Any]:
    """What the page offers now: highlighted elements on the table, and move buttons."""
    return page.locator("#board button.hl"), page.locator("#dock .bar button.move:not([disabled])")


def act_once(page: Any, rng: random.Random, *, list_share: float = 0.08) -> bool:
    """One click like a person's: mostly on the table, sometimes a move button, now and then the
    full list. Returns False when there was nothing to do yet."""
    if not my_turn(page):
        return False
    targets, buttons = offered(page)
    nt, nb = targets.count(), buttons.count()
    r = rng.random()
    try:
        if r < list_share or nt + nb == 0:
            page.click("#dock .all-btn", timeout=2000)
            moves = page.locator("dialog.all-moves button.move")
            moves.nth(rng.randrange(moves.count())).click(timeout=2000)
        elif nt and (r < 0.8 or not nb):
            targets.nth(rng.randrange(nt)).click(timeout=2000)
        else:
            buttons.nth(rng.randrange(nb)).click(timeout=2000)
    except Exception:  # the element went away under the click (the table moved on): look again
        page.keyboard.press("Escape")
        return False
    return True


# At one instant: is it this seat's decision (and no move of it on its way), and how many
# highlighted elements and move buttons does the page offer?
OFFER = """() => {
  const dock = document.querySelector('#dock');
  const mine = !!dock && dock.classList.contains('mine') && dock.dataset.sending !== 'true';
  return {
    mine,
    offered: document.querySelectorAll('#board button.hl, #dock .bar button.move:not([disabled]), .picked-line').length,
    prompt: dock ? dock.querySelector('.prompt').textContent : '',
    orphans: dock ? dock.dataset.orphans || '0' : '0',
  };
}"""


def play(page: Any, rng: random.Random, *, max_clicks: int = 600, stop_after: int | None = None) -> int:
    """Click until the game is over (or ``stop_after`` clicks); returns the clicks made.

    Each time it is this seat's turn the page must offer something on the table or a move
    button (the full list alone would not be playing on the table)."""
    clicks = 0
    idle = 0
    while not is_over(page):
        if stop_after is not None and clicks >= stop_after:
            break
        assert clicks < max_clicks, "the game did not end"
        now = page.evaluate(OFFER)
        if now["mine"] and not now["offered"]:
            page.wait_for_timeout(150)  # a frame may be on its way
            now = page.evaluate(OFFER)
            assert not now["mine"] or now["offered"], f"nothing to click: {now['prompt']}"
        if now["mine"] and now["orphans"] != "0":  # the board draws the first click of every move
            page.wait_for_timeout(300)
            now = page.evaluate(OFFER)
            assert not now["mine"] or now["orphans"] == "0", f"moves not drawn on the table: {now['prompt']}"
        if act_once(page, rng):
            clicks += 1
            idle = 0
        else:
            idle += 1
            assert idle < 1200, "the table stopped moving"
            page.wait_for_timeout(50)
    return clicks


def check_result_matches_record(page: Any, base: str, table: str) -> dict[str, Any]:
    """The result the page shows equals the record's (fetched from the server, replayed)."""
    wait_for(page, "#result")
    box = page.locator("#result")
    winners = json.loads(box.get_attribute("data-winners") or "null")
    returns = json.loads(box.get_attribute("data-returns") or "null")
    record = httpx.get(f"{base}/api/tables/{table}/record", timeout=30).json()
    assert record["result"]["winners"] == winners
    assert record["result"]["returns"] == returns
    state = regalia.replay(record)
    assert state.is_terminal and state.result() == record["result"]
    # the result in the game's own words, and the standings in its terms (totals, territories…)
    assert box.locator("#result-text").inner_text() == record["result"]["text"]
    rows = box.locator("table.standings tbody tr")
    standings = record["result"]["standings"]
    assert rows.count() == len(standings)
    for i, row in enumerate(standings):
        cells = rows.nth(i)
        assert cells.get_attribute("data-seat") == str(row["seat"])
        if row["score"] is not None:
            assert cells.locator("td.score").inner_text() == str(row["score"])
    return record


def no_horizontal_overflow(page: Any) -> None:
    """The page is no wider than the window (wide parts, such as the Genealogy, scroll inside)."""
    width = page.evaluate("() => document.documentElement.scrollWidth")
    inner = page.evaluate("() => window.innerWidth")
    assert width <= inner + 1, f"the page is {width}px wide in a {inner}px window"
