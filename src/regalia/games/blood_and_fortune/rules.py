"""The rules of Blood & Fortune by action kind: for each kind what is legal (``legal_<kind>``), why
an action of that kind is refused (``explain_<kind>``, the reason and the rule it breaks) and what
it does (``do_<kind>``), side by side — PokerKit's ``verify_/can_/do`` model, with legality given
as the set of legal actions (the core's ``apply`` accepts exactly those).

Kinds (:mod:`.actions`): ``place`` and ``take`` (the role draft, BF-DRAFT, BF-X1), ``offer``,
``keep`` and ``give`` (BF-OFFER, BF-ROLEOFFER), ``special`` and ``pass`` (the Special Actions,
BF-SPECIAL, BF-X2) and ``target`` (a Role card's target, BF-RESOLVE); the steps they share are in
:mod:`.flow`, the house-rule effects in :mod:`.effects`. Then the entry points the state calls:
:func:`legal_actions`, :func:`explain` and :func:`apply_action`.

Functions of a :class:`~regalia.games.blood_and_fortune.state.BloodAndFortuneState` (``state``,
imported for typing only).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from regalia.core.events import Event, new_event, private, public
from regalia.games.blood_and_fortune import eventtexts as T
from regalia.games.blood_and_fortune import flow
from regalia.games.blood_and_fortune.actions import (
    GIVE,
    GIVES,
    KEEP,
    KEEPS,
    OFFER,
    OFFER_TABLE,
    PASS,
    PASS_ACTION,
    PLACE,
    PLACES,
    SPECIAL,
    TAKE,
    TAKES,
    TARGET,
    BloodAndFortuneAction,
)
from regalia.games.blood_and_fortune.cards import (
    CARD_NAMES,
    ROLE_BASE,
    ROLES,
    SPECIAL_ACTIONS,
    SPECIAL_CUTOFF,
    TURNS_PER_ROUND,
    is_role,
)
from regalia.games.blood_and_fortune.effects import apply_effect, can_use_special, effect_targets
from regalia.games.blood_and_fortune.flow import WITNESSES
from regalia.games.blood_and_fortune.holders import H_DEALT, H_DECK, H_OFFER, H_PLACED, K_EMPTY, K_XFER
from regalia.games.blood_and_fortune.phases import (
    CLOSING,
    DRAFT_PLACE,
    DRAFT_TAKE,
    KEEPING,
    OFFERING,
    PAYING,
    ROLE_TARGET,
)
from regalia.games.blood_and_fortune.words import role_title

if TYPE_CHECKING:
    from regalia.games.blood_and_fortune.state import BloodAndFortuneState

_OFFER_EMPTIED: Final[tuple[tuple[int, ...], tuple[int, ...]]] = ((K_EMPTY, H_OFFER, 0), (K_EMPTY, H_OFFER, 1))
"""The knowledge-log entries of a resolved offer: it holds no Influence and no Role card any more."""
_PHASE_KINDS: Final[tuple[tuple[int, ...], ...]] = (
    (PLACE,),  # DRAFT_PLACE
    (TAKE,),  # DRAFT_TAKE
    (OFFER, SPECIAL),  # OFFERING
    (KEEP,),  # KEEPING
    (GIVE,),  # PAYING
    (SPECIAL, PASS),  # CLOSING
    (TARGET,),  # ROLE_TARGET
)
"""The kinds of action each decision takes (by phase)."""
_PHASE_TEXT: Final[tuple[tuple[str, str], ...]] = (
    ("place one of their two dealt Role cards face down", "BF-DRAFT"),
    ("take a face-down Role card placed by another player", "BF-DRAFT"),
    ("offer cards", "BF-OFFER"),
    ("keep one of the offered cards", "BF-OFFER"),
    ("give an Influence card for the kept Role card", "BF-ROLEOFFER"),
    ("use their Special Action or pass", "BF-X2"),
    ("choose the target of their Role card", "BF-RESOLVE"),
)
"""What each decision asks, in words for refusals, and its rule (by phase)."""


# ---------------------------------------------------------------------- place, take (BF-DRAFT, BF-X1)
def legal_place(state: BloodAndFortuneState, p: int) -> list[BloodAndFortuneAction]:
    """BF-DRAFT 3: place either of the two dealt Role cards face down."""
    return [PLACES[r] for r in state.dealt[p]]


def explain_place(state: BloodAndFortuneState, p: int, action: BloodAndFortuneAction) -> tuple[str, str | None]:
    """``place`` refused: not one of the dealt Role cards (BF-DRAFT)."""
    dealt = " and ".join(CARD_NAMES[c] for c in state.dealt[p])
    return (f"{CARD_NAMES[action.a]} is not one of P{p}'s dealt Role cards ({dealt})", "BF-DRAFT")


def do_place(state: BloodAndFortuneState, p: int, role: int, events: list[Event]) -> None:
    """BF-DRAFT 3: place one dealt role face down, return the other to the deck unseen."""
    other = next(c for c in state.dealt[p] if c != role)
    state.dealt[p] = []
    state.placed[p] = role
    state.role_deck.append(other)
    state.klog.append((K_XFER, role, H_DEALT + p, H_PLACED + p, 1 << p))
    state.klog.append((K_XFER, other, H_DEALT + p, H_DECK, 1 << p))
    state.klog.append((K_EMPTY, H_DEALT + p, 1))
    state.draft_queue.pop(0)
    events.append(
        public("place_role", f"Role draft: P{p} places a Role card face down and returns the other to the deck", p)
    )
    if state.draft_queue:
        state.to_act = state.draft_queue[0]
    else:
        state.phase = DRAFT_TAKE
        state.draft_queue = state.order()
        state.to_act = state.draft_queue[0]


def legal_take(state: BloodAndFortuneState, p: int) -> list[BloodAndFortuneAction]:
    """BF-DRAFT 4, BF-X1: take a face-down Role card placed by another player."""
    return [TAKES[x] for x in state.take_options(p)]


def explain_take(state: BloodAndFortuneState, p: int, action: BloodAndFortuneAction) -> tuple[str, str | None]:
    """``take`` refused: one's own card, none left there (BF-DRAFT), the last taker's card first (BF-X1)."""
    x = action.seat
    if x == p:
        return ("you take a Role card placed by another player, not your own", "BF-DRAFT")
    if state.placed[x] < 0:
        return (f"P{x} has no face-down Role card left to take", "BF-DRAFT")
    last = state.draft_queue[1] if len(state.draft_queue) == 2 else -1
    return (
        f"you must take P{last}'s Role card so that P{last}, the last to take, has another player's card left",
        "BF-X1",
    )


def do_take(state: BloodAndFortuneState, p: int, x: int, events: list[Event]) -> None:
    """BF-DRAFT 4: take the face-down role placed by another player."""
    role = state.placed[x]
    state.placed[x] = -1
    state.hands[p].append(role)
    state.klog.append((K_XFER, role, H_PLACED + x, p, (1 << p) | (1 << x)))
    state.klog.append((K_EMPTY, H_PLACED + x, 1))
    state.takes.append((p, x, role))
    state.draft_queue.pop(0)
    events.append(public("take_role", f"Role draft: P{p} takes the face-down Role card placed by P{x}", p, source=x))
    events.append(
        private(
            "take_role_card",
            f"Role draft: P{p} takes {role_title(role)} (house rule), placed by P{x}",
            WITNESSES[p][x],
            p,
            card=CARD_NAMES[role],
        )
    )
    if state.draft_queue:
        state.to_act = state.draft_queue[0]
        return
    flow.begin_offer_turn(state, events)


# ---------------------------------------------------------------------- offer, keep, give (BF-OFFER, BF-ROLEOFFER)
_OFFERS: Final[dict[int, list[BloodAndFortuneAction]]] = {}
"""The offers of a hand of Influence cards only, by :func:`_offer_key`, built once per hand and
shared (never changed). At most 6 houses x 32 subsets x 6 seats x 4 player counts entries; a
hand holding a Role card is not kept (the combinations would grow without bound)."""


def _offer_key(hand: list[int], p: int, n: int) -> int:
    """The key of :data:`_OFFERS`: the set of cards in ``hand`` as a bitmask, the seat and the
    number of seats; ``-1`` for a hand holding a Role card."""
    mask = 0
    for c in hand:
        if c >= ROLE_BASE:
            return -1
        mask |= 1 << c
    return (mask << 6) | (p << 3) | n


def _build_offers(hand: list[int], p: int, n: int) -> list[BloodAndFortuneAction]:
    """BF-OFFER / BF-ROLEOFFER: every offer seat ``p`` can make from ``hand`` to another seat:
    always 2 cards when it can (Role cards included, BF-X8), a last card alone (unreachable with
    the shipped house rules, BF-X15); pairs in card order, then recipients in seat order."""
    cards = sorted(hand)
    others = [q for q in range(n) if q != p]
    if len(cards) == 1:
        row = OFFER_TABLE[cards[0]][0]
        return [row[q] for q in others]
    out: list[BloodAndFortuneAction] = []
    for i, a in enumerate(cards):
        table = OFFER_TABLE[a]
        for b in cards[i + 1 :]:
            row = table[b + 1]
            out.extend([row[q] for q in others])
    return out


def legal_offer(state: BloodAndFortuneState, p: int) -> list[BloodAndFortuneAction]:
    """The offers of ``p``'s hand, shared by every position with the same hand (the core copies
    a list before it hands it out)."""
    hand = state.hands[p]
    n = state.num_players
    key = _offer_key(hand, p, n)
    offers = _OFFERS.get(key) if key >= 0 else None
    if offers is None:
        offers = _build_offers(hand, p, n)
        if key >= 0:
            _OFFERS[key] = offers
    return offers


def explain_offer(state: BloodAndFortuneState, p: int, action: BloodAndFortuneAction) -> tuple[str, str | None]:
    """``offer`` refused: a card not in hand, to oneself, one card while two can be offered
    (BF-OFFER, BF-ROLEOFFER)."""
    hand = state.hands[p]
    cards = [action.a] if action.b < 0 else [action.a, action.b]
    for c in cards:
        if c not in hand:
            where = (
                "a Role card, and roles are not in play" if is_role(c) and not state.roles_on else f"not in P{p}'s hand"
            )
            return (f"{CARD_NAMES[c]} is {where}", "BF-ROLEOFFER" if is_role(c) else "BF-OFFER")
    if action.seat == p:
        return ("cards are offered to another player, not to yourself", "BF-OFFER")
    if len(cards) == 1 and len(hand) >= 2:
        return (
            f"with {len(hand)} cards in hand you must offer 2 (a single card only when it is your last)",
            "BF-OFFER",
        )
    return ("this offer is not possible now", "BF-OFFER")


def do_offer(state: BloodAndFortuneState, p: int, action: BloodAndFortuneAction, events: list[Event]) -> None:
    """BF-OFFER / BF-ROLEOFFER: offer 1 or 2 cards face down to another player."""
    c1 = action.a
    c2 = action.b
    to = action.seat
    hand = state.hands[p]
    klog = state.klog
    wit = (1 << p) | (1 << to)
    hand.remove(c1)
    klog.append((K_XFER, c1, p, H_OFFER, wit))
    roles = 1 if c1 >= ROLE_BASE else 0
    if c2 >= 0:
        hand.remove(c2)
        klog.append((K_XFER, c2, p, H_OFFER, wit))
        if c2 >= ROLE_BASE:
            roles += 1
        offer = [c1, c2] if c1 < c2 else [c2, c1]
    else:
        offer = [c1]
    count = len(offer)
    if roles < count:  # an Influence card left the hand
        flow.left_holder(state, p, hand, False)
    if roles:
        flow.left_holder(state, p, hand, True)
    state.offer = offer
    state.offerer = p
    state.recipient = to
    state.phase = KEEPING
    state.to_act = to
    cards = tuple(offer)
    turns = TURNS_PER_ROUND * state.num_players
    events.append(
        new_event(
            "offer",
            (T.offer_text, p, to, count, roles, state.turn_k + 1, turns),
            p,
            None,
            (T.offer_data, to, count, roles),
        )
    )
    events.append(
        new_event("offer_cards", (T.offer_cards_text, p, to, cards), p, WITNESSES[p][to], (T.cards_data, cards))
    )


def legal_keep(state: BloodAndFortuneState) -> list[BloodAndFortuneAction]:
    """BF-OFFER: keep one of the offered cards."""
    return [KEEPS[c] for c in state.offer]


def explain_keep(state: BloodAndFortuneState, p: int, action: BloodAndFortuneAction) -> tuple[str, str | None]:
    """``keep`` refused: not one of the offered cards (BF-OFFER)."""
    offered = " and ".join(CARD_NAMES[c] for c in state.offer)
    return (f"{CARD_NAMES[action.a]} is not one of the cards P{state.offerer} offered ({offered})", "BF-OFFER")


def do_keep(state: BloodAndFortuneState, r: int, card: int, events: list[Event]) -> None:
    """BF-OFFER: keep one card, return the other; BF-ROLEOFFER for a kept Role card."""
    p = state.offerer
    wit = (1 << p) | (1 << r)
    offer = state.offer
    back = -1
    for c in offer:
        if c != card:
            back = c
    cards = tuple(sorted(offer))
    state.offer = []
    role = card >= ROLE_BASE
    if role:
        state.hands[r].append(card)
        state.klog.append((K_XFER, card, H_OFFER, r, wit))
        state.offers_log.append((p, r, cards, card, -1))
    else:
        slot = flow.into_area(state, r, card, wit, H_OFFER)
        state.offers_log.append((p, r, cards, card, slot))
    events.append(new_event("keep", (T.keep_text, r, p, role), r, None, (T.keep_data, p, role)))
    if back >= 0:
        state.hands[p].append(back)
        state.klog.append((K_XFER, back, H_OFFER, p, wit))
    state.klog.extend(_OFFER_EMPTIED)
    events.append(new_event("keep_card", (T.keep_card_text, r, card, back, p), r, WITNESSES[p][r], (T.card_data, card)))
    if role:
        for c in state.hands[r]:
            if c < ROLE_BASE:
                state.phase = PAYING
                state.to_act = r
                return
        events.append(public("pay", f"P{r} has no Influence card to give P{p} for the Role card P{r} kept", r))
    state.turn_k += 1
    flow.begin_offer_turn(state, events)


def legal_give(state: BloodAndFortuneState, p: int) -> list[BloodAndFortuneAction]:
    """BF-ROLEOFFER 3: give any Influence card of the hand for the Role card kept."""
    return [GIVES[c] for c in sorted(state.hands[p]) if c < ROLE_BASE]


def explain_give(state: BloodAndFortuneState, p: int, action: BloodAndFortuneAction) -> tuple[str, str | None]:
    """``give`` refused: not an Influence card of the hand (BF-ROLEOFFER)."""
    return (f"{CARD_NAMES[action.a]} is not an Influence card in P{p}'s hand", "BF-ROLEOFFER")


def do_give(state: BloodAndFortuneState, r: int, card: int, events: list[Event]) -> None:
    """BF-ROLEOFFER 3: the recipient of a Role card gives the offerer an Influence card."""
    p = state.offerer
    wit = (1 << p) | (1 << r)
    state.hands[r].remove(card)
    slot = flow.into_area(state, p, card, wit, r)
    flow.left_holder(state, r, state.hands[r], False)
    state.payments_log.append((r, p, card, slot))
    state.turn_k += 1
    events.append(
        public(
            "pay",
            f"P{r} gives P{p} an Influence card for the Role card P{r} kept: it goes face down to the right end "
            f"of P{p}'s area",
            r,
            to=p,
        )
    )
    events.append(
        private("pay_card", f"P{r} gives {CARD_NAMES[card]} to P{p}", WITNESSES[p][r], r, card=CARD_NAMES[card])
    )
    flow.begin_offer_turn(state, events)


# ---------------------------------------------------------------------- special, pass (BF-SPECIAL, BF-X2)
def legal_special(state: BloodAndFortuneState, p: int) -> list[BloodAndFortuneAction]:
    """BF-SPECIAL: seat ``p``'s Special Action on each target it allows (see :mod:`.effects`)."""
    return [
        BloodAndFortuneAction(SPECIAL, seat=s, pos=i)
        for s, i in effect_targets(state, SPECIAL_ACTIONS[state.score_cards[p]], p)
    ]


