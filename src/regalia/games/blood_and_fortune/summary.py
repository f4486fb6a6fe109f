"""What Blood & Fortune's heuristic bot reads of a seat's information set: :class:`BloodAndFortuneSummary`.

The bot used to read ``view(seat)``; building that dict was a large part of a search rollout's
time. The summary holds the facts of the view it uses — each area's cards as the seat knows them
(a card it has not seen shows only its house, BF-X4), its own hand, the totals and the turn — read
from the state, so the bot decides exactly as it did from the view
(``tests/games/blood_and_fortune/test_bot_summary.py`` derives every field from the view and
compares).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from regalia.games.blood_and_fortune.cards import CARD_NAMES, HOUSE_OF, IS_DOUBLE, ROLE_BASE, TURNS_PER_ROUND
from regalia.games.blood_and_fortune.phases import KEEPING, PAYING, ROLE_TARGET

if TYPE_CHECKING:
    from regalia.games.blood_and_fortune.state import BloodAndFortuneState


class BloodAndFortuneSummary(NamedTuple):
    """One seat's information set as Blood & Fortune's heuristic bot reads it (all of it in the view).

    Attributes:
        players: the number of seats.
        decision: the view's ``decision`` (``offer``, ``keep``, ...; ``""`` once the game is over).
        houses: each seat's house (0-based).
        totals: each seat's score of the finished rounds.
        areas: each player area, oldest first: ``(house, double)`` per card, ``double`` 1.0 or 0.0
            for a card the seat has seen, -1.0 for one it has not (only its house is public).
        hand: the seat's own cards (Influence and Role ints), in the view's order (by notation).
        offer_turn: the Offer turns taken this round.
        turns_taken: the seat's own Offer turns this round (the view's ``turns_taken[seat]``).
        pending_from: who made the offer pending (being kept, or paid for), or -1.
        score_card: the seat's Score card (0-based; its Special Action, BF-4).
        resolving: the Role card being resolved (0-based, ``R1`` = 0), or -1.
        ring: the seat holding the Ring.
        bonuses: ``(seat, amount, condition)`` score changes of this round's house-rule effects
            (empty without Special Actions, as in the view).
    """

    players: int
    decision: str
    houses: list[int]
    totals: list[int]
    areas: list[list[tuple[int, float]]]
    hand: list[int]
    offer_turn: int
    turns_taken: int
    pending_from: int
    score_card: int
    resolving: int
    ring: int
    bonuses: list[tuple[int, int, str]]


def _name(c: int) -> str:
    return CARD_NAMES[c]


def summarize(state: BloodAndFortuneState, seat: int) -> BloodAndFortuneSummary:
    """The summary of ``seat``'s information set."""
    n = state.num_players
    bit = -1 if state.is_terminal else 1 << seat  # at the end every area has been revealed
    areas: list[list[tuple[int, float]]] = []
    for q in range(n):
        cards = state.areas[q]
        known = state.known[q]
        row: list[tuple[int, float]] = []
        for i in range(len(cards)):
            c = cards[i]
            if known[i] & bit:
                row.append((HOUSE_OF[c], 1.0 if IS_DOUBLE[c] else 0.0))
            else:
                row.append((HOUSE_OF[c], -1.0))
        areas.append(row)
    phase = state.phase
    pending = phase == KEEPING or (phase == PAYING and bool(state.offers_log))
    decision = state.decision()
    return BloodAndFortuneSummary(
        n,
        "" if decision is None else decision,
        list(state.houses),
        list(state.totals),
        areas,
        sorted(state.hands[seat], key=_name),
        state.turn_k,
        min(TURNS_PER_ROUND, (state.turn_k - ((seat - state.first) % n) + n - 1) // n),
        state.offerer if pending else -1,
        state.score_cards[seat],
        state.resolve_queue[0][0] - ROLE_BASE if phase == ROLE_TARGET else -1,
        state.ring,
        list(state.bonuses) if state.config.special_actions else [],
    )
