"""Forced choices in the browser (issue 21, item 5): a person's only legal choice that tells
nobody anything is played for them, and their table's log says so — a spectator's does not.

Kingdom, seed 44, two people (as ``tests/server/test_forced.py``): P0's first move, drawn by
``random.Random(44)`` from its choices and sent here over a websocket, leaves P0 a Joker's Pick a
Card whose only choice is the deck (public, since the discard pile is). P0's page, opened with
its seat afterwards, shows the note in its log; a spectator's page does not.
"""

from __future__ import annotations

import json
import random
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from regalia.server.live import FORCED_NOTE

from .conftest import DESKTOP
from .person import wait_for

pytestmark = pytest.mark.timeout(300)

SEED = 44


def _first_move(ws_base: str, table: str, token: str) -> None:
    """P0's first move over a websocket, as the server test's simulation chose it."""
    with connect(f"{ws_base}/ws/tables/{table}", open_timeout=30) as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        while True:
            m = json.loads(ws.recv(timeout=60))
            if m["type"] == "state" and m["legal"]:
                break
        text = random.Random(SEED).choice(m["legal"])["text"]
        ws.send(json.dumps({"type": "act", "step": m["step"], "decision": m["decision"], "action": text}))
        while True:
            m = json.loads(ws.recv(timeout=60))
            if m["type"] in ("accepted", "refused", "error"):
                assert m["type"] == "accepted", m
                return


def test_the_log_says_a_forced_choice_was_played_for_the_person_and_only_to_them(server: Any, tabs: Any) -> None:
    body = {"game": "kingdom", "players": 2, "seats": ["human", "human"], "seed": SEED, "fair_windows": False}
    created = httpx.post(f"{server.base}/api/tables", json=body, timeout=30).json()
    table, token = created["table"], created["token"]
    httpx.post(f"{server.base}/api/tables/{table}/join", json={}, timeout=30).raise_for_status()
    _first_move(server.base.replace("http://", "ws://"), table, token)

    mine = tabs(DESKTOP).page
    mine.goto(f"{server.base}/")
    seat = json.dumps({"seat": 0, "token": token, "at": 0})
    mine.evaluate("([k, v]) => localStorage.setItem(k, v)", [f"regalia:seat:{table}", seat])
    mine.goto(f"{server.base}/table.html?t={table}")
    mine.wait_for_function(
        "(note) => (document.querySelector('#log') || {}).innerText?.includes(note)", arg=FORCED_NOTE, timeout=60_000
    )

    watcher = tabs(DESKTOP).page
    watcher.goto(f"{server.base}/table.html?t={table}#watch=1")
    wait_for(watcher, "#log li", timeout=60_000)
    assert "played for you" not in watcher.inner_text("#log")
