"""Seats bound to accounts: claiming a guest's seat after signing in, and finding a signed-in
person's seat at a table (so that the table page finds it from any browser).

A seat is bound to an account when it is taken while signed in, or claimed afterwards with the
seat's token (``POST /api/me/claim``); it then shows the account's name. A bound seat is found
through the session: the table socket's ``hello`` without a token, from a browser signed in to
that account, takes it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from regalia.core import seat_name
from regalia.server.accounts.errors import AccountError
from regalia.server.accounts.people import Account
from regalia.server.accounts.results import Results
from regalia.server.store import Store
from regalia.server.tokens import find_seat

BindSeat = Callable[[str, int, int, str], Awaitable[bool]]
"""Binds a person's seat of a table to an account shown by its name (the master's
``bind_account``: the table in memory, its sockets and other processes are told); ``False``
when the seat is bound to another account."""


class Seats:
    """Binding seats to accounts.

    Args:
        store: the server's database.
        results: writes a finished table's history (a claimed seat of a finished table gets its
            history row).
        bind: binds a seat (the master's ``bind_account``; set once the master is made).
    """

    def __init__(self, store: Store, results: Results, bind: BindSeat | None = None) -> None:
        self.store = store
        self.results = results
        self.bind = bind

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
        assert self.bind is not None, "the master's bind_account is set at start"
        if not await self.bind(table_id, seat, account.id, account.name):
            raise AccountError(409, "token", f"{seat_name(seat)} of this table belongs to another account")
        if row.status == "over":
            await self.results.claimed(table_id, seat)
        return seat

    async def bound_seat(self, account_id: int, table_id: str) -> int | None:
        """The seat of ``table_id`` bound to ``account_id`` (the first, if several), or ``None``."""
        found = await self.store.run(self.store.table, table_id)
        if found is None:
            return None
        return next((s.seat for s in found[1] if s.kind == "human" and s.account_id == account_id), None)
