"""Merchant #1 trading [KS-9]: an offer, an optional ask, then each opponent in turn order accepts,
counter-offers or passes; the Merchant may take one counter-offer. At most one trade happens.

Items are a card kind (``0..39``) or a title (``40 + title``); the Silenced title is never an item
(KS-21). Offers and trades are spoken at the table, so they are public.
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING, Final

from regalia.core.events import Event, public
from regalia.games.kingship import engine
from regalia.games.kingship.actions import (
    ACCEPT,
    ACCEPT_ACTS,
    ASK_ACTS,
    ASK_NOTHING,
    COUNTER,
    COUNTER_ACTS,
    OFFER_ACTS,
    PASS,
    PASS_ACT,
    TAKE_OFFER_ACTS,
    KingshipAction,
    ask_text,
    item_text,
)
from regalia.games.kingship.cards import NK, NSPEC, SILENCED, SPEC_MATCH, VALID_SPECS
from regalia.games.kingship.phrases import ask_words, item_words, play_words

if TYPE_CHECKING:
    from regalia.games.kingship.state import KingshipState

_ASK_SPECS: Final[list[KingshipAction]] = [ASK_ACTS[ASK_NOTHING]] + [ASK_ACTS[sp] for sp in VALID_SPECS]
"""``ask nothing`` and an ask for every specification (KS-10), the first options of ``m_ask``."""


def items_of(state: KingshipState, seat: int) -> list[int]:
    """What ``seat`` can trade: the kinds in hand, then held titles (not Silenced) as ``40 + t``."""
    out = list(compress(range(NK), state.hands[seat]))
    out += [NK + t for t in range(6) if t != SILENCED and state.titles[t] == seat]
    return out


def op_merchant_offer(state: KingshipState, ev: list[Event]) -> None:
    """Merchant #1: ask the Merchant for an offer (KS-9)."""
    if items_of(state, state.ctx.actor):
        state.pending = ("m_offer", state.ctx.actor)


def legal_m_offer(state: KingshipState) -> list[KingshipAction]:
    """Pass, or any card in hand or held title (not Silenced, KS-21)."""
    return [PASS_ACT] + [OFFER_ACTS[i] for i in items_of(state, state.ctx.actor)]


def on_m_offer(state: KingshipState, ev: list[Event], act: KingshipAction) -> None:
    """Record the offer (public), then ask what the Merchant wants."""
    a = state.ctx.actor
    state.pending = None
    if act.kind == PASS:
        ev.append(public("merchant", f"P{a} makes no offer", a))
        return
    state.ctx.m_item = act.a
    if act.a < NK:
        engine.know_shown(state, a, act.a)  # the offered card is shown: it stays in hand in determinizations
    ev.append(
        public("offer", f"{play_words(state)} offers {item_words(act.a)} for trade (KS-9)", a, item=item_text(act.a))
    )
    state.pending = ("m_ask", a)


def legal_m_ask(state: KingshipState) -> list[KingshipAction]:
    """Ask for nothing, a specification (KS-10), or a title someone else holds."""
    a = state.ctx.actor
    out = _ASK_SPECS[:]
    out += [ASK_ACTS[NSPEC + t] for t in range(6) if t != SILENCED and state.titles[t] >= 0 and state.titles[t] != a]
    return out


def on_m_ask(state: KingshipState, ev: list[Event], act: KingshipAction) -> None:
    """Record the ask and offer the trade to the opponents in turn order."""
    a = state.ctx.actor
    state.pending = None
    state.ctx.m_ask = act.a
    state.ctx.m_counters = []
    state.ctx.m_i = 1
    ev.append(public("ask", f"P{a} asks for {ask_words(act.a)} in return (KS-9)", a, ask=ask_text(act.a)))
    _m_next(state, ev)


def _m_next(state: KingshipState, ev: list[Event]) -> None:
    a = state.ctx.actor
    order = state.order_from(a)
    i = state.ctx.m_i
    while i < state.n:
        if items_of(state, order[i]):
            state.ctx.m_i = i
            state.pending = ("m_resp", order[i])
            return
        i += 1
    state.ctx.m_i = i
    if state.ctx.m_counters:
        state.pending = ("m_choose", a)
    else:
        ev.append(public("no_trade", f"nobody trades with {play_words(state)}"))


