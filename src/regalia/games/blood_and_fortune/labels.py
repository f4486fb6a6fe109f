"""How the legal actions are shown: a label for each, interchangeable ones once, groups for long lists.

**Labels** (``State.label``). An action that is legal now is labelled for the deciding seat with
what it does here — the cards' worth, where the kept card goes, what comes back, the Role card or
Special Action and its effect on the chosen target — using only what that seat knows (the house
of an unseen area card, ``H4?``; the name of a card it has seen). Any other well-formed action
gets a label built from its text alone, so asking for a label never reveals anything.

**Interchangeable actions** (``State._choice_key``). The three singles of a house are worth the
same, as are its two doubles, and no rule, Role card or Special Action looks at more than the
house, the worth and the place of a card. Offering ``H4s1 H4s2`` or ``H4s1 H4s3`` to P0 is
therefore the same move *unless someone can tell the two singles apart*: a seat that saw
``H4s2`` come back to the offerer's hand but cannot place ``H4s3`` (an unwitnessed offer may
have taken it) learns something different from each — and when the seat is the recipient it
sees the names. Two cards of the offerer's hand (or of an offer being kept, or of the hand of a
player giving a card for a Role) are *twins* when they have the same house and worth and every
seat other than the deciding one has the same candidate places for both in the engine's
knowledge model (``knowledge.candidate_holders``, the same deduction that ``determinize`` uses);
swapping two twins then maps the whole game, every seat's information included, onto itself.
Offers of twin cards to the same seat, keeps of twin cards and gifts of twin cards share a key,
and ``legal_choices`` shows the first of them; typing any of them still works. Role cards are
all different and never twins.

**Groups** (``State._choice_group``): offers are grouped by recipient ("Offer to P2"), a Special
Action (or passing on it) under "Special Action", the rest by what the decision is.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Final

from regalia.games.blood_and_fortune.actions import (
    GIVE,
    KEEP,
    OFFER,
    PASS,
    PLACE,
    SPECIAL,
    TAKE,
    TARGET,
    BloodAndFortuneAction,
)
from regalia.games.blood_and_fortune.cards import (
    CARD_NAMES,
    HOUSE_OF,
    ROLE_BASE,
    ROLES,
    VALUE,
    Effect,
    is_role,
)
from regalia.games.blood_and_fortune.knowledge import candidate_holders
from regalia.games.blood_and_fortune.phases import CLOSING, KEEPING, OFFERING, ROLE_TARGET
from regalia.games.blood_and_fortune.words import (
    HOUSE_RULE,
    card_title,
    effect_on,
    effect_text,
    effect_title,
    hidden_card,
    role_title,
    special_of,
)

if TYPE_CHECKING:
    from regalia.games.blood_and_fortune.state import BloodAndFortuneState


# ---------------------------------------------------------------------------------------- labels
def label(state: BloodAndFortuneState, action: BloodAndFortuneAction) -> str:
    """A short label for ``action`` (any well-formed action of the game): what it does now for
    the deciding seat if it is legal, else what its text says, in words."""
    if not state.is_terminal and state._find_legal(action) is not None:
        return _legal_label(state, action)
    return _plain_label(action)


def _pair_words(cards: list[int]) -> str:
    """``"two singles (1 + 1)"``, ``"a single (1) and a double (2)"``, ``"a single (1) and R9 Assassin"``."""
    if len(cards) == 1:
        c = cards[0]
        return (
            role_title(c)
            if is_role(c)
            else f"{CARD_NAMES[c]} alone ({'a double, 2' if VALUE[c] == 2 else 'a single, 1'})"
        )
    influence = [c for c in cards if not is_role(c)]
    roles = [c for c in cards if is_role(c)]
    if len(influence) == 2:
        a, b = sorted(influence, key=lambda c: VALUE[c])
        if VALUE[a] == VALUE[b]:
            word = "doubles" if VALUE[a] == 2 else "singles"
            return f"two {word} ({VALUE[a]} + {VALUE[b]})"
        return "a single (1) and a double (2)"
    if len(influence) == 1:
        c = influence[0]
        return f"{'a double (2)' if VALUE[c] == 2 else 'a single (1)'} and Role card {role_title(roles[0])}"
    return f"Role cards {role_title(roles[0])} and {role_title(roles[1])}"


def _area_card(state: BloodAndFortuneState, viewer: int, seat: int, pos: int) -> str:
    """Card ``pos`` (0-based; -1 = the newest) of ``seat``'s area as ``viewer`` knows it."""
    area = state.areas[seat]
    if not area or not -len(area) <= pos < len(area):
        return ""
    c = area[pos]
    return CARD_NAMES[c] if state.known[seat][pos] >> viewer & 1 else hidden_card(c)


def _effect_label(state: BloodAndFortuneState, eff: Effect, actor: int, seat: int, pos: int) -> str:
    subject = actor if eff.target == "self" else seat
    where = -1
    if eff.op == "peek_area":
        where = pos
    elif eff.op == "leftmost_to_right":
        where = 0
    card = ""
    if eff.op in ("peek_area", "rightmost_to_left", "leftmost_to_right", "discard_newest"):
        card = _area_card(state, actor, subject, where)
    elif eff.op == "envoy":
        card = _area_card(state, actor, actor, -1)
    return f"{effect_title(eff)} ({HOUSE_RULE}): {effect_on(eff, actor, seat, pos, card)}"


