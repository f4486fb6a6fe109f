"""Bot moves computed outside the event loop: a pool of worker processes (or one thread).

A job is the table's game, seed, options and move texts plus the seat, bot spec and a seed; the
worker rebuilds the state (keeping the last state of each table, so it usually applies only the
new moves), gives the bot an :class:`~regalia.bots.InfoSet` of that seat — the bot sees only
that seat's information set — and returns the chosen action's text. The server then submits the
text through the same path as a person's move.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
from collections import OrderedDict
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from regalia.bots import InfoSet, bot_names, make_bot
from regalia.core import State, make


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
    ignore Ctrl-C (the server stops the pool itself)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        import ctypes

        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass
    if os.getppid() == 1:  # the server is already gone
        os._exit(0)


class BotPool:
    """Where bot moves are computed.

    Args:
        processes: worker processes (``0``: one thread of this process).
    """

    def __init__(self, processes: int) -> None:
        self.processes = processes
        self._executor: Executor
        if processes > 0:
            import multiprocessing

            self._executor = ProcessPoolExecutor(
                max_workers=processes, mp_context=multiprocessing.get_context("spawn"), initializer=_worker_init
            )
        else:
            self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="regalia-bot")

    async def choose(self, job: BotJob) -> str:
        """The bot's move for ``job``, computed in the pool."""
        return await asyncio.get_running_loop().run_in_executor(self._executor, choose, job)

    def close(self) -> None:
        """Stop the workers (a running search is abandoned)."""
        self._executor.shutdown(wait=False, cancel_futures=True)
