"""The turn: phase 1 (start-of-turn abilities), phase 2 (draw and/or play), phase 3 (the win) [KS-5].

Also the one-draw rule (KS-3), matching by suit or value and pairs (KS-2), the Outlaw played on
one's own turn (KS-7), the Light Queen's draw window and the end of the turn (skips, extra turns,
``max_turns``, KS-14).
"""

from __future__ import annotations

from regalia.core.events import Event, private, public
from regalia.games.kingship.actions import (
    CHOICE,
    DRAW,
    PAIR_ACTS,
    PAIR_COMBOS,
    PASS,
    PLAY,
    PLAY_ACTS,
    PREVENT,
    Act,
    pair_cards,
)
from regalia.games.kingship.cards import (
    DEMON,
    DEMON_V,
    FARMER,
    KING,
    LIGHT_QUEEN,
    NAME,
    OUTLAW,
    OUTLAW_T,
    SUIT,
    VALUE,
)
from regalia.games.kingship.engine import Engine

_PASS, _DRAW = Act(PASS), Act(DRAW)
_ALL_KINDS = [k for k in range(40) if k != 35]
_MATCH = [
    [k for k in range(39) if k != 35 and (SUIT[k] == SUIT[t] or VALUE[k] == VALUE[t])] + [OUTLAW] for t in range(40)
]
"""_MATCH[top]: the kinds playable on ``top`` by suit or value (plus the Outlaw), in kind order [KS-2]."""
_PAIR_VALUES = [(v, (v - 1) * 3) for v in range(1, 14) if v != FARMER]
"""Values that can form a pair (Farmers never, KS-2) and their first kind."""


