"""How King's Family names things to a person: a card with its name and ability, a number of
cards, a generation's number, and the legend of the screen — shared by the prompts and the labels.

Everything here is in the rulebook's words (Genealogy, generation, Active card, Marriage, draw
pile, discard pile) and reads only what the player may know.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from regalia.games.kings_blood.cards import (
    GENDER,
    NOTATION,
    NUM_CHARACTERS,
    NUMBER,
    PHILOSOPHY,
    PHILOSOPHY_NAMES,
)
from regalia.games.kings_family.cards import (
    ABILITY_TITLE,
    EVENT_TITLE,
)

if TYPE_CHECKING:
    from regalia.games.kings_family.state import KingsFamilyState

GENDER_SIGNS: Final[tuple[str, ...]] = ("♂", "♀")

LEGEND: Final = """\
Cards: a philosophy letter, a number and a gender letter. M Money, A Art, R Romance, B Battle; 1 to 9; \
m male (♂), f female (♀). B5m is Battle 5 male. Events: Assassination, Exile, NewConnection, Enthronement.
Ability suffix: a Character with a special ability shows it after its notation. s Skip (draw 1 card), \
r Reverse (draw 2 cards), 3 Draw 3 (draw 3 cards), as in R3fs, B5mr, R7f3 on the Genealogy and R3f(s), \
B5m(r), R7f(3) in the hand. It works only when the card is played from the hand (KF-6); the founder, \
children and cards moved by New Connection never use it.
Score line: score N (generations G, doubled D, exhaustion bonus X). One point per generation, one more for \
the Enthronement's generation and every generation below it, 10 points per exhaustion of the draw pile (KF-9).
Genealogy: one line per generation, the oldest at the top. G2 ( 4)| is generation 2 and the number of cards \
in it, at most 10 (KF-4). A child sits in the line below, centred under its parents.
* before a card: the card is Active. A Character goes beside it if it matches its colour or number, \
and an Event is played on it.
E after a card: an Enthronement is attached under it.
draw pile N: the cards left to draw (their order is hidden); closed, no more draws: the draw pile ran out with \
20 or fewer discards, so no card is ever drawn again (KF-7). discards N: the face-up discard pile. \
exhaustions N: how often the draw pile ran out.
hand (x/10): the cards in your hand and the hand limit of 10 (KF-3).
Actions: play R7f right of B7m places a card (nomarry at the end declines the Marriage it would form); \
sibling R4m left places a sibling beside the child just born; assassinate, exile and enthrone name the \
Active card; connect B7m right of R5f is New Connection; draw takes one card when nothing can be played.
Undo: with undo counted (the default) each undo is counted and shown with the final score; with undo off \
there is none (KF-X12)."""


def card_name(state: KingsFamilyState, face: int) -> str:
    """A card with its name and ability: ``"R7f (Romance 7 ♀, Draw 3)"``, ``"B5m (Battle 5 ♂)"``,
    ``"Exile"`` (the ability from the deck in use)."""
    if face >= NUM_CHARACTERS:
        return EVENT_TITLE[face]
    name = f"{NOTATION[face]} ({PHILOSOPHY_NAMES[PHILOSOPHY[face]]} {NUMBER[face]} {GENDER_SIGNS[GENDER[face]]}"
    ability = state.abilities[face]
    return f"{name}, {ABILITY_TITLE[ability]})" if ability else f"{name})"


def cards_word(n: int) -> str:
    """``"1 card"``, ``"3 cards"``."""
    return f"{n} card" if n == 1 else f"{n} cards"


def generation_number(state: KingsFamilyState, row: int) -> int:
    """The generation number a person sees (``G1`` is the top line of the screen)."""
    return row - state._top_row() + 1
