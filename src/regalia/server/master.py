"""The table master: applies moves, commits them, then tells everyone; runs clocks, response
periods (SRV-1) and bot turns.

One :class:`Master` per server process. A move is applied to a clone of the table's state with
``State.apply`` (the only way a move is ever applied), committed in one transaction with the
table row (unique ``(table, step)``), and only then acknowledged and fanned out: to this
process's sockets directly, and to other processes by the ``NOTIFY`` sent in that transaction.
Anything that must happen later — a move clock running out, the end of a response period, a bot
turn whose process stopped — is written in the table row as ``due_at``, so any process finds it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol

from regalia.core import IllegalActionError, State, make, undo_to
from regalia.core.state import MAX_ACTION_TEXT
from regalia.server.bots import BotJob, BotPool, hint_bot
from regalia.server.live import LiveTable, TableUnavailable, is_hidden_decision, is_public_move
from regalia.server.settings import ServerSettings
from regalia.server.store import Move, Store
from regalia.server.tokens import decision_id, derived_seed

log = logging.getLogger("regalia.server")


class TableNotFound(KeyError):
    """No table has this id."""


@dataclass(frozen=True)
class Outcome:
    """The answer to a submitted move: accepted (``step`` is the public step after it) or
    refused (``reason``, ``rule``; ``step`` is the current public step)."""

    accepted: bool
    step: int
    action: str | None = None
    reason: str = ""
    rule: str | None = None
    stale: bool = False


class Fanout(Protocol):
    """Where the master sends what changed (the process's sockets)."""

    async def push_state(self, live: LiveTable) -> None: ...

    async def push_seats(self, live: LiveTable) -> None: ...


class Master:
    """Every table this process serves.

    Args:
        settings: the server's settings.
        store: the database.
        bots: where bot moves are computed.
    """

    def __init__(self, settings: ServerSettings, store: Store, bots: BotPool) -> None:
        self.settings = settings
        self.store = store
        self.bots = bots
        self.process_id = secrets.token_hex(6)
        self.fanout: Fanout | None = None
        self._tables: OrderedDict[str, LiveTable] = OrderedDict()
        self._load_lock = asyncio.Lock()
        self._timers: dict[str, asyncio.TimerHandle] = {}
        self._bot_tasks: dict[str, asyncio.Task[None]] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self.closed = False

    # ------------------------------------------------------------------ loading
    async def get(self, table_id: str, *, refresh: bool = True) -> LiveTable:
        """The table, rebuilt from the database or cached (brought up to date when ``refresh``).

        Raises:
            TableNotFound: no such table.
            TableUnavailable: this server cannot rebuild it.
        """
        live = self._tables.get(table_id)
        if live is None:
            async with self._load_lock:
                live = self._tables.get(table_id)
                if live is None:
                    found = await self.store.run(self.store.table, table_id)
                    if found is None:
                        raise TableNotFound(table_id)
                    row, seats = found
                    moves = await self.store.run(self.store.moves_after, table_id, 0)
                    live = LiveTable.build(row, seats, moves)
                    self._tables[table_id] = live
                    self._evict()
            return live
        self._tables.move_to_end(table_id)
        if refresh:
            async with live.lock:
                await self._refresh(live)
        return live

    def cached(self, table_id: str) -> LiveTable | None:
        """The table if this process holds it in memory."""
        return self._tables.get(table_id)

    def _evict(self) -> None:
        busy = set(self._bot_tasks) | set(self._timers)
        while len(self._tables) > self.settings.cache_tables:
            for key in self._tables:
                if key not in busy and not self._tables[key].lock.locked():
                    del self._tables[key]
                    break
            else:
                return

    async def _refresh(self, live: LiveTable) -> None:
        """Bring ``live`` to the database (caller holds ``live.lock``)."""
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

    # ------------------------------------------------------------------ moves
    async def submit(
        self,
        table_id: str,
        seat: int,
        action: str | int,
        *,
        by: str = "human",
        step: int | None = None,
        decision: str | None = None,
        expect_step: int | None = None,
        on_commit: Callable[[Outcome], None] | None = None,
    ) -> Outcome:
        """Apply, commit and announce one move of ``seat``.

        Args:
            action: the action's text or integer id.
            by: ``human`` (checked against ``step``/``decision``, the seat's controller and the
                response period), or ``bot``/``standin``/``clock``/``window`` (the server's own
                moves, checked against ``expect_step``).
            step: the public step of the frame a person answers.
            decision: the decision id of that frame (optional; refused if it is not the current one).
            expect_step: the move count a server move was computed for.
            on_commit: called with the outcome once the move is committed, before anyone else
                is told (the mover's acknowledgement goes first).

        Returns:
            the outcome; a refused move changed nothing.
        """
        live = await self.get(table_id, refresh=False)
        async with live.lock:
            await self._refresh(live)
            outcome = await self._submit_locked(live, seat, action, by, step, decision, expect_step)
        if outcome.accepted:
            if on_commit is not None:
                on_commit(outcome)
            await self._after_change(live)
        return outcome

    def _refuse(self, live: LiveTable, reason: str, rule: str | None = None, *, stale: bool = False) -> Outcome:
        return Outcome(False, live.public_step, reason=reason, rule=rule, stale=stale)

    async def _submit_locked(
        self,
        live: LiveTable,
        seat: int,
        action: str | int,
        by: str,
        step: int | None,
        decision: str | None,
        expect_step: int | None,
    ) -> Outcome:
        status = live.status()
        if status == "waiting":
            return self._refuse(
                live, "the table is waiting for players; the host may start it with bots in the open seats"
            )
        if status == "over":
            return self._refuse(live, "the game is over")
        if live.suspended is not None:
            return self._refuse(live, live.suspended)
        state = live.state
        if by == "human":
            if (step is not None and step != live.public_step) or (
                decision is not None and decision != decision_id(live.row.secret, live.step)
            ):
                return self._refuse(
                    live,
                    f"the table has moved on: it is at step {live.public_step}, you answered step {step}",
                    stale=True,
                )
            if state.current_player != seat:
                return self._refuse(live, f"it is not {live.seat_name(seat)}'s decision now", stale=True)
            if live.controller(seat) != "human":
                return self._refuse(live, "the stand-in bot plays your seat now; send reclaim to take it back")
            if live.held and live.hidden_decider() != seat:
                return self._refuse(live, "the table is still showing the last move; wait for it", "SRV-1", stale=True)
        else:
            if (expect_step is not None and expect_step != live.step) or state.current_player != seat:
                return self._refuse(live, "the table has moved on", stale=True)
            if by != "window" and live.held and live.hidden_decider() != seat:
                return self._refuse(live, "the table is still showing the last move", "SRV-1", stale=True)
        if isinstance(action, str) and len(action) > 4 * MAX_ACTION_TEXT:
            return self._refuse(live, f"an action text is at most {MAX_ACTION_TEXT} characters")
        new = state.clone()
        try:
            events = new.apply(action)
        except IllegalActionError as exc:
            return self._refuse(live, exc.reason, exc.rule)
        now = time.time()
        move = Move(live.step + 1, seat, str(new.history[-1]), is_public_move(state, new, events), by, now)
        fields = self._fields_after_move(live, new, move, now)
        notify = {"k": "move", "t": live.row.id, "s": move.step, "p": self.process_id}
        ok = await self.store.run(self.store.commit_move, live.row.id, move, fields, notify)
        if not ok:
            await self._refresh(live)
            return self._refuse(live, "another move was made first", stale=True)
        live.add_move(move, new, events)
        self._set_fields(live, {"step": move.step, **fields})
        return Outcome(True, live.public_step, action=move.action)

    def _fields_after_move(self, live: LiveTable, new: State, move: Move, now: float) -> dict[str, Any]:
        """The table row's new values after ``move`` (SRV-1 periods, status, clocks, due time)."""
        row = live.row
        release_at = row.release_at
        released_step = row.released_step
        if new.is_terminal:
            release_at, released_step = None, move.step
        elif release_at is None:
            if move.public and row.window_seconds > 0:
                release_at = now + row.window_seconds
            else:
                released_step = move.step
        fields: dict[str, Any] = {
            "public_step": row.public_step + (1 if move.public else 0),
            "released_step": released_step,
            "release_at": release_at,
            "updated_at": now,
            "to_act": new.current_player,
            "bot_step": None,
            "bot_until": None,
        }
        if new.is_terminal:
            fields.update(status="over", result=new.result(), deadline=None, deadline_step=None, due_at=None)
            return fields
        fields.update(self._plan(live, new, move.step, release_at, now))
        return fields

    def _plan(self, live: LiveTable, state: State, step: int, release_at: float | None, now: float) -> dict[str, Any]:
        """When the table is next due, and the move clock of the decision at ``step``."""
        row = live.row
        deadline, deadline_step = row.deadline, row.deadline_step
        if row.status != "running" or state.is_terminal:
            return {"due_at": None}
        seat = state.current_player
        assert seat is not None
        bot_turn = live.controller(seat) == "bot"
        if release_at is not None:
            hidden = is_hidden_decision(state)
            return {"due_at": now if hidden and bot_turn else release_at}
        if bot_turn:
            return {"due_at": now, "deadline": None, "deadline_step": None}
        if row.turn_seconds is None:
            return {"due_at": None, "deadline": None, "deadline_step": None}
        if deadline_step != step or deadline is None:
            deadline, deadline_step = now + row.turn_seconds, step
        return {"due_at": deadline, "deadline": deadline, "deadline_step": deadline_step}

    @staticmethod
    def _set_fields(live: LiveTable, fields: dict[str, Any]) -> None:
        for k, v in fields.items():
            setattr(live.row, k, v)
        live.set_rows(live.row)

    # ------------------------------------------------------------------ after a change
    async def _after_change(self, live: LiveTable, *, seats: bool = False) -> None:
        """Tell this process's sockets, then start whatever the table waits for."""
        if self.fanout is not None:
            if seats:
                await self.fanout.push_seats(live)
            await self.fanout.push_state(live)
        self.schedule(live)

    def schedule(self, live: LiveTable) -> None:
        """Start a bot turn if one is due now, else set a timer for the table's next due time."""
        if self.closed:
            return
        table_id = live.row.id
        timer = self._timers.pop(table_id, None)
        if timer is not None:
            timer.cancel()
        row = live.row
        if row.status != "running" or live.suspended is not None or live.state.is_terminal:
            return
        seat = live.state.current_player
        assert seat is not None
        now = time.time()
        if live.held:
            if live.hidden_decider() is not None and live.controller(seat) == "bot":
                self._start_bot(table_id)
            self._set_timer(table_id, (row.release_at or now) - now)
            return
        if live.controller(seat) == "bot":
            self._start_bot(table_id)
            return
        if row.deadline is not None and row.deadline_step == live.step:
            self._set_timer(table_id, row.deadline - now)

    def _set_timer(self, table_id: str, delay: float) -> None:
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
        """Do what the table waits for now: end a response period, run a bot turn, or apply the
        move clock's rule (``on_timeout``)."""
        self._timers.pop(table_id, None)
        live = await self.get(table_id)
        row = live.row
        if row.status != "running" or live.suspended is not None or live.state.is_terminal:
            return
        now = time.time()
        if live.held:
            if row.release_at is not None and now >= row.release_at:
                await self._release(live)
            else:
                self.schedule(live)
            return
        seat = live.state.current_player
        assert seat is not None
        if live.controller(seat) == "bot":
            self._start_bot(table_id)
        elif row.deadline is not None and row.deadline_step == live.step and now >= row.deadline:
            await self._timeout(live, seat)
        else:
            self.schedule(live)

    async def _release(self, live: LiveTable) -> None:
        """End a response period (SRV-1): answer what is still hidden, then show everyone."""
        async with live.lock:
            await self._refresh(live)
            row = live.row
            if row.release_at is None or time.time() < row.release_at:
                return
            while live.hidden_decider() is not None:
                seat = live.state.current_player
                assert seat is not None
                choices = [c["text"] for c in live.state.legal_choices()]
                text = "pass" if "pass" in choices else await self._bot_move(live, seat, self.bot_spec_for(live, seat))
                out = await self._submit_locked(live, seat, text, "window", None, None, live.step)
                if not out.accepted:
                    return
            if live.row.release_at is None:  # the last answer ended the game
                released = True
            else:
                now = time.time()
                fields: dict[str, Any] = {"release_at": None, "released_step": live.step, "updated_at": now}
                fields.update(self._plan(live, live.state, live.step, None, now))
                notify = {"k": "move", "t": row.id, "s": live.step, "p": self.process_id}
                at_step = live.step
                released = await self.store.run(
                    lambda: self.store.update_table(row.id, fields, at_step=at_step, notify=notify)
                )
                if released:
                    self._set_fields(live, fields)
        if released:
            await self._after_change(live)

    def bot_spec_for(self, live: LiveTable, seat: int) -> str:
        return live.bot_spec(seat)

    async def _bot_move(self, live: LiveTable, seat: int, spec: str) -> str:
        job = BotJob(
            table=live.row.id,
            game=live.row.game,
            players=live.row.players,
            seed=int(live.row.seed),
            options=dict(live.row.options),
            actions=tuple(m.action for m in live.moves),
            seat=seat,
            spec=spec,
            rng_seed=derived_seed(live.row.secret, live.step, seat),
        )
        try:
            return await self.bots.choose(job)
        except Exception:
            log.exception(
                "bot %s failed at table %s step %d; playing the first legal action", spec, job.table, live.step
            )
            return str(live.state.legal_actions()[0])

    async def _timeout(self, live: LiveTable, seat: int) -> None:
        """The move clock ran out: the stand-in plays this decision (``standin``) or takes the
        seat until its person reclaims it (``takeover``)."""
        if live.row.on_timeout == "takeover":
            await self.set_controller(live.row.id, seat, "bot", only_if="human")
            return
        self._start_bot(live.row.id, clock_seat=seat)

    # ------------------------------------------------------------------ bots
    def _start_bot(self, table_id: str, *, clock_seat: int | None = None) -> None:
        running = self._bot_tasks.get(table_id)
        if running is not None and not running.done():
            return
        task = asyncio.ensure_future(self._run_bot(table_id, clock_seat))
        self._bot_tasks[table_id] = task
        self._tasks.add(task)
        task.add_done_callback(self._task_done)

    async def _run_bot(self, table_id: str, clock_seat: int | None) -> None:
        """Claim the bot turn (one process per turn), compute the move in the pool, submit it."""
        try:
            live = await self.get(table_id)
            state = live.state
            if live.row.status != "running" or live.suspended is not None or state.is_terminal:
                return
            seat = state.current_player
            assert seat is not None
            step = live.step
            if clock_seat is not None:
                if seat != clock_seat or live.controller(seat) != "human":
                    return
                by, spec = "clock", live.row.standin
            else:
                if live.controller(seat) != "bot":
                    return
                if live.held and live.hidden_decider() != seat:
                    return
                by = "bot" if live.seat_row(seat).kind == "bot" else "standin"
                spec = live.bot_spec(seat)
            if self.store.is_postgres:  # one SQLite file has one server process: nobody to race
                now = time.time()
                claimed = await self.store.run(
                    self.store.claim_bot, table_id, step, now, now + self.settings.bot_claim_seconds
                )
                if not claimed:
                    return
            text = await self._bot_move(live, seat, spec)
        finally:
            self._bot_tasks.pop(table_id, None)
        if not self.closed:
            await self.submit(table_id, seat, text, by=by, expect_step=step)

    # ------------------------------------------------------------------ hint and undo
    async def hint(self, table_id: str, seat: int) -> tuple[str, str, str] | Outcome:
        """What the hint bot would play for ``seat`` now: ``(action text, label, bot)``, or a
        refused :class:`Outcome` — a hint is given only to the seat deciding now, playing its
        seat itself, at a table where it is the only person (the bot sees only that seat's
        information set, so it tells nothing hidden; it would only help one person against another)."""
        live = await self.get(table_id)
        state = live.state
        if live.status() != "running" or state.current_player != seat or live.controller(seat) != "human":
            return self._refuse(live, "a hint is given only for your own decision")
        if live.held and live.hidden_decider() != seat:
            return self._refuse(live, "the table is still showing the last move; wait for it", "SRV-1")
        if sum(1 for s in live.seats if s.kind == "human") != 1:
            return self._refuse(live, "hints are given only at a table where you are the only person")
        spec = hint_bot(live.row.game)
        text = await self._bot_move(live, seat, spec)
        return text, state.label(text), spec

    async def undo(self, table_id: str, seat: int) -> Outcome:
        """Go back to ``seat``'s previous decision (``State.undo_allowed``: one-person games), counted
        as an undo in the record and the result (``regalia.core.undo_to``).

        Returns:
            accepted (``step``: the public step now) or refused.
        """
        live = await self.get(table_id, refresh=False)
        async with live.lock:
            await self._refresh(live)
            state = live.state
            if live.status() != "running" or live.controller(seat) != "human":
                return self._refuse(live, "undo is for the person playing a running game")
            if not state.undo_allowed():
                return self._refuse(live, "this game does not allow going back")
            back = [m.step for m in live.moves if m.seat == seat and m.by == "human"]
            if not back:
                return self._refuse(live, "there is no earlier decision of yours to go back to")
            to_step = back[-1] - 1
            earlier = make(live.row.game, players=live.row.players, seed=int(live.row.seed), **dict(live.row.options))
            for m in live.moves[:to_step]:
                earlier.apply(m.action)
            try:
                new = undo_to(state, earlier.snapshot())
            except ValueError as exc:
                return self._refuse(live, str(exc).split(": ", 1)[-1])
            now = time.time()
            fields: dict[str, Any] = {
                "public_step": sum(1 for m in live.moves[:to_step] if m.public),
                "released_step": to_step,
                "release_at": None,
                "undos": new.undos,
                "status": "running",
                "result": None,
                "to_act": new.current_player,
                "deadline_step": None,
                "bot_step": None,
                "bot_until": None,
                "updated_at": now,
            }
            fields.update(self._plan(live, new, to_step, None, now))
            notify = {"k": "move", "t": table_id, "s": to_step, "p": self.process_id}
            at_step = live.step
            ok = await self.store.run(lambda: self.store.undo(table_id, to_step, at_step, fields, notify))
            await self._refresh(live)
            if not ok:
                return self._refuse(live, "the table has moved on", stale=True)
        await self._after_change(live)
        return Outcome(True, live.public_step)

    # ------------------------------------------------------------------ seats
    async def set_controller(
        self,
        table_id: str,
        seat: int,
        controller: str,
        *,
        only_if: str | None = None,
        fields: dict[str, Any] | None = None,
    ) -> bool:
        """Give ``seat`` to ``controller`` (``human`` or ``bot``) and re-plan the table's clock.

        Returns:
            whether the seat changed hands (``only_if``: only from that controller).
        """
        live = await self.get(table_id, refresh=False)
        async with live.lock:
            await self._refresh(live)
            seat_row = live.seat_row(seat)
            if only_if is not None and seat_row.controller != only_if:
                return False
            old = seat_row.controller
            seat_row.controller = controller
            now = time.time()
            table_fields = {"updated_at": now}
            if live.row.status == "running" and not live.state.is_terminal:
                if live.state.current_player == seat and controller == "human":
                    live.row.deadline_step = None  # a fresh move clock for the person who is back
                table_fields.update(self._plan(live, live.state, live.step, live.row.release_at, now))
            seat_fields = {"controller": controller, **(fields or {})}
            notify = {"k": "seats", "t": table_id, "p": self.process_id}
            ok = await self.store.run(
                lambda: self.store.update_seat(
                    table_id, seat, seat_fields, only_if={"controller": old}, table_fields=table_fields, notify=notify
                )
            )
            if not ok:
                await self._refresh(live)
                return False
            for k, v in seat_fields.items():
                setattr(seat_row, k, v)
            self._set_fields(live, table_fields)
        await self._after_change(live, seats=True)
        return True

    async def touch(self, seats: list[tuple[str, int]]) -> None:
        """Heartbeat: mark the seats this process holds sockets for as seen."""
        await self.store.run(self.store.touch_seats, seats, time.time())

    async def sweep(self) -> None:
        """Find tables that are due (any process may have set them) and seats whose person has
        been away too long (the stand-in bot takes them)."""
        now = time.time()
        for table_id in await self.store.run(self.store.due_tables, now):
            if table_id not in self._bot_tasks:
                self.spawn(self.due(table_id))
        for table_id, seat in await self.store.run(self.store.absent_seats, now, self.settings.absent_seconds):
            self.spawn(self.set_controller(table_id, seat, "bot", only_if="human"))

    async def on_notice(self, payload: dict[str, Any], has_sockets: Callable[[str], bool]) -> None:
        """Another process changed a table: bring it up to date and tell our sockets."""
        table_id = payload.get("t")
        if not isinstance(table_id, str) or payload.get("p") == self.process_id:
            return
        if self.cached(table_id) is None and not has_sockets(table_id):
            return
        with contextlib.suppress(TableNotFound, TableUnavailable):
            live = await self.get(table_id)
            await self._after_change(live, seats=payload.get("k") == "seats")

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