class Flow(Engine):
    """Turn structure and the main decision of phase 2."""

    # ---------------------------------------------------------------- phase 1
    def op_turn_start(self, ev: list[Event]) -> None:
        """Start the next turn of ``tp`` (KS-5 phase 1); a draw once ``max_turns`` turns were played (KS-14)."""
        mt = self.config.max_turns
        if mt is not None and self.nturns >= mt:
            self.finish(ev, -1, f"max_turns={mt} reached [KS-14]")
            return
        # KS-36: a whole round in which nobody could draw (deck empty, pile down to its top card:
        # KS-4), no card moved and no title or law changed ends the game with no winner (e.g. every
        # hand empty under the no-winner law). A round of prevented draws is not a stalemate.
        fp = self.stall_fingerprint()
        if fp == self.stall_fp and not self.deck and len(self.pile) <= 1:
            self.stall += 1
            if self.stall >= self.n:
                self.finish(ev, -1, "a whole round passed with nothing changed: no winner [KS-36]")
                return
        else:
            self.stall_fp = fp
            self.stall = 0
        self.nturns += 1
        self.drawn = False
        self.ctx = {}
        ev.append(public("turn", f"turn {self.nturns}: P{self.tp} to play", self.tp))
        t = self.titles
        if (t[DEMON] >= 0 and self.grave) or t[KING] == self.tp or (self.laws and self.hs[self.tp] == 0):
            self.push(("demon_window",), ("king_law",), ("p4_check",), ("main",))
        else:
            self.pending = ("main", self.tp)  # fast path: nothing happens in phase 1

    def stall_fingerprint(self) -> list[int]:
        """What must change for a game to progress once nobody can draw (KS-36): every hand, the
        sizes of the deck, pile and graveyard, the pile's top card, the titles and the number of laws."""
        fp = [c for h in self.hands for c in h]
        fp += [len(self.deck), len(self.pile), self.pile[-1] if self.pile else -1, len(self.grave), len(self.laws)]
        fp += self.titles
        return fp

    def op_demon_window(self, ev: list[Event]) -> None:
        """Demon title: at the start of any turn its holder may give it up and take graveyard cards [KS-5]."""
        d = self.active_holder(DEMON)
        if d >= 0 and self.grave:
            self.pending = ("demon", d)

    def op_king_law(self, ev: list[Event]) -> None:
        """Kingship title: at the start of the King's own turn the King may propose a law [KS-5, KS-11]."""
        if self.active_holder(KING) == self.tp:
            self.push(("law_propose", "king", self.tp))

    def op_p4_check(self, ev: list[Event]) -> None:
        """Pro law "no-winner": with zero cards in phase 1 or 3 the player draws (Light Queen can't stop it)."""
        if self.hs[self.tp] == 0 and self.has_no_winner_law():
            ev.append(public("law", f"P{self.tp} holds no cards under the no-winner law: draws a card"))
            self.push(("draw", self.tp, 1, 0))

    # ---------------------------------------------------------------- phase 2
    def op_main(self, ev: list[Event]) -> None:
        """Phase 2: the turn player's main decision."""
        self.pending = ("main", self.tp)

    def op_main_after_draw(self, ev: list[Event]) -> None:
        """Phase 2 after the turn's draw: play a legal card or pair, or pass (KS-3)."""
        self.drawn = True
        self.pending = ("main", self.tp)

    def is_wild_for(self, seat: int) -> bool:
        """Whether ``seat`` may play anything: an Outlaw (or nothing) on top, or the Outlaw title [KS-2, KS-7]."""
        return not self.pile or self.pile[-1] == OUTLAW or self.active_holder(OUTLAW_T) == seat

    def can_play_single(self, seat: int, k: int) -> bool:
        """Whether card ``k`` may be played alone (or first in a pair) by ``seat`` now."""
        if k == OUTLAW:
            return True
        if VALUE[k] == DEMON_V and self.titles[DEMON] < 0 and not self.is_silenced(seat):
            return False  # Demon #1 [Demon/No]: you are not permitted to play the Demon card
        if self.is_wild_for(seat):
            return True
        top = self.pile[-1]
        return SUIT[k] == SUIT[top] or VALUE[k] == VALUE[top]

    def matches_top(self, seat: int, k: int) -> bool:
        """Suit or value match (or wild) for the first card of a pair [KS-2]."""
        if self.is_wild_for(seat):
            return True
        top = self.pile[-1]
        return SUIT[k] == SUIT[top] or VALUE[k] == VALUE[top]

    def legal_plays(self, seat: int) -> list[Act]:
        """Every legal single and pair play of ``seat`` (KS-2), singles first."""
        h = self.hands[seat]
        wild = self.is_wild_for(seat)
        top = self.pile[-1] if self.pile else OUTLAW
        ts, tv = SUIT[top], VALUE[top]
        demon_ok = self.titles[DEMON] >= 0 or self.is_silenced(seat)
        play = PLAY_ACTS
        cand = _ALL_KINDS if wild else _MATCH[top]
        if demon_ok:
            out = [play[k] for k in cand if h[k]]
        else:
            out = [play[k] for k in cand if h[k] and VALUE[k] != DEMON_V]
        pairs = PAIR_ACTS
        for v, b in _PAIR_VALUES:
            cl, cd, ct = h[b], h[b + 1], h[b + 2]
            if cl + cd + ct < 2:
                continue
            firsts = [s for s in range(3) if h[b + s] and (wild or s == ts or v == tv)]
            if not firsts:
                continue
            vbase = (v - 1) * 9
            for code, cnt in PAIR_COMBOS[cl, cd, ct]:
                for f in firsts:
                    if not cnt[f]:
                        continue
                    fbase = (vbase + f * 3) * 48 + code
                    for last in range(3):
                        if cnt[last] >= (2 if last == f else 1):
                            out.append(pairs[fbase + last * 48])
        return out

    def legal_main(self) -> list[Act]:
        """Phase 2 options [KS-3]: draw (once, before playing), a legal play, or pass after drawing."""
        plays = self.legal_plays(self.tp)
        plays.insert(0, _PASS if self.drawn else _DRAW)
        return plays

    def on_main(self, ev: list[Event], act: Act) -> None:
        """Apply a phase-2 action: draw (KS-3), pass, the Outlaw (KS-7), or a card/pair play whose ability is then queued (KS-2)."""
        tp = self.tp
        self.pending = None
        if act.kind == DRAW:
            ev.append(public("draw_choice", f"P{tp} draws [KS-3]", tp))
            self.push(("draw", tp, 1, 1), ("main_after_draw",))
            return
        if act.kind == PASS:
            ev.append(public("pass", f"P{tp} passes", tp))
            self.push(("phase3",))
            return
        if act.kind == PLAY and act.a == OUTLAW:
            # KS-7: an Outlaw on your own turn ends the turn; you take the Outlaw title.
            self.hand_remove(tp, OUTLAW, None)
            self.pile.append(OUTLAW)
            ev.append(public("play", f"P{tp} plays Outlaw", tp, cards=["Outlaw"]))
            self.give_title(ev, tp, OUTLAW_T)
            self.push(("phase3",))
            return
        cards = [act.a] if act.kind == PLAY else pair_cards(act)
        for k in cards:
            self.hand_remove(tp, k, None)
        base = len(self.pile)
        self.pile.extend(cards)
        names = [NAME[k] for k in cards]
        ev.append(public("play", f"P{tp} plays {' '.join(names)}", tp, cards=names))
        self.ctx = {"actor": tp, "base": base, "played": cards, "outlaws": [], "silenced": int(self.is_silenced(tp))}
        last = cards[-1]
        self.push(("resolve_play", VALUE[last], SUIT[last], len(cards), tp), ("after_play",))

    def op_after_play(self, ev: list[Event]) -> None:
        """After the abilities: Outlaws to the pile (KS-7), the tax law (KS-32), then phase 3."""
        if self.ctx.get("outlaws"):
            self.op_outlaws_to_pile(ev)
        if self.laws:
            self.push(("tax",), ("phase3",))
        else:
            self.op_phase3(ev)

    # ---------------------------------------------------------------- drawing and the Light Queen
    def op_draw(self, ev: list[Event], seat: int, count: int, lq_ok: int) -> None:
        """A draw instruction; the Light Queen may prevent it unless a Pro law demands it [KS-11]."""
        lq = self.active_holder(LIGHT_QUEEN)
        if lq_ok and lq >= 0 and (self.deck or len(self.pile) > 1):
            self.pending = ("lq", lq, seat, count)
            return
        self.ctx["drew"] = self.draw_cards(ev, seat, count)

    def on_lq(self, ev: list[Event], act: Act) -> None:
        """Light Queen window: ``prevent`` cancels the draw (it still counts as the turn's draw); ``pass`` draws."""
        assert self.pending is not None
        _, lq, seat, count = self.pending
        self.pending = None
        if act.kind == CHOICE and act.a == PREVENT:
            self.ctx["drew"] = 0
            ev.append(public("prevent", f"P{lq} (Light Queen) prevents P{seat} from drawing", lq))
            return
        ev.append(private("pass", "you let the draw happen", (lq,), lq))
        self.ctx["drew"] = self.draw_cards(ev, seat, count)

    # ---------------------------------------------------------------- after the play, phase 3
    def op_outlaws_to_pile(self, ev: list[Event]) -> None:
        """KS-7: Outlaws played in response go on top of the pile after everything resolves; the
        first of them gives its player the Outlaw title."""
        seats = self.ctx.get("outlaws")
        if not seats:
            return
        self.pile.extend([OUTLAW] * len(seats))
        ev.append(public("outlaws", f"{len(seats)} Outlaw(s) go on top of the pile", None))
        self.give_title(ev, seats[0], OUTLAW_T)
        self.ctx["outlaws"] = []

    def op_phase3(self, ev: list[Event]) -> None:
        """KS-5 phase 3: no cards in hand on your own turn wins (unless a law says otherwise)."""
        tp = self.tp
        if self.hs[tp] == 0 and self.has_no_winner_law() and not self.ctx.get("p4_done"):
            self.ctx["p4_done"] = 1
            ev.append(public("law", f"P{tp} holds no cards under the no-winner law: draws a card"))
            self.push(("draw", tp, 1, 0), ("phase3",))
            return
        if self.hs[tp] == 0 and self.exactly_law() < 0 and self.can_win(tp):
            self.finish(ev, tp, "no cards left in phase 3 [KS-5]")
            return
        self.op_end_turn(ev)

    def op_end_turn(self, ev: list[Event]) -> None:
        """Pass the turn on: an extra turn (Emperor pair) first, then skips (Messenger single)."""
        if self.extra:
            self.extra = False
            ev.append(public("extra_turn", f"P{self.tp} takes another turn (Emperor)", self.tp))
        else:
            nxt = self.next_seat(self.tp)
            if self.skip:
                self.skip = False
                ev.append(public("skip", f"P{nxt} is skipped (Messenger)", nxt))
                nxt = self.next_seat(nxt)
            self.tp = nxt
        self.op_turn_start(ev)

    def op_ab_end(self, ev: list[Event]) -> None:
        """Marker closing an ability's steps (see ``cancel_ability``)."""
