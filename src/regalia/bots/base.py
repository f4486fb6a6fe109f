"""The simplest bot, and the home of what every bot of :mod:`regalia.bots` shares.

The interface (:class:`~regalia.core.bot.Bot`, :class:`~regalia.core.bot.InfoSet`,
:class:`~regalia.core.bot.Budget`) is in the core (:mod:`regalia.core.bot`).
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Any

from mypy_extensions import mypyc_attr

from regalia.core.bot import Bot, InfoSet


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
