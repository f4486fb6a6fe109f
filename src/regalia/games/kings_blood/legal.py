"""King's Blood legal-move generation (the same code decides what ``apply`` accepts).

Functions of a :class:`~regalia.games.kings_blood.state.KingsBloodState` (imported for typing
only: this module imports the constants and the actions, never the state); the rulings they
implement are cited in each.

Plays are looked up, never built: :func:`play_tables` holds, for every target card and every
mask of its placeable sides, the shared action objects of every Character that may go beside it,
and the state's Genealogy keeps the tables of its Active cards (its ``memo``) until it changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from regalia.games.kings_blood import actions as A
from regalia.games.kings_blood.actions import KBAction
from regalia.games.kings_blood.cards import (
    ASSASSINATION,
    ENTHRONEMENT,
    EXILE,
    KINGS_BLOOD,
    MATCH,
    NEW_CONNECTION,
    NUM_CHARACTERS,
    NUM_FACES,
    NUMBER,
)
from regalia.games.kings_blood.genealogy import BOTH_SIDES, LEFT, RIGHT, SIDES
from regalia.games.kings_blood.phases import BIRTH, BONUS, DEFEND, DRAWN, FORCED, SIBLINGS, TURN

if TYPE_CHECKING:
    from regalia.games.kings_blood.state import KingsBloodState

_ANNOUNCE: Final = A.ANNOUNCE_ACTION
_DRAW: Final = A.DRAW_ACTION
_END: Final = A.END_ACTION
_PASS: Final = A.PASS_ACTION
_NC: Final = NUM_CHARACTERS
_NC4: Final = NUM_CHARACTERS * 4
"""The stride of a card's row in ``PLACE_TABLE`` / ``CONNECT_TABLE``."""

PlayTable = tuple[tuple[KBAction, ...], ...]
"""The plays on one Genealogy card with given placeable sides, indexed by the face played
(``NUM_FACES`` entries; ``()`` where there is none, always for Events and the King's Blood card)."""

SideTables = list[list[PlayTable]]
"""``tables[mask][target]``: the :data:`PlayTable` of ``target`` when the mask of its placeable
sides is ``mask`` (``LEFT_SIDE``, ``RIGHT_SIDE``, ``BOTH_SIDES``; entry 0 is empty)."""


def legal_actions(self: KingsBloodState) -> list[KBAction]:
    """The legal actions of ``self.current_player`` in a stable order (see :mod:`.phases`)."""
    ph = self.phase
    hand = self.hands[self.cur]
    if ph == TURN:
        # gen_plays(self, out, sorted(hand), None, len(hand)), inlined: the most frequent case
        gen = self.gen
        rows: list[PlayTable] | None = gen.memo
        if rows is None or gen.memo_key != self.kb_on:
            rows = _new_memo(self)
        faces = sorted(hand)
        out = [a for f in faces for row in rows for a in row[f]]
        if faces and faces[-1] >= _NC and len(hand) >= 2:
            gen_events(self, out, faces, -1)
        if self.pile or self.discard:
            out.append(_DRAW)
        elif not out:
            out.append(_PASS)  # KB-T7
    else:
        out = []
        if ph == DRAWN:
            gen_plays(self, out, [self.drawn], -1, len(hand))  # KB-T1: only the card drawn
            out.append(_END)
        elif ph == DEFEND:
            gen_transfers(self, out)
            out.append(_DRAW)
        elif ph == BIRTH:
            child = self.child
            if self.gen.is_active(child):  # KB-X11: the child must be Active to be played on
                gen_plays(self, out, sorted(hand), child, len(hand))
                gen_siblings(self, out, child, -1)
            out.append(_END)
        elif ph == SIBLINGS:
            gen_siblings(self, out, self.child, self.sib_side)
            if self.sib_count >= 2:
                out.append(_END)
        elif ph == FORCED:
            gen_event(self, out, self.pending_card, -1)
        elif ph == BONUS:
            gen_plays(self, out, sorted(hand), -1, len(hand))
            out.append(_END)
        else:
            return out  # OVER
    # KB-T4/KB-T4b: ``announce`` at every decision of your own turn with one or two cards, once, so it can
    # come before the turn ends with one card or before the last card is played (the state's _announce_open)
    if 0 < len(hand) <= 2 and self.announce_required and not self.announced[self.cur]:
        out.append(_ANNOUNCE)
    return out


