"""Group commit: the writes of many tables committed in one transaction and one fsync.

Every move and every change of a table's row (a response period's stage, a clock) goes through
the process's one :class:`Committer`. Writers queue a :class:`Write` and wait; one writer task
takes everything queued, commits it in one transaction in the database thread
(:meth:`Store.commit_batch <regalia.server.store.Store.commit_batch>`), then answers every writer
at once. While one batch is being written and synced, the next gathers, so under load one fsync
covers many tables' moves, and with a single table a move waits for nothing but its own commit.

A writer learns whether *its* write committed (``True``), or lost its compare-and-set — the table
was no longer at the step and period version it was computed for (``False``) — only after the
transaction committed: nothing is acknowledged or shown before it is on disk, and a writer
changes its table in memory only on ``True``. A batch that fails as a whole (a database error)
is written again one write at a time, so one bad write cannot fail another table's move.

Fault injection for the crash tests: with ``REGALIA_TEST_KILL_AT_BATCH=N`` in the environment
the process kills itself (``SIGKILL``) inside its ``N``-th batch holding a move, after writing
the batch and before committing it, having first written the batch's ``(table, step)`` pairs as
JSON to the file ``REGALIA_TEST_KILL_REPORT`` names.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import signal
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.exc import IntegrityError

from regalia.server.notices import Notice
from regalia.server.store import Move, Store

log = logging.getLogger("regalia.server")

MAX_BATCH = 512
"""The most writes one transaction holds (a larger queue is committed in several)."""


@dataclass(eq=False)
class Write:
    """One pending write of a table's row, with its compare-and-set.

    Attributes:
        table_id: the table.
        fields: the row's new column values.
        move: a move to insert as step ``move.step``; the row must then be at ``move.step - 1``.
        at_step: without a move, the move count the row must be at (``None``: any).
        at_period: the response period's version (``period_no``) the row must be at (``None``: any).
        notify: the ``NOTIFY`` payload sent in the same transaction (PostgreSQL).
    """

    table_id: str
    fields: dict[str, Any]
    move: Move | None = None
    at_step: int | None = None
    at_period: int | None = None
    notify: Notice | None = None
    done: asyncio.Future[bool] | None = field(default=None, repr=False)


def kill_hook_from_env() -> Callable[[list[Write]], None] | None:
    """The crash-test hook ``REGALIA_TEST_KILL_AT_BATCH`` asks for (see the module), or ``None``."""
    at = os.environ.get("REGALIA_TEST_KILL_AT_BATCH")
    if not at:
        return None
    target = int(at)
    report = os.environ.get("REGALIA_TEST_KILL_REPORT", "")
    seen = [0]

    def hook(writes: list[Write]) -> None:
        moves = [(w.table_id, w.move.step) for w in writes if w.move is not None]
        if not moves:
            return
        seen[0] += 1
        if seen[0] < target:
            return
        if report:
            with open(report, "w") as f:
                json.dump(moves, f)
                f.flush()
                os.fsync(f.fileno())
        os.kill(os.getpid(), signal.SIGKILL)

    return hook


class Committer:
    """The process's single writer of moves and table rows.

    Args:
        store: the database.
        before_commit: called in the database thread with a batch's writes after they are
            written and before the transaction commits (the crash tests' fault injection).
    """

    def __init__(self, store: Store, before_commit: Callable[[list[Write]], None] | None = None) -> None:
        self.store = store
        self.before_commit = before_commit if before_commit is not None else kill_hook_from_env()
        self._queue: list[Write] = []
        self._wake: asyncio.Event | None = None
        self._task: asyncio.Task[None] | None = None
        self._busy = False
        self.batches = 0
        """Transactions committed (for the benchmark and the tests)."""
        self.writes = 0
        """Writes committed or refused by their compare-and-set."""

    async def commit(self, write: Write) -> bool:
        """Queue ``write`` and wait until its batch is committed.

        Returns:
            ``True`` if it committed, ``False`` if its compare-and-set failed (nothing of it written).

        Raises:
            Exception: the database's error, if the write failed on its own.
        """
        loop = asyncio.get_running_loop()
        write.done = loop.create_future()
        self._queue.append(write)
        if self._task is None or self._task.done():
            self._wake = asyncio.Event()
            self._task = loop.create_task(self._run())
        assert self._wake is not None
        self._wake.set()
        return await write.done

    async def _run(self) -> None:
        """Commit what is queued, batch after batch, until the queue is empty and stays so."""
        assert self._wake is not None
        while True:
            if not self._queue:
                self._wake.clear()
                await self._wake.wait()
                continue
            batch, self._queue = self._queue[:MAX_BATCH], self._queue[MAX_BATCH:]
            self._busy = True
            try:
                await self._commit_batch(batch)
            finally:
                self._busy = False

    async def _commit_batch(self, batch: list[Write]) -> None:
        try:
            results = await self.store.run(self.store.commit_batch, batch, self.before_commit)
        except Exception:
            log.exception("a group commit of %d writes failed; writing them one at a time", len(batch))
            await self._one_by_one(batch)
            return
        self.batches += 1
        self.writes += len(batch)
        for write, ok in zip(batch, results, strict=True):
            if write.done is not None and not write.done.done():
                write.done.set_result(ok)

    async def _one_by_one(self, batch: list[Write]) -> None:
        for write in batch:
            try:
                ok = (await self.store.run(self.store.commit_batch, [write], None))[0]
            except IntegrityError:  # its move's step is taken: another writer got there first
                ok = False
            except Exception as exc:
                if write.done is not None and not write.done.done():
                    write.done.set_exception(exc)
                continue
            if write.done is not None and not write.done.done():
                write.done.set_result(ok)

    async def close(self) -> None:
        """Commit what is queued, then stop the writer task."""
        task = self._task
        if task is None:
            return
        while (self._queue or self._busy) and not task.done():
            await asyncio.sleep(0.005)
        task.cancel()
        with contextlib.suppress(BaseException):
            await task
