"""Several server processes on one PostgreSQL database: a move made through one process
reaches the sockets held by another (LISTEN/NOTIFY), any process serves any table, and when one
process is killed the people on it carry on through the other."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable

import pytest

import regalia

from .conftest import PgCluster, ServeProcess
from .e2e import Client, Endpoint, check_events, check_frames, create_table, fetch_record, reference, run_client

pytestmark = pytest.mark.timeout(300)


async def _two_processes(a: ServeProcess, b: ServeProcess) -> None:
    on_a, on_b = Endpoint(a.base, a.ws), Endpoint(b.base, b.ws)
    body = {
        "game": "kingdom",
        "players": 3,
        "seats": ["human", "human", "bot:heuristic"],
        "seed": 21,
    }
    created, (joined,) = await create_table(on_a, body)  # created through A
    table = created["table"]
    p0 = Client(table, 0, created["token"], random.Random(1))
    p1 = Client(table, 1, joined["token"], random.Random(2))
    spectator = Client(table, None, None, random.Random(3))
    p0.stop_after = 8
    t0 = asyncio.ensure_future(run_client(on_a, p0))  # P0 plays through A
    t1 = asyncio.ensure_future(run_client(on_b, p1))  # P1 and the spectator through B
    ts = asyncio.ensure_future(run_client(on_b, spectator))
    await asyncio.wait_for(p0.paused.wait(), 120)
    # every move P0 made through A reached B's sockets
    assert spectator.frames and spectator.frames[-1]["step"] >= 8
    a.kill9()
    on_a.base, on_a.ws = on_b.base, on_b.ws  # P0 reconnects through B
    p0.stop_after = None
    p0.paused.clear()
    await asyncio.gather(t0, t1, ts)
    assert p0.reconnects >= 1
    record = await fetch_record(on_b, table)
    ref = reference(record)
    state = regalia.replay(record)
    assert state.is_terminal
    for c in (p0, p1, spectator):
        assert c.frames[-1]["view"] == state.view(c.seat)
        check_frames(ref, c)
    check_events(ref, p1)
    check_events(ref, spectator)


def test_two_processes_share_tables_through_postgresql(
    serve: Callable[..., ServeProcess], pg_cluster: PgCluster
) -> None:
    url = pg_cluster.new_database()
    a = serve(url)
    b = serve(url)
    asyncio.run(_two_processes(a, b))
