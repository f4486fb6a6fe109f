"""King's Blood event texts and data of the frequent events, built only when read.

The state hands these functions with their arguments to :class:`~regalia.core.events.Event` as
lazy ``(function, *arguments)`` tuples, so a random playout that never reads an event's text
does not format it. Every function returns exactly what the state used to build directly.
"""

from __future__ import annotations

from typing import Any

from regalia.games.kings_blood.actions import SEAT_NAMES
from regalia.games.kings_blood.cards import NOTATION
from regalia.games.kings_blood.genealogy import SIDE_NAMES


def play_text(seat: int, card: int, side: int, target: int) -> str:
    """``P1 plays R7f right of B7m``."""
    return f"{SEAT_NAMES[seat]} plays {NOTATION[card]} {SIDE_NAMES[side]} of {NOTATION[target]}"


def play_data(card: int, target: int, row: int, x: int) -> dict[str, Any]:
    """The data of a ``play`` event."""
    return {"card": NOTATION[card], "target": NOTATION[target], "row": row, "x": x}


def draws_text(seat: int, count: int, why: str) -> str:
    """``P1 draws 3 cards (penalty)``: the public side of a draw."""
    return f"{SEAT_NAMES[seat]} draws {count} card{'s' if count != 1 else ''}{why}"


def count_data(count: int) -> dict[str, Any]:
    """``{"count": count}``."""
    return {"count": count}


def drawn_text(seat: int, cards: tuple[int, ...]) -> str:
    """``P1 draws R7f B2m``: the drawer's own side of a draw."""
    return f"{SEAT_NAMES[seat]} draws {' '.join(NOTATION[c] for c in cards)}"


def drawn_data(cards: tuple[int, ...]) -> dict[str, Any]:
    """The data of the drawer's own side of a draw."""
    return {"cards": [NOTATION[c] for c in cards]}


def marriage_text(a: int, b: int) -> str:
    """``R7f marries R3m``."""
    return f"{NOTATION[a]} marries {NOTATION[b]}"


def marriage_data(a: int, b: int) -> dict[str, Any]:
    """The data of a ``marriage`` event."""
    return {"cards": [NOTATION[a], NOTATION[b]]}


def birth_text(card: int, a: int, b: int) -> str:
    """``R5m is born to R7f and R3m``."""
    return f"{NOTATION[card]} is born to {NOTATION[a]} and {NOTATION[b]}"


def birth_data(card: int, row: int, x: int) -> dict[str, Any]:
    """The data of a ``birth`` event."""
    return {"card": NOTATION[card], "row": row, "x": x}


def ends_text(seat: int) -> str:
    """``P1 ends the turn``."""
    return f"{SEAT_NAMES[seat]} ends the turn"


def assassinate_text(seat: int, target: int) -> str:
    """``P1 assassinates B7m``."""
    return f"{SEAT_NAMES[seat]} assassinates {NOTATION[target]}"


def removed_data(target: int, attached: tuple[int, ...]) -> dict[str, Any]:
    """The data of an ``assassinate`` event."""
    return {"target": NOTATION[target], "attached": [NOTATION[c] for c in attached]}


def exile_text(seat: int, target: int, to: int) -> str:
    """``P1 exiles B7m to P2``."""
    return f"{SEAT_NAMES[seat]} exiles {NOTATION[target]} to {SEAT_NAMES[to]}"


def exile_data(target: int, to: int, attached: tuple[int, ...]) -> dict[str, Any]:
    """The data of an ``exile`` event."""
    return {"target": NOTATION[target], "to": to, "attached": [NOTATION[c] for c in attached]}


def connect_text(seat: int, card: int, side: int, target: int) -> str:
    """``P1 moves B7m right of R5f`` (its data is :func:`play_data`'s)."""
    return f"{SEAT_NAMES[seat]} moves {NOTATION[card]} {SIDE_NAMES[side]} of {NOTATION[target]}"
