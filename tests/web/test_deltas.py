"""Issue 22, deltas in the browser: the table socket (js/connection.js) applies each ``delta``
to the last frame it kept and hands the page whole frames, so a game played through deltas
ends with the very page that loading the table afresh shows."""

from __future__ import annotations

import random
from typing import Any

import pytest

from .conftest import DESKTOP, _parse
from .person import create_table, play, wait_for

pytestmark = pytest.mark.timeout(400)

TURNS = {"max_turns": 40}
"""A turn limit (KS-14): the bots' random moves make a game's length vary, and one long game on
a slow machine came near the timeout; 40 turns send plenty of deltas."""

# The highlight of what just happened (lastmove.js) is by design not the same: a person who
# played sees what moved since their own last move, a page loaded afresh what the last frame
# moved. Those three classes are taken out of both pages; everything else must be equal.
PAGE_NOW = """() => {
  const part = (sel) => {
    const e = document.querySelector(sel);
    if (!e) return null;
    const copy = e.cloneNode(true);
    for (const x of copy.querySelectorAll('.moved, .moved-from, .moved-to')) x.classList.remove('moved', 'moved-from', 'moved-to');
    return copy.outerHTML;
  };
  return {
    board: part('#board'),
    result: part('#result'),
    players: part('.panel-players') || part('#players'),
    log: [...document.querySelectorAll('#log li.ev')].map((li) => li.textContent),
    prompt: part('#dock .prompt') || part('#prompt'),
  };
}"""


def test_a_game_played_through_deltas_ends_with_the_page_of_a_fresh_load(server: Any, tabs: Any) -> None:
    """A 5-seat Kingship table (a large view: most frames come as deltas) played to its end;
    the page then equals, part for part, the page reloaded (whole frames only), and no delta
    ever missed its base (the page never asked ``sync``)."""
    tab = tabs(DESKTOP)
    page = tab.page
    create_table(page, server.base, "kingship", players=5, seats=["human"] + ["bot:random"] * 4, options=TURNS, seed=31)
    wait_for(page, "#board", timeout=30_000)
    play(page, random.Random(31))
    wait_for(page, "#result", timeout=60_000)
    page.wait_for_timeout(500)  # the last frames' highlights settle
    played = page.evaluate(PAGE_NOW)
    kinds = [str(_parse(raw).get("type")) for raw in tab.raw]  # as they travelled (received: rebuilt)
    assert kinds.count("delta") > 20 and kinds.count("delta") > kinds.count("state")
    assert all(m.get("deltas") is True for m in tab.sent if m.get("type") == "hello")
    assert not [m for m in tab.sent if m.get("type") == "sync"]

    page.reload()
    wait_for(page, "#result", timeout=60_000)
    page.wait_for_timeout(500)
    fresh = page.evaluate(PAGE_NOW)
    assert played["log"] and played["board"]
    for part in played:
        assert played[part] == fresh[part], part
    tab.check_clean()


def _others_play_on(message: str, shown: dict[str, Any]) -> bool:
    """Whether the frame ``message`` (a ``state``, or a ``delta`` of the frame before it) leaves
    the table running with nothing for the page to decide, as the frame before it did; ``shown``
    (the ``decision`` and ``status`` of the frame before) is brought up to this frame's."""
    before = shown["decision"] is None and shown["status"] == "running"
    frame = _parse(message)
    if frame["type"] == "state":
        shown.update(decision=frame.get("decision"), status=frame.get("status"))
    for op in frame.get("patch", ()):
        if op["path"] in ("/decision", "/status"):
            shown[op["path"][1:]] = op.get("value")
    return before and shown["decision"] is None and shown["status"] == "running"


def test_a_lost_delta_makes_the_page_ask_sync_and_it_ends_right(server: Any, tabs: Any) -> None:
    """Deltas lost on the way (dropped here between the server and the page). The first from the
    5th on that shows other seats playing on, as the frame before it did: the table goes on
    without the page, so another delta follows, its base is not the page's last frame, and the
    page asks ``sync``, drops deltas until the whole frame comes, and plays on. (Not simply the
    5th: a lost frame that hands the page its own decision is followed by nothing — the table
    waits for the page — so nothing can tell the page; the test stalled when the game's path put
    that frame 5th.) From the first move accepted after the 30th on, every frame until the page
    asks ``sync``: nothing tells the page a frame was lost — as when the frame answering its own
    move is lost and the same seat is to play on — so only its wait for the frame an ``accepted``
    promises can ask for it; meanwhile it sends no second move. The game ends with the page a
    reload shows."""
    tab = tabs(DESKTOP)
    page = tab.page
    seen = {"deltas": 0, "dropped": 0, "syncs": 0, "dropping": 1, "blackout": 0, "blackouts": 0}
    seen |= {"lost": 0, "answered": 1, "unanswered_acts": 0}  # answered: a frame or refusal came since the last move
    shown: dict[str, Any] = {"decision": None, "status": None}  # of the last frame the server sent

    def route(ws: Any) -> None:
        upstream = ws.connect_to_server()

        def to_page(message: str | bytes) -> None:
            head = message[:40] if isinstance(message, str) else ""
            frame = '"type":"delta"' in head or '"type":"state"' in head
            others = frame and _others_play_on(str(message), shown)
            if seen["dropping"] and '"type":"accepted"' in head and seen["deltas"] >= 30 and not seen["blackouts"]:
                seen["blackout"] = seen["blackouts"] = 1
            if seen["blackout"] and frame:
                seen["dropped"] += 1
                return
            if '"type":"delta"' in head:
                seen["deltas"] += 1
                if seen["dropping"] and seen["deltas"] >= 5 and others and not seen["lost"]:  # lost on the way
                    seen["dropped"] += 1
                    seen["lost"] = 1
                    return
            if any(f'"type":"{kind}"' in head for kind in ("delta", "state", "refused", "error")):
                seen["answered"] = 1
            ws.send(message)

        def to_server(message: str | bytes) -> None:
            if isinstance(message, str) and '"sync"' in message:
                seen["syncs"] += 1
                seen["blackout"] = 0  # the page asked: what the server sends now reaches it
            if isinstance(message, str) and '"type":"act"' in message:
                seen["unanswered_acts"] += not seen["answered"]
                seen["answered"] = 0
            upstream.send(message)

        upstream.on_message(to_page)
        ws.on_message(to_server)

    page.route_web_socket("**/ws/tables/**", route)
    create_table(page, server.base, "kingship", players=4, seats=["human"] + ["bot:random"] * 3, options=TURNS, seed=32)
    wait_for(page, "#board", timeout=30_000)
    play(page, random.Random(32))
    wait_for(page, "#result", timeout=60_000)
    page.wait_for_timeout(500)
    played = page.evaluate(PAGE_NOW)
    assert seen["lost"] and seen["dropped"] >= 2 and seen["blackouts"] == 1 and not seen["blackout"]  # both recovered
    assert seen["syncs"] >= 2  # a sync (at least) for each
    assert seen["unanswered_acts"] == 0  # no move sent while the one before waited for its frame

    seen["dropping"] = 0
    page.reload()
    wait_for(page, "#result", timeout=60_000)
    page.wait_for_timeout(500)
    fresh = page.evaluate(PAGE_NOW)
    for part in played:
        assert played[part] == fresh[part], part
    tab.check_clean()
