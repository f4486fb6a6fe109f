"""Kingdom's action labels (what each action does, in the rulebook's words), the headings under
which a long list of actions is grouped, and which actions are interchangeable.

A label is shown beside the canonical text of a legal action, to the seat deciding: it may name
what that seat knows (its hand) and what is public (cards in play, the combat, the chain), never
another hand. Labels are built for well-formed actions that may not be legal now, so every look
at the table is guarded.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

from regalia.games.kingdom import actions as A
from regalia.games.kingdom.actions import KingdomAction
from regalia.games.kingdom.cards import (
    COMBAT_RANK,
    COPY,
    IS_ACE,
    IS_NOBLE,
    JOKER,
    NAME,
    RANK,
    RATING,
    SUIT,
    TERRITORY_VALUE,
)
from regalia.games.kingdom.phases import C_ASSASSIN, C_EXPOSE, C_PICK, C_SPY, HAND_LIMIT, SUIT_NAMES
from regalia.games.kingdom.prompts import and_list, territories

if TYPE_CHECKING:
    from regalia.games.kingdom.state import KingdomState

_RANK_WORD = {1: "Ace", 11: "Jack", 12: "Queen", 13: "King"}


def card_name(c: int) -> str:
    """A card in words: ``"Queen of Hearts"``, ``"7 of Spades (deck 2)"``, ``"Joker"``."""
    if c == JOKER:
        return "Joker"
    base = f"{_RANK_WORD.get(RANK[c], str(RANK[c]))} of {SUIT_NAMES[SUIT[c]]}"
    return base if COPY[c] == 0 else f"{base} (deck {COPY[c] + 1})"


def card_role(c: int) -> str:
    """What a card is in play: ``"noble"``, ``"soldier 7"``, ``"Ace Champion"``."""
    if IS_NOBLE[c]:
        return "noble"
    if IS_ACE[c]:
        return "Ace Champion"
    return f"soldier {RANK[c]}"


def _owner(state: KingdomState, c: int) -> int:
    return state.loc[c] if 0 <= c < len(state.loc) else -1


def _chain_top(state: KingdomState) -> str:
    """The chain's last item in words (``"P0's Assassin AD"``), or ``"it"``."""
    if not state.chain:
        return "it"
    e = state.chain[-1]
    if e[0] == C_ASSASSIN:
        return f"P{e[1]}'s Assassin {NAME[e[2]]}"
    use = {C_PICK: "Pick a Card", C_SPY: "Spy", C_EXPOSE: "Expose"}[e[0]]
    return f"P{e[1]}'s Joker ({use})"


def label(state: KingdomState, act: KingdomAction) -> str:
    """A short label for ``act`` (well formed; legal now or not)."""
    k, a, b, c = act
    d = state.decision() if not state.is_terminal else "over"
    p = state.current_player
    if k == A.END:
        if p is not None and len(state.hands[p]) > HAND_LIMIT:
            return f"End your turn, then discard down to {HAND_LIMIT} (you hold {len(state.hands[p])})"
        return "End your turn"
    if k == A.PASS:
        if d == "counter":
            return f"Do not counter: let {_chain_top(state)} take effect"
        return "Play nothing now"
    if k == A.DONE:
        if d == "blockers":
            if not any(state.blocked):
                return "Block nothing: the unblocked attackers take their territories"
            return "Stop blocking: the combat is fought"
        if state.attackers:
            return f"Stop declaring: attack with {and_list([NAME[x] for x in state.attackers])}"
        return "Stop declaring attackers"
    if k == A.PLAY:
        return f"Put the {card_name(a)} into play (a noble)"
    if k == A.BRING:
        if IS_ACE[a]:
            return f"{NAME[b]} brings the {card_name(a)} into play as an Ace Champion (rank 11); {NAME[b]} becomes preoccupied"
        return f"{NAME[b]} brings the {card_name(a)} into play (soldier {RANK[a]}); {NAME[b]} becomes preoccupied"
    if k == A.CHANGE:
        return f"Turn {NAME[b]} to make {NAME[a]} a {SUIT_NAMES[c]} noble until the end of the turn"
    if k == A.ATTACK:
        left = state.territories[a] if 0 <= a < state.num_players else 0
        return f"Declare an attack on P{a}'s kingdom ({territories(left)} left)"
    if k == A.ATTACKER:
        return f"Attack with {NAME[a]} ({card_role(a)}): unblocked it takes {territories(TERRITORY_VALUE[a])}"
    if k == A.BLOCK:
        return _block(state, a, b)
    if k == A.ASSIGN:
        return _assign(state, a, b)
    if k == A.DISCARD:
        return f"Discard the {card_name(a)}, face up"
    if k == A.TAKE:
        return f"Take {NAME[a]} from the discard pile (the others see it)"
    if k == A.TAKE_DECK:
        return "Take the top card of the deck (the others do not see it)"
    if k == A.ASSASSIN:
        return f"Play {NAME[a]} as an Assassin, turning {NAME[b]}: then choose any card in play to kill"
    if k == A.TARGET:
        q = _owner(state, a)
        whose = "your own" if q == p else f"P{q}'s" if q >= 0 else "the"
        return f"Assassinate {whose} {NAME[a]} ({card_role(a)})"
    if k == A.COUNTER:
        return (
            f"Counter {_chain_top(state)} with the Assassin {NAME[a]}, turning {NAME[b]}: both go to the discard pile"
        )
    if k == A.JOKER_PICK:
        return "Play a Joker as Pick a Card: then take a card from the discard pile or the deck"
    if k == A.SPY:
        return f"Play a Joker as a Spy: P{a} shows you their hand"
    if k == A.EXPOSE:
        return f"Play a Joker to expose P{a}'s hand to everyone"
    q = _owner(state, a)
    src = f"P{q}'s " if q >= 0 else ""
    return f"Play a Joker to recruit {src}{NAME[a]} ({card_role(a)}) into your kingdom; it arrives preoccupied"


