"""The bot interface: a bot sees one seat's information set, never the full state.

Compiled with the rules by mypyc (``REGALIA_MYPYC=1``): a search bot builds an :class:`InfoSet`
and asks a policy bot at every step of every rollout. :class:`Bot` and :class:`InfoSet` allow
interpreted subclasses (a bot written in a test or a notebook, the games' bots on the pure build).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any

from mypy_extensions import mypyc_attr

from regalia.core.state import State


@mypyc_attr(allow_interpreted_subclasses=True)
class InfoSet:
    """What one seat may use to decide: its view, its legal actions, and determinizations.

    A bot gets this object, not the state. ``view`` is ``state.view(seat)``; ``summary`` is
    ``state.summary(seat)``, the facts of that view the game's own heuristic bot reads; ``sample()``
    returns ``state.determinize(seat, rng)``, a full state in which everything the seat cannot
    see has been redistributed at random — so no choice made through this object can depend
    on hidden cards.

    Args:
        state: the game, with ``seat`` to act.
        seat: the deciding seat.
        rng: the bot's random generator.
        legal: ``state.legal_actions()`` when the caller already has it (a search's rollout),
            else ``None`` (read when first asked).

    Attributes:
        seat: the deciding seat.
        rng: the bot's random generator.
        game_name: the registered game name.
        num_players: the number of seats.
        config: the game's rule options (public).
    """

    __slots__ = ("_legal", "_state", "_summary", "_view", "config", "game_name", "num_players", "rng", "seat")

    def __init__(self, state: State, seat: int, rng: random.Random, legal: list[Any] | None = None) -> None:
        self._state = state
        self.seat = seat
        self.rng = rng
        self.game_name: str = state.game.name
        self.num_players = state.num_players
        self.config: Any = state.config
        self._view: dict[str, Any] | None = None
        self._summary: Any = None
        self._legal: list[Any] | None = legal

    @property
    def view(self) -> dict[str, Any]:
        """``state.view(seat)`` (computed once)."""
        view = self._view
        if view is None:
            view = self._view = self._state.view(self.seat)
        return view

    @property
    def summary(self) -> Any:
        """``state.summary(seat)`` (computed once): the facts of ``view`` that the game's heuristic
        bot reads, as a compact typed object of the game's (``view`` itself for a game without
        one). Never more than the seat may know: ``tests/conformance`` checks that it is the same
        for every determinization of the seat's information set."""
        summary = self._summary
        if summary is None:
            summary = self._summary = self._state.summary(self.seat)
        return summary

    @property
    def legal_actions(self) -> list[Any]:
        """The legal actions of the deciding seat (computed once)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._state.legal_actions()
        return legal

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


@mypyc_attr(allow_interpreted_subclasses=True)
class Bot(ABC):
    """A player program. ``choose`` picks one of ``infoset.legal_actions``.

    Attributes:
        name: the bot's name as ``make_bot`` knows it (``random``, ``heuristic``, ``ismcts:hard``).
    """

    name: str = "bot"

    def __init__(self) -> None:  # noqa: B027 - empty on purpose: it fixes the signature
        """A bot without levels takes no argument: ``make_bot`` refuses ``random:3`` by the
        ``TypeError`` a call with one raises (a compiled class without an ``__init__`` of its
        own would accept and ignore it)."""

    @abstractmethod
    def choose(self, infoset: InfoSet) -> Any:
        """The action to play (one of ``infoset.legal_actions``)."""

    def decision_budget(self) -> Budget:
        """The most one decision may cost (a bot that searches says how much; the default is
        a bot that plays no rollouts and has no time budget)."""
        return Budget()

    def __repr__(self) -> str:
        return f"<bot {self.name}>"


@mypyc_attr(allow_interpreted_subclasses=True)
class RandomBot(Bot):
    """Plays a uniformly random legal action."""

    name = "random"

    def choose(self, infoset: InfoSet) -> Any:
        return infoset.rng.choice(infoset.legal_actions)


@mypyc_attr(allow_interpreted_subclasses=True)
class HeuristicBot(Bot):
    """The base of the games' ``heuristic`` bots: rules of thumb over one seat's information
    set, no search. A forced choice (a single legal action) is played at once, without reading
    the view or the summary; every other decision goes to :meth:`choose_unforced`.

    Attributes:
        name: ``"heuristic"``.
    """

    name = "heuristic"

    def choose(self, infoset: InfoSet) -> Any:
        """The only legal action, else :meth:`choose_unforced`'s choice."""
        legal = infoset.legal_actions
        if len(legal) == 1:
            return legal[0]
        return self.choose_unforced(infoset, legal)

    @abstractmethod
    def choose_unforced(self, infoset: InfoSet, legal: list[Any]) -> Any:
        """The action to play, one of ``legal`` (``infoset.legal_actions``, two or more)."""
