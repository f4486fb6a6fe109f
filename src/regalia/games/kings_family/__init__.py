"""King's Family, the King's Blood solitaire (registered as ``kings-family``).

Shares the Genealogy geometry and the card table of :mod:`regalia.games.kings_blood`.
"""

from regalia.core.registry import register
from regalia.games.kings_family.game import KingsFamily

GAME = register(KingsFamily())

__all__ = ["GAME", "KingsFamily"]
