"""Replays in the browser: a finished table step by step from its record, as a spectator (no
hand is drawn) and as a seat (its hand is); a running table as a spectator; keys and buttons."""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest

from .conftest import DESKTOP, PHONE
from .person import create_table, no_horizontal_overflow, wait_for

pytestmark = pytest.mark.timeout(240)


def _bots_table(base: str, game: str, seats: list[str], seed: int) -> str:
    body = {"game": game, "players": len(seats), "seats": seats, "seed": seed}
    created = httpx.post(f"{base}/api/tables", json=body, timeout=30).json()
    assert created["token"] is None  # nobody's seat: every seat is a bot
    deadline = time.monotonic() + 120
    while httpx.get(f"{base}/api/tables/{created['table']}", timeout=10).json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.2)
    return str(created["table"])


def _step(page: Any) -> tuple[int, int]:
    words = page.inner_text("#step-no").split()  # "step 3 of 41"
    return int(words[1]), int(words[3])


def test_replay_a_finished_table_as_a_spectator_and_as_a_seat(server: Any, tabs: Any) -> None:
    table = _bots_table(server.base, "kings-blood", ["bot:heuristic", "bot:random"], seed=9)
    steps = httpx.post(f"{server.base}/api/tables/{table}/replay", json={}, timeout=30).json()["steps"]
    record = httpx.get(f"{server.base}/api/tables/{table}/record", timeout=30).json()
    tab = tabs(DESKTOP)
    page = tab.page
    page.goto(f"{server.base}/replay.html?t={table}")
    wait_for(page, "#board .kb-table", timeout=30_000)
    assert _step(page) == (0, len(steps) - 1)
    assert page.inner_text("#prompt") == steps[0]["prompt"]
    assert page.locator("#board .hand").count() == 0  # a spectator sees no hand

    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.click("#next")
    assert _step(page)[0] == 3
    assert page.inner_text("#prompt") == steps[3]["prompt"]
    page.click("#prev")
    assert _step(page)[0] == 2
    page.keyboard.press("End")
    assert _step(page)[0] == len(steps) - 1
    assert page.get_attribute("#result", "data-winners") == str(record["result"]["winners"]).replace(" ", "")
    log = page.locator("#log li").all_inner_texts()
    assert log == [e["text"] for s in steps for e in s["events"]]

    # as seat 1: its hand is drawn, and each step's prompt is the one that seat read
    page.select_option(".replay-controls select", "1")
    wait_for(page, "#board .hand", timeout=30_000)
    mine = httpx.post(f"{server.base}/api/tables/{table}/replay", json={"seat": 1}, timeout=30).json()["steps"]
    page.keyboard.press("Home")
    for i in (0, 1, 2):
        assert _step(page)[0] == i
        hand = page.locator("#board .hand .card").evaluate_all("els => els.map(e => e.dataset.card)")
        assert hand == (mine[i]["view"]["hand"] or [])
        page.keyboard.press("ArrowRight")
    assert "seat=1" in page.url
    page.set_viewport_size(PHONE)
    no_horizontal_overflow(page)
    tab.check_clean()


def test_replay_of_a_running_table_is_a_spectators(server: Any, tabs: Any) -> None:
    tab = tabs(DESKTOP)
    table = create_table(
        tab.page,
        server.base,
        "kingship",
        players=4,
        seats=["human", "bot:heuristic", "bot:heuristic", "bot:heuristic"],
        seed=3,
    )
    wait_for(tab.page, "#dock.mine", timeout=30_000)
    watcher = tabs(DESKTOP)
    page = watcher.page
    page.goto(f"{server.base}/replay.html?t={table}")
    wait_for(page, "#board .ks-table", timeout=30_000)
    options = page.locator(".replay-controls select option").all_inner_texts()
    assert options == ["a spectator"]  # each seat's replay only once the game is over
    assert page.locator("#board .hand").count() == 0
    watcher.check_clean()


def test_replay_what_happened_follows_the_current_step(server: Any, tabs: Any) -> None:
    """Late in the game the log shows the current step's events (marked, scrolled into the log's
    view, the first moves long gone above) and the line by the prompt says them; stepping on
    moves both."""
    table = _bots_table(server.base, "kings-blood", ["bot:heuristic", "bot:random", "bot:heuristic"], seed=12)
    steps = httpx.post(f"{server.base}/api/tables/{table}/replay", json={}, timeout=30).json()["steps"]
    assert len(steps) > 20
    page = tabs(DESKTOP).page
    page.goto(f"{server.base}/replay.html?t={table}")
    wait_for(page, "#board .kb-table", timeout=30_000)
    target = next(i for i in range(len(steps) * 7 // 10, len(steps) - 1) if steps[i]["events"])
    page.locator(".replay-controls input[type=range]").fill(str(target))
    assert _step(page)[0] == target
    page.wait_for_timeout(300)
    texts = [e["text"] for e in steps[target]["events"]]
    assert page.locator("#log li.current").all_inner_texts() == texts
    assert [t.removeprefix("🔒 ") for t in page.locator("#since li").all_inner_texts()] == texts
    seen = page.evaluate(
        """() => {
      const log = document.querySelector('#log');
      const first = log.querySelector('li.current');
      const top = first.offsetTop - log.offsetTop;
      return {top, scroll: log.scrollTop, height: log.clientHeight, full: log.scrollHeight};
    }"""
    )
    assert seen["full"] > seen["height"], "the log is long enough to scroll"
    assert seen["scroll"] <= seen["top"] < seen["scroll"] + seen["height"], seen
    page.keyboard.press("ArrowRight")
    nxt = [e["text"] for e in steps[target + 1]["events"]]
    assert page.locator("#log li.current").all_inner_texts() == nxt
