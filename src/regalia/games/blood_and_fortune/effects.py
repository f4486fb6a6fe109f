"""The one resolution function for house-rule effects (Special Actions and Role cards, BF-X3).

Every Role card and Special Action is a declarative :class:`~.cards.Effect` table entry; this
module says which targets an effect can take now (:func:`effect_targets`) and runs it
(:func:`apply_effect`). Role cards take precedence over the rules where they conflict
("RESOLVE ROLES": "Whenever a role card conflicts with the rules, the card takes precedence").
"""

from __future__ import annotations

from typing import Final

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
from regalia.games.blood_and_fortune.position import BloodAndFortuneTable
from regalia.games.blood_and_fortune.words import condition

_NEED_TWO: Final = frozenset({"swap_newest", "rightmost_to_left", "leftmost_to_right"})
_NEED_ONE: Final = frozenset({"discard_newest", "peek_area"})


def _subject_ok(state: BloodAndFortuneTable, eff: Effect, actor: int, subject: int) -> bool:
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


def effect_targets(state: BloodAndFortuneTable, eff: Effect, actor: int) -> list[tuple[int, int]]:
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


def can_use_special(state: BloodAndFortuneTable, p: int) -> bool:
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


def apply_effect(state: BloodAndFortuneTable, eff: Effect, actor: int, seat: int, pos: int) -> list[Event]:
    """Run ``eff`` for ``actor`` on target ``seat``/``pos`` (unused for ``self`` effects).

    The target must be one of :func:`effect_targets`. Returns the events (a peek is a private
    event for the actor; every move inside or between areas is public, BF-X4).
    """
    subject = actor if eff.target == "self" else seat
    op = eff.op
    label = f"{eff.id} {eff.name} (house rule)"
    who = f"P{actor}"
    area, slots, known = state.areas[subject], state.slots[subject], state.known[subject]
    if op == "swap_newest":
        for lst in (area, slots, known):
            lst[-1], lst[-2] = lst[-2], lst[-1]
        return [
            public(
                "effect",
                f"{who} uses {label}: the two newest cards of P{subject}'s area swap places",
                actor,
                effect=eff.id,
                target=subject,
            )
        ]
    if op == "rightmost_to_left":
        for lst in (area, slots, known):
            lst.insert(0, lst.pop())
        return [
            public(
                "effect",
                f"{who} uses {label}: P{subject}'s rightmost card moves to the left end",
                actor,
                effect=eff.id,
                target=subject,
            )
        ]
    if op == "leftmost_to_right":
        for lst in (area, slots, known):
            lst.append(lst.pop(0))
        return [
            public(
                "effect",
                f"{who} uses {label}: P{subject}'s leftmost card moves to the right end",
                actor,
                effect=eff.id,
                target=subject,
            )
        ]
    if op == "peek_area":
        card = area[pos]
        known[pos] |= 1 << actor
        state.klog.append((K_SEE, card, H_SLOT + slots[pos], 1 << actor))
        state.peeks[actor].append({"source": eff.id, "seat": subject, "position": pos + 1, "cards": [CARD_NAMES[card]]})
        return [
            public(
                "effect",
                f"{who} uses {label}: looks at card {pos + 1} of P{subject}'s area",
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
    if op == "peek_hand":
        cards = sorted(c for c in state.hands[subject] if not is_role(c))
        for c in cards:
            state.klog.append((K_SEE, c, subject, 1 << actor))
        names = [CARD_NAMES[c] for c in cards]
        state.peeks[actor].append({"source": eff.id, "seat": subject, "position": None, "cards": names})
        return [
            public(
                "effect",
                f"{who} uses {label}: looks at P{subject}'s Influence cards in hand",
                actor,
                effect=eff.id,
                target=subject,
            ),
            private("peek", f"P{subject}'s hand holds {', '.join(names)}", {actor}, actor, cards=names),
        ]
    if op in ("bonus", "penalty"):
        amount = eff.amount if op == "bonus" else -eff.amount
        state.bonuses.append((subject, amount, eff.cond))
        floor = " (never below 0)" if amount < 0 else ""
        return [
            public(
                "effect",
                f"{who} uses {label}: {amount:+d} to P{subject}'s round score{condition(eff)}{floor}",
                actor,
                effect=eff.id,
                target=subject,
            )
        ]
    if op == "envoy":
        src = state.areas[actor], state.slots[actor], state.known[actor]
        card = src[0][-1]
        for lst, dst in zip(src, (area, slots, known), strict=True):
            dst.append(lst.pop())
        # "You may look at any of your cards in ... your own player area ... at any time": the new
        # owner knows the card from now on (Secrecy)
        known[-1] |= 1 << subject
        state.klog.append((K_SEE, card, H_SLOT + slots[-1], 1 << subject))
        return [
            public(
                "effect",
                f"{who} uses {label}: the newest card of P{actor}'s area ({HOUSE_NAMES[HOUSE_OF[card]]}) moves to the right end of P{subject}'s area",
                actor,
                effect=eff.id,
                target=subject,
            )
        ]
    if op == "discard_newest":  # BF-X11: discarded face up
        card = area.pop()
        slot = slots.pop()
        known.pop()
        state.discard.append(card)
        everyone = (1 << state.num_players) - 1
        state.klog.append((K_XFER, card, H_SLOT + slot, H_DISCARD, everyone))
        state.klog.append((K_EMPTY, H_SLOT + slot, 0))
        return [
            public(
                "effect",
                f"{who} uses {label}: P{subject}'s newest card, {CARD_NAMES[card]}, is discarded face up",
                actor,
                effect=eff.id,
                target=subject,
                card=CARD_NAMES[card],
            )
        ]
    if op == "keep_doubles":
        state.keep_doubles |= 1 << subject
        what = f"no double will be discarded from P{subject}'s area at Reveal Influence"
    elif op == "lose_doubles":
        state.lose_doubles |= 1 << subject
        what = f"every double in P{subject}'s area will be discarded at Reveal Influence, the rightmost too"
    elif op == "take_ring":  # BF-X12: decides this round's ties; the round's turn order stays
        state.ring = subject
        what = f"P{subject} takes the Ring; it decides this round's ties (the turn order does not change)"
    else:  # regent
        state.regent = subject
        what = f"P{subject} wins this round's tie for the highest round score if in it, before the Ring"
    return [public("effect", f"{who} uses {label}: {what}", actor, effect=eff.id, target=subject)]
