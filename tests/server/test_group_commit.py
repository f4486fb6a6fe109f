"""Group commit (issue 22): the moves of many tables in one transaction, each acknowledged and
shown only after its commit; a process killed between a batch's write and its commit loses
nothing anyone was told; the tables in memory are never re-read before a move."""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from regalia.server.committer import Committer, Write
from regalia.server.store import Move, Store

from .conftest import AppFactory, ServeProcess
from .helpers import act, create, hello, until

pytestmark = pytest.mark.timeout(300)


def test_moves_of_many_tables_commit_in_one_transaction(make_client: AppFactory, db_url: str) -> None:
    """Writes queued together are committed in one batch; each is judged by its own
    compare-and-set: a stale one is refused (``False``) and changes nothing, the others commit."""
    client = make_client()
    tables = [
        create(client, game="kings-blood", players=2, seats=["human", "human"], seed=i)["table"] for i in range(6)
    ]

    async def go() -> list[bool]:
        store = Store(db_url, migrate_schema=False)
        committer = Committer(store)
        try:
            now = time.time()
            writes = [Write(t, {"public_step": 1}, move=Move(1, 0, f"m{t}", True, "human", now)) for t in tables[:5]]
            writes.append(Write(tables[5], {"public_step": 1}, move=Move(2, 0, "stale", True, "human", now)))
            results = await asyncio.gather(*(committer.commit(w) for w in writes))
            assert committer.batches == 1 and committer.writes == 6
            return list(results)
        finally:
            await committer.close()
            store.close()

    assert asyncio.run(go()) == [True] * 5 + [False]
    store = Store(db_url, migrate_schema=False)
    try:
        for t in tables[:5]:
            assert [m.action for m in store.moves_after(t, 0)] == [f"m{t}"]
            found = store.table(t)
            assert found is not None and found[0].step == 1
        assert store.moves_after(tables[5], 0) == []
        found = store.table(tables[5])
        assert found is not None and found[0].step == 0
    finally:
        store.close()


def test_a_failed_batch_commits_nothing_and_its_writes_are_tried_one_by_one(
    make_client: AppFactory, db_url: str
) -> None:
    """A batch whose transaction fails is rolled back whole; each of its writes is then written
    alone, so the failure of one cannot refuse another table's move."""
    client = make_client()
    tables = [
        create(client, game="kings-blood", players=2, seats=["human", "human"], seed=i)["table"] for i in range(3)
    ]
    failed: list[int] = []

    def fail_once(writes: list[Write]) -> None:
        if not failed:
            failed.append(len(writes))
            raise RuntimeError("the disk is full")

    async def go() -> list[bool]:
        store = Store(db_url, migrate_schema=False)
        committer = Committer(store, before_commit=fail_once)
        try:
            now = time.time()
            writes = [Write(t, {"public_step": 1}, move=Move(1, 1, "x", True, "human", now)) for t in tables]
            return list(await asyncio.gather(*(committer.commit(w) for w in writes)))
        finally:
            await committer.close()
            store.close()

    assert asyncio.run(go()) == [True] * 3 and failed == [3]
    store = Store(db_url, migrate_schema=False)
    try:
        assert all(len(store.moves_after(t, 0)) == 1 for t in tables)
    finally:
        store.close()


@dataclass
class Seat:
    """One seat's socket: what it was told."""

    table: str
    token: str
    rng: random.Random
    acked: list[int] = field(default_factory=list)  # public steps of acknowledged moves
    shown: list[int] = field(default_factory=list)  # public steps of frames received


async def _play(ws_base: str, seat: Seat) -> None:
    """Play random legal moves until the socket drops (the server killed itself)."""
    try:
        async with connect(f"{ws_base}/ws/tables/{seat.table}", open_timeout=20) as ws:
            await ws.send(json.dumps({"type": "hello", "token": seat.token}))
            async for raw in ws:
                m = json.loads(raw)
                if m["type"] == "state":
                    seat.shown.append(m["step"])
                    if m["legal"] and m["status"] == "running":
                        choice = seat.rng.choice(m["legal"])["text"]
                        act = {"type": "act", "step": m["step"], "decision": m["decision"], "action": choice}
                        await ws.send(json.dumps(act))
                elif m["type"] == "accepted":
                    seat.acked.append(m["step"])
    except (ConnectionClosed, OSError):
        return


async def _tables(base: str, count: int) -> list[Seat]:
    seats: list[Seat] = []
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        for i in range(count):
            body = {"game": "kings-blood", "players": 4, "seats": ["human"] * 4, "seed": 40 + i}
            created = (await http.post("/api/tables", json=body)).json()
            seats.append(Seat(created["table"], created["token"], random.Random(i)))
            for k in range(3):
                joined = (await http.post(f"/api/tables/{created['table']}/join", json={})).json()
                seats.append(Seat(created["table"], joined["token"], random.Random(100 * i + k)))
    return seats


