"""Kingdom's Assassins and Jokers by action kind [KD-8, KD-9, KD-X3, KD-X6, KD-X10]: ``assassin``,
``target``, ``counter``, the Joker's ``joker pick``, ``joker spy``, ``joker expose`` and ``joker
recruit``, and the ``take`` / ``take deck`` of a Pick a Card. For each kind, side by side: what is
legal (``legal_<kind>``), why an action of it is refused (``explain_<kind>``) and what it does
(``do_<kind>``); the chain resolves in :mod:`.resolution`. The entry points are in :mod:`.rules`.

Functions of a :class:`~regalia.games.kingdom.state.KingdomState` (``state``, imported for typing
only). Each ``do_<kind>`` takes the events of the move ``ev``, the seat deciding ``p``, the
decision ``d`` (``phases.D_*``) and the action (legal now).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from regalia.core.events import Event, private, public
from regalia.games.kingdom import actions as A
from regalia.games.kingdom import flow
from regalia.games.kingdom.actions import KingdomAction, act
from regalia.games.kingdom.cards import IS_ACE, IS_NOBLE, JOKER, NAME, RANK, SUIT, SUITS
from regalia.games.kingdom.phases import C_ASSASSIN, C_EXPOSE, C_PICK, C_SPY, D_MAIN
from regalia.games.kingdom.phases import seat_name as _seat_name

if TYPE_CHECKING:
    from regalia.games.kingdom.state import KingdomState

_NOBLES = ("Jack", "Queen", "King")


# ---------------------------------------------------------------------- assassin, counter [KD-8, KD-X3]
def legal_assassin(state: KingdomState, p: int, kind: int, out: list[KingdomAction]) -> None:
    """``p``'s Assassins (``kind`` ASSASSIN or COUNTER): an Ace in hand with an unpreoccupied noble
    of its suit [KD-8]."""
    ready = [x for x in state.play[p] if IS_NOBLE[x] and not state.busy[x]]
    if not ready:
        return
    for c in sorted(set(state.hands[p])):
        if IS_ACE[c]:
            for nb in ready:
                if flow.suit_of(state, nb) == SUIT[c]:
                    out.append(act(kind, c, nb))


def explain_assassin(state: KingdomState, p: int, action: KingdomAction) -> tuple[str, str | None]:
    """``assassin`` or ``counter A using N`` refused: the Ace, the noble, its suit [KD-8]."""
    ace, nb = action.a, action.b
    if ace not in state.hands[p]:
        return f"{NAME[ace]} is not in your hand", "KD-8"
    if nb not in state.play[p]:
        return f"{NAME[nb]} is not in play in your kingdom", "KD-8"
    if state.busy[nb]:
        return f"{NAME[nb]} is preoccupied; the Assassin needs an unpreoccupied noble", "KD-8"
    return (
        f"{NAME[nb]} is a {SUITS[flow.suit_of(state, nb)]} noble; the Assassin {NAME[ace]} needs a {SUITS[SUIT[ace]]} one",
        "KD-8",
    )


def do_assassin(state: KingdomState, ev: list[Event], p: int, d: int, action: KingdomAction) -> None:
    """``assassin A using N``: an Assassin on the chain; its player chooses its target next
    [KD-8]."""
    ace, nb = action.a, action.b
    flow.turn_for_assassin(state, p, ace, nb)
    state.chain.append([C_ASSASSIN, p, ace, nb, -1])
    state.targeting = p
    state.target_from_main = d == D_MAIN
    ev.append(
        public(
            "assassin",
            f"{_seat_name(p)} plays {NAME[ace]} as an Assassin, turning {NAME[nb]}",
            p,
            card=NAME[ace],
            noble=NAME[nb],
        )
    )


def do_counter(state: KingdomState, ev: list[Event], p: int, d: int, action: KingdomAction) -> None:
    """``counter A using N``: an Assassin that targets the Ace or Joker on top of the chain;
    the others may counter it in turn [KD-8, KD-X3]."""
    ace, nb = action.a, action.b
    flow.turn_for_assassin(state, p, ace, nb)
    top = state.chain[-1]
    state.chain.append([C_ASSASSIN, p, ace, nb, top[2]])
    ev.append(
        public(
            "counter",
            f"{_seat_name(p)} counters {_seat_name(top[1])}'s {NAME[top[2]]} with the Assassin {NAME[ace]}, turning {NAME[nb]}",
            p,
            card=NAME[ace],
            noble=NAME[nb],
        )
    )
    state.counter_q = flow.others_from(state, p)


# ---------------------------------------------------------------------- target [KD-8]
def legal_target(state: KingdomState, out: list[KingdomAction]) -> None:
    """Any card in play in any kingdom may be the Assassin's target [KD-8]."""
    out.extend(act(A.TARGET, c) for q in range(state.num_players) for c in sorted(state.play[q]))


