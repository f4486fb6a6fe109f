"""Constants of Kingdom's turn structure: phases, response-window points, chain entries."""

from __future__ import annotations

from typing import Final

HAND_LIMIT: Final = 7  # rulebook: "discard ... until you have only 7 cards" [KD-1]
START_HAND: Final = 7  # rulebook: "Each player draws 7 cards"

# phases of the active player's turn (``Final``: the compiled build reads them as constants)
MAIN: Final = 0
ATTACKERS: Final = 1
BLOCKERS: Final = 2
SPLIT: Final = 3
DISCARD: Final = 4
OVER: Final = 5
PHASE_NAMES: Final = ("main", "attackers", "blockers", "split", "discard", "over")

# response-window points [KD-X2]
W_NONE: Final = 0
W_ACTION: Final = 1
W_ATTACK: Final = 2
W_BLOCKS: Final = 3
WINDOW_NAMES: Final = (None, "after-action", "after-attackers", "after-blockers")
RESPOND_KINDS: Final = ("", "respond_action", "respond_attackers", "respond_blockers")
"""``decision_kind()`` of a response window at each point."""

# chain entries: [kind, owner, card, noble, target]
C_ASSASSIN: Final = 0
C_PICK: Final = 1
C_SPY: Final = 2
C_EXPOSE: Final = 3
CHAIN_NAMES: Final = ("assassin", "pick", "spy", "expose")
COUNTER_KINDS: Final = ("counter_assassin", "counter_pick", "counter_spy", "counter_expose")
"""``decision_kind()`` of a counter window on the chain's last item, by its kind (an Assassin
that is itself a counter is ``counter_counter``)."""

DECISION_KINDS: Final = (
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

# the decision due now (``KingdomState.decision_code``): the phases MAIN..DISCARD, then the
# decisions out of the turn's order, in the order of the view's ``decision`` values
D_MAIN: Final = 0
D_ATTACKERS: Final = 1
D_BLOCKERS: Final = 2
D_SPLIT: Final = 3
D_DISCARD: Final = 4
D_TARGET: Final = 5
D_COUNTER: Final = 6
D_PICK: Final = 7
D_RESPOND: Final = 8
D_OVER: Final = 9
DECISION_NAMES: Final[tuple[str, ...]] = (
    "main",
    "attackers",
    "blockers",
    "split",
    "discard",
    "target",
    "counter",
    "pick",
    "respond",
    "over",
)
"""The decisions by code, as ``KingdomState.decision`` and the view's ``decision`` name them."""

SUIT_NAMES: Final = ("Spades", "Hearts", "Diamonds", "Clubs")
"""The suits in words, in the order of ``cards.SUITS``."""


def seat_name(p: int) -> str:
    """A seat as written in texts: ``P0``, ``P1``, ..."""
    return f"P{p}"
