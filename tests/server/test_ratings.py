"""Ratings per game (openskill's Plackett–Luce): rated games of two, four and eight players and a
tie change the ratings exactly as the library says; bots are fixed anchors; a person who
abandons ranks last; the deviation grows with time away; rated tables refuse guests, seeds and
bots without an anchor; the history, the NDJSON export, the profile and the leaderboard."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from openskill.models import PlackettLuce
from sqlalchemy import insert

from regalia.core import registry
from regalia.server.accounts import ratings
from regalia.server.accounts.ratings import DAY, SIGMA0, Entrant, Rating, final_ranks, rate
from regalia.server.accounts.results import Results
from regalia.server.schema import AccountRow, RatingRow, SeatRow, TableRow
from regalia.server.store import Store

from .accounts import register
from .conftest import AppFactory
from .helpers import decide, hello, play_to_the_end
from .windowgame import WindowGame

MODEL = PlackettLuce()
BOT = (24.0, 1.5)
"""The test games' bot anchor (``random``)."""


class EightSeatTrap(WindowGame):
    """The test game for up to eight seats."""

    name = "trap8"
    title = "Trap for eight (test game)"
    max_players = 8


@pytest.fixture(autouse=True)
def test_anchors(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The test games' bots rated as anchors, and an eight-seat test game."""
    registry.register(EightSeatTrap())
    real = ratings.anchors()
    monkeypatch.setattr(ratings, "anchors", lambda: {**real, "trap": {"random": BOT}, "trap8": {"random": BOT}})
    yield
    registry._GAMES.pop("trap8", None)


def expected(teams: list[tuple[float, float]], ranks: list[int]) -> list[tuple[float, float]]:
    """openskill's own answer: (mu, sigma) after a game of these ratings and ranks."""
    new = MODEL.rate([[MODEL.rating(mu=m, sigma=s)] for m, s in teams], ranks=[float(r) for r in ranks])
    return [(t[0].mu, t[0].sigma) for t in new]


# ---------------------------------------------------------------------------- the model
@pytest.mark.parametrize("players", [2, 4, 8])
def test_a_rated_game_moves_each_person_as_openskill_says_and_no_bot(players: int) -> None:
    people = [Rating(25.0 + i, 8.0 - 0.5 * i, games=i) for i in range(players // 2)]
    entrants = [Entrant(i, rank=i + 1, rating=r) for i, r in enumerate(people)]
    entrants += [Entrant(i, rank=i + 1, anchor=BOT) for i in range(len(people), players)]
    got = rate(entrants, now=1000.0)
    want = expected([(r.mu, r.sigma) for r in people] + [BOT] * (players - len(people)), list(range(1, players + 1)))
    assert sorted(got) == list(range(len(people)))  # persons only: the bots are never moved
    for i, r in enumerate(people):
        before, after = got[i]
        assert before == r and (after.mu, after.sigma) == pytest.approx(want[i])
        assert after.games == r.games + 1 and after.rated_at == 1000.0


def test_a_tie_is_an_equal_rank() -> None:
    a, b, c = Rating(), Rating(), Rating(27.0, 5.0)
    got = rate([Entrant(0, 1, rating=a), Entrant(1, 1, rating=b), Entrant(2, 3, rating=c)], now=5.0)
    want = expected([(a.mu, a.sigma), (b.mu, b.sigma), (c.mu, c.sigma)], [1, 1, 3])
    assert (got[0][1].mu, got[0][1].sigma) == pytest.approx(want[0])
    assert got[0][1].mu == pytest.approx(got[1][1].mu)  # equal before, tied: equal after
    assert (got[2][1].mu, got[2][1].sigma) == pytest.approx(want[2]) and got[2][1].mu < c.mu


def test_an_abandoning_person_ranks_last_and_ties_share_ranks() -> None:
    standings = [{"seat": 2, "rank": 1}, {"seat": 0, "rank": 2}, {"seat": 1, "rank": 2}, {"seat": 3, "rank": 4}]
    assert final_ranks(standings, set()) == {2: 1, 0: 2, 1: 2, 3: 3}
    assert final_ranks(standings, {2}) == {0: 1, 1: 1, 3: 2, 2: 3}  # the winner left: last
    assert final_ranks(standings, {2, 3}) == {0: 1, 1: 1, 2: 2, 3: 2}


def test_the_deviation_grows_with_time_away_as_lichess_does() -> None:
    settled = Rating(30.0, 1.0, games=40, rated_at=0.0)  # deviation 60
    assert settled.at(0.0) == settled and settled.deviation == 60 and not settled.provisional
    a_year = settled.at(365 * DAY)
    assert a_year.deviation == 110 and a_year.mu == settled.mu  # lichess: 60 → 110 in a year
    assert settled.at(3650 * DAY).deviation < 500 and settled.at(1e6 * DAY).sigma == SIGMA0
    new = Rating()
    assert (new.shown, new.deviation, new.provisional) == (1500, 500, True)
    assert Rating(25.0, 350 / 60).provisional and not Rating(25.0, 349 / 60).provisional
    back = rate([Entrant(0, 1, rating=Rating(25.0, 2.0, 30, 0.0)), Entrant(1, 2, anchor=BOT)], now=720 * DAY)
    stayed = rate([Entrant(0, 1, rating=Rating(25.0, 2.0, 30, 0.0)), Entrant(1, 2, anchor=BOT)], now=0.0)
    assert back[0][1].mu - 25.0 > stayed[0][1].mu - 25.0  # a returning player moves faster


# ---------------------------------------------------------------------------- a finished table's results
def _finished_table(
    store: Store, table_id: str, game: str, seats: list[dict[str, Any]], standings: list[dict[str, Any]], *, rated: bool
) -> None:
    now = 1_795_000_000.0
    row = {"id": table_id, "game": game, "players": len(seats), "seed": "1", "options": {}, "rules_version": "test-1",
           "name": "", "created_at": now - 600, "updated_at": now, "status": "over", "private": False,
           "spectators": True, "invite": "i", "secret": "s", "host_seat": 0, "turn_seconds": None,
           "on_timeout": "standin", "response_seconds": 10.0, "fair_windows": True, "standin": "random", "step": 9,
           "public_step": 9, "released_step": 9, "result": {"standings": standings, "text": "the end"},
           "undos": 0, "rated": rated}  # fmt: skip
    blank = {"bot": None, "token_hash": None, "account_id": None}
    rows = [
        {"table_id": table_id, "seat": i, "name": f"P{i}", "online": False, **blank, **s} for i, s in enumerate(seats)
    ]
    with store.engine.begin() as conn:
        conn.execute(insert(TableRow), [row])
        conn.execute(insert(SeatRow), rows)


def _accounts(store: Store, *names: str) -> list[int]:
    with store.engine.begin() as conn:
        return [
            conn.execute(
                insert(AccountRow)
                .values(name=n, name_key=n.lower(), password_hash=None, user_handle=n, created_at=1.0)
                .returning(AccountRow.id)
            ).scalar_one()
            for n in names
        ]


def test_a_tie_and_an_abandoned_seat_at_a_finished_table(db_url: str) -> None:
    store = Store(db_url)
    try:
        a, b, c = _accounts(store, "ann", "bob", "cid")
        with store.engine.begin() as conn:
            conn.execute(
                insert(RatingRow).values(
                    account_id=c, game="trap", mu=28.0, sigma=3.0, games=12, rated_at=1_795_000_000.0 - DAY
                )
            )
        person = {"kind": "human", "controller": "human", "token_hash": "x"}
        seats = [{**person, "account_id": a}, {**person, "account_id": b}, {"kind": "bot", "bot": "random", "controller": "bot"},
                 {**person, "account_id": c, "controller": "bot"}]  # fmt: skip
        standings = [{"seat": 3, "rank": 1}, {"seat": 0, "rank": 2}, {"seat": 1, "rank": 2}, {"seat": 2, "rank": 4}]
        _finished_table(store, "tie1", "trap", seats, standings, rated=True)
        results = Results(store)
        assert asyncio.run(results.finished("tie1")) and not asyncio.run(results.finished("tie1"))  # once
        got = results.history.ratings([a, b, c], "trap")
        c_before = Rating(28.0, 3.0, 12, 1_795_000_000.0 - DAY).at(1_795_000_000.0)
        want = expected([(25.0, SIGMA0), (25.0, SIGMA0), BOT, (c_before.mu, c_before.sigma)], [1, 1, 2, 3])
        assert (got[(a, "trap")].mu, got[(a, "trap")].sigma) == pytest.approx(want[0])
        assert got[(a, "trap")].mu == pytest.approx(got[(b, "trap")].mu)  # the tie
        assert (got[(c, "trap")].mu, got[(c, "trap")].sigma) == pytest.approx(want[3])  # left: ranked last
        assert got[(c, "trap")].games == 13 and got[(a, "trap")].games == 1
        tables = results.history.tables(["tie1"])
        plays = tables["tie1"].plays
        assert plays[3].abandoned and plays[3].rank == 3 and plays[0].rank == plays[1].rank == 1
    finally:
        store.close()


# ---------------------------------------------------------------------------- rated tables over HTTP and the socket
@pytest.mark.parametrize(("game", "players"), [("trap", 2), ("trap", 4), ("trap8", 8)])
def test_a_rated_game_over_http_and_the_socket_changes_the_ratings_as_the_library_says(
    make_client: AppFactory, db_url: str, game: str, players: int
) -> None:
    client = make_client()
    register(client, "rita")
    body = {"game": game, "players": players, "seats": ["human"] + ["bot:random"] * (players - 1), "rated": True,
            "options": {"rounds": 1}, "fair_windows": False}  # fmt: skip
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    created = r.json()
    info = client.get(f"/api/tables/{created['table']}").json()
    assert info["rated"] and info["seats"][0]["name"] == "rita" and info["seats"][0]["account"]
    end = play_to_the_end(client, created["table"], created["token"])
    ranks = final_ranks(end["result"]["standings"], set())
    want = expected([(25.0, SIGMA0)] + [BOT] * (players - 1), [ranks[s] for s in range(players)])
    for _ in range(100):  # the history is written by a task of the master's, just after the last move
        me = client.get("/api/me").json()
        if game in me["ratings"]:
            break
        time.sleep(0.05)
    shown = me["ratings"][game]
    after = Rating(*want[0])
    assert shown == {"rating": after.shown, "deviation": after.deviation, "provisional": True, "games": 1}
    lines = [json.loads(x) for x in client.get("/api/players/rita/games").text.splitlines()]
    assert len(lines) == 1 and lines[0]["rated"] and lines[0]["table"] == created["table"]
    mine = lines[0]["players"][0]
    assert (
        mine["kind"] == "account"
        and mine["rating_before"]["rating"] == 1500
        and mine["rating_after"]["rating"] == after.shown
    )
    assert [p["name"] for p in lines[0]["players"][1:]] == ["random"] * (players - 1)


def test_rated_tables_refuse_guests_seeds_unrated_bots_and_hints(make_client: AppFactory) -> None:
    client = make_client()
    base = {"game": "trap", "players": 2, "seats": ["human", "human"], "rated": True}
    guest = client.post("/api/tables", json=base)
    assert (
        guest.status_code == 403
        and guest.json()["error"]["field"] == "rated"
        and "signed-in" in guest.json()["error"]["reason"]
    )
    register(client, "sam")
    assert client.post("/api/tables", json={**base, "seed": 4}).json()["error"]["field"] == "seed"
    bad = client.post("/api/tables", json={**base, "seats": ["human", "bot:ismcts:easy"]})
    assert (
        bad.status_code == 422
        and bad.json()["error"]["field"] == "seats[1]"
        and "no fixed rating" in bad.json()["error"]["reason"]
    )
    solo = client.post("/api/tables", json={"game": "kings-family", "rated": True})
    assert solo.status_code == 422 and solo.json()["error"]["field"] == "players"
    table = client.post("/api/tables", json=base).json()
    stranger = TestClient(client.app)
    refused = stranger.post(f"/api/tables/{table['table']}/join", json={})
    assert refused.status_code == 403 and "rated" in refused.json()["error"]["reason"]
    again = client.post(f"/api/tables/{table['table']}/join", json={})
    assert again.status_code == 409  # one seat a player
    register(stranger, "tom")
    joined = stranger.post(f"/api/tables/{table['table']}/join", json={})
    assert joined.status_code == 200
    info = client.get(f"/api/tables/{table['table']}").json()
    assert [s["name"] for s in info["seats"]] == ["sam", "tom"] and info["status"] == "running"
    solo_table = client.post("/api/tables", json={**base, "seats": ["human", "bot:random"]}).json()
    with client.websocket_connect(f"/ws/tables/{solo_table['table']}") as ws:
        _, frame = hello(ws, token=solo_table["token"])
        frame = decide(ws, frame)
        ws.send_json({"type": "hint"})
        m = ws.receive_json()
        while m["type"] not in ("refused", "error", "hint"):
            m = ws.receive_json()
        assert m["type"] in ("refused", "error") and "rated" in m["reason"]
