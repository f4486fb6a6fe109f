"""The clicks that make each King's Family action on a table (``State.choice_keys``).

Keys (each names a thing of the view):

=========================  ==================================================================
``hand:R7f``               a card of your hand
``event:Exile``            the Event drawn at a Marriage, to be played at once (``pending_event``)
``spot:B7m:right``         the free spot beside an Active card of the Genealogy
``sibling:left``           the next place of the sibling line beside the newborn child
``gen:B7m``                a card of the Genealogy
``deck``                   the draw pile
=========================  ==================================================================

``play R7f right of B7m`` is ``hand:R7f`` then ``spot:B7m:right`` (its ``nomarry`` twin too: the
page asks which); ``connect B7m right of R5f`` is the New Connection card, ``gen:B7m``, then
``spot:R5f:right``; ``assassinate``, ``exile`` and ``enthrone`` the Event, then the Active card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from regalia.games.kings_blood.cards import NOTATION
from regalia.games.kings_blood.genealogy import SIDE_NAMES
from regalia.games.kings_family import actions as A
from regalia.games.kings_family.actions import KingsFamilyAction
from regalia.games.kings_family.cards import EVENT_OF_KIND

if TYPE_CHECKING:
    from regalia.games.kings_family.state import KingsFamilyState


def choice_keys(state: KingsFamilyState, a: KingsFamilyAction) -> list[list[str]]:
    """The click steps of ``a``, a legal action of ``state`` (see the module docstring)."""
    k = a.kind
    if k == A.PLACE:
        return [[f"hand:{NOTATION[a.card]}"], [f"spot:{NOTATION[a.target]}:{SIDE_NAMES[a.side]}"]]
    if k == A.SIBLING:
        return [[f"hand:{NOTATION[a.card]}"], [f"sibling:{SIDE_NAMES[a.side]}"]]
    if k == A.DRAW:
        return [["deck"]]
    face = EVENT_OF_KIND[k]
    source = "event" if state.pending_event >= 0 else "hand"
    steps = [[f"{source}:{NOTATION[face]}"]]
    if k == A.CONNECT:
        steps.append([f"gen:{NOTATION[a.card]}"])
        steps.append([f"spot:{NOTATION[a.target]}:{SIDE_NAMES[a.side]}"])
    else:
        steps.append([f"gen:{NOTATION[a.target]}"])
    return steps
