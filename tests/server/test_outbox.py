"""A slow reader gets the latest state, not a backlog (issue 20, item 5): the outbox of a socket
is bounded in bytes, a newer ``state`` frame replaces an unsent older one — rebuilt to carry
every event since the last frame written, so that the client never misses one — and a newer
``seats`` message an unsent older one."""

from __future__ import annotations

import asyncio
import json
import random
from types import SimpleNamespace
from typing import Any

from regalia.core import get_game, is_public_move
from regalia.server.connection import Connection
from regalia.server.live import LiveTable, is_hidden_decision
from regalia.server.outbox import Outbox, Outgoing
from regalia.server.protocol import ChatOut
from regalia.server.schema import SeatRow, TableRow
from regalia.server.settings import ServerSettings
from regalia.server.store import Move


def _row() -> TableRow:
    return TableRow(
        id="T",
        game="kingdom",
        players=2,
        seed="9",
        options={},
        rules_version=get_game("kingdom").rules_version,
        name="",
        created_at=0.0,
        updated_at=0.0,
        status="running",
        private=False,
        spectators=True,
        invite="i",
        secret="s" * 64,
        host_seat=0,
        turn_seconds=None,
        on_timeout="standin",
        response_seconds=10.0,
        fair_windows=True,
        standin="random",
        step=0,
        public_step=0,
        released_step=0,
        shown_at=None,
        period=None,
        period_no=0,
        to_act=0,
        deadline=None,
        deadline_step=None,
        due_at=None,
        bot_step=None,
        bot_until=None,
        result=None,
        undos=0,
    )


def _seats() -> list[SeatRow]:
    return [
        SeatRow(table_id="T", seat=i, kind="human", bot=None, name="", token_hash="h", controller="human", online=True)
        for i in range(2)
    ]


def _advance(live: LiveTable, rng: random.Random) -> None:
    """One random legal move, committed as the master would."""
    before = live.state.clone()
    text = rng.choice(live.state.legal_choices())["text"]
    after = live.state.clone()
    events = after.apply(text)
    seat = before.current_player
    assert seat is not None
    public = is_public_move(is_hidden_decision(before), before.is_decline(after.history[-1]), seat, events)
    live.catch_up([Move(live.step + 1, seat, text, public, "human", 0.0)])
    live.row.step = live.row.released_step = live.step
    live.set_rows(live.row)


def _socket(seat: int | None, **settings: Any) -> Connection:
    master = SimpleNamespace(settings=ServerSettings(db_url="sqlite://", **settings))
    conn = Connection(None, "T", master, None, None)  # type: ignore[arg-type]
    conn.seat = seat
    return conn


async def _written(conn: Connection) -> list[dict[str, Any]]:
    """What the writer task would write now (everything waiting)."""
    out = []
    while len(conn.outbox):
        item = await conn.outbox.get()
        assert item is not None
        out.append(json.loads(item.text))
    return out


def test_a_slow_readers_state_frames_are_coalesced_and_no_event_is_missed() -> None:
    async def scenario() -> None:
        rng = random.Random(5)
        live = LiveTable.build(_row(), _seats(), [])
        fast, slow = _socket(None), _socket(None)
        fast_frames: list[dict[str, Any]] = []
        slow_frames: list[dict[str, Any]] = []
        for conn in (fast, slow):
            conn.push_state(live, full=True)
        fast_frames += await _written(fast)
        # the slow reader's first frame is still waiting when the table moves on: one frame
        # waits, the whole log from the start, full
        for _ in range(3):
            _advance(live, rng)
            for conn in (fast, slow):
                conn.push_state(live)
            fast_frames += await _written(fast)
        assert len(slow.outbox) == 1
        first = await _written(slow)
        assert len(first) == 1 and first[0]["full"] and first[0]["step"] == fast_frames[-1]["step"]
        slow_frames += first
        # later moves while it does not read: again one frame, the events since the one written
        while not live.state.is_terminal and live.step < 40:
            for _ in range(rng.randint(1, 6)):
                if live.state.is_terminal:
                    break
                _advance(live, rng)
                for conn in (fast, slow):
                    conn.push_state(live)
                fast_frames += await _written(fast)
                assert len(slow.outbox) == 1 and slow.outbox.bytes == 0
            got = await _written(slow)
            assert len(got) == 1 and not got[0]["full"]
            assert got[0]["view"] == fast_frames[-1]["view"] and got[0]["step"] == fast_frames[-1]["step"]
            slow_frames += got

        def log(frames: list[dict[str, Any]]) -> list[dict[str, Any]]:
            events: list[dict[str, Any]] = []
            for f in frames:
                events = f["events"] if f["full"] else events + f["events"]
            return events

        assert log(slow_frames) == log(fast_frames) and len(log(fast_frames)) > 10
        assert len(slow_frames) < len(fast_frames)

    asyncio.run(scenario())


def test_a_sync_while_a_frame_waits_sends_one_full_frame() -> None:
    async def scenario() -> None:
        rng = random.Random(8)
        live = LiveTable.build(_row(), _seats(), [])
        conn = _socket(0)
        conn.push_state(live, full=True)
        await _written(conn)
        _advance(live, rng)
        conn.push_state(live)  # waits (not full)
        conn.cursor.step, conn.cursor.key = -1, ""  # what `sync` does
        conn.push_state(live, full=True)
        _advance(live, rng)
        conn.push_state(live)
        got = await _written(conn)
        assert len(got) == 1 and got[0]["full"] and len(got[0]["events"]) >= 2

    asyncio.run(scenario())


def test_the_outbox_is_bounded_in_bytes_besides_the_newest_state() -> None:
    async def scenario() -> None:
        box = Outbox(max_bytes=1000)
        big_state = Outgoing("x" * 5000, "state", since=3)
        assert box.put(big_state) and box.bytes == 0  # the newest state frame never counts
        assert box.put(Outgoing("s" * 300, "seats")) and box.put(Outgoing("t" * 400, "seats"))
        assert box.bytes == 400 and len(box) == 2  # the newer seats message replaced the older
        assert box.put(Outgoing("c" * 500, "chat")) and box.bytes == 900
        newer = Outgoing("y" * 6000, "state", since=3)
        assert box.put(newer) and box.waiting("state") is newer and len(box) == 3
        assert [i.kind for i in box._items] == ["seats", "chat", "state"]  # the newest goes last
        assert not box.put(Outgoing("d" * 200, "chat"))  # 1100 bytes > 1000: too slow
        assert box.overflowed and await box.get() is None and not box.put(Outgoing("e", "pong"))

    asyncio.run(scenario())


def test_a_socket_whose_waiting_messages_pass_the_bound_is_closed() -> None:
    conn = _socket(0, send_queue_bytes=4096)
    chat = ChatOut(id=1, seat=0, name="P0", text="z" * 1000, at=0.0)
    for _ in range(3):
        conn.send(chat)
    assert not conn.closed and conn.outbox.bytes > 3000
    conn.send(chat)
    assert conn.closed and conn.outbox.overflowed
