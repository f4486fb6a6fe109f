"""The queries: every read and write of the server's tables, seats, moves and chat (the engine
and the migrations are :mod:`regalia.server.database`; the schema :mod:`regalia.server.schema`).

The queries are plain synchronous SQLAlchemy 2 code run in a small thread pool
(:meth:`Store.run`): one thread for SQLite (one writer at a time anyway), four for PostgreSQL.
Every write is one transaction. On PostgreSQL a write that others must hear about sends its
``NOTIFY`` inside that transaction, so the notice goes out exactly when the write commits.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Literal, TypeVar, cast

import orjson
from sqlalchemy import (
    Connection,
    Table,
    TextClause,
    bindparam,
    delete,
    func,
    insert,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.exc import IntegrityError

from regalia.server.database import make_engine, migrate
from regalia.server.notices import NOTIFY_CHANNEL, Notice, notice
from regalia.server.schema import ChatRow, MoveRow, SeatRow, TableRow

T = TypeVar("T")


MovedBy = Literal["human", "bot", "standin", "clock", "window", "forced", "order"]
"""Who made a move: the person at the seat (``human``), the seat's bot (``bot``), the table's
stand-in bot for a person who left (``standin``), the move clock's rule when a decision's time
ran out (``clock``), a bot's answer to its own hidden response window in a response period
(``window``, SRV-2), the server playing a person's only choice (``forced``), or a person's
standing order answering their hidden window at a turn-based table (``order``, SRV-3)."""


@dataclass(frozen=True)
class Move:
    """A committed move as stored: its step (1-based), the seat, the action text, whether
    a spectator could tell it happened (SRV-2), who made it (:data:`MovedBy`) and when."""

    step: int
    seat: int
    action: str
    public: bool
    by: MovedBy
    at: float


@dataclass(frozen=True)
class Chat:
    """A chat message: its id, the move it follows, the seat (``None``: the table itself), text, time."""

    id: int
    after_move: int
    seat: int | None
    text: str
    at: float

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "after_move": self.after_move, "seat": self.seat, "text": self.text, "at": self.at}


_NOTIFY = text("SELECT pg_notify(:c, p) FROM unnest(CAST(:ps AS text[])) AS p")
"""Every notice of a transaction in one statement (one round trip, however many moves a group
commit holds)."""
_MOVE_INSERT = insert(cast(Table, MoveRow.__table__))
"""The insert of committed moves (a Core statement: compiled once)."""


@functools.lru_cache(maxsize=512)
def _row_update(columns: tuple[str, ...], at_step: bool, at_period: bool) -> TextClause:
    """The compare-and-set update of a table row setting ``columns`` (bound by name, with their
    columns' types), guarded by ``:_id`` and, when asked, ``:_step`` and ``:_period``: one
    statement per shape, compiled once (a group commit runs many of them).

    Raises:
        KeyError: a name that is not a column of the table row.
    """
    cols = TableRow.__table__.c
    sets = ", ".join(f"{cols[c].name} = :{c}" for c in columns)
    where = "id = :_id" + (" AND step = :_step" if at_step else "") + (" AND period_no = :_period" if at_period else "")
    stmt = text(f"UPDATE {TableRow.__tablename__} SET {sets} WHERE {where}")
    return stmt.bindparams(*(bindparam(c, type_=cols[c].type) for c in columns))


class Store:
    """The server's database: tables, seats, moves and chat.

    Args:
        url: a SQLAlchemy URL.
        migrate_schema: run the migrations first (``regalia serve`` does; tests of the
            migration itself pass ``False``).
    """

    def __init__(self, url: str, *, migrate_schema: bool = True) -> None:
        self.url = url
        self.engine = make_engine(url)
        self.is_postgres = self.engine.dialect.name == "postgresql"
        if migrate_schema:
            migrate(self.engine)
        self._pool = ThreadPoolExecutor(max_workers=4 if self.is_postgres else 1, thread_name_prefix="regalia-db")
        self._closed = threading.Event()

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a synchronous query method in the database threads."""
        return await asyncio.get_running_loop().run_in_executor(self._pool, fn, *args)

    def close(self) -> None:
        """Stop the database threads and close every connection."""
        if not self._closed.is_set():
            self._closed.set()
            self._pool.shutdown(wait=True)
            self.engine.dispose()

    # ------------------------------------------------------------------ helpers
    @contextlib.contextmanager
    def _tx(self) -> Iterator[Connection]:
        with self.engine.begin() as conn:
            yield conn

    def _notify(self, conn: Connection, *payloads: Notice | None) -> None:
        """``NOTIFY`` the other processes (PostgreSQL) of ``payloads`` (``None`` ones skipped),
        sent when the transaction commits, in one statement."""
        if not self.is_postgres:
            return
        texts = [orjson.dumps(p).decode() for p in payloads if p is not None]
        if texts:
            conn.execute(_NOTIFY, {"c": NOTIFY_CHANNEL, "ps": texts})

    # ------------------------------------------------------------------ tables and seats
    def create_table(self, table: dict[str, Any], seats: list[dict[str, Any]]) -> None:
        """Insert a new table and its seats in one transaction."""
        with self._tx() as conn:
            conn.execute(insert(TableRow), [table])
            conn.execute(insert(SeatRow), seats)

    def table(self, table_id: str) -> tuple[TableRow, list[SeatRow]] | None:
        """The table row and its seats (in seat order), or ``None``."""
        with self.engine.connect() as conn:
            row = conn.execute(select(TableRow.__table__).where(TableRow.id == table_id)).mappings().first()
            if row is None:
                return None
            seats = conn.execute(
                select(SeatRow.__table__).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
            ).mappings()
            return TableRow(**row), [SeatRow(**s) for s in seats]

    def moves_after(self, table_id: str, step: int) -> list[Move]:
        """The committed moves after ``step``, in order."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(MoveRow.step, MoveRow.seat, MoveRow.action, MoveRow.public, MoveRow.by, MoveRow.at)
                .where(MoveRow.table_id == table_id, MoveRow.step > step)
                .order_by(MoveRow.step)
            )
            return [Move(r[0], r[1], r[2], r[3], cast(MovedBy, r[4]), r[5]) for r in rows]

    def commit_move(self, table_id: str, move: Move, fields: dict[str, Any], notify: Notice | None = None) -> bool:
        """Commit ``move`` as step ``move.step`` and update the table row, in one transaction.

        The row is updated only if the table is still at ``move.step - 1``; the primary key
        ``(table_id, step)`` refuses a second writer of the same step.

        Returns:
            ``True`` if committed, ``False`` if another writer got there first (nothing changed).
        """
        try:
            with self._tx() as conn:
                conn.execute(
                    insert(MoveRow),
                    [
                        {
                            "table_id": table_id,
                            "step": move.step,
                            "seat": move.seat,
                            "action": move.action,
                            "public": move.public,
                            "by": move.by,
                            "at": move.at,
                        }
                    ],
                )
                done = conn.execute(
                    update(TableRow)
                    .where(TableRow.id == table_id, TableRow.step == move.step - 1)
                    .values(step=move.step, **fields)
                )
                if done.rowcount != 1:
                    raise _Conflict
                self._notify(conn, notify)
        except (IntegrityError, _Conflict):
            return False
        return True

    def commit_batch(self, writes: list[Any], before_commit: Callable[[list[Any]], None] | None = None) -> list[bool]:
        """Commit the writes of a group commit (:class:`regalia.server.committer.Write`) in one
        transaction, each guarded by its compare-and-set: the table row is updated only while it
        is at the write's step (``move.step - 1`` for a move, else ``at_step``) and period version
        (``at_period``); a move is inserted only if its row update succeeded. Rows are updated in
        table order, so two processes' batches on PostgreSQL never wait for each other in a cycle.

        Args:
            before_commit: called with ``writes`` after they are written, before the commit.

        Returns:
            for each write, whether it was committed (``False``: its compare-and-set failed).

        Raises:
            sqlalchemy.exc.SQLAlchemyError: the transaction failed (nothing of it is committed).
        """
        results = [False] * len(writes)
        order = sorted(range(len(writes)), key=lambda i: writes[i].table_id)
        with self._tx() as conn:
            moves = []
            notices = []
            for i in order:
                w = writes[i]
                values = dict(w.fields)
                values["_id"], values["_step"], values["_period"] = w.table_id, w.at_step, w.at_period
                if w.move is not None:
                    values["step"], values["_step"] = w.move.step, w.move.step - 1
                columns = tuple(sorted(k for k in values if not k.startswith("_")))
                stmt = _row_update(columns, values["_step"] is not None, w.at_period is not None)
                if conn.execute(stmt, values).rowcount != 1:
                    continue
                results[i] = True
                if w.move is not None:
                    m = w.move
                    moves.append(
                        {
                            "table_id": w.table_id,
                            "step": m.step,
                            "seat": m.seat,
                            "action": m.action,
                            "public": m.public,
                            "by": m.by,
                            "at": m.at,
                        }
                    )
                notices.append(w.notify)
            if moves:
                conn.execute(_MOVE_INSERT, moves)
            self._notify(conn, *notices)
            if before_commit is not None:
                before_commit(writes)
        return results

    def undo(self, table_id: str, to_step: int, at_step: int, fields: dict[str, Any], notify: Notice) -> bool:
        """Go back to ``to_step`` moves (an undo): delete the later moves and update the table row,
        in one transaction, only if the table is still at ``at_step``.

        Returns:
            whether the table went back.
        """
        with self._tx() as conn:
            done = conn.execute(
                update(TableRow).where(TableRow.id == table_id, TableRow.step == at_step).values(step=to_step, **fields)
            )
            if done.rowcount != 1:
                return False
            conn.execute(delete(MoveRow).where(MoveRow.table_id == table_id, MoveRow.step > to_step))
            self._notify(conn, notify)
            return True

    def update_table(
        self,
        table_id: str,
        fields: dict[str, Any],
        *,
        at_step: int | None = None,
        at_period: int | None = None,
        notify: Notice | None = None,
    ) -> bool:
        """Update the table row (only while it is at ``at_step`` and ``at_period``, when given:
        the move count and the response period's version a writer read).

        Returns:
            whether the row was updated.
        """
        with self._tx() as conn:
            where = [TableRow.id == table_id]
            if at_step is not None:
                where.append(TableRow.step == at_step)
            if at_period is not None:
                where.append(TableRow.period_no == at_period)
            done = conn.execute(update(TableRow).where(*where).values(**fields))
            if done.rowcount != 1:
                return False
            self._notify(conn, notify)
            return True

    def update_seat(
        self,
        table_id: str,
        seat: int,
        fields: dict[str, Any],
        *,
        only_if: dict[str, Any] | None = None,
        table_fields: dict[str, Any] | None = None,
        notify: Notice | None = None,
    ) -> bool:
        """Update one seat (only if its columns equal ``only_if``), and the table row with
        ``table_fields``, in one transaction.

        Returns:
            whether the seat was updated.
        """
        with self._tx() as conn:
            where = [SeatRow.table_id == table_id, SeatRow.seat == seat]
            for k, v in (only_if or {}).items():
                col = getattr(SeatRow, k)
                where.append(col.is_(None) if v is None else col == v)
            done = conn.execute(update(SeatRow).where(*where).values(**fields))
            if done.rowcount != 1:
                return False
            if table_fields:
                conn.execute(update(TableRow).where(TableRow.id == table_id).values(**table_fields))
            self._notify(conn, notify)
            return True

    def touch_seats(self, seats: list[tuple[str, int]], now: float) -> None:
        """Mark seats as seen now and online (the heartbeat of the sockets this process holds)."""
        if not seats:
            return
        with self._tx() as conn:
            for table_id, seat in seats:
                conn.execute(
                    update(SeatRow)
                    .where(SeatRow.table_id == table_id, SeatRow.seat == seat)
                    .values(seen_at=now, online=True)
                )

    def claim_bot(self, table_id: str, step: int, now: float, until: float) -> bool:
        """Claim the bot turn at ``step`` for this process until ``until`` (unless another process
        holds an unexpired claim on it).

        Returns:
            whether this process now holds the claim.
        """
        with self._tx() as conn:
            done = conn.execute(
                update(TableRow)
                .where(
                    TableRow.id == table_id,
                    TableRow.step == step,
                    or_(TableRow.bot_step.is_(None), TableRow.bot_step != step, TableRow.bot_until < now),
                )
                .values(bot_step=step, bot_until=until, due_at=until)
            )
            return done.rowcount == 1

    def due_tables(self, now: float, limit: int = 100) -> list[str]:
        """Running tables whose ``due_at`` has come."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(TableRow.id)
                .where(TableRow.status == "running", TableRow.due_at.is_not(None), TableRow.due_at <= now)
                .order_by(TableRow.due_at)
                .limit(limit)
            )
            return [r[0] for r in rows]

    def absent_seats(self, now: float, default_grace: float) -> list[tuple[str, int]]:
        """Seats of running live tables played by a person who has not been seen for the table's
        grace (``turn_seconds``, or ``default_grace`` without a move clock). A turn-based table's
        people are away between their moves: only their deadlines count there."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(SeatRow.table_id, SeatRow.seat, SeatRow.seen_at, TableRow.turn_seconds)
                .join(TableRow, TableRow.id == SeatRow.table_id)
                .where(TableRow.status == "running", TableRow.mode == "live", SeatRow.controller == "human")
            )
            out = []
            for table_id, seat, seen_at, turn_seconds in rows:
                grace = float(turn_seconds) if turn_seconds else default_grace
                if seen_at is None or seen_at < now - grace:
                    out.append((table_id, seat))
            return out

    def list_tables(self, *, include_over: bool, game: str | None, limit: int) -> list[tuple[TableRow, list[SeatRow]]]:
        """Public tables, newest first, with their seats."""
        with self.engine.connect() as conn:
            q = select(TableRow.__table__).where(TableRow.private.is_(False))
            if not include_over:
                q = q.where(TableRow.status != "over")
            if game is not None:
                q = q.where(TableRow.game == game)
            rows = [TableRow(**r) for r in conn.execute(q.order_by(TableRow.created_at.desc()).limit(limit)).mappings()]
            if not rows:
                return []
            seats: dict[str, list[SeatRow]] = {r.id: [] for r in rows}
            for s in conn.execute(
                select(SeatRow.__table__).where(SeatRow.table_id.in_(list(seats))).order_by(SeatRow.seat)
            ).mappings():
                seats[s["table_id"]].append(SeatRow(**s))
            return [(r, seats[r.id]) for r in rows]

    def turns_of(self, account_id: int, *, limit: int = 200) -> list[tuple[TableRow, int]]:
        """The running tables where a seat the account plays itself has the decision everyone
        sees now (no response period under way; at a table with a move clock, the decision whose
        clock runs), with that seat; the soonest deadline first,
        those without a deadline last."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(TableRow.__table__, SeatRow.seat)
                .join(SeatRow, SeatRow.table_id == TableRow.id)
                .where(
                    SeatRow.account_id == account_id,
                    SeatRow.controller == "human",
                    TableRow.status == "running",
                    TableRow.to_act == SeatRow.seat,
                )
                .limit(limit)
            ).mappings()
            found = [
                (TableRow(**{k: v for k, v in r.items() if k != "seat"}), int(r["seat"]))
                for r in rows
                # (period: a JSON column, read, not compared in SQL); a decision of a table with a
                # move clock counts once its clock runs (a forced one the server plays at once has none)
                if r["period"] is None and (r["turn_seconds"] is None or r["deadline_step"] == r["step"])
            ]
        return sorted(found, key=lambda x: (x[0].deadline is None, x[0].deadline or 0.0, x[0].created_at))

    # ------------------------------------------------------------------ chat
    def add_chat(
        self, table_id: str, seat: int | None, text_: str, at: float, *, per_minute: int = 0, process: str = ""
    ) -> Chat | None:
        """Store a chat message after the table's current move (and announce it to the other
        processes, as written by ``process``).

        Args:
            per_minute: with a positive value, ``None`` (nothing stored) when ``seat`` already
                said that many messages at this table in the 60 s before ``at`` — counted in
                the database, so across reconnects and processes.
        """
        with self._tx() as conn:
            if per_minute > 0:
                said = conn.execute(
                    select(func.count())
                    .select_from(ChatRow)
                    .where(ChatRow.table_id == table_id, ChatRow.seat == seat, ChatRow.at > at - 60.0)
                ).scalar_one()
                if said >= per_minute:
                    return None
            step = conn.execute(select(TableRow.step).where(TableRow.id == table_id)).scalar_one()
            new_id = conn.execute(
                insert(ChatRow)
                .values(table_id=table_id, after_move=step, seat=seat, text=text_, at=at)
                .returning(ChatRow.id)
            ).scalar_one()
            chat = Chat(int(new_id), int(step), seat, text_, at)
            told = notice("chat", table_id, process)
            told["chat"] = chat.to_json()
            self._notify(conn, told)
            return chat

    def chat(self, table_id: str, *, limit: int | None = None) -> list[Chat]:
        """The table's chat in order (the newest ``limit`` messages, when given)."""
        with self.engine.connect() as conn:
            q = select(ChatRow.id, ChatRow.after_move, ChatRow.seat, ChatRow.text, ChatRow.at).where(
                ChatRow.table_id == table_id
            )
            if limit is not None:
                rows = list(conn.execute(q.order_by(ChatRow.id.desc()).limit(limit)))[::-1]
            else:
                rows = list(conn.execute(q.order_by(ChatRow.id)))
            return [Chat(*r) for r in rows]

    def count_tables(self) -> int:
        """How many tables the database holds."""
        with self.engine.connect() as conn:
            return int(conn.execute(select(func.count()).select_from(TableRow)).scalar_one())

    def delete_table(self, table_id: str) -> None:
        """Remove a table and everything of it (tests and maintenance)."""
        with self._tx() as conn:
            for model in (ChatRow, MoveRow, SeatRow):
                conn.execute(delete(model).where(model.table_id == table_id))
            conn.execute(delete(TableRow).where(TableRow.id == table_id))


class _Conflict(Exception):
    """Another writer committed the step first."""