@pytest.mark.parametrize("batch", [1, 9, 40])
def test_kill_9_between_a_group_commit_s_write_and_its_commit_acknowledges_nothing_of_it(
    serve: Callable[..., ServeProcess], db_url: str, tmp_path: Path, batch: int
) -> None:
    """Six tables of four people play at once; the server kills itself (``SIGKILL``) inside
    its ``batch``-th group commit, after writing the batch and before committing it. Then: no
    move of that batch is in the database; every move any seat was told was accepted, and
    every state any seat was shown, is in the database; and the restarted server shows each
    table at its committed step."""
    report = tmp_path / "killed.json"
    env = {"REGALIA_TEST_KILL_AT_BATCH": str(batch), "REGALIA_TEST_KILL_REPORT": str(report)}
    server = serve(db_url, env=env)

    async def run() -> list[Seat]:
        seats = await _tables(server.base, 6)
        await asyncio.wait_for(asyncio.gather(*(_play(server.ws, s) for s in seats)), 120)
        return seats

    seats = asyncio.run(run())
    assert server.proc is not None and server.proc.wait(timeout=30) == -9
    killed = [tuple(x) for x in json.loads(report.read_text())]
    assert killed
    store = Store(db_url, migrate_schema=False)
    try:
        committed: dict[str, int] = {}
        for s in {s.table for s in seats}:
            found = store.table(s)
            assert found is not None
            row = found[0]
            assert row.public_step == row.step == len(store.moves_after(s, 0))  # no hidden moves in King's Blood
            committed[s] = row.step
    finally:
        store.close()
    for table, step in killed:
        assert committed[table] == step - 1, "a move of the killed batch was committed"
    for s in seats:
        assert all(a <= committed[s.table] for a in s.acked), "a move was acknowledged before its commit"
        assert all(f <= committed[s.table] for f in s.shown), "a state was shown before its commit"
    assert sum(len(s.acked) for s in seats) > 0 or batch == 1
    back = serve(db_url)
    for s in seats[::4]:
        info = httpx.get(f"{back.base}/api/tables/{s.table}", timeout=30).json()
        assert info["step"] == committed[s.table]


def test_a_move_never_reads_the_table_again(make_client: AppFactory) -> None:
    """The table in memory is what this process committed: a move is checked, applied and
    committed without reading the table's row or moves again (SQLite: one process; PostgreSQL:
    the commit's compare-and-set refuses a stale write, and only then is the table read)."""
    client = make_client()
    t = create(client, game="kings-family", players=1, seats=["human"], seed=5)
    master: Any = client.app.state.services.master  # type: ignore[attr-defined]
    store: Store = client.app.state.services.store  # type: ignore[attr-defined]
    moves = master.moves  # every move goes through the master's move path
    reads: list[str] = []
    moving: set[asyncio.Task[Any] | None] = set()
    submit, run = moves.submit, store.run

    async def counted_submit(*args: Any, **kw: Any) -> Any:
        moving.add(asyncio.current_task())
        try:
            return await submit(*args, **kw)
        finally:
            moving.discard(asyncio.current_task())

    async def counted_run(fn: Any, *args: Any) -> Any:
        if asyncio.current_task() in moving and fn.__name__ in ("table", "moves_after"):
            reads.append(fn.__name__)
        return await run(fn, *args)

    moves.submit, store.run = counted_submit, counted_run
    with client.websocket_connect(f"/ws/tables/{t['table']}") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": t["token"]}))
        moved = 0
        while moved < 5:
            m = json.loads(ws.receive_text())
            if m["type"] == "state" and m["legal"]:
                reads.clear()
                act = {"type": "act", "step": m["step"], "decision": m["decision"], "action": m["legal"][0]["text"]}
                ws.send_text(json.dumps(act))
                while (a := json.loads(ws.receive_text()))["type"] != "accepted":
                    assert a["type"] != "refused", a
                assert reads == [], reads
                moved += 1
            elif m["type"] == "state" and m["status"] == "over":
                break


def test_spectators_who_were_sent_the_same_share_one_encoded_frame(
    make_client: AppFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 22, encode once per audience: three spectators in step are sent the same frame,
    built and encoded once per change of the table; the seat's own frame is built for it."""
    import regalia.server.connection as connection

    built: list[int | None] = []
    frame_for = connection.frame_for

    def counted(live: Any, seat: int | None, cursor: Any, *, full: bool = False) -> Any:
        built.append(seat)
        return frame_for(live, seat, cursor, full=full)

    monkeypatch.setattr(connection, "frame_for", counted)
    client = make_client()
    t = create(client, game="kings-family", players=1, seats=["human"], seed=5)
    url = f"/ws/tables/{t['table']}"
    with (
        client.websocket_connect(url) as s1,
        client.websocket_connect(url) as s2,
        client.websocket_connect(url) as s3,
        client.websocket_connect(url) as me,
    ):
        for spectator in (s1, s2, s3):
            hello(spectator, spectator=True)
        _, frame = hello(me, token=t["token"])
        built.clear()
        assert act(me, frame)["type"] == "accepted"
        frames = [until(s, "state") for s in (s1, s2, s3)]
        assert frames[0] == frames[1] == frames[2] and frames[0]["step"] == 1
        # every change of the table built the seat's frame once and the three spectators' once
        assert built.count(None) == built.count(0) >= 1 and set(built) == {0, None}
