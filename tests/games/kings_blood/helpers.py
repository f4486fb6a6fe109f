"""Helpers for King's Blood scenario tests: exact decks, scripted plays, snapshot edits."""

from __future__ import annotations

from typing import Any

from tests.compose import compose

import regalia
from regalia.games.kings_blood.cards import NOTATION, parse_card
from regalia.games.kings_blood.state import KingsBloodState

# characters with no ability in the reconstructed deck, used to pad hands
FILLER = [
    "M9m", "A9m", "R9m", "B9m", "M9f", "A9f", "R9f", "B9f",
    "M8m", "A8m", "R8m", "B8m", "M8f", "A8f", "R8f", "B8f",
    "M6m", "A6m", "R6m", "B6m", "M6f", "A6f", "R6f", "B6f",
    "M2m", "A2m", "R2m", "B2m", "M2f", "A2f", "R2f", "B2f",
    "M1m", "A1m", "R1m", "B1m", "M1f", "A1f", "R1f", "B1f",
]  # fmt: skip


def deal(
    players: int, hands: list[list[str]], founder: str, pile: list[str] | None = None, seed: int = 0, **options: Any
) -> KingsBloodState:
    """A game whose hands are ``hands`` (padded to 7 with unused FILLER cards), whose founder is
    ``founder`` and whose draw pile starts with ``pile`` (top first); the rest is random."""
    pile = list(pile or [])
    used = {c for h in hands for c in h} | {founder} | set(pile)
    spare = [c for c in FILLER if c not in used]
    full = []
    for h in hands:
        h = list(h)
        while len(h) < 7:
            h.append(spare.pop(0))
        full.append(h)
    deck = [full[p][i] for i in range(7) for p in range(players)]
    deck.append(founder)
    deck.extend(pile)
    state = regalia.make("kings-blood", players=players, seed=seed, deck=deck, **options)
    assert isinstance(state, KingsBloodState)
    return state


def play(state: KingsBloodState, *texts: str) -> None:
    """Apply action texts in order."""
    for t in texts:
        state.apply(t)


def hand(state: KingsBloodState, seat: int) -> list[str]:
    """Seat's hand as sorted notations."""
    return sorted(NOTATION[c] for c in state.hands[seat])


def legal(state: KingsBloodState) -> list[str]:
    """The legal action texts."""
    return [str(a) for a in state.legal_actions()]


def edit(state: KingsBloodState, **changes: Any) -> KingsBloodState:
    """A copy of ``state`` with fields of its snapshot replaced; card lists may be notations."""
    snap = state.snapshot()
    for key, value in changes.items():
        if key in ("pile", "discard", "aside"):
            value = [parse_card(c) if isinstance(c, str) else c for c in value]
        elif key in ("hands", "known"):
            value = [[parse_card(c) if isinstance(c, str) else c for c in h] for h in value]
        snap["state"][key] = value
    new = compose(snap)
    assert isinstance(new, KingsBloodState)
    return new


def pos(state: KingsBloodState, card: str) -> tuple[int, int]:
    """``(row, x)`` of a Genealogy card."""
    return state.gen.position(parse_card(card))
