"""The table master: applies moves, commits them, then tells everyone; runs clocks, response
periods (ruling SRV-2, :mod:`regalia.server.periods`) and bot turns.

One :class:`Master` per server process. A move is applied to a clone of the table's state with
``State.apply`` (the only way a move is ever applied), committed in one transaction with the
table row (unique ``(table, step)``), and only then acknowledged and fanned out: to this
process's sockets directly, and to other processes by the ``NOTIFY`` sent in that transaction.
Anything that must happen later — a move clock running out, a stage of a response period, a bot
turn whose process stopped — is written in the table row as ``due_at``, so any process finds it.
No table lock is held while a bot searches: a bot's move is computed first, then submitted like
a person's, and refused if the table moved on meanwhile.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol

from regalia.bots import InfoSet, bot_names, make_bot
from regalia.core import IllegalActionError, State, get_game, is_public_move, make, undo_to
from regalia.core.state import MAX_ACTION_TEXT
from regalia.server.bots import BotJob, BotPool, BotTimeout, hint_bot
from regalia.server.committer import Committer, Write
from regalia.server.live import LiveTable, TableUnavailable, is_hidden_decision
from regalia.server.periods import CONTINUE, Period, Stage, skips_empty, stage_decision, stage_seconds
from regalia.server.settings import ServerSettings
from regalia.server.store import Move, Store
from regalia.server.tokens import decision_id, derived_seed

log = logging.getLogger("regalia.server")

WAIT_REASON = "the table is waiting for responses to the last move; wait for it"
"""The refusal of a move sent while a response period runs, the same for every seat not being
asked, whatever the period is about (SRV-2)."""


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


def quick_spec(game: str, spec: str) -> str:
    """The bot that answers a bot seat's hidden response window within the settle time: the
    seat's own bot if it is a quick one, else the game's heuristic (SRV-2)."""
    if spec in ("random", "heuristic"):
        return spec
    return "heuristic" if "heuristic" in bot_names(game) else "random"


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
        self.committer = Committer(store)
        self._tables: OrderedDict[str, LiveTable] = OrderedDict()
        self._load_lock = asyncio.Lock()
        self._timers: dict[str, asyncio.TimerHandle] = {}
        self._bot_tasks: dict[str, asyncio.Task[None]] = {}
        self._drivers: dict[str, asyncio.Task[None]] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self.closed = False

    # ------------------------------------------------------------------ loading
    async def get(self, table_id: str, *, refresh: bool = True) -> LiveTable:
        """The table, rebuilt from the database or cached.

        A cached table is the truth of a single-process server (SQLite): it is read again only
        when marked stale (:meth:`invalidate`, a write whose outcome is unknown). With several
        processes (PostgreSQL), ``refresh`` reads it again (a client's hello, a due table, a
        bot turn: what another process may have changed without a move); moves themselves
        never re-read it: their commit's compare-and-set refuses a stale write, and only then,
        or on another process's ``NOTIFY``, is the table read again.

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
        if refresh and (live.dirty or self.store.is_postgres):
            async with live.lock:
                await self._refresh(live, force=True)
        return live

    def invalidate(self, table_id: str) -> None:
        """Mark a cached table stale: it is read again before its next use (another process
        changed it, or a write's outcome is unknown)."""
        live = self._tables.get(table_id)
        if live is not None:
            live.dirty = True

    def cached(self, table_id: str) -> LiveTable | None:
        """The table if this process holds it in memory."""
        return self._tables.get(table_id)

    def _evict(self) -> None:
        busy = set(self._bot_tasks) | set(self._timers) | set(self._drivers)
        while len(self._tables) > self.settings.cache_tables:
            for key in self._tables:
                if key not in busy and not self._tables[key].lock.locked():
                    del self._tables[key]
                    break
            else:
                return

    async def _refresh(self, live: LiveTable, *, force: bool = False) -> None:
        """Bring ``live`` to the database if it is marked stale or ``force`` (caller holds
        ``live.lock``); else nothing: the table in memory is what this process committed."""
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

    def fair(self, live: LiveTable) -> bool:
        """Whether the table asks hidden windows in response periods (SRV-2): a game with hidden
        response windows, two or more seats, and ``fair_windows`` on."""
        return bool(live.row.fair_windows) and live.state.game.hidden_responses and live.row.players > 1

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

    def expected_decision(self, live: LiveTable, seat: int) -> str | None:
        """The decision id ``seat``'s frame carries now (``None``: it decides nothing)."""
        period = live.period
        if period is not None:
            if period.stage is not None and period.stage.seat == seat:
                return stage_decision(live.row.secret, period)
            return None
        if live.state.current_player == seat:
            return decision_id(live.row.secret, live.step)
        return None

    def _check_person(
        self, live: LiveTable, seat: int, step: int | None, decision: str | None, *, pseudo: bool = False
    ) -> Outcome | None:
        """The refusal of a person's move or ``continue`` that does not fit the table now, else ``None``."""
        status = live.status()
        if status == "waiting":
            return self._refuse(
                live, "the table is waiting for players; the host may start it with bots in the open seats"
            )
        if status == "over":
            return self._refuse(live, "the game is over")
        if live.suspended is not None:
            return self._refuse(live, live.suspended)
        period = live.period
        if period is not None and (period.stage is None or period.stage.seat != seat):
            return self._refuse(live, WAIT_REASON, "SRV-2", stale=True)
        shown = live.public_step_at(len(live.shown_state(seat).history))
        if (step is not None and step != shown) or (
            decision is not None and decision != self.expected_decision(live, seat)
        ):
            return self._refuse(
                live, f"the table has moved on: it is at step {shown}, you answered step {step}", stale=True
            )
        if live.controller(seat) != "human":
            return self._refuse(live, "the stand-in bot plays your seat now; send reclaim to take it back")
        if period is not None:
            stage = period.stage
            assert stage is not None
            if stage.real == pseudo:
                return self._refuse(
                    live,
                    "you have no response to make now: send continue"
                    if pseudo is False
                    else "answer your response window with one of its choices",
                    "SRV-2",
                )
            return None
        if live.state.current_player != seat:
            return self._refuse(live, f"it is not {live.seat_name(seat)}'s decision now", stale=True)
        return None

    async def _submit_locked(
        self,
        live: LiveTable,
        seat: int,
        action: str | int,
        by: str,
        step: int | None,
        decision: str | None,
        expect_step: int | None,
        *,
        retry: bool = True,
    ) -> Outcome:
        """Check, apply and commit one move (caller holds ``live.lock``); the table in memory
        changes only once the move is committed."""
        state = live.state
        if by == "human":
            refusal = self._check_person(live, seat, step, decision)
            if refusal is not None:
                return refusal
        else:
            if live.status() != "running" or live.suspended is not None:
                return self._refuse(live, "the table is not running")
            if (expect_step is not None and expect_step != live.step) or state.current_player != seat:
                return self._refuse(live, "the table has moved on", stale=True)
        if isinstance(action, str) and len(action) > 4 * MAX_ACTION_TEXT:
            return self._refuse(live, f"an action text is at most {MAX_ACTION_TEXT} characters")
        hidden = is_hidden_decision(state)
        new = state.clone()
        try:
            events = new.apply(action)
        except IllegalActionError as exc:
            return self._refuse(live, exc.reason, exc.rule)
        now = time.time()
        played = new.history[-1]
        public = is_public_move(hidden, state.is_decline(played), seat, events)
        move = Move(live.step + 1, seat, str(played), public, by, now)
        fields = self._fields_after_move(live, new, move, now)
        notify = {"k": "move", "t": live.row.id, "s": move.step, "p": self.process_id}
        ok = await self._write(live, Write(live.row.id, fields, move=move, notify=notify))
        if not ok:
            await self._refresh(live, force=True)
            if retry:  # this process's copy was behind (another process moved): judge it again
                return await self._submit_locked(live, seat, action, by, step, decision, expect_step, retry=False)
            return self._refuse(live, "another move was made first", stale=True)
        live.add_move(move, new, events, before=state)
        self._set_fields(live, {"step": move.step, **fields})
        return Outcome(True, live.public_step, action=move.action)

    def _fields_after_move(self, live: LiveTable, new: State, move: Move, now: float) -> dict[str, Any]:
        """The table row's new values after ``move``: the public step, the response period
        (SRV-2: a public move begins one when it reaches response turns; a hidden answer adds
        its turns and ends the stage it answered), what everyone is shown, clocks, status."""
        row = live.row
        fields: dict[str, Any] = {
            "public_step": row.public_step + (1 if move.public else 0),
            "updated_at": now,
            "to_act": new.current_player,
            "bot_step": None,
            "bot_until": None,
        }
        period = live.period
        if new.is_terminal:
            fields.update(
                status="over",
                result=new.result(),
                deadline=None,
                deadline_step=None,
                due_at=None,
                period=None,
                period_no=row.period_no + 1,
                released_step=move.step,
                shown_at=now,
            )
            return fields
        if move.public or period is None:
            turns = list(new.response_turns()) if move.public and self.fair(live) else []
            if turns:
                fresh = Period(opened=move.step, turns=turns, next=now + self.settings.settle_seconds)
                fields.update(
                    period=fresh.to_json(), period_no=row.period_no + 1, released_step=move.step - 1, due_at=now
                )
                return fields
            fields.update(period=None, released_step=move.step, shown_at=now)
            if period is not None:
                fields["period_no"] = row.period_no + 1
            fields.update(self._plan(live, new, move.step, now))
            return fields
        # a hidden answer in the period: the turn it answered (the last recorded) is done
        answered = len(period.turns)
        period.turns.extend(new.response_turns())
        period.at = max(period.at, answered)
        if period.stage is not None and period.stage.seat == move.seat:
            period.stage = None
            period.next = now + self.settings.settle_seconds
        fields.update(period=period.to_json(), period_no=row.period_no + 1, due_at=now)
        return fields

    def _plan(self, live: LiveTable, state: State, step: int, now: float) -> dict[str, Any]:
        """The move clock and due time of the decision shown at ``step`` (no period running)."""
        row = live.row
        if row.status != "running" or state.is_terminal:
            return {"due_at": None, "deadline": None, "deadline_step": None}
        seat = state.current_player
        assert seat is not None
        if live.controller(seat) == "bot" or live.forced_text(state) is not None:
            return {"due_at": now, "deadline": None, "deadline_step": None}
        if row.turn_seconds is None:
            return {"due_at": None, "deadline": None, "deadline_step": None}
        deadline, deadline_step = row.deadline, row.deadline_step
        if deadline_step != step or deadline is None:
            deadline, deadline_step = now + row.turn_seconds, step
        return {"due_at": deadline, "deadline": deadline, "deadline_step": deadline_step}

    @staticmethod
    def _set_fields(live: LiveTable, fields: dict[str, Any]) -> None:
        for k, v in fields.items():
            setattr(live.row, k, v)
        live.set_rows(live.row)

    async def _update_locked(self, live: LiveTable, fields: dict[str, Any]) -> bool:
        """Write ``fields`` to the table row if it is still at the move count and period version
        this process knows (caller holds ``live.lock``); on a conflict, re-read the table."""
        row = live.row
        notify = {"k": "move", "t": row.id, "s": live.step, "p": self.process_id}
        at_step, at_period = live.step, row.period_no
        fields = {"updated_at": time.time(), **fields}
        ok = await self._write(live, Write(row.id, fields, at_step=at_step, at_period=at_period, notify=notify))
        if ok:
            self._set_fields(live, fields)
        else:
            await self._refresh(live, force=True)
        return ok

    async def _write(self, live: LiveTable, write: Write) -> bool:
        """Commit ``write`` in the next group commit; whether it committed. If its outcome is
        unknown (a database error, the caller cancelled), the table is marked stale."""
        try:
            return await self.committer.commit(write)
        except BaseException:
            live.dirty = True
            raise

    # ------------------------------------------------------------------ after a change
    async def _after_change(self, live: LiveTable, *, seats: bool = False) -> None:
        """Tell this process's sockets, then start whatever the table waits for."""
        if self.fanout is not None:
            if seats:
                await self.fanout.push_seats(live)
            await self.fanout.push_state(live)
        self.schedule(live)

    def schedule(self, live: LiveTable) -> None:
        """Drive a response period, start a bot turn if one is due now, else set a timer for
        the table's next due time."""
        if self.closed:
            return
        table_id = live.row.id
        timer = self._timers.pop(table_id, None)
        if timer is not None:
            timer.cancel()
        row = live.row
        if row.status != "running" or live.suspended is not None or live.state.is_terminal:
            return
        if live.held:
            self._start_driver(table_id)
            return
        seat = live.state.current_player
        assert seat is not None
        if live.controller(seat) == "bot" or live.forced_text() is not None:
            self._start_bot(table_id)
            return
        if row.deadline is not None and row.deadline_step == live.step:
            self._set_timer(table_id, row.deadline - time.time())

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
        live = await self.get(table_id)
        row = live.row
        if row.status != "running" or live.suspended is not None or live.state.is_terminal:
            return
        if live.held:
            self._start_driver(table_id)
            return
        seat = live.state.current_player
        assert seat is not None
        now = time.time()
        if live.controller(seat) == "bot" or live.forced_text() is not None:
            self._start_bot(table_id)
        elif row.deadline is not None and row.deadline_step == live.step and now >= row.deadline:
            await self._timeout(live, seat)
        else:
            await self._replan(live)

    async def _replan(self, live: LiveTable) -> None:
        """Write the move clock and due time the table should have now (a stale ``due_at``, or
        a table just started), then schedule it."""
        async with live.lock:
            await self._refresh(live)
            if live.held or live.row.status != "running" or live.state.is_terminal:
                return
            fields = self._plan(live, live.state, live.step, time.time())
            if any(getattr(live.row, k) != v for k, v in fields.items()):
                await self._update_locked(live, fields)
        self.schedule(live)

    async def started(self, table_id: str) -> None:
        """A table has just started (all seats taken, the host's ``start``, a join): show its
        first decision now and start that decision's move clock."""
        live = await self.get(table_id)
        async with live.lock:
            await self._refresh(live)
            if live.row.status == "running" and not live.held and not live.state.is_terminal:
                now = time.time()
                fields: dict[str, Any] = {"shown_at": now, "deadline_step": None}
                live.row.deadline_step = None
                fields.update(self._plan(live, live.state, live.step, now))
                await self._update_locked(live, fields)
        await self._after_change(live, seats=True)

    # ------------------------------------------------------------------ response periods (SRV-2)
    def _start_driver(self, table_id: str) -> None:
        running = self._drivers.get(table_id)
        if running is not None and not running.done():
            return
        task = asyncio.ensure_future(self._drive(table_id))
        self._drivers[table_id] = task
        self._tasks.add(task)
        task.add_done_callback(self._task_done)

    async def _drive(self, table_id: str) -> None:
        """Run the response period as far as it goes now (SRV-2): the bots' turns, then at the
        period's ``next`` time a person's stage or the end of the period; a stage whose time
        ran out is answered by the clock (``pass``)."""
        try:
            while not self.closed:
                live = await self.get(table_id, refresh=False)
                async with live.lock:
                    await self._refresh(live)
                    wait = await self._drive_locked(live)
                await self._after_change_quiet(live)
                if wait is None:
                    continue
                if wait > 0:
                    self._set_timer(table_id, wait)
                return
        finally:
            self._drivers.pop(table_id, None)

    async def _after_change_quiet(self, live: LiveTable) -> None:
        if self.fanout is not None:
            await self.fanout.push_state(live)
        if not live.held:
            self.schedule(live)

    async def _drive_locked(self, live: LiveTable) -> float | None:
        """One step of the period. Returns ``None`` to go on at once, else the seconds until
        the table is due again (``0``: nothing to wait for)."""
        period = live.period
        row = live.row
        if period is None or row.status != "running" or live.suspended is not None or live.state.is_terminal:
            return 0.0
        now = time.time()
        stage = period.stage
        if stage is not None:
            if now < stage.until and live.controller(stage.seat) == "human":
                return stage.until - now
            return await self._end_stage(live, period, stage, now)  # ran out, or the person left
        changed = await self._bot_turns(live, period)
        if changed:
            return None
        if now < period.next:
            return period.next - now
        if period.held is not None:
            seat, text = period.held
            period.held = None
            await self._update_locked(live, self._period_fields(live, period))
            by = "bot" if live.seat_row(seat).kind == "bot" else "standin"
            await self._submit_locked(live, seat, text, by, None, None, live.step)
            return None
        if period.at < len(period.turns):
            return await self._begin_stage(live, period, now)
        if is_hidden_decision(live.state):  # a hidden window no recorded turn covers
            log.error(
                "table %s: a hidden decision of P%s outside the recorded turns", row.id, live.state.current_player
            )
            period.turns.append(live.state.current_player or 0)
            await self._update_locked(live, self._period_fields(live, period))
            return None
        fields: dict[str, Any] = {
            "period": None,
            "period_no": row.period_no + 1,
            "released_step": live.step,
            "shown_at": now,
        }
        fields.update(self._plan(live, live.state, live.step, now))
        await self._update_locked(live, fields)
        return 0.0

    def _turn_is_asked(self, live: LiveTable, period: Period, k: int) -> bool:
        """Whether the rules ask the seat of turn ``k`` now (its hidden window is pending)."""
        state = live.state
        return k == len(period.turns) - 1 and is_hidden_decision(state) and state.current_player == period.turns[k]

    def _needs_stage(self, live: LiveTable, period: Period, k: int) -> bool:
        """Whether turn ``k`` is a person's stage (everyone sees it): a person playing their
        seat who is asked here, or who is not but may be seen not to be — unless they chose to
        be asked only when they can respond, or nobody else could see the stage."""
        seat = period.turns[k]
        if live.controller(seat) != "human":
            return False
        if self._turn_is_asked(live, period, k):
            return True
        if skips_empty(live.seat_row(seat).prefs):
            return False
        others = any(s.seat != seat and s.controller == "human" for s in live.seats)
        return others or bool(live.row.spectators)

    async def _bot_turns(self, live: LiveTable, period: Period) -> bool:
        """Take the turns before the next person's stage: a bot asked here answers at once; a
        turn with nobody asked passes. A bot's answer everyone will see waits for the period's
        ``next`` time (``period.held``). Returns whether the table changed (read it again)."""
        moved = False
        while period.at < len(period.turns) and period.held is None:
            k = period.at
            if self._needs_stage(live, period, k):
                break
            if not self._turn_is_asked(live, period, k):
                period.at = k + 1
                moved = True
                continue
            seat = period.turns[k]
            text = self._window_answer(live, seat)
            trial = live.state.clone()
            events = trial.apply(text)
            if is_public_move(True, live.state.is_decline(trial.history[-1]), seat, events):
                period.held = (seat, text)
                moved = True
                break
            if moved:
                await self._update_locked(live, self._period_fields(live, period))
            out = await self._submit_locked(live, seat, text, "window", None, None, live.step)
            if not out.accepted:  # never expected: the quick player chose from the legal actions
                log.error("table %s: a window answer %r of P%d was refused: %s", live.row.id, text, seat, out.reason)
                first = str(live.state.legal_actions()[0])
                await self._submit_locked(live, seat, first, "window", None, None, live.step)
            return True
        if moved:
            await self._update_locked(live, self._period_fields(live, period))
        return False

    def _window_answer(self, live: LiveTable, seat: int) -> str:
        """A bot's (or stand-in's) answer to its hidden window, found at once in this process
        by the game's quick player (``quick_spec``), from the seat's information set only."""
        spec = quick_spec(live.row.game, live.bot_spec(seat))
        bot = make_bot(spec, live.row.game)
        rng = random.Random(derived_seed(live.row.secret, live.step, seat))
        return str(bot.choose(InfoSet(live.state, seat, rng)))

    async def _begin_stage(self, live: LiveTable, period: Period, now: float) -> float:
        """Ask the person of turn ``period.at``: their real window, or ``continue``."""
        k = period.at
        seat = period.turns[k]
        real = self._turn_is_asked(live, period, k)
        seat_row = live.seat_row(seat)
        seconds = stage_seconds(seat_row.prefs, live.row.response_seconds, self.settings.quick_response_seconds)
        if live.is_away(seat):
            seconds = 0.0  # not at the table: the turn passes at once (the seat's presence is public)
        period.stage = Stage(seat=seat, turn=k, real=real, start=now, until=now + seconds)
        if real:
            period.shown[seat] = live.step
        fields = self._period_fields(live, period)
        fields["due_at"] = now + seconds
        await self._update_locked(live, fields)
        return seconds if seconds > 0 else 0.001

    async def _end_stage(self, live: LiveTable, period: Period, stage: Stage, now: float) -> float | None:
        """A stage's time ran out: the clock passes for the person (a real window) or the turn
        simply ends (nothing was asked)."""
        if stage.real and self._turn_is_asked(live, period, stage.turn):
            if live.controller(stage.seat) != "human":  # the person left: the stand-in answers
                text, by = self._window_answer(live, stage.seat), "standin"
            else:
                texts = [str(a) for a in live.state.legal_actions()]
                text, by = ("pass" if "pass" in texts else self._window_answer(live, stage.seat)), "clock"
            await self._submit_locked(live, stage.seat, text, by, None, None, live.step)
            return None
        period.stage = None
        period.at = stage.turn + 1
        period.next = now + self.settings.settle_seconds
        await self._update_locked(live, self._period_fields(live, period))
        return None

    @staticmethod
    def _period_fields(live: LiveTable, period: Period) -> dict[str, Any]:
        return {"period": period.to_json(), "period_no": live.row.period_no + 1, "due_at": time.time()}

    async def respond(
        self,
        table_id: str,
        seat: int,
        kind: str,
        *,
        step: int | None = None,
        decision: str | None = None,
        on_done: Callable[[Outcome], None] | None = None,
    ) -> Outcome:
        """A person's ``continue`` (their stage asked them nothing) or ``wait`` (more time, with
        the ``quick`` preference) in a response period (SRV-2).

        Returns:
            accepted, or refused with the reason (the same wording for every seat not being asked).
        """
        live = await self.get(table_id, refresh=False)
        async with live.lock:
            await self._refresh(live)
            period = live.period
            if kind == CONTINUE:
                refusal = self._check_person(live, seat, step, decision, pseudo=True)
                if refusal is not None:
                    return refusal
                assert period is not None and period.stage is not None
                turn = period.stage.turn
                period.stage = None
                period.at = turn + 1
                period.next = time.time() + self.settings.settle_seconds
                await self._update_locked(live, self._period_fields(live, period))
            else:
                stage = None if period is None else period.stage
                if stage is None or stage.seat != seat:
                    return self._refuse(live, WAIT_REASON, "SRV-2")
                assert period is not None
                if not stage.waited:
                    stage.waited = True
                    stage.until = max(stage.until, stage.start + live.row.response_seconds)
                    fields = self._period_fields(live, period)
                    fields["due_at"] = stage.until
                    await self._update_locked(live, fields)
        outcome = Outcome(True, live.public_step)
        if on_done is not None:
            on_done(outcome)  # the person's acknowledgement goes first
        await self._after_change(live)
        return outcome

    # ------------------------------------------------------------------ bots
    @staticmethod
    def _bot_job(live: LiveTable, seat: int, spec: str) -> BotJob:
        """What a worker needs to choose ``seat``'s move with ``spec`` now."""
        return BotJob(
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

    async def _bot_move(self, live: LiveTable, seat: int, spec: str) -> str:
        """The move ``spec`` plays for ``seat`` now, computed in the pool; on a time-out or a
        failure, the first legal action (logged)."""
        job = self._bot_job(live, seat, spec)
        try:
            return await self.bots.choose(job)
        except BotTimeout as exc:
            log.warning(
                "bot %s at table %s step %d: %s; playing the first legal action", spec, job.table, live.step, exc
            )
        except Exception:
            log.exception(
                "bot %s failed at table %s step %d; playing the first legal action", spec, job.table, live.step
            )
        return str(live.state.legal_actions()[0])

    def bot_pace(self, spec: str) -> float:
        """How long after its decision was shown a bot's move is shown (seconds): at least
        ``bot_move_seconds``; for a search, its own time budget (``ismcts:Ns``) or, counted in
        rollouts, the longest a bot's decision may take on this server (``bot_max_seconds``) —
        never more than a bot job may run (``bot_job_seconds``) — so that how long a bot takes
        never depends on what it holds (SRV-2)."""
        pace = self.settings.bot_move_seconds
        if spec.startswith("ismcts"):
            level = spec.split(":", 1)[1] if ":" in spec else "medium"
            budget = self.settings.bot_max_seconds
            if level.endswith("s"):
                with contextlib.suppress(ValueError):
                    budget = float(level[:-1])
            pace = max(pace, min(budget, self.settings.bot_max_seconds))
        return min(pace, self.settings.bot_job_seconds)

    async def _timeout(self, live: LiveTable, seat: int) -> None:
        """The move clock ran out: the stand-in plays this decision (``standin``) or takes the
        seat until its person reclaims it (``takeover``)."""
        if live.row.on_timeout == "takeover":
            await self.set_controller(live.row.id, seat, "bot", only_if="human")
            return
        self._start_bot(live.row.id, clock_seat=seat)

    def _start_bot(self, table_id: str, *, clock_seat: int | None = None) -> None:
        running = self._bot_tasks.get(table_id)
        if running is not None and not running.done():
            return
        task = asyncio.ensure_future(self._run_bot(table_id, clock_seat))
        self._bot_tasks[table_id] = task
        self._tasks.add(task)
        task.add_done_callback(self._task_done)

    async def _run_bot(self, table_id: str, clock_seat: int | None) -> None:
        """Claim the bot turn (one process per turn), compute the move in the pool, wait for the
        bot's pace, submit it."""
        try:
            live = await self.get(table_id)
            state = live.state
            if live.row.status != "running" or live.suspended is not None or state.is_terminal or live.held:
                return
            seat = state.current_player
            assert seat is not None
            step = live.step
            forced: str | None = None
            if clock_seat is not None:
                if seat != clock_seat or live.controller(seat) != "human":
                    return
                by, spec = "clock", live.row.standin
            elif live.controller(seat) == "human":
                forced = live.forced_text()
                if forced is None:
                    return
                by, spec = "forced", ""
            else:
                by = "bot" if live.seat_row(seat).kind == "bot" else "standin"
                spec = live.bot_spec(seat)
            if self.store.is_postgres:  # one SQLite file has one server process: nobody to race
                now = time.time()
                claimed = await self.store.run(
                    self.store.claim_bot, table_id, step, now, now + self.settings.bot_claim_seconds
                )
                if not claimed:
                    return
            text = forced if forced is not None else await self._bot_move(live, seat, spec)
            if by != "clock":
                shown_at = live.row.shown_at or live.row.updated_at
                delay = shown_at + self.bot_pace(spec) - time.time()
                if delay > 0:
                    await asyncio.sleep(delay)
            if forced is not None and live.forced_text() != forced:
                return  # the person turned the preference off meanwhile: they choose
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
        stage = live.stage()
        if live.held and not (stage is not None and stage.real and stage.seat == seat):
            return self._refuse(live, WAIT_REASON, "SRV-2")  # a hint is for a decision of yours, a real window included
        if live.status() != "running" or state.current_player != seat or live.controller(seat) != "human":
            return self._refuse(live, "a hint is given only for your own decision")
        if sum(1 for s in live.seats if s.kind == "human") != 1:
            return self._refuse(live, "hints are given only at a table where you are the only person")
        spec = hint_bot(live.row.game)
        job = self._bot_job(live, seat, spec)
        try:
            text = await self.bots.choose(job)
        except BotTimeout:
            return self._refuse(live, "the hint took too long on this server; try again later")
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
                "shown_at": now,
                "period": None,
                "period_no": live.row.period_no + 1,
                "undos": new.undos,
                "status": "running",
                "result": None,
                "to_act": new.current_player,
                "deadline_step": None,
                "bot_step": None,
                "bot_until": None,
                "updated_at": now,
            }
            live.row.deadline_step = None
            fields.update(self._plan(live, new, to_step, now))
            notify = {"k": "move", "t": table_id, "s": to_step, "p": self.process_id}
            at_step = live.step
            ok = await self.store.run(lambda: self.store.undo(table_id, to_step, at_step, fields, notify))
            await self._refresh(live, force=True)  # the table went back: rebuilt from the database
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
            table_fields: dict[str, Any] = {"updated_at": now}
            if live.row.status == "running" and not live.state.is_terminal:
                if live.held:
                    table_fields["due_at"] = now  # the period's driver looks at the seat again
                else:
                    if live.state.current_player == seat and controller == "human":
                        live.row.deadline_step = None  # a fresh move clock for the person who is back
                    table_fields.update(self._plan(live, live.state, live.step, now))
            seat_fields = {"controller": controller, **(fields or {})}
            notify = {"k": "seats", "t": table_id, "p": self.process_id}
            try:
                ok = await self.store.run(
                    lambda: self.store.update_seat(
                        table_id,
                        seat,
                        seat_fields,
                        only_if={"controller": old},
                        table_fields=table_fields,
                        notify=notify,
                    )
                )
            except BaseException:
                seat_row.controller, live.dirty = old, True
                raise
            if not ok:
                await self._refresh(live, force=True)
                return False
            for k, v in seat_fields.items():
                setattr(seat_row, k, v)
            self._set_fields(live, table_fields)
        await self._after_change(live, seats=True)
        return True

    async def set_prefs(self, table_id: str, seat: int, prefs: dict[str, Any]) -> dict[str, Any]:
        """Store a person's preferences at the table (merged into what they had).

        Returns:
            the preferences now in force."""
        live = await self.get(table_id)
        merged = {**(live.seat_row(seat).prefs or {}), **prefs}
        await self.store.run(lambda: self.store.update_seat(table_id, seat, {"prefs": merged}))
        live.seat_row(seat).prefs = merged
        self.schedule(live)  # turned on at a forced decision: it is played now
        return merged

    async def touch(self, seats: list[tuple[str, int]]) -> None:
        """Heartbeat: mark the seats this process holds sockets for as seen (in the database and
        in the tables held in memory)."""
        now = time.time()
        await self.store.run(self.store.touch_seats, seats, now)
        for table_id, seat in seats:
            live = self._tables.get(table_id)
            if live is not None:
                live.seat_row(seat).seen_at, live.seat_row(seat).online = now, True

    async def seat_gone(self, table_id: str, seat: int) -> None:
        """The last socket of ``seat`` in this process closed: mark it offline, seen now (in the
        database, announced, and in memory), and tell the table."""
        now = time.time()
        notify = {"k": "seats", "t": table_id, "p": self.process_id}
        await self.store.run(
            lambda: self.store.update_seat(table_id, seat, {"online": False, "seen_at": now}, notify=notify)
        )
        live = await self.get(table_id)
        live.seat_row(seat).online, live.seat_row(seat).seen_at = False, now
        await self._after_change(live, seats=True)

    async def sweep(self) -> None:
        """Find tables that are due (any process may have set them) and seats whose person has
        been away too long (the stand-in bot takes them)."""
        now = time.time()
        for table_id in await self.store.run(self.store.due_tables, now):
            if table_id not in self._bot_tasks and table_id not in self._drivers:
                self.invalidate(table_id)  # its row says it is due: read it, not what memory says
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
        self.invalidate(table_id)
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
        await self.committer.close()


def game_has_hidden_responses(name: str) -> bool:
    """Whether the game ``name`` asks hidden response windows (see ``Game.hidden_responses``)."""
    return get_game(name).hidden_responses
