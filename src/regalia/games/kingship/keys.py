"""The clicks that make each Kingship action on a table (``State.choice_keys``).

Keys (each names a thing of the deciding seat's view):

=========================  ==================================================================
``hand:7L``                a card of your hand (two copies of ``7L`` share the key: they are
                           the same card)
``pile``                   the pile (where a play goes; ``exile pile``)
``deck``                   the deck (``draw``, a tax paid by drawing, ``exile deck``)
``pile:7L``                a card of the pile (a Priest's revival)
``deck:7L``                a card of the deck, shown to you for your Emperor's search
``grave:7L``               a card of the graveyard (the Demon's claim)
``known:2:7L``             a card you know P2 holds (a Merchant's take from a revealed hand)
``seat:2``                 a player (a target, a redirection, whose counter-offer you take)
``title:DarkQueen``        a title (taken, offered, accepted or asked for)
=========================  ==================================================================

``play 7L`` is ``hand:7L`` then ``pile``; a pair ``play 7L 7D 7T`` is its cards in placing
order — the first, the middle ones in any order, the last (the new top) — then ``pile``.
``name …``, ``ask …``, ``law …``, ``keep``, ``reveal``, ``approve``, ``deny``, ``prevent``,
``claim``, ``again``, ``forbid`` and ``pass`` name nothing on the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from regalia.games.kingship import actions as A
from regalia.games.kingship.actions import KingshipAction, pair_cards
from regalia.games.kingship.cards import NAME, NK, SUITS, TITLE_NAMES

if TYPE_CHECKING:
    from regalia.games.kingship.state import KingshipState

_HAND_VERBS: Final[frozenset[int]] = frozenset({A.GIVE, A.EXILE, A.PLACE, A.RETURN})
"""The ``<verb> <card>`` actions whose card comes from the hand."""


def _item(item: int) -> list[list[str]]:
    """A Merchant item: a card of the hand or a title."""
    if item < NK:
        return [[f"hand:{NAME[item]}"]]
    return [[f"title:{TITLE_NAMES[item - NK]}"]]


def choice_keys(state: KingshipState, act: KingshipAction) -> list[list[str]]:
    """The click steps of ``act``, a legal action of ``s`` (see the module docstring)."""
    k = act.kind
    if k == A.PLAY:
        return [[f"hand:{NAME[act.a]}"], ["pile"]]
    if k == A.PAIR:
        cards = pair_cards(act)
        steps = [[f"hand:{NAME[cards[0]]}"]]
        if len(cards) > 2:
            steps.append([f"hand:{NAME[c]}" for c in cards[1:-1]])
        steps.append([f"hand:{NAME[cards[-1]]}"])
        steps.append(["pile"])
        return steps
    if k == A.DRAW:
        return [["deck"]]
    if k == A.TARGET or k == A.REDIRECT or k == A.TAKE_OFFER:
        return [[f"seat:{act.a}"]]
    if k == A.BLOCK:
        return [[f"hand:10{SUITS[act.a]}"]]
    if k == A.CARD:
        verb, card = act.a, NAME[act.b]
        if verb in _HAND_VERBS:
            return [[f"hand:{card}"]]
        if verb == A.REVIVE:
            return [[f"pile:{card}"]]
        if verb == A.SEARCH:
            return [[f"deck:{card}"]]
        if verb == A.CLAIM_CARD:
            return [[f"grave:{card}"]]
        target = state.ctx.target  # A.TAKE: a Merchant's take from the hand revealed to them
        return [[f"hand:{card}"]] if target == state.current_player else [[f"known:{target}:{card}"]]
    if k == A.CHOICE:
        if act.a == A.EXILE_DECK:
            return [["deck"]]
        if act.a == A.EXILE_PILE:
            return [["pile"]]
        return []
    if k == A.TITLE:
        return [[f"title:{TITLE_NAMES[act.a]}"]]
    if k == A.OFFER or k == A.ACCEPT or k == A.COUNTER:
        return _item(act.a)
    return []
