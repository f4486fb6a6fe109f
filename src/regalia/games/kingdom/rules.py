"""The rules of Kingdom by action kind: for each kind what is legal (``legal_<kind>``), why an
action of that kind is refused (``explain_<kind>``, the reason and the rule it breaks) and what it
does (``do_<kind>``), side by side — PokerKit's ``verify_/can_/do`` model, with legality given as
the set of legal actions (the core's ``apply`` accepts exactly those).

The turn's own kinds are here — ``end`` and ``discard`` (KD-1), ``play`` a noble and ``bring`` a
soldier (KD-1, KD-X1), ``change`` a suit (KD-2, KD-X5) and the ``pass`` of a window (KD-X2, KD-X3)
— with the entry points the state calls: :func:`legal_actions` (by decision), :func:`explain` and
:func:`apply_action`. Combat is in :mod:`.combat`, the Assassins and Jokers in :mod:`.chain`, the
steps they share in :mod:`.flow`, what follows by itself in :mod:`.resolution` and the hidden
windows' bookkeeping in :mod:`.windows`.

Functions of a :class:`~regalia.games.kingdom.state.KingdomState` (``state``, imported for typing
only). Decisions are the int codes ``phases.D_*``; each ``do_<kind>`` takes the events of the move
``ev``, the seat deciding ``p``, the decision ``d`` and the action (legal now).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from regalia.core.events import Event, new_event, public
from regalia.games.kingdom import actions as A
from regalia.games.kingdom import chain, combat, flow, windows
from regalia.games.kingdom import eventtexts as T
from regalia.games.kingdom.actions import KingdomAction, act
from regalia.games.kingdom.cards import IS_ACE, IS_ARMY, IS_NOBLE, NAME, RANK, SUIT, SUITS
from regalia.games.kingdom.phases import (
    D_ATTACKERS,
    D_BLOCKERS,
    D_COUNTER,
    D_DISCARD,
    D_MAIN,
    D_PICK,
    D_RESPOND,
    D_SPLIT,
    D_TARGET,
    DISCARD,
    HAND_LIMIT,
    SUIT_NAMES,
)
from regalia.games.kingdom.phases import seat_name as _seat_name
from regalia.games.kingdom.resolution import settle

if TYPE_CHECKING:
    from regalia.games.kingdom.state import KingdomState

_NOBLES: Final = ("Jack", "Queen", "King")
_DECISION_TEXT: Final[tuple[str, ...]] = (
    "{p}'s turn (the actions of the turn itself)",
    "{p} declaring attackers",
    "{p} declaring blockers",
    "{p} splitting an attacker's damage among its blockers",
    "{p} discarding down to 7 cards",
    "{p} choosing the Assassin's target",
    "a counter-assassination window for {p}",
    "{p} taking a card with Pick a Card",
    "a response window for {p}",
)
"""Each decision (``phases.D_*``) in words, for refusals."""
_WHERE: Final[tuple[tuple[tuple[int, ...], str], ...]] = (
    ((D_MAIN,), "KD-1"),  # END
    ((D_RESPOND, D_COUNTER), "KD-X2"),  # PASS
    ((D_ATTACKERS, D_BLOCKERS), "KD-4"),  # DONE
    ((D_MAIN, D_RESPOND), "KD-9"),  # JOKER_PICK
    ((D_PICK,), "KD-9"),  # TAKE_DECK
    ((D_MAIN,), "KD-1"),  # PLAY
    ((D_MAIN,), "KD-1"),  # BRING
    ((D_MAIN, D_RESPOND, D_COUNTER), "KD-2"),  # CHANGE
    ((D_MAIN,), "KD-4"),  # ATTACK
    ((D_ATTACKERS,), "KD-4"),  # ATTACKER
    ((D_BLOCKERS,), "KD-4"),  # BLOCK
    ((D_SPLIT,), "KD-6"),  # ASSIGN
    ((D_DISCARD,), "KD-1"),  # DISCARD
    ((D_PICK,), "KD-9"),  # TAKE
    ((D_MAIN, D_RESPOND), "KD-8"),  # ASSASSIN
    ((D_TARGET,), "KD-8"),  # TARGET
    ((D_COUNTER,), "KD-8"),  # COUNTER
    ((D_MAIN, D_RESPOND), "KD-9"),  # SPY
    ((D_MAIN, D_RESPOND), "KD-9"),  # EXPOSE
    ((D_MAIN,), "KD-1"),  # RECRUIT
)
"""By action kind: the decisions in which it can be made, and the rule that says so."""


# ---------------------------------------------------------------------- end, discard [KD-1]
def explain_end(state: KingdomState, p: int, action: KingdomAction) -> tuple[str, str | None]:
    """``end`` is open only in one's own turn [KD-1] (see :func:`explain`)."""
    return f"'{action}' is not open during {_where(state, p)}", "KD-1"


