"""Seats bound to accounts: claiming a guest's seat after signing in, and finding a signed-in
person's seat at a table (so that the table page finds it from any browser).

A seat is bound to an account when it is taken while signed in, or claimed afterwards with the
seat's token (``POST /api/me/claim``); it then shows the account's name. A bound seat is found
through the session: the table socket's ``hello`` without a token, from a browser signed in to
that account, takes it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from sqlalchemy import update

from regalia.core import seat_name
from regalia.server.accounts.errors import AccountError
from regalia.server.accounts.people import Account
from regalia.server.accounts.results import Results
from regalia.server.schema import SeatRow
from regalia.server.store import Store
from regalia.server.tokens import find_seat

SeatsChanged = Callable[[str], Awaitable[None]]
"""Told a table's id after its seats changed in the database (the server refreshes the table
and tells its sockets)."""


class Seats:
    """Binding seats to accounts.

    Args:
        store: the server's database.
        results: writes a finished table's history (a claimed seat of a finished table gets its
            history row).
        changed: called after a seat was bound.
    """

    def __init__(self, store: Store, results: Results, changed: SeatsChanged) -> None:
        self.store = store
        self.results = results
        self.changed = changed

    def _bind(self, table_id: str, seat: int, account: Account) -> bool:
        with self.store.engine.begin() as conn:
            done = conn.execute(
                update(SeatRow)
                .where(
                    SeatRow.table_id == table_id,
                    SeatRow.seat == seat,
                    SeatRow.kind == "human",
                    (SeatRow.account_id.is_(None)) | (SeatRow.account_id == account.id),
                )
                .values(account_id=account.id, name=account.name)
            )
            return done.rowcount == 1

    async def claim(self, account: Account, table_id: str, token: str) -> int:
        """Bind the seat that ``token`` holds at ``table_id`` to ``account`` (again: no change).

        Returns:
            the seat.

        Raises:
            AccountError: no such table (404, ``table``); the token holds no seat there (403,
                ``token``); the seat is another account's (409, ``token``).
        """
        found = await self.store.run(self.store.table, table_id)
        if found is None:
            raise AccountError(404, "table", f"no table {table_id[:40]!r}")
        row, seats = found
        seat = find_seat(token, [(s.seat, s.token_hash) for s in seats])
        if seat is None:
            raise AccountError(403, "token", "this token holds no seat at this table")
        if not await self.store.run(self._bind, table_id, seat, account):
            raise AccountError(409, "token", f"{seat_name(seat)} of this table belongs to another account")
        if row.status == "over":
            await self.results.claimed(table_id, seat)
        await self.changed(table_id)
        return seat

    async def bound_seat(self, account_id: int, table_id: str) -> int | None:
        """The seat of ``table_id`` bound to ``account_id`` (the first, if several), or ``None``."""
        found = await self.store.run(self.store.table, table_id)
        if found is None:
            return None
        return next((s.seat for s in found[1] if s.kind == "human" and s.account_id == account_id), None)
