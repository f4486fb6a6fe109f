"""Move clocks (stored in the database, so they survive a restart), on_timeout, absent players."""

from __future__ import annotations

import time

from sqlalchemy import update

from regalia.server.schema import TableRow
from regalia.server.store import Store

from .conftest import AppFactory
from .helpers import create, decide, hello, until


def _expire(db_url: str, table: str) -> None:
    """Move the table's clock into the past, as if its seconds had run out."""
    store = Store(db_url, migrate_schema=False)
    try:
        with store.engine.begin() as conn:
            now = time.time()
            conn.execute(update(TableRow).where(TableRow.id == table).values(deadline=now - 1, due_at=now - 1))
    finally:
        store.close()


def test_move_clock_is_shown_and_survives_a_restart(make_client: AppFactory) -> None:
    first = make_client()
    t = create(first, game="kingdom", players=2, seats=["human", "bot:random"], seed=8, turn_seconds=60)
    with first.websocket_connect(f"/ws/tables/{t['table']}") as ws:
        _, frame = hello(ws, token=t["token"])
        frame = decide(ws, frame)
        clock = frame["clock"]
        assert clock["seat"] == 0 and clock["turn_seconds"] == 60
        assert clock["now"] + 50 < clock["deadline"] <= clock["now"] + 60
    second = make_client()  # another process (or the same one restarted) on the same database
    with second.websocket_connect(f"/ws/tables/{t['table']}") as ws:
        _, again = hello(ws, token=t["token"])
        assert again["clock"]["deadline"] == clock["deadline"]


def test_clock_runs_out_standin_plays_that_move_only(make_client: AppFactory, db_url: str) -> None:
    client = make_client()
    t = create(
        client, game="kingdom", players=2, seats=["human", "bot:random"], seed=8, turn_seconds=30, standin="random"
    )
    with client.websocket_connect(f"/ws/tables/{t['table']}") as ws:
        _, frame = hello(ws, token=t["token"])
        frame = decide(ws, frame)
        step = frame["step"]
        _expire(db_url, t["table"])
        frame = until(ws, "state")
        while frame["step"] == step:
            frame = until(ws, "state")
        assert frame["step"] > step  # the stand-in moved for seat 0
        assert client.get(f"/api/tables/{t['table']}").json()["seats"][0]["controller"] == "human"
        frame = decide(ws, frame)  # seat 0 decides again, with a fresh clock
        assert frame["clock"]["deadline"] > time.time() + 20


def test_clock_runs_out_takeover_until_reclaimed(make_client: AppFactory, db_url: str) -> None:
    client = make_client()
    t = create(
        client,
        game="kingdom",
        players=2,
        seats=["human", "bot:random"],
        seed=8,
        turn_seconds=30,
        on_timeout="takeover",
        standin="random",
    )
    with client.websocket_connect(f"/ws/tables/{t['table']}") as ws:
        _, frame = hello(ws, token=t["token"])
        decide(ws, frame)
        _expire(db_url, t["table"])
        seats = until(ws, "seats", skip=("state",))
        while seats["seats"][0]["controller"] != "bot":
            seats = until(ws, "seats", skip=("state",))
        frame = until(ws, "state")
        while frame["step"] < 3 and frame["status"] == "running":
            assert not frame["legal"]
            frame = until(ws, "state")
        ws.send_json({"type": "reclaim"})
        seats = until(ws, "seats", skip=("state",))
        while seats["seats"][0]["controller"] != "human":
            seats = until(ws, "seats", skip=("state",))


def test_a_person_away_too_long_is_replaced_until_they_return(make_client: AppFactory) -> None:
    client = make_client(absent_seconds=0.3, heartbeat_seconds=0.1)
    t = create(client, game="kingdom", players=2, seats=["human", "human"], seed=5, standin="random")
    with client.websocket_connect(f"/ws/tables/{t['table']}") as ws:
        _, _frame = hello(ws, token=t["token"])  # P0 at the table before it starts
        j = client.post(f"/api/tables/{t['table']}/join", json={}).json()  # P1 takes the seat, never connects
        seats = until(ws, "seats", skip=("state",))
        while seats["seats"][1]["controller"] != "bot":  # P1 never connected
            seats = until(ws, "seats", skip=("state",))
        assert seats["seats"][0]["controller"] == "human"  # P0 is connected: never replaced
    info = client.get(f"/api/tables/{t['table']}").json()
    assert info["seats"][1]["controller"] == "bot"
    with client.websocket_connect(f"/ws/tables/{t['table']}") as back:
        hello(back, token=j["token"])  # P1 comes back: the seat is theirs again
        seats = until(back, "seats", skip=("state",))
        while seats["seats"][1]["controller"] != "human":
            seats = until(back, "seats", skip=("state",))


def _row(db_url: str, table: str) -> TableRow:
    store = Store(db_url, migrate_schema=False)
    try:
        found = store.table(table)
        assert found is not None
        return found[0]
    finally:
        store.close()


def test_the_first_decision_s_clock_starts_when_the_second_person_joins(make_client: AppFactory, db_url: str) -> None:
    """Issue 20, item 4: a table that starts on a join shows its first decision with a running
    clock (it had none: deadline null, no move in 26 s)."""
    client = make_client()
    t = create(client, game="kings-blood", players=2, seats=["human", "human"], seed=3, turn_seconds=60)
    assert _row(db_url, t["table"]).status == "waiting"
    before = time.time()
    client.post(f"/api/tables/{t['table']}/join", json={})
    row = _row(db_url, t["table"])
    assert row.status == "running" and row.deadline_step == 0
    assert row.deadline is not None and before + 55 < row.deadline <= time.time() + 60
    assert row.due_at == row.deadline


def test_a_table_with_nothing_due_is_not_swept_again(make_client: AppFactory, db_url: str) -> None:
    """Issue 20, item 4: a person's decision without a clock leaves no ``due_at`` behind, so the
    sweeper does not look at the table every half second."""
    client = make_client()
    t = create(client, game="kings-blood", players=2, seats=["human", "bot:heuristic"], seed=3)
    row = _row(db_url, t["table"])
    assert row.status == "running" and row.due_at is None and row.deadline is None
    store = Store(db_url, migrate_schema=False)
    try:
        with store.engine.begin() as conn:  # a stale due time, as an older server left it
            conn.execute(update(TableRow).where(TableRow.id == t["table"]).values(due_at=time.time() - 5))
        for _ in range(100):
            if _row(db_url, t["table"]).due_at is None:
                break
            time.sleep(0.05)
        assert _row(db_url, t["table"]).due_at is None
        assert t["table"] not in store.due_tables(time.time())
    finally:
        store.close()
