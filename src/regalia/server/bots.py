"""Bot moves computed outside the event loop: a pool of worker processes (or one thread),
every job with a time limit, the tables served in turn.

A job is the table's game, seed, options and move texts plus the seat, bot spec and a seed; the
worker rebuilds the state (keeping the last state of each table, so it usually applies only the
new moves), gives the bot an :class:`~regalia.bots.InfoSet` of that seat — the bot sees only
that seat's information set — and returns the chosen action's text. The server then submits the
text through the same path as a person's move.

**Time limit.** A job may run ``job_seconds`` on a worker (counted from when the worker starts
it). One that overruns is abandoned: its worker process is killed and a new one started
(:class:`pebble.ProcessPool`), and :meth:`BotPool.choose` raises :class:`BotTimeout` so the
master plays its fallback. With ``processes=0`` (one thread, for tests) a thread cannot be
killed: ``choose`` still raises :class:`BotTimeout` at the limit, but the thread runs the
search to its end, and the next job waits for it.

**Fair turns.** Jobs wait in one queue per table, and a table never has more than one job
running. Whenever a worker is free, the table first in line starts its oldest job; a table
joins the end of the line when its first job arrives, or when its running job ends and it has
more waiting (round robin). So a table that asks for many moves or hints at once gets one job
per round and waits behind every other table's next job: one table's bots never starve
another's.
"""

from __future__ import annotations

import asyncio
import ctypes
import multiprocessing
import os
import random
import signal
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from pebble import ProcessPool

from regalia.bots import InfoSet, bot_names, make_bot
from regalia.core import State, game_names, make


@dataclass(frozen=True)
class BotJob:
    """What a worker needs to choose one move."""

    table: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    actions: tuple[str, ...]
    seat: int
    spec: str
    rng_seed: int


def hint_bot(game: str) -> str:
    """The bot that answers ``hint`` (as the terminal's ``hint``): the game's ``search`` bot, else
    its ``heuristic``, else ``random``."""
    names = set(bot_names(game))
    for name in ("search", "heuristic"):
        if name in names:
            return name
    return "random"


_CACHE: OrderedDict[str, State] = OrderedDict()
_CACHE_SIZE = 64


def _state_for(job: BotJob) -> State:
    """The table's state after ``job.actions``, from the worker's cache when it can."""
    state = _CACHE.pop(job.table, None)
    if state is not None:
        done = len(state.history)
        if done > len(job.actions) or [str(a) for a in state.history] != list(job.actions[:done]):
            state = None
    if state is None:
        state = make(job.game, players=job.players, seed=job.seed, **job.options)
    for text in job.actions[len(state.history) :]:
        state.apply(text)
    _CACHE[job.table] = state
    while len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return state


def choose(job: BotJob) -> str:
    """The text of the move ``job.spec`` plays for ``job.seat`` (run in a worker).

    Raises:
        ValueError: the seat is not the one deciding (a stale job), or an unknown bot.
    """
    state = _state_for(job)
    if state.is_terminal or state.current_player != job.seat:
        raise ValueError(f"bot job for P{job.seat} at step {len(job.actions)}: not that seat's decision")
    bot = make_bot(job.spec, job.game)
    action = bot.choose(InfoSet(state, job.seat, random.Random(job.rng_seed)))
    return str(action)


