"""Kingship (Amethyst Games, rulebook v1.1) for 4-8 players. Registered as ``kingship`` by :mod:`regalia.games`."""

from regalia.games.kingship.game import KingshipGame

__all__ = ["KingshipGame"]
