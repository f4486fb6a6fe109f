"""Ruling SRV-2: a person can use a hidden response, and nobody else can tell one was opened.

The test game ``trap`` (tests/server/windowgame.py) asks a seat holding the Trap, hidden from
the others, after every play; its ``response_turns`` give every seat after the player its turn.
The same first move is played at a table where P2 holds the Trap (its turn asks it) and at one
where nobody does (every turn asks nothing): the mover (P0), the seat after it (P1) and a
spectator must get the same messages, P2 the same stage but for its choices, and the table the
same refusals, description and public step.
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from regalia.server import deltas
from regalia.server.master import WAIT_REASON
from regalia.server.store import Store

from .conftest import AppFactory
from .helpers import act, create, decide, hello, until
from .windowgame import find_seed


def _three(client: TestClient, seed: int, **body: Any) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A trap table of three people (P1 and P2 join); the creator's answer and the joins."""
    t = create(client, game="trap", players=3, seats=["human", "human", "human"], seed=seed, **body)
    joined = [client.post(f"/api/tables/{t['table']}/join", json={}).json() for _ in range(2)]
    return t, joined


def _next(ws: WebSocketTestSession, log: list[dict[str, Any]]) -> dict[str, Any]:
    """The next message other than seats, chat and pong, kept in ``log`` (with its size in
    bytes as ``_bytes``)."""
    while True:
        raw = ws.receive_text()
        m: dict[str, Any] = json.loads(raw)
        m["_bytes"] = len(raw.encode())
        if m["type"] not in ("seats", "chat", "pong"):
            log.append(m)
            return m


def _shape(m: dict[str, Any]) -> Any:
    """A message as another seat could compare it: its kind and content, without times and ids."""
    if m["type"] == "response":
        return ("response", m["open"], m["seat"], m["deadline"] is not None)
    if m["type"] == "state":
        return (
            "state",
            m["step"],
            m["status"],
            [c["text"] for c in m["legal"]],
            m["decision"] is not None,
            [(e["kind"], e["text"]) for e in m["events"]],
            None if m["clock"] is None else m["clock"]["seat"],
            m["view"],
            m["prompt"],
        )
    return (m["type"], m.get("reason"), m.get("action"))


def _period(client: TestClient, seed: int, *, spectator_deltas: bool = False) -> dict[str, Any]:
    """P0 plays its first card; P1 and then P2 take their turns in the response period, each
    passing its Trap window or continuing, whichever it is offered (a turn the period never
    reaches is left out). Returns what each socket got, each stage's frame (``stages``; P2's
    also as ``stage``) and the table as described over HTTP during P2's stage."""
    t, (j1, j2) = _three(client, seed)
    table = f"/ws/tables/{t['table']}"
    got: dict[str, list[dict[str, Any]]] = {"p0": [], "p1": [], "p2": [], "sp": []}
    stages: dict[int, dict[str, Any]] = {}
    refused: dict[str, Any] = {}
    described: dict[str, Any] = {}
    with (
        client.websocket_connect(table) as p0,
        client.websocket_connect(table) as p1,
        client.websocket_connect(table) as p2,
        client.websocket_connect(table) as sp,
    ):
        _, f0 = hello(p0, token=t["token"])
        hello(p1, token=j1["token"])
        hello(p2, token=j2["token"])
        hello(sp, spectator=True, deltas=spectator_deltas)
        f0 = decide(p0, f0)
        assert act(p0, f0)["type"] == "accepted"
        for seat, ws in ((1, p1), (2, p2)):
            m = _next(ws, got[f"p{seat}"])
            while not (m["type"] == "state" and m["legal"]) and not (m["type"] == "response" and not m["open"]):
                m = _next(ws, got[f"p{seat}"])
            if m["type"] == "response":  # the period ended before this seat's turn
                break
            stages[seat] = m
            if seat == 1:  # the mover, who decides nothing now, tries to move again
                refused = act(p0, f0, "play 1")
            else:
                described = client.get(f"/api/tables/{t['table']}").json()
            asked = [c["text"] for c in m["legal"]]
            assert act(ws, m, "pass" if "pass" in asked else "continue")["type"] == "accepted"
            got[f"p{seat}"].append({"type": "accepted"})
        for key, ws in (("p0", p0), ("sp", sp), ("p1", p1), ("p2", p2)):  # until the period ends
            if not any(m["type"] == "response" and not m["open"] for m in got[key]):
                m = _next(ws, got[key])
                while not (m["type"] == "response" and not m["open"]):
                    m = _next(ws, got[key])
            ws.send_json({"type": "ping"})
            raw = ws.receive_text()
            m = json.loads(raw)
            while m["type"] != "pong":
                m["_bytes"] = len(raw.encode())
                got[key].append(m)
                raw = ws.receive_text()
                m = json.loads(raw)
        return {
            "got": got,
            "stages": stages,
            "stage": stages.get(2),
            "described": described,
            "refused": refused,
            "table": t["table"],
        }


