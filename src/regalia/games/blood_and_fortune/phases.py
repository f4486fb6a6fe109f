"""The pending-decision phases of a Blood & Fortune state."""

DRAFT_PLACE, DRAFT_TAKE, OFFERING, KEEPING, PAYING, CLOSING, ROLE_TARGET, OVER = range(8)
PHASE_NAMES = ("place_role", "take_role", "offer", "keep", "give", "special_window", "role_target", "game_over")
"""The decision kind of each phase, as shown in views (``decision``; ``game_over`` once it is over)."""
DECISION_KINDS = PHASE_NAMES[:OVER]
"""Every kind of decision a running game can wait for (``Game.decision_kinds``)."""
STAGE_NAMES = (
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
