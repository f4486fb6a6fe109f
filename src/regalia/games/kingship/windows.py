"""Response windows [KS-6, KS-7]: targeting (Dark Queen veto, Outlaw redirects, Knight blocks),
title acquisitions (Outlaw redirects) and the Demon's claim at the start of a turn.

A targeting chain keeps its data in the play's context (``ctx``, a :class:`~regalia.games.kingship.context.PlayContext`:
``target``, ``t_chooser``, ``t_forb`` forbidden seats, ``t_used`` seats that played an Outlaw,
``t_offered`` seats that passed since the last redirect, ``t_prev``); each window is a decision of exactly one player, offered only when that
player can act.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from regalia.core.events import Event, public
from regalia.games.kingship import engine
from regalia.games.kingship.actions import (
    BLOCK_ACTS,
    CARD_ACTS,
    CLAIM_CARD,
    FORBID,
    PASS,
    PASS_ACT,
    REDIRECT_ACTS,
    TARGET_ACTS,
    KingshipAction,
)
from regalia.games.kingship.cards import DARK_QUEEN, DECK_COUNTS, DEMON, KNIGHT_KINDS, NAME, OUTLAW, SILENCED, kind_of
from regalia.games.kingship.context import FAIL_CONT, FAIL_RULES, FAIL_SKIP, T_ANY, T_OPP, T_UNSIL, TARGET_MODES
from regalia.games.kingship.engine import (
    ONLY,
    OP_ACQ_FINAL,
    OP_DRAW,
)
from regalia.games.kingship.phrases import play_words
from regalia.games.kingship.words import CARD, TITLE_TITLES

if TYPE_CHECKING:
    from regalia.games.kingship.state import KingshipState


def _redirect_text(what: str, s: int, t: int) -> str:
    return f"P{s} plays an Outlaw: {what.format(t=t)} (KS-7)"


def tgt_candidates(state: KingshipState) -> list[int]:
    """Seats the acting player may target now (mode ``opp``/``any``/``unsil``, minus forbidden)."""
    c = state.ctx
    mode = c.t_mode
    if mode == T_OPP:
        skip = c.actor
    elif mode == T_UNSIL:
        skip = state.titles[SILENCED]  # Witch #1: you cannot choose a player who is already silenced
    else:
        skip = -1
    forb = c.t_forb
    if forb:
        return [s for s in range(state.n) if s != skip and s not in forb]
    return [s for s in range(state.n) if s != skip]


def op_tgt(state: KingshipState, ev: list[Event], mode: str, blockable: int, fail: str) -> None:
    """An ability sentence targets a player directly: the acting player chooses, then the windows.
    ``mode`` and ``fail`` are the queue step's words (``context.TARGET_MODES``, ``FAIL_RULES``)."""
    c = state.ctx
    c.t_mode = TARGET_MODES.index(mode)
    c.t_block = blockable
    c.t_fail = FAIL_RULES.index(fail)
    c.t_forb = []
    c.t_used = []
    c.t_offered = []
    c.t_prev = -1
    c.fizzle = 0
    if c.outlaws is None:
        c.outlaws = []
    c.target = -1
    actor = c.t_chooser = c.actor
    # nothing is forbidden yet, so every seat but at most one is a candidate (4+ players): the
    # choice is never empty here (a fizzle comes only after Dark Queen forbids, KS-6)
    state.pending = ("target", actor)


def legal_target(state: KingshipState) -> list[KingshipAction]:
    """The seats the acting player may target now."""
    return [TARGET_ACTS[s] for s in tgt_candidates(state)]


def _fizzle(state: KingshipState, ev: list[Event]) -> None:
    ev.append(
        public("fizzle", f"{play_words(state)} has no valid target left: the Dark Queen forbade every choice (KS-6)")
    )
    state.ctx.fizzle = 1
    if state.ctx.t_fail == FAIL_SKIP:
        engine.cancel_ability(state)


def on_target(state: KingshipState, ev: list[Event], act: KingshipAction) -> None:
    """Record the target (public) and open the Dark Queen window."""
    state.pending = None
    c = state.ctx
    t = c.target = act.a
    actor = c.actor
    ev.append(Event("target", f"{play_words(state)} targets P{t}", actor, None, {"target": t}))
    _tgt_dq(state, ev)


def _tgt_dq(state: KingshipState, ev: list[Event]) -> None:
    """Dark Queen: may forbid a target chosen by another player (not a state-target by the
    acting player; an Outlaw state-redirect needs her permission) [KS-6, KS-7]."""
    state.resp_next = 0  # a new target: the Outlaw windows start again (SRV-2 turns)
    c = state.ctx
    d = state.titles[DARK_QUEEN]
    if d >= 0 and state.titles[SILENCED] != d:  # active_holder(DARK_QUEEN)
        chooser, t = c.t_chooser, c.target
        if d != chooser and (t != chooser or chooser != c.actor):
            state.pending = ("dq", d)
            return
    _tgt_outlaws(state, ev)