def do_end(state: KingdomState, ev: list[Event], p: int, d: int, action: KingdomAction) -> None:
    """``end``: end the turn, first discarding down to 7 [KD-1]."""
    if len(state.hands[p]) > HAND_LIMIT:
        state.phase = DISCARD
    else:
        flow.end_turn(state)


def legal_discard(state: KingdomState, p: int, out: list[KingdomAction]) -> None:
    """Down to 7 cards, one card at a time [KD-1]."""
    out.extend(act(A.DISCARD, c) for c in sorted(set(state.hands[p])))


def explain_discard(state: KingdomState, p: int, action: KingdomAction) -> tuple[str, str | None]:
    """``discard C`` refused: C is not in the hand [KD-1]."""
    return f"{NAME[action.a]} is not in your hand", "KD-1"


def do_discard(state: KingdomState, ev: list[Event], p: int, d: int, action: KingdomAction) -> None:
    """``discard C``: one card toward the hand limit; the turn ends at 7 [KD-1]."""
    flow.hand_remove(state, p, action.a)
    flow.to_discard(state, action.a)
    ev.append(new_event("discard", (T.discard_text, p, action.a), p, None, (T.card_data, action.a)))
    if len(state.hands[p]) <= HAND_LIMIT:
        flow.end_turn(state)


# ---------------------------------------------------------------------- play, bring [KD-1, KD-X1]
def legal_play(state: KingdomState, p: int, hand: list[int], out: list[KingdomAction]) -> None:
    """One noble a turn, of a rank not yet in the kingdom [KD-1]."""
    if not state.noble_played:
        for c in hand:
            if IS_NOBLE[c] and not flow.has_rank(state, p, RANK[c]):
                out.append(act(A.PLAY, c))


def explain_play(state: KingdomState, p: int, action: KingdomAction) -> tuple[str, str | None]:
    """``play N`` refused: not in hand, a noble already played this turn, or one of that rank in
    play [KD-1]."""
    c = action.a
    if c not in state.hands[p]:
        return f"{NAME[c]} is not in your hand", "KD-1"
    if state.noble_played:
        return "you have already put a noble into play this turn", "KD-1"
    return f"you already have a {_NOBLES[RANK[c] - 11]} in play", "KD-1"


def do_play(state: KingdomState, ev: list[Event], p: int, d: int, action: KingdomAction) -> None:
    """``play N``: a noble into play, ready [KD-1, KD-X1]; the others may respond [KD-X2]."""
    c = action.a
    flow.hand_remove(state, p, c)
    flow.enter_play(state, p, c, False)
    state.noble_played = True
    ev.append(new_event("noble", (T.noble_text, p, c), p, None, (T.card_data, c)))
    flow.after_main_action(state, p, (A.PLAY, p, c))


def legal_bring(state: KingdomState, p: int, hand: list[int], ready: list[int], out: list[KingdomAction]) -> None:
    """A soldier or Ace Champion brought by an unpreoccupied noble of its suit [KD-1]."""
    for c in hand:
        if IS_ARMY[c]:
            for nb in ready:
                if flow.suit_of(state, nb) == SUIT[c]:
                    out.append(act(A.BRING, c, nb))


def explain_bring(state: KingdomState, p: int, action: KingdomAction) -> tuple[str, str | None]:
    """``bring C with N`` refused: the card, the noble, or their suits [KD-1]."""
    c, nb = action.a, action.b
    if c not in state.hands[p]:
        return f"{NAME[c]} is not in your hand", "KD-1"
    if nb not in state.play[p]:
        return f"{NAME[nb]} is not in play in your kingdom", "KD-1"
    if state.busy[nb]:
        return f"{NAME[nb]} is preoccupied", "KD-1"
    return f"{NAME[nb]} is a {SUITS[flow.suit_of(state, nb)]} noble and cannot bring {NAME[c]} of another suit", "KD-1"