def explain_special(state: BloodAndFortuneState, p: int, action: BloodAndFortuneAction) -> tuple[str, str | None]:
    """A Special Action refused: not in play, used already, no Influence received yet
    (BF-SPECIAL), the Score card turned over (BF-4), or its target (BF-X3)."""
    if not state.specials_on:
        return ("Special Actions are not in play (option special_actions is off)", "BF-SPECIAL")
    if state.special_used[p]:
        return ("you have already used your Special Action this round", "BF-SPECIAL")
    if state.received[p] == 0:
        return (
            "a Special Action may be used only after you have received an Influence card in your area",
            "BF-SPECIAL",
        )
    if state.totals[p] > SPECIAL_CUTOFF:
        return (
            f"your total is {state.totals[p]}, which exceeds 15: your Score card is turned over and its Special Action is gone",
            "BF-4",
        )
    eff = SPECIAL_ACTIONS[state.score_cards[p]]
    return _bad_target(state, eff.id, eff.name, effect_targets(state, eff, p), action)


def do_special(state: BloodAndFortuneState, p: int, action: BloodAndFortuneAction, events: list[Event]) -> None:
    """Use the Special Action of ``p``'s Score card (BF-SPECIAL), in an Offer turn or the closing
    window (BF-X2)."""
    state.special_used[p] = True
    eff = SPECIAL_ACTIONS[state.score_cards[p]]
    events.extend(apply_effect(state, eff, p, action.seat, action.pos))
    if state.phase == CLOSING:
        state.closing.pop(0)
        flow.next_closing(state, events)


