"""King's Family, the King's Blood solitaire. Registered as ``kings-family`` by :mod:`regalia.games`.

Shares the Genealogy geometry and the card table of :mod:`regalia.games.kings_blood`.
"""

from regalia.games.kings_family.game import KingsFamilyGame

__all__ = ["KingsFamilyGame"]
