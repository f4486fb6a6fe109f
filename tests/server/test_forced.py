"""Forced choices at an online table (issue 21, item 5): a person's only legal choice, when
taking it tells nobody anything (``State.forced_action``), is played for them at a bot's pace
unless they turned the preference ``forced`` off; their frame offers no choice meanwhile and
says so, and a note in their log — which no other seat sees — says it was played for them.

Kingdom, seed 44, two people: P0's first move (drawn by ``random.Random(44)`` from its
choices, as below) leaves P0 a Joker's Pick a Card with the deck its only choice (``take
deck``): public, since the discard pile is.
"""

from __future__ import annotations

import random
from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from regalia.core import make
from regalia.server.live import FORCED_NOTE
from regalia.server.store import Store

from .conftest import AppFactory
from .helpers import act, create, hello, until

SEED = 44


def _table(client: TestClient) -> tuple[dict[str, Any], dict[str, Any]]:
    t = create(client, game="kingdom", players=2, seats=["human", "human"], seed=SEED, fair_windows=False)
    joined = client.post(f"/api/tables/{t['table']}/join", json={}).json()
    return t, joined


def _first_move(p0: WebSocketTestSession, frame: dict[str, Any]) -> str:
    """P0's first move, as the simulation below chose it."""
    while not frame["legal"]:
        frame = until(p0, "state")
    text: str = random.Random(SEED).choice(frame["legal"])["text"]
    assert act(p0, frame, text)["type"] == "accepted"
    return text


def _forced_after(first: str) -> str:
    state = make("kingdom", players=2, seed=SEED)
    state.apply(first)
    forced = state.forced_action()
    assert forced is not None and state.current_player == 0, "the deal no longer forces P0's second decision"
    return str(forced)


def _moves_by(db_url: str, table: str) -> list[tuple[str, str]]:
    """The table's stored moves: (action, who made it)."""
    store = Store(db_url, migrate_schema=False)
    try:
        return [(m.action, m.by) for m in store.moves_after(table, 0)]
    finally:
        store.close()


def test_a_publicly_forced_choice_is_played_for_the_person_and_said_only_to_them(
    make_client: AppFactory, db_url: str
) -> None:
    client = make_client()
    t, j = _table(client)
    path = f"/ws/tables/{t['table']}"
    with client.websocket_connect(path) as p0, client.websocket_connect(path) as p1:
        _, f0 = hello(p0, token=t["token"])
        hello(p1, token=j["token"])
        forced = _forced_after(_first_move(p0, f0))
        frame = until(p0, "state")
        while not frame["prompt"].startswith("Your only choice"):
            assert not frame["legal"], frame  # never offered: it is played for them
            frame = until(p0, "state")
        assert frame["legal"] == [] and frame["decision"] is not None
        while not any(e["kind"] == "played_for_you" for e in frame["events"]):
            frame = until(p0, "state")
        note = next(e for e in frame["events"] if e["kind"] == "played_for_you")
        assert note["text"] == FORCED_NOTE and note["private"] and note["data"] == {"action": forced}
    assert _moves_by(db_url, t["table"])[1] == (forced, "forced")
    # a fresh socket gets the whole log: P0's has the note once, P1's and a spectator's never
    with (
        client.websocket_connect(path) as p0,
        client.websocket_connect(path) as p1,
        client.websocket_connect(path) as sp,
    ):
        who = ((p0, {"token": t["token"]}), (p1, {"token": j["token"]}), (sp, {"spectator": True}))
        logs = [hello(ws, **fields)[1]["events"] for ws, fields in who]
    kinds = [[e["kind"] for e in log] for log in logs]
    assert kinds[0].count("played_for_you") == 1
    assert "played_for_you" not in kinds[1] and "played_for_you" not in kinds[2]


def test_with_the_preference_off_the_only_choice_is_offered_and_turning_it_on_plays_it(
    make_client: AppFactory, db_url: str
) -> None:
    client = make_client()
    t, j = _table(client)
    path = f"/ws/tables/{t['table']}"
    with client.websocket_connect(path) as p0, client.websocket_connect(path) as p1:
        _, f0 = hello(p0, token=t["token"])
        hello(p1, token=j["token"])
        p0.send_json({"type": "prefs", "forced": False})
        assert until(p0, "prefs")["forced"] is False
        forced = _forced_after(_first_move(p0, f0))
        frame = until(p0, "state")
        while not frame["legal"]:
            frame = until(p0, "state")
        assert [c["text"] for c in frame["legal"]] == [forced]
        assert _moves_by(db_url, t["table"])[1:] == []  # the table waits for the person
        p0.send_json({"type": "prefs", "forced": True})
        while not any(e["kind"] == "played_for_you" for e in frame["events"]):
            frame = until(p0, "state")
    assert _moves_by(db_url, t["table"])[1] == (forced, "forced")
