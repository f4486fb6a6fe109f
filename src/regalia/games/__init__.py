"""The five games, registered explicitly when this package is imported (``import regalia`` does).

Each game is a package of the same shape (``docs/architecture.md``, "One shape for every
game"); this module imports the five and registers one instance of each with the core registry
(``regalia.core.registry.register``). The core imports no game: this list is the only place that
names them.
"""

from typing import Final

from regalia.core.game import Game
from regalia.core.registry import register
from regalia.games.blood_and_fortune import BloodAndFortuneGame
from regalia.games.kingdom import KingdomGame
from regalia.games.kings_blood import KingsBloodGame
from regalia.games.kings_family import KingsFamilyGame
from regalia.games.kingship import KingshipGame

GAMES: Final[dict[str, Game]] = {
    game.name: register(game)
    for game in (BloodAndFortuneGame(), KingdomGame(), KingsBloodGame(), KingsFamilyGame(), KingshipGame())
}
"""The built-in games by registered name."""

__all__ = ["GAMES", "BloodAndFortuneGame", "KingdomGame", "KingsBloodGame", "KingsFamilyGame", "KingshipGame"]
