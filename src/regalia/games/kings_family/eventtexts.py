"""King's Family event texts and data, built only when read.

The state hands these functions with their arguments to :class:`~regalia.core.events.Event` as
lazy ``(function, *arguments)`` tuples, so a random playout that never reads an event's text
does not format it; a reader gets exactly the text and data written here. The arguments are
ints, strings and tuples, never a list the state goes on changing.
"""

from __future__ import annotations

from typing import Any, Final

from regalia.games.kings_blood.cards import EVENT_NAMES, NOTATION, NUM_CHARACTERS
from regalia.games.kings_blood.genealogy import SIDE_NAMES
from regalia.games.kings_family.cards import ABILITY_TITLE, EVENT_TITLE

NO_PLAY: Final = -1
"""The cause of a draw with no legal play (KF-2); otherwise the cause is the card whose ability
or Event made the player draw (KF-6)."""
SHORT_NONE: Final = ""
SHORT_LIMIT: Final = " (hand limit 10)"
SHORT_EMPTY: Final = " (no card to draw)"
"""Why fewer cards were drawn than asked (KF-3, KF-7), as the draw event says it."""


def _notations(cards: tuple[int, ...]) -> list[str]:
    return [NOTATION[c] for c in cards]


def why(cause: int, ability: int) -> str:
    """The reason of a draw: ``"no legal play"``, ``"R7f's Draw 3"``, ``"Exile"``."""
    if cause == NO_PLAY:
        return "no legal play"
    if cause < NUM_CHARACTERS:
        return f"{NOTATION[cause]}'s {ABILITY_TITLE[ability]}"
    return EVENT_TITLE[cause]


def deal_text(count: int) -> str:
    """``P0 draws 7 cards (the deal, KF-1)``."""
    return f"P0 draws {count} cards (the deal, KF-1)"


def count_data(count: int) -> dict[str, Any]:
    """``{"count": count}``."""
    return {"count": count}


def deal_cards_text(cards: tuple[int, ...]) -> str:
    """The player's own side of the deal: ``P0 draws B5m R7f ... (the deal)``."""
    return f"P0 draws {' '.join(NOTATION[c] for c in cards)} (the deal)"


def cards_data(cards: tuple[int, ...]) -> dict[str, Any]:
    """``{"cards": [notations]}``."""
    return {"cards": _notations(cards)}


def setup_text(cards: tuple[int, ...]) -> str:
    """The Events drawn for the founder go back (KF-1)."""
    return f"Events drawn for the founder go back and the draw pile is reshuffled: {' '.join(_notations(cards))}"


def founder_text(card: int) -> str:
    """``B5m starts the Genealogy as its founder (KF-1)``."""
    return f"{NOTATION[card]} starts the Genealogy as its founder (KF-1)"


def card_data(card: int) -> dict[str, Any]:
    """``{"card": notation}``."""
    return {"card": NOTATION[card]}


def reshuffle_text(count: int) -> str:
    """KF-7: the discards become the new draw pile."""
    return f"the draw pile is exhausted (+10): {count} discards become the new draw pile [KF-7]"


def reshuffle_data(count: int) -> dict[str, Any]:
    """``{"cards": count}``."""
    return {"cards": count}


def exhausted_text(discards: int) -> str:
    """KF-7: drawing is closed for good."""
    return f"the draw pile is exhausted (+10) with only {discards} discards: no more cards can be drawn [KF-7]"


def exhausted_data(discards: int) -> dict[str, Any]:
    """``{"discards": discards}``."""
    return {"discards": discards}


def draws_text(count: int, asked: int, cause: int, ability: int, short: str) -> str:
    """``P0 draws 2 of 3 cards (R7f's Draw 3) (hand limit 10)``: the public side of a draw."""
    return f"P0 draws {count} of {asked} card{'s' if asked != 1 else ''} ({why(cause, ability)}){short}"


def draws_data(count: int, asked: int) -> dict[str, Any]:
    """``{"count": count, "asked": asked}``."""
    return {"count": count, "asked": asked}


def drawn_text(cards: tuple[int, ...], cause: int, ability: int) -> str:
    """``P0 draws B5m R7f (no legal play)``: the player's own side of a draw."""
    return f"P0 draws {' '.join(NOTATION[c] for c in cards)} ({why(cause, ability)})"


def end_text(reason: str, score: int) -> str:
    """The end of the game (KF-8) with the final score (KF-9)."""
    return f"the game ends: {reason}; score {score}"


def end_data(reason: str, parts: dict[str, int]) -> dict[str, Any]:
    """``{"reason": ..., "generations": ..., ..., "score": ...}`` (the score's parts, KF-9)."""
    return {"reason": reason, **parts}


