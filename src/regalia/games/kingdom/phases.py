"""Constants of Kingdom's turn structure: phases, response-window points, chain entries."""

from __future__ import annotations

HAND_LIMIT = 7  # rulebook: "discard ... until you have only 7 cards" [KD-1]
START_HAND = 7  # rulebook: "Each player draws 7 cards"

# phases of the active player's turn
MAIN, ATTACKERS, BLOCKERS, SPLIT, DISCARD, OVER = range(6)
PHASE_NAMES = ("main", "attackers", "blockers", "split", "discard", "over")

# response-window points [KD-X2]
W_NONE, W_ACTION, W_ATTACK, W_BLOCKS = range(4)
WINDOW_NAMES = (None, "after-action", "after-attackers", "after-blockers")
RESPOND_KINDS = ("", "respond_action", "respond_attackers", "respond_blockers")
"""``decision_kind()`` of a response window at each point."""

# chain entries: [kind, owner, card, noble, target]
C_ASSASSIN, C_PICK, C_SPY, C_EXPOSE = range(4)
CHAIN_NAMES = ("assassin", "pick", "spy", "expose")
COUNTER_KINDS = ("counter_assassin", "counter_pick", "counter_spy", "counter_expose")
"""``decision_kind()`` of a counter window on the chain's last item, by its kind (an Assassin
that is itself a counter is ``counter_counter``)."""

DECISION_KINDS = (
    "main",
    "attackers",
    "blockers",
    "split",
    "discard",
    "target",
    "pick",
    "respond_action",
    "respond_attackers",
    "respond_blockers",
    "counter_assassin",
    "counter_counter",
    "counter_pick",
    "counter_spy",
    "counter_expose",
)
"""Every kind of decision of Kingdom (``KingdomGame.decision_kinds``)."""

SUIT_NAMES = ("Spades", "Hearts", "Diamonds", "Clubs")
"""The suits in words, in the order of ``cards.SUITS``."""


def seat_name(p: int) -> str:
    """A seat as written in texts: ``P0``, ``P1``, ..."""
    return f"P{p}"
