"""The table master: the one door through which a table changes.

A connection (and the lobby) calls the :class:`Master`'s entry points — ``get`` (the table, as a
socket opens or asks to be sent it whole), ``act``, ``wait``, ``chat``, ``prefs``, ``leave`` and ``reclaim``, ``hint``, ``undo``, ``start``,
``depart`` — and never the store. The master does each job through a module of its own:

- :mod:`~regalia.server.tables` — the table cache: this process's copy of each table, read
  from the database and written through the group commit;
- :mod:`~regalia.server.moves` — checking, applying (``State.apply``, the only way a move is
  ever applied) and committing moves, and what the table row becomes after one;
- :mod:`~regalia.server.period_driver` — response periods (ruling SRV-2), beside their data in
  :mod:`~regalia.server.periods`;
- :mod:`~regalia.server.bot_seats` — bot turns, the stand-in's and the clock's moves, hints;
- :mod:`~regalia.server.seats` — who plays each seat, preferences, starting a table, undo;
- :mod:`~regalia.server.presence` — who is at the table;
- :mod:`~regalia.server.turns` — turn-based tables' "your turn" notices, reminders and forfeits;
- :mod:`~regalia.server.scheduler` — timers and tasks: what each table waits for, and when.

Its dependencies — the store, the fan-out to this process's sockets, the clock and the bot pool
(:mod:`~regalia.server.dependencies`) — are passed to it when it is made. A move is committed
before anyone is told; other processes hear of it by the notice sent in its transaction.
"""

from __future__ import annotations

import contextlib
import secrets
from collections.abc import Callable
from typing import Any

from regalia.server.bot_seats import BotSeats
from regalia.server.dependencies import (
    BotWorkers,
    Clock,
    Fanout,
    NoTurnNotices,
    SystemClock,
    TableEnded,
    TableStore,
    TurnNotices,
)
from regalia.server.frames import chat_out
from regalia.server.live import LiveTable, TableUnavailable
from regalia.server.moves import WAIT_REASON, Moves, Outcome
from regalia.server.notices import Notice
from regalia.server.period_driver import PeriodDriver
from regalia.server.periods import CONTINUE
from regalia.server.presence import Presence
from regalia.server.protocol import ChatOut
from regalia.server.scheduler import Scheduler
from regalia.server.seats import SeatControl
from regalia.server.settings import ServerSettings
from regalia.server.store import Chat
from regalia.server.tables import TableCache, TableNotFound
from regalia.server.turns import TurnKeeper

__all__ = ["WAIT_REASON", "Master", "Outcome", "TableNotFound"]


