"""One package per game; each registers itself with ``regalia.core.register`` on import.

The registry imports every sub-package of this one, so adding a game needs no edit here.
"""