def do_bring(state: KingdomState, ev: list[Event], p: int, d: int, action: KingdomAction) -> None:
    """``bring C with N``: the noble is turned and the soldier or Ace Champion arrives
    ready [KD-1, KD-X1]; the others may respond [KD-X2]."""
    c, nb = action.a, action.b
    flow.hand_remove(state, p, c)
    state.busy[nb] = True
    flow.enter_play(state, p, c, False)
    what = " as an Ace Champion" if IS_ACE[c] else ""
    ev.append(
        public(
            "bring",
            f"{_seat_name(p)} turns {NAME[nb]} to bring {NAME[c]} into play{what}",
            p,
            card=NAME[c],
            noble=NAME[nb],
        )
    )
    flow.after_main_action(state, p, (A.BRING, p, c, nb))


# ---------------------------------------------------------------------- change [KD-2, KD-X5]
def legal_change(state: KingdomState, p: int, ready: list[int], out: list[KingdomAction]) -> None:
    """In one's own turn: a noble takes another suit, turning a second unpreoccupied noble of its
    suit [KD-2]."""
    nobles = [x for x in state.play[p] if IS_NOBLE[x]]
    for t in nobles:
        suit = flow.suit_of(state, t)
        for u in ready:
            if u != t and flow.suit_of(state, u) == suit:
                out.extend(act(A.CHANGE, t, u, s) for s in range(4) if s != suit)


def window_changes(state: KingdomState, p: int) -> list[KingdomAction]:
    """Suit changes open to ``p`` out of their main phase [KD-2, KD-X5]: only to the suit of
    an Ace in hand, on an unpreoccupied noble (so it can then bring that Assassin)."""
    ace_suits = 0  # a bit mask: bit s for the suit s
    for c in state.hands[p]:
        if IS_ACE[c]:
            ace_suits |= 1 << SUIT[c]
    if not ace_suits:
        return []
    nobles = [x for x in state.play[p] if IS_NOBLE[x]]
    if len(nobles) < 2:
        return []
    out = []
    for t in nobles:
        if state.busy[t]:
            continue
        suit = flow.suit_of(state, t)
        for u in nobles:
            if u == t or state.busy[u] or flow.suit_of(state, u) != suit:
                continue
            for s in range(4):
                if (ace_suits >> s) & 1 and s != suit:
                    out.append(act(A.CHANGE, t, u, s))
    return out


def explain_change(state: KingdomState, p: int, action: KingdomAction) -> tuple[str, str | None]:
    """``change T to S using U`` refused [KD-2]; out of the turn, KD-X5's limits."""
    t, u, s = action.a, action.b, action.c
    mine = state.play[p]
    if t not in mine or u not in mine:
        return "both nobles must be in play in your kingdom", "KD-2"
    if t == u:
        return "a noble cannot change its own suit; turn a second noble of the same suit", "KD-2"
    if state.busy[u]:
        return f"{NAME[u]} is preoccupied", "KD-2"
    if flow.suit_of(state, t) != flow.suit_of(state, u):
        return f"{NAME[t]} and {NAME[u]} are not of the same suit", "KD-2"
    if s == flow.suit_of(state, t):
        return f"{NAME[t]} is already a {SUITS[s]} noble", "KD-2"
    if state.decision_code() != D_MAIN:
        if state.busy[t]:
            return f"out of your turn the changed noble must be unpreoccupied ({NAME[t]} is turned)", "KD-X5"
        return (
            f"out of your turn a suit change must give the suit of an Ace in your hand ({SUITS[s]} is not)",
            "KD-X5",
        )
    return "this suit change is not allowed now", "KD-2"