def _legal_label(state: BloodAndFortuneState, a: BloodAndFortuneAction) -> str:
    k = a.kind
    p = state.to_act
    if k == OFFER:
        cards = [a.a] if a.b < 0 else [a.a, a.b]
        if len(cards) == 1:
            return f"{_pair_words(cards)} to P{a.seat}, who must keep it"
        return f"{_pair_words(cards)} to P{a.seat}: they keep one, the other comes back"
    if k == KEEP:
        rest = [c for c in state.offer if c != a.a]
        returns = f"; {CARD_NAMES[rest[0]]} returns to P{state.offerer}" if rest else ""
        if is_role(a.a):
            gives = (
                f"you then give P{state.offerer} an Influence card"
                if any(not is_role(c) for c in state.hands[p])
                else "you have no Influence card to give for it"
            )
            return f"{role_title(a.a)} into your hand ({gives}){returns}"
        return f"{card_title(a.a)} face down to the right end of your area{returns}"
    if k == GIVE:
        return f"{card_title(a.a)} face down to the right end of P{state.offerer}'s area"
    if k == PLACE:
        returned = [c for c in state.dealt[p] if c != a.a]
        eff = ROLES[a.a - ROLE_BASE]
        back = f"; {role_title(returned[0])} returns to the deck unseen" if returned else ""
        return f"{role_title(a.a)} face down for another player to take ({HOUSE_RULE}: {effect_text(eff)}){back}"
    if k == TAKE:
        return f"the face-down Role card placed by P{a.seat}"
    if k == PASS:
        eff = special_of(state.score_cards[p])
        return f"pass: {effect_title(eff)} is not used this round"
    if k == SPECIAL:
        return _effect_label(state, special_of(state.score_cards[p]), p, a.seat, a.pos)
    role = state.resolve_queue[0][0]
    return _effect_label(state, ROLES[role - ROLE_BASE], p, a.seat, a.pos)


def _plain_label(a: BloodAndFortuneAction) -> str:
    """A label from the action's text alone (an action not legal now)."""
    k = a.kind
    if k == OFFER:
        cards = [a.a] if a.b < 0 else [a.a, a.b]
        names = " and ".join(card_title(c) for c in cards)
        return f"offer {names} face down to P{a.seat}"
    if k == KEEP:
        return f"keep {card_title(a.a)}"
    if k == GIVE:
        return f"give {card_title(a.a)}"
    if k == PLACE:
        return f"place {role_title(a.a)} face down for another player to take"
    if k == TAKE:
        return f"take the face-down Role card placed by P{a.seat}"
    if k == PASS:
        return "do not use your Special Action"
    what = "use your Special Action" if k == SPECIAL else "choose the target of the Role card being resolved:"
    if a.seat < 0:
        return what
    if a.pos < 0:
        return f"{what} on P{a.seat}" if k == SPECIAL else f"{what} P{a.seat}"
    target = f"card {a.pos + 1} of P{a.seat}'s area"
    return f"{what} on {target}" if k == SPECIAL else f"{what} {target}"


# ---------------------------------------------------------------------------------------- twins
def _stamp(state: BloodAndFortuneState) -> tuple[int, ...]:
    """Changes with every move (the cache of :func:`_twin_classes` is kept per position)."""
    return (len(state.history), state.turns_total, state.phase, state.to_act, state.round, len(state.klog))


def _twin_classes(state: BloodAndFortuneState) -> dict[int, int]:
    """For the cards the deciding seat chooses among: card int -> the number of its twin class
    (see the module docstring; classes numbered in card order). Built once per position; Role
    cards are each their own class."""
    cache = state._twins
    stamp = _stamp(state)
    if cache is not None and cache[0] == stamp:
        classes: dict[int, int] = cache[1]
        return classes
    p = state.to_act
    cards = sorted(state.offer if state.phase == KEEPING else state.hands[p])
    others = [q for q in range(state.num_players) if q != p]
    cands = [candidate_holders(state, q) for q in others] if any(not is_role(c) for c in cards) else []
    numbers: dict[Hashable, int] = {}
    classes = {}
    for c in cards:
        sig: Hashable = c if is_role(c) else (HOUSE_OF[c], VALUE[c], tuple(frozenset(x.get(c, ())) for x in cands))
        classes[c] = numbers.setdefault(sig, len(numbers))
    state._twins = (stamp, classes)
    return classes


def choice_key(state: BloodAndFortuneState, a: BloodAndFortuneAction) -> Hashable | None:
    """The key merging ``a`` with the actions interchangeable with it (twin cards), or ``None``."""
    k = a.kind
    if k == OFFER and state.phase == OFFERING:
        twins = _twin_classes(state)
        if a.a not in twins or (a.b >= 0 and a.b not in twins):
            return None
        pair = (twins[a.a],) if a.b < 0 else tuple(sorted((twins[a.a], twins[a.b])))
        return ("offer", a.seat, pair)
    if k in (KEEP, GIVE) and not is_role(a.a):
        twins = _twin_classes(state)
        if a.a not in twins:
            return None
        return ("keep" if k == KEEP else "give", twins[a.a])
    return None


# ---------------------------------------------------------------------------------------- groups
_GROUPS: Final[dict[int, str]] = {
    KEEP: "Keep",
    GIVE: "Give",
    PLACE: "Place",
    TAKE: "Take",
    PASS: "Special Action",
    TARGET: "Target",
}


def choice_group(state: BloodAndFortuneState, a: BloodAndFortuneAction) -> str:
    """The heading of ``a`` in a long list: "Offer to P2", "Special Action", "Keep", ..."""
    if a.kind == OFFER:
        return f"Offer to P{a.seat}"
    if a.kind == SPECIAL:
        return "Special Action"
    if a.kind == TARGET and state.phase == ROLE_TARGET:
        return f"Target of {role_title(state.resolve_queue[0][0])}"
    if a.kind == PASS and state.phase == CLOSING:
        return "Special Action"
    return _GROUPS[a.kind]


__all__ = ["choice_group", "choice_key", "label"]
