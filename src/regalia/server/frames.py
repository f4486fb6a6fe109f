"""What one seat is shown: state frames, table and seat descriptions.

A frame is built only from the core's per-seat outputs — ``view(seat)`` (with its prompt),
``legal_choices()`` for the seat that decides, and ``events_for(events, seat)`` — never from a
snapshot, a record or another seat's choices.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from regalia.core import State, get_game
from regalia.core.events import Event
from regalia.server.live import ONLINE_SECONDS, LiveTable
from regalia.server.periods import CONTINUE, stage_decision
from regalia.server.protocol import ChatOut, EventOut, Response, SeatInfo, TableInfo
from regalia.server.schema import SeatRow, TableRow
from regalia.server.store import Chat
from regalia.server.tokens import decision_id

CONTINUE_CHOICE: dict[str, Any] = {
    "text": CONTINUE,
    "label": "you have nothing to play in this response window: let the table go on",
    "id": -1,
    "group": CONTINUE,
    "keys": [],
    "alike": [],
}
"""The only choice of a person's stage in which the rules ask them nothing (SRV-2), as a
:class:`~regalia.server.protocol.Choice`'s JSON."""
FORCED_PROMPT = "Your only choice — {label} — is played for you in a moment (your preference: forced moves)."
"""The prompt of a person's decision that the server plays for them (``LiveTable.forced_text``)."""
CONTINUE_PROMPT = (
    "The table is asking for responses to the last move before it shows it (SRV-2). You have "
    "nothing to play at this turn: continue."
)


def event_json(e: Event) -> dict[str, Any]:
    """An event as sent, the JSON of an :class:`~regalia.server.protocol.EventOut`: kind, words,
    acting seat, data, and whether only some seats saw it."""
    return {"kind": e.kind, "text": e.text, "seat": e.seat, "data": e.data, "private": e.visible_to is not None}


def event_out(e: Event) -> EventOut:
    """An event as sent, as a model (:func:`event_json`) for the messages built as models."""
    return EventOut(**event_json(e))


def seat_info(s: SeatRow, now: float | None = None) -> SeatInfo:
    """A seat as everyone may see it (name, kind, bot, who plays it, online)."""
    now = time.time() if now is None else now
    online = bool(s.online) and s.seen_at is not None and s.seen_at >= now - ONLINE_SECONDS
    return SeatInfo(
        seat=s.seat,
        name=s.name or f"P{s.seat}",
        kind="bot" if s.kind == "bot" else "human",
        bot=s.bot if s.kind == "bot" else None,
        controller=s.controller if s.controller in ("open", "human", "bot") else "bot",  # type: ignore[arg-type]
        online=online if s.kind == "human" else True,
        account=s.kind == "human" and s.account_id is not None,
    )


def table_status(row: TableRow, suspended: bool) -> str:
    """``suspended`` for a running table this server cannot continue, else the row's status."""
    return "suspended" if suspended and row.status == "running" else row.status


def public_deadline(row: TableRow) -> float | None:
    """The deadline of the decision everyone sees at the table (seconds since the epoch), or
    ``None``: no move clock, the game over, or a response period under way (the decision then
    pending may be a hidden window's, whose seat nobody else may learn; SRV-2)."""
    if row.status != "running" or row.period is not None or row.deadline is None or row.deadline_step != row.step:
        return None
    return row.deadline


def table_info(row: TableRow, seats: list[SeatRow], *, suspended: bool = False) -> TableInfo:
    """A table's public description (no token, invite or secret)."""
    try:
        game = get_game(row.game)
        title = game.title
        suspended = suspended or game.rules_version != row.rules_version
    except ValueError:
        title = row.game
    now = time.time()
    return TableInfo(
        table=row.id,
        game=row.game,
        title=title,
        players=row.players,
        name=row.name,
        rated=bool(row.rated),
        status=table_status(row, suspended),  # type: ignore[arg-type]
        private=row.private,
        spectators=row.spectators,
        options=dict(row.options),
        rules_version=row.rules_version,
        seats=[seat_info(s, now) for s in seats],
        open_seats=[s.seat for s in seats if s.kind == "human" and s.token_hash is None],
        host_seat=row.host_seat,
        turn_seconds=row.turn_seconds,
        on_timeout=row.on_timeout,  # type: ignore[arg-type]
        mode=row.mode,  # type: ignore[arg-type]
        days_per_move=row.days_per_move,
        deadline=public_deadline(row),
        deadline_seat=row.to_act if public_deadline(row) is not None else None,
        response_seconds=row.response_seconds,
        fair_windows=row.fair_windows,
        standin=row.standin,
        step=row.public_step,
        created_at=row.created_at,
        finished_at=row.updated_at if row.status == "over" else None,
        result=row.result if row.status == "over" else None,
    )


@dataclass
class Cursor:
    """What one socket has been sent: the move count its last frame showed (its events went up
    to there), the frame's content and the response period's, so that only changes are sent."""

    step: int = -1
    key: object = ""
    generation: int = 0
    response: tuple[bool, int | None, float | None] = (False, None, None)

    def copy(self) -> Cursor:
        """A copy (the fields are immutable or never changed in place)."""
        return Cursor(self.step, self.key, self.generation, self.response)


