"""Notices between server processes: PostgreSQL's ``LISTEN/NOTIFY``.

Views are per seat and hidden, so no view ever crosses processes: a notice says only "table T
changed" (or carries a chat message, which every seat may read), and each process rebuilds the
frames of its own sockets from the database. A notice is sent inside the transaction that
writes the change (:class:`~regalia.server.store.Store`), so it goes out exactly when the write
commits. This process's own sockets are fanned out to by :mod:`regalia.server.sockets`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Literal, TypedDict

from sqlalchemy.engine import make_url

log = logging.getLogger("regalia.server")

NOTIFY_CHANNEL = "regalia"
"""The PostgreSQL channel every process listens on."""

NoticeKind = Literal["move", "seats", "chat", "resync"]
"""What a notice says changed: a table's moves or row (``move``), its seats (``seats``), a chat
message (``chat``, which carries the message); ``resync`` is this process's own, after a lost
``LISTEN`` connection (every table it serves may have changed)."""


class Notice(TypedDict, total=False):
    """One notice, as JSON on the channel.

    Keys:
        kind: see :data:`NoticeKind`.
        table: the table's id.
        process: the id of the process that wrote the change (it skips its own notices).
        step: the table's move count after a ``move`` change.
        chat: a ``chat`` notice's message (``Chat.to_json``: every seat may read it).
    """

    kind: NoticeKind
    table: str
    process: str
    step: int
    chat: dict[str, Any]


def notice(kind: NoticeKind, table: str, process: str, *, step: int | None = None) -> Notice:
    """A notice that ``table`` changed, written by ``process`` (with the move count ``step``)."""
    out: Notice = {"kind": kind, "table": table, "process": process}
    if step is not None:
        out["step"] = step
    return out


def libpq_url(sqlalchemy_url: str) -> str:
    """The libpq form (``postgresql://…``) of a SQLAlchemy PostgreSQL URL."""
    url = make_url(sqlalchemy_url).set(drivername="postgresql")
    return url.render_as_string(hide_password=False)


class PgListener:
    """Listens on the ``regalia`` channel and hands every notice to ``handler``.

    psycopg's notice generator is read by its own task that only feeds a queue (reading it
    between other work on the connection can stall); a second task runs the handler. After a
    lost connection it reconnects, then hands the handler a ``resync`` notice (notices sent
    meanwhile are lost, so every table may have changed).
    """

    def __init__(self, url: str, handler: Callable[[Notice], Awaitable[None]]) -> None:
        self.url = libpq_url(url)
        self.handler = handler
        self._queue: asyncio.Queue[Notice] = asyncio.Queue()
        self._tasks: list[asyncio.Task[None]] = []
        self._ready = asyncio.Event()
        self._stopping = False

    async def start(self) -> None:
        """Connect and listen (returns once listening)."""
        self._tasks = [asyncio.create_task(self._listen()), asyncio.create_task(self._dispatch())]
        await asyncio.wait_for(self._ready.wait(), timeout=30)

    async def _listen(self) -> None:
        import psycopg

        first = True
        delay = 0.2
        while not self._stopping:
            try:
                conn = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
                async with conn:
                    await conn.execute(f"LISTEN {NOTIFY_CHANNEL}")
                    self._ready.set()
                    if not first:
                        await self._queue.put({"kind": "resync"})
                    first, delay = False, 0.2
                    async for notice in conn.notifies():
                        try:
                            payload = json.loads(notice.payload)
                        except ValueError:
                            continue
                        if isinstance(payload, dict) and isinstance(payload.get("table"), str):
                            await self._queue.put(payload)  # type: ignore[arg-type]
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                if self._stopping:
                    return
                log.warning("LISTEN connection lost (%s); reconnecting", exc)
                await asyncio.sleep(delay)
                delay = min(delay * 2, 5.0)

    async def _dispatch(self) -> None:
        while True:
            payload = await self._queue.get()
            try:
                await self.handler(payload)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("handling notice %r failed", payload)

    async def stop(self) -> None:
        self._stopping = True
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(BaseException):
                await task
