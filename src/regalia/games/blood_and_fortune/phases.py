"""The pending-decision phases of a Blood & Fortune state."""

DRAFT_PLACE, DRAFT_TAKE, OFFERING, KEEPING, PAYING, CLOSING, ROLE_TARGET, OVER = range(8)
PHASE_NAMES = ("place_role", "take_role", "offer", "keep", "give", "special_window", "role_target", "game_over")
"""The decision kind of each phase, as shown in views (``decision``)."""
