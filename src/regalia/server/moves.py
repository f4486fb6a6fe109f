"""Moves: checking a move against the table, applying it with ``State.apply`` (the only way a
move is ever applied), committing it, and what the table row becomes after it.

A move is applied to a clone of the table's state, committed in one transaction with the table
row (unique ``(table, step)``, and the row's compare-and-set), and only then acknowledged, taken
in memory and announced. A refused move changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from regalia.core import IllegalActionError, State, is_public_move
from regalia.core.state import MAX_ACTION_TEXT
from regalia.server.committer import Write
from regalia.server.dependencies import Clock
from regalia.server.live import LiveTable, is_hidden_decision
from regalia.server.notices import notice
from regalia.server.periods import Period, stage_decision
from regalia.server.settings import ServerSettings
from regalia.server.store import Move, MovedBy
from regalia.server.tables import Announce, TableCache, set_fields
from regalia.server.tokens import decision_id

WAIT_REASON = "the table is waiting for responses to the last move; wait for it"
"""The refusal of a move sent while a response period runs, the same for every seat not being
asked, whatever the period is about (SRV-2)."""


@dataclass(frozen=True)
class Outcome:
    """The answer to a submitted move: accepted (``step`` is the public step after it) or
    refused (``reason``, ``rule``; ``step`` is the current public step; ``stale``: the client's
    frame is out of date, so it is sent the current one)."""

    accepted: bool
    step: int
    action: str | None = None
    reason: str = ""
    rule: str | None = None
    stale: bool = False


def refuse(live: LiveTable, reason: str, rule: str | None = None, *, stale: bool = False) -> Outcome:
    """A refused :class:`Outcome` at ``live``'s public step."""
    return Outcome(False, live.public_step, reason=reason, rule=rule, stale=stale)


def is_fair(live: LiveTable) -> bool:
    """Whether the table asks hidden windows in response periods (SRV-2): a game with hidden
    response windows, two or more seats, and ``fair_windows`` on."""
    return bool(live.row.fair_windows) and live.state.game.hidden_responses and live.row.players > 1


def plan_clock(live: LiveTable, state: State, step: int, now: float, reminder: float) -> dict[str, Any]:
    """The table row's move clock and due time for the decision ``state`` shows at ``step`` (no
    response period running): due now for a bot or a forced move; for a person, their deadline
    (``turn_seconds`` after the decision was first shown) — at a turn-based table due first
    ``reminder`` seconds before it, when the reminder is still to be sent and falls after the
    decision began — and nothing without a clock."""
    row = live.row
    if row.status != "running" or state.is_terminal:
        return {"due_at": None, "deadline": None, "deadline_step": None}
    seat = state.current_player
    assert seat is not None
    if live.controller(seat) == "bot" or live.forced_text(state) is not None:
        return {"due_at": now, "deadline": None, "deadline_step": None}
    if row.turn_seconds is None:
        return {"due_at": None, "deadline": None, "deadline_step": None}
    deadline, deadline_step = row.deadline, row.deadline_step
    if deadline_step != step or deadline is None:
        deadline, deadline_step = now + row.turn_seconds, step
    remind_at = reminder_time(live, deadline, step, reminder)
    due = deadline if remind_at is None else max(now, remind_at)
    return {"due_at": due, "deadline": deadline, "deadline_step": deadline_step}


def reminder_time(live: LiveTable, deadline: float, step: int, reminder: float) -> float | None:
    """When the reminder of the decision at ``step`` is due (``reminder`` seconds before its
    ``deadline``), or ``None``: not a turn-based table, the reminder sent already, or a reminder
    that would come no later than the decision itself (an allowance of ``reminder`` or less)."""
    row = live.row
    if row.mode != "turn-based" or row.reminded_step == step or row.turn_seconds is None:
        return None
    return deadline - reminder if reminder < row.turn_seconds else None


