"""The migrations since the last release — accounts (0003), turn-based tables and Web Push (0004) —
upgrade a database made by the release before them (schema 0002) without losing a table, a
seat, a move or a chat message, on SQLite and PostgreSQL; the upgraded database equals the
models, and a server started on it serves the old tables as before."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from fastapi.testclient import TestClient
from sqlalchemy import Engine, MetaData, insert, inspect, select, text

from regalia.bots import make_bot
from regalia.bots.play import play_game
from regalia.core import make
from regalia.server.app import create_app
from regalia.server.database import alembic_config, make_engine
from regalia.server.schema import metadata
from regalia.server.settings import ServerSettings
from regalia.server.tokens import hash_token

from .conftest import PgCluster

OLD_TABLES = ("regalia_tables", "regalia_seats", "regalia_moves", "regalia_chat")
NEW_COLUMNS = ("account_id", "rated", "mode", "days_per_move", "noticed_step", "reminded_step", "forfeited_at")
"""The columns the migrations add to the old tables (compared apart)."""


@pytest.fixture(params=["sqlite", "postgresql"])
def empty_db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """An empty database of each backend (no migration run yet)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'old.db'}"
        return
    cluster: PgCluster = request.getfixturevalue("pg_cluster")
    name = f"old_{abs(hash(str(tmp_path))) % 10**9}"
    cluster.execute(f"CREATE DATABASE {name}")
    yield cluster.url(name)


def _to(engine: Engine, revision: str, *, down: bool = False) -> None:
    cfg = alembic_config()
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        (command.downgrade if down else command.upgrade)(cfg, revision)


def _old_table(table_id: str, game: str, seed: int, moves: list[str], status: str, token: str) -> dict[str, Any]:
    """A table row as the release of schema 0002 wrote it (``regalia.server.lobby``), and its
    seats, moves and chat."""
    now = 1_795_000_000.0
    row = {
        "id": table_id, "game": game, "players": 2, "seed": str(seed), "options": {}, "rules_version":
        make(game, players=2, seed=seed).game.rules_version, "name": "Friday", "created_at": now,
        "updated_at": now + 60, "status": status, "private": False, "spectators": True, "invite": "inv-" + table_id,
        "secret": "s" * 64, "host_seat": 0, "turn_seconds": None, "on_timeout": "standin", "standin": "heuristic",
        "step": len(moves), "public_step": len(moves), "released_step": len(moves), "to_act": 0, "deadline": None,
        "deadline_step": None, "due_at": None, "bot_step": None, "bot_until": None, "result": None, "undos": 0,
        "response_seconds": 10.0, "fair_windows": True, "shown_at": now, "period": None, "period_no": 3,
    }  # fmt: skip
    seats = [
        {"table_id": table_id, "seat": 0, "kind": "human", "bot": None, "name": "Ann", "token_hash": hash_token(token),
         "controller": "human", "online": False, "seen_at": now, "prefs": {"responses": "ask", "forced": True}},
        {"table_id": table_id, "seat": 1, "kind": "bot", "bot": "random", "name": "random", "token_hash": None,
         "controller": "bot", "online": False, "seen_at": None, "prefs": None},
    ]  # fmt: skip
    rows = [
        {"table_id": table_id, "step": i + 1, "seat": 0, "action": a, "public": True, "by": "human", "at": now + i}
        for i, a in enumerate(moves)
    ]
    chat = [{"table_id": table_id, "after_move": 1, "seat": 0, "text": "good luck", "at": now + 1}]
    return {"regalia_tables": [row], "regalia_seats": seats, "regalia_moves": rows, "regalia_chat": chat}


def _played(game: str, seed: int, *, to_end: bool, limit: int = 12) -> list[str]:
    """The texts of a game's first moves (or all of them) between two heuristic bots."""
    state = make(game, players=2, seed=seed)
    moves: list[str] = []
    play_game(state, [make_bot("heuristic", game)] * 2, rng=random.Random(seed), max_steps=None if to_end else limit,
              on_events=lambda _s, action, _e: moves.append(str(action)))  # fmt: skip
    return moves