def satisfies_ask(state: KingshipState, item: int) -> bool:
    """Whether an item is what the Merchant asked for (any item when nothing was named)."""
    ask = state.ctx.m_ask
    if ask == ASK_NOTHING:
        return True
    if ask >= NSPEC:
        return bool(item == NK + ask - NSPEC)
    return bool(item < NK and SPEC_MATCH[ask][item])


def legal_m_resp(state: KingshipState) -> list[KingshipAction]:
    """Pass, accept with an item matching the ask, or counter-offer any item."""
    assert state.pending is not None
    items = items_of(state, state.pending[1])
    ask = state.ctx.m_ask
    if ask == ASK_NOTHING:  # satisfies_ask(i) for every item, inlined
        accepts = items
    elif ask >= NSPEC:
        accepts = [i for i in items if i == NK + ask - NSPEC]
    else:
        match = SPEC_MATCH[ask]
        accepts = [i for i in items if i < NK and match[i]]
    out = [PASS_ACT]
    out += map(ACCEPT_ACTS.__getitem__, accepts)
    out += map(COUNTER_ACTS.__getitem__, items)
    return out


def on_m_resp(state: KingshipState, ev: list[Event], act: KingshipAction) -> None:
    """An opponent's answer: accepting trades at once; a counter-offer is recorded."""
    assert state.pending is not None
    s = state.pending[1]
    state.pending = None
    if act.kind == ACCEPT:
        ev.append(public("accept", f"P{s} accepts the offer, giving {item_words(act.a)}", s))
        trade(state, ev, state.ctx.actor, state.ctx.m_item, s, act.a)
        return
    if act.kind == COUNTER:
        counters = state.ctx.m_counters
        assert counters is not None  # set by on_m_ask
        state.ctx.m_counters = [*counters, [s, act.a]]  # replaced, never changed (PlayContext.copy)
        if act.a < NK:
            engine.know_shown(state, s, act.a)
        ev.append(public("counter", f"P{s} counter-offers {item_words(act.a)}", s, item=item_text(act.a)))
    else:
        ev.append(public("pass", f"P{s} passes on the offer", s))
    state.ctx.m_i += 1
    _m_next(state, ev)


def legal_m_choose(state: KingshipState) -> list[KingshipAction]:
    """Pass, or take one of the counter-offers."""
    counters = state.ctx.m_counters
    assert counters is not None
    return [PASS_ACT] + [TAKE_OFFER_ACTS[s] for s, _ in counters]


def on_m_choose(state: KingshipState, ev: list[Event], act: KingshipAction) -> None:
    """Take the chosen counter-offer (the trade happens) or none."""
    a = state.ctx.actor
    state.pending = None
    if act.kind == PASS:
        ev.append(public("no_trade", f"P{a} takes no counter-offer", a))
        return
    counters = state.ctx.m_counters
    assert counters is not None
    item = next(i for s, i in counters if s == act.a)
    ev.append(public("take_offer", f"P{a} takes P{act.a}'s counter-offer", a))
    trade(state, ev, a, state.ctx.m_item, act.a, item)


def trade(state: KingshipState, ev: list[Event], a: int, ia: int, b: int, ib: int) -> None:
    """Exchange item ``ia`` of ``a`` with item ``ib`` of ``b`` (publicly)."""
    for frm, to, it in ((a, b, ia), (b, a, ib)):
        if it < NK:
            engine.hand_remove(state, frm, it, None)
            engine.hand_add(state, to, it, None)
        else:
            state.titles[it - NK] = -1
    for to, it in ((b, ia), (a, ib)):
        if it >= NK:
            engine.give_title(state, ev, to, it - NK, "a Merchant's trade")
    ev.append(public("trade", f"P{a} and P{b} trade {item_words(ia)} for {item_words(ib)} (Merchant)", a, target=b))