def unplayable_text(event: int) -> str:
    """KF-X3: an Event drawn at a Marriage with no legal target."""
    return f"the {EVENT_TITLE[event]} drawn at the Marriage has no legal target and is discarded [KF-X3]"


def new_founder_text(card: int) -> str:
    """KB-T8: a new founder."""
    return f"the Genealogy is empty: {NOTATION[card]} starts a new one [KB-T8]"


def not_founder_text(card: int) -> str:
    """KB-T8: an Event drawn for a new founder is discarded."""
    return f"{NOTATION[card]} is drawn for a new founder and discarded [KB-T8]"


def _marriage_note(beside: int, marry: bool, declined: int) -> str:
    if declined:
        return " (Marriage declined)"
    return f" and marries {NOTATION[beside]}" if marry else ""


def play_text(card: int, side: int, target: int, marry: bool, declined: int) -> str:
    """``P0 plays R7f right of R3m and marries R3m``."""
    note = _marriage_note(target, marry, declined)
    return f"P0 plays {NOTATION[card]} {SIDE_NAMES[side]} of {NOTATION[target]}{note}"


def play_data(card: int, target: int, side: int) -> dict[str, Any]:
    """The data of a ``play`` event."""
    return {"card": NOTATION[card], "target": NOTATION[target], "side": SIDE_NAMES[side]}


def sibling_text(card: int, side: int, beside: int) -> str:
    """``P0 plays R4m as a sibling left of A4f (siblings never marry)``."""
    return f"P0 plays {NOTATION[card]} as a sibling {SIDE_NAMES[side]} of {NOTATION[beside]} (siblings never marry)"


def pair_data(card: int, target: int) -> dict[str, Any]:
    """``{"card": notation, "target": notation}``."""
    return {"card": NOTATION[card], "target": NOTATION[target]}


def _source(drawn: bool) -> str:
    return " (drawn at the Marriage)" if drawn else ""


def connect_text(drawn: bool, card: int, side: int, dest: int, marry: bool, declined: int) -> str:
    """``P0 plays New Connection: B7m moves right of R5f``."""
    note = _marriage_note(dest, marry, declined)
    return (
        f"P0 plays New Connection{_source(drawn)}: {NOTATION[card]} moves {SIDE_NAMES[side]} of {NOTATION[dest]}{note}"
    )


def enthrone_text(drawn: bool, target: int, gone: int) -> str:
    """KF-6: an Enthronement and the cards of the higher generations it discards."""
    return (
        f"P0 plays Enthronement{_source(drawn)} on {NOTATION[target]}; "
        f"{gone} cards of the higher generations are discarded"
    )


def enthrone_data(target: int, gone: tuple[int, ...]) -> dict[str, Any]:
    """The data of an ``enthrone`` event."""
    return {"target": NOTATION[target], "discarded": _notations(gone)}


def removal_text(drawn: bool, face: int, target: int, attached: tuple[int, ...]) -> str:
    """KF-6: an Assassination or an Exile discards an Active card (with what is attached)."""
    extra = f" (with {' '.join(NOTATION[c] for c in attached)})" if attached else ""
    return f"P0 plays {EVENT_TITLE[face]}{_source(drawn)} on {NOTATION[target]}: {NOTATION[target]} is discarded{extra}"


def removal_data(target: int, face: int) -> dict[str, Any]:
    """The data of a ``discard`` event of an Assassination or an Exile."""
    return {"target": NOTATION[target], "event": EVENT_NAMES[face]}


def childless_text(a: int, b: int) -> str:
    """KF-X2: a Marriage with no card to draw."""
    return f"{NOTATION[a]} marries {NOTATION[b]}, but no card can be drawn: no child [KF-X2]"


def marriage_event_text(a: int, b: int, event: int) -> str:
    """KB-M3: a Marriage draws an Event, which must be played at once."""
    return (
        f"{NOTATION[a]} marries {NOTATION[b]}; the draw is {EVENT_TITLE[event]}, which must be played at once [KB-M3]"
    )


def drawn_card_data(card: int) -> dict[str, Any]:
    """``{"drawn": notation}``."""
    return {"drawn": NOTATION[card]}


def crowded_text(a: int, b: int, child: int) -> str:
    """KF-X4: the child would be an 11th card in its generation."""
    return (
        f"{NOTATION[a]} marries {NOTATION[b]}; the child {NOTATION[child]} would be an 11th card in its generation "
        "and is discarded [KF-X4]"
    )


def birth_text(a: int, b: int, child: int) -> str:
    """KB-M3: a child is born."""
    return f"{NOTATION[a]} marries {NOTATION[b]}: {NOTATION[child]} is born [KB-M3]"


def child_data(child: int) -> dict[str, Any]:
    """``{"child": notation}``."""
    return {"child": NOTATION[child]}
