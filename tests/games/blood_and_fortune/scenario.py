"""Helpers for Blood & Fortune scenario tests: exact setups and scripted offers."""

from __future__ import annotations

import json
from typing import Any

from tests.compose import compose

import regalia
from regalia.core import Event
from regalia.games.blood_and_fortune.cards import CARD_NAMES, IS_DOUBLE
from regalia.games.blood_and_fortune.state import BloodAndFortuneState

GAME = "blood-and-fortune"


def new(
    players: int = 3, *, extra: tuple[str, ...] = (), first: int | None = 0, **options: Any
) -> BloodAndFortuneState:
    """A game where seat p holds house p+1 (deck ``H1, H2, ...``), plus ``extra`` deck entries."""
    deck = [f"H{p + 1}" for p in range(players)] + list(extra)
    state = regalia.make(GAME, players=players, seed=1, deck=deck, first_player=first, **options)
    assert isinstance(state, BloodAndFortuneState)
    return state


def singles_offer(state: BloodAndFortuneState, to: int) -> tuple[str, str]:
    """Offer two cards of the current player such that the first is a single, and return
    ``(offer text, card to keep)``: two singles when possible, else a single and a double."""
    p = state.current_player
    assert p is not None
    hand = sorted(state.hands[p])
    singles = [c for c in hand if not IS_DOUBLE[c] and c < 30]
    doubles = [c for c in hand if IS_DOUBLE[c]]
    pair = singles[:2] if len(singles) >= 2 else [singles[0], doubles[0]]
    a, b = sorted(pair)
    return f"offer {CARD_NAMES[a]} {CARD_NAMES[b]} to P{to}", CARD_NAMES[singles[0]]


def play_round_of_singles(state: BloodAndFortuneState, targets: dict[int, list[int]]) -> list[Event]:
    """Play the 3n Offer turns: seat p offers to ``targets[p][i]`` on its i-th turn and the
    recipient keeps a single, so every kept card is a single worth 1. Returns all the events."""
    events: list[Event] = []
    used = {p: 0 for p in targets}
    n = state.num_players
    for _ in range(3 * n):
        p = state.current_player
        assert p is not None and state.decision() == "offer"
        to = targets[p][used[p]]
        used[p] += 1
        text, keep = singles_offer(state, to)
        events += state.apply(text)
        events += state.apply(f"keep {keep}")
    return events


def with_changes(state: BloodAndFortuneState, **fields: Any) -> BloodAndFortuneState:
    """A copy of ``state`` built from its snapshot with some state fields replaced (constructed
    positions the rules cannot reach with the shipped house rules, e.g. an empty hand)."""
    data = json.loads(json.dumps(state.snapshot()))
    data["state"].update(json.loads(json.dumps(fields)))
    restored = compose(data)
    assert isinstance(restored, BloodAndFortuneState)
    return restored


def with_areas(state: BloodAndFortuneState, areas: list[list[str]]) -> BloodAndFortuneState:
    """A copy of ``state`` (at the start of Offer Influence) with the given areas; the cards are
    taken from their owners' hands and every area card is known to everyone."""
    n = state.num_players
    ids = [[CARD_NAMES.index(x) for x in area] for area in areas]
    used = {c for area in ids for c in area}
    hands = [[c for c in state.hands[p] if c not in used] for p in range(n)]
    slots, k = [], 0
    for area in ids:
        slots.append(list(range(k, k + len(area))))
        k += len(area)
    full = (1 << n) - 1
    return with_changes(
        state,
        areas=ids,
        hands=hands,
        slots=slots,
        known=[[full] * len(a) for a in ids],
        next_slot=k,
        received=[len(a) for a in ids],
        klog=[],
    )