def on_dq(state: KingshipState, ev: list[Event], act: KingshipAction) -> None:
    """Dark Queen window: ``forbid`` makes the chooser pick another target; ``pass`` allows it."""
    assert state.pending is not None
    d = state.pending[1]
    state.pending = None
    state.resp_next = 0
    c = state.ctx
    if act.kind != FORBID:
        ev.append(public("pass", f"P{d}, the Dark Queen, lets P{c.target} stand as the target", d))
        _tgt_outlaws(state, ev)
        return
    t = c.target
    forb = c.t_forb
    assert forb is not None  # set by op_tgt and op_acq before any window
    c.t_forb = [*forb, t]  # the context's lists are replaced, never changed (PlayContext.copy)
    ev.append(Event("forbid", f"P{d}, the Dark Queen, forbids P{t} as the target (KS-6)", d, None, {"target": t}))
    chooser = c.t_chooser
    if chooser == c.actor and c.t_prev < 0:
        c.target = -1
        if tgt_candidates(state):
            state.pending = ("target", chooser)
        else:
            _fizzle(state, ev)
        return
    if redirect_options(state, chooser):
        state.pending = ("reroute", chooser)
        return
    # the redirect cannot land anywhere: the previous target stands
    c.target = c.t_prev
    ev.append(
        public(
            "redirect_fails",
            f"P{chooser}'s redirect finds no valid target: P{c.target} stays the target (KS-18)",
        )
    )
    _tgt_outlaws(state, ev)


def redirect_options(state: KingshipState, seat: int) -> list[int]:
    """Where ``seat`` may redirect the current target: any other seat not forbidden [KS-7]."""
    c = state.ctx
    t = c.target
    forb = c.t_forb
    assert forb is not None
    return [x for x in range(state.n) if x != t and x not in forb]


def _tgt_outlaws(state: KingshipState, ev: list[Event]) -> None:
    """Offer the Outlaw redirect to each player holding an Outlaw, in turn order after the
    acting player; a later Outlaw cancels an earlier redirect and resolves its own [KS-6, KS-7]."""
    c = state.ctx
    actor = c.actor
    used, offered = c.t_used, c.t_offered
    assert used is not None and offered is not None
    hands = state.hands
    order = state.order_from(actor)
    possible = _outlaw_possible(state)
    for i in range(1, len(order)):
        s = order[i]
        if s in used or s in offered or state.is_silenced(s) or not redirect_options(state, s):
            continue
        if i > state.resp_next:  # the first time this chain reaches s: its turn, for everyone to see
            state.resp_next = i
            if possible and state.hs[s] > 0:
                state.resp = (*state.resp, s)
        if hands[s][OUTLAW]:
            state.pending = ("outlaw", s)
            return
    _tgt_knight(state, ev)


def _outlaw_possible(state: KingshipState) -> bool:
    """Whether an Outlaw may be in some hand, as everyone sees it: not every Outlaw of the
    deck is on the pile, in the graveyard or played in this chain (SRV-2 turns)."""
    seen = state.pile.count(OUTLAW) + state.grave.count(OUTLAW)
    played = state.ctx.outlaws
    if played is not None:
        seen += len(played)
    return seen < DECK_COUNTS[OUTLAW]


def legal_redirect(state: KingshipState, must: bool) -> list[KingshipAction]:
    """Outlaw window options (``must``: after a Dark Queen forbid, no pass)."""
    assert state.pending is not None
    opts = [REDIRECT_ACTS[x] for x in redirect_options(state, state.pending[1])]
    return opts if must else [PASS_ACT, *opts]


def on_outlaw(state: KingshipState, ev: list[Event], act: KingshipAction) -> None:
    """Outlaw window: ``redirect Pn`` plays the Outlaw and changes the target; ``pass`` declines."""
    assert state.pending is not None
    s = state.pending[1]
    state.pending = None
    c = state.ctx
    offered, played, used = c.t_offered, c.outlaws, c.t_used
    assert offered is not None and played is not None and used is not None
    if act.kind == PASS:
        c.t_offered = [*offered, s]
        ev.append(Event("pass", "you do not play your Outlaw", s, ONLY[s], {}))
        _tgt_outlaws(state, ev)
        return
    engine.hand_remove(state, s, OUTLAW, None)
    c.outlaws = [*played, s]
    c.t_used = [*used, s]
    c.t_offered = []
    c.t_prev = c.target
    c.target = act.a
    c.t_chooser = s
    ev.append(public("redirect", _redirect_text(_redirect_what(state), s, act.a), s, target=act.a))
    _tgt_dq(state, ev)


def _redirect_what(state: KingshipState) -> str:
    """What an Outlaw redirects, with ``{t}`` for the new seat: the title being acquired or
    the target of the ability."""
    q = state.q
    if q and q[-1][0] == OP_ACQ_FINAL:
        return f"P{{t}} is to acquire the {TITLE_TITLES[q[-1][1]]} title instead"
    return f"P{{t}} becomes the target of {play_words(state)}"


