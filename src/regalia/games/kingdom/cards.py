"""Kingdom's cards as small integers, with lookup tables built once at import.

Card integers (the same for every config, so a notation always means the same integer):

* ``0`` is a Joker. Every deck holds two, and Jokers are interchangeable, so all Jokers share
  the integer ``0`` and the notation ``Joker`` (zones are multisets).
* ``1 + copy * 52 + suit * 13 + rank_index`` is a regular card, where ``copy`` is the deck it
  comes from (0 for the first deck), ``suit`` indexes ``S H D C`` and ``rank_index`` indexes
  ``A 2 3 4 5 6 7 8 9 10 J Q K``.

Notation: rank then suit (``10H``, ``QS``, ``AC``); a card of the second or later deck adds its
copy index (``QS#2``). ``Joker`` for a Joker.
"""

from __future__ import annotations

from typing import Final

MAX_DECKS: Final = 6
"""The most decks a game may use (option ``decks``)."""

JOKER: Final = 0
SUITS: Final = "SHDC"
RANKS: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

ACE: Final = 1
JACK: Final = 11
QUEEN: Final = 12
KING: Final = 13

NUM_CARD_INTS: Final = 1 + 52 * MAX_DECKS

RANK: Final[list[int]] = [0] * NUM_CARD_INTS
"""Face rank: 1 = Ace, 2..10, 11 = Jack, 12 = Queen, 13 = King; 0 for the Joker."""
SUIT: Final[list[int]] = [-1] * NUM_CARD_INTS
"""Printed suit index into ``SUITS``; -1 for the Joker."""
COPY: Final[list[int]] = [0] * NUM_CARD_INTS
"""Deck copy (0 = first deck)."""
NAME: Final[list[str]] = ["Joker"] * NUM_CARD_INTS
"""Notation of each card integer."""
IS_NOBLE: Final[list[bool]] = [False] * NUM_CARD_INTS
"""King, Queen or Jack (rulebook, "Noble Cards")."""
IS_SOLDIER: Final[list[bool]] = [False] * NUM_CARD_INTS
"""2..10 (rulebook, "Soldier Cards")."""
IS_ACE: Final[list[bool]] = [False] * NUM_CARD_INTS
IS_ARMY: Final[list[bool]] = [False] * NUM_CARD_INTS
"""A card a noble can bring into play: a soldier or an Ace (as Champion)."""
COMBAT_RANK: Final[list[int]] = [0] * NUM_CARD_INTS
"""Rank in a one-on-one battle [KD-3]: Jack 1 < Queen 2 < King 3 < soldier 2..10 (12..20) < Ace Champion 21."""
RATING: Final[list[int]] = [0] * NUM_CARD_INTS
"""Damage rating [KD-6]: soldier its number, Ace Champion 11, nobles 1."""
TERRITORY_VALUE: Final[list[int]] = [0] * NUM_CARD_INTS
"""Territories an unblocked attacker takes [KD-7]: soldier its number, noble or Champion 1."""
NOBLE_INDEX: Final[list[int]] = [-1] * NUM_CARD_INTS
"""Index of a noble among the nobles: ``copy * 12 + suit * 3 + (rank - 11)``."""
ARMY_INDEX: Final[list[int]] = [-1] * NUM_CARD_INTS
"""Index of a soldier or Ace among them: ``copy * 40 + suit * 10 + (0 for the Ace, rank - 1 otherwise)``."""
ACE_INDEX: Final[list[int]] = [-1] * NUM_CARD_INTS
"""Index of an Ace among the Aces: ``copy * 4 + suit``."""

NOBLES: Final[list[int]] = []
ARMY: Final[list[int]] = []
ACES: Final[list[int]] = []

BY_NAME: Final[dict[str, int]] = {"JOKER": JOKER}


def _build() -> None:
    for copy in range(MAX_DECKS):
        for suit in range(4):
            for ri in range(13):
                c = 1 + copy * 52 + suit * 13 + ri
                rank = ri + 1
                RANK[c] = rank
                SUIT[c] = suit
                COPY[c] = copy
                base = RANKS[ri] + SUITS[suit]
                NAME[c] = base if copy == 0 else f"{base}#{copy + 1}"
                BY_NAME[NAME[c].upper()] = c
                if copy == 0:
                    BY_NAME[f"{base}#1".upper()] = c
                if rank >= JACK:
                    IS_NOBLE[c] = True
                    COMBAT_RANK[c] = rank - 10
                    RATING[c] = 1
                    TERRITORY_VALUE[c] = 1
                    NOBLE_INDEX[c] = copy * 12 + suit * 3 + (rank - JACK)
                elif rank == ACE:
                    IS_ACE[c] = True
                    IS_ARMY[c] = True
                    COMBAT_RANK[c] = 21
                    RATING[c] = 11
                    TERRITORY_VALUE[c] = 1
                    ARMY_INDEX[c] = copy * 40 + suit * 10
                    ACE_INDEX[c] = copy * 4 + suit
                else:
                    IS_SOLDIER[c] = True
                    IS_ARMY[c] = True
                    COMBAT_RANK[c] = rank + 10
                    RATING[c] = rank
                    TERRITORY_VALUE[c] = rank
                    ARMY_INDEX[c] = copy * 40 + suit * 10 + rank - 1
    order = sorted(range(1, NUM_CARD_INTS), key=lambda c: NOBLE_INDEX[c])
    NOBLES.extend(c for c in order if IS_NOBLE[c])
    ARMY.extend(sorted((c for c in range(1, NUM_CARD_INTS) if IS_ARMY[c]), key=lambda c: ARMY_INDEX[c]))
    ACES.extend(sorted((c for c in range(1, NUM_CARD_INTS) if IS_ACE[c]), key=lambda c: ACE_INDEX[c]))


_build()

NOBLE_BY_INDEX: Final = tuple(NOBLES)
ARMY_BY_INDEX: Final = tuple(ARMY)
ACE_BY_INDEX: Final = tuple(ACES)


def num_real_cards(decks: int) -> int:
    """The number of regular (non-Joker) card integers in a game of ``decks`` decks: ``52 * decks``."""
    return 52 * decks


def deck_cards(decks: int) -> list[int]:
    """Every card of ``decks`` 54-card decks (52 regular cards + 2 Jokers each), in a fixed order."""
    out: list[int] = []
    for copy in range(decks):
        out.extend(range(1 + copy * 52, 1 + (copy + 1) * 52))
        out.extend((JOKER, JOKER))
    return out


def parse_card(text: str, decks: int) -> int | None:
    """The card integer of a notation (``"10H"``, ``"qs#2"``, ``"Joker"``), or ``None`` if the
    text names no card of a game with ``decks`` decks. Case-insensitive."""
    c = BY_NAME.get(text.strip().upper())
    if c is None or (c != JOKER and COPY[c] >= decks):
        return None
    return c


def role(c: int) -> str:
    """The card's role word: ``noble``, ``soldier``, ``ace`` or ``joker``."""
    if c == JOKER:
        return "joker"
    if IS_NOBLE[c]:
        return "noble"
    if IS_ACE[c]:
        return "ace"
    return "soldier"
