"""A table in one process's memory: the state rebuilt from the database, the events of every
move, and what each seat is shown during a response period (ruling SRV-2,
:mod:`regalia.server.periods`).

The database is the truth; a :class:`LiveTable` is a cache that :meth:`LiveTable.catch_up` brings
to the committed moves (another process may have committed some). Rebuilding a table from its
seed and moves takes milliseconds, so any process can serve any table.
"""

from __future__ import annotations

import asyncio
import bisect
import time
from dataclasses import dataclass, field

from regalia.core import State, get_game, make, seat_name
from regalia.core.events import Event
from regalia.server.periods import Period, Stage
from regalia.server.schema import SeatRow, TableRow
from regalia.server.store import Move

ONLINE_SECONDS = 15.0
"""A seat counts as online while a process has marked it seen within this many seconds."""
AWAY_GRACE = 5.0
"""A person whose last socket closed (or who took the seat) less than this many seconds ago is
still at the table: their turns in response periods wait for them (SRV-2)."""


class TableUnavailable(Exception):
    """A table this server cannot rebuild (unknown game, or moves its rules no longer accept)."""


def is_hidden_decision(state: State) -> bool:
    """Whether the pending decision is hidden from the other seats: a response window the core
    shows only to its addressee (``State.decider_hidden``). Never in a one-seat game or after
    the end."""
    if state.current_player is None or state.num_players < 2:
        return False
    return state.decider_hidden()


FORCED_NOTE = "Your only choice was played for you: taking it tells nobody anything (your preference: forced moves)."
ORDER_NOTE = "Your standing order answered a hidden response window for you (ruling SRV-3)."


def with_server_notes(move: Move, events: list[Event], name: str) -> list[Event]:
    """A move's events, with — after the rules' events — a note of how the server played it when
    it played it for a person: their only choice (``by="forced"``, :meth:`LiveTable.forced_text`)
    and their standing order at a turn-based table (``order``, SRV-3), each seen by that seat
    alone; a move clock that ran out (``clock``), seen by everyone (a deadline is public).

    Args:
        name: the name the mover's seat goes by (``LiveTable.seat_name``).
    """
    if move.by == "forced":
        note = Event("played_for_you", FORCED_NOTE, move.seat, frozenset((move.seat,)), {"action": move.action})
    elif move.by == "order":
        note = Event("played_for_you", ORDER_NOTE, move.seat, frozenset((move.seat,)), {"action": move.action})
    elif move.by == "clock":
        text = f"{name}'s time ran out: the stand-in bot played this decision for them"
        note = Event("timed_out", text, move.seat, None, {})
    else:
        return events
    return [*events, note]


