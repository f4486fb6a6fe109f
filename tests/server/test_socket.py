"""The table websocket: hello, frames per seat, moves and refusals, chat, seats, bad input."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import regalia
from regalia.server.moves import WAIT_REASON

from .conftest import AppFactory
from .helpers import act, create, decide, hello, until


def test_wrong_token_is_refused_and_the_socket_closed(client: TestClient) -> None:
    t = create(client, game="kingdom", players=2, seats=["human", "bot:random"])
    with client.websocket_connect(f"/ws/tables/{t['table']}") as ws:
        ws.send_json({"type": "hello", "token": t["token"][:-2] + "xx"})
        err = ws.receive_json()
        assert err["type"] == "error" and err["code"] == "bad_token" and err["field"] == "token"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4403


def test_first_message_must_be_hello_and_unknown_tables_close(client: TestClient) -> None:
    t = create(client, game="kingdom", players=2, seats=["human", "bot:random"])
    with client.websocket_connect(f"/ws/tables/{t['table']}") as ws:
        ws.send_json({"type": "chat", "text": "hi"})
        assert ws.receive_json()["code"] == "no_hello"
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()
    with client.websocket_connect("/ws/tables/nosuchtable") as ws:
        ws.send_json({"type": "hello", "spectator": True})
        assert ws.receive_json()["code"] == "no_table"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4404


def test_hello_timeout_closes(make_client: AppFactory) -> None:
    client = make_client(hello_seconds=0.2)
    t = create(client, game="kingdom", players=2, seats=["human", "bot:random"])
    with client.websocket_connect(f"/ws/tables/{t['table']}") as ws:
        assert ws.receive_json()["code"] == "timeout"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4408


def test_each_seat_gets_only_its_view_and_the_decider_its_legal_choices(client: TestClient) -> None:
    t = create(client, game="kingdom", players=2, seats=["human", "human"], seed=9)
    j = client.post(f"/api/tables/{t['table']}/join", json={}).json()
    with (
        client.websocket_connect(f"/ws/tables/{t['table']}") as a,
        client.websocket_connect(f"/ws/tables/{t['table']}") as b,
        client.websocket_connect(f"/ws/tables/{t['table']}") as s,
    ):
        wa, fa = hello(a, token=t["token"])
        wb, fb = hello(b, token=j["token"])
        ws_, fs = hello(s, spectator=True)
        assert (wa["seat"], wb["seat"], ws_["seat"]) == (0, 1, None)
        assert wa["invite"] == t["invite"] and ws_["invite"] is None
        assert fa["full"] and fa["view"]["hand"] and fs["view"]["hand"] is None
        assert fa["view"]["hand"] != fb["view"]["hand"]
        assert fa["legal"] and fa["decision"] and not fb["legal"] and fb["decision"] is None and not fs["legal"]
        assert fa["prompt"] == fa["view"]["prompt"] and {"text", "label", "id", "group"} <= set(fa["legal"][0])
        assert set(fa) == set(fb) == set(fs)  # every frame has the same shape
        out = act(a, fa)
        assert out == {"type": "accepted", "step": 1, "action": fa["legal"][0]["text"]}
        fb2 = until(b, "state")
        assert fb2["step"] == 1 and not fb2["full"] and fb2["view"] != fb["view"]
        assert until(s, "state")["step"] == 1


def test_stale_step_and_illegal_actions_are_refused_and_nothing_changes(client: TestClient) -> None:
    t = create(client, game="kingdom", players=2, seats=["human", "human"], seed=9)
    j = client.post(f"/api/tables/{t['table']}/join", json={}).json()
    with (
        client.websocket_connect(f"/ws/tables/{t['table']}") as a,
        client.websocket_connect(f"/ws/tables/{t['table']}") as b,
    ):
        _, fa = hello(a, token=t["token"])
        _, _fb = hello(b, token=j["token"])
        bad = act(a, fa, "bring 99X using nothing")
        assert bad["type"] == "refused" and bad["reason"] and bad["step"] == 0
        a.send_json({"type": "act", "step": 0, "action": "x" * 300})
        long = until(a, "refused")
        assert "200 characters" in long["reason"]
        out = act(b, {"step": 0, "decision": None, "legal": [{"text": fa["legal"][0]["text"]}]})
        assert out["type"] == "refused" and "not P1's decision" in out["reason"]
        until(b, "state")  # the refused seat is sent the current frame again
        assert act(a, fa)["type"] == "accepted"
        again = act(a, fa)  # the same move again, answering the old step: refused, not applied twice
        assert again["type"] == "refused" and "moved on" in again["reason"]
        assert client.get(f"/api/tables/{t['table']}").json()["step"] == 1


def test_illegal_action_gets_reason_and_rule(client: TestClient) -> None:
    t = create(client, game="trap", players=2, seats=["human", "bot:random"], seed=1)
    with client.websocket_connect(f"/ws/tables/{t['table']}") as ws:
        _, frame = hello(ws, token=t["token"])
        frame = decide(ws, frame)
        out = act(ws, frame, "spring")
        assert out["type"] == "refused" and out["rule"] == "TRAP-1" and "number card" in out["reason"]


def test_chat_is_shared_limited_and_kept(make_client: AppFactory) -> None:
    client = make_client(max_chat_chars=20)
    t = create(client, game="kingdom", players=2, seats=["human", "bot:random"], name="<img src=x onerror=alert(1)>")
    with (
        client.websocket_connect(f"/ws/tables/{t['table']}") as a,
        client.websocket_connect(f"/ws/tables/{t['table']}") as s,
    ):
        hello(a, token=t["token"])
        hello(s, spectator=True)
        a.send_json({"type": "chat", "text": "  <b>hello</b> "})
        for ws in (a, s):
            c = until(ws, "chat", skip=("seats", "state"))
            assert c["text"] == "<b>hello</b>" and c["seat"] == 0 and c["name"] == "<img src=x onerror=alert(1)>"
        a.send_json({"type": "chat", "text": "x" * 21})
        err = until(a, "error", skip=("seats", "state"))
        assert err["field"] == "text" and "at most 20" in err["reason"]
        a.send_json({"type": "chat", "text": "bell\u0007"})
        assert "U+0007" in until(a, "error", skip=("seats", "state"))["reason"]
        a.send_json({"type": "chat", "text": 5})
        assert until(a, "error", skip=("seats", "state"))["field"] == "text"
        s.send_json({"type": "chat", "text": "hi"})
        assert until(s, "error", skip=("seats", "state"))["code"] == "forbidden"
    with client.websocket_connect(f"/ws/tables/{t['table']}") as late:
        welcome, _ = hello(late, spectator=True)
        assert [c["text"] for c in welcome["chat"]] == ["<b>hello</b>"]


def test_bad_messages_are_refused_with_the_field_and_the_table_unharmed(make_client: AppFactory) -> None:
    client = make_client(max_message_bytes=512, max_refusals=1000)
    t = create(client, game="kingdom", players=2, seats=["human", "bot:random"])
    with client.websocket_connect(f"/ws/tables/{t['table']}") as ws:
        _, _frame = hello(ws, token=t["token"])
        ws.send_text("{nope")
        assert until(ws, "error", skip=("seats", "state"))["code"] == "malformed"
        ws.send_text("[" * 400)
        assert until(ws, "error", skip=("seats", "state"))["code"] == "malformed"
        ws.send_text("[1, 2]")
        assert until(ws, "error", skip=("seats", "state"))["code"] == "malformed"
        ws.send_json({"type": "dance"})
        err = until(ws, "error", skip=("seats", "state"))
        assert err["code"] == "unknown_type" and err["field"] == "type" and "act" in err["reason"]
        ws.send_json({"type": "act", "step": "0", "action": "x"})
        assert until(ws, "error", skip=("seats", "state"))["field"] == "step"
        ws.send_json({"type": "act", "step": 0, "action": "x", "extra": 1})
        assert until(ws, "error", skip=("seats", "state"))["field"] == "extra"
        ws.send_bytes(b"\x00\x01")
        assert until(ws, "error", skip=("seats", "state"))["code"] == "binary"
        ws.send_json({"type": "ping"})
        until(ws, "pong", skip=("seats", "state"))
        ws.send_json({"type": "sync"})
        assert act(ws, decide(ws, until(ws, "state")))["type"] == "accepted"  # the table still plays
        ws.send_text(json.dumps({"type": "chat", "text": "y" * 600}))
        err = until(ws, "error", skip=("seats", "state", "chat"))
        assert err["code"] == "too_big" and "512 bytes" in err["reason"]
        with pytest.raises(WebSocketDisconnect) as closed:
            until(ws, "never", skip=("seats", "state", "chat"))
        assert closed.value.code == 1009


def test_floods_are_rate_limited_then_closed(make_client: AppFactory) -> None:
    client = make_client(rate_per_second=0.01, rate_burst=5, max_refusals=20)
    t = create(client, game="kingdom", players=2, seats=["human", "bot:random"])
    with client.websocket_connect(f"/ws/tables/{t['table']}") as ws:
        hello(ws, token=t["token"])
        for _ in range(40):
            ws.send_json({"type": "ping"})
        kinds = []
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                m = ws.receive_json()
                kinds.append(m.get("code", m["type"]))
        assert closed.value.code == 1008
        # table frames and response periods (SRV-2) may come in between
        answers = [k for k in kinds if k not in ("state", "seats", "response", "prefs")]
        assert (
            "rate_limited" in answers and answers[-1] == "too_many_refusals" and answers.count("pong") == 4
        )  # the burst of 5, less the hello
    assert client.get(f"/api/tables/{t['table']}").json()["status"] == "running"


def test_spectators_can_be_forbidden_and_private_tables_need_the_invite(client: TestClient) -> None:
    closed_table = create(client, game="kingdom", players=2, seats=["human", "bot:random"], spectators=False)
    with client.websocket_connect(f"/ws/tables/{closed_table['table']}") as ws:
        ws.send_json({"type": "hello", "spectator": True})
        assert ws.receive_json()["code"] == "forbidden"
    priv = create(client, game="kingdom", players=2, seats=["human", "bot:random"], private=True)
    with client.websocket_connect(f"/ws/tables/{priv['table']}") as ws:
        ws.send_json({"type": "hello", "spectator": True, "invite": "guess"})
        assert ws.receive_json()["code"] == "bad_invite"
    with client.websocket_connect(f"/ws/tables/{priv['table']}") as ws:
        welcome, frame = hello(ws, spectator=True, invite=priv["invite"])
        assert welcome["seat"] is None and frame["view"]["hand"] is None
        ws.send_json({"type": "act", "step": 0, "action": "pass"})
        assert until(ws, "error")["code"] == "forbidden"


def test_leave_hands_the_seat_to_the_standin_and_reclaim_takes_it_back(client: TestClient) -> None:
    t = create(client, game="kingdom", players=2, seats=["human", "bot:random"], seed=4, standin="random")
    with client.websocket_connect(f"/ws/tables/{t['table']}") as ws:
        _, frame = hello(ws, token=t["token"])
        ws.send_json({"type": "leave"})
        seats = until(ws, "seats", skip=("state",))
        while seats["seats"][0]["controller"] != "bot":
            seats = until(ws, "seats", skip=("state",))
        frame = until(ws, "state")
        while frame["step"] < 3:  # the stand-in plays seat 0 now
            assert not frame["legal"]
            frame = until(ws, "state")
        out = act(ws, {"step": frame["step"], "decision": None, "legal": [{"text": "end"}]})
        assert out["type"] == "refused"
        ws.send_json({"type": "reclaim"})
        seats = until(ws, "seats", skip=("state",))
        while seats["seats"][0]["controller"] != "human":
            seats = until(ws, "seats", skip=("state",))
        frame = decide(ws, until(ws, "state"))
        out = act(ws, frame)
        while out["type"] == "refused":  # a frame sent before the stand-in's last move: the current one follows
            # refused as out of date: "moved on", or, while a response period after that move asks
            # another seat, the one wording SRV-2 gives every seat then
            assert "moved on" in out["reason"] or (out["reason"], out["rule"]) == (WAIT_REASON, "SRV-2"), out
            frame = decide(ws, until(ws, "state"))
            out = act(ws, frame)
        assert frame["controller"] == "human" and out["type"] == "accepted"
    moves = client.get(f"/api/tables/{t['table']}").json()
    assert moves["seats"][0]["controller"] == "human"


def test_host_starts_a_waiting_table_with_the_standin_in_open_seats(client: TestClient) -> None:
    t = create(client, game="kingdom", players=3, seats=["human", "human", "bot:random"], seed=2)
    with client.websocket_connect(f"/ws/tables/{t['table']}") as ws:
        _, frame = hello(ws, token=t["token"])
        assert frame["status"] == "waiting" and not frame["legal"]
        ws.send_json({"type": "act", "step": 0, "action": frame["view"]["hand"][0]})
        assert "waiting for players" in until(ws, "refused")["reason"]
        ws.send_json({"type": "start"})
        while until(ws, "seats", skip=("state",))["status"] != "running":
            pass
        frame = decide(ws, until(ws, "state"))
        assert frame["status"] == "running"
    info = client.get(f"/api/tables/{t['table']}").json()
    assert info["seats"][1]["controller"] == "bot" and info["open_seats"] == [1]
    j = client.post(f"/api/tables/{t['table']}/join", json={"seat": 1, "name": "Late"}).json()
    assert j["seat"] == 1
    info = client.get(f"/api/tables/{t['table']}").json()
    assert info["seats"][1]["controller"] == "human" and info["seats"][1]["name"] == "Late"


def test_only_the_host_may_start(client: TestClient) -> None:
    t = create(client, game="kingdom", players=3, seats=["human", "human", "human"])
    j = client.post(f"/api/tables/{t['table']}/join", json={}).json()
    with client.websocket_connect(f"/ws/tables/{t['table']}") as ws:
        hello(ws, token=j["token"])
        ws.send_json({"type": "start"})
        err = until(ws, "error")
        assert "host" in err["reason"]


def test_reconnect_resumes_from_the_step_and_sync_sends_everything(client: TestClient) -> None:
    t = create(client, game="kingdom", players=2, seats=["human", "bot:random"], seed=8)
    with client.websocket_connect(f"/ws/tables/{t['table']}") as ws:
        _, frame = hello(ws, token=t["token"])
        frame = decide(ws, frame)
        act(ws, frame)
        frame = decide(ws, until(ws, "state"))
        seen = frame["step"]
    with client.websocket_connect(f"/ws/tables/{t['table']}") as ws:
        _, again = hello(ws, token=t["token"], step=seen)
        assert again["step"] == seen and not again["full"] and again["view"] == frame["view"]
        ws.send_json({"type": "sync"})
        full = until(ws, "state")
        assert full["full"] and len(full["events"]) >= len(again["events"]) and full["legal"] == frame["legal"]


def test_hint_and_undo_at_a_one_person_table(client: TestClient) -> None:
    t = create(client, game="kings-family", players=1, seats=["human"], seed=5)
    with client.websocket_connect(f"/ws/tables/{t['table']}") as ws:
        _, frame = hello(ws, token=t["token"])
        ws.send_json({"type": "undo"})
        assert "no earlier decision" in until(ws, "error")["reason"]
        ws.send_json({"type": "hint"})
        hint = until(ws, "hint")
        assert hint["action"] in [c["text"] for c in frame["legal"]] and hint["label"] and hint["bot"]
        first = frame
        assert act(ws, frame, hint["action"])["type"] == "accepted"
        frame = decide(ws, until(ws, "state"))
        ws.send_json({"type": "undo"})
        back = until(ws, "state")
        assert back["full"] and back["step"] == first["step"]
        assert back["view"] == {**first["view"], "undos": 1}  # the same position, one undo counted
        assert back["legal"] == first["legal"]
        while back["status"] != "over":
            back = decide(ws, back)
            assert act(ws, back)["type"] == "accepted"
            back = until(ws, "state")
            while back["status"] != "over" and not back["legal"]:
                back = until(ws, "state")
    record = client.get(f"/api/tables/{t['table']}/record").json()
    assert record["undos"] == 1 and record["result"]["undos"] == 1
    assert regalia.replay(record).view(0) == back["view"]


def test_hint_only_for_the_only_person_and_undo_only_where_allowed(client: TestClient) -> None:
    t = create(client, game="kingdom", players=2, seats=["human", "human"], seed=9)
    client.post(f"/api/tables/{t['table']}/join", json={})
    with client.websocket_connect(f"/ws/tables/{t['table']}") as ws:
        _, frame = hello(ws, token=t["token"])
        ws.send_json({"type": "hint"})
        assert "only person" in until(ws, "error")["reason"]
        assert act(ws, frame)["type"] == "accepted"
        ws.send_json({"type": "undo"})
        assert "does not allow going back" in until(ws, "error", skip=("seats", "state"))["reason"]
