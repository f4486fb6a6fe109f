"""What the table master depends on, as typed protocols: the store, the fan-out, the clock, the
bot pool and the turn notices, each passed to :class:`~regalia.server.master.Master` when it is
made (as boardgame.io passes its Master a transport and a storage).

The server process passes its :class:`~regalia.server.store.Store` (SQLite or PostgreSQL), its
:class:`~regalia.server.sockets.Hub` of table sockets, :class:`SystemClock`, its
:class:`~regalia.server.bots.BotPool` and its Web Push sender; a test may pass its own of any of them.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel

from regalia.server.bots import BotJob
from regalia.server.live import LiveTable
from regalia.server.notices import Notice
from regalia.server.schema import SeatRow, TableRow
from regalia.server.store import Chat, Move

T = TypeVar("T")


class TableStore(Protocol):
    """The database as the master uses it (:class:`~regalia.server.store.Store`): reads and
    writes of tables, seats, moves and chat, run in the database's threads by :meth:`run`.

    Every write that changes a table sends its :class:`~regalia.server.notices.Notice` in the
    same transaction (PostgreSQL), so other processes hear of it exactly when it commits.
    """

    is_postgres: bool

    async def run(self, fn: Callable[..., T], *args: Any) -> T: ...

    def table(self, table_id: str) -> tuple[TableRow, list[SeatRow]] | None: ...

    def moves_after(self, table_id: str, step: int) -> list[Move]: ...

    def commit_batch(
        self, writes: list[Any], before_commit: Callable[[list[Any]], None] | None = None
    ) -> list[bool]: ...

    def undo(self, table_id: str, to_step: int, at_step: int, fields: dict[str, Any], notify: Notice) -> bool: ...

    def update_table(
        self,
        table_id: str,
        fields: dict[str, Any],
        *,
        at_step: int | None = None,
        at_period: int | None = None,
        notify: Notice | None = None,
    ) -> bool: ...

    def update_seat(
        self,
        table_id: str,
        seat: int,
        fields: dict[str, Any],
        *,
        only_if: dict[str, Any] | None = None,
        table_fields: dict[str, Any] | None = None,
        notify: Notice | None = None,
    ) -> bool: ...

    def touch_seats(self, seats: list[tuple[str, int]], now: float) -> None: ...

    def claim_bot(self, table_id: str, step: int, now: float, until: float) -> bool: ...

    def due_tables(self, now: float, limit: int = 100) -> list[str]: ...

    def absent_seats(self, now: float, default_grace: float) -> list[tuple[str, int]]: ...

    def add_chat(
        self, table_id: str, seat: int | None, text_: str, at: float, *, per_minute: int = 0, process: str = ""
    ) -> Chat | None: ...

    def chat(self, table_id: str, *, limit: int | None = None) -> list[Chat]: ...


class Fanout(Protocol):
    """Where the master sends what changed: this process's sockets of each table
    (:class:`~regalia.server.sockets.Hub`). Each socket builds its own seat's frame."""

    async def push_state(self, live: LiveTable) -> None: ...

    async def push_seats(self, live: LiveTable) -> None: ...

    def broadcast(self, table_id: str, message: BaseModel) -> None: ...

    def has(self, table_id: str) -> bool: ...

    def holds(self, table_id: str, seat: int) -> bool: ...

    def tables(self) -> list[str]: ...

    def seated(self) -> list[tuple[str, int]]: ...


class Clock(Protocol):
    """The time the master reads: seconds since the epoch (deadlines, stages and presence are
    stored so, to be read alike by every process)."""

    def now(self) -> float: ...


class SystemClock:
    """The machine's clock (``time.time``)."""

    def now(self) -> float:
        """Seconds since the epoch."""
        return time.time()


class BotWorkers(Protocol):
    """Where bot moves and hints are computed (:class:`~regalia.server.bots.BotPool`).

    ``choose`` raises :class:`~regalia.server.bots.BotTimeout` when a job overruns its time limit.
    """

    @property
    def running(self) -> int: ...

    @property
    def waiting(self) -> int: ...

    async def choose(self, job: BotJob) -> str: ...

    def close(self) -> None: ...


class TableEnded(Protocol):
    """Told the id of a table whose last move was just committed by this process (the game is
    over), when a seat of it is bound to an account: the accounts' history and ratings are
    written then (``regalia.server.accounts``; a table of guests and bots leaves none).
    Run as a task of the master's, after the move is announced; its failure is logged."""

    def __call__(self, table_id: str) -> Awaitable[Any]: ...


class TurnNotices(Protocol):
    """Where "it is your turn" notices go for a person away from a turn-based table (Web Push).

    ``your_turn`` is called once for each decision of a person who has no socket open on that
    table, when the decision is shown, and once more (``reminder``) when two hours of its deadline
    are left. It carries only what the person may see: the table, the game and the deadline —
    never a card. It must not raise, nor hold the caller up: a notice that cannot be sent is
    logged and dropped.
    """

    async def your_turn(self, account_id: int, table: str, game: str, deadline: float, *, reminder: bool) -> None: ...


class NoTurnNotices:
    """Turn notices sent nowhere (a server without Web Push, and tests that do not look)."""

    async def your_turn(self, account_id: int, table: str, game: str, deadline: float, *, reminder: bool) -> None:
        """Nothing is sent."""
