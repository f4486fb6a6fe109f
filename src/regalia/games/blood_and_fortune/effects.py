"""The one resolution function for house-rule effects (Special Actions and Role cards, BF-X3).


Every Role card and Special Action is a declarative :class:`~.cards.Effect` table entry; this
module says which targets an effect can take now (:func:`effect_targets`) and runs it
(:func:`apply_effect`). Role cards take precedence over the rules where they conflict
("RESOLVE ROLES": "Whenever a role card conflicts with the rules, the card takes precedence").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from regalia.core.events import Event, private, public
from regalia.games.blood_and_fortune.cards import (
    CARD_NAMES,
    HOUSE_NAMES,
    HOUSE_OF,
    SPECIAL_ACTIONS,
    SPECIAL_CUTOFF,
    Effect,
    is_role,
)
from regalia.games.blood_and_fortune.holders import H_DISCARD, H_SLOT, K_EMPTY, K_SEE, K_XFER
from regalia.games.blood_and_fortune.words import condition

if TYPE_CHECKING:
    from regalia.games.blood_and_fortune.state import BloodAndFortuneState

_NEED_TWO: Final = frozenset({"swap_newest", "rightmost_to_left", "leftmost_to_right"})
_NEED_ONE: Final = frozenset({"discard_newest", "peek_area"})


def _subject_ok(state: BloodAndFortuneState, eff: Effect, actor: int, subject: int) -> bool:
    op = eff.op
    if op in _NEED_TWO:
        return len(state.areas[subject]) >= 2
    if op in _NEED_ONE:
        return len(state.areas[subject]) >= 1
    if op == "peek_hand":
        return any(not is_role(c) for c in state.hands[subject])
    if op == "envoy":
        return len(state.areas[actor]) >= 1
    return True


def effect_targets(state: BloodAndFortuneState, eff: Effect, actor: int) -> list[tuple[int, int]]:
    """The targets ``eff`` can take for ``actor`` now, as ``(seat, pos)`` pairs (``-1`` = unused).

    Returns ``[(-1, -1)]`` for an applicable effect without a choice and ``[]`` when the effect
    has nothing to act on (a Special Action cannot then be used; a Role resolves with no effect,
    BF-X3).
    """
    if eff.target == "self":
        return [(-1, -1)] if _subject_ok(state, eff, actor, actor) else []
    out: list[tuple[int, int]] = []
    for q in range(state.num_players):
        if q == actor or not _subject_ok(state, eff, actor, q):
            continue
        if eff.target == "other":
            out.append((q, -1))
        else:
            out.extend((q, i) for i in range(len(state.areas[q])))
    return out


def can_use_special(state: BloodAndFortuneState, p: int) -> bool:
    """BF-SPECIAL / BF-4: whether seat ``p`` may use its Special Action now: the option is on,
    not used this round, an Influence card received into the area this round (BF-X14), the total
    before this round at most 15, and something to act on (BF-X3)."""
    return (
        state.specials_on
        and not state.special_used[p]
        and state.received[p] > 0
        and state.totals[p] <= SPECIAL_CUTOFF
        and bool(effect_targets(state, SPECIAL_ACTIONS[state.score_cards[p]], p))
    )


def apply_effect(state: BloodAndFortuneState, eff: Effect, actor: int, seat: int, pos: int) -> list[Event]:
    """Run ``eff`` for ``actor`` on target ``seat``/``pos`` (unused for ``self`` effects).

    The target must be one of :func:`effect_targets`. Returns the events (a peek is a private
    event for the actor; every move inside or between areas is public, BF-X4). Each kind of
    operation has its function below.
    """
    subject = actor if eff.target == "self" else seat
    op = eff.op
    head = f"P{actor} uses {eff.id} {eff.name} (house rule)"
    if op in _NEED_TWO:
        what = _reorder(state, op, subject)
    elif op == "peek_area":
        return _peek_area(state, eff, actor, subject, pos, head)
    elif op == "peek_hand":
        return _peek_hand(state, eff, actor, subject, head)
    elif op == "bonus" or op == "penalty":
        what = _score_change(state, eff, subject)
    elif op == "envoy":
        what = _envoy(state, actor, subject)
    elif op == "discard_newest":
        return _discard_newest(state, eff, actor, subject, head)
    else:
        what = _mark(state, op, subject)
    return [public("effect", f"{head}: {what}", actor, effect=eff.id, target=subject)]


def _reorder(state: BloodAndFortuneState, op: str, subject: int) -> str:
    """``swap_newest``, ``rightmost_to_left``, ``leftmost_to_right``: cards change places in
    ``subject``'s area (with their slots and knowledge masks). Returns what happened, in words."""
    lists = (state.areas[subject], state.slots[subject], state.known[subject])
    if op == "swap_newest":
        for lst in lists:
            lst[-1], lst[-2] = lst[-2], lst[-1]
        return f"the two newest cards of P{subject}'s area swap places"
    if op == "rightmost_to_left":
        for lst in lists:
            lst.insert(0, lst.pop())
        return f"P{subject}'s rightmost card moves to the left end"
    for lst in lists:
        lst.append(lst.pop(0))
    return f"P{subject}'s leftmost card moves to the right end"