def explain_target(state: KingdomState, p: int, action: KingdomAction) -> tuple[str, str | None]:
    """``target C`` refused: C is not in play [KD-8]."""
    return f"{NAME[action.a]} is not in play", "KD-8"


def do_target(state: KingdomState, ev: list[Event], p: int, d: int, action: KingdomAction) -> None:
    """``target C``: the Assassin's target; the others may counter it [KD-8, KD-X3], and
    after an Assassin from the main phase they may respond [KD-X2]."""
    top = state.chain[-1]
    top[4] = action.a
    state.targeting = -1
    q = state.loc[action.a]
    ev.append(
        public(
            "target",
            f"{_seat_name(p)}'s Assassin {NAME[top[2]]} targets {_seat_name(q)}'s {NAME[action.a]}",
            p,
            target=NAME[action.a],
        )
    )
    state.counter_q = flow.others_from(state, p)
    if state.target_from_main:
        state.target_from_main = False
        flow.after_main_action(state, p, (A.TARGET, p, top[2], action.a, q))


# ---------------------------------------------------------------------- the Joker [KD-9, KD-X6, KD-X10]
def legal_joker(state: KingdomState, p: int, main: bool, out: list[KingdomAction]) -> None:
    """``p``'s Joker plays: Pick a Card, Spy, Expose, and in ``main`` Recruit within the noble
    limits [KD-9, KD-X6, KD-X10]."""
    if JOKER not in state.hands[p]:
        return
    if state.deck or state.discard:
        out.append(act(A.JOKER_PICK))
    others = sorted(flow.others_from(state, p))
    for q in others:
        out.append(act(A.SPY, q))
    for q in others:
        out.append(act(A.EXPOSE, q))
    if main:
        for q in others:
            for c in state.play[q]:
                if IS_NOBLE[c] and flow.has_rank(state, p, RANK[c]):
                    continue  # noble limits still apply [KD-9]
                out.append(act(A.RECRUIT, c))


def explain_joker(state: KingdomState, p: int, action: KingdomAction) -> tuple[str, str | None]:
    """A Joker's use refused: no Joker, nothing to pick, a target that is oneself or fallen, a
    recruit out of reach [KD-9, KD-12]."""
    k = action.kind
    if JOKER not in state.hands[p]:
        return "you have no Joker in your hand", "KD-9"
    if k == A.JOKER_PICK:
        return "the deck and the discard pile are both empty", "KD-9"
    if k in (A.SPY, A.EXPOSE):
        q = action.a
        if q == p:
            return "the Joker targets another player", "KD-9"
        return f"P{q}'s kingdom has fallen", "KD-12"
    c = action.a
    owner = state.loc[c]
    if owner < 0:
        return f"{NAME[c]} is not in play", "KD-9"
    if owner == p:
        return f"{NAME[c]} is already in your kingdom", "KD-9"
    if IS_NOBLE[c]:
        return f"you already have a {_NOBLES[RANK[c] - 11]} in play (noble limits)", "KD-9"
    return "this recruit is not allowed now", "KD-9"


