"""What each seat knows about where the hidden cards are, and determinization (BF-2).


Every card move of a round is appended to the state's knowledge log ``klog`` as a small tuple
(the kinds and holders are the constants of :mod:`.holders`):

- ``(K_XFER, card, src, dst, witnesses)``: one card moved from holder ``src`` to holder ``dst``.
  Everyone sees that one card of that class (Influence or Role: the card backs differ, BF-X4)
  moved; the seats in the bitmask ``witnesses`` also see which card.
- ``(K_SEE, card, holder, seats)``: the seats in ``seats`` see that ``card`` is in ``holder``.
- ``(K_EMPTY, holder, cls)``: ``holder`` holds no card of class ``cls`` any more (public).
- ``(K_CAND, card, holders, seats)``: the seats in the bitmask ``seats`` know only that ``card``
  is in one of ``holders`` (the log of a determinized state starts with these — public candidates
  for everyone, then the determinizing seat's own exact candidates — so that it encodes nothing
  hidden and the seat knows exactly what it knew, see :func:`redact`).

Holders are small ints: a seat's hand ``p``, the pending offer, the role deck, a seat's two dealt
roles, a seat's face-down placed role, the (face-up) discard, the face-up played roles, and each
area slot (``H_SLOT + slot id``; a slot keeps its id when an effect moves it, publicly).

For a seat, replaying the log gives each card a set of holders it may be in (a sound
over-approximation: the true holder is always in it). :func:`determinize` then deals the cards
into the holders — keeping every holder's count and class — by a randomized bipartite matching,
so every card the seat has seen stays where it saw it, every area keeps the (public) house of each
of its cards, and the view of the seat is unchanged.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from regalia.games.blood_and_fortune.cards import HOUSE_OF, NUM_ROLES, ROLE_BASE, house_cards
from regalia.games.blood_and_fortune.holders import (
    H_DEALT,
    H_DECK,
    H_OFFER,
    H_PLACED,
    H_SLOT,
    K_CAND,
    K_SEE,
    K_XFER,
)

if TYPE_CHECKING:
    from regalia.games.blood_and_fortune.state import BloodAndFortuneState


def candidate_holders(state: BloodAndFortuneState, seat: int) -> dict[int, set[int]]:
    """For ``seat``: each hidden-able card in play (int) -> the holders it may be in now."""
    cand: dict[int, set[int]] = {}
    for p, h in enumerate(state.houses):
        for c in house_cards(h):
            cand[c] = {p}
    if state.config.roles:
        for r in range(ROLE_BASE, ROLE_BASE + NUM_ROLES):
            cand[r] = {H_DECK}
    bit = 1 << seat
    for e in state.klog:
        k = e[0]
        if k == K_XFER:
            _, card, src, dst, wit = e
            if wit & bit:
                cand[card] = {dst}
            else:
                cls = card >= ROLE_BASE
                for d, hs in cand.items():
                    if (d >= ROLE_BASE) == cls and src in hs:
                        hs.add(dst)
        elif k == K_SEE:
            _, card, holder, seats = e
            if seats & bit:
                cand[card] = {holder}
        elif k == K_CAND:
            if e[3] & bit:
                cand[e[1]] = set(e[2])
        else:
            _, holder, cls_i = e
            cls = bool(cls_i)
            for d, hs in cand.items():
                if (d >= ROLE_BASE) == cls:
                    hs.discard(holder)
    return cand


def current_holders(state: BloodAndFortuneState) -> dict[int, int]:
    """Each card in a hidden-able holder (int) -> its holder now (discard and played excluded)."""
    where: dict[int, int] = {}
    for p, hand in enumerate(state.hands):
        for c in hand:
            where[c] = p
    for c in state.offer:
        where[c] = H_OFFER
    for c in state.role_deck:
        where[c] = H_DECK
    for p in range(state.num_players):
        for c in state.dealt[p]:
            where[c] = H_DEALT + p
        if state.placed[p] >= 0:
            where[state.placed[p]] = H_PLACED + p
        for c, s in zip(state.areas[p], state.slots[p], strict=True):
            where[c] = H_SLOT + s
    return where


class _NoMatch(Exception):
    """The candidate sets admit no assignment (a stale log in a determinized state)."""


def _augment(
    c: int,
    seen: set[int],
    cand: dict[int, set[int]],
    cap: dict[int, int],
    assign: dict[int, list[int]],
    placed: dict[int, int],
    rng: random.Random,
) -> bool:
    """Place card ``c`` in a holder of ``cap`` not yet in ``seen``, moving placed cards along an
    augmenting path if needed; whether it succeeded."""
    options = sorted(h for h in cand[c] if h in cap)  # sets of ints: order by value, not history
    rng.shuffle(options)
    for h in options:
        if h in seen:
            continue
        seen.add(h)
        if len(assign[h]) < cap[h]:
            assign[h].append(c)
            placed[c] = h
            return True
        for d in list(assign[h]):
            if _augment(d, seen, cand, cap, assign, placed, rng):
                assign[h].remove(d)
                assign[h].append(c)
                placed[c] = h
                return True
    return False


def _match(cards: list[int], cand: dict[int, set[int]], cap: dict[int, int], rng: random.Random) -> dict[int, int]:
    """A random assignment card -> holder within capacities (augmenting paths; always succeeds
    when the true assignment is among the candidates)."""
    assign: dict[int, list[int]] = {h: [] for h in sorted(cap)}
    placed: dict[int, int] = {}
    order = list(cards)
    rng.shuffle(order)
    # most constrained first keeps the search short (a stable sort by the number of candidates)
    ranked = sorted((len(cand[c]), i, c) for i, c in enumerate(order))
    for _, _, c in ranked:
        if not _augment(c, set(), cand, cap, assign, placed, rng):
            raise _NoMatch
    return placed


def _assign(cards: list[int], cand: dict[int, set[int]], cap: dict[int, int], rng: random.Random) -> dict[int, int]:
    """Place the cards with a single candidate first, then match the others at random.

    Raises:
        _NoMatch: no assignment fits the candidates and capacities.
    """
    left = dict(cap)
    out: dict[int, int] = {}
    free = []
    for c in cards:
        hs = cand[c]
        if len(hs) == 1:
            (h,) = hs
            if left.get(h, 0) > 0:
                out[c] = h
                left[h] -= 1
                continue
            raise _NoMatch
        free.append(c)
    if free:
        out.update(_match(free, cand, {h: k for h, k in left.items() if k > 0}, rng))
    return out


def _house_compatible(cards: list[int], where: dict[int, int]) -> dict[int, set[int]]:
    """Candidates from public facts only: the holders now holding a card of the same house
    (Role cards: any holder of a Role card)."""
    houses: dict[int, set[int]] = {}
    for c, h in where.items():
        houses.setdefault(h, set()).add(HOUSE_OF[c])
    return {c: {h for h, hs in houses.items() if HOUSE_OF[c] in hs} for c in cards}


def determinize(state: BloodAndFortuneState, seat: int, rng: random.Random) -> BloodAndFortuneState:
    """A full state consistent with ``state.view(seat)``: every card ``seat`` has not seen placed
    anew at random, each where the public record and ``seat``'s own observations allow (BF-2).

    Raises:
        ValueError: ``seat`` is not a seat of the game.
    """
    new = state.clone()
    if state.is_terminal:
        new._mark_determinized(rng)
        return new
    cand = candidate_holders(state, seat)
    where = current_holders(state)
    assignment: dict[int, int] = {}
    for cls in (False, True):
        # sorted: the sample must depend only on what ``seat`` knows and on rng, not on the
        # true layout (the order of ``where``)
        cards = sorted(c for c in where if (c >= ROLE_BASE) == cls)
        if not cards:
            continue
        cap: dict[int, int] = {}
        for c in cards:
            cap[where[c]] = cap.get(where[c], 0) + 1
        try:
            assignment.update(_assign(cards, cand, cap, rng))
        except _NoMatch:
            # Only a state that was itself made by determinize can get here: its log still
            # names the cards where they were before resampling. Fall back to the public
            # constraints (each holder keeps its count and the houses of its cards).
            assignment.update(_assign(cards, _house_compatible(cards, where), cap, rng))
    # write the assignment into the copy
    by_holder: dict[int, list[int]] = {}
    for c, h in assignment.items():
        by_holder.setdefault(h, []).append(c)
    n = state.num_players
    for p in range(n):
        new.hands[p] = sorted(by_holder.get(p, []))
        new.dealt[p] = sorted(by_holder.get(H_DEALT + p, []))
        got = by_holder.get(H_PLACED + p)
        new.placed[p] = got[0] if got else -1
        new.areas[p] = [by_holder[H_SLOT + s][0] for s in state.slots[p]]
    new.offer = sorted(by_holder.get(H_OFFER, []))
    deck = by_holder.get(H_DECK, [])
    rng.shuffle(deck)
    new.role_deck = deck
    new._mark_determinized(rng)
    redact(new, seat, rng, cand)
    return new


def _stand_in(card: int, exclude: set[int], rng: random.Random) -> int:
    """A card of the same class (and, for an Influence card, house) as ``card``, not in
    ``exclude``, drawn with ``rng``: what a record shows instead of a card the seat never saw."""
    pool = (
        [r for r in range(ROLE_BASE, ROLE_BASE + NUM_ROLES) if r not in exclude]
        if card >= ROLE_BASE
        else [c for c in house_cards(HOUSE_OF[card]) if c not in exclude]
    )
    return rng.choice(pool)


def redact(state: BloodAndFortuneState, seat: int, rng: random.Random, cand: dict[int, set[int]]) -> None:
    """Remove from a determinized state every trace of what ``seat`` could not see.

    The copy would otherwise still carry the true game in its records: the knowledge log, the
    cards of offers, payments and role takes that ``seat`` did not witness, the other seats'
    peeks, the move history and the seed (from which the true shuffles follow). They are
    replaced by stand-ins consistent with the resampled cards (the card now in the slot an
    offer filled), the log is rebuilt from what each seat can see in the copy (K_CAND + K_SEE),
    the history is emptied and the seed redrawn. ``view(seat)`` is unchanged.
    """
    n = state.num_players
    slot_card: dict[int, int] = {}
    for q in range(n):
        for c, sl in zip(state.areas[q], state.slots[q], strict=True):
            slot_card[sl] = c
    offers = []
    for p, r, cards, kept, sl in state.offers_log:
        if seat in (p, r):
            offers.append((p, r, cards, kept, sl))
            continue
        new_kept = slot_card.get(sl, kept) if sl >= 0 else _stand_in(kept, set(), rng)
        others = [_stand_in(o, {new_kept}, rng) for o in cards if o != kept]
        offers.append((p, r, tuple(sorted([new_kept, *others])), new_kept, sl))
    state.offers_log = offers
    state.payments_log = [
        (r, p, c if seat in (r, p) else slot_card.get(sl, c), sl) for r, p, c, sl in state.payments_log
    ]
    state.takes = [(t, x, role if seat in (t, x) else _stand_in(role, set(), rng)) for t, x, role in state.takes]
    state.peeks = [list(pk) if q == seat else [] for q, pk in enumerate(state.peeks)]
    # the knowledge log: public candidates, then what each seat can see in the copy
    where = current_holders(state)
    by_house: dict[int, set[int]] = {}
    for c, h in where.items():
        by_house.setdefault(HOUSE_OF[c], set()).add(h)
    log: list[tuple[Any, ...]] = []
    everyone = (1 << n) - 1
    for c in sorted(where):
        log.append((K_CAND, c, tuple(sorted(by_house[HOUSE_OF[c]])), everyone))
    # the determinizing seat keeps exactly the candidates it had (``cand``): a determinization of
    # this copy for ``seat`` is then drawn from the same information set
    for c in sorted(where):
        if c in cand:
            log.append((K_CAND, c, tuple(sorted(cand[c])), 1 << seat))
    masks: dict[int, int] = {}
    for b in range(n):
        for c in (*state.hands[b], *state.dealt[b]):
            masks[c] = masks.get(c, 0) | 1 << b
        if state.placed[b] >= 0:
            masks[state.placed[b]] = masks.get(state.placed[b], 0) | 1 << b
        for c, k in zip(state.areas[b], state.known[b], strict=True):
            masks[c] = masks.get(c, 0) | k
    if state.offer:
        for c in state.offer:
            masks[c] = masks.get(c, 0) | 1 << state.offerer | 1 << state.recipient
    for c in sorted(masks):
        log.append((K_SEE, c, where[c], masks[c]))
    state.klog = log
    state.history = []
    state.initial_deck = None
    state.seed = rng.getrandbits(63)
