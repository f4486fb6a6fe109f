"""King's Blood (Steve Jackson Games, 2003): build a royal Genealogy, empty your hand.

The geometry (:mod:`.genealogy`) and the card table (:mod:`.cards`) are shared with King's Family.
"""
