"""Storage: the migration creates exactly the models, one writer per step, pinned rules, tokens."""

from __future__ import annotations

import hashlib
import json
import time

import psycopg
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from fastapi.testclient import TestClient
from sqlalchemy import inspect, update

from regalia.server.app import create_app
from regalia.server.committer import Write
from regalia.server.notices import NOTIFY_CHANNEL, libpq_url
from regalia.server.schema import TableRow, metadata
from regalia.server.settings import ServerSettings
from regalia.server.store import Move, Store
from regalia.server.tokens import find_seat, hash_token, new_token, token_matches

from .conftest import AppFactory, PgCluster
from .helpers import act, create, decide, hello, until


def test_migration_creates_exactly_the_models(db_url: str) -> None:
    store = Store(db_url)  # runs the migration on a fresh database
    try:
        with store.engine.connect() as conn:
            diff = compare_metadata(MigrationContext.configure(conn), metadata)
            tables = set(inspect(conn).get_table_names())
        assert diff == []
        assert {"regalia_tables", "regalia_seats", "regalia_moves", "regalia_chat", "alembic_version"} <= tables
        Store(db_url).close()  # a second start migrates nothing and does not fail
    finally:
        store.close()


def test_two_writers_of_one_step_cannot_both_commit(client: TestClient, db_url: str) -> None:
    t = create(client, game="kingdom", players=2, seats=["human", "human"], seed=3)
    store = Store(db_url, migrate_schema=False)
    try:
        now = time.time()
        first = store.commit_move(t["table"], Move(1, 0, "end", True, "human", now), {"public_step": 1})
        second = store.commit_move(t["table"], Move(1, 0, "other", True, "human", now), {"public_step": 1})
        skip = store.commit_move(t["table"], Move(3, 0, "x", True, "human", now), {"public_step": 2})
        assert (first, second, skip) == (True, False, False)
        assert [m.action for m in store.moves_after(t["table"], 0)] == ["end"]
    finally:
        store.close()


def test_tokens_are_random_hashed_and_compared_whole() -> None:
    tokens = {new_token() for _ in range(100)}
    assert len(tokens) == 100 and all(len(t) >= 43 for t in tokens)  # 256 bits each
    t = new_token()
    assert hash_token(t) == hashlib.sha256(t.encode()).hexdigest() and t not in hash_token(t)
    assert token_matches(t, hash_token(t)) and not token_matches(t + "x", hash_token(t))
    assert not token_matches(t, None)
    assert find_seat(t, [(0, None), (1, hash_token("other")), (2, hash_token(t))]) == 2
    assert find_seat("nope", [(0, hash_token(t))]) is None


def test_tokens_are_stored_only_as_hashes(client: TestClient, db_url: str) -> None:
    t = create(client, game="kingdom", players=2, seats=["human", "human"])
    j = client.post(f"/api/tables/{t['table']}/join", json={}).json()
    store = Store(db_url, migrate_schema=False)
    try:
        found = store.table(t["table"])
        assert found is not None
        _, seats = found
        stored = [s.token_hash for s in seats]
        assert stored == [hash_token(t["token"]), hash_token(j["token"])]
        with store.engine.connect() as conn:
            dump = str(
                [
                    list(r)
                    for name in ("regalia_tables", "regalia_seats")
                    for r in conn.exec_driver_sql(f"SELECT * FROM {name}")
                ]
            )
        assert t["token"] not in dump and j["token"] not in dump
    finally:
        store.close()


def test_a_table_keeps_its_rules_version_and_another_refuses_its_moves(make_client: AppFactory, db_url: str) -> None:
    client = make_client()
    t = create(client, game="kingdom", players=2, seats=["human", "bot:random"], seed=6)
    store = Store(db_url, migrate_schema=False)
    try:
        with store.engine.begin() as conn:
            conn.execute(update(TableRow).where(TableRow.id == t["table"]).values(rules_version="kingdom-0"))
    finally:
        store.close()
    client2 = make_client()  # a new process: it rebuilds the table and sees the pin
    info = client2.get(f"/api/tables/{t['table']}").json()
    assert info["rules_version"] == "kingdom-0" and info["status"] == "suspended"
    with client2.websocket_connect(f"/ws/tables/{t['table']}") as ws:
        _, frame = hello(ws, token=t["token"])
        assert frame["status"] == "suspended" and not frame["legal"]
        ws.send_json({"type": "act", "step": frame["step"], "action": "end"})
        refused = until(ws, "refused")
        assert "kingdom-0" in refused["reason"] and "rules_version" in refused["reason"]


def test_restart_resumes_every_table_at_the_last_move(make_client: AppFactory) -> None:
    first = make_client()
    t = create(first, game="kingdom", players=2, seats=["human", "human"], seed=12)
    j = first.post(f"/api/tables/{t['table']}/join", json={}).json()
    with (
        first.websocket_connect(f"/ws/tables/{t['table']}") as a,
        first.websocket_connect(f"/ws/tables/{t['table']}") as b,
    ):
        _, fa = hello(a, token=t["token"])
        _, fb = hello(b, token=j["token"])
        for _ in range(4):
            for ws, f in ((a, fa), (b, fb)):
                if f["legal"]:
                    assert act(ws, f)["type"] == "accepted"
            fa, fb = until(a, "state"), until(b, "state")
            while not (fa["legal"] or fb["legal"]):
                fa = until(a, "state") if not fa["legal"] else fa
    before = first.get(f"/api/tables/{t['table']}").json()["step"]
    second = make_client()
    with second.websocket_connect(f"/ws/tables/{t['table']}") as a:
        _, frame = hello(a, token=t["token"])
        assert frame["step"] == before and frame["view"] == fa["view"]
        frame = decide(a, frame) if fa["legal"] else frame


def test_a_group_commit_notifies_every_write_in_one_statement(pg_cluster: PgCluster) -> None:
    """PostgreSQL: the ``NOTIFY`` of every write of a group commit is sent (one statement for
    all) when the transaction commits; a write whose compare-and-set fails sends none."""
    url = pg_cluster.new_database()
    settings = ServerSettings(db_url=url, bot_processes=0, sweep_seconds=0.05, bot_move_seconds=0.0)
    with TestClient(create_app(settings)) as client:
        tables = [create(client, game="kings-blood", players=2, seats=["human", "human"])["table"] for _ in range(3)]
    store = Store(url, migrate_schema=False)
    try:
        with psycopg.connect(libpq_url(url), autocommit=True) as listener:
            listener.execute(f"LISTEN {NOTIFY_CHANNEL}")
            writes = [
                Write(t, {"updated_at": 1.0}, at_step=at, notify={"k": "move", "t": t, "s": at, "p": "test"})
                for t, at in zip(tables, (0, 0, 5), strict=True)
            ]
            assert store.commit_batch(writes) == [True, True, False]
            got = [json.loads(n.payload)["t"] for n in listener.notifies(timeout=5, stop_after=2)]
            assert sorted(got) == sorted(tables[:2])
            assert list(listener.notifies(timeout=0.5)) == []  # nothing for the refused write
    finally:
        store.close()
