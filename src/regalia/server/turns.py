"""Turn-based tables: telling a person who is away that it is their turn, reminding them before
their deadline, and a forfeit when a deadline passes at a table created so.

A turn-based table gives each person ``days_per_move`` days a decision (``turn_seconds``, the
move clock every table has). When a person's decision is shown and they have no socket open on
the table, they get one "your turn" notice (:class:`~regalia.server.dependencies.TurnNotices`:
Web Push), and one reminder ``reminder_seconds`` (2 hours) before its deadline if they still
have not moved. Each is sent once, by one process: the table row records the move count whose
notice (``noticed_step``) and reminder (``reminded_step``) went out, written with the row's
compare-and-set before the notice is sent.
"""

from __future__ import annotations

from regalia.server.dependencies import Clock, Fanout, TableStore, TurnNotices
from regalia.server.frames import chat_out
from regalia.server.live import LiveTable
from regalia.server.seats import SeatControl
from regalia.server.tables import TableCache


class TurnKeeper:
    """The turn-based tables' notices, reminders and forfeits.

    Args:
        store: the database (a forfeit's line in the table's chat).
        tables: the table cache.
        seats: seat control (a forfeiting person's seat goes to the stand-in).
        fanout: this process's sockets (whether the person is at the table here; the chat line).
        notices: where the notices go.
        clock: the time.
    """

    def __init__(
        self,
        store: TableStore,
        tables: TableCache,
        seats: SeatControl,
        fanout: Fanout,
        notices: TurnNotices,
        clock: Clock,
    ) -> None:
        self.store = store
        self.tables = tables
        self.seats = seats
        self.fanout = fanout
        self.notices = notices
        self.clock = clock

    @staticmethod
    def person_deciding(live: LiveTable) -> int | None:
        """The seat of the person whose decision a turn-based table shows now (no response
        period, a move clock running for it), else ``None``."""
        row = live.row
        if row.mode != "turn-based" or row.status != "running" or live.held or live.state.is_terminal:
            return None
        seat = live.state.current_player
        if seat is None or live.controller(seat) != "human" or row.deadline_step != live.step:
            return None
        return seat

    def is_here(self, live: LiveTable, seat: int) -> bool:
        """Whether the person has a socket open on the table (in this process, or as the seat's
        presence in the database says of the others)."""
        return self.fanout.holds(live.row.id, seat) or bool(live.seat_row(seat).online)

    async def tell(self, table_id: str, *, reminder: bool) -> None:
        """Send the notice (or the reminder) of the decision the table shows now, if it is a
        person's, not sent yet for this decision, and they are away; record it as sent first,
        so that no other process sends it too."""
        async with self.tables.locked(table_id) as live:
            seat = self.person_deciding(live)
            column = "reminded_step" if reminder else "noticed_step"
            if seat is None or getattr(live.row, column) == live.step:
                return
            if not await self.tables.update(live, {column: live.step}):
                return  # the table moved on meanwhile, or another process recorded it
            account = live.seat_row(seat).account_id
            deadline = live.row.deadline
            away = not self.is_here(live, seat)
        if away and account is not None and deadline is not None:
            await self.notices.your_turn(account, table_id, live.row.game, deadline, reminder=reminder)

    async def forfeit(self, live: LiveTable, seat: int) -> None:
        """The person's deadline passed at a table created with ``on_timeout`` ``forfeit``: the
        stand-in plays their seat to the end of the game (they cannot take it back) and they rank
        last; the table's chat says so to everyone."""
        now = self.clock.now()
        taken = await self.seats.set_controller(live.row.id, seat, "bot", only_if="human", fields={"forfeited_at": now})
        if not taken:
            return
        name = live.seat_name(seat)
        text = f"{name}'s time ran out: {name} forfeits and ranks last; the stand-in bot plays the seat to the end."
        said = await self.store.run(
            lambda: self.store.add_chat(live.row.id, None, text, now, process=self.tables.process)
        )
        if said is not None:
            self.fanout.broadcast(live.row.id, chat_out(live, said))