def explain_pass(state: BloodAndFortuneState, p: int, action: BloodAndFortuneAction) -> tuple[str, str | None]:
    """``pass`` refused: no Special Action window is open (BF-X2)."""
    return ("there is no Special Action window to pass in", "BF-X2")


def do_pass(state: BloodAndFortuneState, p: int, events: list[Event]) -> None:
    """Let the closing window go by without the Special Action (BF-X2)."""
    state.closing.pop(0)
    eff = SPECIAL_ACTIONS[state.score_cards[p]]
    text = f"P{p} passes: their Special Action {eff.id} {eff.name} (house rule) is not used this round"
    events.append(public("pass", text, p))
    flow.next_closing(state, events)


# ---------------------------------------------------------------------- target (BF-RESOLVE, BF-X3)
def legal_target(state: BloodAndFortuneState, p: int) -> list[BloodAndFortuneAction]:
    """The targets the Role card being resolved allows (see :mod:`.effects`)."""
    r = state.resolve_queue[0][0]
    return [BloodAndFortuneAction(TARGET, seat=s, pos=i) for s, i in effect_targets(state, ROLES[r - ROLE_BASE], p)]


def explain_target(state: BloodAndFortuneState, p: int, action: BloodAndFortuneAction) -> tuple[str, str | None]:
    """A Role card's target refused (BF-X3)."""
    r = state.resolve_queue[0][0]
    eff = ROLES[r - ROLE_BASE]
    return _bad_target(state, eff.id, eff.name, effect_targets(state, eff, p), action)


