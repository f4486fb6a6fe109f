"""Each of the five games from the lobby to the end in Chromium: one person clicking on the table
like a person, bots in the other seats; the first half at desktop width, the rest at phone width;
the result shown equals the record's.

With ``REGALIA_WEB_SHOTS=<dir>`` the test also saves a screenshot of each table mid-game at
1280×800 and at 390×844 (how docs/web/*.png are made)."""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest

from .conftest import DESKTOP, PHONE
from .person import check_result_matches_record, create_table, no_horizontal_overflow, play, wait_for

pytestmark = pytest.mark.timeout(420)

GAMES: list[tuple[str, dict[str, Any]]] = [
    (
        "kings-blood",
        {"players": 3, "seats": ["human", "bot:heuristic", "bot:random"], "options": {"advanced": True}, "seed": 11},
    ),
    ("kings-family", {"seed": 20261123}),
    (
        "kingship",
        {
            "players": 4,
            "seats": ["human", "bot:heuristic", "bot:random", "bot:heuristic"],
            "options": {"max_turns": 40},
            "seed": 5,
        },
    ),
    (
        "blood-and-fortune",
        {
            "players": 3,
            "seats": ["human", "bot:heuristic", "bot:heuristic"],
            "options": {"roles": True, "special_actions": True},
            "seed": 3,
        },
    ),
    (
        "kingdom",
        {
            "players": 4,
            "seats": ["human", "bot:heuristic", "bot:random", "bot:heuristic"],
            "options": {"territories": 30},
            "seed": 8,
        },
    ),
]

SHOT_AFTER = {"kings-blood": 8, "kings-family": 14, "kingship": 10, "blood-and-fortune": 9, "kingdom": 3}


@pytest.mark.parametrize(("game", "how"), GAMES, ids=[g for g, _ in GAMES])
def test_full_game_by_clicking_from_the_lobby(game: str, how: dict[str, Any], server: Any, tabs: Any) -> None:
    tab = tabs(DESKTOP)
    page = tab.page
    table = create_table(page, server.base, game, name="Ann", **how)
    wait_for(page, "#board .seat, #board .card", timeout=30_000)
    rng = random.Random(game)
    shots = os.environ.get("REGALIA_WEB_SHOTS")
    first = play(page, rng, stop_after=SHOT_AFTER[game])
    if shots and not page.locator("#result").count():
        out = Path(shots)
        out.mkdir(parents=True, exist_ok=True)
        page.evaluate("() => window.scrollTo(0, 0)")
        page.wait_for_timeout(300)
        page.screenshot(path=str(out / f"{game}-1280x800.png"))
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(200)
    no_horizontal_overflow(page)
    if shots and not page.locator("#result").count():
        page.evaluate("() => window.scrollTo(0, 0)")
        page.wait_for_timeout(300)
        page.screenshot(path=str(Path(shots) / f"{game}-390x844.png"))
    rest = play(page, rng)
    assert first + rest > 0
    check_result_matches_record(page, server.base, table)
    no_horizontal_overflow(page)
    # every move the page sent answered the frame it was shown, as the protocol asks
    acts = [m for m in tab.sent if m.get("type") == "act"]
    assert acts and all(isinstance(m["step"], int) and isinstance(m["action"], str) for m in acts)
    tab.check_clean()


def test_the_lobby_lists_open_running_and_finished_tables(server: Any, tabs: Any) -> None:
    """The lobby's three lists: a table waiting for a person (Join), a running one (Watch) and a
    finished one (Replay, with its result in the game's words and the date it ended), at desktop
    and phone width. With ``REGALIA_WEB_SHOTS`` it saves docs/web's lobby screenshots."""
    import httpx

    def create(body: dict[str, Any]) -> str:
        return str(httpx.post(f"{server.base}/api/tables", json=body, timeout=30).json()["table"])

    waiting = create({"game": "kingdom", "players": 3, "seats": ["human", "human", "bot:heuristic"], "name": "Ann"})
    running = create(
        {"game": "kingship", "players": 4, "seats": ["human", "bot:heuristic", "bot:heuristic", "bot:heuristic"]}
    )
    over = create({"game": "blood-and-fortune", "players": 3, "seats": ["bot:random"] * 3, "seed": 7})
    tab = tabs(DESKTOP)
    page = tab.page
    page.goto(f"{server.base}/")
    for selector in (
        f"#open-tables a[href*='{waiting}']",
        f"#watch-tables a[href*='{running}']",
        f"#over-tables a[href*='{over}']",
    ):
        wait_for(page, selector, timeout=120_000)
    row = page.locator(f"li.table-row:has(a[href*='{over}'])")
    record = httpx.get(f"{server.base}/api/tables/{over}/record", timeout=30).json()
    assert record["result"]["text"] in row.inner_text()
    assert row.locator("time").get_attribute("datetime")
    shots = os.environ.get("REGALIA_WEB_SHOTS")
    if shots:
        Path(shots).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(shots) / "lobby-1280x800.png"))
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(300)
    no_horizontal_overflow(page)
    if shots:
        page.evaluate("() => window.scrollTo(0, 0)")
        page.screenshot(path=str(Path(shots) / "lobby-390x844.png"))
    tab.check_clean()
