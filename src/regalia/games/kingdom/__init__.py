"""Kingdom (2+ players): combat with a regular deck. Registered as ``kingdom`` by :mod:`regalia.games`."""

from regalia.games.kingdom.game import KingdomGame

__all__ = ["KingdomGame"]