def _build_play_tables(optional: bool, kings_blood: bool) -> SideTables:
    tables: SideTables = [[]]
    for mask in range(1, BOTH_SIDES + 1):
        sides = SIDES[mask]
        per_target: list[PlayTable] = []
        for t in range(_NC):
            per_face: list[tuple[KBAction, ...]] = []
            for f in range(NUM_FACES):
                m = 0
                if f < _NC and f != t:
                    m = 2 if kings_blood else MATCH[f * _NC + t]
                acts: list[KBAction] = []
                if m:
                    i = f * _NC4 + t * 4
                    for s in sides:
                        acts.append(A.PLACE_TABLE[i + s + s])
                        if m == 2 and optional:
                            acts.append(A.PLACE_TABLE[i + s + s + 1])
                per_face.append(tuple(acts))
            per_target.append(tuple(per_face))
        tables.append(per_target)
    return tables


_PLAY_TABLES: Final[list[SideTables | None]] = [None, None, None, None]
"""The four flavours of :func:`play_tables`, built on first use."""


def play_tables(optional: bool, kings_blood: bool) -> SideTables:
    """``play_tables(optional, kings_blood)[mask][target][face]``: the placements of the
    Character ``face`` beside ``target`` on each side of ``mask`` (the target's placeable sides,
    :data:`~.genealogy.BOTH_SIDES` and the others), in the order of move generation: side by side,
    left first, each followed by its ``nomarry`` variant when ``optional`` and the play would
    marry.

    KB-T1: a colour or number match; KB-M1/KB-M2: a Marriage (``MATCH == 2``) may be declined
    when ``optional`` (option ``marriage_optional``); ``kings_blood``: the target is the King's
    Blood character, which every Character matches and marries (KB-E5). Built once per flavour.
    """
    i = (2 if optional else 0) + (1 if kings_blood else 0)
    tables = _PLAY_TABLES[i]
    if tables is None:
        tables = _PLAY_TABLES[i] = _build_play_tables(optional, kings_blood)
    return tables


def _rows_for(self: KingsBloodState, targets: list[int], optional: bool) -> list[PlayTable]:
    """The play table of each Active card of ``targets``, in order."""
    gen = self.gen
    tables = play_tables(optional, False)
    kb = self.kb_on
    if kb < 0:
        return [tables[gen.side_mask(t)][t] for t in targets]
    kb_tables = play_tables(optional, True)  # KB-E5: the King's Blood character
    return [(kb_tables if t == kb else tables)[gen.side_mask(t)][t] for t in targets]


def _new_memo(self: KingsBloodState) -> list[PlayTable]:
    """The play tables of the Active cards of the current Genealogy, kept in its ``memo`` with
    ``kb_on`` as its ``memo_key`` (``kb_on`` is kept in the state, not in the Genealogy); the
    player count and the options are the same for every state that can share a Genealogy's memo
    (its clones). (The Event plays are not kept: the Genealogy changes before the same Event is
    looked at again, almost always.)"""
    gen = self.gen
    kb = self.kb_on
    if kb < 0:
        rows = gen.active_lookup(play_tables(self.marriage_optional, False))
    else:
        rows = _rows_for(self, gen.active_order(), self.marriage_optional)
    gen.memo = rows
    gen.memo_key = kb
    return rows


