"""Labels: a few words beside each action's text saying what it does, with the cards' characters,
and the headings under which long choice lists are grouped.

A label is shown to the seat deciding now, beside a legal action; it never adds a card that the
action's own text does not name (the deciding seat's secrets stay in its prompt). Conditions in
brackets on the cards (``[King/Yes]``...) are read on the table as it is (KS-15).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from regalia.games.kingship import actions as A
from regalia.games.kingship.actions import KingshipAction, pair_cards
from regalia.games.kingship.cards import (
    ANGEL,
    DARK_QUEEN,
    DEMON,
    DEMON_V,
    EMPEROR,
    FARMER,
    KING,
    KNIGHT,
    LIGHT_QUEEN,
    MERCHANT,
    MESSENGER,
    NAME,
    NK,
    NSPEC,
    OUTLAW,
    POACHER,
    PRIEST,
    PRINCE,
    QUEEN,
    SILENCED,
    SPEC_MATCH,
    SUIT,
    VALUE,
    WITCH,
    WIZARD,
)
from regalia.games.kingship.context import UNSET, actor_or
from regalia.games.kingship.laws import law_description
from regalia.games.kingship.phrases import acquiring, ask_words, item_words
from regalia.games.kingship.prompts import target_purpose
from regalia.games.kingship.words import CARD, CHARACTER, THE_CARD, TITLE_TITLES, spec_words

if TYPE_CHECKING:
    from regalia.games.kingship.state import KingshipState


# ---------------------------------------------------------------- plays
def copied_below(state: KingshipState) -> int:
    """The card a Wizard played now would copy: the first card from the top of the pile that is
    not a Wizard (KS-8), or -1 when there is none."""
    for k in reversed(state.pile):
        if VALUE[k] != WIZARD:
            return k
    return -1


def _effect(state: KingshipState, seat: int, value: int, suit: int, pair: bool, played: int) -> str:
    """What ability #1 (or #2 for a pair) of ``value`` does if ``seat`` plays it now (``played``
    cards leave the hand), its bracketed conditions read on the table as it is (KS-15)."""
    t = state.titles
    if value == ANGEL:
        return (
            "an opponent you choose loses all their titles (unblockable)"
            if pair
            else ("give an opponent you target a card from your hand, revealed to all")
        )
    if value == MESSENGER:
        if pair:
            return "reverse the direction, draw a card, then place a card from your hand on the pile"
        nxt = state.next_seat(seat)
        if state.is_silenced(nxt):
            return f"no effect: P{nxt}, the next player, is silenced"
        draw = ", and you draw a card (they hold more)" if state.hs[nxt] > state.hs[seat] - played else ""
        return f"skip P{nxt}'s next turn{draw}"
    if value == FARMER:
        return (
            "no effect (Farmers are never paired)" if pair else "look at the top card of the deck: keep it or reveal it"
        )
    if value == POACHER:
        if pair:
            return "specify a card: every player holding one may exile one"
        below = f"{CARD[state.pile[-1]]} below it" if state.pile else "the pile card below it"
        return f"exile the top two cards of the deck or {below}"
    if value == PRIEST:
        if pair:
            return "revive a pile card onto the top of the deck; you may then draw a card"
        below = THE_CARD[state.pile[-1]] if state.pile else "the card below"
        return f"a player you target takes {below} from the pile into their hand"
    if value == DEMON_V:
        d = t[DEMON]
        if pair:
            if d < 0 or t[SILENCED] == d:
                return "become the Demon (your other titles are removed)"
            return "swap hands with an opponent you target"
        if d < 0:
            return "no effect (nobody is the Demon)"
        return "no effect: you are the Demon" if d == seat else f"take a random card from the Demon P{d}'s hand"
    if value == MERCHANT:
        return "see an opponent's hand, take a card, give one back" if pair else "offer a card or title for trade"
    if value == WITCH:
        if pair:
            return "specify a card: every copy of it in the pile is exiled; everyone becomes un-silenced"
        return "silence a player you target (not the one already silenced)"
    if value == KNIGHT:
        return "every opponent draws two cards, in turn order" if pair else "no ability played on your turn"
    if value == PRINCE:
        k = t[KING]
        if pair:
            return "obtain any title but Kingship" if k < 0 else "become the King"
        if k < 0:
            return "no effect (no King in play)"
        return "no effect: you are the King" if k == seat else f"propose a law that only the King, P{k}, approves"
    if value == QUEEN:
        if pair:
            laws = "; all laws are removed" if t[KING] >= 0 and state.laws else ""
            return f"become the Light or the Dark Queen{laws}"
        return f"become the {'Light' if suit == 0 else 'Dark'} Queen"
    if value == EMPEROR:
        k = t[KING]
        if pair:
            return "you may take another turn" if k >= 0 else "no effect (no King in play)"
        if k >= 0:
            return "search the deck for a card for a player you target"
        if t[DARK_QUEEN] >= 0 or t[LIGHT_QUEEN] >= 0:
            return "become the King"
        return "no effect (no King and no Queen in play)"
    return "no effect"


def play_label(state: KingshipState, cards: list[int]) -> str:
    """``"9T Witch: silence a player you target (not the one already silenced)"``; a pair names
    its character and the card that becomes the top."""
    seat = state.turn_player
    last = cards[-1]
    if last == OUTLAW:
        return "Outlaw: your turn ends, you take the Outlaw title, and the next player may play anything on it"
    value = VALUE[last]
    pair = len(cards) > 1
    head = f"{' '.join(NAME[k] for k in cards)} {CHARACTER[value]} pair" if pair else CARD[last]
    silenced = state.is_silenced(seat)
    if value == WIZARD:
        k = copied_below(state)
        if k < 0 or k == OUTLAW:
            effect = "copies nothing here: no effect"
        elif silenced and VALUE[k] != WITCH:
            effect = f"copies {THE_CARD[k]}, but you are silenced: no effect"
        else:
            effect = f"copies {THE_CARD[k]}: {_effect(state, seat, VALUE[k], SUIT[k], pair, len(cards))}"
    elif silenced and value != WITCH:
        effect = "no effect: you are silenced"
    else:
        effect = _effect(state, seat, value, SUIT[last], pair, len(cards))
    top = f" ({NAME[last]} on top)" if pair and len({SUIT[k] for k in cards}) > 1 else ""
    return f"{head}: {effect}{top}"


# ---------------------------------------------------------------- other actions, by pending decision
_PASS_WORDS = {
    "main": "end your turn without playing",
    "dq": "let the target stand",
    "outlaw": "keep your Outlaw: no redirect",
    "knight": "do not block",
    "lq": "let the draw happen",
    "demon": "keep the Demon title",
    "demon_take": "stop taking cards",
    "poach": "keep your cards: exile nothing",
    "priest_draw": "do not draw",
    "m_offer": "make no offer",
    "m_resp": "decline the offer",
    "m_choose": "take no counter-offer",
    "prince_title": "obtain no title",
    "queen": "take no Queen title",
    "extra": "no extra turn",
    "law": "propose no law",
}


def _kind(state: KingshipState) -> str:
    return str(state.pending[0]) if state.pending is not None else ""


def _label_draw(state: KingshipState, act: KingshipAction) -> str:
    kind = _kind(state)
    if kind == "tax":
        return "draw a card to pay the tax"
    if kind == "priest_draw":
        return "draw a card (the Priest pair's draw)"
    lq = state.active_holder(LIGHT_QUEEN)
    stop = f"; the Light Queen, P{lq}, may prevent it" if lq >= 0 and (state.deck or len(state.pile) > 1) else ""
    return f"draw a card: your one draw this turn, then play or pass{stop}"


def _label_target(state: KingshipState, act: KingshipAction) -> str:
    t = act.a
    actor = actor_or(state.ctx, state.turn_player)
    who = "yourself" if t == actor else f"P{t}"
    if state.pending is None or state.pending[0] != "target":
        return f"target {who}"
    return f"{who} {target_purpose(state, actor, t)}"


def _label_redirect(state: KingshipState, act: KingshipAction) -> str:
    title = acquiring(state)
    if title >= 0:
        return f"play your Outlaw: P{act.a} acquires the {TITLE_TITLES[title]} title instead; you take the Outlaw title"
    if _kind(state) == "reroute":
        return f"redirect to P{act.a} instead"
    return f"play your Outlaw: P{act.a} becomes the target instead; you take the Outlaw title"


def _label_card(state: KingshipState, act: KingshipAction) -> str:
    verb, k = act.a, act.b
    card = CARD[k]
    t = max(state.ctx.target, -1)
    if verb == A.GIVE:
        return f"give {card} to P{t}, revealed to all" if t >= 0 else f"give {card}"
    if verb == A.EXILE:
        return f"exile {card} to the graveyard"
    if verb == A.PLACE:
        return f"place {card} on top of the pile (no ability)"
    if verb == A.REVIVE:
        return f"revive {card} onto the top of the deck, revealed to all"
    if verb == A.TAKE:
        return f"take {card} from P{t}'s hand" if t >= 0 else f"take {card}"
    if verb == A.RETURN:
        return f"give {card} back to P{t}" if t >= 0 else f"give {card} back"
    if verb == A.SEARCH:
        return f"put {card} into P{t}'s hand, then shuffle the deck" if t >= 0 else f"search for {card}"
    return f"take {card} from the graveyard into your hand"


def _label_spec(state: KingshipState, act: KingshipAction) -> str:
    spec = act.a
    words = spec_words(spec)
    if state.pending is not None and state.pending[0] == "spec" and state.pending[2] == "witch":
        match = SPEC_MATCH[spec]
        n = sum(1 for k in state.pile[: max(state.ctx.base, 0)] if match[k])
        return f"specify {words}: {n} such card{'s' if n != 1 else ''} in the pile below your play"
    return f"specify {words}"


def _label_choice(state: KingshipState, act: KingshipAction) -> str:
    c = act.a
    if c == A.KEEP:
        return "put the top card of the deck into your hand"
    if c == A.REVEAL:
        return "reveal the top card of the deck to all and leave it on top"
    if c == A.EXILE_DECK:
        return "exile the top two cards of the deck, unseen"
    if c == A.EXILE_PILE:
        base = max(state.ctx.base, 0)
        below = CARD[state.pile[base - 1]] if 0 < base <= len(state.pile) else "the card"
        return f"exile {below} from the pile, below your Poacher"
    if c in (A.APPROVE, A.DENY):
        law = state.ctx.law
        what = f" '{A.law_text(law[0], law[1])}'" if law else ""
        return f"{'approve' if c == A.APPROVE else 'deny'} the law{what}"
    if c == A.PREVENT:
        if state.pending is not None and state.pending[0] == "lq":
            drawer, count = state.pending[2], state.pending[3]
            return f"prevent P{drawer}'s draw of {count} card{'s' if count != 1 else ''}"
        return "prevent the draw"
    if c == A.CLAIM:
        return f"give up the Demon title to take graveyard cards ({len(state.grave)} there)"
    return "take another turn when this one ends"


def _label_title(state: KingshipState, act: KingshipAction) -> str:
    holder = state.titles[act.a]
    held = f", taken from P{holder}" if holder >= 0 else ""
    return f"obtain the {TITLE_TITLES[act.a]} title{held}"


def _label_law(state: KingshipState, act: KingshipAction) -> str:
    return f"propose: {law_description([act.a, act.b])}"


def _label_offer(state: KingshipState, act: KingshipAction) -> str:
    return f"offer {item_words(act.a)} for trade"


def _label_ask(state: KingshipState, act: KingshipAction) -> str:
    if act.a == NSPEC + 6:
        return "ask for nothing in particular: any card or title will do"
    if act.a >= NSPEC:
        holder = state.titles[act.a - NSPEC]
        return f"ask for the {TITLE_TITLES[act.a - NSPEC]} title" + (f", held by P{holder}" if holder >= 0 else "")
    return f"ask for {ask_words(act.a)}"


def _label_accept(state: KingshipState, act: KingshipAction) -> str:
    a = actor_or(state.ctx, state.turn_player)
    offer = item_words(state.ctx.m_item) if state.ctx.m_item != UNSET else "the offer"
    return f"accept: give {item_words(act.a)} to P{a} for {offer}"


def _label_counter(state: KingshipState, act: KingshipAction) -> str:
    offer = item_words(state.ctx.m_item) if state.ctx.m_item != UNSET else "the offer"
    return f"counter-offer {item_words(act.a)} for {offer}"


def _label_take_offer(state: KingshipState, act: KingshipAction) -> str:
    for seat, item in state.ctx.m_counters or []:
        if seat == act.a:
            return f"trade {item_words(max(state.ctx.m_item, 0))} for P{seat}'s {item_words(item)}"
    return f"take P{act.a}'s counter-offer"


def _label_pass(state: KingshipState, act: KingshipAction) -> str:
    return _PASS_WORDS.get(_kind(state), "pass")


_BY_KIND: dict[int, Callable[[KingshipState, KingshipAction], str]] = {
    A.DRAW: _label_draw,
    A.PASS: _label_pass,
    A.PLAY: lambda s, a: play_label(s, [a.a]),
    A.PAIR: lambda s, a: play_label(s, pair_cards(a)),
    A.TARGET: _label_target,
    A.FORBID: lambda s, a: f"forbid P{max(s.ctx.target, -1)} as the target: another must be chosen",
    A.REDIRECT: _label_redirect,
    A.BLOCK: lambda s, a: f"block with {CARD[27 + a.a]}: the ability is cancelled, and you draw a card",
    A.CARD: _label_card,
    A.NAME_SPEC: _label_spec,
    A.CHOICE: _label_choice,
    A.TITLE: _label_title,
    A.LAW: _label_law,
    A.OFFER: _label_offer,
    A.ASK: _label_ask,
    A.ACCEPT: _label_accept,
    A.COUNTER: _label_counter,
    A.TAKE_OFFER: _label_take_offer,
}


def label(state: KingshipState, act: KingshipAction) -> str:
    """What ``act`` does now, in a few words (see the module docstring)."""
    return _BY_KIND[act.kind](state, act)


# ---------------------------------------------------------------- headings of long lists
_SPEC_GROUPS = ("Any card", "A suit", "A value", "A value and a suit")


def choice_group(state: KingshipState, act: KingshipAction) -> str:
    """The heading of ``act`` in a long list: plays by single card or pair, laws by law, specs
    and asks by what they name, Merchant answers by accept or counter-offer."""
    k = act.kind
    if k in (A.DRAW, A.PASS):
        if _kind(state) == "main":
            return "Draw or pass"
        return "Draw" if k == A.DRAW else "Pass"
    if k == A.PLAY:
        return "Single cards"
    if k == A.PAIR:
        return "Pairs"
    if k == A.LAW:
        return f"Law {A.LAW_WORDS[act.a]}"
    if k in (A.NAME_SPEC, A.ASK):
        if k == A.ASK and act.a >= NSPEC:
            return "Nothing" if act.a == NSPEC + 6 else "Titles"
        v, suit = divmod(act.a, 4)
        if v == 14:
            return "A value"
        return _SPEC_GROUPS[(1 if suit else 0) + (2 if v else 0)]
    if k in (A.OFFER, A.ACCEPT, A.COUNTER):
        word = {A.OFFER: "Offer", A.ACCEPT: "Accept", A.COUNTER: "Counter-offer"}[k]
        return f"{word}: a title" if act.a >= NK else f"{word}: a card"
    return str(act).split(" ", 1)[0].capitalize()
