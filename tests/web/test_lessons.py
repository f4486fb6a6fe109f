"""Lessons in Chromium (issue 25): /learn lists every course with the stars kept in the browser;
a lesson runs on the table page with the game's renderer, the goal above the table and its cards
highlighted; a wrong move made by clicking is explained with its rule and taken back; every
lesson of every course is completed by clicking, at desktop and phone size.

With ``REGALIA_WEB_SHOTS=<dir>`` the first test saves screenshots of a lesson (desktop, phone)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from regalia.core.lessons import Decision, load_course

from .conftest import PHONE
from .person import no_horizontal_overflow, wait_for

pytestmark = pytest.mark.timeout(900)

COURSES = ["kings-family", "kings-blood", "kingship", "blood-and-fortune", "kingdom"]


def _click_key(page: Any, key: str) -> None:
    page.locator(f'#board [data-key="{key}"]').first.click()


def test_a_wrong_move_is_explained_and_taken_back_by_clicking(server: Any, tabs: Any) -> None:
    t = tabs()
    page = t.page
    page.goto(f"{server.base}/learn")
    wait_for(page, "#course-kings-family")
    page.locator('a[data-lesson="kings-family/active-cards"]').click()
    page.wait_for_url("**/table.html?lesson=kings-family/active-cards")
    wait_for(page, "#goal")
    assert "Play a Money (green) Character beside M7f" in page.locator("#goal").inner_text()
    # the goal's cards are marked on the table (the spots beside M7f appear once a card is picked)
    assert page.locator('#board .lesson-hl[data-key="hand:M4f"]').count() == 1
    assert page.locator('#board .lesson-hl[data-key="hand:M9f"]').count() == 1
    hand_before = page.locator('#board [data-key^="hand:"]').count()
    # Enthronement, then the founder: a legal Event, not the move this lesson asks for
    _click_key(page, "hand:Enthronement")
    _click_key(page, "gen:M7f")
    wait_for(page, "#lesson-feedback.wrong")
    feedback = page.locator("#lesson-feedback").inner_text()
    assert "Not this move" in feedback and "Enthronement is an Event" in feedback
    assert "Rule (KB-T1):" in feedback and "taken back" in feedback
    assert page.locator('#board [data-key^="hand:"]').count() == hand_before
    assert page.locator('#board [data-key="hand:Enthronement"]').count() == 1
    shots = os.environ.get("REGALIA_WEB_SHOTS")
    if shots:
        page.screenshot(path=str(Path(shots) / "lesson-wrong-1280x800.png"))
    _click_key(page, "hand:M9f")
    _click_key(page, "spot:M7f:right")
    wait_for(page, "#lesson-done")
    assert "★★☆" in page.locator("#lesson-done").inner_text()
    assert "Next lesson: A Marriage and its child" in page.locator("#next-lesson").inner_text()
    page.goto(f"{server.base}/learn")
    wait_for(page, "#course-kings-family")
    assert "★★☆" in page.locator('a[data-lesson="kings-family/active-cards"]').inner_text()
    t.check_clean()


def test_a_lesson_on_a_phone_is_laid_out_and_keyboard_usable(server: Any, browser: Any) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=3)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.base}/table.html?lesson=kings-blood/marriage")
    wait_for(page, "#goal")
    no_horizontal_overflow(page)
    assert page.locator("#lesson-goal").is_visible()
    shots = os.environ.get("REGALIA_WEB_SHOTS")
    if shots:
        page.screenshot(path=str(Path(shots) / "lesson-390x844.png"))
    # the keyboard: Tab to the highlighted card, Enter, then to a spot, Enter
    page.locator('#board [data-key="hand:M6f"]').first.focus()
    page.keyboard.press("Enter")
    page.locator('#board [data-key="spot:M5m:right"]').first.focus()
    page.keyboard.press("Enter")
    wait_for(page, ".dialog-choices button, #dock .bar button.move", timeout=10_000)
    # a Marriage or not: the page asks which (the lesson wants the Marriage)
    page.locator('#dock .bar button.move[data-text="play M6f right of M5m"]').click()
    wait_for(page, "#lesson-feedback.right")
    wait_for(page, "#goal")
    assert "child M5f" in page.locator("#goal").inner_text()
    no_horizontal_overflow(page)
    context.close()
    assert errors == []


def _move_by_list(page: Any, text: str | None) -> None:
    """Play ``text`` (or the first move) from the "All moves" list, as a person may."""
    page.locator("#dock .all-btn").click()
    dialog = page.locator("dialog.all-moves")
    button = dialog.locator(f'button.move[data-text="{text}"]') if text else dialog.locator("button.move").first
    button.click()


def _play(page: Any, text: str | None) -> None:
    """Play ``text`` (or the first move) from the list and wait until it was played (the
    lesson's step changed) or the lesson ended."""
    step = page.locator("#lesson-goal").get_attribute("data-step")
    _move_by_list(page, text)
    page.wait_for_function(
        "(s) => !!document.getElementById('lesson-done') || document.getElementById('lesson-goal').dataset.step !== s",
        arg=step,
        timeout=20_000,
    )


@pytest.mark.parametrize("game", COURSES)
def test_every_lesson_completed_by_clicking(server: Any, tabs: Any, game: str) -> None:
    t = tabs()
    page = t.page
    course = load_course(game)
    for lesson in course.lessons:
        page.goto(f"{server.base}/table.html?lesson={game}/{lesson.id}")
        wait_for(page, "#lesson-goal")
        decisions = [s for s in lesson.steps if isinstance(s, Decision)]
        for step in decisions:
            wait_for(page, "#dock.mine")
            _play(page, step.expect[0] if step.expect else None)
        clicks = 0
        while lesson.bot is not None and page.locator("#lesson-done").count() == 0:
            page.wait_for_selector("#dock.mine, #lesson-done", timeout=20_000)
            if page.locator("#lesson-done").count():
                break
            _play(page, None)
            clicks += 1
            assert clicks < 1500
        wait_for(page, "#lesson-done")
        done = page.locator("#lesson-done").inner_text()
        assert "Lesson complete" in done
        if lesson.bot is None:
            assert "★★★" in done, f"{game}/{lesson.id}: {done}"
    page.goto(f"{server.base}/learn")
    wait_for(page, f"#course-{game}")
    text = page.locator(f"#course-{game} .course-stars").inner_text()
    assert text.split(" / ")[0] != "0"
    t.check_clean()
