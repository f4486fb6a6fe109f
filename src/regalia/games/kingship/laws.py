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
from typing import TYPE_CHECKING, Final

from regalia.core.events import Event, public
from regalia.games.kingship import engine
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
    KingshipAction,
    law_text,
)
from regalia.games.kingship.cards import DARK_QUEEN, KING, LIGHT_QUEEN, SPEC_MATCH, VALID_SPECS
from regalia.games.kingship.engine import (
    OP_DRAW,
    OP_EXILE_ONE,
    OP_EXILE_TO,
    OP_LAW_WIN,
    OP_TAX_ONE,
)
from regalia.games.kingship.words import spec_words

if TYPE_CHECKING:
    from regalia.games.kingship.state import KingshipState

_VOTES: Final[list[KingshipAction]] = [CHOICE_ACTS[APPROVE], CHOICE_ACTS[DENY]]
"""The options of a vote (one shared list, see ``state._const``)."""


@cache
def _law_options(pro: bool, n: int) -> tuple[list[KingshipAction], dict[int, int]]:
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


def has_no_winner_law(state: KingshipState) -> bool:
    """Whether the Pro law 'no-winner' is active."""
    return any(law[0] == L_NO_WINNER for law in state.laws)


def exactly_law(state: KingshipState) -> int:
    """N of the active "exactly N cards wins" law, or -1."""
    for law in state.laws:
        if law[0] == L_EXACTLY:
            return law[1]
    return -1


def can_win(state: KingshipState, seat: int) -> bool:
    """Whether no active law stops ``seat`` from winning (a law naming a silenced player has no effect, KS-12)."""
    for t, p in state.laws:
        if t == L_NO_WINNER:
            return False
        if t == L_CANNOT_WIN and p == seat and not state.is_silenced(seat):
            return False
    return True


def _check_exactly(state: KingshipState, ev: list[Event]) -> None:
    """Pro law: the first player holding exactly N cards at any time wins (turn order from the player on turn)."""
    n = -1
    for law in state.laws:  # exactly_law(), inlined: this runs after every action while laws are active
        if law[0] == L_EXACTLY:
            n = law[1]
            break
    if n < 0 or n not in state.hs:
        return
    for s in state.order_from(state.turn_player):
        if state.hs[s] == n and can_win(state, s):
            engine.finish(state, ev, s, f"they hold exactly {n} card{'s' if n != 1 else ''} (the law 'exactly {n}')")
            return


def op_law_propose(state: KingshipState, ev: list[Event], mode: str, proposer: int) -> None:
    """Ask ``proposer`` (the King in phase 1, or the Prince's player: -1) for a law."""
    seat = state.ctx.actor if proposer < 0 else proposer
    state.pending = ("law", seat, mode)


def legal_law(state: KingshipState) -> list[KingshipAction]:
    """Pass, or every law of the ``laws`` option not already active (KS-11, KS-24); with no
    active law, one shared list, not to be changed (the core hands out copies)."""
    out, at = _law_options(state.config.laws == "pro", state.n)
    if not state.laws:
        return out  # the shared list (see state._legal_actions)
    # an active law cannot be proposed again (it may also be no option of this ``laws`` setting)
    drop = sorted([at[t * 64 + p] for t, p in state.laws if t * 64 + p in at], reverse=True)
    out = out[:]
    for i in drop:
        del out[i]
    return out


def on_law(state: KingshipState, ev: list[Event], act: KingshipAction) -> None:
    """Record the proposal and ask the voters (every Queen holder; the King for a Prince's law)."""
    assert state.pending is not None
    _, seat, mode = state.pending
    state.pending = None
    if act.kind == PASS:
        ev.append(public("no_law", f"P{seat} proposes no law", seat))
        return
    if mode == "king":
        qs = {state.titles[DARK_QUEEN], state.titles[LIGHT_QUEEN]} - {-1}
        voters = [s for s in state.order_from(seat) if s in qs]
    else:
        voters = [state.titles[KING]]
    state.ctx.law = [act.a, act.b, seat]
    state.ctx.voters = voters
    state.ctx.vote_i = 0
    ev.append(
        public(
            "propose",
            f"P{seat} proposes the law '{law_text(act.a, act.b)}': {law_description([act.a, act.b])} (KS-11)",
            seat,
            law=law_text(act.a, act.b),
        )
    )
    if voters:
        state.pending = ("vote", voters[0])
    else:
        ev.append(public("law_passed", "no Queen is in play: the law passes (KS-11)"))
        _enact(state, ev)


def legal_vote(state: KingshipState) -> list[KingshipAction]:
    """``approve`` or ``deny`` (one shared list, not to be changed)."""
    return _VOTES


