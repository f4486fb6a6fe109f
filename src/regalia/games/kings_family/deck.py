"""The deck of a King's Family game: the deck list of the config and the ``deck=`` draw order.

KF-1 / rulebook "Remove the King's Blood card ... shuffle the other 81 cards": the built-in
reconstruction has 82 playable cards (the King's Family text says 81, the King's Blood rulebook
82; the rule sheet says use 82 for both). The King's Blood card is never used in the solitaire.
"""

from __future__ import annotations

import random
from collections import Counter

from regalia.core.state import shuffle
from regalia.games.kings_blood.cards import KINGS_BLOOD, NOTATION, DeckList, load_deck, parse_card


def deck_list(deck_file: str | None) -> DeckList:
    """The deck list of a config's ``deck_file`` (``None``: the built-in reconstruction).

    Raises:
        ValueError: the file cannot be read or is malformed (naming ``deck_file``, line, field).
    """
    return load_deck(deck_file)


def draw_order(deck: DeckList, rng: random.Random, given: list[str] | None) -> list[int]:
    """The initial draw order, top card first.

    Args:
        deck: the deck list (its ``cards`` are the playable cards; King's Blood is not one).
        rng: the state's generator: shuffles the whole deck, or the cards missing from ``given``.
        given: ``make(deck=...)``: card notations, top first. It may be shorter than the deck:
            the missing cards then follow in seeded random order (partial decks).

    Returns:
        faces, top of the draw pile first.

    Raises:
        ValueError: ``"deck: ..."`` for an unknown card, the King's Blood card (not used in the
            solitaire), more copies of a card than the deck holds, or too many cards.
    """
    full = list(deck.cards)
    if given is None:
        shuffle(rng, full)
        return full
    if len(given) > len(full):
        raise ValueError(f"deck: {len(given)} cards, expected {len(full)} (or fewer: the rest follow at random)")
    left = Counter(full)
    order: list[int] = []
    for text in given:
        try:
            face = parse_card(text)
        except ValueError:
            raise ValueError(f"deck: unknown card {text!r}") from None
        if face == KINGS_BLOOD:
            raise ValueError("deck: 'KingsBlood' is not used in King's Family (rulebook: remove it from the deck)")
        if left[face] <= 0:
            have = Counter(full)[face]
            raise ValueError(f"deck: too many copies of {NOTATION[face]!r} (the deck holds {have})")
        left[face] -= 1
        order.append(face)
    rest = sorted(left.elements())
    shuffle(rng, rest)
    return order + rest
