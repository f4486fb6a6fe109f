"""A table in one process's memory: the state rebuilt from the database, the events of every
move, and the *released* state of ruling SRV-1.

The database is the truth; a :class:`LiveTable` is a cache that :meth:`LiveTable.catch_up` brings
to the committed moves (another process may have committed some). Rebuilding a table from its
seed and moves takes milliseconds, so any process can serve any table.

**Ruling SRV-1 (response windows without a timing leak).** A decision is *hidden* when the core
shows it only to its addressee (``State.decider_hidden``): every other seat is shown the decision
underneath (Kingdom's and Kingship's response windows, KD-X2, KS-6). On a table with
``window_seconds`` W > 0, every public move opens a response period of
exactly W seconds (a move is public when a spectator can tell it happened: a public event, or
a change of the spectator's view). During it the other seats are still shown the table as it was before the
move (the *released* state) while hidden decisions are offered to their seats and answered; when
the period ends, whatever is still hidden is answered for its seat (``pass`` when offered, else
the stand-in bot), and everyone is shown the table at once. So every public move is followed by
the same pause whether or not anyone was asked, and the frames of the seats not asked are the
same in shape, content and timing either way. The public ``step`` counts only public moves, so
its numbers do not count hidden answers either.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field

from regalia.core import State, get_game, make, seat_name
from regalia.core.events import Event
from regalia.server.storage import SeatRow, TableRow
from regalia.server.store import Move


class TableUnavailable(Exception):
    """A table this server cannot rebuild (unknown game, or moves its rules no longer accept)."""


def is_hidden_decision(state: State) -> bool:
    """Whether the pending decision is hidden from the other seats (SRV-1): a response window
    the core shows only to its addressee (``State.decider_hidden``). Never in a one-seat game
    or after the end."""
    if state.current_player is None or state.num_players < 2:
        return False
    return state.decider_hidden()


def is_public_move(before: State, after: State, events: list[Event]) -> bool:
    """Whether a spectator can tell that a move happened (SRV-1): it caused a public event, or
    the spectator's view (with its prompt) changed. Only such moves count in the public step
    and open a response period."""
    if any(e.visible_to is None for e in events):
        return True
    return bool(before.view(None) != after.view(None))


@dataclass
class LiveTable:
    """One table in memory.

    Attributes:
        row, seats: the table's database rows as last read.
        state: the working state after every committed move.
        moves: the committed moves.
        events: ``events[i]`` are the events move ``i + 1`` caused.
        released: the state every seat but a hidden decider is shown (SRV-1): the state after
            ``row.released_step`` moves (``state`` itself when nothing is held).
        public_at: ``public_at[k]`` is the move count at which the public step became ``k``.
        suspended: why this server refuses moves at this table (its rules version is not this
            server's), or ``None``.
        lock: serialises this process's changes to the table.
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
            self.events.append(events)
            if m.public:
                self.public_at.append(m.step)

    def add_move(self, move: Move, state: State, events: list[Event]) -> None:
        """Record a move this process just committed (``state`` is the working state after it)."""
        self.state = state
        self.moves.append(move)
        self.events.append(events)
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
            released = make(row.game, players=row.players, seed=int(row.seed), **dict(row.options))
            for m in self.moves[:target]:
                released.apply(m.action)
            self.released = released
        self.used_at = time.time()

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
    def held(self) -> bool:
        """Whether a response period is running (SRV-1)."""
        return self.row.release_at is not None

    def public_step_at(self, step: int) -> int:
        """The public step after ``step`` moves."""
        count = 0
        for s in self.public_at[1:]:
            if s > step:
                break
            count += 1
        return count

    def hidden_decider(self) -> int | None:
        """The seat answering a hidden decision now during a response period, or ``None``."""
        if not self.held or self.state.is_terminal:
            return None
        return self.state.current_player if is_hidden_decision(self.state) else None

    def seat_row(self, seat: int) -> SeatRow:
        return self.seats[seat]

    def controller(self, seat: int) -> str:
        """Who plays ``seat`` now: ``open``, ``human`` or ``bot``."""
        return self.seats[seat].controller

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
