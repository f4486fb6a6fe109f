"""The pending King's Family decision in words (``State.prompt``) and the final score line.

The prompts run on every ``view()`` (bots call it inside rollouts), so they only format strings
from fields the state keeps, and read only what the player may know: the hand, the Genealogy,
the sizes of the piles.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from regalia.games.kings_blood.cards import (
    ASSASSINATION,
    ENTHRONEMENT,
    EXILE,
    NEW_CONNECTION,
    NOTATION,
    NUMBER,
)
from regalia.games.kings_blood.genealogy import SIDE_NAMES
from regalia.games.kings_family.cards import (
    EVENT_DRAWS,
    EVENT_TITLE,
)
from regalia.games.kings_family.config import UNDO_OFF
from regalia.games.kings_family.phases import (
    KIND_DRAW,
    KIND_DRAWN_EVENT,
    KIND_SECOND_SIBLING,
    KIND_SIBLINGS,
)

if TYPE_CHECKING:
    from regalia.games.kings_family.state import KingsFamilyState

_WAITING: Final = "Waiting for P0 to play a card or draw."
"""The spectator's prompt for every decision whose kind only the hand tells (play, siblings, draw)."""

_EVENT_TASK: Final[dict[int, str]] = {
    ASSASSINATION: f"choose the Active card to discard (with anything attached); then you draw {EVENT_DRAWS[ASSASSINATION]} card",
    EXILE: f"choose the Active card to discard (with anything attached); then you draw {EVENT_DRAWS[EXILE]} cards",
    ENTHRONEMENT: (
        "choose the Active card to attach it under: every card of the higher generations is discarded, "
        "and that generation and every one below it score double"
    ),
    NEW_CONNECTION: "move an Active card beside another Active card (a Marriage it forms draws a child)",
}
"""What playing each Event at once asks for (KF-6, KB-E3, KB-G5)."""


def prompt(state: KingsFamilyState, seat: int | None, kind: str) -> str:
    """The pending decision in words for ``seat`` (0, or ``None`` for a spectator), ``kind`` being
    :meth:`KingsFamilyState.decision_kind`. Cheap: string formatting of kept fields only."""
    if kind == KIND_DRAWN_EVENT:
        event = EVENT_TITLE[state.pending_event]
        parents = state.marriage
        where = f"the Marriage of {NOTATION[parents[0]]} and {NOTATION[parents[1]]}" if parents else "a Marriage"
        if seat is None:
            return f"Waiting for P0 to play the {event} drawn at {where} (KB-M3)."
        return f"The {event} drawn at {where} must be played at once (KB-M3): {_EVENT_TASK[state.pending_event]}."
    if kind == KIND_SECOND_SIBLING:
        side = SIDE_NAMES[state.sib_side]
        last = NOTATION[state.sib_last]
        if seat is None:
            return f"Waiting for P0 to play a second sibling {side} of {last} (KB-M4)."
        child = state.sib_child
        return (
            f"A sibling group has two or more siblings (KB-M4): play a second card of number {NUMBER[child]} "
            f"{side} of {last}, in the line beside {NOTATION[child]}, the child just born."
        )
    if seat is None:
        return _WAITING
    n = len(state.hand)
    if kind == KIND_DRAW:
        which = "your only card" if n == 1 else f"any of your {n} cards"
        return (
            f"You cannot play {which}: draw the top card of the draw pile ({len(state.pile)} left, KF-2), and "
            "keep drawing until you draw a card you can play."
        )
    if kind == KIND_SIBLINGS:
        child = state.sib_child
        num = NUMBER[child]
        if state.sib_count == 0:
            return (
                f"{NOTATION[child]} was just born and you hold cards of its number {num}: play a sibling group, "
                f"two or more of them in a line on one side of {NOTATION[child]} (siblings never marry, KB-M4), "
                "or play on as usual."
            )
        return (
            f"Your sibling group beside {NOTATION[child]} has {state.sib_count} siblings: add another card of number "
            f"{num} {SIDE_NAMES[state.sib_side]} of {NOTATION[state.sib_last]} (KB-M4), or play on as usual."
        )
    which = "your only card" if n == 1 else f"one of your {n} cards"
    return (
        f"Play {which}: a Character beside an Active card (*) of its colour or number, or an Event on an "
        "Active card; you may not draw while you can play (KF-2)."
    )


def undo_note(state: KingsFamilyState) -> str:
    """How many undos the deal took (KF-X12): ``"no undo"``, ``"2 undos"``, ``"undo off"``."""
    if state.config.undo == UNDO_OFF:
        return "undo off"
    n = state.undos
    return "no undo" if n == 0 else "1 undo" if n == 1 else f"{n} undos"


def result_prompt(state: KingsFamilyState, seat: int | None) -> str:
    """The final score in words, with its parts, the reason the game ended and the undos taken
    (KF-8, KF-9, KF-X7: a score, not a winner)."""
    parts = state.score_parts()
    who = "your score is" if seat is not None else "P0 scores"
    g, d, e = parts["generations"], parts["doubled"], parts["exhaustions"]
    detail = (
        f"{g} generation{'s' if g != 1 else ''} x1, {d} doubled by the Enthronement, "
        f"{e} exhaustion{'s' if e != 1 else ''} of the draw pile x10"
    )
    return f"The game is over ({state.end_reason}): {who} {parts['score']} points ({detail}; {undo_note(state)})."
