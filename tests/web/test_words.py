"""The words a browser user reads (issue 21, items 8 and 9): the lobby's options under their own
labels and help (no raw names, nothing a browser user cannot set, such as ``deck=``); a refused
move explained with its rule's words (never a path to a docs file); no "their turn" once the game
is over; card names not cut off; Kingdom's preoccupied cards readable."""

from __future__ import annotations

import json
import re
import time
from typing import Any

import httpx
import pytest

from .conftest import DESKTOP
from .person import create_table, wait_for

pytestmark = pytest.mark.timeout(240)

UNSETTABLE = re.compile(r"deck=|deck_file|make\(|docs/|\.md\b|--[a-z]")
"""Words about what only the library or the terminal can do."""


def _bots_table(base: str, game: str, seats: list[str], seed: int, **options: Any) -> str:
    body = {
        "game": game,
        "players": len(seats),
        "seats": seats,
        "seed": seed,
        "fair_windows": False,
        "options": options,
    }
    created = httpx.post(f"{base}/api/tables", json=body, timeout=30).json()
    deadline = time.monotonic() + 120
    while httpx.get(f"{base}/api/tables/{created['table']}", timeout=10).json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.2)
    return str(created["table"])


def test_lobby_options_show_their_labels_and_help_and_nothing_unsettable(server: Any, tabs: Any) -> None:
    games = httpx.get(f"{server.base}/api/games", timeout=30).json()["games"]
    for g in games:
        for o in g["options"]:
            assert o["label"] and o["label"] != o["name"] and o["help"], (g["name"], o["name"])
            assert not UNSETTABLE.search(o["help"] + (o["ruling_text"] or "")), (g["name"], o["name"])
        assert g["rules"] and not any(UNSETTABLE.search(t) for t in g["rules"].values()), g["name"]
    page = tabs(DESKTOP).page
    page.goto(f"{server.base}/")
    wait_for(page, "form.create")
    for g in games:
        page.check(f"input[name=game][value={g['name']}]")
        page.evaluate("() => document.querySelectorAll('details').forEach((d) => { d.open = true; })")
        shown = page.inner_text("fieldset.options") if g["options"] else ""
        for o in g["options"]:
            assert o["label"] in shown and o["help"] in shown, (g["name"], o["name"])
            assert o["name"] not in re.findall(r"[a-z_]+", shown) or "_" not in o["name"], o["name"]
        assert not UNSETTABLE.search(page.inner_text("form.create")), g["name"]
    page.check("input[name=game][value=blood-and-fortune]")
    row = page.locator("[data-option=first_player]")
    assert "First player" in row.inner_text() and "BF-X6" in row.inner_text()


def test_a_refused_move_is_explained_with_its_rule_s_words(server: Any, tabs: Any) -> None:
    """The page sends a legal move; the test rewrites it on its way to ``play 9`` (a value without
    its suit): the toast says what is wrong, names the rule of the decision (KS-3) and says that
    rule's words — never a path to a docs file."""
    tab = tabs(DESKTOP)
    page = tab.page

    def route(ws: Any) -> None:
        server_side = ws.connect_to_server()

        def outgoing(message: Any) -> None:
            data = json.loads(message) if isinstance(message, str) else None
            if data and data.get("type") == "act":
                data["action"] = "play 9"
                message = json.dumps(data)
            server_side.send(message)

        ws.on_message(outgoing)

    page.route_web_socket(re.compile(r".*/ws/tables/.*"), route)
    seats = ["human", "bot:heuristic", "bot:heuristic", "bot:heuristic"]
    # plain decisions (no response stage, whose only move is "continue", comes first)
    create_table(page, server.base, "kingship", players=4, seats=seats, seed=5, name="Ann", fair=False)
    wait_for(page, "#dock.mine", timeout=60_000)
    page.locator("#dock .bar button.move").first.click()
    wait_for(page, "#toast")
    toast = page.inner_text("#toast")
    assert "'9' is a value without its suit" in toast and "[KS-3]" in toast
    assert page.inner_text("#toast-rule").startswith("KS-3: ")
    assert "docs/" not in toast and ".md" not in toast


def test_no_their_turn_badge_once_the_game_is_over(server: Any, tabs: Any) -> None:
    for game, seats in (
        ("kingdom", ["bot:random", "bot:random"]),
        ("kingship", ["bot:random", "bot:random", "bot:random", "bot:random"]),
    ):
        table = _bots_table(server.base, game, seats, seed=6, **({"max_turns": 30} if game == "kingship" else {}))
        page = tabs(DESKTOP).page
        page.goto(f"{server.base}/table.html?t={table}#watch=1")
        wait_for(page, "#result", timeout=30_000)
        assert page.locator("#board .turnmark").count() == 0, game
        assert page.locator("#board .plate-turn").count() == 0, game


def test_kingship_card_names_are_whole(server: Any, tabs: Any) -> None:
    page = tabs(DESKTOP).page
    seats = ["human", "bot:heuristic", "bot:heuristic", "bot:heuristic"]
    create_table(page, server.base, "kingship", players=4, seats=seats, seed=5, name="Ann")
    wait_for(page, "#dock.mine", timeout=60_000)
    cut = page.evaluate(
        """() => [...document.querySelectorAll('#board .card .c-sub')]
        .filter((s) => s.offsetParent && (s.scrollWidth > s.clientWidth + 1 || s.scrollHeight > s.clientHeight + 1))
        .map((s) => s.textContent)"""
    )
    assert cut == []
    names = page.locator("#board .hand .c-sub").all_inner_texts()
    assert names and all("…" not in n for n in names)


def test_kingdom_preoccupied_cards_stay_upright_and_readable(server: Any, tabs: Any) -> None:
    table = _bots_table(server.base, "kingdom", ["bot:heuristic", "bot:heuristic"], seed=3)
    steps = httpx.post(f"{server.base}/api/tables/{table}/replay", json={}, timeout=30).json()["steps"]
    at = next(
        i for i, s in enumerate(steps) if any(c["preoccupied"] for k in s["view"]["kingdoms"] for c in k["in_play"])
    )
    page = tabs(DESKTOP).page
    page.goto(f"{server.base}/replay.html?t={table}")
    wait_for(page, "#board .kd-table", timeout=30_000)
    page.locator(".replay-controls input[type=range]").fill(str(at))
    wait_for(page, "#board .inplay.turned .card")
    shape = page.evaluate(
        """() => { const c = document.querySelector('#board .inplay.turned .card'); const r = c.getBoundingClientRect();
        return {transform: getComputedStyle(c).transform, w: r.width, h: r.height}; }"""
    )
    assert shape["transform"] == "none"  # the face is not rotated: it reads the right way up
    assert shape["w"] > shape["h"]  # the card lies on its side
