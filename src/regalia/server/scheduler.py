"""What each table waits for, and when: timers, bot turns and response periods run as tasks of
this process.

Anything that must happen later — a move clock running out, a stage of a response period, a bot
turn whose process stopped — is written in the table row as ``due_at``, so any process finds it
(:meth:`Scheduler.sweep`); in the process that holds the table, a timer or a task does it on time.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Coroutine
from typing import Any, Literal

from regalia.server.bot_seats import BotSeats
from regalia.server.dependencies import Clock, Fanout, TableStore
from regalia.server.live import LiveTable, TableUnavailable
from regalia.server.moves import Moves, plan_clock, reminder_time
from regalia.server.period_driver import PeriodDriver
from regalia.server.seats import SeatControl
from regalia.server.settings import ServerSettings
from regalia.server.tables import TableCache, TableNotFound
from regalia.server.turns import TurnKeeper

log = logging.getLogger("regalia.server")


class Scheduler:
    """The timers and tasks of the tables this process holds.

    Args:
        settings: ``reminder_seconds``.
        store: the database (the tables due).
        tables: the table cache.
        moves: the move path (a bot's move is submitted through it).
        driver: the response-period driver.
        bots: the bot seats (the server's own moves).
        seats: seat control (a move clock's ``takeover``).
        turns: the turn-based tables' notices, reminders and forfeits.
        fanout: this process's sockets (told of each step of a period).
        clock: the time of due work.
    """

    def __init__(
        self,
        settings: ServerSettings,
        store: TableStore,
        tables: TableCache,
        moves: Moves,
        driver: PeriodDriver,
        bots: BotSeats,
        seats: SeatControl,
        turns: TurnKeeper,
        fanout: Fanout,
        clock: Clock,
    ) -> None:
        self.settings = settings
        self.turns = turns
        self.store = store
        self.tables = tables
        self.moves = moves
        self.driver = driver
        self.bots = bots
        self.seats = seats
        self.fanout = fanout
        self.clock = clock
        self.closed = False
        self._timers: dict[str, asyncio.TimerHandle] = {}
        self._bot_tasks: dict[str, asyncio.Task[None]] = {}
        self._drivers: dict[str, asyncio.Task[None]] = {}
        self._tasks: set[asyncio.Task[Any]] = set()

    def busy(self) -> set[str]:
        """The tables a timer, a bot turn or a period driver is on (the cache keeps them)."""
        return set(self._bot_tasks) | set(self._timers) | set(self._drivers)

    # ------------------------------------------------------------------ scheduling
    @staticmethod
    def waits_for(live: LiveTable) -> Literal["nothing", "period", "bot", "person"]:
        """What the table waits for now: ``nothing`` (not running, suspended, over), its response
        period to go on, a move the server plays (a bot's, a forced one), or a person's move."""
        if live.row.status != "running" or live.suspended is not None or live.state.is_terminal:
            return "nothing"
        if live.held:
            return "period"
        seat = live.state.current_player
        assert seat is not None
        return "bot" if live.controller(seat) == "bot" or live.forced_text() is not None else "person"

    def schedule(self, live: LiveTable) -> None:
        """Drive a response period, start a bot turn if one is due now, else set a timer for the
        table's move clock."""
        if self.closed:
            return
        table_id = live.row.id
        timer = self._timers.pop(table_id, None)
        if timer is not None:
            timer.cancel()
        waiting = self.waits_for(live)
        if waiting == "period":
            self._start(self._drivers, table_id, self._drive(table_id))
        elif waiting == "bot":
            self._start(self._bot_tasks, table_id, self._bot_turn(table_id, None))
        elif waiting == "person":
            row = live.row
            if row.due_at is not None and row.deadline_step == live.step:
                self._set_timer(table_id, row.due_at - self.clock.now())  # the deadline, or the reminder before it
            if row.noticed_step != live.step and self.turns.person_deciding(live) is not None:
                self.spawn(self.turns.tell(table_id, reminder=False))  # "your turn", if they are away

    def _set_timer(self, table_id: str, delay: float) -> None:
        old = self._timers.pop(table_id, None)
        if old is not None:
            old.cancel()
        loop = asyncio.get_running_loop()
        self._timers[table_id] = loop.call_later(max(delay, 0.0), lambda: self.spawn(self.due(table_id)))

    def spawn(self, coro: Awaitable[Any]) -> None:
        """Run ``coro`` as a task of this process, logging (not raising) its failure."""
        if self.closed:
            if asyncio.iscoroutine(coro):
                coro.close()
            return
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)

    def _task_done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            exc = task.exception()
            if not isinstance(exc, TableNotFound | TableUnavailable):
                log.error("server task failed", exc_info=exc)

    async def due(self, table_id: str) -> None:
        """Do what the table waits for now: drive its response period, run a bot turn, or apply
        the move clock's rule (``on_timeout``); with nothing due, clear ``due_at``."""
        self._timers.pop(table_id, None)
        live = await self.tables.get(table_id)
        waiting = self.waits_for(live)
        if waiting == "period":
            self._start(self._drivers, table_id, self._drive(table_id))
        elif waiting == "bot":
            self._start(self._bot_tasks, table_id, self._bot_turn(table_id, None))
        elif waiting == "person":
            row, seat, now = live.row, live.state.current_player, self.clock.now()
            assert seat is not None
            if row.deadline is not None and row.deadline_step == live.step and now >= row.deadline:
                await self._timeout(live, seat)
                return
            remind_at = None
            if row.deadline is not None and row.deadline_step == live.step:
                remind_at = reminder_time(live, row.deadline, live.step, self.settings.reminder_seconds)
            if remind_at is not None and now >= remind_at:
                await self.turns.tell(table_id, reminder=True)
            await self._replan(table_id)

    async def _timeout(self, live: LiveTable, seat: int) -> None:
        """The move clock ran out: the stand-in plays this decision (``standin``), takes the seat
        until its person reclaims it (``takeover``), or for the rest of the game, the person
        ranking last (``forfeit``, turn-based tables)."""
        if live.row.on_timeout == "takeover":
            await self.seats.set_controller(live.row.id, seat, "bot", only_if="human")
            return
        if live.row.on_timeout == "forfeit":
            await self.turns.forfeit(live, seat)
            return
        self._start(self._bot_tasks, live.row.id, self._bot_turn(live.row.id, seat))

    async def _replan(self, table_id: str) -> None:
        """Write the move clock and due time the table should have now (a stale ``due_at``, or a
        table just started), then schedule it."""
        async with self.tables.locked(table_id) as live:
            if live.held or live.row.status != "running" or live.state.is_terminal:
                return
            fields = plan_clock(live, live.state, live.step, self.clock.now(), self.settings.reminder_seconds)
            if any(getattr(live.row, k) != v for k, v in fields.items()):
                await self.tables.update(live, fields)
        self.schedule(live)

    async def sweep(self) -> None:
        """Find the tables that are due (any process may have set them) and do what they wait for."""
        for table_id in await self.store.run(self.store.due_tables, self.clock.now()):
            if table_id not in self._bot_tasks and table_id not in self._drivers:
                self.tables.invalidate(table_id)  # its row says it is due: read it, not what memory says
                self.spawn(self.due(table_id))

    # ------------------------------------------------------------------ bot turns
    def _start(self, running: dict[str, asyncio.Task[None]], table_id: str, job: Coroutine[Any, Any, None]) -> None:
        """Run ``job`` as the table's task in ``running`` (its bot turn, or its period's driver),
        unless one runs there already."""
        task = running.get(table_id)
        if (task is not None and not task.done()) or self.closed:
            job.close()
            return
        task = asyncio.ensure_future(job)
        running[table_id] = task
        self._tasks.add(task)
        task.add_done_callback(self._task_done)

    async def _bot_turn(self, table_id: str, clock_seat: int | None) -> None:
        """The bot turn's task: the move is found, then — the task no longer the table's bot
        turn, so that the move's own scheduling may start the next — submitted."""
        try:
            turn = await self.bots.turn(table_id, clock_seat)
        finally:
            self._bot_tasks.pop(table_id, None)
        if turn is not None and not self.closed:
            await self.moves.submit(table_id, turn.seat, turn.text, by=turn.by, expect_step=turn.step)

    # ------------------------------------------------------------------ response periods (SRV-2)
    async def _drive(self, table_id: str) -> None:
        """Run the response period as far as it goes now: the bots' turns, then at the period's
        ``next`` time a person's stage or the end of the period (:meth:`PeriodDriver.step`),
        each step shown to this process's sockets."""
        try:
            while not self.closed:
                async with self.tables.locked(table_id) as live:
                    wait = await self.driver.step(live)
                await self.fanout.push_state(live)
                if not live.held:
                    self.schedule(live)
                if wait is None:
                    continue
                if wait > 0:
                    self._set_timer(table_id, wait)
                return
        finally:
            self._drivers.pop(table_id, None)

    async def close(self) -> None:
        """Stop timers and tasks (the database keeps everything needed to go on)."""
        self.closed = True
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task
