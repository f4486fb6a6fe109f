"""The HTTP lobby: games, creating, joining, listing, records, replays, static files, refusals."""

from __future__ import annotations

from fastapi.testclient import TestClient

import regalia

from .helpers import act, create, decide, hello, until


def test_games_lists_every_game_with_options_rulings_and_bot_levels(client: TestClient) -> None:
    data = client.get("/api/games").json()
    names = [g["name"] for g in data["games"]]
    for name in ("kings-blood", "kings-family", "kingship", "blood-and-fortune", "kingdom"):
        assert name in names
    kb = next(g for g in data["games"] if g["name"] == "kings-blood")
    assert kb["summary"] and kb["min_players"] == 2 and kb["max_players"] == 6
    opts = {o["name"]: o for o in kb["options"]}
    assert opts["announcement"]["ruling"] == "KB-T4" and "announce" in opts["announcement"]["ruling_text"].lower()
    assert "deck_file" not in opts  # a file path can never be set over the network
    specs = [b["spec"] for b in kb["bots"]]
    assert {"random", "heuristic", "ismcts:easy", "ismcts:medium", "ismcts:hard"} <= set(specs)
    assert kb["hidden_responses"] is False  # King's Blood has no hidden response window (SRV-2)
    for g in data["games"]:
        assert g["hidden_responses"] == regalia.get_game(g["name"]).hidden_responses
        assert g["response_seconds"] >= 8  # a person can use a response window (SRV-2)


def test_create_takes_first_human_seat_and_join_fills_the_next(client: TestClient) -> None:
    t = create(client, game="kingdom", players=3, seats=["bot:random", "human", "human"], seed=5, name="Ann")
    assert t["seat"] == 1 and len(t["token"]) >= 43 and t["invite"]
    info = client.get(f"/api/tables/{t['table']}").json()
    assert info["status"] == "waiting" and info["open_seats"] == [2] and info["host_seat"] == 1
    assert info["seats"][1]["name"] == "Ann" and "token" not in str(info) and t["invite"] not in str(info)
    j = client.post(f"/api/tables/{t['table']}/join", json={"name": "Bo"}).json()
    assert j["seat"] == 2 and j["token"] != t["token"]
    info = client.get(f"/api/tables/{t['table']}").json()
    assert info["status"] == "running" and info["open_seats"] == []
    r = client.post(f"/api/tables/{t['table']}/join", json={})
    assert r.status_code == 409 and r.json()["error"]["field"] == "seat"


def test_create_refusals_name_the_field(client: TestClient) -> None:
    cases = [
        ({"game": "chess"}, "game"),
        ({"game": "kingship", "players": 2}, "players"),
        ({"game": "kingdom", "options": {"nope": 1}}, "options.nope"),
        ({"game": "kings-blood", "options": {"deck_file": "/etc/passwd"}}, "options.deck_file"),
        ({"game": "kings-blood", "options": {"announcement": "loud"}}, "options"),
        ({"game": "kingdom", "players": 2, "seats": ["human"]}, "seats"),
        ({"game": "kingdom", "players": 2, "seats": ["human", "robot"]}, "seats[1]"),
        ({"game": "kingdom", "players": 2, "seats": ["human", "bot:genius"]}, "seats[1]"),
        ({"game": "kingdom", "seed": -1}, "seed"),
        ({"game": "kingdom", "turn_seconds": 1}, "turn_seconds"),
        ({"game": "kingdom", "players": "3"}, "players"),
        ({"game": "kingdom", "colour": "red"}, "colour"),
        ({"game": "kingdom", "name": "a\u0000b"}, "name"),
    ]
    for body, field in cases:
        r = client.post("/api/tables", json=body)
        assert r.status_code == 422, (body, r.text)
        assert r.json()["error"]["field"] == field, (body, r.json())
        assert r.json()["error"]["reason"]


