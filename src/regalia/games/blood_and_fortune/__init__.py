"""Blood & Fortune (3-6 players): offer Influence, keep one of two, the rightmost double survives.

Registered as ``blood-and-fortune`` by :mod:`regalia.games`.
"""

from regalia.games.blood_and_fortune.game import BloodAndFortuneGame

__all__ = ["BloodAndFortuneGame"]