def _public_shape(m: dict[str, Any]) -> Any:
    """What a seat not asked could compare between two tables dealt differently: each message's
    kind, the public step, whose stage, how many choices, the kinds of the events."""
    if m["type"] == "response":
        return ("response", m["open"], m["seat"])
    if m["type"] == "state":
        return ("state", m["step"], m["status"], len(m["legal"]), tuple(e["kind"] for e in m["events"]))
    return (m["type"],)


def test_srv2_seats_not_asked_get_the_same_messages(client: TestClient) -> None:
    """SRV-2 (b): the mover, the other player and a spectator cannot tell whether P2's turn
    offered the Trap; P2 is offered it in one world and only ``continue`` in the other."""
    window = _period(client, find_seed(3, "hidden"))
    nothing = _period(client, find_seed(3, "none"))
    assert [c["text"] for c in nothing["stages"][1]["legal"]] == ["continue"]
    for who in ("p0", "p1", "sp"):
        a = [_shape(m) for m in window["got"][who] if m["type"] != "state" or m["seat"] is None or who != "p0"]
        b = [_shape(m) for m in nothing["got"][who] if m["type"] != "state" or m["seat"] is None or who != "p0"]
        assert [x[0] for x in a] == [x[0] for x in b], who
        assert [x for x in a if x[0] == "response"] == [x for x in b if x[0] == "response"], who
    assert [c["text"] for c in window["stage"]["legal"]] == ["pass", "spring"]
    assert [c["text"] for c in nothing["stage"]["legal"]] == ["continue"]
    # the response messages name each person's turn, in order, then the end
    seen = [(m["seat"], m["open"]) for m in window["got"]["sp"] if m["type"] == "response"]
    assert seen == [(None, True), (1, True), (None, True), (2, True), (None, True), (None, False)]


@pytest.mark.parametrize("holder", ["next", "hidden"])
def test_srv2_a_window_let_go_looks_like_none_whatever_the_rules_then_name(
    client: TestClient, db_url: str, holder: str
) -> None:
    """Issue 33: a ``pass`` is never a public move, though the events the rules then deliver
    with it name the seat that passed — P1, whose turn comes next (``turn``), or P2, whose turn
    the window reached (``stands``). The seats not asked and a spectator get the same messages,
    steps and event kinds as at a table where nobody held the Trap: no frame inside the period,
    one frame at its end, the public step 1; and the pass is stored as not public."""
    asked = 1 if holder == "next" else 2
    window = _period(client, find_seed(3, holder))
    nothing = _period(client, find_seed(3, "none"))
    assert [c["text"] for c in window["stages"][asked]["legal"]] == ["pass", "spring"]
    assert set(window["stages"]) == set(nothing["stages"]) == {1, 2}
    for who in ("p0", "sp", f"p{3 - asked}"):
        a = [_public_shape(m) for m in window["got"][who]]
        b = [_public_shape(m) for m in nothing["got"][who]]
        assert a == b, who
    frames = [m for m in window["got"]["sp"] if m["type"] == "state"]
    assert [m["step"] for m in frames] == [1]  # none inside the period; one at its end
    assert [e["kind"] for e in frames[-1]["events"]] == ["play", "stands", "stands", "turn"]
    store = Store(db_url, migrate_schema=False)
    try:
        moves = store.moves_after(window["table"], 0)
        assert [(m.seat, m.action, m.public) for m in moves] == [(0, moves[0].action, True), (asked, "pass", False)]
    finally:
        store.close()


