"""The round of Blood & Fortune, the steps the kinds of action share: a round begun (BF-ROUND,
BF-SETUP) with its role draft dealt (BF-DRAFT), the Offer turns (BF-OFFER, BF-X7), cards going
face down into an area, the knowledge log kept (BF-X4), the closing Special Action window (BF-X2),
the Role cards resolved (BF-RESOLVE) and the round revealed and scored (BF-REVEAL, BF-SCORE).

Functions of a :class:`~regalia.games.blood_and_fortune.state.BloodAndFortuneState` (``state``,
imported for typing only); the kinds of action (:mod:`.rules`) call them and append the events
they cause to the list they are given, in the order they happen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from regalia.core.events import Event, new_event, private, public
from regalia.core.state import shuffle
from regalia.games.blood_and_fortune import eventtexts as T
from regalia.games.blood_and_fortune.cards import CARD_NAMES, NUM_ROLES, ROLE_BASE, ROLES, TURNS_PER_ROUND, house_cards
from regalia.games.blood_and_fortune.effects import apply_effect, can_use_special, effect_targets
from regalia.games.blood_and_fortune.holders import H_DEALT, H_DECK, H_PLAYED, H_SLOT, K_EMPTY, K_XFER
from regalia.games.blood_and_fortune.phases import CLOSING, DRAFT_PLACE, OFFERING, OVER, ROLE_TARGET
from regalia.games.blood_and_fortune.scoring import reveal_and_score
from regalia.games.blood_and_fortune.words import role_title

if TYPE_CHECKING:
    from regalia.games.blood_and_fortune.state import BloodAndFortuneState

ONLY: Final[tuple[frozenset[int], ...]] = tuple(frozenset({p}) for p in range(6))
"""``ONLY[p]``: the audience of a private event for seat ``p`` alone."""
WITNESSES: Final[tuple[tuple[frozenset[int], ...], ...]] = tuple(
    tuple(frozenset({p, q}) for q in range(6)) for p in range(6)
)
"""``WITNESSES[p][q]``: the audience ``{p, q}`` of a private event between two seats."""


def start_round(state: BloodAndFortuneState, events: list[Event]) -> None:
    """BF-ROUND / BF-SETUP: hands of the 5 house cards, empty areas, Ring holder first."""
    n = state.num_players
    state.first = state.ring
    state.phase = OFFERING
    state.to_act = -1
    state.hands = [house_cards(h) for h in state.houses]
    state.areas = [[] for _ in range(n)]
    state.slots = [[] for _ in range(n)]
    state.known = [[] for _ in range(n)]
    state.next_slot = 0
    state.offer = []
    state.offerer = -1
    state.recipient = -1
    state.turn_k = 0
    state.special_used = [False] * n
    state.received = [0] * n
    state.closing = []
    state.bonuses = []
    state.keep_doubles = 0
    state.lose_doubles = 0
    state.regent = -1
    state.discard = []
    state.played = []
    state.resolve_queue = []
    state.offers_log = []
    state.payments_log = []
    state.peeks = [[] for _ in range(n)]
    state.klog = []
    state.role_deck = []
    state.dealt = [[] for _ in range(n)]
    state.placed = [-1] * n
    state.draft_queue = []
    state.takes = []
    events.append(new_event("round", (T.round_text, state.round, state.first), None, None, {}))
    if state.roles_on:
        deal_roles(state, events)
    else:
        begin_offer_turn(state, events)


def deal_roles(state: BloodAndFortuneState, events: list[Event]) -> None:
    """BF-DRAFT 1-2: shuffle all 15 roles and deal 2 to each player in turn order, one at a time (BF-X13)."""
    fixed = state.fixed_roles if state.round == 0 else []
    rest = [r for r in range(ROLE_BASE, ROLE_BASE + NUM_ROLES) if r not in fixed]
    shuffle(state.rng, rest)
    state.role_deck = fixed + rest
    order = state.order()
    for _ in range(2):
        for p in order:
            r = state.role_deck.pop(0)
            state.dealt[p].append(r)
            state.klog.append((K_XFER, r, H_DECK, H_DEALT + p, 1 << p))
    events.append(
        public(
            "deal_roles", f"Role draft, round {state.round + 1}: 2 Role cards are dealt to each player in turn order"
        )
    )
    for p in order:
        state.dealt[p].sort()
        events.append(
            private(
                "deal_roles",
                f"Role draft: you are dealt {role_title(state.dealt[p][0])} and {role_title(state.dealt[p][1])} "
                "(house rules)",
                ONLY[p],
                p,
                cards=[CARD_NAMES[c] for c in state.dealt[p]],
            )
        )
    state.phase = DRAFT_PLACE
    state.draft_queue = order
    state.to_act = order[0]


def begin_offer_turn(state: BloodAndFortuneState, events: list[Event]) -> None:
    """Start the next Offer turn; a player with no cards misses it (BF-OFFER, BF-X7)."""
    n = state.num_players
    while state.turn_k < TURNS_PER_ROUND * n:
        p = (state.first + state.turn_k) % n
        state.turns_total += 1
        if state.hands[p]:
            state.phase = OFFERING
            state.to_act = p
            return
        events.append(public("miss", f"P{p} has no cards in hand and misses the turn", p))
        state.turn_k += 1
    end_offer_stage(state, events)


def left_holder(state: BloodAndFortuneState, holder: int, hand: list[int], roles: bool) -> None:
    """Log that ``holder`` holds no card of the class (Role cards or not) any more, if so (BF-X4)."""
    for c in hand:
        if (c >= ROLE_BASE) == roles:
            return
    state.klog.append((K_EMPTY, holder, 1 if roles else 0))


def into_area(state: BloodAndFortuneState, seat: int, card: int, witnesses: int, src: int) -> int:
    """Put ``card`` face down at the right end of ``seat``'s area; its new slot id."""
    slot = state.next_slot
    state.next_slot = slot + 1
    state.areas[seat].append(card)
    state.slots[seat].append(slot)
    state.known[seat].append(witnesses)
    state.received[seat] += 1
    state.klog.append((K_XFER, card, src, H_SLOT + slot, witnesses))
    return slot


