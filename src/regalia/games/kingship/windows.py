"""Response windows [KS-6, KS-7]: targeting (Dark Queen veto, Outlaw redirects, Knight blocks),
title acquisitions (Outlaw redirects) and the Demon's claim at the start of a turn.

A targeting chain keeps its data in ``ctx`` (``target``, ``t_chooser``, ``t_forb`` forbidden
seats, ``t_used`` seats that played an Outlaw, ``t_offered`` seats that passed since the last
redirect, ``t_prev``); each window is a decision of exactly one player, offered only when that
player can act.
"""

from __future__ import annotations

from regalia.core.events import Event, public
from regalia.games.kingship.actions import (
    BLOCK_ACTS,
    CARD_ACTS,
    CLAIM_CARD,
    FORBID,
    PASS,
    PASS_ACT,
    REDIRECT_ACTS,
    TARGET_ACTS,
    Act,
)
from regalia.games.kingship.cards import DARK_QUEEN, DECK_COUNTS, DEMON, KNIGHT_KINDS, NAME, OUTLAW, SILENCED, kind_of
from regalia.games.kingship.engine import ONLY
from regalia.games.kingship.laws import Laws
from regalia.games.kingship.phrases import play_words
from regalia.games.kingship.words import CARD, TITLE_TITLES


def _redirect_text(what: str, s: int, t: int) -> str:
    return f"P{s} plays an Outlaw: {what.format(t=t)} (KS-7)"