def _dump(engine: Engine) -> dict[str, list[dict[str, Any]]]:
    meta = MetaData()
    meta.reflect(engine, only=list(OLD_TABLES))
    with engine.connect() as conn:
        return {
            name: sorted(
                (
                    {k: v for k, v in r._mapping.items() if k not in NEW_COLUMNS}
                    for r in conn.execute(select(meta.tables[name]))
                ),
                key=lambda r: sorted((k, str(v)) for k, v in r.items()),
            )
            for name in OLD_TABLES
        }  # fmt: skip


def test_migrations_0003_and_0004_keep_every_table_seat_move_and_chat_of_the_release_before(empty_db: str) -> None:
    engine = make_engine(empty_db)
    try:
        _to(engine, "0002")  # the schema today's release makes
        running = _played("kingdom", 5, to_end=False)
        finished = _played("kings-blood", 9, to_end=True)
        tokens = {"run1": "token-running", "fin1": "token-finished"}
        meta = MetaData()
        meta.reflect(engine, only=list(OLD_TABLES))
        with engine.begin() as conn:
            for tid, game, seed, moves, status in (
                ("run1", "kingdom", 5, running, "running"),
                ("fin1", "kings-blood", 9, finished, "over"),
            ):
                for name, rows in _old_table(tid, game, seed, moves, status, tokens[tid]).items():
                    conn.execute(insert(meta.tables[name]), rows)
        before = _dump(engine)
        _to(engine, "head")
        with engine.connect() as conn:
            assert compare_metadata(MigrationContext.configure(conn), metadata) == []
            version = conn.execute(text("SELECT version_num FROM alembic_version")).scalar_one()
            old_columns = conn.execute(text("SELECT account_id FROM regalia_seats")).scalars().all()
            rated = conn.execute(text("SELECT rated FROM regalia_tables")).scalars().all()
            modes = conn.execute(text("SELECT mode, days_per_move FROM regalia_tables")).all()
            forfeits = conn.execute(text("SELECT forfeited_at FROM regalia_seats")).scalars().all()
        assert version == "0004"
        assert _dump(engine) == before  # nothing of the old tables lost or changed
        assert old_columns == [None] * 4 and [bool(r) for r in rated] == [False, False]  # guests' seats, casual
        assert [tuple(m) for m in modes] == [("live", None)] * 2 and forfeits == [None] * 4  # live tables
    finally:
        engine.dispose()
    settings = ServerSettings(db_url=empty_db, bot_processes=0, sweep_seconds=0.05, bot_move_seconds=0.0)
    with TestClient(create_app(settings)) as client:
        info = client.get("/api/tables/run1").json()
        assert info["step"] == len(running) and [s["name"] for s in info["seats"]] == ["Ann", "random"]
        record = client.get("/api/tables/fin1/record").json()
        assert record["actions"] == finished and record["table_talk"][0]["text"] == "good luck"
        with client.websocket_connect("/ws/tables/run1") as ws:
            ws.send_json({"type": "hello", "token": tokens["run1"]})
            welcome = ws.receive_json()
            assert welcome["type"] == "welcome" and welcome["seat"] == 0


def test_migrations_0003_and_0004_go_down_to_0002_and_up_again(empty_db: str) -> None:
    engine = make_engine(empty_db)
    try:
        _to(engine, "head")
        _to(engine, "0002", down=True)
        with engine.connect() as conn:
            tables = set(inspect(conn).get_table_names())
            seat_columns = {c["name"] for c in inspect(conn).get_columns("regalia_seats")}
        assert tables == {*OLD_TABLES, "alembic_version"} and not seat_columns & {"account_id", "forfeited_at"}
        _to(engine, "head")
        with engine.connect() as conn:
            assert compare_metadata(MigrationContext.configure(conn), metadata) == []
    finally:
        engine.dispose()
