"""The pending-decision phases of a Blood & Fortune state (constants only; imports nothing)."""

from __future__ import annotations

from typing import Final

DRAFT_PLACE: Final = 0
"""Role draft: the seat places one of its two dealt Role cards face down (BF-DRAFT 3)."""
DRAFT_TAKE: Final = 1
"""Role draft: the seat takes another player's face-down Role card (BF-DRAFT 4, BF-X1)."""
OFFERING: Final = 2
"""Offer Influence: the seat offers 1 or 2 cards, or first uses its Special Action (BF-OFFER)."""
KEEPING: Final = 3
"""The recipient of an offer keeps one card (BF-OFFER, BF-ROLEOFFER)."""
PAYING: Final = 4
"""The recipient of a kept Role card gives the offerer an Influence card (BF-ROLEOFFER 3)."""
CLOSING: Final = 5
"""The closing Special Action window after the last Offer turn (BF-X2)."""
ROLE_TARGET: Final = 6
"""Resolve Roles: the holder of the Role card being resolved chooses its target (BF-RESOLVE)."""
OVER: Final = 7
"""The game is over (BF-WIN)."""

PHASE_NAMES: Final[tuple[str, ...]] = (
    "place_role",
    "take_role",
    "offer",
    "keep",
    "give",
    "special_window",
    "role_target",
    "game_over",
)
"""The decision kind of each phase, as shown in views (``decision``; ``game_over`` once it is over)."""
DECISION_KINDS: Final[tuple[str, ...]] = PHASE_NAMES[:OVER]
"""Every kind of decision a running game can wait for (``Game.decision_kinds``)."""
STAGE_NAMES: Final[tuple[str, ...]] = (
    "Role draft",
    "Role draft",
    "Offer Influence",
    "Offer Influence",
    "Offer Influence",
    "Offer Influence",
    "Resolve Roles",
    "Game over",
)
"""The rulebook's stage of each phase, as a person reads it (the closing Special Action window,
BF-X2, ends Offer Influence)."""