class Windows(Laws):
    """Targeting and acquisition chains, and the Demon's claim: the rule line's third class (after
    :class:`~regalia.games.kingship.laws.Laws`; see :mod:`regalia.games.kingship.state`)."""

    # ---------------------------------------------------------------- targeting [KS-6]
    def tgt_candidates(self) -> list[int]:
        """Seats the acting player may target now (mode ``opp``/``any``/``unsil``, minus forbidden)."""
        c = self.ctx
        mode = c["t_mode"]
        if mode == "opp":
            skip = c["actor"]
        elif mode == "unsil":
            skip = self.titles[SILENCED]  # Witch #1: you cannot choose a player who is already silenced
        else:
            skip = -1
        forb = c["t_forb"]
        if forb:
            return [s for s in range(self.n) if s != skip and s not in forb]
        return [s for s in range(self.n) if s != skip]

    def op_tgt(self, ev: list[Event], mode: str, blockable: int, fail: str) -> None:
        """An ability sentence targets a player directly: the acting player chooses, then the windows."""
        c = self.ctx
        c["t_mode"] = mode
        c["t_block"] = blockable
        c["t_fail"] = fail
        c["t_forb"] = []
        c["t_used"] = []
        c["t_offered"] = []
        c["t_prev"] = -1
        c["fizzle"] = 0
        if "outlaws" not in c:
            c["outlaws"] = []
        c["target"] = -1
        actor = c["t_chooser"] = c["actor"]
        # nothing is forbidden yet, so every seat but at most one is a candidate (4+ players): the
        # choice is never empty here (a fizzle comes only after Dark Queen forbids, KS-6)
        self.pending = ("target", actor)

    def legal_target(self) -> list[Act]:
        """The seats the acting player may target now."""
        return [TARGET_ACTS[s] for s in self.tgt_candidates()]

    def _fizzle(self, ev: list[Event]) -> None:
        ev.append(
            public("fizzle", f"{play_words(self)} has no valid target left: the Dark Queen forbade every choice (KS-6)")
        )
        self.ctx["fizzle"] = 1
        if self.ctx["t_fail"] == "skip":
            self.cancel_ability()

    def on_target(self, ev: list[Event], act: Act) -> None:
        """Record the target (public) and open the Dark Queen window."""
        self.pending = None
        c = self.ctx
        t = c["target"] = act.a
        actor = c["actor"]
        ev.append(Event("target", f"{play_words(self)} targets P{t}", actor, None, {"target": t}))
        self._tgt_dq(ev)

    def _tgt_dq(self, ev: list[Event]) -> None:
        """Dark Queen: may forbid a target chosen by another player (not a self-target by the
        acting player; an Outlaw self-redirect needs her permission) [KS-6, KS-7]."""
        self.resp_next = 0  # a new target: the Outlaw windows start again (SRV-2 turns)
        c = self.ctx
        d = self.titles[DARK_QUEEN]
        if d >= 0 and self.titles[SILENCED] != d:  # active_holder(DARK_QUEEN)
            chooser, t = c["t_chooser"], c["target"]
            if d != chooser and (t != chooser or chooser != c["actor"]):
                self.pending = ("dq", d)
                return
        self._tgt_outlaws(ev)

    def on_dq(self, ev: list[Event], act: Act) -> None:
        """Dark Queen window: ``forbid`` makes the chooser pick another target; ``pass`` allows it."""
        assert self.pending is not None
        d = self.pending[1]
        self.pending = None
        self.resp_next = 0
        c = self.ctx
        if act.kind != FORBID:
            ev.append(public("pass", f"P{d}, the Dark Queen, lets P{c['target']} stand as the target", d))
            self._tgt_outlaws(ev)
            return
        t = c["target"]
        c["t_forb"].append(t)
        ev.append(Event("forbid", f"P{d}, the Dark Queen, forbids P{t} as the target (KS-6)", d, None, {"target": t}))
        chooser = c["t_chooser"]
        if chooser == c["actor"] and c["t_prev"] < 0:
            c["target"] = -1
            if self.tgt_candidates():
                self.pending = ("target", chooser)
            else:
                self._fizzle(ev)
            return
        if self.redirect_options(chooser):
            self.pending = ("reroute", chooser)
            return
        # the redirect cannot land anywhere: the previous target stands
        c["target"] = c["t_prev"]
        ev.append(
            public(
                "redirect_fails",
                f"P{chooser}'s redirect finds no valid target: P{c['target']} stays the target (KS-18)",
            )
        )
        self._tgt_outlaws(ev)

    def redirect_options(self, seat: int) -> list[int]:
        """Where ``seat`` may redirect the current target: any other seat not forbidden [KS-7]."""
        c = self.ctx
        t = c["target"]
        forb = c["t_forb"]
        return [x for x in range(self.n) if x != t and x not in forb]

    def _tgt_outlaws(self, ev: list[Event]) -> None:
        """Offer the Outlaw redirect to each player holding an Outlaw, in turn order after the
        acting player; a later Outlaw cancels an earlier redirect and resolves its own [KS-6, KS-7]."""
        c = self.ctx
        actor = c["actor"]
        used, offered = c["t_used"], c["t_offered"]
        hands = self.hands
        order = self.order_from(actor)
        possible = self._outlaw_possible()
        for i in range(1, len(order)):
            s = order[i]
            if s in used or s in offered or self.is_silenced(s) or not self.redirect_options(s):
                continue
            if i > self.resp_next:  # the first time this chain reaches s: its turn, for everyone to see
                self.resp_next = i
                if possible and self.hs[s] > 0:
                    self.resp = (*self.resp, s)
            if hands[s][OUTLAW]:
                self.pending = ("outlaw", s)
                return
        self._tgt_knight(ev)

    def _outlaw_possible(self) -> bool:
        """Whether an Outlaw may be in some hand, as everyone sees it: not every Outlaw of the
        deck is on the pile, in the graveyard or played in this chain (SRV-2 turns)."""
        seen = self.pile.count(OUTLAW) + self.grave.count(OUTLAW)
        played = self.ctx.get("outlaws")
        if isinstance(played, list):
            seen += len(played)
        return seen < DECK_COUNTS[OUTLAW]

    def legal_redirect(self, must: bool) -> list[Act]:
        """Outlaw window options (``must``: after a Dark Queen forbid, no pass)."""
        assert self.pending is not None
        opts = [REDIRECT_ACTS[x] for x in self.redirect_options(self.pending[1])]
        return opts if must else [PASS_ACT, *opts]

    def on_outlaw(self, ev: list[Event], act: Act) -> None:
        """Outlaw window: ``redirect Pn`` plays the Outlaw and changes the target; ``pass`` declines."""
        assert self.pending is not None
        s = self.pending[1]
        self.pending = None
        c = self.ctx
        if act.kind == PASS:
            c["t_offered"].append(s)
            ev.append(Event("pass", "you do not play your Outlaw", s, ONLY[s], {}))
            self._tgt_outlaws(ev)
            return
        self.hand_remove(s, OUTLAW, None)
        c["outlaws"].append(s)
        c["t_used"].append(s)
        c["t_offered"] = []
        c["t_prev"] = c["target"]
        c["target"] = act.a
        c["t_chooser"] = s
        ev.append(public("redirect", _redirect_text(self._redirect_what(), s, act.a), s, target=act.a))
        self._tgt_dq(ev)

    def _redirect_what(self) -> str:
        """What an Outlaw redirects, with ``{t}`` for the new seat: the title being acquired or
        the target of the ability."""
        q = self.q
        if q and q[-1][0] == "acq_final":
            return f"P{{t}} is to acquire the {TITLE_TITLES[q[-1][1]]} title instead"
        return f"P{{t}} becomes the target of {play_words(self)}"

    def on_reroute(self, ev: list[Event], act: Act) -> None:
        """A forbidden redirect: the Outlaw player names another target."""
        assert self.pending is not None
        s = self.pending[1]
        self.pending = None
        self.ctx["target"] = act.a
        ev.append(public("redirect", f"P{s} redirects to P{act.a} instead (KS-6)", s, target=act.a))
        self._tgt_dq(ev)

    def _tgt_knight(self, ev: list[Event]) -> None:
        """KS-6 (3): the final target may block with a Knight unless the ability cannot be blocked."""
        c = self.ctx
        t = c["target"]
        if not c["t_block"] or t == c["actor"] or self.titles[SILENCED] == t:
            return
        if self.hs[t] > 0:
            self.resp = (*self.resp, t)  # the target's turn to block, for everyone to see (SRV-2)
        h = self.hands[t]
        if h[27] or h[28] or h[29]:
            self.pending = ("knight", t)

    def legal_knight(self) -> list[Act]:
        """Knight window: pass, or block with one of the target's Knights."""
        assert self.pending is not None
        h = self.hands[self.pending[1]]
        return [PASS_ACT] + [BLOCK_ACTS[s] for s in range(3) if h[KNIGHT_KINDS[s]]]

    def on_knight(self, ev: list[Event], act: Act) -> None:
        """Knight window: ``block`` puts the Knight on the pile, cancels the ability and draws a card (KS-6, KS-20)."""
        assert self.pending is not None
        t = self.pending[1]
        self.pending = None
        if act.kind == PASS:
            ev.append(Event("pass", "you do not block", t, ONLY[t], {}))
            return
        k = kind_of(10, act.a)
        self.hand_remove(t, k, None)
        self.pile.append(k)
        ev.append(
            public("block", f"P{t} blocks {play_words(self)} with {CARD[k]} and draws a card (KS-6)", t, card=NAME[k])
        )
        self.ctx["blocked"] = 1
        self.cancel_ability()
        self.push(("draw", t, 1, 1, "block"))

    # ---------------------------------------------------------------- titles about to be acquired [KS-7]
    def op_acq(self, ev: list[Event], t: int) -> None:
        """The acting player is about to acquire title ``t``: Outlaw holders may redirect it."""
        c = self.ctx
        actor = c["actor"]
        if self.titles[t] == actor:
            c["acq_skip"] = 1
            return
        c["acq_skip"] = 0
        c.update(t_mode="any", t_block=0, t_fail="cont", t_forb=[], t_used=[], t_offered=[], t_prev=-1)
        c.setdefault("outlaws", [])
        c["target"] = actor
        c["t_chooser"] = actor
        self.resp_next = 0
        self._tgt_outlaws(ev)

    def op_acq_final(self, ev: list[Event], t: int) -> None:
        """The title goes to whoever the acquisition chain ended on."""
        if self.ctx.get("acq_skip"):
            self.ctx["acq_skip"] = 0
            return
        c = self.ctx
        why = play_words(self) if c["target"] == c["actor"] else f"an Outlaw redirected it from {play_words(self)}"
        self.give_title(ev, c["target"], t, why)

    # ---------------------------------------------------------------- the Demon's claim [KS-5]
    def on_demon(self, ev: list[Event], act: Act) -> None:
        """Demon's claim: ``claim`` gives up the Demon title to take graveyard cards; ``pass`` keeps it."""
        assert self.pending is not None
        d = self.pending[1]
        self.pending = None
        if act.kind == PASS:
            ev.append(public("pass", f"P{d} keeps the Demon title", d))
            return
        self.titles[DEMON] = -1
        ev.append(public("demon_claim", f"P{d} gives up the Demon title to take cards from the graveyard (KS-29)", d))
        self.pending = ("demon_take", d)

    def legal_demon_take(self) -> list[Act]:
        """Pass (stop), or claim a graveyard card."""
        kinds = sorted(set(self.grave))
        claim = CARD_ACTS[CLAIM_CARD]
        return [PASS_ACT] + [claim[k] for k in kinds]

    def on_demon_take(self, ev: list[Event], act: Act) -> None:
        """Take one graveyard card into hand (public)."""
        assert self.pending is not None
        d = self.pending[1]
        self.pending = None
        if act.kind == PASS:
            ev.append(public("demon_done", f"P{d} stops taking cards", d))
            return
        self.grave.remove(act.b)
        self.hand_add(d, act.b, None)
        ev.append(
            public("demon_take", f"P{d} takes {CARD[act.b]} from the graveyard (Demon's claim)", d, card=NAME[act.b])
        )
        if self.grave:
            self.pending = ("demon_take", d)
