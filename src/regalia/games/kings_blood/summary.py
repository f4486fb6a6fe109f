"""What King's Blood's heuristic bot reads of a seat's information set: :class:`KingsBloodSummary`.

The bot used to read ``view(seat)``; building that dict (the Genealogy drawn as text among the
rest) was most of a search rollout's time. The summary holds the few public facts it uses, read
from the state, so the bot decides exactly as it did from the view
(``tests/games/kings_blood/test_bot_summary.py`` derives every field from the view and compares).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from regalia.games.kings_blood.cards import KINGS_BLOOD

if TYPE_CHECKING:
    from regalia.games.kings_blood.state import KingsBloodState


class KingsBloodSummary(NamedTuple):
    """One seat's information set as King's Blood's heuristic bot reads it (all of it public).

    Attributes:
        phase: the decision pending (a number of :mod:`.phases`: ``TURN``, ``DEFEND``, ...).
        direction: +1 (rising seats) or -1.
        hand_sizes: every seat's number of cards.
        kings_blood_on: the card the King's Blood card is attached under, or -1 (KB-E5).
        abilities: the special ability of every card of the deck (the view's ``abilities``).
    """

    phase: int
    direction: int
    hand_sizes: list[int]
    kings_blood_on: int
    abilities: tuple[int, ...]


def summarize(state: KingsBloodState) -> KingsBloodSummary:
    """The summary of any seat's information set (its facts are public)."""
    gen = state.gen
    holders = gen.cards_with(KINGS_BLOOD)
    if len(holders) > 1:  # a deck with several: the last in the view's order (row, position)
        holders = [c for c in gen.cards() if gen.has_attachment(c, KINGS_BLOOD)]
    return KingsBloodSummary(
        state.phase,
        state.direction,
        [len(h) for h in state.hands],
        holders[-1] if holders else -1,
        state.abilities,
    )