def on_vote(state: KingshipState, ev: list[Event], act: KingshipAction) -> None:
    """One vote: a denial ends the proposal; the last approval enacts the law (KS-11)."""
    assert state.pending is not None
    s = state.pending[1]
    state.pending = None
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
    c = state.ctx
    voters = c.voters
    assert voters is not None  # set with the proposal
    c.vote_i += 1
    if c.vote_i < len(voters):
        state.pending = ("vote", voters[c.vote_i])
        return
    ev.append(public("law_passed", "the law passes"))
    _enact(state, ev)


def _enact(state: KingshipState, ev: list[Event]) -> None:
    law, voters = state.ctx.law, state.ctx.voters
    assert law is not None and voters is not None
    t, p, proposer = law
    if t in STANDING_LAWS:
        if t == L_EXACTLY:
            state.laws[:] = [law for law in state.laws if law[0] != L_EXACTLY]  # KS-23: replaces the previous one
        state.laws.append([t, p])
        return
    involved = {proposer, *voters}
    order = state.order_from(state.turn_player)
    if t == L_EXILE_APPROVERS:
        engine.push(state, *[(OP_EXILE_ONE, s) for s in order if s in involved])
    elif t == L_DRAW_OTHERS:
        engine.push(state, *[(OP_DRAW, s, 1, 0, "law") for s in order if s not in involved])
    elif t == L_MAX3:
        engine.push(state, *[(OP_EXILE_TO, s, 3) for s in order])
    elif t == L_ALL_EXILE:
        engine.push(state, *[(OP_EXILE_ONE, s) for s in order])
    elif t == L_OTHERS_DRAW2:
        king = state.titles[KING]
        engine.push(state, *[(OP_DRAW, s, 2, 1, "law") for s in order if s != king])
    elif t == L_WINS:
        engine.push(state, (OP_LAW_WIN, p))


def op_exile_one(state: KingshipState, ev: list[Event], seat: int) -> None:
    """A law's 'exile a card' for ``seat`` (nothing if their hand is empty)."""
    if state.hs[seat]:
        state.pending = ("exile", seat, 0)


def op_exile_to(state: KingshipState, ev: list[Event], seat: int, limit: int) -> None:
    """Pro law 'max-3': ``seat`` exiles until holding at most ``limit`` cards."""
    if state.hs[seat] > limit:
        state.pending = ("exile", seat, limit)


def legal_exile(state: KingshipState) -> list[KingshipAction]:
    """Every card of the deciding player's hand."""
    assert state.pending is not None
    h = state.hands[state.pending[1]]
    return list(compress(CARD_ACTS[EXILE], h))


def on_exile(state: KingshipState, ev: list[Event], act: KingshipAction) -> None:
    """Exile the chosen card (public); repeat while above the limit."""
    assert state.pending is not None
    _, seat, limit = state.pending
    state.pending = None
    law = state.ctx.law
    engine.exile_from_hand(state, ev, seat, act.b, f"the law '{law_text(law[0], law[1])}'" if law else "a law")
    if limit and state.hs[seat] > limit:
        state.pending = ("exile", seat, limit)


def op_law_win(state: KingshipState, ev: list[Event], seat: int) -> None:
    """Catalogue law 'wins Pn': Pn wins unless silenced (KS-12) or barred by another law."""
    if state.is_silenced(seat):
        ev.append(public("law", f"P{seat} is silenced: the law naming them has no effect (KS-12)"))
    elif can_win(state, seat):
        engine.finish(state, ev, seat, f"the law 'wins P{seat}' declares them the winner")
    else:
        ev.append(public("law", f"P{seat} cannot win under the active laws"))


def op_tax(state: KingshipState, ev: list[Event]) -> None:
    """Whoever plays the specified card must draw a card or exile a card (once per law, per play)."""
    actor = state.ctx.actor
    played = state.ctx.played
    if actor < 0 or not played or state.ctx.silenced > 0:  # KS-12: silenced when they played
        return
    for t, p in state.laws:
        if t == L_TAX:
            match = SPEC_MATCH[p]
            for k in played:
                if match[k]:
                    engine.push(state, (OP_TAX_ONE, actor))
                    break


def op_tax_one(state: KingshipState, ev: list[Event], seat: int) -> None:
    """Pro law 'tax': the player must draw or exile a card."""
    state.pending = ("tax", seat)


def legal_tax(state: KingshipState) -> list[KingshipAction]:
    """``draw``, or exile any card in hand."""
    assert state.pending is not None
    h = state.hands[state.pending[1]]
    return [DRAW_ACT, *compress(CARD_ACTS[EXILE], h)]


def on_tax(state: KingshipState, ev: list[Event], act: KingshipAction) -> None:
    """Apply the tax: a draw the Light Queen cannot stop (KS-11), or an exile."""
    assert state.pending is not None
    seat = state.pending[1]
    state.pending = None
    if act.kind == DRAW:
        engine.push(state, (OP_DRAW, seat, 1, 0, "tax"))  # a Pro law's draw: the Light Queen cannot stop it [KS-11]
    else:
        engine.exile_from_hand(state, ev, seat, act.b, "to pay the tax law")
