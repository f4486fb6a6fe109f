"""Bot seats: a bot's turn, the stand-in's, the move clock's and a person's forced move, played
at a pace that tells nobody anything; and hints.

No table lock is held while a bot searches: its move is computed in the bot pool first (from the
seat's information set only), then submitted like a person's move, and refused if the table
moved on meanwhile. With several processes (PostgreSQL) one process claims each bot turn.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass

from regalia.server.bots import BotJob, BotTimeout, hint_bot
from regalia.server.dependencies import BotWorkers, Clock, TableStore
from regalia.server.live import LiveTable
from regalia.server.moves import WAIT_REASON, Outcome, refuse
from regalia.server.settings import ServerSettings
from regalia.server.store import MovedBy
from regalia.server.tables import TableCache
from regalia.server.tokens import derived_seed

log = logging.getLogger("regalia.server")


def bot_job(live: LiveTable, seat: int, spec: str) -> BotJob:
    """What a worker needs to choose ``seat``'s move with ``spec`` now."""
    return BotJob(
        table=live.row.id,
        game=live.row.game,
        players=live.row.players,
        seed=int(live.row.seed),
        options=dict(live.row.options),
        actions=tuple(m.action for m in live.moves),
        seat=seat,
        spec=spec,
        rng_seed=derived_seed(live.row.secret, live.step, seat),
    )


@dataclass(frozen=True)
class BotTurn:
    """A move the server plays: ``text`` for ``seat`` by ``by``, computed at move count ``step``
    (submitted with it, so it is refused if the table moved on meanwhile)."""

    seat: int
    text: str
    by: MovedBy
    step: int


class BotSeats:
    """The turns the server plays, and hints.

    Args:
        settings: ``bot_move_seconds``, ``bot_max_seconds``, ``bot_job_seconds``, ``bot_claim_seconds``.
        store: the database (claims of bot turns between processes).
        tables: the table cache.
        workers: the bot pool.
        clock: the time of claims and of the pace.
    """

    def __init__(
        self,
        settings: ServerSettings,
        store: TableStore,
        tables: TableCache,
        workers: BotWorkers,
        clock: Clock,
    ) -> None:
        self.settings = settings
        self.store = store
        self.tables = tables
        self.workers = workers
        self.clock = clock

    def pace(self, spec: str) -> float:
        """How long after its decision was shown a bot's move is shown (seconds): at least
        ``bot_move_seconds``; for a search, its own time budget (``ismcts:Ns``) or, counted in
        rollouts, the longest a bot's decision may take on this server (``bot_max_seconds``) —
        never more than a bot job may run (``bot_job_seconds``) — so that how long a bot takes
        never depends on what it holds (SRV-2)."""
        pace = self.settings.bot_move_seconds
        if spec.startswith("ismcts"):
            level = spec.split(":", 1)[1] if ":" in spec else "medium"
            budget = self.settings.bot_max_seconds
            if level.endswith("s"):
                with contextlib.suppress(ValueError):
                    budget = float(level[:-1])
            pace = max(pace, min(budget, self.settings.bot_max_seconds))
        return min(pace, self.settings.bot_job_seconds)

    async def _move(self, live: LiveTable, seat: int, spec: str) -> str:
        """The move ``spec`` plays for ``seat`` now, computed in the pool; on a time-out or a
        failure, the first legal action (logged)."""
        job = bot_job(live, seat, spec)
        try:
            return await self.workers.choose(job)
        except BotTimeout as exc:
            log.warning(
                "bot %s at table %s step %d: %s; playing the first legal action", spec, job.table, live.step, exc
            )
        except Exception:
            log.exception(
                "bot %s failed at table %s step %d; playing the first legal action", spec, job.table, live.step
            )
        return str(live.state.legal_actions()[0])

    def _who(self, live: LiveTable, seat: int, clock_seat: int | None) -> tuple[MovedBy, str, str | None] | None:
        """Who plays ``seat``'s decision now — ``(by, bot spec, forced move text)`` — or ``None``
        when the server plays nothing there (a person decides)."""
        if clock_seat is not None:
            if seat != clock_seat or live.controller(seat) != "human":
                return None
            return "clock", live.row.standin, None
        if live.controller(seat) == "human":
            forced = live.forced_text()
            return None if forced is None else ("forced", "", forced)
        return ("bot" if live.seat_row(seat).kind == "bot" else "standin"), live.bot_spec(seat), None

    async def turn(self, table_id: str, clock_seat: int | None = None) -> BotTurn | None:
        """The move the server plays at the table now, or ``None`` (nothing for it to play, or
        another process claimed the turn): claimed (one process per turn), computed in the
        pool, returned once the bot's pace has passed, for the caller to submit. With
        ``clock_seat``, the move clock of that person ran out: the stand-in plays their decision."""
        live = await self.tables.get(table_id)
        state = live.state
        if live.row.status != "running" or live.suspended is not None or state.is_terminal or live.held:
            return None
        seat = state.current_player
        assert seat is not None
        step = live.step
        who = self._who(live, seat, clock_seat)
        if who is None:
            return None
        by, spec, forced = who
        if self.store.is_postgres:  # one SQLite file has one server process: nobody to race
            now = self.clock.now()
            claimed = await self.store.run(
                self.store.claim_bot, table_id, step, now, now + self.settings.bot_claim_seconds
            )
            if not claimed:
                return None
        text = forced if forced is not None else await self._move(live, seat, spec)
        if by != "clock":
            shown_at = live.row.shown_at or live.row.updated_at
            delay = shown_at + self.pace(spec) - self.clock.now()
            if delay > 0:
                await asyncio.sleep(delay)
        if forced is not None and live.forced_text() != forced:
            return None  # the person turned the preference off meanwhile: they choose
        return BotTurn(seat, text, by, step)

    async def hint(self, table_id: str, seat: int) -> tuple[str, str, str, int] | Outcome:
        """What the hint bot would play for ``seat`` now: ``(action text, label, bot, public step)``, or a
        refused :class:`Outcome` — a hint is given only to the seat deciding now, playing its
        seat itself, at a table where it is the only person (the bot sees only that seat's
        information set, so it tells nothing hidden; it would only help one person against another)."""
        live = await self.tables.get(table_id)
        state = live.state
        stage = live.stage()
        if live.held and not (stage is not None and stage.real and stage.seat == seat):
            return refuse(live, WAIT_REASON, "SRV-2")  # a hint is for a decision of yours, a real window included
        if live.status() != "running" or state.current_player != seat or live.controller(seat) != "human":
            return refuse(live, "a hint is given only for your own decision")
        if sum(1 for s in live.seats if s.kind == "human") != 1:
            return refuse(live, "hints are given only at a table where you are the only person")
        if live.row.rated:
            return refuse(live, "no hints at a rated table: the rating is of your own play")
        spec = hint_bot(live.row.game)
        try:
            text = await self.workers.choose(bot_job(live, seat, spec))
        except BotTimeout:
            return refuse(live, "the hint took too long on this server; try again later")
        return text, state.label(text), spec, live.public_step
