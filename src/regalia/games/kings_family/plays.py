"""The legal plays of a King's Family position: Characters from the hand (KB-T1, KB-M2), the
sibling line (KB-M4), the Events (KB-E*, KF-6) and the generation limit (KF-4).

Called by :class:`~regalia.games.kings_family.state.KingsFamilyState` (the state is the first
argument); ``draw`` is added by the state when no play exists (KF-2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from regalia.games.kings_blood.cards import (
    ASSASSINATION,
    ENTHRONEMENT,
    EXILE,
    GENDER,
    NUM_CHARACTERS,
    NUMBER,
    PHILOSOPHY,
)
from regalia.games.kings_blood.genealogy import RIGHT
from regalia.games.kings_family import actions as A
from regalia.games.kings_family.actions import KFAction
from regalia.games.kings_family.rules_data import KIND_OF_EVENT, ROW_LIMIT, marries

if TYPE_CHECKING:
    from regalia.games.kings_family.state import KingsFamilyState


def sibling_actions(state: KingsFamilyState) -> list[KFAction]:
    """KB-M4: siblings of the newborn child (cards of its number), in a line on one side.

    The first sibling is offered only while the hand holds two or more cards of the child's
    number and the line has room for two (a group has two or more, KB-M4; KF-4 row limit);
    after the first, the line goes on beside the last sibling on the same side.
    """
    gen = state.gen
    child = state.sib_child
    num = NUMBER[child]
    same = [h for h in state.hand if h < NUM_CHARACTERS and NUMBER[h] == num]
    out: list[KFAction] = []
    row, _ = gen.position(child)
    size = gen.row_size(row)
    if state.sib_count == 0:
        if len(same) < 2 or size + 2 > ROW_LIMIT:
            return out
        if not gen.is_active(child):
            return out
        _, xc = gen.position(child)
        for side in gen.placeable_sides(child):
            step = 2 if side == RIGHT else -2
            # room for the second sibling beyond the first (KB-G2 at x +- 4 from the child)
            far = xc + 3 * step
            if gen.card_at(row, far) is not None or gen.card_at(row + 1, xc + 2 * step + step // 2) is not None:
                continue
            out.extend(KFAction(A.SIBLING, h, 0, side) for h in same)
        return out
    if size >= ROW_LIMIT or not gen.can_place(state.sib_last, state.sib_side):
        return out
    return [KFAction(A.SIBLING, h, 0, state.sib_side) for h in same]


def event_actions(state: KingsFamilyState, face: int, out: list[KFAction]) -> bool:
    """Append the plays of Event ``face`` (KB-E*, KF-6); return whether a play was refused
    only by the generation limit (KF-4)."""
    gen = state.gen
    active = gen.active()
    if face in (ASSASSINATION, EXILE):
        kind = KIND_OF_EVENT[face]
        out.extend(KFAction(kind, 0, t) for t in active)
        return False
    if face == ENTHRONEMENT:
        # KB-E4: not on a card that already has an Enthronement attached
        out.extend(KFAction(A.ENTHRONE, 0, t) for t in active if not gen.has_attachment(t, ENTHRONEMENT))
        return False
    capped = False
    optional = state.config.marriage_optional
    for c in active:
        crow = gen.position(c)[0]
        for dest, side in gen.connection_moves(c):
            drow = gen.position(dest)[0]
            if drow != crow and gen.row_size(drow) >= ROW_LIMIT:
                capped = True  # KF-4
                continue
            out.append(KFAction(A.CONNECT, c, dest, side, 0))
            if optional and marries(c, dest):
                out.append(KFAction(A.CONNECT, c, dest, side, 1))
    return capped


def compute_plays(state: KingsFamilyState) -> tuple[list[KFAction], bool]:
    """The legal plays now (no ``draw``) and whether some play was refused only by the
    10-cards-per-generation limit (KF-4, KF-8)."""
    if state.pending_event >= 0:
        out: list[KFAction] = []
        event_actions(state, state.pending_event, out)
        return out, False
    legal: list[KFAction] = []
    if state.sib_child >= 0:
        sib = sibling_actions(state)
        if state.sib_count == 1:
            return sib, False  # KB-M4: a sibling group has at least two siblings
        legal.extend(sib)
    gen = state.gen
    capped = False
    hand = state.hand
    chars = [h for h in hand if h < NUM_CHARACTERS]
    optional = state.config.marriage_optional
    if chars:
        for t in gen.active():
            sides = gen.placeable_sides(t)
            if not sides:
                continue
            full = gen.row_size(gen.position(t)[0]) >= ROW_LIMIT
            pt = PHILOSOPHY[t]
            nt = NUMBER[t]
            gt = GENDER[t]
            for h in chars:
                ph = PHILOSOPHY[h]
                if ph != pt and NUMBER[h] != nt:
                    continue  # KB-T1: colour or number must match
                if full:
                    capped = True  # KF-4
                    continue
                if ph == pt and GENDER[h] != gt:
                    for s in sides:
                        legal.append(KFAction(A.PLACE, h, t, s, 0))
                        if optional:
                            legal.append(KFAction(A.PLACE, h, t, s, 1))
                else:
                    for s in sides:
                        legal.append(KFAction(A.PLACE, h, t, s, 0))
    last = -1
    for h in hand:
        if h >= NUM_CHARACTERS and h != last:
            last = h
            capped = event_actions(state, h, legal) or capped
    return legal, capped
