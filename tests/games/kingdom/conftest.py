"""Helpers for Kingdom scenario tests: exact decks built from hands and draws."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pytest

import regalia

if TYPE_CHECKING:
    from regalia.games.kingdom.state import KingdomState

# (no import of regalia.games.* at module level: the import would rebind the name
# ``regalia.games`` — the function — to the sub-package before other suites are collected)

# low cards that never open a response window (no Ace, no Joker, no noble)
FILLER = [
    "2S",
    "3S",
    "4S",
    "5S",
    "6S",
    "2D",
    "3D",
    "4D",
    "5D",
    "6D",
    "2H",
    "3H",
    "4H",
    "5H",
    "6H",
    "2C",
    "3C",
    "4C",
    "5C",
    "6C",
]

Deal = Callable[..., "KingdomState"]


def build_deck(hands: list[str], draws: str = "", filler: int = 12) -> list[str]:
    """The exact deck: ``hands[p]`` (7 cards, space-separated) dealt one at a time from seat 0,
    then ``draws`` in order, then ``filler`` harmless cards not used elsewhere."""
    split = [h.split() for h in hands]
    assert all(len(h) == 7 for h in split), split
    deck = [split[p][r] for r in range(7) for p in range(len(split))]
    deck += draws.split()
    used = set(deck)
    deck += [c for c in FILLER if c not in used][:filler]
    return deck


@pytest.fixture
def deal() -> Deal:
    """``deal(hands, draws="", **options)``: a game dealt from an exact deck (seat 0 first)."""

    def make(hands: list[str], draws: str = "", filler: int = 12, **options: Any) -> KingdomState:
        state = regalia.make("kingdom", players=len(hands), seed=3, deck=build_deck(hands, draws, filler), **options)
        assert type(state).__name__ == "KingdomState"
        return state  # type: ignore[return-value]

    return make


def hand(state: KingdomState, seat: int) -> list[str]:
    """A seat's hand as sorted notations."""
    from regalia.games.kingdom.cards import NAME

    return sorted(NAME[c] for c in state.hands[seat])


def in_play(state: KingdomState, seat: int) -> list[str]:
    """A kingdom's cards in play as notations, preoccupied ones marked ``*``."""
    from regalia.games.kingdom.cards import NAME

    return [NAME[c] + ("*" if state.busy[c] else "") for c in state.play[seat]]


def legal(state: KingdomState) -> list[str]:
    """The legal actions as texts."""
    return [str(a) for a in state.legal_actions()]


def run(state: KingdomState, *texts: str) -> None:
    """Apply action texts in order."""
    for t in texts:
        state.apply(t)
