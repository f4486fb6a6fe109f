"""Laws [KS-11]: the King's proposal at the start of the turn, the Queens' votes, the Prince's law
(approved by the King alone), one-shot and standing laws, and their enforcement.

A law is ``[type, param]`` (types in :mod:`actions`). ``laws="pro"`` offers the six Kingship Pro
laws; ``laws="catalogue"`` adds the structured rulebook examples. Standing laws (``tax``,
``no-winner``, ``exactly``, ``cannot-win``) stay in ``state.laws`` until removed; the others are
carried out once when passed (KS-16).
"""

from __future__ import annotations

from functools import cache
from itertools import compress
from typing import Final

from regalia.core.events import Event, public
from regalia.games.kingship.actions import (
    APPROVE,
    CARD_ACTS,
    CATALOGUE_LAWS,
    CHOICE_ACTS,
    DENY,
    DRAW,
    DRAW_ACT,
    EXACTLY_MAX,
    EXILE,
    L_ALL_EXILE,
    L_CANNOT_WIN,
    L_DRAW_OTHERS,
    L_EXACTLY,
    L_EXILE_APPROVERS,
    L_MAX3,
    L_NO_WINNER,
    L_OTHERS_DRAW2,
    L_TAX,
    L_WINS,
    LAW,
    LAW_ACTS,
    PASS,
    PASS_ACT,
    PRO_LAWS,
    STANDING_LAWS,
    Act,
    law_text,
)
from regalia.games.kingship.cards import DARK_QUEEN, KING, LIGHT_QUEEN, SPEC_MATCH, VALID_SPECS
from regalia.games.kingship.engine import Engine
from regalia.games.kingship.words import spec_words

_VOTES: Final[list[Act]] = [CHOICE_ACTS[APPROVE], CHOICE_ACTS[DENY]]
"""The options of a vote (one shared list, see ``state._const``)."""


@cache
def _law_options(pro: bool, n: int) -> tuple[list[Act], dict[int, int]]:
    """Pass, then every law of the ``laws`` option (``pro``: the six Pro laws, else the catalogue)
    for ``n`` players, in type then parameter order [KS-11, KS-24]; one list per setting, with the
    position of each law in it (key ``type * 64 + param``)."""
    out = [PASS_ACT]
    for t in PRO_LAWS if pro else CATALOGUE_LAWS:
        if t == L_TAX:
            params = VALID_SPECS
        elif t == L_EXACTLY:
            params = list(range(EXACTLY_MAX + 1))
        elif t in (L_CANNOT_WIN, L_WINS):
            params = list(range(n))
        else:
            params = [0]
        out += [LAW_ACTS[t][p] for p in params]
    return out, {a.a * 64 + a.b: i for i, a in enumerate(out) if a.kind == LAW}


def law_description(law: list[int]) -> str:
    """What a law does, in a sentence (``law`` is ``[type, param]``, more items are ignored): for
    views, prompts, labels and the terminal."""
    t, p = law[0], law[1]
    if t == L_EXILE_APPROVERS:
        return "the proposer and every voter each exile a card"
    if t == L_DRAW_OTHERS:
        return "every player who neither proposed nor voted on it draws a card"
    if t == L_TAX:
        return f"whoever plays {spec_words(p)} must draw a card or exile a card"
    if t == L_NO_WINNER:
        return "nobody can win; a player with no cards in phase 1 or 3 draws a card"
    if t == L_EXACTLY:
        return f"the first player to hold exactly {p} card{'s' if p != 1 else ''} wins"
    if t == L_MAX3:
        return "every player exiles cards until they hold at most 3"
    if t == L_ALL_EXILE:
        return "every player exiles a card"
    if t == L_OTHERS_DRAW2:
        return "every player but the King draws two cards"
    if t == L_CANNOT_WIN:
        return f"P{p} cannot win"
    return f"P{p} wins the game"


