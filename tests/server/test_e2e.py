"""End to end against real ``regalia serve`` subprocesses: a full game of each of the five games
through real websockets (people scripted as clients, bots as seats, a spectator), the record
replayed equal to the table's end; every frame checked for leaks; ``kill -9`` mid-game."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from typing import Any

import pytest

import regalia

from .conftest import ServeProcess
from .e2e import Client, Endpoint, check_events, check_frames, create_table, fetch_record, reference, run_client

pytestmark = pytest.mark.timeout(300)

GAMES: list[tuple[str, list[str], dict[str, Any]]] = [
    ("kings-blood", ["human", "bot:heuristic", "human"], {}),
    ("kings-family", ["human"], {}),
    ("kingship", ["human", "bot:random", "human", "bot:heuristic"], {}),
    ("blood-and-fortune", ["human", "bot:heuristic", "human"], {}),
    ("kingdom", ["human", "bot:heuristic", "human"], {}),
]


async def _table(ep: Endpoint, game: str, seats: list[str], options: dict[str, Any], seed: int) -> list[Client]:
    body = {"game": game, "players": len(seats), "seats": seats, "seed": seed, "options": options}
    created, joins = await create_table(ep, body)
    table = created["table"]
    rng = random.Random(seed)
    tokens = [created["token"], *(j["token"] for j in joins)]
    seats_of = [created["seat"], *(j["seat"] for j in joins)]
    clients = [Client(table, s, tok, random.Random(rng.random())) for s, tok in zip(seats_of, tokens, strict=True)]
    for c in clients:
        c.say = [f"P{c.seat} says hello <b>{i}</b>" for i in range(2)]
    clients.append(Client(table, None, None, rng))
    return clients


def _verify(ref_record: dict[str, Any], clients: list[Client]) -> int:
    ref = reference(ref_record)
    final = ref.final
    assert final.is_terminal and ref_record["result"] == final.result()
    checked = 0
    for c in clients:
        last = c.frames[-1]
        assert last["status"] == "over" and last["result"] == final.result()
        assert last["view"] == final.view(c.seat)  # the record replays to the table's final state
        checked += check_frames(ref, c)
        check_events(ref, c)
    return checked


async def _five_games(ep: Endpoint) -> None:
    tables = [await _table(ep, g, seats, opts, seed=100 + i) for i, (g, seats, opts) in enumerate(GAMES)]
    await asyncio.gather(*(run_client(ep, c) for clients in tables for c in clients))
    for (game, _, _), clients in zip(GAMES, tables, strict=True):
        record = await fetch_record(ep, clients[0].table)
        assert record["game"] == game
        said = [t["text"] for t in record["table_talk"]]
        assert sorted(said) == sorted(m["text"] for m in clients[-1].chats)  # the spectator saw every chat
        assert _verify(record, clients) > 0


def test_five_games_to_the_end_through_real_websockets(serve: Callable[..., ServeProcess], db_url: str) -> None:
    server = serve(db_url)
    asyncio.run(_five_games(Endpoint(server.base, server.ws)))


async def _crash(server: ServeProcess, restart: Callable[[], ServeProcess]) -> None:
    ep = Endpoint(server.base, server.ws)
    clients = await _table(ep, "kingship", ["human", "bot:random", "human", "bot:random"], {}, seed=7)
    for c in clients[:2]:
        c.stop_after = 12
    tasks = [asyncio.ensure_future(run_client(ep, c)) for c in clients]
    waits = [asyncio.ensure_future(c.paused.wait()) for c in clients[:2]]
    await asyncio.wait(waits, timeout=120, return_when=asyncio.FIRST_COMPLETED)
    server.kill9()  # mid-game, a move in flight
    for c in clients[:2]:
        c.stop_after = None
        c.paused.clear()
    for w in waits:
        w.cancel()
    new = restart()
    ep.base, ep.ws = new.base, new.ws
    await asyncio.gather(*tasks)
    record = await fetch_record(ep, clients[0].table)
    ref = reference(record)
    assert any(c.resent for c in clients[:2])
    for c in clients[:2]:
        assert c.reconnects >= 1
        mine = [a for a, who in zip(record["actions"], ref.movers, strict=True) if who == c.seat]
        it = iter(mine)
        assert all(a in it for a in c.acked), "an acknowledged move is missing"  # in order, none lost
    state = regalia.replay(record)  # every move once: the record replays move by move
    assert state.is_terminal and clients[-1].frames[-1]["view"] == state.view(None)


def test_kill_9_mid_game_then_restart_loses_no_acknowledged_move(
    serve: Callable[..., ServeProcess], db_url: str
) -> None:
    server = serve(db_url)
    asyncio.run(_crash(server, lambda: serve(db_url, port=server.port)))  # restarted on the same port