def test_srv2_a_spectator_s_deltas_are_the_same_bytes_whether_or_not_a_window_opened(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SRV-2 (b) and issue 22: a spectator's deltas are made from the spectator's own frames
    only, so in both worlds (P2 holds the hidden Trap, or nobody does) it is sent the same
    messages of the same sizes in the same order, every delta's patch and events alike (every
    frame after the first goes as a delta here, however small). The two worlds' seeds differ, so
    the cards played differ; the patches' operations and paths do not."""
    monkeypatch.setattr(deltas, "DELTA_MIN_BYTES", 0)
    monkeypatch.setattr(deltas, "DELTA_MAX_RATIO", 1e9)
    window = _period(client, find_seed(3, "hidden"), spectator_deltas=True)
    nothing = _period(client, find_seed(3, "none"), spectator_deltas=True)

    def seen(world: dict[str, Any]) -> list[Any]:
        out: list[Any] = []
        for m in world["got"]["sp"]:
            if m["type"] == "delta":
                ops = [(op["op"], op["path"]) for op in m["patch"]]
                out.append(("delta", m["_bytes"], ops, [e["kind"] for e in m["events"]]))
            elif m["type"] == "state":
                out.append(("state", m["_bytes"], _shape(m)))
            else:  # a response message: its times' digits vary with the clock
                out.append((m["type"], None, _shape(m)))
        return out

    a, b = seen(window), seen(nothing)
    assert sum(1 for x in a if x[0] == "delta") >= 1  # the move the period held back
    assert [x[:2] for x in a] == [x[:2] for x in b]  # kinds, and the frames' sizes in bytes
    assert [x for x in a if x[0] == "delta"] == [x for x in b if x[0] == "delta"]  # ops, paths, event kinds


def test_srv2_refusals_and_description_read_the_same(client: TestClient) -> None:
    """SRV-2 (b): during a period, a move from a seat not being asked is refused in the same
    words, and ``GET /api/tables/{id}`` describes the table the same, window or not."""
    window = _period(client, find_seed(3, "hidden"))
    nothing = _period(client, find_seed(3, "none"))
    for world in (window, nothing):
        assert world["refused"]["type"] == "refused"
        assert world["refused"]["reason"] == WAIT_REASON and world["refused"]["rule"] == "SRV-2"

    def public(d: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in d.items() if k not in ("table", "created_at", "seats")}

    assert public(window["described"]) == {**public(nothing["described"]), "options": window["described"]["options"]}
    assert window["described"]["step"] == nothing["described"]["step"] == 1


def test_srv2_public_step_does_not_count_hidden_answers(client: TestClient, db_url: str) -> None:
    """SRV-2 (1): P2's ``pass`` in its hidden window is stored, not public; the public step
    after the period is 1 in both worlds."""
    window = _period(client, find_seed(3, "hidden"))
    nothing = _period(client, find_seed(3, "none"))
    for world in (window, nothing):
        last = [m for m in world["got"]["sp"] if m["type"] == "state"][-1]
        assert last["step"] == 1 and last["view"]["to_move"] == 1
    store = Store(db_url, migrate_schema=False)
    try:
        moves = store.moves_after(window["table"], 0)
        assert [(m.seat, m.action, m.public, m.by) for m in moves] == [
            (0, moves[0].action, True, "human"),
            (2, "pass", False, "human"),
        ]
        assert len(store.moves_after(nothing["table"], 0)) == 1
    finally:
        store.close()


def test_srv2_a_person_asked_has_the_table_s_response_time(client: TestClient) -> None:
    """SRV-2 (a): P2, holding the Trap, is asked with the table's ``response_seconds`` (10 s by
    default) shown as a countdown, and nothing answers for it while it thinks."""
    t, (j1, j2) = _three(client, find_seed(3, "hidden"))
    assert client.get(f"/api/tables/{t['table']}").json()["response_seconds"] == 10
    table = f"/ws/tables/{t['table']}"
    with (
        client.websocket_connect(table) as p0,
        client.websocket_connect(table) as p1,
        client.websocket_connect(table) as p2,
    ):
        _, f0 = hello(p0, token=t["token"])
        hello(p1, token=j1["token"])
        hello(p2, token=j2["token"])
        assert act(p0, decide(p0, f0))["type"] == "accepted"
        assert act(p1, decide(p1, until(p1, "state"), stages=True), "continue")["type"] == "accepted"
        stage = decide(p2, until(p2, "state"), stages=True)
        assert [c["text"] for c in stage["legal"]] == ["pass", "spring"]
        clock = stage["clock"]
        assert clock["seat"] == 2 and clock["deadline"] - clock["now"] >= 9.5
        time.sleep(1.0)  # thinking: the table waits
        answer = act(p2, stage, "spring")
        assert answer["type"] == "accepted" and answer["step"] == 2  # a Trap sprung is seen by all