def do_target(state: BloodAndFortuneState, p: int, action: BloodAndFortuneAction, events: list[Event]) -> None:
    """The Role card being resolved acts on its target; the next one resolves (BF-RESOLVE)."""
    r = state.resolve_queue[0][0]
    events.extend(apply_effect(state, ROLES[r - ROLE_BASE], p, action.seat, action.pos))
    state.resolve_queue.pop(0)
    flow.continue_resolve(state, events)


def _target_text(seat: int, pos: int) -> str:
    if seat < 0:
        return "no target"
    return f"P{seat}" if pos < 0 else f"card {pos + 1} of P{seat}'s area"


def _bad_target(
    state: BloodAndFortuneState, eid: str, name: str, targets: list[tuple[int, int]], action: BloodAndFortuneAction
) -> tuple[str, str]:
    if not targets:
        return (f"{eid} {name} (house rule) has nothing to act on now", "BF-X3")
    return (
        f"{eid} {name} (house rule) cannot take {_target_text(action.seat, action.pos)}; possible: "
        + ", ".join(_target_text(s, i) for s, i in targets[:6])
        + (" ..." if len(targets) > 6 else ""),
        "BF-X3",
    )


# ---------------------------------------------------------------------- the decision due now
def legal_actions(state: BloodAndFortuneState) -> list[BloodAndFortuneAction]:
    """The legal actions of the seat to decide, by decision (the phase)."""
    ph = state.phase
    p = state.to_act
    if ph == OFFERING:
        offers = legal_offer(state, p)
        if state.specials_on and can_use_special(state, p):
            return offers + legal_special(state, p)
        return offers
    if ph == KEEPING:
        return legal_keep(state)
    if ph == PAYING:
        return legal_give(state, p)
    if ph == DRAFT_PLACE:
        return legal_place(state, p)
    if ph == DRAFT_TAKE:
        return legal_take(state, p)
    if ph == CLOSING:
        return [*legal_special(state, p), PASS_ACTION]
    if ph == ROLE_TARGET:
        return legal_target(state, p)
    return []


