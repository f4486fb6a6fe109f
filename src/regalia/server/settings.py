"""The server's knobs and limits (one frozen object per process)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

DEFAULT_DB_FILE = "regalia.db"
"""The SQLite file ``regalia serve`` uses in the current directory when neither ``--db`` nor
``$REGALIA_DB`` says otherwise."""


def default_db_url() -> str:
    """``$REGALIA_DB`` if set, else a SQLite file ``regalia.db`` in the current directory.

    A value without ``://`` is taken as a file path."""
    return db_url_from(os.environ.get("REGALIA_DB") or DEFAULT_DB_FILE)


def db_url_from(value: str) -> str:
    """A SQLAlchemy URL from ``--db``: a URL as given (``postgresql+psycopg://…``,
    ``sqlite:///…``), or a file path made into ``sqlite:///<absolute path>``; a bare
    ``postgresql://`` URL is given the psycopg (3) driver."""
    if "://" not in value:
        return f"sqlite:///{Path(value).expanduser().resolve()}"
    if value.startswith("postgresql://") or value.startswith("postgres://"):
        return "postgresql+psycopg://" + value.split("://", 1)[1]
    return value


@dataclass(frozen=True, kw_only=True)
class ServerSettings:
    """Everything a server process needs to know besides its address.

    Attributes:
        db_url: the SQLAlchemy database URL (SQLite file or ``postgresql+psycopg://``).
        bot_processes: worker processes that compute bot moves; ``0`` computes them in a
            thread of the server process (tests and embedding; a search bot then slows the
            event loop).
        max_message_bytes: the largest websocket message read (bytes of UTF-8); a longer one
            is refused and the socket closed.
        rate_per_second, rate_burst: a per-connection token bucket — a client may send
            ``rate_burst`` messages at once and ``rate_per_second`` a second after that; a
            message over the limit is refused, and a socket that keeps flooding is closed.
        max_refusals: refused messages (rate, malformed, unknown) a socket may send before it
            is closed.
        max_chat_chars: the longest chat message (characters).
        max_name_chars: the longest player name (characters).
        hello_seconds: how long a new socket may take to send its ``hello``.
        sweep_seconds: how often the process looks for tables that are due (clocks, the end
            of a response window, bot turns left by a stopped process, absent players).
        heartbeat_seconds: how often the process marks the seats it holds sockets for as seen.
        absent_seconds: how long a seated person may be without a connection before the
            table's stand-in bot takes the seat, on tables without a move clock (with a
            clock: ``turn_seconds``).
        bot_claim_seconds: how long one process may hold a bot turn before another takes it
            over (a process stopped mid-search).
        max_send_queue: frames queued for one slow socket before it is closed.
        cache_tables: tables kept in memory per process (rebuilt from the database on demand).
        max_public_tables: at most this many running tables listed by ``GET /api/tables``.
        response_seconds: the time a person has to answer a response window at a table whose
            creator does not say (SRV-2; seconds, at least 5).
        quick_response_seconds: a person's turn in a response window with the ``quick``
            preference, unless they ask to ``wait`` (seconds).
        settle_seconds: the fixed pause of a response period between persons' turns and before
            it ends, in which the bots answer their windows (SRV-2; seconds).
        bot_move_seconds: a bot's move at a decision everyone sees is shown this long after the
            decision was (or its search's own time budget, if longer), however quickly it was
            found, so that how long a bot takes never depends on what it holds (seconds).
    """

    db_url: str
    bot_processes: int = 1
    max_message_bytes: int = 4096
    rate_per_second: float = 20.0
    rate_burst: int = 40
    max_refusals: int = 50
    max_chat_chars: int = 500
    max_name_chars: int = 40
    hello_seconds: float = 10.0
    sweep_seconds: float = 0.5
    heartbeat_seconds: float = 5.0
    absent_seconds: float = 120.0
    bot_claim_seconds: float = 20.0
    max_send_queue: int = 512
    cache_tables: int = 512
    max_public_tables: int = 200
    response_seconds: float = 10.0
    quick_response_seconds: float = 2.5
    settle_seconds: float = 0.25
    bot_move_seconds: float = 0.4

    def __post_init__(self) -> None:
        if self.bot_processes < 0:
            raise ValueError("bot_processes: expected 0 or more")
        for name in ("max_message_bytes", "rate_burst", "max_chat_chars", "max_name_chars", "max_send_queue"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name}: expected at least 1")
        for name in ("rate_per_second", "hello_seconds", "sweep_seconds", "heartbeat_seconds"):
            if getattr(self, name) <= 0:
                raise ValueError(f"{name}: expected a positive number")
        for name in ("quick_response_seconds", "settle_seconds", "bot_move_seconds"):
            if getattr(self, name) < 0:
                raise ValueError(f"{name}: expected 0 or more")
        if not 5 <= self.response_seconds <= 120:
            raise ValueError("response_seconds: expected 5 to 120 seconds")

    @property
    def is_postgres(self) -> bool:
        """Whether the database is PostgreSQL (several processes may share it)."""
        return self.db_url.startswith("postgresql")
