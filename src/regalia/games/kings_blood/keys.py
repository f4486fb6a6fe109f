"""The clicks that make each King's Blood action on a table (``State.choice_keys``).

Keys (each names a thing of the deciding seat's view):

=========================  ==================================================================
``hand:R7f``               a card of your hand (the card just drawn is in it)
``event:Exile``            the Event drawn at a Marriage, to be played at once (``forced_event``)
``spot:B7m:right``         the free spot beside an Active card of the Genealogy
``sibling:left``           the next place of the sibling line beside the newborn child
``gen:B7m``                a card of the Genealogy
``seat:2``                 a player (the receiver of an Exile)
``deck``                   the draw pile
=========================  ==================================================================

``play R7f right of B7m`` is ``hand:R7f`` then ``spot:B7m:right`` (and so is its ``nomarry``
twin: the page asks which); ``connect B7m right of R5f`` is the New Connection card, then
``gen:B7m``, then ``spot:R5f:right``; ``exile B7m to P2`` the Exile card, ``gen:B7m``,
``seat:2``. ``end``, ``announce`` and ``pass`` name nothing on the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from regalia.games.kings_blood.actions import (
    ASSASSINATE,
    CONNECT,
    DRAW,
    ENTHRONE,
    EXILE_TO,
    KINGSBLOOD,
    PLACE,
    SIBLING,
    KingsBloodAction,
)
from regalia.games.kings_blood.cards import (
    ASSASSINATION,
    ENTHRONEMENT,
    EXILE,
    KINGS_BLOOD,
    NEW_CONNECTION,
    NOTATION,
)
from regalia.games.kings_blood.genealogy import SIDE_NAMES
from regalia.games.kings_blood.phases import FORCED

if TYPE_CHECKING:
    from regalia.games.kings_blood.state import KingsBloodState

_EVENT_OF: Final[dict[int, int]] = {
    ASSASSINATE: ASSASSINATION,
    EXILE_TO: EXILE,
    CONNECT: NEW_CONNECTION,
    ENTHRONE: ENTHRONEMENT,
    KINGSBLOOD: KINGS_BLOOD,
}


def choice_keys(state: KingsBloodState, a: KingsBloodAction) -> list[list[str]]:
    """The click steps of ``a``, a legal action of ``state`` (see the module docstring)."""
    k = a.kind
    if k == PLACE:
        return [[f"hand:{NOTATION[a.card]}"], [f"spot:{NOTATION[a.target]}:{SIDE_NAMES[a.side]}"]]
    if k == SIBLING:
        return [[f"hand:{NOTATION[a.card]}"], [f"sibling:{SIDE_NAMES[a.side]}"]]
    if k == DRAW:
        return [["deck"]]
    face = _EVENT_OF.get(k, -1)
    if face < 0:
        return []
    source = "event" if state.phase == FORCED else "hand"
    steps = [[f"{source}:{NOTATION[face]}"]]
    if k == CONNECT:
        steps.append([f"gen:{NOTATION[a.card]}"])
        steps.append([f"spot:{NOTATION[a.target]}:{SIDE_NAMES[a.side]}"])
        return steps
    steps.append([f"gen:{NOTATION[a.target]}"])
    if k == EXILE_TO:
        steps.append([f"seat:{a.flag}"])
    return steps
