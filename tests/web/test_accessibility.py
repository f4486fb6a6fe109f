"""Accessibility: axe-core (4.x, WCAG 2 A/AA rules and best practices, the experimental
``label-content-name-mismatch`` rule switched on) injected by Playwright into the lobby, each of
the five tables at the person's decision, a finished table and its replay: no serious or critical
finding. The lobby has an ``<h1>``; every card and button's accessible name contains its visible
words and says what it is (and, while it can be chosen, what a click does).

axe-core comes from the pinned PyPI package ``axe-playwright-python`` (the ``test`` extra), which
ships ``axe.min.js``; the file's SHA-256 is checked before it is injected into any page.
"""

from __future__ import annotations

import hashlib
import importlib.resources
from typing import Any

import pytest

from .conftest import DESKTOP, IN_CI
from .person import create_table, wait_for

pytestmark = pytest.mark.timeout(300)

AXE_SHA256 = "84494fec757e4710dc751c8d7a636e457f4532f08f85c86dc9070133fbff53bc"
"""axe-core 4.12.1, as axe-playwright-python 0.1.8 ships it."""

H = "bot:heuristic"  # quick bots: the server's bot worker is shared by the tests of a process
GAMES: list[tuple[str, dict[str, Any]]] = [
    ("kings-blood", {"players": 3, "seats": ["human", H, H], "seed": 11}),
    ("kings-family", {"seed": 20261123}),
    ("kingship", {"players": 4, "seats": ["human", H, H, H], "seed": 5}),
    (
        "blood-and-fortune",
        {"players": 4, "seats": ["human", H, H, H], "seed": 3, "options": {"roles": True, "special_actions": True}},
    ),
    ("kingdom", {"players": 3, "seats": ["human", H, H], "seed": 8}),
]


@pytest.fixture(scope="session")
def axe_script() -> str:
    try:
        data = (importlib.resources.files("axe_playwright_python") / "axe.min.js").read_bytes()
    except ModuleNotFoundError:
        if IN_CI:
            pytest.fail('axe-playwright-python is not installed (pip install -e ".[test]")')
        pytest.skip('axe-playwright-python is not installed (pip install -e ".[test]")')
    assert hashlib.sha256(data).hexdigest() == AXE_SHA256, "axe.min.js is not the pinned axe-core 4.12.1"
    text = data.decode("utf-8")
    assert text.startswith("/*! axe v4.")
    return text


def serious_findings(page: Any, axe_script: str) -> list[str]:
    """axe-core's serious and critical findings on the page as it is now, one line each."""
    page.evaluate(axe_script)
    results = page.evaluate(
        "() => axe.run(document, {resultTypes: ['violations'], rules: {'label-content-name-mismatch': {enabled: true}}})"
    )
    assert results["testEngine"]["version"].startswith("4.")
    out = []
    for v in results["violations"]:
        if v["impact"] in ("serious", "critical"):
            for node in v["nodes"]:
                out.append(f"{v['id']} ({v['impact']}): {node['target']} — {node.get('failureSummary', '')[:200]}")
    return out


def test_axe_lobby_has_an_h1_and_no_serious_finding(server: Any, tabs: Any, axe_script: str) -> None:
    page = tabs(DESKTOP).page
    page.goto(f"{server.base}/")
    wait_for(page, "form.create")
    assert page.locator("h1").count() == 1
    page.evaluate("() => document.querySelectorAll('details').forEach((d) => { d.open = true; })")
    assert serious_findings(page, axe_script) == []


@pytest.mark.parametrize(("game", "how"), GAMES, ids=[g for g, _ in GAMES])
def test_axe_table_at_a_decision_has_no_serious_finding(
    game: str, how: dict[str, Any], server: Any, tabs: Any, axe_script: str
) -> None:
    page = tabs(DESKTOP).page
    create_table(page, server.base, game, name="Ann", **how)
    wait_for(page, "#dock.mine", timeout=60_000)
    page.wait_for_timeout(500)
    assert serious_findings(page, axe_script) == []
    # a card picked (a pick in progress) and the list of every move, open
    hl = page.locator("#board button.card.hl")
    if hl.count():
        hl.first.click()
        page.wait_for_timeout(200)
        assert serious_findings(page, axe_script) == []
        page.keyboard.press("Escape")
    page.click("#dock .all-btn")
    assert serious_findings(page, axe_script) == []


def test_axe_finished_table_and_its_replay_have_no_serious_finding(server: Any, tabs: Any, axe_script: str) -> None:
    page = tabs(DESKTOP).page
    create_table(page, server.base, "kings-blood", players=2, seats=["bot:random", "bot:random"], seed=4)
    wait_for(page, "#result", timeout=120_000)
    assert page.locator("table.standings").count() == 1
    assert serious_findings(page, axe_script) == []
    page.click("#result a.button:has-text('Replay')")
    wait_for(page, "#board .seat, #board .card")
    page.keyboard.press("End")
    wait_for(page, "#result")
    assert serious_findings(page, axe_script) == []


def test_axe_learn_lesson_and_rules_pages_have_no_serious_finding(server: Any, tabs: Any, axe_script: str) -> None:
    """/learn, a lesson with a wrong move explained (issue 25) and a game's rules page."""
    page = tabs(DESKTOP).page
    page.goto(f"{server.base}/learn")
    wait_for(page, "#course-kingship")
    assert serious_findings(page, axe_script) == []
    page.goto(f"{server.base}/table.html?lesson=kings-family/active-cards")
    wait_for(page, "#goal")
    page.locator('#board [data-key="hand:Enthronement"]').first.click()
    page.locator('#board [data-key="gen:M7f"]').first.click()
    wait_for(page, "#lesson-feedback.wrong")
    assert serious_findings(page, axe_script) == []
    page.goto(f"{server.base}/rules.html?game=kingship")
    wait_for(page, "#rulings")
    assert page.locator("#rule-KS-7").count() == 1
    assert serious_findings(page, axe_script) == []