def test_srv2_a_stage_that_runs_out_passes_and_wait_lengthens_it(make_client: AppFactory, db_url: str) -> None:
    """SRV-2: with the ``quick`` preference P2's turn is short; ``wait`` gives it the table's
    time; a turn that runs out is passed by the clock (``by`` clock)."""
    client = make_client(quick_response_seconds=0.3)
    t, (j1, j2) = _three(client, find_seed(3, "hidden"), response_seconds=5)
    table = f"/ws/tables/{t['table']}"
    with (
        client.websocket_connect(table) as p0,
        client.websocket_connect(table) as p1,
        client.websocket_connect(table) as p2,
    ):
        _, f0 = hello(p0, token=t["token"])
        hello(p1, token=j1["token"])
        hello(p2, token=j2["token"])
        p2.send_json({"type": "prefs", "responses": "quick"})
        assert until(p2, "prefs") == {"type": "prefs", "responses": "quick", "forced": True, "orders": {}}
        assert act(p0, decide(p0, f0))["type"] == "accepted"
        assert act(p1, decide(p1, until(p1, "state"), stages=True), "continue")["type"] == "accepted"
        stage = decide(p2, until(p2, "state"), stages=True)
        assert stage["clock"]["deadline"] - stage["clock"]["now"] <= 0.35
        p2.send_json({"type": "wait"})
        skip = ("state", "seats", "pong")
        longer = until(p2, "response", skip=skip)
        while longer["seat"] != 2 or longer["deadline"] - longer["now"] < 3:
            longer = until(p2, "response", skip=skip)
        p2.send_json({"type": "prefs", "responses": "never"})
        assert until(p2, "prefs", skip=skip)["responses"] == "never"
        m = until(p2, "response", skip=skip)
        while m["open"]:
            m = until(p2, "response", skip=skip)  # the lengthened turn runs out (5 s): the clock passes
    store = Store(db_url, migrate_schema=False)
    try:
        assert [(m.seat, m.action, m.by) for m in store.moves_after(t["table"], 0)][1:] == [(2, "pass", "clock")]
    finally:
        store.close()


def test_srv2_a_revealing_preference_needs_understood(client: TestClient) -> None:
    """SRV-2: ``holding`` would tell everyone that a person holds nothing when the table moves
    on at once; it is refused until the client says the person understood."""
    t = create(client, game="trap", players=2, seats=["human", "bot:random"], seed=1)
    with client.websocket_connect(f"/ws/tables/{t['table']}") as ws:
        welcome, _ = hello(ws, token=t["token"])
        assert welcome["prefs"] == {"type": "prefs", "responses": "ask", "forced": True, "orders": {}}
        ws.send_json({"type": "prefs", "responses": "holding"})
        err = until(ws, "error")
        assert err["field"] == "understood" and "tells everyone" in err["reason"]
        ws.send_json({"type": "prefs", "responses": "holding", "understood": True})
        assert until(ws, "prefs")["responses"] == "holding"


def test_srv2_bots_answer_without_a_stage_and_unseen_empty_turns_are_skipped(make_client: AppFactory) -> None:
    """SRV-2: a bot's turn is never a stage (it answers within the settle time); a person's
    turn that asks nothing is skipped when nobody else could see it (no other person, no
    spectators) — the person gets no ``continue``."""
    client = make_client()
    seed = find_seed(3, "none")  # the Trap is in the deck: every turn in the periods asks nothing
    t = create(client, game="trap", players=3, seats=["human", "bot:random", "bot:random"], seed=seed)
    t2 = create(
        client, game="trap", players=3, seats=["human", "bot:random", "bot:random"], seed=seed, spectators=False
    )
    for created, stages in ((t, True), (t2, False)):
        with client.websocket_connect(f"/ws/tables/{created['table']}") as ws:
            _, frame = hello(ws, token=created["token"])
            frame = decide(ws, frame)
            seen: list[dict[str, Any]] = []
            assert act(ws, frame)["type"] == "accepted"
            # the bots move on: P0's next turns in their periods, until P0's own decision again
            while True:
                m = _next(ws, seen)
                if m["type"] == "state" and m["legal"]:
                    if [c["text"] for c in m["legal"]] != ["continue"]:
                        break
                    assert act(ws, m, "continue")["type"] == "accepted"
            responses = [m for m in seen if m["type"] == "response" and m["seat"] is not None]
            assert all(m["seat"] == 0 for m in responses)  # never a bot's stage
            assert bool(responses) == stages