class Master:
    """Every table this process serves.

    Args:
        settings: the server's settings.
        store: the database.
        fanout: this process's sockets by table (told of every change).
        workers: where bot moves and hints are computed.
        clock: the time (the machine's by default).
        on_finished: told a table's id when a move of this process ends its game at a table
            where a seat is bound to an account (the accounts' history and ratings; run as a
            task, after the move is announced).
        notices: where "your turn" notices of turn-based tables go (nowhere by default).
    """

    def __init__(
        self,
        settings: ServerSettings,
        store: TableStore,
        fanout: Fanout,
        workers: BotWorkers,
        clock: Clock | None = None,
        on_finished: TableEnded | None = None,
        notices: TurnNotices | None = None,
    ) -> None:
        self.settings = settings
        self.fanout = fanout
        self.clock: Clock = clock if clock is not None else SystemClock()
        self.process_id = secrets.token_hex(6)
        """This process's id, written in its notices (it skips its own)."""
        self.tables = TableCache(
            store, self.clock, self.process_id, settings.cache_tables, busy=lambda: self.scheduler.busy()
        )
        ended = None if on_finished is None else lambda table_id: self._finished(on_finished, table_id)
        self.moves = Moves(settings, self.tables, self.clock, self.announce, ended)
        self.driver = PeriodDriver(settings, self.tables, self.moves, self.clock, self.announce)
        self.bots = BotSeats(settings, store, self.tables, workers, self.clock)
        self.seats = SeatControl(
            settings, store, self.tables, self.clock, self.announce, lambda live: self.scheduler.schedule(live)
        )
        self.presence = Presence(settings, store, self.tables, self.seats, self.clock, self.announce)
        self.turns = TurnKeeper(
            store, self.tables, self.seats, fanout, notices if notices is not None else NoTurnNotices(), self.clock
        )
        self.scheduler = Scheduler(
            settings, store, self.tables, self.moves, self.driver, self.bots, self.seats, self.turns, fanout, self.clock
        )
        self._store = store

    def _finished(self, on_finished: TableEnded, table_id: str) -> None:
        """Run ``on_finished`` for a table whose game a move of this process just ended."""
        self.scheduler.spawn(on_finished(table_id))

    # ------------------------------------------------------------------ a connection's entry points
    async def arrive(self, table_id: str, seat: int) -> None:
        """A seat's socket said hello: the seat is present (and taken back from the stand-in)."""
        await self.presence.arrive(table_id, seat)

    async def act(
        self,
        table_id: str,
        seat: int,
        action: str | int,
        *,
        step: int | None = None,
        decision: str | None = None,
        on_commit: Callable[[Outcome], None] | None = None,
    ) -> Outcome:
        """A person's move at their seat — or ``continue``, ending their stage of a response
        period in which the rules ask them nothing (SRV-2).

        Args:
            action: the action's text or integer id (or ``continue``).
            step: the public step of the frame the person answers.
            decision: that frame's decision id (refused unless it is the current one).
            on_commit: called with the outcome once committed, before anyone else is told.

        Returns:
            accepted, or refused with the reason and the rule (nothing changed).
        """
        if action == CONTINUE:
            return await self.driver.respond(table_id, seat, CONTINUE, step=step, decision=decision, on_done=on_commit)
        return await self.moves.submit(table_id, seat, action, step=step, decision=decision, on_commit=on_commit)

    async def wait(self, table_id: str, seat: int) -> Outcome:
        """More time for the person's stage of a response period (the ``quick`` preference, SRV-2)."""
        return await self.driver.respond(table_id, seat, "wait")

    async def chat(self, table_id: str, seat: int, text: str) -> Chat | None:
        """Store a chat message of ``seat`` (already cleaned) and send it to every socket of the
        table, here and (by the database's notice) in other processes.

        Returns:
            the message, or ``None`` when the seat said ``chat_per_minute`` messages in the last
            minute (nothing stored).
        """
        per_minute, process = self.settings.chat_per_minute, self.process_id
        said = await self._store.run(
            lambda: self._store.add_chat(table_id, seat, text, self.clock.now(), per_minute=per_minute, process=process)
        )
        if said is not None:
            live = await self.tables.get(table_id, refresh=False)
            self.fanout.broadcast(table_id, chat_out(live, said))
        return said

    async def chat_history(self, table_id: str, limit: int) -> list[Chat]:
        """The table's newest ``limit`` chat messages, oldest first."""
        return await self._store.run(lambda: self._store.chat(table_id, limit=limit))

    async def prefs(self, table_id: str, seat: int, change: dict[str, Any]) -> dict[str, Any]:
        """Store a person's preferences at the table (merged into what they had).

        Returns:
            the preferences now in force."""
        return await self.seats.set_prefs(table_id, seat, change)

    async def leave(self, table_id: str, seat: int) -> str | None:
        """The person hands their seat to the stand-in bot. Returns why not, or ``None`` when done."""
        if await self.seats.set_controller(table_id, seat, "bot", only_if="human"):
            return None
        return "the stand-in bot already plays your seat"

    async def reclaim(self, table_id: str, seat: int) -> str | None:
        """The person takes their seat back from the stand-in. Returns why not, or ``None`` when done."""
        if await self.seats.set_controller(table_id, seat, "human", only_if="bot"):
            return None
        if (await self.tables.get(table_id, refresh=False)).seat_row(seat).forfeited_at is not None:
            return "you forfeited this seat when your time ran out: the stand-in bot plays it to the end"
        return "you already play your seat"

    async def hint(self, table_id: str, seat: int) -> tuple[str, str, str, int] | Outcome:
        """What the hint bot would play for ``seat`` now: ``(action text, label, bot, public
        step)``, or the refusal (a hint is for the one person at the table, at their decision)."""
        return await self.bots.hint(table_id, seat)

    async def undo(self, table_id: str, seat: int) -> Outcome:
        """Go back to ``seat``'s previous decision, where the game allows it (one-person games)."""
        return await self.seats.undo(table_id, seat)

    async def start(self, table_id: str) -> None:
        """Start a waiting table (the lobby has checked who asks): the stand-in plays the open
        seats, and the first decision is shown."""
        await self.seats.start(table_id)
        await self.seats.started(table_id)

    def depart(self, table_id: str, seat: int) -> None:
        """A socket of ``seat`` closed: unless this process holds another, the seat is offline
        (done in a task of its own; the socket is already gone)."""

        async def gone() -> None:
            if self.fanout.holds(table_id, seat):
                return
            with contextlib.suppress(TableNotFound, TableUnavailable):
                await self.presence.gone(table_id, seat)

        self.scheduler.spawn(gone())

    # ------------------------------------------------------------------ the lobby's and the process's
    async def get(self, table_id: str, *, refresh: bool = True) -> LiveTable:
        """The table as it is now: for a socket that opens or asks to be sent it whole (or was
        refused a move on an out-of-date frame), and for the lobby. Read again where another
        process may have changed it, unless ``refresh`` is false (see :meth:`TableCache.get
        <regalia.server.tables.TableCache.get>`).

        Raises:
            TableNotFound: no such table.
            TableUnavailable: this server cannot rebuild it (another rules version's moves).
        """
        return await self.tables.get(table_id, refresh=refresh)

    async def started(self, table_id: str) -> None:
        """A table has just started (created running, or its last seat taken): its first decision
        is shown and its move clock starts."""
        await self.seats.started(table_id)

    async def set_controller(
        self,
        table_id: str,
        seat: int,
        controller: str,
        *,
        only_if: str | None = None,
        fields: dict[str, Any] | None = None,
    ) -> bool:
        """Give ``seat`` to ``controller`` (``human``: a join, with the seat's token and name in
        ``fields``). Returns whether the seat changed hands (``only_if``: only from that controller)."""
        return await self.seats.set_controller(table_id, seat, controller, only_if=only_if, fields=fields)

    async def bind_account(self, table_id: str, seat: int, account_id: int, name: str) -> bool:
        """Bind a person's ``seat`` to an account (taken or claimed while signed in): the seat
        shows the account's ``name``. Returns ``False`` when the seat is no person's, or is
        bound to another account (nothing changed)."""
        return await self.seats.bind_account(table_id, seat, account_id, name)

    async def sweep(self) -> None:
        """Periodic: do what the due tables wait for; the stand-in takes the seats of people away
        longer than their table's grace."""
        await self.scheduler.sweep()
        for table_id, seat in await self.presence.absent():
            self.scheduler.spawn(self.seats.set_controller(table_id, seat, "bot", only_if="human"))

    async def touch(self) -> None:
        """Periodic heartbeat: the seats this process holds sockets for are seen now."""
        await self.presence.touch(self.fanout.seated())

    async def on_notice(self, notice: Notice) -> None:
        """Another process changed a table (or a ``resync`` after a lost ``LISTEN``): bring the
        table up to date and tell this process's sockets; a chat message is sent on as it is."""
        if notice.get("kind") == "resync":
            for held in self.fanout.tables():
                await self.on_notice({"kind": "seats", "table": held, "process": ""})
            return
        table_id = notice.get("table")
        if not isinstance(table_id, str) or notice.get("process") == self.process_id:
            return
        if self.tables.cached(table_id) is None and not self.fanout.has(table_id):
            self.tables.invalidate(table_id)  # a first read under way must not keep what it read
            return
        if notice.get("kind") == "chat":
            self._relay_chat(table_id, notice.get("chat"))
            return
        self.tables.invalidate(table_id)
        with contextlib.suppress(TableNotFound, TableUnavailable):
            live = await self.tables.get(table_id)
            await self.announce(live, seats=notice.get("kind") == "seats")

    def _relay_chat(self, table_id: str, chat: Any) -> None:
        """Send another process's chat message to this process's sockets of the table."""
        if not isinstance(chat, dict):
            return
        live = self.tables.cached(table_id)
        seat = chat.get("seat")
        name = live.seat_name(seat) if live is not None else ("spectator" if seat is None else f"P{seat}")
        self.fanout.broadcast(table_id, ChatOut(id=chat["id"], seat=seat, name=name, text=chat["text"], at=chat["at"]))

    async def announce(self, live: LiveTable, *, seats: bool = False) -> None:
        """Tell this process's sockets that ``live`` changed (its seats too, with ``seats``), then
        start whatever the table waits for."""
        if seats:
            await self.fanout.push_seats(live)
        await self.fanout.push_state(live)
        self.scheduler.schedule(live)

    async def close(self) -> None:
        """Stop timers and tasks and finish the last group commit (the database keeps everything
        needed to go on)."""
        await self.scheduler.close()
        await self.tables.close()