def on_reroute(state: KingshipState, ev: list[Event], act: KingshipAction) -> None:
    """A forbidden redirect: the Outlaw player names another target."""
    assert state.pending is not None
    s = state.pending[1]
    state.pending = None
    state.ctx.target = act.a
    ev.append(public("redirect", f"P{s} redirects to P{act.a} instead (KS-6)", s, target=act.a))
    _tgt_dq(state, ev)


def _tgt_knight(state: KingshipState, ev: list[Event]) -> None:
    """KS-6 (3): the final target may block with a Knight unless the ability cannot be blocked."""
    c = state.ctx
    t = c.target
    if not c.t_block or t == c.actor or state.titles[SILENCED] == t:
        return
    if state.hs[t] > 0:
        state.resp = (*state.resp, t)  # the target's turn to block, for everyone to see (SRV-2)
    h = state.hands[t]
    if h[27] or h[28] or h[29]:
        state.pending = ("knight", t)


def legal_knight(state: KingshipState) -> list[KingshipAction]:
    """Knight window: pass, or block with one of the target's Knights."""
    assert state.pending is not None
    h = state.hands[state.pending[1]]
    return [PASS_ACT] + [BLOCK_ACTS[s] for s in range(3) if h[KNIGHT_KINDS[s]]]


def on_knight(state: KingshipState, ev: list[Event], act: KingshipAction) -> None:
    """Knight window: ``block`` puts the Knight on the pile, cancels the ability and draws a card (KS-6, KS-20)."""
    assert state.pending is not None
    t = state.pending[1]
    state.pending = None
    if act.kind == PASS:
        ev.append(Event("pass", "you do not block", t, ONLY[t], {}))
        return
    k = kind_of(10, act.a)
    engine.hand_remove(state, t, k, None)
    state.pile.append(k)
    ev.append(
        public("block", f"P{t} blocks {play_words(state)} with {CARD[k]} and draws a card (KS-6)", t, card=NAME[k])
    )
    state.ctx.blocked = 1
    engine.cancel_ability(state)
    engine.push(state, (OP_DRAW, t, 1, 1, "block"))


def op_acq(state: KingshipState, ev: list[Event], t: int) -> None:
    """The acting player is about to acquire title ``t``: Outlaw holders may redirect it."""
    c = state.ctx
    actor = c.actor
    if state.titles[t] == actor:
        c.acq_skip = 1
        return
    c.acq_skip = 0
    c.t_mode = T_ANY
    c.t_block = 0
    c.t_fail = FAIL_CONT
    c.t_forb = []
    c.t_used = []
    c.t_offered = []
    c.t_prev = -1
    if c.outlaws is None:
        c.outlaws = []
    c.target = actor
    c.t_chooser = actor
    state.resp_next = 0
    _tgt_outlaws(state, ev)


def op_acq_final(state: KingshipState, ev: list[Event], t: int) -> None:
    """The title goes to whoever the acquisition chain ended on."""
    if state.ctx.acq_skip > 0:
        state.ctx.acq_skip = 0
        return
    c = state.ctx
    why = play_words(state) if c.target == c.actor else f"an Outlaw redirected it from {play_words(state)}"
    engine.give_title(state, ev, c.target, t, why)


def on_demon(state: KingshipState, ev: list[Event], act: KingshipAction) -> None:
    """Demon's claim: ``claim`` gives up the Demon title to take graveyard cards; ``pass`` keeps it."""
    assert state.pending is not None
    d = state.pending[1]
    state.pending = None
    if act.kind == PASS:
        ev.append(public("pass", f"P{d} keeps the Demon title", d))
        return
    state.titles[DEMON] = -1
    ev.append(public("demon_claim", f"P{d} gives up the Demon title to take cards from the graveyard (KS-29)", d))
    state.pending = ("demon_take", d)


def legal_demon_take(state: KingshipState) -> list[KingshipAction]:
    """Pass (stop), or claim a graveyard card."""
    kinds = sorted(set(state.grave))
    claim = CARD_ACTS[CLAIM_CARD]
    return [PASS_ACT] + [claim[k] for k in kinds]


def on_demon_take(state: KingshipState, ev: list[Event], act: KingshipAction) -> None:
    """Take one graveyard card into hand (public)."""
    assert state.pending is not None
    d = state.pending[1]
    state.pending = None
    if act.kind == PASS:
        ev.append(public("demon_done", f"P{d} stops taking cards", d))
        return
    state.grave.remove(act.b)
    engine.hand_add(state, d, act.b, None)
    ev.append(public("demon_take", f"P{d} takes {CARD[act.b]} from the graveyard (Demon's claim)", d, card=NAME[act.b]))
    if state.grave:
        state.pending = ("demon_take", d)