@dataclass
class LiveTable:
    """One table in memory.

    Attributes:
        row, seats: the table's database rows as last read.
        state: the working state after every committed move.
        moves: the committed moves.
        events: ``events[i]`` are the events move ``i + 1`` caused.
        released: the state everyone is shown while a response period holds moves back: the
            state after ``row.released_step`` moves (``state`` itself when nothing is held).
        public_at: ``public_at[k]`` is the move count at which the public step became ``k``.
        suspended: why this server refuses moves at this table (its rules version is not this
            server's), or ``None``.
        lock: serialises this process's changes to the table.
        dirty: the database may be ahead of this copy (another process wrote, or a write's
            outcome is unknown): read it again before use.
    """

    row: TableRow
    seats: list[SeatRow]
    state: State
    moves: list[Move] = field(default_factory=list)
    events: list[list[Event]] = field(default_factory=list)
    released: State | None = None
    public_at: list[int] = field(default_factory=lambda: [0])
    suspended: str | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    used_at: float = field(default_factory=time.time)
    dirty: bool = False
    _before: State | None = None

    # ------------------------------------------------------------------ building
    @classmethod
    def build(cls, row: TableRow, seats: list[SeatRow], moves: list[Move]) -> LiveTable:
        """Rebuild a table from its rows and moves.

        Raises:
            TableUnavailable: the game is unknown here, or a stored move is refused.
        """
        try:
            game = get_game(row.game)
        except ValueError as exc:
            raise TableUnavailable(str(exc)) from None
        suspended = None
        if row.rules_version != game.rules_version:
            suspended = (
                f"this table was started under the rules of {game.title} {row.rules_version}; this server plays "
                f"{game.rules_version}, so it shows the table but takes no moves (rules_version)"
            )
        try:
            state = make(row.game, players=row.players, seed=int(row.seed), **dict(row.options))
        except ValueError as exc:
            raise TableUnavailable(f"table {row.id}: {exc}") from None
        live = cls(row=row, seats=seats, state=state, suspended=suspended)
        live.catch_up(moves)
        live.state.undos = row.undos
        live.set_rows(row, seats)
        return live

    def replace_with(self, other: LiveTable) -> None:
        """Take everything of ``other`` (a rebuild after an undo), keeping this object and its lock."""
        self.row, self.seats, self.state = other.row, other.seats, other.state
        self.moves, self.events, self.public_at = other.moves, other.events, other.public_at
        self.released, self.suspended = other.released, other.suspended

    @property
    def generation(self) -> int:
        """How many times the table went back (undo): frames of an older generation are resent whole."""
        return self.row.undos

    def catch_up(self, moves: list[Move]) -> None:
        """Apply moves committed after ``len(self.moves)`` (older ones are skipped).

        Raises:
            TableUnavailable: a stored move is refused by the rules (another rules version).
        """
        for m in moves:
            if m.step <= len(self.moves):
                continue
            if m.step != len(self.moves) + 1:
                raise TableUnavailable(f"table {self.row.id}: move {m.step} follows move {len(self.moves)}")
            try:
                events = self.state.apply(m.action)
            except Exception as exc:
                raise TableUnavailable(f"table {self.row.id}: move {m.step} ({m.action!r}) is refused: {exc}") from None
            self.moves.append(m)
            self.events.append(with_server_notes(m, events, self.seat_name(m.seat)))
            if m.public:
                self.public_at.append(m.step)

    def add_move(self, move: Move, state: State, events: list[Event], before: State | None = None) -> None:
        """Record a move this process just committed (``state`` is the working state after it,
        ``before`` the one before, kept as the released state if a response period begins)."""
        self._before = before
        self.state = state
        self.moves.append(move)
        self.events.append(with_server_notes(move, events, self.seat_name(move.seat)))
        if move.public:
            self.public_at.append(move.step)

    def set_rows(self, row: TableRow, seats: list[SeatRow] | None = None) -> None:
        """Take a newer table row (and seats), and bring the released state to
        ``row.released_step``."""
        self.row = row
        if seats is not None:
            self.seats = seats
        target = min(row.released_step, len(self.moves))
        if target == len(self.moves):
            self.released = None
        elif self.released is None or len(self.released.history) != target:
            before = self._before
            self.released = before if before is not None and len(before.history) == target else self.state_at(target)
        self._before = None
        self.used_at = time.time()

    def state_at(self, step: int) -> State:
        """The table's state after its first ``step`` moves (rebuilt from the seed)."""
        if step == len(self.moves):
            return self.state
        if self.released is not None and len(self.released.history) == step:
            return self.released
        state = make(self.row.game, players=self.row.players, seed=int(self.row.seed), **dict(self.row.options))
        for m in self.moves[:step]:
            state.apply(m.action)
        return state

    # ------------------------------------------------------------------ reading
    @property
    def step(self) -> int:
        """The number of committed moves."""
        return len(self.moves)

    @property
    def public_step(self) -> int:
        """The public step: the moves a spectator could tell happened (SRV-1)."""
        return len(self.public_at) - 1

    @property
    def released_state(self) -> State:
        """The state every seat but a hidden decider is shown now."""
        return self.released if self.released is not None else self.state

    @property
    def released_step(self) -> int:
        return len(self.released_state.history)

    @property
    def period(self) -> Period | None:
        """The response period under way (SRV-2), or ``None``."""
        return Period.from_json(self.row.period)

    @property
    def held(self) -> bool:
        """Whether moves are held back from everyone (a response period is under way)."""
        return self.row.period is not None

    def stage(self) -> Stage | None:
        """The person being asked in the response period now, or ``None``."""
        period = self.period
        return None if period is None else period.stage

    def shown_state(self, seat: int | None) -> State:
        """The state ``seat`` is shown now: the working state to a person answering a real
        window in their stage; to a person who answered one earlier in the period, the table
        as it was then; the released state to everyone else."""
        period = self.period
        if period is not None and seat is not None:
            stage = period.stage
            if stage is not None and stage.real and seat == stage.seat:
                return self.state
            if seat in period.shown:
                return self.state_at(period.shown[seat])
        return self.released_state

    def is_away(self, seat: int, now: float) -> bool:
        """Whether a person has left the table for now (``now``: seconds since the epoch): no
        socket of theirs seen within :data:`ONLINE_SECONDS`, and none closed (nor the seat taken)
        within :data:`AWAY_GRACE` seconds — a page being reloaded is not away. Public: every
        seat's presence is shown."""
        s = self.seats[seat]
        if s.online and s.seen_at is not None and s.seen_at >= now - ONLINE_SECONDS:
            return False
        return s.seen_at is None or s.seen_at < now - AWAY_GRACE

    def public_step_at(self, step: int) -> int:
        """The public step after ``step`` moves (``public_at`` rises: a binary search)."""
        return bisect.bisect_right(self.public_at, step, 1) - 1

    def seat_row(self, seat: int) -> SeatRow:
        return self.seats[seat]

    def controller(self, seat: int) -> str:
        """Who plays ``seat`` now: ``open``, ``human`` or ``bot``."""
        return self.seats[seat].controller

    def forced_text(self, state: State | None = None) -> str | None:
        """The move the server plays for the person deciding now, or ``None``: their only legal
        choice, when taking it at once tells nobody anything (``State.forced_action``: never at
        a hidden response window, never a choice single only because of a hidden card), while
        they keep the preference ``forced`` (on unless they turned it off). The master plays it
        at a bot's pace (``bot_move_seconds`` after the decision was shown), stored with
        ``by="forced"``; the person's frame offers no choice meanwhile and says so, and their
        log gets a note that only they see (:func:`with_forced_note`).

        Args:
            state: the table's state (default), or the one a move is about to make it; no
                response period runs at either (the callers see to that).
        """
        state = self.state if state is None else state
        seat = state.current_player
        if seat is None or state.is_terminal or self.controller(seat) != "human":
            return None
        if not (self.seats[seat].prefs or {}).get("forced", True):
            return None
        action = state.forced_action()
        return None if action is None else str(action)

    def bot_spec(self, seat: int) -> str:
        """The bot that plays ``seat`` when a bot does: the seat's own, or the table's stand-in."""
        s = self.seats[seat]
        return s.bot if s.kind == "bot" and s.bot else self.row.standin

    def status(self) -> str:
        """``waiting``, ``running``, ``over`` or ``suspended`` (rules version changed)."""
        if self.suspended is not None and self.row.status == "running":
            return "suspended"
        return self.row.status

    def seat_name(self, seat: int | None) -> str:
        if seat is None:
            return "spectator"
        name = self.seats[seat].name
        return name or seat_name(seat)
