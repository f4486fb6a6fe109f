"""Two people in two browsers at one Blood & Fortune table, with chat, and a third browser
watching: every websocket frame each browser received shows only what the core gives its seat,
and neither a frame nor the page ever holds a card of another seat's hand that the seat may not
know."""

from __future__ import annotations

import json
import random
from typing import Any

import httpx
import pytest

from .conftest import DESKTOP, PHONE
from .leaks import Reference, words
from .person import act_once, check_result_matches_record, create_table, is_over, wait_for

pytestmark = pytest.mark.timeout(420)

CARD = r"H[1-6][sd][1-3]"

# the page's markup (without the legend, whose notation examples name cards), whole and
# without the log of past events
PAGE_HTML = """() => {
  const whole = document.documentElement.cloneNode(true);
  whole.querySelectorAll('dialog.legend').forEach((e) => e.remove());
  const table = whole.cloneNode(true);
  table.querySelectorAll('#log').forEach((e) => e.remove());
  return [whole.outerHTML, table.outerHTML];
}"""


def _last_k(tab: Any, ref: Reference, seat: int | None) -> int:
    states = tab.states()
    return ref.match(seat, states)[-1] if states else 0


def test_two_people_and_a_spectator_chat_and_see_only_their_own_cards(server: Any, tabs: Any) -> None:
    ann, bo, eve = tabs(DESKTOP), tabs(PHONE), tabs(DESKTOP)
    table = create_table(
        ann.page,
        server.base,
        "blood-and-fortune",
        players=3,
        seats=["human", "human", "bot:heuristic"],
        name="Ann",
        seed=41,
    )
    wait_for(ann.page, ".waiting", timeout=30_000)  # waiting for the second person
    invite = ann.page.locator("#invite-link").input_value()
    assert table in invite

    bo.page.goto(invite)
    bo.page.fill("input[name=name]", "Bo")
    bo.page.click("form.join-form button[type=submit]")
    eve.page.goto(invite)
    eve.page.click("text=Watch as a spectator")
    for t in (ann, bo, eve):
        wait_for(t.page, "#board .bf-table", timeout=30_000)

    # negotiation: both people talk, the spectator reads
    ann.page.fill("#chat-input", "Bo, keep my double and I will give you my house")
    ann.page.press("#chat-input", "Enter")
    bo.page.click(".tabs button:has-text('Chat')")
    bo.page.fill("#chat-input", "Deal, Ann")
    bo.page.click(".chat-form button[type=submit]")
    for t in (ann, bo, eve):
        t.page.wait_for_function("() => document.querySelectorAll('#chat .chat-line').length >= 2", timeout=30_000)
        text = t.page.inner_text("#chat")
        assert "keep my double" in text and "Deal, Ann" in text
    assert eve.page.locator("#chat-input").count() == 0  # spectators read the chat only

    # both play to the end, clicking; the pages are captured along the way
    rng = random.Random(41)
    doms: list[tuple[Any, int | None, list[str], int, int]] = []  # (tab, seat, markup, messages before, after)
    rounds = 0
    while not (is_over(ann.page) and is_over(bo.page)):
        rounds += 1
        assert rounds < 3000, "the game did not end"
        moved = False
        for t in (ann, bo):
            if not is_over(t.page):
                moved = act_once(t.page, rng) or moved
        if rounds % 6 == 0:
            for t, seat in ((ann, 0), (bo, 1), (eve, None)):
                before = len(t.received)
                html = t.page.evaluate(PAGE_HTML)
                doms.append((t, seat, html, before, len(t.received)))
        if not moved:
            ann.page.wait_for_timeout(40)
    wait_for(eve.page, "#result", timeout=30_000)

    record = check_result_matches_record(ann.page, server.base, table)
    check_result_matches_record(bo.page, server.base, table)
    assert [t["text"] for t in record["table_talk"]] == ["Bo, keep my double and I will give you my house", "Deal, Ann"]
    assert json.loads(eve.page.locator("#result").get_attribute("data-winners") or "[]") == record["result"]["winners"]

    ref = Reference.from_record(record, [0, 1, None], CARD)
    assert all(ref.hidden[s][0] for s in (0, 1, None))  # there were cards to hide
    assert len(doms) >= 9
    for t, seat in ((ann, 0), (bo, 1), (eve, None)):
        states = t.states()
        assert states and states[-1]["status"] == "over"
        ks = ref.match(seat, states)  # every frame's view is the core's view of this seat
        ref.check_events(seat, states, ks)  # and its events are the core's events for this seat
        # no frame of any kind carries a card hidden from this seat at that moment (the events,
        # checked above, may name cards of the past that are back in a hand now)
        k = 0
        state_i = 0
        for raw, msg in zip(t.raw, t.received, strict=True):
            text = raw
            if msg.get("type") == "state":
                k = ks[state_i]
                state_i += 1
                if seat is None or msg["seat"] != seat:
                    assert msg["legal"] == []
                text = json.dumps({**msg, "events": []})
            leaked = words(CARD, text) & ref.hidden[seat][k]
            assert not leaked, f"{'spectator' if seat is None else f'P{seat}'} was sent {sorted(leaked)}"
        # nor does the page: it shows no card that its frames did not carry, and apart from the
        # log (events of the past) none hidden from the seat both before and after the capture
        at = [
            ks[sum(1 for m in t.received[:i] if m.get("type") == "state") - 1] if i else 0
            for i in range(len(t.received) + 1)
        ]
        for tab, s, (full, table_only), before, after in doms:
            if tab is not t:
                continue
            assert words(CARD, full) <= words(CARD, "".join(t.raw[:after]))
            hidden = ref.hidden[s][max(at[before], 0)] & ref.hidden[s][max(at[after], 0)]
            assert not (words(CARD, table_only) & hidden)
        t.check_clean()

    # the spectator's socket never said it held a seat; the people's pages kept their names
    assert all(m.get("seat") is None for m in eve.received if m.get("type") in ("welcome", "state"))
    info = httpx.get(f"{server.base}/api/tables/{table}", timeout=10).json()
    assert [s["name"] for s in info["seats"][:2]] == ["Ann", "Bo"]