def do_joker_pick(state: KingdomState, ev: list[Event], p: int, d: int, action: KingdomAction) -> None:
    """``joker pick``: a Joker as Pick a Card [KD-9]."""
    flow.play_joker(state, ev, p, d, A.JOKER_PICK, C_PICK, -1, "as Pick a Card")


def do_spy(state: KingdomState, ev: list[Event], p: int, d: int, action: KingdomAction) -> None:
    """``joker spy Pn``: a Joker as a Spy on seat n [KD-9]."""
    flow.play_joker(state, ev, p, d, A.SPY, C_SPY, action.a, f"as a Spy on {_seat_name(action.a)}")


def do_expose(state: KingdomState, ev: list[Event], p: int, d: int, action: KingdomAction) -> None:
    """``joker expose Pn``: a Joker to expose seat n's hand [KD-9]."""
    flow.play_joker(state, ev, p, d, A.EXPOSE, C_EXPOSE, action.a, f"to expose {_seat_name(action.a)}'s hand")


def do_recruit(state: KingdomState, ev: list[Event], p: int, d: int, action: KingdomAction) -> None:
    """``joker recruit C``: C moves into ``p``'s kingdom, preoccupied, and the Joker goes to
    the discard pile [KD-9]; the others may respond [KD-X2]."""
    c = action.a
    q = state.loc[c]
    flow.hand_remove(state, p, JOKER)
    flow.to_discard(state, JOKER)
    state.play[q].remove(c)
    flow.set_suit(state, c, flow.NO_CHANGE)
    flow.enter_play(state, p, c, True)
    ev.append(
        public(
            "recruit",
            f"{_seat_name(p)} plays a Joker to recruit {NAME[c]} from {_seat_name(q)} (it arrives preoccupied)",
            p,
            card=NAME[c],
            source=q,
        )
    )
    flow.after_main_action(state, p, (A.RECRUIT, p, c, q))


# ---------------------------------------------------------------------- take, take deck [KD-9, KD-X7]
def legal_take(state: KingdomState, out: list[KingdomAction]) -> None:
    """Pick a Card: any card of the discard pile, or the deck's top card [KD-9]."""
    out.extend(act(A.TAKE, c) for c in sorted(set(state.discard)))
    if state.deck:
        out.append(act(A.TAKE_DECK))


def explain_take(state: KingdomState, p: int, action: KingdomAction) -> tuple[str, str | None]:
    """``take C`` or ``take deck`` refused: C is not in the discard pile, the deck is empty [KD-9]."""
    if action.kind == A.TAKE:
        return f"{NAME[action.a]} is not in the discard pile", "KD-9"
    return "the deck is empty", "KD-9"


def do_take(state: KingdomState, ev: list[Event], p: int, d: int, action: KingdomAction) -> None:
    """``take C``: Pick a Card takes C from the discard pile, which is face up, so everyone
    knows it is in ``p``'s hand [KD-9, KD-X7]."""
    c = action.a
    state.discard.remove(c)
    state.hands[p].append(c)
    for v in range(state.num_players + 1):
        if v != p:
            state.known[v][p].append(c)
    ev.append(public("take", f"{_seat_name(p)} takes {NAME[c]} from the discard pile", p, card=NAME[c]))
    flow.finish_pick(state)


def do_take_deck(state: KingdomState, ev: list[Event], p: int, d: int, action: KingdomAction) -> None:
    """``take deck``: Pick a Card takes the deck's top card, seen by ``p`` alone [KD-9]."""
    c = state.deck.pop()
    state.hands[p].append(c)
    me = _seat_name(p)
    ev.append(public("take", f"{me} takes the top card of the deck", p))
    ev.append(private("take", f"{me} takes {NAME[c]} from the deck", (p,), p, card=NAME[c]))
    flow.finish_pick(state)
