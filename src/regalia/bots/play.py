"""Running a game between bots."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from regalia.core.bot import Bot, InfoSet
from regalia.core.events import Event
from regalia.core.state import State


@dataclass
class GameResult:
    """The outcome of one game played by bots.

    Attributes:
        winners: the winning seats (empty: no winner or truncated).
        returns: one float per seat.
        turns: turns started.
        steps: actions applied.
        truncated: true if ``max_steps`` stopped the game before its end.
        state: the final state.
    """

    winners: tuple[int, ...]
    returns: list[float]
    turns: int
    steps: int
    truncated: bool
    state: State = field(repr=False)


def play_game(
    state: State,
    bots: Sequence[Bot],
    *,
    rng: random.Random | None = None,
    max_steps: int | None = None,
    on_events: Callable[[State, Any, list[Event]], None] | None = None,
) -> GameResult:
    """Play ``state`` to the end, seat ``i`` played by ``bots[i]``.

    Each bot sees only an :class:`InfoSet` of its seat.

    Args:
        state: the state to play on (changed in place).
        bots: one bot per seat.
        rng: the bots' random generator (a fixed default if ``None``).
        max_steps: stop after this many actions (the result is then ``truncated``).
        on_events: called after every action with ``(state, action, events)``.

    Raises:
        ValueError: the number of bots is not the number of seats.
    """
    if len(bots) != state.num_players:
        raise ValueError(f"bots: {len(bots)} bots for {state.num_players} seats")
    rng = rng if rng is not None else random.Random(0)
    steps = 0
    truncated = False
    while not state.is_terminal:
        if max_steps is not None and steps >= max_steps:
            truncated = True
            break
        seat = state.current_player
        assert seat is not None
        action = bots[seat].choose(InfoSet(state, seat, rng))
        events = state.apply(action)
        steps += 1
        if on_events is not None:
            on_events(state, action, events)
    return GameResult(state.winners, state.returns(), state.turns, steps, truncated, state)
