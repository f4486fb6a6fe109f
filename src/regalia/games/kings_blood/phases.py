"""King's Blood decisions (a state's ``phase``) and the fixed numbers of a deal.

Constants only: every module of the game may import this one, and it imports nothing of the
game (see the layering at the top of :mod:`.state`).

Decisions, all taken by ``current_player``:

* ``TURN`` — play a card or draw (KB-T1); ``pass`` only when nothing can be played or drawn.
* ``DRAWN`` — after a draw: play the card drawn or ``end`` (KB-T1). Always offered, even when the
  card cannot be played, so the decision's existence leaks nothing (KB-X2).
* ``DEFEND`` — facing a pending Draw 3: pass it on with a Skip/Reverse/Draw 3 or ``draw`` (KB-T3).
* ``BIRTH`` — after a child is born: one play on the child, a sibling group, or ``end`` (KB-M4).
* ``SIBLINGS`` — placing a sibling group: another sibling or (after two) ``end`` (KB-M4).
* ``FORCED`` — an Event drawn at a Marriage must be played on an Active card (KB-M3).
* ``BONUS`` — after an Assassination or the King's Blood card: one more play or ``end``
  (KB-E1, KB-E5).
* ``OVER`` — the game is over (no decision).
"""

from __future__ import annotations

from typing import Final

TURN: Final = 0
DRAWN: Final = 1
DEFEND: Final = 2
BIRTH: Final = 3
SIBLINGS: Final = 4
FORCED: Final = 5
BONUS: Final = 6
OVER: Final = 7
PHASE_NAMES: Final[tuple[str, ...]] = ("turn", "drawn", "defend", "birth", "siblings", "forced", "bonus", "over")
"""The decisions by number, as the view and ``State.decision_kind`` name them."""

HAND_SIZE: Final = 7
"""Cards dealt to each player (rulebook, "Setup")."""
PENALTY_DRAW: Final = 3
"""Cards drawn for ending a turn with one card unannounced (KB-T4) or playing the last card unannounced (KB-T4b)."""
MAX_SEATS: Final = 6
"""The most seats (King's Blood is for 2-6 players)."""
SEAT_NAMES: Final[tuple[str, ...]] = tuple(f"P{seat}" for seat in range(MAX_SEATS))
"""``SEAT_NAMES[seat]``: ``"P0"``, ``"P1"``, ... as in action and event texts."""
