"""King's Family constants and tables shared by the rules, the refusals and the bots."""

from __future__ import annotations

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

HAND_LIMIT = 10
"""KF-3: the most cards the hand may hold."""
ROW_LIMIT = 10
"""KF-4: the most cards one generation (row) may hold."""
INITIAL_HAND = 7
"""KF-1: cards drawn at the start."""
RESHUFFLE_MINIMUM = 21
"""KF-7: the discard pile is reshuffled only when it holds more than 20 cards."""
EXHAUSTION_POINTS = 10
"""KF-9: points for each exhaustion of the draw pile."""

ABILITY_TITLE = ("", "Skip", "Reverse", "Draw 3")
"""The special abilities as the rulebook writes them, by ability code (``cards.ABILITY_NAMES``
writes ``Draw3``, the deck-file word)."""
ABILITY_DRAWS = {SKIP: 1, REVERSE: 2, DRAW3: 3}
"""KF-6: cards drawn by a Character's special ability."""
EVENT_DRAWS = {ASSASSINATION: 1, EXILE: 2}
"""KF-6: cards drawn after an Assassination or an Exile."""
EVENT_OF_KIND = {A.ASSASSINATE: ASSASSINATION, A.EXILE: EXILE, A.ENTHRONE: ENTHRONEMENT, A.CONNECT: NEW_CONNECTION}
"""The Event card each event action plays."""
KIND_OF_EVENT = {v: k for k, v in EVENT_OF_KIND.items()}
EVENT_TITLE = {
    ASSASSINATION: "Assassination",
    EXILE: "Exile",
    ENTHRONEMENT: "Enthronement",
    NEW_CONNECTION: "New Connection",
}


def marries(a: int, b: int) -> bool:
    """KB-M1: whether Characters ``a`` and ``b`` placed side by side marry (same colour,
    opposite gender)."""
    return PHILOSOPHY[a] == PHILOSOPHY[b] and GENDER[a] != GENDER[b]


END_HAND_EMPTY = "the hand is empty [KF-8]"
END_CAPPED = "the only plays would put an 11th card in a generation [KF-4, KF-8]"
END_FULL_HAND = "10 cards in hand and none can be played [KF-8]"
END_NO_DRAW = "no card can be played and none can be drawn [KF-7, KF-8]"
END_NO_FOUNDER = "the Genealogy is empty and no Character can be drawn to restart it [KB-T8]"
END_REASONS = (END_HAND_EMPTY, END_CAPPED, END_FULL_HAND, END_NO_DRAW, END_NO_FOUNDER)
"""Every way the game ends (KF-8, KB-T8), as the end event, the view and the result say it."""