def test_malformed_and_oversized_bodies_are_refused(client: TestClient) -> None:
    r = client.post("/api/tables", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 422 and "error" in r.json()
    r = client.post("/api/tables", content=b"x" * 70000, headers={"content-type": "application/json"})
    assert r.status_code == 413 and "65536" in r.json()["error"]["reason"]
    assert client.get("/api/tables/no-such-table").status_code == 404
    assert client.get("/api/tables/bad%20id%21").status_code == 404


def test_private_tables_are_unlisted_and_need_the_invite(client: TestClient) -> None:
    pub = create(client, game="kingdom", players=2, seats=["human", "human"])
    priv = create(client, game="kingdom", players=2, seats=["human", "human"], private=True)
    listed = [t["table"] for t in client.get("/api/tables").json()["tables"]]
    assert pub["table"] in listed and priv["table"] not in listed
    r = client.post(f"/api/tables/{priv['table']}/join", json={})
    assert r.status_code == 403 and r.json()["error"]["field"] == "invite"
    r = client.post(f"/api/tables/{priv['table']}/join", json={"invite": "wrong"})
    assert r.status_code == 403
    r = client.post(f"/api/tables/{priv['table']}/join", json={"invite": priv["invite"]})
    assert r.status_code == 200 and r.json()["seat"] == 1
    only_kingdom = client.get("/api/tables", params={"game": "kingship"}).json()["tables"]
    assert pub["table"] not in [t["table"] for t in only_kingdom]


def test_index_page_is_served(client: TestClient) -> None:
    r = client.get("/")
    assert r.status_code == 200 and "regalia" in r.text and "text/html" in r.headers["content-type"]
    assert r.headers["x-content-type-options"] == "nosniff" and r.headers["referrer-policy"] == "no-referrer"
    assert client.get("/api/health").json()["ok"] is True


def test_record_only_after_the_end_and_replays_equal(client: TestClient) -> None:
    t = create(client, game="kings-family", players=1, seats=["human"], seed=3)
    assert client.get(f"/api/tables/{t['table']}/record").status_code == 409
    with client.websocket_connect(f"/ws/tables/{t['table']}") as ws:
        _, frame = hello(ws, token=t["token"])
        ws.send_json({"type": "chat", "text": "good luck, me"})
        until(ws, "chat")
        while frame["status"] != "over":
            frame = decide(ws, frame)
            out = act(ws, frame)
            assert out["type"] == "accepted", out
            frame = until(ws, "state")
            while frame["status"] != "over" and not frame["legal"]:
                frame = until(ws, "state")
    record = client.get(f"/api/tables/{t['table']}/record").json()
    state = regalia.replay(record)
    assert state.is_terminal and record["table_talk"][0]["text"] == "good luck, me"
    assert state.view(0) == frame["view"] and record["result"] == frame["result"]
    listed = client.get("/api/tables", params={"include_over": True}).json()["tables"]
    assert any(x["table"] == t["table"] and x["status"] == "over" for x in listed)
    assert t["table"] not in [x["table"] for x in client.get("/api/tables").json()["tables"]]


def test_replay_as_spectator_while_running_and_as_a_seat_after_the_end(client: TestClient) -> None:
    t = create(client, game="kingdom", players=2, seats=["human", "bot:random"], seed=11, options={"max_turns": 3})
    r = client.post(f"/api/tables/{t['table']}/replay", json={"seat": 0})
    assert r.status_code == 409 and r.json()["error"]["field"] == "seat"
    with client.websocket_connect(f"/ws/tables/{t['table']}") as ws:
        _, frame = hello(ws, token=t["token"])
        frame = decide(ws, frame)
        act(ws, frame)
        spect = client.post(f"/api/tables/{t['table']}/replay", json={}).json()
        assert spect["seat"] is None and spect["steps"][0]["step"] == 0
        for step in spect["steps"]:
            assert step["view"]["hand"] is None
        while frame["status"] != "over":
            frame = until(ws, "state")
            if frame["legal"]:
                act(ws, frame)
    seat0 = client.post(f"/api/tables/{t['table']}/replay", json={"seat": 0}).json()
    record = client.get(f"/api/tables/{t['table']}/record").json()
    assert seat0["steps"][-1]["view"] == regalia.replay(record).view(0)
    assert [s["step"] for s in seat0["steps"]] == list(range(len(seat0["steps"])))
    assert client.post(f"/api/tables/{t['table']}/replay", json={"seat": 5}).status_code == 422
