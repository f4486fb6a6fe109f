"""Why an action is refused: a specific reason and the rule or ruling id (for ``IllegalActionError``).

Called only for well-formed actions that are not among the legal actions of the state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from regalia.games.kings_blood.cards import NOTATION, NUM_CHARACTERS, NUMBER, PHILOSOPHY
from regalia.games.kings_blood.genealogy import SIDE_NAMES
from regalia.games.kings_family import actions as A
from regalia.games.kings_family.actions import KFAction
from regalia.games.kings_family.cards import (
    EVENT_OF_KIND,
    EVENT_TITLE,
    KIND_OF_EVENT,
    marries,
)
from regalia.games.kings_family.phases import HAND_LIMIT, ROW_LIMIT

if TYPE_CHECKING:
    from regalia.games.kings_family.state import KingsFamilyState


def explain(state: KingsFamilyState, action: Any) -> tuple[str, str | None]:
    """``(reason, rule id)`` for a well-formed action that is not legal now (KB-*, KF-* rulings)."""
    a: KFAction = action
    gen = state.gen
    kind = a.kind
    if state.pending_event >= 0:
        e = state.pending_event
        if kind != KIND_OF_EVENT[e]:
            return (f"the {EVENT_TITLE[e]} drawn at the Marriage must be played first", "KB-M3")
    elif state.sib_child >= 0 and state.sib_count == 1 and kind != A.SIBLING:
        return (
            f"a sibling group has two or more siblings: play a second sibling {SIDE_NAMES[state.sib_side]} of {NOTATION[state.sib_last]}",
            "KB-M4",
        )
    if kind == A.DRAW:
        if len(state.hand) >= HAND_LIMIT:
            return ("your hand holds 10 cards: you may not draw", "KF-3")
        if not state.can_draw():
            return ("no card can be drawn (the draw pile is exhausted)", "KF-7")
        plays = state.legal_actions()
        example = f" (e.g. {plays[0]})" if plays else ""
        return (f"you may not draw while you hold a legal play{example}", "KF-2")
    if kind == A.SIBLING:
        return _explain_sibling(state, a)
    face = EVENT_OF_KIND.get(kind)
    if face is not None and state.pending_event < 0 and face not in state.hand:
        return (f"you hold no {EVENT_TITLE[face]} card", "KB-T1")
    if kind == A.PLACE:
        return _explain_place(state, a.card, a.target, a.side, a.flag, from_hand=True)
    t = a.target if kind != A.CONNECT else a.card
    if t not in gen:
        return (f"{NOTATION[t]} is not in the Genealogy", "KB-G3")
    if not gen.is_active(t):
        return (f"{NOTATION[t]} is not Active", "KB-G3")
    if kind == A.ENTHRONE:
        return (f"{NOTATION[t]} already has an Enthronement attached", "KB-E4")
    if kind == A.CONNECT:
        return _explain_place(state, a.card, a.target, a.side, a.flag, from_hand=False)
    return ("not legal now", None)


def _explain_place(
    state: KingsFamilyState, h: int, t: int, side: int, flag: int, from_hand: bool
) -> tuple[str, str | None]:
    gen = state.gen
    if from_hand and h not in state.hand:
        return (f"{NOTATION[h]} is not in your hand", "KB-T1")
    if t not in gen:
        return (f"{NOTATION[t]} is not in the Genealogy", "KB-G3")
    if not from_hand:
        if (t, side) not in gen.connection_moves(h):
            return (
                f"New Connection cannot move {NOTATION[h]} {SIDE_NAMES[side]} of {NOTATION[t]} (the destination must be an Active card with that side open, not the spot it left)",
                "KB-G5",
            )
    else:
        if not gen.is_active(t):
            return (f"{NOTATION[t]} is not Active", "KB-G3")
        if not gen.can_place(t, side):
            return (
                f"the {SIDE_NAMES[side]} side of {NOTATION[t]} is not open (a card there, a card beyond it, or a child below)",
                "KB-G2",
            )
        if PHILOSOPHY[h] != PHILOSOPHY[t] and NUMBER[h] != NUMBER[t]:
            return (f"{NOTATION[h]} matches neither colour nor number of {NOTATION[t]}", "KB-T1")
    row = gen.row_of(t)
    moving_within = not from_hand and gen.row_of(h) == row
    if not moving_within and gen.row_size(row) >= ROW_LIMIT:
        return (f"generation {row - state._top_row() + 1} already holds 10 cards", "KF-4")
    if flag and not marries(h, t):
        return (f"nomarry: {NOTATION[h]} and {NOTATION[t]} would not marry (same colour, opposite gender)", "KB-M2")
    if flag and not state.config.marriage_optional:
        return ("a Marriage may not be declined (marriage_optional is off)", "KB-M2")
    return ("not legal now", None)


def _explain_sibling(state: KingsFamilyState, a: KFAction) -> tuple[str, str | None]:
    if state.sib_child < 0:
        return ("siblings may be played only right after a birth", "KB-M4")
    h = a.card
    if h not in state.hand:
        return (f"{NOTATION[h]} is not in your hand", "KB-T1")
    if NUMBER[h] != NUMBER[state.sib_child]:
        return (f"{NOTATION[h]} does not have the number of the child {NOTATION[state.sib_child]}", "KB-M4")
    if state.sib_count == 0 and sum(1 for c in state.hand if c < NUM_CHARACTERS and NUMBER[c] == NUMBER[h]) < 2:
        return ("a sibling group needs two or more cards of the child's number in hand", "KB-M4")
    if state.sib_count > 0 and a.side != state.sib_side:
        return (f"siblings go on one side of the child only ({SIDE_NAMES[state.sib_side]})", "KB-M4")
    row = state.gen.row_of(state.sib_child)
    if state.gen.row_size(row) + (2 if state.sib_count == 0 else 1) > ROW_LIMIT:
        return ("the generation has no room for the sibling group (10 cards at most)", "KF-4")
    return (f"the {SIDE_NAMES[a.side]} side has no room for a line of siblings", "KB-G2")