def _block(state: KingdomState, a: int, b: int) -> str:
    """What blocking attacker ``a`` with ``b`` does, from the blocks declared so far."""
    others: list[int] = []
    if a in state.attackers:
        others = state.blockers[state.attackers.index(a)]
    if others:
        total = sum(RATING[x] for x in others) + RATING[b]
        fate = "is discarded" if total >= RATING[a] else "survives"
        return (
            f"{NAME[b]} joins {and_list([NAME[x] for x in others])} against {NAME[a]}: together they deal it "
            f"{total} damage, so it {fate} (rating {RATING[a]}); {NAME[a]} splits its {RATING[a]} among them"
        )
    if COMBAT_RANK[a] == COMBAT_RANK[b]:
        result = "both are discarded (equal ranks)"
    elif COMBAT_RANK[a] < COMBAT_RANK[b]:
        result = f"{NAME[a]} is discarded"
    else:
        result = f"{NAME[b]} is discarded"
    return f"{NAME[b]} blocks {NAME[a]}: one-on-one, {result}; a blocked attacker takes no territories"


def _assign(state: KingdomState, k: int, b: int) -> str:
    fate = f"discarded: rating {RATING[b]}" if k >= RATING[b] else f"it survives: rating {RATING[b]}"
    i, j = state.split_i, state.split_j
    if not (0 <= i < len(state.attackers) and 0 <= j < len(state.blockers[i])):
        return f"Deal {k} damage to {NAME[b]} ({fate})"
    a = state.attackers[i]
    left = RATING[a] - sum(state.dealt[i][:j]) - k
    rest = state.blockers[i][j + 1 :]
    after = f"; {left} left for {and_list([NAME[x] for x in rest])}" if rest else ""
    return f"Deal {k} of {NAME[a]}'s damage to {NAME[b]} ({fate}){after}"


def choice_group(state: KingdomState, act: KingdomAction) -> str:
    """The heading of ``act`` in a long list: by what it does (``"Nobles"``, ``"Block 7S"``,
    ``"Targets in P1's kingdom"``...)."""
    k = act.kind
    if k == A.BLOCK:
        return f"Block {NAME[act.a]}"
    if k == A.TARGET:
        q = _owner(state, act.a)
        return f"Targets in P{q}'s kingdom" if q >= 0 else "Targets"
    return _GROUPS[k]


_GROUPS = {
    A.END: "End the turn",
    A.PASS: "Pass",
    A.DONE: "Done",
    A.JOKER_PICK: "Jokers",
    A.TAKE_DECK: "Take a card",
    A.PLAY: "Nobles",
    A.BRING: "Bring soldiers",
    A.CHANGE: "Suit changes",
    A.ATTACK: "Attack",
    A.ATTACKER: "Attackers",
    A.ASSIGN: "Damage",
    A.DISCARD: "Discard",
    A.TAKE: "Take a card",
    A.ASSASSIN: "Assassins",
    A.COUNTER: "Counter",
    A.SPY: "Jokers",
    A.EXPOSE: "Jokers",
    A.RECRUIT: "Jokers",
}


def choice_key(state: KingdomState, act: KingdomAction) -> Hashable | None:
    """Copies of one card from different decks (``5H``, ``5H#2``) in a hand or in the discard
    pile are interchangeable: playing, bringing, discarding or taking either does the same, so a
    front shows one. Cards in play are never merged (each is its own card on the table)."""
    if state.decks == 1:
        return None
    k, a, b, _ = act
    if k in (A.PLAY, A.DISCARD, A.TAKE) and a != JOKER:
        return (k, RANK[a], SUIT[a])
    if k in (A.BRING, A.ASSASSIN, A.COUNTER):
        return (k, RANK[a], SUIT[a], b)
    return None