class Laws(Engine):
    """Proposals, votes, enactment and enforcement of laws: the second class of the rule line
    (after :class:`~regalia.games.kingship.engine.Engine`; see :mod:`regalia.games.kingship.state`)."""

    # ---------------------------------------------------------------- queries used by the turn
    def has_no_winner_law(self) -> bool:
        """Whether the Pro law 'no-winner' is active."""
        return any(law[0] == L_NO_WINNER for law in self.laws)

    def exactly_law(self) -> int:
        """N of the active "exactly N cards wins" law, or -1."""
        for law in self.laws:
            if law[0] == L_EXACTLY:
                return law[1]
        return -1

    def can_win(self, seat: int) -> bool:
        """Whether no active law stops ``seat`` from winning (a law naming a silenced player has no effect, KS-12)."""
        for t, p in self.laws:
            if t == L_NO_WINNER:
                return False
            if t == L_CANNOT_WIN and p == seat and not self.is_silenced(seat):
                return False
        return True

    def _check_exactly(self, ev: list[Event]) -> None:
        """Pro law: the first player holding exactly N cards at any time wins (turn order from the player on turn)."""
        n = -1
        for law in self.laws:  # exactly_law(), inlined: this runs after every action while laws are active
            if law[0] == L_EXACTLY:
                n = law[1]
                break
        if n < 0 or n not in self.hs:
            return
        for s in self.order_from(self.tp):
            if self.hs[s] == n and self.can_win(s):
                self.finish(ev, s, f"they hold exactly {n} card{'s' if n != 1 else ''} (the law 'exactly {n}')")
                return

    # ---------------------------------------------------------------- proposing
    def op_law_propose(self, ev: list[Event], mode: str, proposer: int) -> None:
        """Ask ``proposer`` (the King in phase 1, or the Prince's player: -1) for a law."""
        seat = self.ctx["actor"] if proposer < 0 else proposer
        self.pending = ("law", seat, mode)

    def legal_law(self) -> list[Act]:
        """Pass, or every law of the ``laws`` option not already active (KS-11, KS-24); with no
        active law, one shared list, not to be changed (the core hands out copies)."""
        out, at = _law_options(self.config.laws == "pro", self.n)
        if not self.laws:
            return out  # the shared list (see state._legal_actions)
        # an active law cannot be proposed again (it may also be no option of this ``laws`` setting)
        drop = sorted([at[t * 64 + p] for t, p in self.laws if t * 64 + p in at], reverse=True)
        out = out[:]
        for i in drop:
            del out[i]
        return out

    def on_law(self, ev: list[Event], act: Act) -> None:
        """Record the proposal and ask the voters (every Queen holder; the King for a Prince's law)."""
        assert self.pending is not None
        _, seat, mode = self.pending
        self.pending = None
        if act.kind == PASS:
            ev.append(public("no_law", f"P{seat} proposes no law", seat))
            return
        if mode == "king":
            qs = {self.titles[DARK_QUEEN], self.titles[LIGHT_QUEEN]} - {-1}
            voters = [s for s in self.order_from(seat) if s in qs]
        else:
            voters = [self.titles[KING]]
        self.ctx["law"] = [act.a, act.b, seat]
        self.ctx["voters"] = voters
        self.ctx["vote_i"] = 0
        ev.append(
            public(
                "propose",
                f"P{seat} proposes the law '{law_text(act.a, act.b)}': {law_description([act.a, act.b])} (KS-11)",
                seat,
                law=law_text(act.a, act.b),
            )
        )
        if voters:
            self.pending = ("vote", voters[0])
        else:
            ev.append(public("law_passed", "no Queen is in play: the law passes (KS-11)"))
            self._enact(ev)

    def legal_vote(self) -> list[Act]:
        """``approve`` or ``deny`` (one shared list, not to be changed)."""
        return _VOTES

    def on_vote(self, ev: list[Event], act: Act) -> None:
        """One vote: a denial ends the proposal; the last approval enacts the law (KS-11)."""
        assert self.pending is not None
        s = self.pending[1]
        self.pending = None
        if act.a == DENY:
            ev.append(
                Event(
                    "vote",
                    f"P{s} denies the law, which fails; it cannot be proposed again this turn (KS-11)",
                    s,
                    None,
                    {},
                )
            )
            return
        ev.append(Event("vote", f"P{s} approves the law", s, None, {}))
        self.ctx["vote_i"] += 1
        if self.ctx["vote_i"] < len(self.ctx["voters"]):
            self.pending = ("vote", self.ctx["voters"][self.ctx["vote_i"]])
            return
        ev.append(public("law_passed", "the law passes"))
        self._enact(ev)

    def _enact(self, ev: list[Event]) -> None:
        t, p, proposer = self.ctx["law"]
        voters = self.ctx["voters"]
        if t in STANDING_LAWS:
            if t == L_EXACTLY:
                self.laws[:] = [law for law in self.laws if law[0] != L_EXACTLY]  # KS-23: replaces the previous one
            self.laws.append([t, p])
            return
        involved = {proposer, *voters}
        order = self.order_from(self.tp)
        if t == L_EXILE_APPROVERS:
            self.push(*[("exile_one", s) for s in order if s in involved])
        elif t == L_DRAW_OTHERS:
            self.push(*[("draw", s, 1, 0, "law") for s in order if s not in involved])
        elif t == L_MAX3:
            self.push(*[("exile_to", s, 3) for s in order])
        elif t == L_ALL_EXILE:
            self.push(*[("exile_one", s) for s in order])
        elif t == L_OTHERS_DRAW2:
            king = self.titles[KING]
            self.push(*[("draw", s, 2, 1, "law") for s in order if s != king])
        elif t == L_WINS:
            self.push(("law_win", p))

    # ---------------------------------------------------------------- one-shot effects
    def op_exile_one(self, ev: list[Event], seat: int) -> None:
        """A law's 'exile a card' for ``seat`` (nothing if their hand is empty)."""
        if self.hs[seat]:
            self.pending = ("exile", seat, 0)

    def op_exile_to(self, ev: list[Event], seat: int, limit: int) -> None:
        """Pro law 'max-3': ``seat`` exiles until holding at most ``limit`` cards."""
        if self.hs[seat] > limit:
            self.pending = ("exile", seat, limit)

    def legal_exile(self) -> list[Act]:
        """Every card of the deciding player's hand."""
        assert self.pending is not None
        h = self.hands[self.pending[1]]
        return list(compress(CARD_ACTS[EXILE], h))

    def on_exile(self, ev: list[Event], act: Act) -> None:
        """Exile the chosen card (public); repeat while above the limit."""
        assert self.pending is not None
        _, seat, limit = self.pending
        self.pending = None
        law = self.ctx.get("law")
        self.exile_from_hand(ev, seat, act.b, f"the law '{law_text(law[0], law[1])}'" if law else "a law")
        if limit and self.hs[seat] > limit:
            self.pending = ("exile", seat, limit)

    def op_law_win(self, ev: list[Event], seat: int) -> None:
        """Catalogue law 'wins Pn': Pn wins unless silenced (KS-12) or barred by another law."""
        if self.is_silenced(seat):
            ev.append(public("law", f"P{seat} is silenced: the law naming them has no effect (KS-12)"))
        elif self.can_win(seat):
            self.finish(ev, seat, f"the law 'wins P{seat}' declares them the winner")
        else:
            ev.append(public("law", f"P{seat} cannot win under the active laws"))

    # ---------------------------------------------------------------- the tax law (Pro law 3)
    def op_tax(self, ev: list[Event]) -> None:
        """Whoever plays the specified card must draw a card or exile a card (once per law, per play)."""
        actor = self.ctx.get("actor")
        played = self.ctx.get("played")
        if actor is None or not played or self.ctx.get("silenced"):  # KS-12: silenced when they played
            return
        for t, p in self.laws:
            if t == L_TAX:
                match = SPEC_MATCH[p]
                for k in played:
                    if match[k]:
                        self.push(("tax_one", actor))
                        break

    def op_tax_one(self, ev: list[Event], seat: int) -> None:
        """Pro law 'tax': the player must draw or exile a card."""
        self.pending = ("tax", seat)

    def legal_tax(self) -> list[Act]:
        """``draw``, or exile any card in hand."""
        assert self.pending is not None
        h = self.hands[self.pending[1]]
        return [DRAW_ACT, *compress(CARD_ACTS[EXILE], h)]

    def on_tax(self, ev: list[Event], act: Act) -> None:
        """Apply the tax: a draw the Light Queen cannot stop (KS-11), or an exile."""
        assert self.pending is not None
        seat = self.pending[1]
        self.pending = None
        if act.kind == DRAW:
            self.push(("draw", seat, 1, 0, "tax"))  # a Pro law's draw: the Light Queen cannot stop it [KS-11]
        else:
            self.exile_from_hand(ev, seat, act.b, "to pay the tax law")
