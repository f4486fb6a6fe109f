"""The table cache: this process's copy of each table it serves, read from and written to the
database.

The database is the truth. A single SQLite process's copy *is* the truth (nobody else
writes); with several processes on PostgreSQL a copy is read again when another process's
notice marks it stale, when a client says hello, and when a write's compare-and-set finds it
behind. Every change of a table's row goes through :meth:`TableCache.write` — the process's one
group :class:`~regalia.server.committer.Committer` — and changes the copy only once committed.

The pattern every change follows — take the table, lock it, bring it up to date, change it —
is :meth:`TableCache.locked`.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from typing import Any, Protocol

from regalia.server.committer import Committer, Write
from regalia.server.dependencies import Clock, TableStore
from regalia.server.live import LiveTable
from regalia.server.notices import notice


class TableNotFound(KeyError):
    """No table has this id."""


class Announce(Protocol):
    """Tells this process's sockets that ``live`` changed (its seats too, with ``seats``) and
    schedules what the table waits for next (the master's ``announce``)."""

    async def __call__(self, live: LiveTable, *, seats: bool = False) -> None: ...


class TableCache:
    """The tables this process holds in memory, at most ``size`` of them (the least recently
    used one not busy is dropped first).

    Args:
        store: the database.
        clock: the time of writes.
        process: this process's id (written in its notices).
        size: how many tables to keep (``cache_tables``).
        busy: the ids of tables that must stay (a timer, a bot turn or a period driver is on them).
        committer: the group commit (made from ``store`` when not given).
    """

    def __init__(
        self,
        store: TableStore,
        clock: Clock,
        process: str,
        size: int,
        busy: Callable[[], set[str]],
        committer: Committer | None = None,
    ) -> None:
        self.store = store
        self.clock = clock
        self.process = process
        self.size = size
        self.busy = busy
        self.committer = committer if committer is not None else Committer(store)  # type: ignore[arg-type]
        self._tables: OrderedDict[str, LiveTable] = OrderedDict()
        self._load_lock = asyncio.Lock()
        self._loading: dict[str, bool] = {}
        """Tables being read for the first time, and whether a notice came meanwhile."""

    # ------------------------------------------------------------------ reading
    async def get(self, table_id: str, *, refresh: bool = True) -> LiveTable:
        """The table, rebuilt from the database or cached.

        A cached table is the truth of a single-process server (SQLite): it is read again only
        when marked stale (:meth:`invalidate`, a write whose outcome is unknown). With several
        processes (PostgreSQL), ``refresh`` reads it again (a client's hello, a due table, a
        bot turn: what another process may have changed without a move); moves themselves
        never re-read it: their commit's compare-and-set refuses a stale write, and only then,
        or on another process's notice, is the table read again.

        Raises:
            TableNotFound: no such table.
            TableUnavailable: this server cannot rebuild it.
        """
        live = self._tables.get(table_id)
        if live is None:
            async with self._load_lock:
                live = self._tables.get(table_id)
                if live is None:
                    self._loading[table_id] = False
                    try:
                        found = await self.store.run(self.store.table, table_id)
                        if found is None:
                            raise TableNotFound(table_id)
                        row, seats = found
                        moves = await self.store.run(self.store.moves_after, table_id, 0)
                        live = LiveTable.build(row, seats, moves)
                    finally:
                        noticed = self._loading.pop(table_id)
                    # another process's change announced while it was being read may be missing
                    # from what was read: the table is read again before its next use
                    live.dirty = noticed
                    self._tables[table_id] = live
                    self._evict()
            if refresh and live.dirty:
                async with live.lock:
                    await self.refresh(live)
            return live
        self._tables.move_to_end(table_id)
        if refresh and (live.dirty or self.store.is_postgres):
            async with live.lock:
                await self.refresh(live, force=True)
        return live

    @contextlib.asynccontextmanager
    async def locked(self, table_id: str, *, reread: bool = False) -> AsyncIterator[LiveTable]:
        """The table, locked for this process's change and brought up to date first: read again
        if marked stale — a move never reads it otherwise — or, with ``reread``, whenever
        another process may have changed it without a move (PostgreSQL; as :meth:`get` does).

        Raises:
            TableNotFound: no such table.
            TableUnavailable: this server cannot rebuild it.
        """
        live = await self.get(table_id, refresh=False)
        async with live.lock:
            await self.refresh(live, force=reread and self.store.is_postgres)
            yield live

    def cached(self, table_id: str) -> LiveTable | None:
        """The table if this process holds it in memory."""
        return self._tables.get(table_id)

    def invalidate(self, table_id: str) -> None:
        """Mark a table stale: it is read again before its next use (another process changed
        it, or a write's outcome is unknown) — a cached one, or one being read for the first
        time right now (what that read returns may predate the change)."""
        live = self._tables.get(table_id)
        if live is not None:
            live.dirty = True
        elif table_id in self._loading:
            self._loading[table_id] = True

    def loading(self, table_id: str) -> bool:
        """Whether the table is being read for the first time in this process now."""
        return table_id in self._loading

    def _evict(self) -> None:
        busy = self.busy()
        while len(self._tables) > self.size:
            for key in self._tables:
                if key not in busy and not self._tables[key].lock.locked():
                    del self._tables[key]
                    break
            else:
                return

    async def refresh(self, live: LiveTable, *, force: bool = False) -> None:
        """Bring ``live`` to the database if it is marked stale or ``force`` (the caller holds
        ``live.lock``); else nothing: the table in memory is what this process committed.

        Raises:
            TableNotFound: the table is gone.
        """
        if not (force or live.dirty):
            return
        live.dirty = False
        found = await self.store.run(self.store.table, live.row.id)
        if found is None:
            raise TableNotFound(live.row.id)
        row, seats = found
        if row.undos != live.row.undos or row.step < live.step:  # the table went back: rebuild it
            moves = await self.store.run(self.store.moves_after, row.id, 0)
            live.replace_with(LiveTable.build(row, seats, moves))
            return
        if row.step > live.step:
            live.catch_up(await self.store.run(self.store.moves_after, row.id, live.step))
        live.set_rows(row, seats)

    # ------------------------------------------------------------------ writing
    async def write(self, live: LiveTable, write: Write) -> bool:
        """Commit ``write`` in the next group commit; whether it committed. If its outcome is
        unknown (a database error, the caller cancelled), the table is marked stale."""
        try:
            return await self.committer.commit(write)
        except BaseException:
            live.dirty = True
            raise

    async def update(self, live: LiveTable, fields: dict[str, Any]) -> bool:
        """Write ``fields`` to the table row if it is still at the move count and period version
        this process knows (the caller holds ``live.lock``), and take them in memory; on a
        conflict, read the table again.

        Returns:
            whether the row was written.
        """
        row = live.row
        fields = {"updated_at": self.clock.now(), **fields}
        write = Write(
            row.id,
            fields,
            at_step=live.step,
            at_period=row.period_no,
            notify=notice("move", row.id, self.process, step=live.step),
        )
        ok = await self.write(live, write)
        if ok:
            set_fields(live, fields)
        else:
            await self.refresh(live, force=True)
        return ok

    async def close(self) -> None:
        """Finish the group commit's last batch."""
        await self.committer.close()


def set_fields(live: LiveTable, fields: dict[str, Any]) -> None:
    """Take committed column values of the table row in memory (and bring the released state
    to its ``released_step``)."""
    for k, v in fields.items():
        setattr(live.row, k, v)
    live.set_rows(live.row)
