"""The action grammar in Chromium: the page sends the very action its clicks made, from the keys
the server's choices carry (never by reading action texts) — the Blood & Fortune twin cards
that once sent ``offer H5d2 H5d2 to P1`` (refused "the same card twice") above all.

Seed 20, three players: P0 (house H5) opens the game holding ``H5d1 H5d2 H5s1 H5s2 H5s3``; its
two doubles are alike, as are its three singles, so the server shows one choice for each pair
of classes and lists the others in its ``alike``."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import DESKTOP
from .person import create_table, wait_for

pytestmark = pytest.mark.timeout(180)

SEATS = ["human", "bot:heuristic", "bot:heuristic"]


def _open(server: Any, tabs: Any) -> Any:
    tab = tabs(DESKTOP)
    create_table(tab.page, server.base, "blood-and-fortune", players=3, seats=SEATS, seed=20, name="Ann")
    wait_for(tab.page, "#dock.mine")
    hand = tab.page.locator("#board .hand [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    assert hand == ["H5d1", "H5d2", "H5s1", "H5s2", "H5s3"]
    return tab


def _sent_and_answered(tab: Any) -> tuple[str, str]:
    """The action of the one move sent, and the answer (accepted / refused) it got."""
    page = tab.page
    page.wait_for_function("() => document.querySelector('#dock').dataset.sending !== 'true'", timeout=30_000)
    page.wait_for_timeout(300)
    acts = [m for m in tab.sent if m.get("type") == "act"]
    assert len(acts) == 1, acts
    answers = [m["type"] for m in tab.received if m.get("type") in ("accepted", "refused")]
    assert answers, "no answer to the move"
    return acts[0]["action"], answers[0]


def test_bf_twin_doubles_tap_h5d2_then_the_two_doubles_button_sends_both_doubles(server: Any, tabs: Any) -> None:
    tab = _open(server, tabs)
    page = tab.page
    page.click("#board .hand [data-card='H5d2']")
    page.locator("#dock .bar button.move", has_text="two doubles (2 + 2) to P1").first.click()
    action, answer = _sent_and_answered(tab)
    assert action == "offer H5d1 H5d2 to P1"
    assert answer == "accepted"
    assert page.locator("#toast").count() == 0
    tab.check_clean()


def test_bf_twin_single_clicked_is_the_card_sent(server: Any, tabs: Any) -> None:
    """H5s3 is a twin of H5s1, whose choice the server shows; clicking H5s3, H5d2 and P2 sends
    H5s3 and H5d2 — the cards clicked — from the shown choice's ``alike``."""
    tab = _open(server, tabs)
    page = tab.page
    frame = tab.states()[-1]
    shown = [c["text"] for c in frame["legal"]]
    assert "offer H5s3 H5d2 to P2" not in shown  # not shown: an alike of the first twins' offer
    assert any(a["text"] == "offer H5s3 H5d2 to P2" for c in frame["legal"] for a in c["alike"])
    page.click("#board .hand [data-card='H5s3']")
    page.click("#board .hand [data-card='H5d2']")
    page.click("#board [data-seat='2'] button.plate-btn")
    action, answer = _sent_and_answered(tab)
    assert action == "offer H5s3 H5d2 to P2"
    assert answer == "accepted"
    tab.check_clean()
