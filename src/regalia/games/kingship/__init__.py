"""Kingship (Amethyst Games, rulebook v1.1) for 4-8 players: regalia's ``kingship`` game."""

from regalia.core import register
from regalia.games.kingship.config import KingshipConfig
from regalia.games.kingship.game import KingshipGame

GAME = register(KingshipGame())

__all__ = ["GAME", "KingshipConfig", "KingshipGame"]