def _worker_init() -> None:  # pragma: no cover - runs in the worker processes
    """Let a worker die with the server: on Linux, ask for SIGKILL when the parent dies, and
    ignore Ctrl-C (the server stops the pool itself). Then load every game, so that a worker
    started in place of a killed one is ready before it takes a job: a job's time limit
    (``job_seconds``) measures the bot's thinking, not the imports of a new process."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass
    if os.getppid() == 1:  # the server is already gone
        os._exit(0)
    game_names()


class BotTimeout(Exception):
    """A bot job ran past the pool's time limit and was abandoned (its worker process, if it
    had one, was killed and replaced).

    Attributes:
        job: the job.
        seconds: the limit it ran past.
    """

    def __init__(self, job: BotJob, seconds: float) -> None:
        super().__init__(
            f"bot {job.spec} for P{job.seat} at table {job.table} step {len(job.actions)}: "
            f"no move within {seconds:g} s (bot_job_seconds); the job was abandoned"
        )
        self.job = job
        self.seconds = seconds


@dataclass(eq=False)
class _Waiting:
    """A job and the future its caller awaits."""

    job: BotJob
    future: asyncio.Future[str]
    started: Future[str] | None = None
    timer: asyncio.TimerHandle | None = field(default=None, repr=False)


Worker = Callable[[BotJob], str]


class BotPool:
    """Where bot moves are computed: ``processes`` worker processes (``0``: one thread of
    this process), every job with a time limit, the tables served in turn.

    Args:
        processes: worker processes (``0``: one thread of this process).
        job_seconds: the time limit of one job on a worker (seconds).
        worker: the function a job runs (default :func:`choose`; tests pass a stand-in; with
            processes it must be importable by name).

    Attributes:
        started: the tables of the jobs started so far, oldest first (the last 1,000): the
            order in which the tables were served.
    """

    def __init__(self, processes: int, *, job_seconds: float = 15.0, worker: Worker = choose) -> None:
        if processes < 0:
            raise ValueError("processes: expected 0 or more")
        if job_seconds <= 0:
            raise ValueError("job_seconds: expected a positive number")
        self.processes = processes
        self.job_seconds = job_seconds
        self.worker = worker
        self.slots = max(processes, 1)
        self.started: deque[str] = deque(maxlen=1000)
        self._queues: dict[str, deque[_Waiting]] = {}
        self._turns: deque[str] = deque()  # tables with jobs waiting, in the order they are served
        self._running: dict[str, _Waiting] = {}
        self._closed = False
        self._processes: ProcessPool | None = None
        self._thread: ThreadPoolExecutor | None = None
        if processes > 0:
            self._processes = ProcessPool(
                max_workers=processes, initializer=_worker_init, context=multiprocessing.get_context("spawn")
            )
        else:
            self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="regalia-bot")

    @property
    def waiting(self) -> int:
        """Jobs waiting for a worker."""
        return sum(len(q) for q in self._queues.values())

    @property
    def running(self) -> int:
        """Jobs running on a worker."""
        return len(self._running)

    async def choose(self, job: BotJob) -> str:
        """The bot's move for ``job``: waits for the job's table's turn and a free worker.

        Returns:
            the chosen action's text.

        Raises:
            BotTimeout: the job ran past ``job_seconds`` and was abandoned.
            Exception: what the bot raised (a stale job: :class:`ValueError`), or
                :class:`pebble.ProcessExpired` when its worker died.
            RuntimeError: the pool is closed.
        """
        if self._closed:
            raise RuntimeError("the bot pool is closed")
        waiting = _Waiting(job, asyncio.get_running_loop().create_future())
        queue = self._queues.setdefault(job.table, deque())
        queue.append(waiting)
        if job.table not in self._running and job.table not in self._turns:
            self._turns.append(job.table)
        self._dispatch()
        try:
            return await waiting.future
        except asyncio.CancelledError:
            if waiting.started is not None:
                waiting.started.cancel()  # a process worker is stopped; a thread runs on
            raise

    def _next(self) -> _Waiting | None:
        """The oldest waiting job of the table first in line (which leaves the line)."""
        while self._turns:
            table = self._turns.popleft()
            queue = self._queues.get(table, deque())
            while queue and queue[0].future.done():  # its caller stopped waiting
                queue.popleft()
            if queue:
                waiting = queue.popleft()
                if not queue:
                    del self._queues[table]
                return waiting
            self._queues.pop(table, None)
        return None

    def _dispatch(self) -> None:
        while not self._closed and len(self._running) < self.slots:
            waiting = self._next()
            if waiting is None:
                return
            self._start(waiting)

    def _start(self, waiting: _Waiting) -> None:
        job = waiting.job
        self._running[job.table] = waiting
        self.started.append(job.table)
        if self._processes is not None:
            started: Future[str] = self._processes.schedule(self.worker, args=(job,), timeout=self.job_seconds)
        else:
            assert self._thread is not None
            started = self._thread.submit(self.worker, job)
            waiting.timer = asyncio.get_running_loop().call_later(self.job_seconds, self._overran, waiting)
        waiting.started = started
        asyncio.wrap_future(started).add_done_callback(lambda done: self._finished(waiting, done))

    def _overran(self, waiting: _Waiting) -> None:
        """Thread mode: the limit passed; the caller gets :class:`BotTimeout`, the thread runs on."""
        if not waiting.future.done():
            waiting.future.set_exception(BotTimeout(waiting.job, self.job_seconds))

    def _finished(self, waiting: _Waiting, done: asyncio.Future[str]) -> None:
        table = waiting.job.table
        if self._running.get(table) is waiting:
            del self._running[table]
            if self._queues.get(table) and table not in self._turns:
                self._turns.append(table)  # the end of the line
        if waiting.timer is not None:
            waiting.timer.cancel()
        if not waiting.future.done():
            if done.cancelled():
                waiting.future.cancel()
            elif isinstance(done.exception(), TimeoutError):
                waiting.future.set_exception(BotTimeout(waiting.job, self.job_seconds))
            elif done.exception() is not None:
                waiting.future.set_exception(done.exception())  # type: ignore[arg-type]
            else:
                waiting.future.set_result(done.result())
        self._dispatch()

    def close(self) -> None:
        """Stop the workers (running searches are abandoned, waiting jobs cancelled); blocks
        until the worker processes are gone (a few seconds at most)."""
        self._closed = True
        for queue in self._queues.values():
            for waiting in queue:
                waiting.future.cancel()
        self._queues.clear()
        self._turns.clear()
        if self._processes is not None:
            self._processes.stop()  # type: ignore[no-untyped-call]
            self._processes.join()
        if self._thread is not None:
            self._thread.shutdown(wait=False, cancel_futures=True)
