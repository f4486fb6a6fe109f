"""Merchant #1 trading [KS-9]: an offer, an optional ask, then each opponent in turn order accepts,
counter-offers or passes; the Merchant may take one counter-offer. At most one trade happens.

Items are a card kind (``0..39``) or a title (``40 + title``); the Silenced title is never an item
(KS-21). Offers and trades are spoken at the table, so they are public.
"""

from __future__ import annotations

from itertools import compress
from typing import Final

from regalia.core.events import Event, public
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
    Act,
    ask_text,
    item_text,
)
from regalia.games.kingship.cards import NK, NSPEC, SILENCED, SPEC_MATCH, VALID_SPECS
from regalia.games.kingship.phrases import ask_words, item_words, play_words
from regalia.games.kingship.windows import Windows

_ASK_SPECS: Final[list[Act]] = [ASK_ACTS[ASK_NOTHING]] + [ASK_ACTS[sp] for sp in VALID_SPECS]
"""``ask nothing`` and an ask for every specification (KS-10), the first options of ``m_ask``."""


class Merchant(Windows):
    """The Merchant's trade (single Merchant ability): the rule line's fourth class (after
    :class:`~regalia.games.kingship.windows.Windows`; see :mod:`regalia.games.kingship.state`)."""

    def items_of(self, seat: int) -> list[int]:
        """What ``seat`` can trade: the kinds in hand, then held titles (not Silenced) as ``40 + t``."""
        out = list(compress(range(NK), self.hands[seat]))
        out += [NK + t for t in range(6) if t != SILENCED and self.titles[t] == seat]
        return out

    def op_merchant_offer(self, ev: list[Event]) -> None:
        """Merchant #1: ask the Merchant for an offer (KS-9)."""
        if self.items_of(self.ctx["actor"]):
            self.pending = ("m_offer", self.ctx["actor"])

    def legal_m_offer(self) -> list[Act]:
        """Pass, or any card in hand or held title (not Silenced, KS-21)."""
        return [PASS_ACT] + [OFFER_ACTS[i] for i in self.items_of(self.ctx["actor"])]

    def on_m_offer(self, ev: list[Event], act: Act) -> None:
        """Record the offer (public), then ask what the Merchant wants."""
        a = self.ctx["actor"]
        self.pending = None
        if act.kind == PASS:
            ev.append(public("merchant", f"P{a} makes no offer", a))
            return
        self.ctx["m_item"] = act.a
        if act.a < NK:
            self.know_shown(a, act.a)  # the offered card is shown: it stays in hand in determinizations
        ev.append(
            public("offer", f"{play_words(self)} offers {item_words(act.a)} for trade (KS-9)", a, item=item_text(act.a))
        )
        self.pending = ("m_ask", a)

    def legal_m_ask(self) -> list[Act]:
        """Ask for nothing, a specification (KS-10), or a title someone else holds."""
        a = self.ctx["actor"]
        out = _ASK_SPECS[:]
        out += [ASK_ACTS[NSPEC + t] for t in range(6) if t != SILENCED and self.titles[t] >= 0 and self.titles[t] != a]
        return out

    def on_m_ask(self, ev: list[Event], act: Act) -> None:
        """Record the ask and offer the trade to the opponents in turn order."""
        a = self.ctx["actor"]
        self.pending = None
        self.ctx["m_ask"] = act.a
        self.ctx["m_counters"] = []
        self.ctx["m_i"] = 1
        ev.append(public("ask", f"P{a} asks for {ask_words(act.a)} in return (KS-9)", a, ask=ask_text(act.a)))
        self._m_next(ev)

    def _m_next(self, ev: list[Event]) -> None:
        a = self.ctx["actor"]
        order = self.order_from(a)
        i = self.ctx["m_i"]
        while i < self.n:
            if self.items_of(order[i]):
                self.ctx["m_i"] = i
                self.pending = ("m_resp", order[i])
                return
            i += 1
        self.ctx["m_i"] = i
        if self.ctx["m_counters"]:
            self.pending = ("m_choose", a)
        else:
            ev.append(public("no_trade", f"nobody trades with {play_words(self)}"))

    def satisfies_ask(self, item: int) -> bool:
        """Whether an item is what the Merchant asked for (any item when nothing was named)."""
        ask = self.ctx["m_ask"]
        if ask == ASK_NOTHING:
            return True
        if ask >= NSPEC:
            return bool(item == NK + ask - NSPEC)
        return bool(item < NK and SPEC_MATCH[ask][item])

    def legal_m_resp(self) -> list[Act]:
        """Pass, accept with an item matching the ask, or counter-offer any item."""
        assert self.pending is not None
        items = self.items_of(self.pending[1])
        ask = self.ctx["m_ask"]
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

    def on_m_resp(self, ev: list[Event], act: Act) -> None:
        """An opponent's answer: accepting trades at once; a counter-offer is recorded."""
        assert self.pending is not None
        s = self.pending[1]
        self.pending = None
        if act.kind == ACCEPT:
            ev.append(public("accept", f"P{s} accepts the offer, giving {item_words(act.a)}", s))
            self.trade(ev, self.ctx["actor"], self.ctx["m_item"], s, act.a)
            return
        if act.kind == COUNTER:
            self.ctx["m_counters"].append([s, act.a])
            if act.a < NK:
                self.know_shown(s, act.a)
            ev.append(public("counter", f"P{s} counter-offers {item_words(act.a)}", s, item=item_text(act.a)))
        else:
            ev.append(public("pass", f"P{s} passes on the offer", s))
        self.ctx["m_i"] += 1
        self._m_next(ev)

    def legal_m_choose(self) -> list[Act]:
        """Pass, or take one of the counter-offers."""
        return [PASS_ACT] + [TAKE_OFFER_ACTS[s] for s, _ in self.ctx["m_counters"]]

    def on_m_choose(self, ev: list[Event], act: Act) -> None:
        """Take the chosen counter-offer (the trade happens) or none."""
        a = self.ctx["actor"]
        self.pending = None
        if act.kind == PASS:
            ev.append(public("no_trade", f"P{a} takes no counter-offer", a))
            return
        item = next(i for s, i in self.ctx["m_counters"] if s == act.a)
        ev.append(public("take_offer", f"P{a} takes P{act.a}'s counter-offer", a))
        self.trade(ev, a, self.ctx["m_item"], act.a, item)

    def trade(self, ev: list[Event], a: int, ia: int, b: int, ib: int) -> None:
        """Exchange item ``ia`` of ``a`` with item ``ib`` of ``b`` (publicly)."""
        for frm, to, it in ((a, b, ia), (b, a, ib)):
            if it < NK:
                self.hand_remove(frm, it, None)
                self.hand_add(to, it, None)
            else:
                self.titles[it - NK] = -1
        for to, it in ((b, ia), (a, ib)):
            if it >= NK:
                self.give_title(ev, to, it - NK, "a Merchant's trade")
        ev.append(public("trade", f"P{a} and P{b} trade {item_words(ia)} for {item_words(ib)} (Merchant)", a, target=b))