def do_change(state: KingdomState, ev: list[Event], p: int, d: int, action: KingdomAction) -> None:
    """``change T to S using U``: U is turned and T takes suit S until the end of the turn
    [KD-2]; in the main phase the others may respond [KD-X2, KD-X5]."""
    t, u, s = action.a, action.b, action.c
    state.busy[u] = True
    flow.set_suit(state, t, s)
    ev.append(
        public(
            "suit",
            f"{_seat_name(p)} turns {NAME[u]} to make {NAME[t]} a {SUIT_NAMES[s]} noble this turn (suit change)",
            p,
            card=NAME[t],
            noble=NAME[u],
            suit=SUITS[s],
        )
    )
    if d == D_MAIN:
        flow.after_main_action(state, p, (A.CHANGE, p, t, u, s))


# ---------------------------------------------------------------------- pass [KD-X2, KD-X3]
def explain_pass(state: KingdomState, p: int, action: KingdomAction) -> tuple[str, str | None]:
    """``pass`` is open only in a response or counter window [KD-X2] (see :func:`explain`)."""
    return f"'{action}' is not open during {_where(state, p)}", "KD-X2"


def do_pass(state: KingdomState, ev: list[Event], p: int, d: int, action: KingdomAction) -> None:
    """``pass``: decline a counter-assassination or a response window. A window is offered
    only to a seat holding a usable card: passing in it is known to that seat alone, or the
    event would reveal the offer [KD-X2, KD-X13]."""
    if d == D_COUNTER:
        ev.append(new_event("pass", (T.no_counter_text, p), p, frozenset((p,)), (T.no_data,)))
        state.counter_q.pop(0)
    else:
        ev.append(new_event("pass", (T.no_response_text, p), p, frozenset((p,)), (T.no_data,)))
        state.window.pop(0)


# ---------------------------------------------------------------------- the decision due now
def main_actions(state: KingdomState, p: int) -> list[KingdomAction]:
    """The active player's actions in its own turn [KD-1, KD-2, KD-4, KD-8, KD-9]."""
    out = [act(A.END)]
    hand = sorted(set(state.hands[p]))
    legal_play(state, p, hand, out)
    ready = [x for x in state.play[p] if IS_NOBLE[x] and not state.busy[x]]
    legal_bring(state, p, hand, ready, out)
    legal_change(state, p, ready, out)
    combat.legal_attack(state, p, out)
    chain.legal_assassin(state, p, A.ASSASSIN, out)
    chain.legal_joker(state, p, True, out)
    return out


def legal_actions(state: KingdomState) -> list[KingdomAction]:
    """The legal actions of the seat deciding now, in a stable order, by decision."""
    d = state.decision_code()
    p = state.current_player
    assert p is not None
    out: list[KingdomAction] = []
    if d == D_MAIN:
        return main_actions(state, p)
    if d == D_RESPOND:
        out.append(act(A.PASS))
        chain.legal_assassin(state, p, A.ASSASSIN, out)
        chain.legal_joker(state, p, False, out)
        out.extend(window_changes(state, p))
    elif d == D_ATTACKERS:
        combat.legal_attacker(state, p, out)
    elif d == D_BLOCKERS:
        combat.legal_block(state, p, out)
    elif d == D_TARGET:
        chain.legal_target(state, out)
    elif d == D_COUNTER:
        out.append(act(A.PASS))
        chain.legal_assassin(state, p, A.COUNTER, out)
        out.extend(window_changes(state, p))
    elif d == D_PICK:
        chain.legal_take(state, out)
    elif d == D_SPLIT:
        combat.legal_assign(state, out)
    else:  # D_DISCARD
        legal_discard(state, p, out)
    return out


def _where(state: KingdomState, p: int) -> str:
    return _DECISION_TEXT[state.decision_code()].format(p=f"P{p}")


