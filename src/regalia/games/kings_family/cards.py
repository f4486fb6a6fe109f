"""King's Family tables shared by the rules, the words and the bots: what each special card draws
(KF-6), the Event of each event action, and the Marriage test (KB-M1)."""

from __future__ import annotations

from typing import Final

from regalia.games.kings_blood.cards import (
    ASSASSINATION,
    DRAW3,
    ENTHRONEMENT,
    EXILE,
    GENDER,
    NEW_CONNECTION,
    PHILOSOPHY,
    REVERSE,
    SKIP,
)
from regalia.games.kings_family import actions as A

ABILITY_TITLE: Final[tuple[str, ...]] = ("", "Skip", "Reverse", "Draw 3")
"""The special abilities as the rulebook writes them, by ability code (``cards.ABILITY_NAMES``
writes ``Draw3``, the deck-file word)."""
ABILITY_DRAWS: Final[dict[int, int]] = {SKIP: 1, REVERSE: 2, DRAW3: 3}
"""KF-6: cards drawn by a Character's special ability."""
EVENT_DRAWS: Final[dict[int, int]] = {ASSASSINATION: 1, EXILE: 2}
"""KF-6: cards drawn after an Assassination or an Exile."""
EVENT_OF_KIND: Final[dict[int, int]] = {
    A.ASSASSINATE: ASSASSINATION,
    A.EXILE: EXILE,
    A.ENTHRONE: ENTHRONEMENT,
    A.CONNECT: NEW_CONNECTION,
}
"""The Event card each event action plays."""
KIND_OF_EVENT: Final[dict[int, int]] = {v: k for k, v in EVENT_OF_KIND.items()}
"""The event action of each Event card."""
EVENT_TITLE: Final[dict[int, str]] = {
    ASSASSINATION: "Assassination",
    EXILE: "Exile",
    ENTHRONEMENT: "Enthronement",
    NEW_CONNECTION: "New Connection",
}
"""The Event cards as a sentence names them."""


def marries(a: int, b: int) -> bool:
    """KB-M1: whether Characters ``a`` and ``b`` placed side by side marry (same colour,
    opposite gender)."""
    return PHILOSOPHY[a] == PHILOSOPHY[b] and GENDER[a] != GENDER[b]