def test_srv2_fair_windows_off_asks_only_who_can_respond(client: TestClient) -> None:
    """``fair_windows: false`` (friends in one room): no response period; P2's window is asked
    like any decision and the table shows every move at once."""
    t, (j1, j2) = _three(client, find_seed(3, "hidden"), fair_windows=False)
    table = f"/ws/tables/{t['table']}"
    with (
        client.websocket_connect(table) as p0,
        client.websocket_connect(table) as p1,
        client.websocket_connect(table) as p2,
    ):
        _, f0 = hello(p0, token=t["token"])
        hello(p1, token=j1["token"])
        hello(p2, token=j2["token"])
        assert act(p0, decide(p0, f0))["type"] == "accepted"
        frame = until(p2, "state")
        while not frame["legal"]:
            frame = until(p2, "state")
        assert [c["text"] for c in frame["legal"]] == ["pass", "spring"]
        assert act(p2, frame, "pass")["type"] == "accepted"
        f1 = decide(p1, until(p1, "state"))
        assert f1["step"] == 1 and f1["legal"][0]["text"].startswith("play")


def test_srv2_a_spectator_resuming_during_a_period_gets_the_held_move(client: TestClient) -> None:
    """A spectator that says hello with the public step it saw, while a period holds P0's move,
    is sent that move's events when the period ends."""
    t, (j1, j2) = _three(client, find_seed(3, "none"))
    table = f"/ws/tables/{t['table']}"
    with (
        client.websocket_connect(table) as p0,
        client.websocket_connect(table) as p1,
        client.websocket_connect(table) as p2,
    ):
        _, f0 = hello(p0, token=t["token"])
        hello(p1, token=j1["token"])
        hello(p2, token=j2["token"])
        assert act(p0, decide(p0, f0))["type"] == "accepted"
        stage = decide(p1, until(p1, "state"), stages=True)
        with client.websocket_connect(table) as sp:
            sp.send_json({"type": "hello", "spectator": True, "step": 0})
            until(sp, "welcome")
            first = until(sp, "state")
            assert first["step"] == 0 and first["events"] == []
            assert act(p1, stage, "continue")["type"] == "accepted"
            assert act(p2, decide(p2, until(p2, "state"), stages=True), "continue")["type"] == "accepted"
            shown = until(sp, "state")
            assert shown["step"] == 1 and [e["kind"] for e in shown["events"]] == ["play", "stands", "stands", "turn"]


def test_srv2_kingship_a_person_targeted_with_a_knight_is_asked_with_time_to_block(client: TestClient) -> None:
    """The issue's case (KS-6 (3), SRV-2 (a)): at a Kingship table of one person and three bots,
    P0 holds two Knights when a bot's ability targets them (seed 24, P0 playing its first
    choice: the third move). P0 is asked — ``block 10L`` or ``pass`` — with the table's 10 s
    by default, the spectator sees that P0 is being asked (as it would be without a Knight),
    and nothing answers for P0 while it thinks."""
    t = create(
        client, game="kingship", players=4, seats=["human", "bot:heuristic", "bot:heuristic", "bot:heuristic"], seed=24
    )
    table = f"/ws/tables/{t['table']}"
    with client.websocket_connect(table) as ws, client.websocket_connect(table) as sp:
        _, frame = hello(ws, token=t["token"])
        hello(sp, spectator=True)
        for _ in range(20):
            frame = decide(ws, frame, stages=True)
            texts = [c["text"] for c in frame["legal"]]
            if "block 10L" in texts:
                break
            assert act(ws, frame, texts[0])["type"] == "accepted"
            frame = until(ws, "state")
        else:
            raise AssertionError("P0 was never asked to block")
        assert texts == ["pass", "block 10L", "block 10D"]
        assert frame["clock"]["seat"] == 0 and frame["clock"]["deadline"] - frame["clock"]["now"] >= 8
        seen = until(sp, "response", skip=("state", "seats", "chat", "pong"))
        while seen["deadline"] != frame["clock"]["deadline"]:  # the earlier turns (Outlaw windows) first
            seen = until(sp, "response", skip=("state", "seats", "chat", "pong"))
        assert seen["seat"] == 0 and seen["open"]
        time.sleep(1.0)
        answer = act(ws, frame, "block 10L")
        assert answer["type"] == "accepted" and answer["action"] == "block 10L"
