"""Stand-in bot jobs for the tests of the bot pool, importable by name in its worker processes:
a job's ``spec`` is how many seconds it takes, and its answer says which process ran it."""

from __future__ import annotations

import os
import time

from regalia.server.bots import BotJob


def sleepy(job: BotJob) -> str:
    """Sleep ``float(job.spec)`` seconds; answer ``"<pid>:<table>"``."""
    time.sleep(float(job.spec))
    return f"{os.getpid()}:{job.table}"


def job(table: str, seconds: float, seat: int = 0) -> BotJob:
    """A stand-in job of ``table`` that takes ``seconds``."""
    return BotJob(
        table=table, game="kingdom", players=2, seed=1, options={}, actions=(), seat=seat, spec=str(seconds), rng_seed=0
    )
