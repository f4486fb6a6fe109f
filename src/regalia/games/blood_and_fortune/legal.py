"""Blood & Fortune's legal actions: what the seat deciding may do now, for each kind of decision
(BF-OFFER, BF-ROLEOFFER, BF-DRAFT, BF-SPECIAL, BF-RESOLVE). ``State.apply`` accepts exactly these.

The offers of a hand of Influence cards are built once per hand, seat and player count and
shared (:data:`_OFFERS`); the core copies a list before it hands it out.
"""

from __future__ import annotations

from typing import Final

from regalia.games.blood_and_fortune.actions import (
    GIVES,
    KEEPS,
    OFFER_TABLE,
    PASS_ACTION,
    PLACES,
    SPECIAL,
    TAKES,
    TARGET,
    Action,
)
from regalia.games.blood_and_fortune.cards import ROLE_BASE, ROLES, SPECIAL_ACTIONS
from regalia.games.blood_and_fortune.effects import can_use_special, effect_targets
from regalia.games.blood_and_fortune.phases import (
    CLOSING,
    DRAFT_PLACE,
    DRAFT_TAKE,
    KEEPING,
    OFFERING,
    PAYING,
    ROLE_TARGET,
)
from regalia.games.blood_and_fortune.position import BloodAndFortuneTable

_OFFERS: Final[dict[int, list[Action]]] = {}
"""The offers of a hand of Influence cards only, by :func:`_offer_key`, built once per hand and
shared (never changed). At most 6 houses x 32 subsets x 6 seats x 4 player counts entries; a
hand holding a Role card is not kept (the combinations would grow without bound)."""


def _offer_key(hand: list[int], p: int, n: int) -> int:
    """The key of :data:`_OFFERS`: the set of cards in ``hand`` as a bitmask, the seat and the
    number of seats; ``-1`` for a hand holding a Role card."""
    mask = 0
    for c in hand:
        if c >= ROLE_BASE:
            return -1
        mask |= 1 << c
    return (mask << 6) | (p << 3) | n


def _build_offers(hand: list[int], p: int, n: int) -> list[Action]:
    """BF-OFFER / BF-ROLEOFFER: every offer seat ``p`` can make from ``hand`` to another seat:
    always 2 cards when it can (Role cards included, BF-X8), a last card alone (unreachable with
    the shipped house rules, BF-X15); pairs in card order, then recipients in seat order."""
    cards = sorted(hand)
    others = [q for q in range(n) if q != p]
    if len(cards) == 1:
        row = OFFER_TABLE[cards[0]][0]
        return [row[q] for q in others]
    out: list[Action] = []
    for i, a in enumerate(cards):
        table = OFFER_TABLE[a]
        for b in cards[i + 1 :]:
            row = table[b + 1]
            out.extend([row[q] for q in others])
    return out


def special_actions(self: BloodAndFortuneTable, p: int) -> list[Action]:
    """BF-SPECIAL: seat ``p``'s Special Action on each target it allows (see :mod:`.effects`)."""
    return [Action(SPECIAL, seat=s, pos=i) for s, i in effect_targets(self, SPECIAL_ACTIONS[self.score_cards[p]], p)]


def legal_actions(self: BloodAndFortuneTable) -> list[Action]:
    """The legal actions of the seat to decide. The list of offers is shared by every
    position with the same hand (the core copies it before handing it out)."""
    ph = self.phase
    p = self.cp
    if ph == OFFERING:
        hand = self.hands[p]
        n = self.num_players
        key = _offer_key(hand, p, n)
        offers = _OFFERS.get(key) if key >= 0 else None
        if offers is None:
            offers = _build_offers(hand, p, n)
            if key >= 0:
                _OFFERS[key] = offers
        if self.specials_on and can_use_special(self, p):
            return offers + special_actions(self, p)
        return offers
    if ph == KEEPING:
        return [KEEPS[c] for c in self.offer]
    if ph == PAYING:
        return [GIVES[c] for c in sorted(self.hands[p]) if c < ROLE_BASE]
    if ph == DRAFT_PLACE:
        return [PLACES[r] for r in self.dealt[p]]
    if ph == DRAFT_TAKE:
        return [TAKES[x] for x in self.take_options(p)]
    if ph == CLOSING:
        return [*special_actions(self, p), PASS_ACTION]
    if ph == ROLE_TARGET:
        r = self.resolve_queue[0][0]
        return [Action(TARGET, seat=s, pos=i) for s, i in effect_targets(self, ROLES[r - ROLE_BASE], p)]
    return []
