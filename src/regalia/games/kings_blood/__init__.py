"""King's Blood (Steve Jackson Games, 2003): build a royal Genealogy, empty your hand.

The geometry (:mod:`.genealogy`) and the card table (:mod:`.cards`) are shared with King's Family.
"""

from regalia.core.registry import register
from regalia.games.kings_blood.game import KingsBloodGame

GAME = register(KingsBloodGame())

__all__ = ["GAME", "KingsBloodGame"]