def gen_plays(self: KingsBloodState, out: list[KBAction], faces: list[int], only: int, hand_size: int) -> None:
    """Plays of ``faces`` (sorted; only Events may repeat) from hand on the Active cards (or on
    the card ``only`` when it is not -1): KB-T1, KB-M1/M2, KB-T5 (no Event or King's Blood card
    as the last card), KB-E1..E5."""
    if not faces:
        return
    if only < 0:
        gen = self.gen
        memo: list[PlayTable] | None = gen.memo
        rows = memo if memo is not None and gen.memo_key == self.kb_on else _new_memo(self)
    else:
        if not self.gen.side_mask(only):
            return
        rows = _rows_for(self, [only], self.marriage_optional)
    # Characters (faces < NUM_CHARACTERS) sort first; the play tables are empty for the rest
    out += [a for f in faces for row in rows for a in row[f]]
    if faces[-1] >= _NC and hand_size >= 2:
        gen_events(self, out, faces, only)


def gen_events(self: KingsBloodState, out: list[KBAction], faces: list[int], only: int) -> None:
    """The plays of the Events and the King's Blood card among ``faces`` (sorted), for a hand of
    two or more cards (KB-T5): KB-E1..E5 (on the Active cards, or on ``only`` when not -1)."""
    prev = -1
    for f in faces:
        if f < _NC or f == prev:
            continue
        prev = f
        if f == KINGS_BLOOD:
            # KB-E5; not on a newborn child: only a Character or an Event may go there (KB-M4)
            if only < 0:
                table = A.KINGSBLOOD_TABLE
                out += [table[t] for t in self.gen.active_order()]
        else:
            gen_event(self, out, f, only)


def gen_event(self: KingsBloodState, out: list[KBAction], f: int, only: int) -> None:
    """Plays of the Event ``f`` on the Active cards (or on ``only`` when not -1): KB-E1..E4."""
    gen = self.gen
    if only < 0:
        targets = gen.active_order()
    else:
        targets = [only] if gen.is_active(only) else []
    if f == ASSASSINATION:
        table = A.ASSASSINATE_TABLE
        for t in targets:
            out.append(table[t])
    elif f == EXILE:
        n = self.num_players
        for t in targets:
            out.extend(A.EXILE_TABLE[t][:n])
    elif f == NEW_CONNECTION:
        optional = self.marriage_optional
        kb = self.kb_on
        connect = A.CONNECT_TABLE
        for t in targets:
            base = t * _NC4
            row = t * _NC
            for d, s in gen.connection_moves(t):
                j = base + d * 4 + s + s
                out.append(connect[j])
                # the move would arrange a Marriage (KB-M1): it may be declined
                if optional and (MATCH[row + d] == 2 or (kb >= 0 and (t == kb or d == kb))):
                    out.append(connect[j + 1])
    elif f == ENTHRONEMENT:
        table = A.ENTHRONE_TABLE
        for t in targets:
            if not gen.has_attachment(t, ENTHRONEMENT):
                out.append(table[t])


def gen_transfers(self: KingsBloodState, out: list[KBAction]) -> None:
    """KB-T3: a Skip, Reverse or Draw 3 played on an Active card by the matching rule (no
    Marriage, so no ``nomarry`` variant)."""
    abil = self.abil
    faces = [f for f in sorted(set(self.hands[self.cur])) if f < _NC and abil[f]]
    if not faces:
        return
    rows = _rows_for(self, self.gen.active_order(), False)
    out += [a for f in faces for row in rows for a in row[f]]


def gen_siblings(self: KingsBloodState, out: list[KBAction], anchor: int, side: int) -> None:
    """KB-M4: two or more cards with the child's number in a line on one side of the child
    (KB-X11: matched by number only; they never marry). ``side`` is the side of the line once
    it has started, -1 before the first sibling."""
    number = NUMBER[anchor]
    faces = [f for f in sorted(set(self.hands[self.cur])) if f < _NC and NUMBER[f] == number]
    gen = self.gen
    table = A.SIBLING_TABLE
    if side < 0:
        if len(faces) < 2:
            return
        row, x = gen.position(anchor)
        for s in (LEFT, RIGHT):
            step = 2 if s == RIGHT else -2
            if gen.can_place(anchor, s) and gen.is_open_beside(row, x + step, s):
                for f in faces:
                    out.append(table[f * 2 + s])
    elif faces and gen.can_place(anchor, side):
        for f in faces:
            out.append(table[f * 2 + side])