def with_forfeits(result: dict[str, Any], live: LiveTable) -> dict[str, Any]:
    """The game's result as the table records it: the rules' result, with every person who
    forfeited (a turn-based table's time-out with ``on_timeout`` ``forfeit``) ranked last — tied
    with each other — whatever the stand-in made of their seat, left out of the winners, named in
    ``forfeited`` and in the text."""
    gone = [s.seat for s in live.seats if s.forfeited_at is not None]
    if not gone:
        return result
    kept = [dict(x) for x in result.get("standings", []) if x["seat"] not in gone]
    for x in kept:  # ranked again among those who stayed (1, 2, 2, 4), before every forfeit
        x["rank"] = 1 + sum(1 for y in result["standings"] if y["seat"] not in gone and y["rank"] < x["rank"])
    standings = kept + [{"seat": seat, "rank": len(kept) + 1, "score": None} for seat in gone]
    names = ", ".join(live.seat_name(seat) for seat in gone)
    text = f"{result.get('text', '')} {names} forfeited (their time ran out) and rank last.".strip()
    winners = [w for w in result.get("winners", []) if w not in gone]
    return {**result, "winners": winners, "standings": standings, "forfeited": gone, "text": text}


def expected_decision(live: LiveTable, seat: int) -> str | None:
    """The decision id ``seat``'s frame carries now (``None``: it decides nothing)."""
    period = live.period
    if period is not None:
        if period.stage is not None and period.stage.seat == seat:
            return stage_decision(live.row.secret, period)
        return None
    if live.state.current_player == seat:
        return decision_id(live.row.secret, live.step)
    return None


def check_person(
    live: LiveTable, seat: int, step: int | None, decision: str | None, *, pseudo: bool = False
) -> Outcome | None:
    """The refusal of a person's move (or, ``pseudo``, their ``continue`` of a response
    period's stage) that does not fit the table now, else ``None``: the table not running, a
    response period asking someone else (one wording for all, SRV-2), a frame out of date, the
    stand-in playing the seat, or not the seat's decision."""
    status = live.status()
    if status == "waiting":
        return refuse(live, "the table is waiting for players; the host may start it with bots in the open seats")
    if status == "over":
        return refuse(live, "the game is over")
    if live.suspended is not None:
        return refuse(live, live.suspended)
    period = live.period
    if period is not None and (period.stage is None or period.stage.seat != seat):
        return refuse(live, WAIT_REASON, "SRV-2", stale=True)
    shown = live.public_step_at(len(live.shown_state(seat).history))
    if (step is not None and step != shown) or (decision is not None and decision != expected_decision(live, seat)):
        return refuse(live, f"the table has moved on: it is at step {shown}, you answered step {step}", stale=True)
    if live.controller(seat) != "human":
        return refuse(live, "the stand-in bot plays your seat now; send reclaim to take it back")
    if period is not None:
        stage = period.stage
        assert stage is not None
        if stage.real == pseudo:
            return refuse(
                live,
                "you have no response to make now: send continue"
                if pseudo is False
                else "answer your response window with one of its choices",
                "SRV-2",
            )
        return None
    if live.state.current_player != seat:
        return refuse(live, f"it is not {live.seat_name(seat)}'s decision now", stale=True)
    return None


