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
from typing import Any

from sqlalchemy.engine import make_url

log = logging.getLogger("regalia.server")

NOTIFY_CHANNEL = "regalia"
"""The PostgreSQL channel every process listens on."""


def libpq_url(sqlalchemy_url: str) -> str:
    """The libpq form (``postgresql://…``) of a SQLAlchemy PostgreSQL URL."""
    url = make_url(sqlalchemy_url).set(drivername="postgresql")
    return url.render_as_string(hide_password=False)


class PgListener:
    """Listens on the ``regalia`` channel and hands every notice to ``handler``.

    psycopg's notice generator is read by its own task that only feeds a queue (reading it
    between other work on the connection can stall); a second task runs the handler. After a
    lost connection it reconnects, then calls ``on_reconnect`` (notices sent meanwhile are lost,
    so the caller resyncs its tables).
    """

    def __init__(
        self,
        url: str,
        handler: Callable[[dict[str, Any]], Awaitable[None]],
        on_reconnect: Callable[[], Awaitable[None]],
    ) -> None:
        self.url = libpq_url(url)
        self.handler = handler
        self.on_reconnect = on_reconnect
        self._queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
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
                        await self._queue.put({"k": "resync"})
                    first, delay = False, 0.2
                    async for notice in conn.notifies():
                        try:
                            payload = json.loads(notice.payload)
                        except ValueError:
                            continue
                        if isinstance(payload, dict):
                            await self._queue.put(payload)
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
                if payload.get("k") == "resync":
                    await self.on_reconnect()
                else:
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
