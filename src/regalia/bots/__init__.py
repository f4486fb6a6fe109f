"""Bots: ``random`` and ``ismcts[:level]`` for every game, plus the games' own (``heuristic``, ...).

``make_bot(spec, game)`` builds one from its name; ``play_game`` runs a game between bots.
"""

from __future__ import annotations

from collections.abc import Callable

from regalia.bots.base import HeuristicBot, RandomBot
from regalia.bots.ismcts import ISMCTSBot
from regalia.bots.play import GameResult, play_game
from regalia.core.bot import Bot, Budget, InfoSet
from regalia.core.registry import get_game

_GENERIC: dict[str, Callable[..., Bot]] = {"random": RandomBot, "ismcts": ISMCTSBot}


def bot_names(game: str) -> list[str]:
    """The bot names available for ``game``."""
    return sorted(set(_GENERIC) | set(get_game(game).bots()))


def make_bot(spec: str, game: str) -> Bot:
    """A bot from its name (``random``, ``heuristic``, or a name the game adds).

    Raises:
        ValueError: an unknown bot name for that game (the message lists the known ones).
    """
    factories: dict[str, Callable[..., Bot]] = dict(_GENERIC)
    factories.update(get_game(game).bots())
    name, _, level = spec.partition(":")
    key = spec if spec in factories else name
    if key not in factories:
        raise ValueError(f"bot: unknown bot {spec!r} for {game} (known: {', '.join(sorted(factories))})")
    if key == spec or not level:
        return factories[key]()
    try:
        return factories[key](level)
    except TypeError:  # a bot without levels, given one (``random:3``)
        raise ValueError(f"bot: {key} takes no level (give {key!r} alone)") from None


__all__ = [
    "Bot",
    "Budget",
    "GameResult",
    "HeuristicBot",
    "ISMCTSBot",
    "InfoSet",
    "RandomBot",
    "bot_names",
    "make_bot",
    "play_game",
]