def explain(state: KingdomState, action: KingdomAction) -> tuple[str, str | None]:
    """The reason ``action`` is refused now and the rule or ruling it rests on: an action out of
    the decisions that take its kind (:data:`_WHERE`), else the ``explain_<kind>`` of its kind.

    Args:
        state: the state (not terminal).
        action: a well-formed action that is not in ``state.legal_actions()``.

    Returns:
        ``(reason, rule id)``.
    """
    p = state.current_player
    assert p is not None
    d = state.decision_code()
    k = action.kind
    places, rule = _WHERE[k]
    if d not in places:
        if k == A.RECRUIT and d == D_RESPOND:
            return "a Joker is played as Recruit only during your own turn, not out of turn", "KD-9"
        if k == A.ASSASSIN and d == D_COUNTER:
            return "in a counter window only a counter-assassination (counter ACE using NOBLE) may be played", "KD-X3"
        return f"'{action}' cannot be played during {_where(state, p)}", rule
    if k == A.DONE:
        return combat.explain_done(state, p, action)
    if k == A.END:
        return explain_end(state, p, action)
    if k == A.PASS:
        return explain_pass(state, p, action)
    if k == A.PLAY:
        return explain_play(state, p, action)
    if k == A.BRING:
        return explain_bring(state, p, action)
    if k == A.CHANGE:
        return explain_change(state, p, action)
    if k == A.ATTACK:
        return combat.explain_attack(state, p, action)
    if k == A.ATTACKER:
        return combat.explain_attacker(state, p, action)
    if k == A.BLOCK:
        return combat.explain_block(state, p, action)
    if k == A.ASSIGN:
        return combat.explain_assign(state, p, action)
    if k == A.DISCARD:
        return explain_discard(state, p, action)
    if k in (A.TAKE, A.TAKE_DECK):
        return chain.explain_take(state, p, action)
    if k in (A.ASSASSIN, A.COUNTER):
        return chain.explain_assassin(state, p, action)
    if k == A.TARGET:
        return chain.explain_target(state, p, action)
    return chain.explain_joker(state, p, action)


def apply_action(state: KingdomState, action: KingdomAction) -> list[Event]:
    """Apply ``action`` (legal now) for the seat deciding: the ``do_<kind>`` of its kind, then what
    follows by itself (:func:`~regalia.games.kingdom.resolution.settle`) and the response
    windows' bookkeeping (:func:`~regalia.games.kingdom.windows.after_move`). The kinds are
    reached by an ``if`` chain (native integer compares when compiled). Returns the events to
    deliver now."""
    ev: list[Event] = []
    state.events = ev
    state.resp = ()
    p = state.current_player
    assert p is not None
    d = state.decision_code()
    k = action.kind
    windows.before_move(state, p, action)
    if k == A.PASS:
        do_pass(state, ev, p, d, action)
    elif k == A.END:
        do_end(state, ev, p, d, action)
    elif k == A.DISCARD:
        do_discard(state, ev, p, d, action)
    elif k == A.PLAY:
        do_play(state, ev, p, d, action)
    elif k == A.BRING:
        do_bring(state, ev, p, d, action)
    elif k == A.CHANGE:
        do_change(state, ev, p, d, action)
    elif k == A.ATTACK:
        combat.do_attack(state, ev, p, d, action)
    elif k == A.ATTACKER:
        combat.do_attacker(state, ev, p, d, action)
    elif k == A.DONE:
        combat.do_done(state, ev, p, d, action)
    elif k == A.BLOCK:
        combat.do_block(state, ev, p, d, action)
    elif k == A.ASSIGN:
        combat.do_assign(state, ev, p, d, action)
    else:
        _apply_chain(state, ev, p, d, action)
    settle(state)
    return windows.after_move(state, ev)


def _apply_chain(state: KingdomState, ev: list[Event], p: int, d: int, action: KingdomAction) -> None:
    """The kinds of :mod:`.chain` (an ``if`` chain, like :func:`apply_action`'s)."""
    k = action.kind
    if k == A.ASSASSIN:
        chain.do_assassin(state, ev, p, d, action)
    elif k == A.COUNTER:
        chain.do_counter(state, ev, p, d, action)
    elif k == A.TARGET:
        chain.do_target(state, ev, p, d, action)
    elif k == A.JOKER_PICK:
        chain.do_joker_pick(state, ev, p, d, action)
    elif k == A.SPY:
        chain.do_spy(state, ev, p, d, action)
    elif k == A.EXPOSE:
        chain.do_expose(state, ev, p, d, action)
    elif k == A.RECRUIT:
        chain.do_recruit(state, ev, p, d, action)
    elif k == A.TAKE:
        chain.do_take(state, ev, p, d, action)
    elif k == A.TAKE_DECK:
        chain.do_take_deck(state, ev, p, d, action)
    else:
        raise ValueError(f"action.kind: unknown Kingdom action kind {k!r}")
