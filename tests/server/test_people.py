"""Seats bound to accounts, over HTTP and the websocket (SQLite and PostgreSQL): a seat taken
while signed in, found through the session from another browser; a guest's seat claimed; the
NDJSON export and its filters; the profile; the leaderboard; an account deleted from others'
histories."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import insert

from regalia.server.schema import RatingRow
from regalia.server.store import Store

from .accounts import PASSWORD, register
from .conftest import AppFactory
from .helpers import create, hello, play_to_the_end, until


def _history(client: TestClient, name: str, query: str = "") -> list[dict[str, Any]]:
    r = client.get(f"/api/players/{name}/games{query}")
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/x-ndjson")
    return [json.loads(line) for line in r.text.splitlines()]


def _wait_history(client: TestClient, name: str, n: int) -> list[dict[str, Any]]:
    for _ in range(100):  # written by a task just after the last move
        lines = _history(client, name)
        if len(lines) >= n:
            return lines
        time.sleep(0.05)
    raise AssertionError(f"{name}'s history has {len(lines)} games, not {n}")


def test_a_seat_taken_signed_in_is_found_through_the_session_from_another_browser(make_client: AppFactory) -> None:
    first = make_client()
    register(first, "una")
    t = create(first, game="trap", players=2, seats=["human", "bot:random"], options={"rounds": 1})
    other = TestClient(first.app)  # another browser: no token, the same account
    assert other.post("/api/session", json={"name": "una", "password": PASSWORD}).status_code == 200
    with other.websocket_connect(f"/ws/tables/{t['table']}") as ws:
        welcome, frame = hello(ws, session=True)
        assert welcome["seat"] == 0 and frame["seat"] == 0 and welcome["table"]["seats"][0]["account"]
    stranger = TestClient(first.app)
    with stranger.websocket_connect(f"/ws/tables/{t['table']}") as ws:
        ws.send_json({"type": "hello", "session": True})
        error = until(ws, "error")
        assert error["code"] == "bad_session" and error["field"] == "session"
    register(stranger, "vic")
    with stranger.websocket_connect(f"/ws/tables/{t['table']}") as ws:
        ws.send_json({"type": "hello", "session": True})
        assert "no seat" in until(ws, "error")["reason"]


def test_a_guest_seat_is_claimed_and_its_game_joins_the_history(make_client: AppFactory) -> None:
    guest = make_client()
    t = create(guest, game="trap", players=2, seats=["human", "bot:random"], options={"rounds": 1}, name="Wendy")
    play_to_the_end(guest, t["table"], t["token"])
    register(guest, "wendy")
    assert guest.post("/api/me/claim", json={"table": t["table"], "token": "x" * 43}).status_code == 403
    r = guest.post("/api/me/claim", json={"table": t["table"], "token": t["token"]})
    assert r.status_code == 200 and r.json() == {"table": t["table"], "seat": 0}
    assert guest.post("/api/me/claim", json={"table": t["table"], "token": t["token"]}).status_code == 200  # again
    lines = _wait_history(guest, "wendy", 1)
    assert lines[0]["table"] == t["table"] and not lines[0]["rated"] and lines[0]["players"][0]["name"] == "wendy"
    thief = TestClient(guest.app)
    register(thief, "xena")
    r = thief.post("/api/me/claim", json={"table": t["table"], "token": t["token"]})
    assert r.status_code == 409 and r.json()["error"]["field"] == "token"
    info = guest.get(f"/api/tables/{t['table']}").json()
    assert info["seats"][0]["name"] == "wendy" and info["seats"][0]["account"]


def test_the_export_is_newest_first_and_filtered_and_the_profile_lists_recent_games(make_client: AppFactory) -> None:
    client = make_client()
    register(client, "yara")
    tables = []
    for game in ("trap", "trap", "kings-blood"):
        options = {"rounds": 1} if game == "trap" else {}
        seats = ["human", "bot:random"]
        t = create(client, game=game, players=2, seats=seats, options=options)
        play_to_the_end(client, t["table"], t["token"])
        tables.append(t["table"])
    lines = _wait_history(client, "yara", 3)
    assert [x["table"] for x in lines] == tables[::-1]  # newest first
    assert [x["finished_at"] for x in lines] == sorted((x["finished_at"] for x in lines), reverse=True)
    line = lines[0]
    assert set(line) == {"table", "game", "title", "finished_at", "rated", "players", "standings", "result"}
    assert line["result"] and line["standings"] and line["players"][1] == {"seat": 1, "name": "random", "kind": "bot"}
    assert [x["table"] for x in _history(client, "yara", "?game=trap")] == tables[1::-1]
    assert len(_history(client, "yara", "?max=1")) == 1
    newest = lines[0]["finished_at"]
    assert [x["table"] for x in _history(client, "yara", f"?since={newest}")] == [tables[2]]
    assert [x["table"] for x in _history(client, "yara", f"?until={newest - 1}")] == tables[1::-1]
    for query, field in (("?max=0", "max"), ("?since=-1", "since"), ("?game=chess", "game"), ("?max=x", "max")):
        r = client.get(f"/api/players/yara/games{query}")
        assert r.status_code in (404, 422) and r.json()["error"]["field"] == field, query
    assert client.get("/api/players/nobody_at_all/games").status_code == 404
    profile = TestClient(client.app).get("/api/players/YARA").json()  # anyone, the name ignoring case
    assert profile["name"] == "yara" and [g["table"] for g in profile["recent"]] == tables[::-1]
    assert profile["ratings"] == {} and isinstance(profile["created"], int)


def test_private_tables_are_in_the_history_of_their_player_only(make_client: AppFactory) -> None:
    client = make_client()
    register(client, "zed")
    t = create(client, game="trap", players=2, seats=["human", "bot:random"], options={"rounds": 1}, private=True)
    play_to_the_end(client, t["table"], t["token"])
    assert _wait_history(client, "zed", 1)[0]["table"] == t["table"]
    anyone = TestClient(client.app)
    assert _history(anyone, "zed") == [] and anyone.get("/api/players/zed").json()["recent"] == []


def test_the_leaderboard_lists_settled_ratings_only(make_client: AppFactory, db_url: str) -> None:
    client = make_client()
    ids = {}
    for name in ("amy", "ben", "cat"):
        c = TestClient(client.app)
        register(c, name)
        ids[name] = c.get("/api/players/" + name).json()["name"]
    store = Store(db_url, migrate_schema=False)
    now = time.time()
    try:
        with store.engine.begin() as conn:
            rows = conn.exec_driver_sql("SELECT id, name FROM regalia_accounts").all()
            by_name = {n: i for i, n in rows}
            for name, mu, sigma in (("amy", 27.0, 1.5), ("ben", 29.0, 1.2), ("cat", 40.0, 6.0)):
                conn.execute(
                    insert(RatingRow).values(
                        account_id=by_name[name], game="kingdom", mu=mu, sigma=sigma, games=30, rated_at=now
                    )
                )
    finally:
        store.close()
    board = client.get("/api/leaderboard/kingdom").json()
    assert [p["name"] for p in board["players"]] == ["ben", "amy"]  # cat is provisional
    assert board["players"][0] == {"rank": 1, "name": "ben", "rating": 1740, "deviation": 72, "games": 30}
    assert client.get("/api/leaderboard/chess").status_code == 404
    assert client.get("/api/leaderboard/kings-family").status_code == 422
    assert client.get("/api/players/cat").json()["ratings"]["kingdom"]["provisional"] is True


def test_a_deleted_account_stays_in_the_others_history_as_a_deleted_player(make_client: AppFactory) -> None:
    client = make_client()  # one client (one event loop); each person's session cookie kept aside
    register(client, "dora")
    t = create(client, game="trap", players=2, seats=["human", "human"], options={"rounds": 1}, fair_windows=False)
    client.cookies.clear()
    register(client, "eve")
    eve = client.cookies.get("regalia_session")
    j = client.post(f"/api/tables/{t['table']}/join", json={}).json()
    with client.websocket_connect(f"/ws/tables/{t['table']}") as ws:  # eve hands her seat to the stand-in
        hello(ws, token=j["token"])
        ws.send_json({"type": "leave"})
        until(ws, "seats", skip=("chat", "pong", "state"))
    play_to_the_end(client, t["table"], t["token"])
    assert len(_wait_history(client, "dora", 1)) == 1
    eve_line = _wait_history(client, "eve", 1)[0]
    assert eve_line["players"][1]["abandoned"] and eve_line["players"][1]["name"] == "eve"
    client.cookies.set("regalia_session", eve)
    assert client.request("DELETE", "/api/me", json={"confirm": "eve"}).status_code == 204
    line = _history(client, "dora")[0]
    assert line["players"][1]["kind"] == "deleted" and line["players"][1]["name"] == "deleted player"
    info = client.get(f"/api/tables/{t['table']}").json()
    assert info["seats"][1]["name"] == "deleted player" and not info["seats"][1]["account"]
    record = client.get(f"/api/tables/{t['table']}/record").json()
    assert len(record["actions"]) > 0  # the game itself is whole
    assert client.get("/api/players/eve").status_code == 404


def test_a_private_table_is_read_by_an_account_that_sat_at_it_without_the_invite(client: TestClient) -> None:
    """The turns list and the profile's history link a private table without its invite code:
    the account that sits at the table reads its description and replay; another account and a
    guest are refused as without the code."""
    register(client, "privy")
    t = client.post(
        "/api/tables", json={"game": "kings-blood", "players": 2, "seats": ["human", "bot:random"], "private": True}
    ).json()
    assert client.post(f"/api/tables/{t['table']}/replay", json={"seat": None}).status_code == 200
    assert client.get(f"/api/tables/{t['table']}").json()["seats"][0]["name"] == "privy"
    client.cookies.clear()
    assert client.post(f"/api/tables/{t['table']}/replay", json={"seat": None}).status_code == 403
    assert client.get(f"/api/tables/{t['table']}").status_code == 403
    register(client, "nosy")
    refused = client.post(f"/api/tables/{t['table']}/replay", json={"seat": None})
    assert refused.status_code == 403 and refused.json()["error"]["field"] == "invite"
    assert client.get(f"/api/tables/{t['table']}/record").status_code == 403
    assert client.get(f"/api/tables/{t['table']}").status_code == 403
    with_code = client.post(f"/api/tables/{t['table']}/replay", json={"seat": None, "invite": t["invite"]})
    assert with_code.status_code == 200


def test_only_a_table_with_an_account_s_seat_is_read_back_for_the_history_when_it_ends(
    make_client: AppFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A finished table's history is written for the accounts at it: a table of guests and bots
    leaves none, so its last move does not send the history's writer to read the table back
    from the database (a server full of guests' games paid one table read a game for nothing);
    a table with an account's seat is written, once."""
    client = make_client()
    results = client.app.state.people.results
    read: list[str] = []
    write = results._write
    monkeypatch.setattr(results, "_write", lambda table_id: read.append(table_id) or write(table_id))
    guests = create(client, game="trap", players=2, seats=["human", "bot:random"], options={"rounds": 1})
    play_to_the_end(client, guests["table"], guests["token"])
    register(client, "zora")
    mine = create(client, game="trap", players=2, seats=["human", "bot:random"], options={"rounds": 1})
    play_to_the_end(client, mine["table"], mine["token"])
    assert [line["table"] for line in _wait_history(client, "zora", 1)] == [mine["table"]]
    assert read == [mine["table"]]
