"""The clicks that make each Kingdom action on a table (``State.choice_keys``).

Keys (each names a thing of the deciding seat's view):

=========================  ==================================================================
``hand:5H``                a card of your hand (copies from other decks by their own names,
                           ``5H#2``; the Jokers are all ``hand:Joker``, interchangeable)
``inplay:QS``              a card in play in any kingdom (``kingdoms[].in_play[].card``)
``discard:5H``             a card of the face-up discard pile
``seat:2``                 a kingdom (the one attacked, spied on, exposed; yours to play a noble)
``deck``                   the deck (its top card, for a Joker's Pick a Card)
=========================  ==================================================================

``play KS`` is ``hand:KS`` then your own kingdom; ``bring 5H with QH`` ``hand:5H`` then
``inplay:QH``; ``block 7S with 9C`` your blocker ``inplay:9C`` then the attacker ``inplay:7S``;
``change KS to H using QS`` the noble turned, ``inplay:QS``, then ``inplay:KS`` (the page asks
which suit); ``assign 3 to 5C`` ``inplay:5C`` (the page asks how much). ``end``, ``pass`` and
``done`` name nothing on the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from regalia.games.kingdom import actions as A
from regalia.games.kingdom.actions import KingdomAction
from regalia.games.kingdom.cards import NAME

if TYPE_CHECKING:
    from regalia.games.kingdom.state import KingdomState


def choice_keys(state: KingdomState, act: KingdomAction) -> list[list[str]]:
    """The click steps of ``act``, a legal action of ``st`` (see the module docstring)."""
    k, a, b, _ = act
    if k == A.PLAY:
        return [[f"hand:{NAME[a]}"], [f"seat:{state.current_player}"]]
    if k == A.BRING or k == A.ASSASSIN or k == A.COUNTER:
        return [[f"hand:{NAME[a]}"], [f"inplay:{NAME[b]}"]]
    if k == A.CHANGE:
        return [[f"inplay:{NAME[b]}"], [f"inplay:{NAME[a]}"]]
    if k == A.BLOCK:
        return [[f"inplay:{NAME[b]}"], [f"inplay:{NAME[a]}"]]
    if k == A.ATTACKER or k == A.TARGET:
        return [[f"inplay:{NAME[a]}"]]
    if k == A.ASSIGN:
        return [[f"inplay:{NAME[b]}"]]
    if k == A.ATTACK:
        return [[f"seat:{a}"]]
    if k == A.DISCARD:
        return [[f"hand:{NAME[a]}"]]
    if k == A.TAKE:
        return [[f"discard:{NAME[a]}"]]
    if k == A.TAKE_DECK:
        return [["deck"]]
    if k == A.JOKER_PICK:
        return [["hand:Joker"]]
    if k == A.SPY or k == A.EXPOSE:
        return [["hand:Joker"], [f"seat:{a}"]]
    if k == A.RECRUIT:
        return [["hand:Joker"], [f"inplay:{NAME[a]}"]]
    return []
