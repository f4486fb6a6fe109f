"""Presence: which people are at their tables. A seat is online while a process holds a socket of
it (marked seen by the heartbeat); when its last socket closes it is offline, seen then. A person
who comes back takes their seat back from the stand-in; one away longer than the table's grace
is replaced by the stand-in (``sweep``). Presence is public: every seat's is shown.
"""

from __future__ import annotations

from regalia.server.dependencies import Clock, TableStore
from regalia.server.notices import notice
from regalia.server.seats import SeatControl
from regalia.server.settings import ServerSettings
from regalia.server.tables import Announce, TableCache


class Presence:
    """Seats arriving, seen and gone.

    Args:
        settings: ``absent_seconds`` (the grace of a table without a move clock).
        store: the database.
        tables: the table cache.
        seats: seat control (the stand-in takes a seat, a person takes it back).
        clock: the time seats are seen.
        announce: tells the sockets of a seat change.
    """

    def __init__(
        self,
        settings: ServerSettings,
        store: TableStore,
        tables: TableCache,
        seats: SeatControl,
        clock: Clock,
        announce: Announce,
    ) -> None:
        self.settings = settings
        self.store = store
        self.tables = tables
        self.seats = seats
        self.clock = clock
        self.announce = announce

    async def arrive(self, table_id: str, seat: int) -> None:
        """A socket of ``seat`` said hello: mark it seen, and give a person back the seat the
        stand-in played while they were away (or just tell everyone they are here)."""
        await self.touch([(table_id, seat)])
        live = await self.tables.get(table_id, refresh=False)
        seat_row = live.seat_row(seat)
        if seat_row.controller == "bot" and seat_row.kind == "human" and live.row.status == "running":
            await self.seats.set_controller(table_id, seat, "human", only_if="bot")
        else:
            await self.announce(await self.tables.get(table_id), seats=True)

    async def touch(self, seats: list[tuple[str, int]]) -> None:
        """Heartbeat: mark the seats this process holds sockets for as seen (in the database and
        in the tables held in memory)."""
        now = self.clock.now()
        await self.store.run(self.store.touch_seats, seats, now)
        for table_id, seat in seats:
            live = self.tables.cached(table_id)
            if live is not None:
                live.seat_row(seat).seen_at, live.seat_row(seat).online = now, True

    async def gone(self, table_id: str, seat: int) -> None:
        """The last socket of ``seat`` in this process closed: mark it offline, seen now (in the
        database, announced, and in memory), and tell the table."""
        now = self.clock.now()
        await self.store.run(
            lambda: self.store.update_seat(
                table_id, seat, {"online": False, "seen_at": now}, notify=notice("seats", table_id, self.tables.process)
            )
        )
        live = await self.tables.get(table_id)
        live.seat_row(seat).online, live.seat_row(seat).seen_at = False, now
        await self.announce(live, seats=True)

    async def absent(self) -> list[tuple[str, int]]:
        """The seats played by a person not seen for longer than their table's grace
        (``turn_seconds``, else ``absent_seconds``): the stand-in is to take them."""
        return await self.store.run(self.store.absent_seats, self.clock.now(), self.settings.absent_seconds)
