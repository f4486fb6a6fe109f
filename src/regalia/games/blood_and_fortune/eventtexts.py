"""Blood & Fortune event texts and data of the frequent events, built only when read.

The rules (``state.py``, ``scoring.py``) hand these functions with their arguments to
:class:`~regalia.core.events.Event` as lazy ``(function, *arguments)`` tuples, so a random
playout that never reads an event's text does not format it. The arguments are ints, strings
and tuples, never a list the game goes on changing. Every function returns exactly what the
event would hold if it were built at once.
"""

from __future__ import annotations

from typing import Any, Final

from regalia.games.blood_and_fortune.cards import CARD_NAMES, ROUNDS
from regalia.games.blood_and_fortune.words import card_title

SEAT_NAMES: Final[tuple[str, ...]] = tuple(f"P{p}" for p in range(6))
"""``P0`` .. ``P5``."""


def round_text(round_: int, first: int) -> str:
    """BF-ROUND: who holds the Ring and plays first in round ``round_`` (0-based)."""
    if round_ == 0:
        return f"Round 1 begins: P{first} holds the Ring and is first player"
    return (
        f"Round {round_ + 1} begins: P{first}, who won round {round_}, holds the Ring and is "
        "first player; everyone takes their 5 house cards back"
    )


def offer_text(p: int, to: int, count: int, roles: int, turn: int, turns: int) -> str:
    """The public side of an offer (BF-OFFER, BF-X4): how many cards, how many of them Role cards."""
    if count == 2:
        kinds = ("", ", one of them a Role card", ", both Role cards")[roles]
    else:
        kinds = ", a Role card" if roles else ""
    return (
        f"P{p} offers {count} card{'s' if count > 1 else ''} face down to P{to}{kinds} "
        f"(Offer Influence, turn {turn} of {turns})"
    )


def offer_data(to: int, count: int, roles: int) -> dict[str, Any]:
    return {"to": to, "count": count, "roles": roles}


def offer_cards_text(p: int, to: int, cards: tuple[int, ...]) -> str:
    """What the offerer and the recipient see of an offer (BF-2)."""
    return f"P{p} offers {' and '.join(card_title(c) for c in cards)} to P{to}"


def cards_data(cards: tuple[int, ...]) -> dict[str, Any]:
    return {"cards": [CARD_NAMES[c] for c in cards]}


def keep_text(r: int, p: int, role: bool) -> str:
    """The public side of a keep: where the kept card went (BF-OFFER, BF-ROLEOFFER)."""
    if role:
        return f"P{r} keeps a Role card offered by P{p}: it goes into P{r}'s hand"
    return f"P{r} keeps one card offered by P{p}: it goes face down to the right end of P{r}'s area"


def keep_data(p: int, role: bool) -> dict[str, Any]:
    return {"offerer": p, "kept": "role" if role else "influence"}


def keep_card_text(r: int, card: int, back: int, p: int) -> str:
    """What the offerer and the recipient see of a keep: the card kept and the one that returns
    (``back``, ``-1`` for none)."""
    returned = f"; {CARD_NAMES[back]} returns to P{p}" if back >= 0 else ""
    return f"P{r} keeps {CARD_NAMES[card]}{returned}"


def card_data(card: int) -> dict[str, Any]:
    return {"card": CARD_NAMES[card]}


def _revealed(cards: tuple[str, ...], gone: tuple[str, ...], seat: int) -> str:
    """``"P0: H6d2 H3s1 (H3d2 discarded)"``."""
    shown = " ".join(cards) or "no card"
    dropped = f" ({' '.join(gone)} discarded)" if gone else ""
    return f"P{seat}: {shown}{dropped}"


def reveal_text(round_: int, revealed: tuple[tuple[str, ...], ...], discarded: tuple[tuple[str, ...], ...]) -> str:
    """BF-REVEAL: every area as it was turned face up and the doubles it lost."""
    return (
        f"Reveal Influence, round {round_ + 1}: the hands are discarded and every area is turned face up, "
        "keeping only its rightmost double: "
        + "; ".join(_revealed(revealed[p], discarded[p], p) for p in range(len(revealed)))
    )


def score_text(round_: int, scores: tuple[int, ...], winner: int, tie: str) -> str:
    """BF-SCORE: the round scores and the round winner (``tie`` says why a tie went to them)."""
    board = ", ".join(f"P{p} {scores[p]}" for p in range(len(scores)))
    return f"Score Influence, round {round_ + 1}: {board}; P{winner} wins the round{tie} and takes the Ring"


def score_data(scores: tuple[int, ...], winner: int) -> dict[str, Any]:
    return {"scores": list(scores), "winner": winner}


def game_over_text(totals: tuple[int, ...], winners: tuple[int, ...]) -> str:
    """BF-WIN: the totals and the winner, or the tie that leaves nobody winning."""
    result = f"P{winners[0]} wins with the highest total" if winners else "a tie for the highest total: nobody wins"
    board = ", ".join(f"P{p} {t}" for p, t in enumerate(totals))
    return f"Game over after {ROUNDS} rounds: totals {board}; {result}"


def totals_data(totals: tuple[int, ...]) -> dict[str, Any]:
    return {"totals": list(totals)}


__all__ = [
    "SEAT_NAMES",
    "card_data",
    "cards_data",
    "game_over_text",
    "keep_card_text",
    "keep_data",
    "keep_text",
    "offer_cards_text",
    "offer_data",
    "offer_text",
    "reveal_text",
    "round_text",
    "score_data",
    "score_text",
    "totals_data",
]
