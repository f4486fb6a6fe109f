"""The response-period driver (ruling SRV-2): runs a table's period — the data and the rules of
:mod:`regalia.server.periods` — turn by turn.

Between a person's stages the bots' turns are taken at once (a bot asked by the rules answers
with the game's quick player, in this process, from its seat's information set); a person's
turn is a stage everyone is told of, which ends when they answer, ``continue`` or ``wait``
(:meth:`PeriodDriver.respond`), or when its time runs out (the clock passes for them). The
scheduler (:mod:`regalia.server.scheduler`) calls :meth:`PeriodDriver.step` until it returns a
time to wait.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from typing import Any

from regalia.bots import InfoSet, bot_names, make_bot
from regalia.core import is_public_move
from regalia.server.dependencies import Clock
from regalia.server.live import LiveTable, is_hidden_decision
from regalia.server.moves import WAIT_REASON, Moves, Outcome, check_person, plan_clock, refuse
from regalia.server.periods import CONTINUE, Period, Stage, skips_empty, stage_seconds, standing_order
from regalia.server.settings import ServerSettings
from regalia.server.store import MovedBy
from regalia.server.tables import Announce, TableCache
from regalia.server.tokens import derived_seed

log = logging.getLogger("regalia.server")


def quick_spec(game: str, spec: str) -> str:
    """The bot that answers a bot seat's hidden response window within the settle time: the
    seat's own bot if it is a quick one, else the game's heuristic (SRV-2)."""
    if spec in ("random", "heuristic"):
        return spec
    return "heuristic" if "heuristic" in bot_names(game) else "random"


def window_answer(live: LiveTable, seat: int) -> str:
    """A bot's (or stand-in's) answer to its hidden window, found at once in this process by the
    game's quick player (:func:`quick_spec`), from the seat's information set only."""
    spec = quick_spec(live.row.game, live.bot_spec(seat))
    bot = make_bot(spec, live.row.game)
    rng = random.Random(derived_seed(live.row.secret, live.step, seat))
    return str(bot.choose(InfoSet(live.state, seat, rng)))


def answer_for(live: LiveTable, seat: int) -> tuple[str, MovedBy]:
    """The answer to the hidden window the rules ask ``seat`` now, found at once, and who made
    it: a bot's or the stand-in's by the game's quick player (``window``); at a turn-based table a
    person's by their standing order for the window's kind (``order``, ruling SRV-3: ``pass``, or
    the quick player from the seat's information set)."""
    if live.controller(seat) != "human":
        return window_answer(live, seat), "window"
    if standing_order(live.seat_row(seat).prefs, live.state.decision_kind()) == "pass":
        return "pass", "order"
    return window_answer(live, seat), "order"


def turn_is_asked(live: LiveTable, period: Period, k: int) -> bool:
    """Whether the rules ask the seat of turn ``k`` now (its hidden window is pending)."""
    state = live.state
    return k == len(period.turns) - 1 and is_hidden_decision(state) and state.current_player == period.turns[k]


def needs_stage(live: LiveTable, period: Period, k: int) -> bool:
    """Whether turn ``k`` is a person's stage (everyone sees it): a person playing their seat who
    is asked here, or who is not but may be seen not to be — unless they chose to be asked only
    when they can respond, or nobody else could see the stage."""
    seat = period.turns[k]
    if live.controller(seat) != "human" or live.row.mode == "turn-based":
        return False  # a bot answers at once; so does a person's standing order at a turn-based table (SRV-3)
    if turn_is_asked(live, period, k):
        return True
    if skips_empty(live.seat_row(seat).prefs):
        return False
    others = any(s.seat != seat and s.controller == "human" for s in live.seats)
    return others or bool(live.row.spectators)


class PeriodDriver:
    """Takes a table's response period forward (the caller holds the table's lock).

    Args:
        settings: ``settle_seconds``, ``quick_response_seconds``.
        tables: the table cache (the period is written to the table row).
        moves: the move path, for the answers made in the period.
        clock: the time of stages.
        announce: tells the sockets of a change and schedules the table (after ``respond``).
    """

    def __init__(
        self,
        settings: ServerSettings,
        tables: TableCache,
        moves: Moves,
        clock: Clock,
        announce: Announce,
    ) -> None:
        self.settings = settings
        self.tables = tables
        self.moves = moves
        self.clock = clock
        self.announce = announce

    def fields(self, live: LiveTable, period: Period) -> dict[str, Any]:
        """The table row's columns for ``period`` after a change of it (due at once)."""
        return {"period": period.to_json(), "period_no": live.row.period_no + 1, "due_at": self.clock.now()}

    async def step(self, live: LiveTable) -> float | None:
        """One step of the period. Returns ``None`` to go on at once, else the seconds until the
        table is due again (``0``: nothing to wait for)."""
        period = live.period
        row = live.row
        if period is None or row.status != "running" or live.suspended is not None or live.state.is_terminal:
            return 0.0
        now = self.clock.now()
        stage = period.stage
        if stage is not None:
            if now < stage.until and live.controller(stage.seat) == "human":
                return stage.until - now
            return await self._end_stage(live, period, stage, now)  # ran out, or the person left
        if await self._bot_turns(live, period):
            return None
        if now < period.next:
            return period.next - now
        if period.held is not None:
            seat, text = period.held
            period.held = None
            await self.tables.update(live, self.fields(live, period))
            seat_row = live.seat_row(seat)
            by: MovedBy = (
                "bot" if seat_row.kind == "bot" else ("order" if seat_row.controller == "human" else "standin")
            )
            await self.moves.submit_locked(live, seat, text, by, None, None, live.step)
            return None
        if period.at < len(period.turns):
            return await self._begin_stage(live, period, now)
        if is_hidden_decision(live.state):  # a hidden window no recorded turn covers
            log.error(
                "table %s: a hidden decision of P%s outside the recorded turns", row.id, live.state.current_player
            )
            period.turns.append(live.state.current_player or 0)
            await self.tables.update(live, self.fields(live, period))
            return None
        fields: dict[str, Any] = {"period": None, "period_no": row.period_no + 1, "released_step": live.step}
        fields["shown_at"] = now
        fields.update(plan_clock(live, live.state, live.step, now, self.settings.reminder_seconds))
        await self.tables.update(live, fields)
        return 0.0

    async def _bot_turns(self, live: LiveTable, period: Period) -> bool:
        """Take the turns before the next person's stage: a bot asked here answers at once; a
        turn with nobody asked passes. A bot's answer everyone will see waits for the period's
        ``next`` time (``period.held``). Returns whether the table changed (read it again)."""
        moved = False
        while period.at < len(period.turns) and period.held is None:
            k = period.at
            if needs_stage(live, period, k):
                break
            if not turn_is_asked(live, period, k):
                period.at = k + 1
                moved = True
                continue
            seat = period.turns[k]
            text, by = answer_for(live, seat)
            trial = live.state.clone()
            events = trial.apply(text)
            if is_public_move(True, live.state.is_decline(trial.history[-1]), seat, events):
                period.held = (seat, text)
                moved = True
                break
            if moved:
                await self.tables.update(live, self.fields(live, period))
            out = await self.moves.submit_locked(live, seat, text, by, None, None, live.step)
            if not out.accepted:  # never expected: the quick player chose from the legal actions
                log.error("table %s: a window answer %r of P%d was refused: %s", live.row.id, text, seat, out.reason)
                first = str(live.state.legal_actions()[0])
                await self.moves.submit_locked(live, seat, first, by, None, None, live.step)
            return True
        if moved:
            await self.tables.update(live, self.fields(live, period))
        return False

    async def _begin_stage(self, live: LiveTable, period: Period, now: float) -> float:
        """Ask the person of turn ``period.at``: their real window, or ``continue``."""
        k = period.at
        seat = period.turns[k]
        real = turn_is_asked(live, period, k)
        seat_row = live.seat_row(seat)
        seconds = stage_seconds(seat_row.prefs, live.row.response_seconds, self.settings.quick_response_seconds)
        if live.is_away(seat, now):
            seconds = 0.0  # not at the table: the turn passes at once (the seat's presence is public)
        period.stage = Stage(seat=seat, turn=k, real=real, start=now, until=now + seconds)
        if real:
            period.shown[seat] = live.step
        fields = self.fields(live, period)
        fields["due_at"] = now + seconds
        await self.tables.update(live, fields)
        return seconds if seconds > 0 else 0.001

    async def _end_stage(self, live: LiveTable, period: Period, stage: Stage, now: float) -> float | None:
        """A stage's time ran out: the clock passes for the person (a real window) or the turn
        simply ends (nothing was asked)."""
        if stage.real and turn_is_asked(live, period, stage.turn):
            by: MovedBy
            if live.controller(stage.seat) != "human":  # the person left: the stand-in answers
                text, by = window_answer(live, stage.seat), "standin"
            else:
                texts = [str(a) for a in live.state.legal_actions()]
                text, by = ("pass" if "pass" in texts else window_answer(live, stage.seat)), "clock"
            await self.moves.submit_locked(live, stage.seat, text, by, None, None, live.step)
            return None
        period.stage = None
        period.at = stage.turn + 1
        period.next = now + self.settings.settle_seconds
        await self.tables.update(live, self.fields(live, period))
        return None

    async def respond(
        self,
        table_id: str,
        seat: int,
        kind: str,
        *,
        step: int | None = None,
        decision: str | None = None,
        on_done: Callable[[Outcome], None] | None = None,
    ) -> Outcome:
        """A person's ``continue`` (their stage asked them nothing) or ``wait`` (more time, with
        the ``quick`` preference) in a response period.

        Returns:
            accepted, or refused with the reason (the same wording for every seat not being asked).
        """
        async with self.tables.locked(table_id) as live:
            period = live.period
            if kind == CONTINUE:
                refusal = check_person(live, seat, step, decision, pseudo=True)
                if refusal is not None:
                    return refusal
                assert period is not None and period.stage is not None
                turn = period.stage.turn
                period.stage = None
                period.at = turn + 1
                period.next = self.clock.now() + self.settings.settle_seconds
                await self.tables.update(live, self.fields(live, period))
            else:
                stage = None if period is None else period.stage
                if stage is None or stage.seat != seat:
                    return refuse(live, WAIT_REASON, "SRV-2")
                assert period is not None
                if not stage.waited:
                    stage.waited = True
                    stage.until = max(stage.until, stage.start + live.row.response_seconds)
                    fields = self.fields(live, period)
                    fields["due_at"] = stage.until
                    await self.tables.update(live, fields)
        outcome = Outcome(True, live.public_step)
        if on_done is not None:
            on_done(outcome)  # the person's acknowledgement goes first
        await self.announce(live)
        return outcome
