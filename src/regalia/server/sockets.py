"""This process's table sockets by table: the local fan-out of every change.

A change of a table (a move, a seat, a chat message) is pushed to each socket of that table
this process holds; each socket builds its own frame (its seat's view) from the table in
memory. Other processes learn of changes by PostgreSQL notices (:mod:`regalia.server.notices`).
"""

from __future__ import annotations

from typing import Any, Protocol


class Socket(Protocol):
    """What the hub needs of a connection."""

    table_id: str
    seat: int | None

    def push_state(self, live: Any, *, shared: dict[Any, Any] | None = None) -> None: ...

    def push_seats(self, live: Any) -> None: ...

    def send(self, message: Any) -> None: ...


class Hub:
    """The sockets this process holds, by table (the master's fan-out, :class:`~regalia.server.master.Fanout`)."""

    def __init__(self) -> None:
        self._by_table: dict[str, set[Socket]] = {}

    def add(self, sock: Socket) -> None:
        self._by_table.setdefault(sock.table_id, set()).add(sock)

    def remove(self, sock: Socket) -> None:
        socks = self._by_table.get(sock.table_id)
        if socks is not None:
            socks.discard(sock)
            if not socks:
                del self._by_table[sock.table_id]

    def sockets(self, table_id: str) -> list[Socket]:
        return list(self._by_table.get(table_id, ()))

    def has(self, table_id: str) -> bool:
        return bool(self._by_table.get(table_id))

    def holds(self, table_id: str, seat: int) -> bool:
        """Whether a socket of ``seat`` at the table is open in this process."""
        return any(s.seat == seat for s in self._by_table.get(table_id, ()))

    def tables(self) -> list[str]:
        return list(self._by_table)

    def seated(self) -> list[tuple[str, int]]:
        """Every (table, seat) this process holds a socket for."""
        out = set()
        for table_id, socks in self._by_table.items():
            for s in socks:
                if s.seat is not None:
                    out.add((table_id, s.seat))
        return sorted(out)

    def count(self) -> int:
        return sum(len(s) for s in self._by_table.values())

    async def push_state(self, live: Any) -> None:
        """Queue the table's new state to each of its sockets; sockets that were sent the same
        thing before (spectators, mostly) share one encoded frame."""
        shared: dict[Any, Any] = {}
        for sock in self.sockets(live.row.id):
            sock.push_state(live, shared=shared)

    async def push_seats(self, live: Any) -> None:
        for sock in self.sockets(live.row.id):
            sock.push_seats(live)

    def broadcast(self, table_id: str, message: Any) -> None:
        for sock in self.sockets(table_id):
            sock.send(message)