class Moves:
    """Submitting moves: a person's (checked against their frame and the table) and the
    server's own (a bot's, the stand-in's, the clock's, a forced one; checked against the move
    count they were computed for).

    Args:
        settings: the server's settings (``settle_seconds``).
        tables: the table cache (reads and the group commit).
        clock: the time of moves.
        announce: tells this process's sockets of a change and schedules what the table waits
            for next (the master's).
    """

    def __init__(
        self,
        settings: ServerSettings,
        tables: TableCache,
        clock: Clock,
        announce: Announce,
        ended: Callable[[str], None] | None = None,
    ) -> None:
        self.settings = settings
        self.tables = tables
        self.clock = clock
        self.announce = announce
        self.ended = ended
        """Called with a table's id once a move of this process that ends its game is committed,
        at a table where a seat is bound to an account (the others leave no history: a guest
        seat claimed by an account later writes its own, ``Results.claimed``)."""

    async def submit(
        self,
        table_id: str,
        seat: int,
        action: str | int,
        *,
        by: MovedBy = "human",
        step: int | None = None,
        decision: str | None = None,
        expect_step: int | None = None,
        on_commit: Callable[[Outcome], None] | None = None,
    ) -> Outcome:
        """Apply, commit and announce one move of ``seat``.

        Args:
            action: the action's text or integer id.
            by: ``human`` (checked against ``step``/``decision``, the seat's controller and the
                response period), or one of the server's own movers (checked against ``expect_step``).
            step: the public step of the frame a person answers.
            decision: the decision id of that frame (optional; refused if it is not the current one).
            expect_step: the move count a server move was computed for.
            on_commit: called with the outcome once the move is committed, before anyone else
                is told (the mover's acknowledgement goes first).

        Returns:
            the outcome; a refused move changed nothing.

        Raises:
            TableNotFound, TableUnavailable: no table to move at.
        """
        async with self.tables.locked(table_id) as live:
            outcome = await self.submit_locked(live, seat, action, by, step, decision, expect_step)
        if outcome.accepted:
            if on_commit is not None:
                on_commit(outcome)
            await self.announce(live)
        return outcome

    async def submit_locked(
        self,
        live: LiveTable,
        seat: int,
        action: str | int,
        by: MovedBy,
        step: int | None,
        decision: str | None,
        expect_step: int | None,
        *,
        retry: bool = True,
    ) -> Outcome:
        """Check, apply and commit one move (the caller holds ``live.lock``); the table in memory
        changes only once the move is committed."""
        state = live.state
        if by == "human":
            refusal = check_person(live, seat, step, decision)
            if refusal is not None:
                return refusal
        else:
            if live.status() != "running" or live.suspended is not None:
                return refuse(live, "the table is not running")
            if (expect_step is not None and expect_step != live.step) or state.current_player != seat:
                return refuse(live, "the table has moved on", stale=True)
        if isinstance(action, str) and len(action) > 4 * MAX_ACTION_TEXT:
            return refuse(live, f"an action text is at most {MAX_ACTION_TEXT} characters")
        hidden = is_hidden_decision(state)
        new = state.clone()
        try:
            events = new.apply(action)
        except IllegalActionError as exc:
            return refuse(live, exc.reason, exc.rule)
        now = self.clock.now()
        played = new.history[-1]
        public = is_public_move(hidden, state.is_decline(played), seat, events)
        move = Move(live.step + 1, seat, str(played), public, by, now)
        fields = self.fields_after_move(live, new, move, now)
        write = Write(
            live.row.id, fields, move=move, notify=notice("move", live.row.id, self.tables.process, step=move.step)
        )
        if not await self.tables.write(live, write):
            await self.tables.refresh(live, force=True)
            if retry:  # this process's copy was behind (another process moved): judge it again
                return await self.submit_locked(live, seat, action, by, step, decision, expect_step, retry=False)
            return refuse(live, "another move was made first", stale=True)
        live.add_move(move, new, events, before=state)
        set_fields(live, {"step": move.step, **fields})
        if new.is_terminal and self.ended is not None and any(s.account_id is not None for s in live.seats):
            self.ended(live.row.id)
        return Outcome(True, live.public_step, action=move.action)

    def fields_after_move(self, live: LiveTable, new: State, move: Move, now: float) -> dict[str, Any]:
        """The table row's new values after ``move``: the public step, the response period
        (SRV-2: a public move begins one when it reaches response turns; a hidden answer adds
        its turns and ends the stage it answered), what everyone is shown, clocks, status."""
        row = live.row
        fields: dict[str, Any] = {
            "public_step": row.public_step + (1 if move.public else 0),
            "updated_at": now,
            "to_act": new.current_player,
            "bot_step": None,
            "bot_until": None,
        }
        period = live.period
        if new.is_terminal:
            fields.update(
                status="over",
                result=with_forfeits(new.result() or {}, live),
                deadline=None,
                deadline_step=None,
                due_at=None,
                period=None,
                period_no=row.period_no + 1,
                released_step=move.step,
                shown_at=now,
            )
            return fields
        if move.public or period is None:
            turns = list(new.response_turns()) if move.public and is_fair(live) else []
            if turns:
                fresh = Period(opened=move.step, turns=turns, next=now + self.settings.settle_seconds)
                fields.update(
                    period=fresh.to_json(), period_no=row.period_no + 1, released_step=move.step - 1, due_at=now
                )
                return fields
            fields.update(period=None, released_step=move.step, shown_at=now)
            if period is not None:
                fields["period_no"] = row.period_no + 1
            fields.update(plan_clock(live, new, move.step, now, self.settings.reminder_seconds))
            return fields
        # a hidden answer in the period: the turn it answered (the last recorded) is done
        answered = len(period.turns)
        period.turns.extend(new.response_turns())
        period.at = max(period.at, answered)
        if period.stage is not None and period.stage.seat == move.seat:
            period.stage = None
            period.next = now + self.settings.settle_seconds
        fields.update(period=period.to_json(), period_no=row.period_no + 1, due_at=now)
        return fields
