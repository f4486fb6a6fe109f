"""The clicks that make each Blood & Fortune action on a table (``State.choice_keys``).

Keys (each names a thing of the deciding seat's view):

=========================  ==================================================================
``hand:H3d2``              a card of your hand (an Influence card by its own name: twins such as
                           ``H3d1`` and ``H3d2`` are told apart; a Role card ``hand:R7``)
``offer:H3d2``             a card of the offer made to you (``pending_offer.cards``)
``draft:R7``               a Role card dealt to you in the draft (``roles.draft.dealt``)
``seat:2``                 a player (the recipient of an offer, whose Role card you take, the
                           target of a Role card or Special Action)
``area:2:3``               card 3 (1-based, oldest first) of P2's area (``player_areas``)
=========================  ==================================================================

``offer H3s1 H3d2 to P2`` is the two cards of the hand, in either order, then ``seat:2``;
``keep H3d2`` is ``offer:H3d2``; ``special on P2 at 3`` and ``target P2 at 3`` are
``area:2:3``. ``pass`` and a ``special`` that names no target name nothing on the table.
Twin cards (``labels``) are merged into one shown choice whose ``alike`` lists the others,
each with the keys of its own cards.
"""

from __future__ import annotations

from regalia.games.blood_and_fortune.actions import (
    GIVE,
    KEEP,
    OFFER,
    PLACE,
    SPECIAL,
    TAKE,
    TARGET,
    BloodAndFortuneAction,
)
from regalia.games.blood_and_fortune.cards import CARD_NAMES


def choice_keys(a: BloodAndFortuneAction) -> list[list[str]]:
    """The click steps of ``a`` (see the module docstring)."""
    k = a.kind
    if k == OFFER:
        cards = [f"hand:{CARD_NAMES[a.a]}"]
        if a.b >= 0:
            cards.append(f"hand:{CARD_NAMES[a.b]}")
        return [cards, [f"seat:{a.seat}"]]
    if k == KEEP:
        return [[f"offer:{CARD_NAMES[a.a]}"]]
    if k == GIVE:
        return [[f"hand:{CARD_NAMES[a.a]}"]]
    if k == PLACE:
        return [[f"draft:{CARD_NAMES[a.a]}"]]
    if k == TAKE:
        return [[f"seat:{a.seat}"]]
    if k in (SPECIAL, TARGET) and a.seat >= 0:
        if a.pos < 0:
            return [[f"seat:{a.seat}"]]
        return [[f"area:{a.seat}:{a.pos + 1}"]]
    return []
