"""Ruling SRV-1: response windows leak nothing through timing, frames or step numbers.

The test game ``trap`` (tests/server/windowgame.py) asks a seat holding the Trap, hidden from
the others, after every play. The same first move is played at a table where P2 holds the Trap
(a window opens for P2) and at one where nobody does; the seat not asked (P1), the mover (P0) and
a spectator must see the same thing at the same time at both tables.
"""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from regalia.server.store import Store

from .conftest import AppFactory
from .helpers import act, create, decide, hello, until
from .windowgame import find_seed

W = 0.6


def _table(client: TestClient, seed: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    t = create(client, game="trap", players=3, seats=["human", "human", "human"], seed=seed, window_seconds=W)
    joined = [client.post(f"/api/tables/{t['table']}/join", json={}).json() for _ in range(2)]
    return t, joined


def _shape(frame: dict[str, Any]) -> tuple[Any, ...]:
    clock = frame["clock"]
    return (
        sorted(frame),
        frame["step"],
        frame["status"],
        bool(frame["legal"]),
        frame["decision"] is not None,
        len(frame["events"]),
        [e["kind"] for e in frame["events"]],
        None if clock is None else clock["seat"],
        frame["view"]["to_move"],
        frame["prompt"].split(" to ")[0],
    )


def _first_move(
    client: TestClient, seed: int, answer_window: bool
) -> tuple[dict[str, list[dict[str, Any]]], float, dict[str, Any]]:
    """Play P0's first card; return every frame P0, P1 and the spectator got until P1 must
    decide, the seconds from P0's acknowledgement to P1's frame, and the window frame of P2."""
    t, (j1, j2) = _table(client, seed)
    table = f"/ws/tables/{t['table']}"
    with (
        client.websocket_connect(table) as p0,
        client.websocket_connect(table) as p1,
        client.websocket_connect(table) as p2,
        client.websocket_connect(table) as sp,
    ):
        socks: dict[str, WebSocketTestSession] = {"p0": p0, "p1": p1, "sp": sp}
        _, f0 = hello(p0, token=t["token"])
        hello(p1, token=j1["token"])
        _, _f2 = hello(p2, token=j2["token"])
        hello(sp, spectator=True)
        f0 = decide(p0, f0)
        assert act(p0, f0)["type"] == "accepted"
        acked = time.monotonic()
        window: dict[str, Any] = {}
        if answer_window:
            window = until(p2, "state")
            assert time.monotonic() - acked < W  # offered at once, inside the period
            assert [c["text"] for c in window["legal"]] == ["pass", "spring"]
            assert window["step"] == 1 and window["clock"]["seat"] == 2 and window["clock"]["deadline"]
            assert act(p2, window, "pass")["type"] == "accepted"
        frames: dict[str, list[dict[str, Any]]] = {k: [] for k in socks}
        frames["p1"].append(until(p1, "state"))
        waited = time.monotonic() - acked
        for k in ("p0", "sp"):
            frames[k].append(until(socks[k], "state"))
            while frames[k][-1]["step"] < 1:  # the mover's old frame, its choices gone
                frames[k].append(until(socks[k], "state"))
        for k, ws in socks.items():  # nothing else was pending on any socket
            ws.send_json({"type": "ping"})
            m = ws.receive_json()
            while m["type"] == "seats":
                m = ws.receive_json()
            assert m["type"] == "pong", (k, m)
        return frames, waited, window


def test_srv1_seats_not_asked_see_the_same_frames_at_the_same_time(client: TestClient) -> None:
    with_window, waited_w, window = _first_move(client, find_seed(3, "hidden"), answer_window=True)
    without, waited_n, _ = _first_move(client, find_seed(3, "none"), answer_window=False)
    for waited in (waited_w, waited_n):
        assert waited >= W - 0.05  # the period lasts W for everyone, window or not
    for who in ("p0", "p1", "sp"):
        assert [_shape(f) for f in with_window[who]] == [_shape(f) for f in without[who]], who
    assert len(with_window["p1"]) == len(with_window["sp"]) == 1 and len(with_window["p0"]) == 2
    assert not with_window["p0"][0]["legal"] and with_window["p0"][0]["step"] == 0
    p1 = with_window["p1"][0]
    assert p1["step"] == 1 and p1["legal"] and p1["view"]["to_move"] == 1
    assert "P2" not in str(p1) and "spring" not in str(p1)  # P2's window is not named
    assert window["view"]["window"] == [0, with_window["sp"][0]["view"]["played"][0][0]]


def test_srv1_an_unanswered_window_is_answered_pass_when_the_period_ends(client: TestClient, db_url: str) -> None:
    t, (j1, _j2) = _table(client, find_seed(3, "hidden"))
    with (
        client.websocket_connect(f"/ws/tables/{t['table']}") as p0,
        client.websocket_connect(f"/ws/tables/{t['table']}") as p1,
    ):
        _, f0 = hello(p0, token=t["token"])
        hello(p1, token=j1["token"])
        assert act(p0, decide(p0, f0))["type"] == "accepted"
        frame = decide(p1, until(p1, "state"))
        assert frame["step"] == 1
    store = Store(db_url, migrate_schema=False)
    try:
        moves = store.moves_after(t["table"], 0)
    finally:
        store.close()
    assert [(m.seat, m.action, m.public, m.by) for m in moves][1:] == [(2, "pass", False, "window")]
    assert moves[0].public and moves[0].by == "human"


def test_srv1_bot_windows_are_answered_inside_the_period(make_client: AppFactory) -> None:
    client = make_client()
    t = create(
        client,
        game="trap",
        players=3,
        seats=["human", "human", "bot:random"],
        seed=find_seed(3, "hidden"),
        window_seconds=W,
    )
    j1 = client.post(f"/api/tables/{t['table']}/join", json={}).json()
    with (
        client.websocket_connect(f"/ws/tables/{t['table']}") as p0,
        client.websocket_connect(f"/ws/tables/{t['table']}") as p1,
    ):
        _, f0 = hello(p0, token=t["token"])
        hello(p1, token=j1["token"])
        assert act(p0, decide(p0, f0))["type"] == "accepted"
        acked = time.monotonic()
        frame = until(p1, "state")
        assert time.monotonic() - acked >= W - 0.05
        assert frame["step"] in (1, 2)  # 2 when the bot sprang the Trap (a public move)
        info = client.get(f"/api/tables/{t['table']}").json()
        assert info["step"] == frame["step"]


def test_srv1_zero_window_shows_every_move_at_once(client: TestClient) -> None:
    t = create(client, game="trap", players=2, seats=["human", "human"], seed=find_seed(2, "none"), window_seconds=0)
    j1 = client.post(f"/api/tables/{t['table']}/join", json={}).json()
    with (
        client.websocket_connect(f"/ws/tables/{t['table']}") as p0,
        client.websocket_connect(f"/ws/tables/{t['table']}") as p1,
    ):
        _, f0 = hello(p0, token=t["token"])
        hello(p1, token=j1["token"])
        assert act(p0, decide(p0, f0))["type"] == "accepted"
        frame = until(p1, "state")
        assert frame["legal"] and frame["step"] == 1
