"""King's Blood event texts and data of the frequent events, built only when read.

The state hands these functions with their arguments to :class:`~regalia.core.events.Event` as
lazy ``(function, *arguments)`` tuples, so a random playout that never reads an event's text
does not format it. Every function returns exactly what the state used to build directly.
"""

from __future__ import annotations

from typing import Any

from regalia.games.kings_blood.cards import DRAW3, ENTHRONEMENT, KINGS_BLOOD, NOTATION
from regalia.games.kings_blood.genealogy import SIDE_NAMES
from regalia.games.kings_blood.phases import SEAT_NAMES
from regalia.games.kings_blood.words import ABILITY_WORDS


def ability_suffix(ability: int) -> str:
    """``" (Draw 3)"`` after a card that has an ability, else ``""``."""
    return f" ({ABILITY_WORDS[ability]})" if ability else ""


def play_text(seat: int, card: int, side: int, target: int, ability: int) -> str:
    """``P1 plays R7f (Draw 3) right of B7m`` (the ability in brackets, when the card has one)."""
    return (
        f"{SEAT_NAMES[seat]} plays {NOTATION[card]}{ability_suffix(ability)} {SIDE_NAMES[side]} of {NOTATION[target]}"
    )


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


def _attached_words(attached: tuple[int, ...]) -> list[str]:
    return ["its Enthronement" if c == ENTHRONEMENT else "the King's Blood card" for c in attached]


def assassinate_text(seat: int, target: int, attached: tuple[int, ...]) -> str:
    """``P1 plays Assassination on B7m: B7m is discarded with its Enthronement`` (KB-E1; an
    attached King's Blood card is set aside)."""
    text = f"{SEAT_NAMES[seat]} plays Assassination on {NOTATION[target]}: {NOTATION[target]} is discarded"
    if ENTHRONEMENT in attached:
        text += " with its Enthronement"
    if KINGS_BLOOD in attached:
        text += "; the King's Blood card is set aside"
    return text


def removed_data(target: int, attached: tuple[int, ...]) -> dict[str, Any]:
    """The data of an ``assassinate`` event."""
    return {"target": NOTATION[target], "attached": [NOTATION[c] for c in attached]}


def exile_text(seat: int, target: int, to: int, attached: tuple[int, ...]) -> str:
    """``P1 plays Exile: B7m goes into P2's hand`` (with what was attached, KB-E2)."""
    with_ = f" with {' and '.join(_attached_words(attached))}" if attached else ""
    return f"{SEAT_NAMES[seat]} plays Exile: {NOTATION[target]}{with_} goes into {SEAT_NAMES[to]}'s hand"


def exile_data(target: int, to: int, attached: tuple[int, ...]) -> dict[str, Any]:
    """The data of an ``exile`` event."""
    return {"target": NOTATION[target], "to": to, "attached": [NOTATION[c] for c in attached]}


def connect_text(seat: int, card: int, side: int, target: int) -> str:
    """``P1 plays New Connection: moves B7m right of R5f`` (its data is :func:`play_data`'s)."""
    return f"{SEAT_NAMES[seat]} plays New Connection: moves {NOTATION[card]} {SIDE_NAMES[side]} of {NOTATION[target]}"


def ability_text(seat_word: str, card: int, ability: int, pending: int, target: int) -> str:
    """What the ability of the last card played did at the end of a turn (KB-T2, KB-T3):
    ``P2 is skipped (M3f, Skip)``, ``the order of play is reversed (B5m, Reverse)``, ``P2 must
    draw 3 (R7f, Draw 3)``; with a Draw 3 pending after a Skip or Reverse, who must now draw."""
    cause = f"({NOTATION[card]}, {ABILITY_WORDS[ability]})"
    if ability == DRAW3:
        return f"{SEAT_NAMES[target]} must draw {pending} or pass the Draw 3 on {cause}"
    text = f"{seat_word} {cause}"
    if pending:
        text += f"; {SEAT_NAMES[target]} must now draw {pending} or pass the Draw 3 on"
    return text


def kingsblood_text(seat: int, target: int) -> str:
    """``P1 places the King's Blood card under B7m`` (KB-E5)."""
    return f"{SEAT_NAMES[seat]} places the King's Blood card under {NOTATION[target]}"


def target_data(target: int) -> dict[str, Any]:
    """``{"target": notation}``."""
    return {"target": NOTATION[target]}


def sibling_text(seat: int, card: int, ability: int, side: int, anchor: int) -> str:
    """``P1 plays R4m (Skip) as a sibling, left of R4f`` (KB-M4)."""
    return f"{SEAT_NAMES[seat]} plays {NOTATION[card]}{ability_suffix(ability)} as a sibling, {SIDE_NAMES[side]} of {NOTATION[anchor]}"


def sibling_data(card: int, row: int, x: int) -> dict[str, Any]:
    """``{"card": notation, "row": row, "x": x}``."""
    return {"card": NOTATION[card], "row": row, "x": x}
