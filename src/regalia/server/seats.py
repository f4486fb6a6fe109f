"""Seat control: who plays each seat (the person, their bot, or the table's stand-in), a person's
preferences at the table, starting a waiting table, and going back (undo) where the game
allows it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from regalia.core import make, undo_to
from regalia.server.dependencies import Clock, TableStore
from regalia.server.live import LiveTable
from regalia.server.moves import Outcome, plan_clock, refuse
from regalia.server.notices import notice
from regalia.server.settings import ServerSettings
from regalia.server.tables import Announce, TableCache, set_fields


class SeatControl:
    """Changes of a table's seats and of its course other than moves.

    Args:
        settings: ``reminder_seconds`` (a turn-based table's clock).
        store: the database.
        tables: the table cache.
        clock: the time of changes.
        announce: tells the sockets and schedules the table after a change.
        schedule: schedules the table (after a preference change: a forced move may be due).
    """

    def __init__(
        self,
        settings: ServerSettings,
        store: TableStore,
        tables: TableCache,
        clock: Clock,
        announce: Announce,
        schedule: Callable[[LiveTable], None],
    ) -> None:
        self.settings = settings
        self.store = store
        self.tables = tables
        self.clock = clock
        self.announce = announce
        self.schedule = schedule

    async def set_controller(
        self,
        table_id: str,
        seat: int,
        controller: str,
        *,
        only_if: str | None = None,
        fields: dict[str, Any] | None = None,
    ) -> bool:
        """Give ``seat`` to ``controller`` (``human`` or ``bot``) — with more of the seat's
        columns in ``fields`` (a join's token and name) — and re-plan the table's clock.

        Returns:
            whether the seat changed hands (``only_if``: only from that controller).
        """
        async with self.tables.locked(table_id) as live:
            seat_row = live.seat_row(seat)
            if only_if is not None and seat_row.controller != only_if:
                return False
            if controller == "human" and seat_row.forfeited_at is not None:
                return False  # a forfeit is for the rest of the game
            old = seat_row.controller
            seat_row.controller = controller
            now = self.clock.now()
            table_fields: dict[str, Any] = {"updated_at": now}
            if live.row.status == "running" and not live.state.is_terminal:
                if live.held:
                    table_fields["due_at"] = now  # the period's driver looks at the seat again
                else:
                    if live.state.current_player == seat and controller == "human":
                        live.row.deadline_step = None  # a fresh move clock for the person who is back
                    table_fields.update(plan_clock(live, live.state, live.step, now, self.settings.reminder_seconds))
            seat_fields = {"controller": controller, **(fields or {})}
            try:
                ok = await self.store.run(
                    lambda: self.store.update_seat(
                        table_id,
                        seat,
                        seat_fields,
                        only_if={"controller": old},
                        table_fields=table_fields,
                        notify=notice("seats", table_id, self.tables.process),
                    )
                )
            except BaseException:
                seat_row.controller, live.dirty = old, True
                raise
            if not ok:
                await self.tables.refresh(live, force=True)
                return False
            for k, v in seat_fields.items():
                setattr(seat_row, k, v)
            set_fields(live, table_fields)
        await self.announce(live, seats=True)
        return True

    async def bind_account(self, table_id: str, seat: int, account_id: int, name: str) -> bool:
        """Bind a person's ``seat`` to ``account_id``, named ``name`` (again: no change).

        Returns:
            ``False`` when the seat is a bot's or bound to another account (nothing changed).
        """
        async with self.tables.locked(table_id) as live:
            seat_row = live.seat_row(seat)
            old = seat_row.account_id
            if seat_row.kind != "human" or (old is not None and old != account_id):
                return False
            fields: dict[str, Any] = {"account_id": account_id, "name": name}
            ok = await self.store.run(
                lambda: self.store.update_seat(
                    table_id, seat, fields, only_if={"account_id": old},
                    notify=notice("seats", table_id, self.tables.process),
                )
            )  # fmt: skip
            if not ok:
                await self.tables.refresh(live, force=True)
                return False
            seat_row.account_id, seat_row.name = account_id, name
        await self.announce(live, seats=True)
        return True

    async def set_prefs(self, table_id: str, seat: int, prefs: dict[str, Any]) -> dict[str, Any]:
        """Store a person's preferences at the table (merged into what they had).

        Returns:
            the preferences now in force."""
        live = await self.tables.get(table_id)
        before = live.seat_row(seat).prefs or {}
        merged = {**before, **prefs}
        if "orders" in prefs:  # standing orders are set one kind of window at a time (SRV-3)
            merged["orders"] = {**(before.get("orders") or {}), **prefs["orders"]}
        await self.store.run(lambda: self.store.update_seat(table_id, seat, {"prefs": merged}))
        live.seat_row(seat).prefs = merged
        self.schedule(live)  # turned on at a forced decision: it is played now
        return merged

    async def start(self, table_id: str) -> LiveTable:
        """Start a waiting table: the stand-in bot plays the seats nobody has taken (until
        someone joins). The caller has checked that the table is waiting and who asks.

        Returns:
            the table, started.
        """
        now = self.clock.now()
        async with self.tables.locked(table_id) as live:
            for s in live.seats:
                if s.controller == "open":
                    await self.store.run(
                        lambda seat=s.seat: self.store.update_seat(
                            table_id, seat, {"controller": "bot"}, only_if={"controller": "open"}
                        )
                    )
            await self.store.run(
                lambda: self.store.update_table(
                    table_id,
                    {"status": "running", "updated_at": now, "due_at": now},
                    notify=notice("seats", table_id, self.tables.process),
                )
            )
            await self.tables.refresh(live, force=True)
        return live

    async def started(self, table_id: str) -> None:
        """A table has just started (all seats taken, the host's ``start``, a join): show its
        first decision now and start that decision's move clock."""
        async with self.tables.locked(table_id, reread=True) as live:
            if live.row.status == "running" and not live.held and not live.state.is_terminal:
                now = self.clock.now()
                fields: dict[str, Any] = {"shown_at": now, "deadline_step": None}
                live.row.deadline_step = None
                fields.update(plan_clock(live, live.state, live.step, now, self.settings.reminder_seconds))
                await self.tables.update(live, fields)
        await self.announce(live, seats=True)

    async def undo(self, table_id: str, seat: int) -> Outcome:
        """Go back to ``seat``'s previous decision (``State.undo_allowed``: one-person games), counted
        as an undo in the record and the result (``regalia.core.undo_to``).

        Returns:
            accepted (``step``: the public step now) or refused.
        """
        async with self.tables.locked(table_id) as live:
            state = live.state
            if live.status() != "running" or live.controller(seat) != "human":
                return refuse(live, "undo is for the person playing a running game")
            if not state.undo_allowed():
                return refuse(live, "this game does not allow going back")
            back = [m.step for m in live.moves if m.seat == seat and m.by == "human"]
            if not back:
                return refuse(live, "there is no earlier decision of yours to go back to")
            to_step = back[-1] - 1
            earlier = make(live.row.game, players=live.row.players, seed=int(live.row.seed), **dict(live.row.options))
            for m in live.moves[:to_step]:
                earlier.apply(m.action)
            try:
                new = undo_to(state, earlier.snapshot())
            except ValueError as exc:
                return refuse(live, str(exc).split(": ", 1)[-1])
            fields = self._back_fields(live, new, to_step)
            at_step = live.step
            moved = notice("move", table_id, self.tables.process, step=to_step)
            ok = await self.store.run(lambda: self.store.undo(table_id, to_step, at_step, fields, moved))
            await self.tables.refresh(live, force=True)  # the table went back: rebuilt from the database
            if not ok:
                return refuse(live, "the table has moved on", stale=True)
        await self.announce(live)
        return Outcome(True, live.public_step)

    def _back_fields(self, live: LiveTable, new: Any, to_step: int) -> dict[str, Any]:
        """The table row after going back to ``to_step`` moves (``new`` is the state there)."""
        now = self.clock.now()
        fields: dict[str, Any] = {
            "public_step": sum(1 for m in live.moves[:to_step] if m.public),
            "released_step": to_step,
            "shown_at": now,
            "period": None,
            "period_no": live.row.period_no + 1,
            "undos": new.undos,
            "status": "running",
            "result": None,
            "to_act": new.current_player,
            "deadline_step": None,
            "bot_step": None,
            "bot_until": None,
            "updated_at": now,
        }
        live.row.deadline_step = None
        fields.update(plan_clock(live, new, to_step, now, self.settings.reminder_seconds))
        return fields