def response_for(live: LiveTable, cursor: Cursor) -> Response | None:
    """The table's response period as everyone sees it (SRV-2), if it changed since ``cursor``
    (which is updated), else ``None``."""
    period = live.period
    stage = None if period is None else period.stage
    now = (period is not None, None if stage is None else stage.seat, None if stage is None else stage.until)
    if now == cursor.response:
        return None
    cursor.response = now
    return Response(open=now[0], seat=now[1], deadline=now[2], now=time.time())


def frame_for(live: LiveTable, seat: int | None, cursor: Cursor, *, full: bool = False) -> dict[str, Any] | None:
    """The frame for ``seat`` (``None``: spectator) if it differs from what ``cursor`` was
    sent, else ``None``; updates ``cursor``.

    During a response period (SRV-2) everyone is shown the table as it was before the move
    that began it, except the person asked now in a real window (the working state, with its
    choices) and a person who answered one earlier in the period (the table they answered,
    without choices); a person whose turn asks nothing is offered ``continue``. A frame never
    goes back to an older state than the socket was already shown.

    Args:
        full: send the whole event log (a new socket, or ``sync``), even if nothing changed.

    Returns:
        the frame as the JSON of a :class:`~regalia.server.protocol.StateFrame` without its
        ``frame`` id (a dict of JSON values: the content compared with the last frame sent, then
        the events and ``full``; built as plain data, not as the model, because a frame is made
        for every socket after every move — the tests check every frame of whole games against
        the model), or ``None``.
    """
    if cursor.generation != live.generation:  # the table went back (undo): everything again
        cursor.generation, full = live.generation, True
    state: State = live.shown_state(seat)
    step = len(state.history)
    if step < cursor.step and not full:
        return None
    row = live.row
    status = live.status()
    controller = live.controller(seat) if seat is not None else None
    decision, legal, prompt = _decision(live, state, seat, controller, status, step)
    clock = _clock(live, state, seat)
    view = state.view(seat)
    if prompt is None:
        prompt = str(view.get("prompt", ""))
    over = row.status == "over" and step == live.step
    frame_core: dict[str, Any] = {
        "step": live.public_step_at(step),
        "decision": decision,
        "status": status,
        "controller": controller,
        "view": view,
        "prompt": prompt,
        "legal": legal,
        "clock": None if clock is None else (clock["seat"], clock["deadline"]),
        "result": row.result if over else None,  # the table's result: the rules', forfeits ranked last
    }
    key = frame_core  # compared as a dict: cheaper than encoding it (the frame is encoded once, when sent)
    if not full and key == cursor.key:
        return None
    since = 0 if full else max(cursor.step, 0)
    events: list[dict[str, Any]] = []
    for move_events in live.events[since:step]:
        for e in state.events_for(move_events, seat):
            events.append(event_json(e))
    cursor.step = step
    cursor.key = key
    frame: dict[str, Any] = {
        "type": "state",
        "table": row.id,
        "seat": seat,
        **frame_core,
        "events": events,
        "full": full,
    }
    frame["clock"] = clock  # the whole clock: the key compares only whose it is and its deadline
    return frame


def _decision(
    live: LiveTable, state: State, seat: int | None, controller: str | None, status: str, step: int
) -> tuple[str | None, list[dict[str, Any]], str | None]:
    """What ``seat`` is asked in the frame of ``state``: the decision id (``None``: nothing),
    its legal choices (``Choice`` JSON; empty unless the seat plays itself) and a prompt that
    replaces the view's (``None``: the view's)."""
    if status != "running" or seat is None:
        return None, [], None
    row = live.row
    period = live.period
    stage = None if period is None else period.stage
    if period is not None and stage is not None and stage.seat == seat:
        decision = stage_decision(row.secret, period)
        if controller != "human":
            return decision, [], None
        if stage.real:
            return decision, state.legal_choices(), None
        return decision, [CONTINUE_CHOICE], CONTINUE_PROMPT
    if period is None and state.current_player == seat and step == live.step:
        decision = decision_id(row.secret, step)
        forced = live.forced_text() if controller == "human" else None
        if forced is not None:
            return decision, [], FORCED_PROMPT.format(label=state.label(forced))
        return decision, state.legal_choices() if controller == "human" else [], None
    return None, [], None


def _clock(live: LiveTable, state: State, seat: int | None) -> dict[str, Any] | None:
    """The clock ``seat`` is shown (a :class:`~regalia.server.protocol.Clock`'s JSON): during a
    response period (SRV-2), the person asked now sees their turn's end and everyone else none
    (the ``response`` message shows it to all); else the move clock of the decision shown."""
    row = live.row
    if state.is_terminal or live.status() != "running":
        return None
    now = time.time()
    period = live.period
    if period is not None:
        stage = period.stage
        if stage is not None and stage.seat == seat:
            return {"seat": seat, "deadline": stage.until, "turn_seconds": row.turn_seconds, "now": now}
        return None
    if row.turn_seconds is None:
        return None
    step = len(state.history)
    deadline = row.deadline if row.deadline_step == step and step == live.step else None
    return {"seat": state.current_player, "deadline": deadline, "turn_seconds": row.turn_seconds, "now": now}


def chat_out(live: LiveTable, chat: Chat) -> ChatOut:
    """A chat message as sent to the table's sockets, with the name its seat goes by."""
    return ChatOut(id=chat.id, seat=chat.seat, name=live.seat_name(chat.seat), text=chat.text, at=chat.at)
