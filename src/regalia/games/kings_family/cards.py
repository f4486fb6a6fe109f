"""King's Family tables shared by the rules, the words and the bots: what each special card draws
(KF-6), the Event of each event action, and the Marriage test (KB-M1)."""

from __future__ import annotations

from typing import Final

from regalia.games.kings_blood.cards import (
    ASSASSINATION,
    ENTHRONEMENT,
    EXILE,
    GENDER,
    NEW_CONNECTION,
    NUM_FACES,
    PHILOSOPHY,
)
from regalia.games.kings_family import actions as A

ABILITY_TITLE: Final[tuple[str, ...]] = ("", "Skip", "Reverse", "Draw 3")
"""The special abilities as the rulebook writes them, by ability code (``cards.ABILITY_NAMES``
writes ``Draw3``, the deck-file word)."""
ABILITY_DRAWS: Final[tuple[int, ...]] = (0, 1, 2, 3)
"""KF-6: cards drawn by a Character's special ability, by ability code (none, ``SKIP``: 1,
``REVERSE``: 2, ``DRAW3``: 3)."""
EVENT_DRAWS: Final[tuple[int, ...]] = tuple(
    1 if face == ASSASSINATION else 2 if face == EXILE else 0 for face in range(NUM_FACES)
)
"""KF-6: cards drawn after an Assassination (1) or an Exile (2), by face (0 for every other)."""
EVENT_OF_KIND: Final[tuple[int, ...]] = tuple(
    {A.ASSASSINATE: ASSASSINATION, A.EXILE: EXILE, A.ENTHRONE: ENTHRONEMENT, A.CONNECT: NEW_CONNECTION}.get(k, -1)
    for k in range(A.NUM_KINDS)
)
"""The Event card each event action plays, by action kind (-1 for the kinds that play none)."""
KIND_OF_EVENT: Final[tuple[int, ...]] = tuple(
    EVENT_OF_KIND.index(face) if face in EVENT_OF_KIND else -1 for face in range(NUM_FACES)
)
"""The event action of each Event card, by face (-1 for a face that is no Event)."""
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
