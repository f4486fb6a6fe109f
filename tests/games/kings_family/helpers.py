"""Scenario helpers: exact positions of King's Family built from a snapshot."""

from __future__ import annotations

from collections import Counter
from typing import Any

from tests.compose import compose

import regalia
from regalia.games.kings_blood.cards import parse_card
from regalia.games.kings_family import rules
from regalia.games.kings_family.deck import deck_list
from regalia.games.kings_family.state import KingsFamilyState

GenEntry = tuple[str, int, int] | tuple[str, int, int, list[str]]


def face(text: str) -> int:
    return parse_card(text)


def build(
    hand: list[str],
    genealogy: list[GenEntry],
    pile: list[str] | None = None,
    discard: list[str] | None = None,
    rest: str = "pile",
    exhaustions: int = 0,
    closed: bool = False,
    pending_event: str | None = None,
    **options: Any,
) -> KingsFamilyState:
    """A state with this hand, Genealogy (``(card, row, x[, attached])``), draw pile (top first)
    and discard pile. Every other card of the deck goes to the bottom of the draw pile
    (``rest="pile"``), on the discard pile (``"discard"``) or nowhere (``"out"``). The state is
    then settled (the next decision found, or the game ended) as after any action."""
    base = regalia.make("kings-family", players=1, seed=1, **options)
    snap = base.snapshot()
    used: Counter[int] = Counter()
    gen_json = []
    for entry in genealogy:
        card, row, x = entry[0], entry[1], entry[2]
        att = [face(a) for a in (entry[3] if len(entry) > 3 else [])]  # type: ignore[misc]
        gen_json.append([face(card), row, x, att])
        used[face(card)] += 1
        used.update(att)
    hand_f = sorted(face(c) for c in hand)
    pile_top_first = [face(c) for c in (pile or [])]
    disc = [face(c) for c in (discard or [])]
    pend = face(pending_event) if pending_event else -1
    used.update(hand_f)
    used.update(pile_top_first)
    used.update(disc)
    if pend >= 0:
        used[pend] += 1
    full = Counter(deck_list(options.get("deck_file")).cards)
    over = used - full
    assert not over, f"more copies than the deck holds: {over}"
    remaining = sorted((full - used).elements())
    if rest == "pile":
        pile_top_first = pile_top_first + remaining
    elif rest == "discard":
        disc = disc + remaining
    snap["state"] = {
        "pile": pile_top_first[::-1],
        "hand": hand_f,
        "discard": disc,
        "genealogy": gen_json,
        "exhaustions": exhaustions,
        "closed": closed,
        "pending_event": pend,
        "sibling": [-1, -1, -1, 0],
        "over": False,
        "end_reason": None,
    }
    snap["history"] = []
    state = compose(snap)
    assert isinstance(state, KingsFamilyState)
    rules.settle(state, [])
    return state


def texts(state: KingsFamilyState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def top_of_pile(state: KingsFamilyState, n: int = 1) -> list[str]:
    return state.zones()["deck"][:n]


def enthroned(state: KingsFamilyState) -> list[str]:
    """The Genealogy cards with an Enthronement attached."""
    return [e[0] for e in state.view(0)["genealogy"] if "Enthronement" in e[3]]


def where(state: KingsFamilyState, card: str) -> tuple[int, int]:
    """``(row, x)`` of a Genealogy card."""
    return state.gen.position(face(card))
