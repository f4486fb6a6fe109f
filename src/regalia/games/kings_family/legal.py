"""The legal plays of a King's Family position: Characters from the hand (KB-T1, KB-M2), the
sibling line (KB-M4), the Events (KB-E*, KF-6) and the generation limit (KF-4).

Called by :class:`~regalia.games.kings_family.state.KingsFamilyState` (the state is the first
argument, imported for typing only); ``draw`` is added by the state when no play exists (KF-2).

Placements are looked up, never built: :func:`play_tables` holds the shared action objects of
every Character beside every target for each mask of the target's placeable sides, and the
Genealogy keeps, in its ``memo``, the tables of its Active cards and whether each one's
generation is full (KF-4) until it changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from regalia.games.kings_blood.cards import (
    ASSASSINATION,
    ENTHRONEMENT,
    EXILE,
    MATCH,
    NUM_CHARACTERS,
    NUMBER,
)
from regalia.games.kings_blood.genealogy import BOTH_SIDES, RIGHT, SIDES
from regalia.games.kings_family import actions as A
from regalia.games.kings_family.actions import KFAction
from regalia.games.kings_family.phases import ROW_LIMIT

if TYPE_CHECKING:
    from regalia.games.kings_family.state import KingsFamilyState

_NC: Final = NUM_CHARACTERS

PlayTable = tuple[tuple[KFAction, ...], ...]
"""The placements beside one Genealogy card with given placeable sides, indexed by the Character
played (``NUM_CHARACTERS`` entries; ``()`` where it matches neither colour nor number)."""

SideTables = list[list[PlayTable]]
"""``tables[mask][target]``: the :data:`PlayTable` of ``target`` when the mask of its placeable
sides is ``mask`` (``LEFT_SIDE``, ``RIGHT_SIDE``, ``BOTH_SIDES``; entry 0 is empty)."""

Memo = tuple[list[PlayTable], list[bool]]
"""What move generation keeps in the Genealogy's ``memo``: the play table of each Active card in
order, and whether its generation already holds ``ROW_LIMIT`` cards."""


def _build_play_tables(optional: bool) -> SideTables:
    tables: SideTables = [[]]
    for mask in range(1, BOTH_SIDES + 1):
        sides = SIDES[mask]
        per_target: list[PlayTable] = []
        for t in range(_NC):
            per_card: list[tuple[KFAction, ...]] = []
            for h in range(_NC):
                m = MATCH[h * _NC + t] if h != t else 0
                acts: list[KFAction] = []
                if m:
                    for s in sides:
                        acts.append(KFAction(A.PLACE, h, t, s, 0))
                        if m == 2 and optional:
                            acts.append(KFAction(A.PLACE, h, t, s, 1))
                per_card.append(tuple(acts))
            per_target.append(tuple(per_card))
        tables.append(per_target)
    return tables


_PLAY_TABLES: Final[list[SideTables | None]] = [None, None]
""":func:`play_tables` without and with ``nomarry`` variants, built on first use."""


def play_tables(optional: bool) -> SideTables:
    """``play_tables(optional)[mask][target][card]``: the placements of the Character ``card``
    beside ``target`` on each side of ``mask`` (left first), each followed by its ``nomarry``
    variant when ``optional`` and the two would marry (KB-T1: a colour or number match; KB-M1,
    KB-M2 with the option ``marriage_optional``). Built once per flavour."""
    i = 1 if optional else 0
    tables = _PLAY_TABLES[i]
    if tables is None:
        tables = _PLAY_TABLES[i] = _build_play_tables(optional)
    return tables


def _memo(state: KingsFamilyState) -> Memo:
    """The :data:`Memo` of the current Genealogy (kept until it changes)."""
    gen = state.gen
    memo: Memo | None = gen.memo
    if memo is None:
        rows = gen.active_lookup(play_tables(state.marriage_optional))
        full = [gen.row_size(gen.row_of(t)) >= ROW_LIMIT for t in gen.active_order()]
        memo = (rows, full)
        gen.memo = memo
    return memo


def sibling_actions(state: KingsFamilyState) -> list[KFAction]:
    """KB-M4: siblings of the newborn child (cards of its number), in a line on one side.

    The first sibling is offered only while the hand holds two or more cards of the child's
    number and the line has room for two (a group has two or more, KB-M4; KF-4 row limit);
    after the first, the line goes on beside the last sibling on the same side.
    """
    gen = state.gen
    child = state.sib_child
    num = NUMBER[child]
    same = [h for h in state.hand if h < _NC and NUMBER[h] == num]
    out: list[KFAction] = []
    row, xc = gen.position(child)
    size = gen.row_size(row)
    table = A.SIBLING_TABLE
    if state.sib_count == 0:
        if len(same) < 2 or size + 2 > ROW_LIMIT:
            return out
        if not gen.is_active(child):
            return out
        for side in gen.placeable_sides(child):
            step = 2 if side == RIGHT else -2
            # room for the second sibling beyond the first (KB-G2 at x +- 4 from the child)
            far = xc + 3 * step
            if gen.card_at(row, far) is not None or gen.card_at(row + 1, xc + 2 * step + step // 2) is not None:
                continue
            for h in same:
                out.append(table[h * 2 + side])
        return out
    side = state.sib_side
    if size >= ROW_LIMIT or not gen.can_place(state.sib_last, side):
        return out
    return [table[h * 2 + side] for h in same]


def event_actions(state: KingsFamilyState, face: int, out: list[KFAction]) -> bool:
    """Append the plays of Event ``face`` (KB-E*, KF-6); return whether a play was refused
    only by the generation limit (KF-4)."""
    gen = state.gen
    active = gen.active_order()
    if face in (ASSASSINATION, EXILE):
        table = A.ASSASSINATE_TABLE if face == ASSASSINATION else A.EXILE_TABLE
        for t in active:
            out.append(table[t])
        return False
    if face == ENTHRONEMENT:
        # KB-E4: not on a card that already has an Enthronement attached
        table = A.ENTHRONE_TABLE
        for t in active:
            if not gen.has_attachment(t, ENTHRONEMENT):
                out.append(table[t])
        return False
    capped = False
    optional = state.marriage_optional
    for c in active:
        crow = gen.row_of(c)
        for dest, side in gen.connection_moves(c):
            drow = gen.row_of(dest)
            if drow != crow and gen.row_size(drow) >= ROW_LIMIT:
                capped = True  # KF-4
                continue
            out.append(KFAction(A.CONNECT, c, dest, side, 0))
            if optional and MATCH[c * _NC + dest] == 2:
                out.append(KFAction(A.CONNECT, c, dest, side, 1))
    return capped


def compute_plays(state: KingsFamilyState) -> tuple[list[KFAction], bool]:
    """The legal plays now (no ``draw``) and whether some play was refused only by the
    10-cards-per-generation limit (KF-4, KF-8).

    Order: the sibling plays; then, Active card by Active card (by row and position), each
    Character of the hand that matches it (cards in order), side by side; then the Events of
    the hand in card order."""
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
    capped = False
    hand = state.hand  # sorted: the Characters first
    if hand and hand[0] < _NC:
        rows, full = _memo(state)
        for i in range(len(rows)):
            table = rows[i]
            if full[i]:
                if not capped:
                    for h in hand:
                        if h >= _NC:
                            break
                        if table[h]:
                            capped = True  # KF-4: it matches, but the generation is full
                            break
                continue
            for h in hand:
                if h >= _NC:
                    break
                acts = table[h]
                if acts:
                    legal.extend(acts)
    last = -1
    for h in hand:
        if h >= _NC and h != last:
            last = h
            if event_actions(state, h, legal):
                capped = True
    return legal, capped
