"""The bot interface: a bot sees one seat's information set, never the full state."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any

from regalia.core.state import State


class InfoSet:
    """What one seat may use to decide: its view, its legal actions, and determinizations.

    A bot gets this object, not the state. ``view`` is ``state.view(seat)``; ``sample()``
    returns ``state.determinize(seat, rng)``, a full state in which everything the seat cannot
    see has been redistributed at random — so no choice made through this object can depend
    on hidden cards.

    Attributes:
        seat: the deciding seat.
        rng: the bot's random generator.
        game_name: the registered game name.
        num_players: the number of seats.
        config: the game's rule options (public).
    """

    __slots__ = ("_legal", "_state", "_view", "config", "game_name", "num_players", "rng", "seat")

    def __init__(self, state: State, seat: int, rng: random.Random) -> None:
        self._state = state
        self.seat = seat
        self.rng = rng
        self.game_name = state.game.name
        self.num_players = state.num_players
        self.config = state.config
        self._view: dict[str, Any] | None = None
        self._legal: list[Any] | None = None

    @property
    def view(self) -> dict[str, Any]:
        """``state.view(seat)`` (computed once)."""
        if self._view is None:
            self._view = self._state.view(self.seat)
        return self._view

    @property
    def legal_actions(self) -> list[Any]:
        """The legal actions of the deciding seat (computed once)."""
        if self._legal is None:
            self._legal = self._state.legal_actions()
        return self._legal

    def sample(self) -> State:
        """A determinization: a full state consistent with this seat's view."""
        return self._state.determinize(self.seat, self.rng)

    def action_id(self, action: Any) -> int:
        """The integer id of an action."""
        return self._state.action_id(action)

    @property
    def num_actions(self) -> int:
        """The size of the integer action space."""
        return self._state.num_actions


@dataclass(frozen=True)
class Budget:
    """The most one decision of a bot may cost, as its spec sets it (what a server checks a
    bot spec against before it seats the bot).

    Attributes:
        rollouts: playouts a decision at most, as the bot's level counts them (``ismcts:N``:
            ``N``, before the game's ``search_scale``); ``0`` for a bot that plays none;
            ``None`` when only ``seconds`` bounds the search.
        seconds: a time budget in seconds a decision, or ``None`` without one.
    """

    rollouts: int | None = 0
    seconds: float | None = None


class Bot(ABC):
    """A player program. ``choose`` picks one of ``infoset.legal_actions``."""

    name: str = "bot"

    @abstractmethod
    def choose(self, infoset: InfoSet) -> Any:
        """The action to play (one of ``infoset.legal_actions``)."""

    def decision_budget(self) -> Budget:
        """The most one decision may cost (a bot that searches says how much; the default is
        a bot that plays no rollouts and has no time budget)."""
        return Budget()

    def __repr__(self) -> str:
        return f"<bot {self.name}>"


class RandomBot(Bot):
    """Plays a uniformly random legal action."""

    name = "random"

    def choose(self, infoset: InfoSet) -> Any:
        return infoset.rng.choice(infoset.legal_actions)
