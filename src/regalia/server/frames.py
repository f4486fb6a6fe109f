"""What one seat is shown: state frames, table and seat descriptions.

A frame is built only from the core's per-seat outputs — ``view(seat)`` (with its prompt),
``legal_choices()`` for the seat that decides, and ``events_for(events, seat)`` — never from a
snapshot, a record or another seat's choices.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from regalia.core import State, get_game
from regalia.core.events import Event
from regalia.server.live import LiveTable, is_hidden_decision
from regalia.server.protocol import (
    Choice,
    Clock,
    EventOut,
    SeatInfo,
    StateFrame,
    TableInfo,
)
from regalia.server.storage import SeatRow, TableRow
from regalia.server.tokens import decision_id

ONLINE_SECONDS = 15.0
"""A seat counts as online while a process has marked it seen within this many seconds."""


def event_out(e: Event) -> EventOut:
    """An event as sent: kind, words, acting seat, data, and whether only some seats saw it."""
    return EventOut(kind=e.kind, text=e.text, seat=e.seat, data=e.data, private=e.visible_to is not None)


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
    )


def table_status(row: TableRow, suspended: bool) -> str:
    """``suspended`` for a running table this server cannot continue, else the row's status."""
    return "suspended" if suspended and row.status == "running" else row.status


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
        window_seconds=row.window_seconds,
        standin=row.standin,
        step=row.public_step,
        created_at=row.created_at,
        updated_at=row.updated_at,
        result=row.result if row.status == "over" and row.release_at is None else None,
    )


@dataclass
class Cursor:
    """What one socket has been sent: the move count its last frame showed (its events went up
    to there) and the frame's content, so that only changes are sent."""

    step: int = -1
    key: str = ""
    generation: int = 0


def frame_for(live: LiveTable, seat: int | None, cursor: Cursor, *, full: bool = False) -> StateFrame | None:
    """The frame for ``seat`` (``None``: spectator) if it differs from what ``cursor`` was
    sent, else ``None``; updates ``cursor``.

    The seat answering a hidden decision during a response period is shown the working state;
    every other socket the released state (SRV-1). A frame never goes back to an older state
    than the socket was already shown.

    Args:
        full: send the whole event log (a new socket, or ``sync``), even if nothing changed.
    """
    if cursor.generation != live.generation:  # the table went back (undo): everything again
        cursor.generation, full = live.generation, True
    hidden = live.hidden_decider()
    own_window = seat is not None and seat == hidden
    state: State = live.state if own_window else live.released_state
    step = len(state.history)
    if step < cursor.step:
        if not full:
            return None
        state, step, own_window = live.state, live.step, True  # a resync of the window's own seat
    row = live.row
    status = live.status()
    decider = state.current_player
    controller = live.controller(seat) if seat is not None else None
    deciding = seat is not None and decider == seat and status == "running" and step == live.step
    legal: list[Choice] = []
    decision = None
    if deciding:
        decision = decision_id(row.secret, step)
        if controller == "human":
            legal = [Choice(**c) for c in state.legal_choices()]
    clock = _clock(live, state, seat, own_window)
    view = state.view(seat)
    prompt = str(view.get("prompt", ""))
    over = row.status == "over" and step == live.step
    frame_core: dict[str, Any] = {
        "step": live.public_step_at(step),
        "decision": decision,
        "status": status,
        "controller": controller,
        "view": view,
        "legal": [c.model_dump() for c in legal],
        "clock": None if clock is None else [clock.seat, clock.deadline],
        "result": state.result() if over else None,
    }
    key = json.dumps(frame_core, sort_keys=True, default=str)
    if not full and key == cursor.key:
        return None
    since = 0 if full else max(cursor.step, 0)
    events: list[EventOut] = []
    for move_events in live.events[since:step]:
        for e in state.events_for(move_events, seat):
            events.append(event_out(e))
    cursor.step = step
    cursor.key = key
    return StateFrame(
        table=row.id,
        seat=seat,
        step=frame_core["step"],
        decision=decision,
        status=status,  # type: ignore[arg-type]
        controller=controller,  # type: ignore[arg-type]
        view=view,
        prompt=prompt,
        legal=legal,
        events=events,
        full=full,
        clock=clock,
        result=frame_core["result"],
    )


def _clock(live: LiveTable, state: State, seat: int | None, own_window: bool) -> Clock | None:
    """The clock of the decision ``state`` shows to ``seat``: the response period of its own
    hidden decision, or the visible decider's move clock. A hidden decision is never named to
    the other seats (its clock shows no seat)."""
    row = live.row
    if state.is_terminal or live.status() != "running":
        return None
    now = time.time()
    if own_window:
        return Clock(seat=seat, deadline=row.release_at, turn_seconds=row.turn_seconds, now=now)
    if row.turn_seconds is None:
        return None
    if is_hidden_decision(state) and state.current_player != seat:
        return Clock(seat=None, deadline=None, turn_seconds=row.turn_seconds, now=now)
    step = len(state.history)
    deadline = row.deadline if row.deadline_step == step and step == live.step else None
    return Clock(seat=state.current_player, deadline=deadline, turn_seconds=row.turn_seconds, now=now)
