"""Blood & Fortune (3-6 players): offer Influence, keep one of two, the rightmost double survives.

Registers ``blood-and-fortune`` with the core registry on import.
"""

from regalia.core import register
from regalia.games.blood_and_fortune.game import BloodAndFortune

GAME = register(BloodAndFortune())

__all__ = ["GAME", "BloodAndFortune"]
