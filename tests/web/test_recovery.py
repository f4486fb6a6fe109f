"""A page keeps its seat through a reload (the token lives in the browser's storage, never in an
address), and recovers by itself when the server is killed mid-game and started again."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from .conftest import DESKTOP
from .person import check_result_matches_record, create_table, play, wait_for

pytestmark = pytest.mark.timeout(300)

STORED_SEATS = "() => Object.entries(localStorage).filter(([k]) => k.startsWith('regalia:seat:'))"


def _hellos(tab: Any) -> list[dict[str, Any]]:
    return [m for m in tab.sent if m.get("type") == "hello"]


def test_reload_keeps_the_seat_and_the_token_never_goes_into_an_address(server: Any, tabs: Any) -> None:
    tab = tabs(DESKTOP)
    page = tab.page
    table = create_table(
        page,
        server.base,
        "kings-blood",
        players=3,
        seats=["human", "bot:heuristic", "bot:heuristic"],
        seed=21,
        clock=120,
    )
    wait_for(page, "#board .mine", timeout=30_000)
    rng = random.Random(21)
    play(page, rng, stop_after=4)
    page.wait_for_function("() => document.querySelector('#dock.mine')", timeout=30_000)
    wait_for(page, ".clock.running", timeout=30_000)  # the move clock counts down this seat's time
    assert "your clock" in page.inner_text(".clock.running")
    stored = page.evaluate(STORED_SEATS)
    assert len(stored) == 1 and stored[0][0] == f"regalia:seat:{table}"
    token = json.loads(stored[0][1])["token"]
    log_before = page.locator("#log li.ev").count()

    page.reload()
    wait_for(page, "#board .mine .plate-you", timeout=30_000)
    page.wait_for_function(f"() => document.querySelectorAll('#log li.ev').length >= {log_before}", timeout=30_000)
    welcomes = [m for m in tab.received if m.get("type") == "welcome"]
    assert [w["seat"] for w in welcomes] == [0, 0]  # the same seat on both sockets
    assert all(h.get("token") == token for h in _hellos(tab))  # the token travels in the first message
    play(page, rng)
    check_result_matches_record(page, server.base, table)
    assert not any(token in u for u in [*tab.urls, page.url]), "a seat's token went into an address"
    tab.check_clean()


def test_server_killed_mid_game_and_restarted_the_page_recovers(serve: Any, tabs: Any, tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'regalia.db'}"
    first = serve(db)
    tab = tabs(DESKTOP)
    page = tab.page
    table = create_table(
        page,
        first.base,
        "kingdom",
        players=3,
        seats=["human", "bot:heuristic", "bot:random"],
        options={"territories": 8},
        seed=4,
    )
    wait_for(page, "#board .kd-table", timeout=30_000)
    rng = random.Random(4)
    play(page, rng, stop_after=5)
    page.wait_for_timeout(300)
    steps_before = max(m["step"] for m in tab.states())

    first.kill9()
    wait_for(page, "#conn-banner", timeout=30_000)
    assert "reconnecting" in page.inner_text("#conn-banner")
    second = serve(db, port=first.port)  # the same address: the page comes back to it by itself
    wait_for(page, "#conn-banner", state="detached", timeout=45_000)
    assert page.locator(".conn.c-open").count() == 1

    hellos = _hellos(tab)
    assert len(hellos) >= 2 and isinstance(hellos[-1].get("step"), int)  # it resumed from the step it had seen
    assert max(m["step"] for m in tab.states()) >= steps_before
    play(page, rng)
    record = check_result_matches_record(page, second.base, table)
    acts = [m["action"] for m in tab.sent if m.get("type") == "act"]
    # every acknowledged move is in the record ("continue", a turn that asked nothing, is no move: SRV-2)
    accepted = [m["action"] for m in tab.received if m.get("type") == "accepted" and m["action"] != "continue"]
    assert accepted and all(a in record["actions"] for a in accepted)  # no acknowledged move was lost
    assert len(accepted) <= len(acts)
    tab.check_clean()