def explain(state: BloodAndFortuneState, action: BloodAndFortuneAction) -> tuple[str, str | None]:
    """The reason ``action`` (well formed, not legal now) is refused, and the rule id: a kind the
    decision does not take, else the ``explain_<kind>`` of its kind.

    Returns:
        ``(reason, rule id)``.
    """
    ph = state.phase
    p = state.to_act
    k = action.kind
    if k not in _PHASE_KINDS[ph]:
        what, rule = _PHASE_TEXT[ph]
        if k == SPECIAL:
            return (
                f"P{p} must {what} now; a Special Action is used at the start of your own Offer turn or in the closing window",
                "BF-X2",
            )
        if k == PASS:
            return (f"there is no Special Action window to pass in: P{p} must {what}", "BF-X2")
        return (f"it is not the time to {str(action).split()[0]}: P{p} must {what}", rule)
    if k == OFFER:
        return explain_offer(state, p, action)
    if k == KEEP:
        return explain_keep(state, p, action)
    if k == GIVE:
        return explain_give(state, p, action)
    if k == PLACE:
        return explain_place(state, p, action)
    if k == TAKE:
        return explain_take(state, p, action)
    if k == PASS:
        return explain_pass(state, p, action)
    if k == SPECIAL:
        return explain_special(state, p, action)
    return explain_target(state, p, action)


def apply_action(state: BloodAndFortuneState, a: BloodAndFortuneAction) -> list[Event]:
    """Apply ``a`` (legal now) for the seat to decide: the ``do_<kind>`` of its kind. Returns the
    events."""
    k = a.kind
    p = state.to_act
    events: list[Event] = []
    if k == OFFER:
        do_offer(state, p, a, events)
    elif k == KEEP:
        do_keep(state, p, a.a, events)
    elif k == GIVE:
        do_give(state, p, a.a, events)
    elif k == PLACE:
        do_place(state, p, a.a, events)
    elif k == TAKE:
        do_take(state, p, a.seat, events)
    elif k == SPECIAL:
        do_special(state, p, a, events)
    elif k == PASS:
        do_pass(state, p, events)
    else:  # TARGET
        do_target(state, p, a, events)
    return events
