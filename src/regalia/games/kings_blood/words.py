"""How King's Blood names cards to people: "R7f (Romance 7 ♀, Draw 3)", the ability marks of the
screen (``⊘`` Skip, ``⇄`` Reverse, ``+3`` Draw 3) and the view's ability map.

Abilities belong to the deck (a user's deck file may give them to other characters), so every
table here is built once per deck from its ``abilities`` tuple (:class:`~.cards.DeckList`) and
kept.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from regalia.games.kings_blood.cards import (
    ABILITY_NAMES,
    ASSASSINATION,
    DRAW3,
    ENTHRONEMENT,
    EXILE,
    GENDER,
    KINGS_BLOOD,
    NEW_CONNECTION,
    NOTATION,
    NUM_CHARACTERS,
    NUM_FACES,
    NUMBER,
    PHILOSOPHY,
    PHILOSOPHY_NAMES,
    REVERSE,
    SKIP,
)

SEX_SYMBOLS: Final[tuple[str, ...]] = ("♂", "♀")
"""By gender (0 = m, 1 = f)."""

ABILITY_WORDS: Final[tuple[str, ...]] = ("", "Skip", "Reverse", "Draw 3")
"""The rulebook's names of the abilities, by ability (``NO_ABILITY``, ``SKIP``, ...)."""

ABILITY_MARKS: Final[tuple[str, ...]] = ("", "⊘", "⇄", "+3")
"""The marks after a card's notation on the screen: ``R3f⊘`` Skip, ``B5m⇄`` Reverse, ``R7f+3``
Draw 3 (explained by ``Game.legend``)."""

EVENT_WORDS: Final[dict[int, str]] = {
    ASSASSINATION: "Assassination",
    EXILE: "Exile",
    NEW_CONNECTION: "New Connection",
    ENTHRONEMENT: "Enthronement",
    KINGS_BLOOD: "the King's Blood card",
}
"""The Event cards and the King's Blood card as a sentence names them."""

ABILITY_EFFECTS: Final[dict[int, str]] = {
    SKIP: "skips the next player",
    REVERSE: "reverses the order of play",
    DRAW3: "the next player draws 3",
}


class DeckWords:
    """The names of one deck's cards, by face (index = face, ``NUM_FACES`` entries).

    Attributes:
        described: ``"R7f (Romance 7 ♀, Draw 3)"``, ``"B4m (Battle 4 ♂)"``, ``"Assassination"``,
            ``"New Connection"``, ``"the King's Blood card"``.
        marked: the notation with its ability mark: ``"R7f+3"``, ``"R3f⊘"``, ``"B4m"``.
        ability: the rulebook's name of the ability, ``""`` for none.
        abilities: the view's ability map, ``{notation: "Skip" | "Reverse" | "Draw3"}`` for every
            character of the deck that has one (the values of ``cards.ABILITY_NAMES``, as King's
            Family's view gives them).
    """

    __slots__ = ("abilities", "ability", "described", "marked")

    def __init__(self, abil: tuple[int, ...]) -> None:
        self.described: list[str] = []
        self.marked: list[str] = []
        self.ability: list[str] = []
        for face in range(NUM_FACES):
            a = abil[face] if face < len(abil) else 0
            self.ability.append(ABILITY_WORDS[a])
            self.marked.append(NOTATION[face] + ABILITY_MARKS[a])
            if face < NUM_CHARACTERS:
                extra = f", {ABILITY_WORDS[a]}" if a else ""
                name = f"{PHILOSOPHY_NAMES[PHILOSOPHY[face]]} {NUMBER[face]} {SEX_SYMBOLS[GENDER[face]]}"
                self.described.append(f"{NOTATION[face]} ({name}{extra})")
            else:
                self.described.append(EVENT_WORDS[face])
        self.abilities = {NOTATION[f]: ABILITY_NAMES[abil[f]] for f in range(NUM_CHARACTERS) if abil[f]}


@lru_cache(maxsize=16)
def _words_for(abil: tuple[int, ...]) -> DeckWords:
    return DeckWords(abil)


_BY_ID: Final[dict[int, tuple[tuple[int, ...], DeckWords]]] = {}
"""``id(abil) -> (abil, words)``: a deck's ability tuple is one object for every state of that
deck (``load_deck`` is cached), so its words are found without hashing 77 numbers per view."""


def deck_words(abil: tuple[int, ...]) -> DeckWords:
    """The :class:`DeckWords` of the deck whose abilities (per face) are ``abil``; built once."""
    hit = _BY_ID.get(id(abil))
    if hit is not None and hit[0] is abil:
        return hit[1]
    words = _words_for(abil)
    if len(_BY_ID) > 64:
        _BY_ID.clear()
    _BY_ID[id(abil)] = (abil, words)
    return words


def card_name(face: int) -> str:
    """A card without its ability, as a sentence names it: ``"Romance 7 ♀"``, ``"Exile"``."""
    if face < NUM_CHARACTERS:
        return f"{PHILOSOPHY_NAMES[PHILOSOPHY[face]]} {NUMBER[face]} {SEX_SYMBOLS[GENDER[face]]}"
    return EVENT_WORDS[face]


def plural(count: int, word: str) -> str:
    """``"1 card"``, ``"3 cards"``."""
    return f"{count} {word}{'' if count == 1 else 's'}"