def _peek_area(state: BloodAndFortuneState, eff: Effect, actor: int, subject: int, pos: int, head: str) -> list[Event]:
    """``peek_area``: ``actor`` looks at card ``pos`` of ``subject``'s area; where it is is
    public, what it is goes to ``actor`` alone (Secrecy)."""
    card = state.areas[subject][pos]
    state.known[subject][pos] |= 1 << actor
    state.klog.append((K_SEE, card, H_SLOT + state.slots[subject][pos], 1 << actor))
    state.peeks[actor].append({"source": eff.id, "seat": subject, "position": pos + 1, "cards": [CARD_NAMES[card]]})
    return [
        public(
            "effect",
            f"{head}: looks at card {pos + 1} of P{subject}'s area",
            actor,
            effect=eff.id,
            target=subject,
            position=pos + 1,
        ),
        private(
            "peek",
            f"card {pos + 1} of P{subject}'s area is {CARD_NAMES[card]}",
            {actor},
            actor,
            card=CARD_NAMES[card],
        ),
    ]


def _peek_hand(state: BloodAndFortuneState, eff: Effect, actor: int, subject: int, head: str) -> list[Event]:
    """``peek_hand``: ``actor`` looks at ``subject``'s Influence cards in hand (not the Role
    cards); the cards go to ``actor`` alone (Secrecy)."""
    cards = sorted(c for c in state.hands[subject] if not is_role(c))
    for c in cards:
        state.klog.append((K_SEE, c, subject, 1 << actor))
    names = [CARD_NAMES[c] for c in cards]
    state.peeks[actor].append({"source": eff.id, "seat": subject, "position": None, "cards": names})
    return [
        public(
            "effect",
            f"{head}: looks at P{subject}'s Influence cards in hand",
            actor,
            effect=eff.id,
            target=subject,
        ),
        private("peek", f"P{subject}'s hand holds {', '.join(names)}", {actor}, actor, cards=names),
    ]


def _score_change(state: BloodAndFortuneState, eff: Effect, subject: int) -> str:
    """``bonus`` or ``penalty``: an amount added to ``subject``'s round score if the effect's
    condition holds at scoring (never below 0). Returns what happened, in words."""
    amount = eff.amount if eff.op == "bonus" else -eff.amount
    state.bonuses.append((subject, amount, eff.cond))
    floor = " (never below 0)" if amount < 0 else ""
    return f"{amount:+d} to P{subject}'s round score{condition(eff)}{floor}"


def _envoy(state: BloodAndFortuneState, actor: int, subject: int) -> str:
    """``envoy``: the newest card of ``actor``'s area moves to the right end of ``subject``'s.
    "You may look at any of your cards in ... your own player area ... at any time": the new
    owner knows the card from now on (Secrecy); the others see its house only (BF-X4)."""
    src = state.areas[actor], state.slots[actor], state.known[actor]
    dst = state.areas[subject], state.slots[subject], state.known[subject]
    card = src[0][-1]
    for lst, to in zip(src, dst, strict=True):
        to.append(lst.pop())
    state.known[subject][-1] |= 1 << subject
    state.klog.append((K_SEE, card, H_SLOT + state.slots[subject][-1], 1 << subject))
    return f"the newest card of P{actor}'s area ({HOUSE_NAMES[HOUSE_OF[card]]}) moves to the right end of P{subject}'s area"


def _discard_newest(state: BloodAndFortuneState, eff: Effect, actor: int, subject: int, head: str) -> list[Event]:
    """``discard_newest``: ``subject``'s newest card is discarded face up (BF-X11)."""
    card = state.areas[subject].pop()
    slot = state.slots[subject].pop()
    state.known[subject].pop()
    state.discard.append(card)
    everyone = (1 << state.num_players) - 1
    state.klog.append((K_XFER, card, H_SLOT + slot, H_DISCARD, everyone))
    state.klog.append((K_EMPTY, H_SLOT + slot, 0))
    return [
        public(
            "effect",
            f"{head}: P{subject}'s newest card, {CARD_NAMES[card]}, is discarded face up",
            actor,
            effect=eff.id,
            target=subject,
            card=CARD_NAMES[card],
        )
    ]


def _mark(state: BloodAndFortuneState, op: str, subject: int) -> str:
    """``keep_doubles``, ``lose_doubles``, ``take_ring`` (BF-X12: it decides this round's ties;
    the round's turn order stays) or ``regent``: a mark on ``subject`` read at Reveal Influence
    and scoring. Returns what happened, in words."""
    if op == "keep_doubles":
        state.keep_doubles |= 1 << subject
        return f"no double will be discarded from P{subject}'s area at Reveal Influence"
    if op == "lose_doubles":
        state.lose_doubles |= 1 << subject
        return f"every double in P{subject}'s area will be discarded at Reveal Influence, the rightmost too"
    if op == "take_ring":
        state.ring = subject
        return f"P{subject} takes the Ring; it decides this round's ties (the turn order does not change)"
    state.regent = subject
    return f"P{subject} wins this round's tie for the highest round score if in it, before the Ring"
