"""The simplest bot, and the home of what every bot of :mod:`regalia.bots` shares.

The interface (:class:`~regalia.core.bot.Bot`, :class:`~regalia.core.bot.InfoSet`,
:class:`~regalia.core.bot.Budget`) is in the core (:mod:`regalia.core.bot`).
"""

from __future__ import annotations

from typing import Any

from mypy_extensions import mypyc_attr

from regalia.core.bot import Bot, InfoSet


@mypyc_attr(allow_interpreted_subclasses=True)
class RandomBot(Bot):
    """Plays a uniformly random legal action."""

    name = "random"

    def choose(self, infoset: InfoSet) -> Any:
        return infoset.rng.choice(infoset.legal_actions)
