"""King's Family decisions and the fixed numbers of the solitaire.

Constants only: every module of the game may import this one, and it imports nothing (see the
layering at the top of :mod:`.state`).
"""

from __future__ import annotations

from typing import Final

SEAT: Final = 0
"""The one seat of the solitaire."""
ME: Final[frozenset[int]] = frozenset({SEAT})
"""The audience of an event only the player may see (the cards drawn)."""

KIND_PLAY: Final = "play"
KIND_SIBLINGS: Final = "siblings"
KIND_SECOND_SIBLING: Final = "second_sibling"
KIND_DRAWN_EVENT: Final = "drawn_event"
KIND_DRAW: Final = "draw"
DECISION_KINDS: Final[tuple[str, ...]] = (KIND_PLAY, KIND_SIBLINGS, KIND_SECOND_SIBLING, KIND_DRAWN_EVENT, KIND_DRAW)
"""Every kind of decision of King's Family (``State.decision_kind``; machine names, never shown):

* ``play`` — play a card from the hand (drawing is not allowed while a play exists, KF-2);
* ``siblings`` — a child was just born (or a sibling line is under way) and the hand holds cards of
  its number: a sibling may be played beside it, or play goes on as usual (KB-M4);
* ``second_sibling`` — one sibling is down: a second must follow (a group has two or more, KB-M4);
* ``drawn_event`` — a Marriage drew an Event, which must be played at once (KB-M3);
* ``draw`` — no card can be played: draw one card (KF-2).
"""

DECISION_PLAY: Final = "play"
DECISION_DRAW: Final = "draw"
DECISION_EVENT: Final = "drawn_event"
DECISION_SIBLING: Final = "second_sibling"
"""The view's ``decision`` (:meth:`~.state.KingsFamilyState.decision`)."""

HAND_LIMIT: Final = 10
"""KF-3: the most cards the hand may hold."""
ROW_LIMIT: Final = 10
"""KF-4: the most cards one generation (row) may hold."""
INITIAL_HAND: Final = 7
"""KF-1: cards drawn at the start."""
RESHUFFLE_MINIMUM: Final = 21
"""KF-7: the discard pile is reshuffled only when it holds more than 20 cards."""
EXHAUSTION_POINTS: Final = 10
"""KF-9: points for each exhaustion of the draw pile."""

END_HAND_EMPTY: Final = "the hand is empty [KF-8]"
END_CAPPED: Final = "the only plays would put an 11th card in a generation [KF-4, KF-8]"
END_FULL_HAND: Final = "10 cards in hand and none can be played [KF-8]"
END_NO_DRAW: Final = "no card can be played and none can be drawn [KF-7, KF-8]"
END_NO_FOUNDER: Final = "the Genealogy is empty and no Character can be drawn to restart it [KB-T8]"
END_REASONS: Final[tuple[str, ...]] = (END_HAND_EMPTY, END_CAPPED, END_FULL_HAND, END_NO_DRAW, END_NO_FOUNDER)
"""Every way the game ends (KF-8, KB-T8), as the end event, the view and the result say it."""
