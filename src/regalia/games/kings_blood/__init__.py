"""King's Blood (Steve Jackson Games, 2003): build a royal Genealogy, empty your hand.

Registered as ``kings-blood`` by :mod:`regalia.games`. The geometry (:mod:`.genealogy`) and the
card table (:mod:`.cards`) are shared with King's Family.
"""

from regalia.games.kings_blood.game import KingsBloodGame

__all__ = ["KingsBloodGame"]
