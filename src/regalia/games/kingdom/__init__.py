"""Kingdom (``kingdom``): registers the game with the regalia registry on import."""

from regalia.core.registry import register
from regalia.games.kingdom.game import KingdomGame

GAME = register(KingdomGame())

__all__ = ["GAME", "KingdomGame"]
