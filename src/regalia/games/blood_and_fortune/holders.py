"""Where a card can be (its *holder*) and the kinds of knowledge-log entries (constants only).

The knowledge log (``klog``, see :mod:`.knowledge`) records every card move as a small tuple of
ints; these are its kinds and the holders it names. A seat's hand is the holder ``p`` (the seat
number itself); every other holder has a fixed number here, and each area slot is
``H_SLOT + slot id`` (a slot keeps its id when an effect moves it, publicly).
"""

from __future__ import annotations

from typing import Final

K_XFER: Final = 0
"""``(K_XFER, card, src, dst, witnesses)``: one card moved from holder ``src`` to ``dst``; the
seats in the bitmask ``witnesses`` saw which card, everyone else only its class (BF-X4)."""
K_SEE: Final = 1
"""``(K_SEE, card, holder, seats)``: the seats in ``seats`` see that ``card`` is in ``holder``."""
K_EMPTY: Final = 2
"""``(K_EMPTY, holder, cls)``: ``holder`` holds no card of class ``cls`` (1: Role, 0: Influence) any more."""
K_CAND: Final = 3
"""``(K_CAND, card, holders, seats)``: the seats in ``seats`` know only that ``card`` is in one of ``holders``."""

H_OFFER: Final = 6
"""The cards on offer."""
H_DECK: Final = 7
"""The role deck."""
H_DEALT: Final = 8
"""``H_DEALT + seat``: the two Role cards dealt to a seat in the draft."""
H_PLACED: Final = 14
"""``H_PLACED + seat``: the Role card a seat placed face down in the draft."""
H_DISCARD: Final = 20
"""The face-up discard (BF-X11)."""
H_PLAYED: Final = 21
"""The face-up resolved Role cards."""
H_SLOT: Final = 100
"""``H_SLOT + slot id``: one card place in a player area."""