def end_offer_stage(state: BloodAndFortuneState, events: list[Event]) -> None:
    """After the last Offer turn: the closing Special Action window (BF-X2), then roles or reveal."""
    if state.specials_on:
        state.closing = [p for p in state.order() if can_use_special(state, p)]
        next_closing(state, events)
    else:
        start_resolve(state, events)


def next_closing(state: BloodAndFortuneState, events: list[Event]) -> None:
    """BF-X2: ask the next seat of the closing window that can still use its Special Action."""
    while state.closing:
        p = state.closing[0]
        if can_use_special(state, p):
            state.phase = CLOSING
            state.to_act = p
            return
        state.closing.pop(0)
    start_resolve(state, events)


def start_resolve(state: BloodAndFortuneState, events: list[Event]) -> None:
    if not state.roles_on:
        finish_round(state, events)
        return
    state.resolve_queue = sorted((r, p) for p in range(state.num_players) for r in state.hands[p] if r >= ROLE_BASE)
    events.append(public("resolve", "Resolve Roles: the first player calls the roles in ascending order"))
    continue_resolve(state, events)


def continue_resolve(state: BloodAndFortuneState, events: list[Event]) -> None:
    """Reveal and resolve each role in hand in ascending order (BF-RESOLVE); a role with a
    choice of target waits for its holder's decision."""
    everyone = (1 << state.num_players) - 1
    while state.resolve_queue:
        r, p = state.resolve_queue[0]
        eff = ROLES[r - ROLE_BASE]
        if r in state.hands[p]:
            state.hands[p].remove(r)
            state.played.append((r, p))
            state.klog.append((K_XFER, r, p, H_PLAYED, everyone))
            left_holder(state, p, state.hands[p], True)
            events.append(
                public(
                    "reveal_role",
                    f"P{p} reveals {eff.id} {eff.name} (house rule): {eff.text}",
                    p,
                    role=eff.id,
                    house_rule=True,
                )
            )
        targets = effect_targets(state, eff, p)
        if not targets:
            events.append(
                public(
                    "effect",
                    f"P{p}'s {eff.id} {eff.name} (house rule) has nothing to act on and has no effect",
                    p,
                    role=eff.id,
                )
            )
        elif eff.target == "self":
            events.extend(apply_effect(state, eff, p, -1, -1))
        else:
            state.phase = ROLE_TARGET
            state.to_act = p
            return
        state.resolve_queue.pop(0)
    finish_round(state, events)


def finish_round(state: BloodAndFortuneState, events: list[Event]) -> None:
    """BF-REVEAL, BF-SCORE, BF-WIN (see :func:`.scoring.reveal_and_score`), then BF-ROUND:
    the next round begins unless the game is over."""
    events.extend(reveal_and_score(state))
    if state.phase != OVER:
        start_round(state, events)
