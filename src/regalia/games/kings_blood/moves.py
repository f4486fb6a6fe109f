"""King's Blood legal-move generation (the same code decides what ``apply`` accepts).

Functions of a :class:`~regalia.games.kings_blood.state.KingsBloodState`; the rulings they
implement are cited in each.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from regalia.games.kings_blood import actions as A
from regalia.games.kings_blood.actions import KBAction
from regalia.games.kings_blood.cards import (
    ASSASSINATION,
    ENTHRONEMENT,
    EXILE,
    GENDER,
    KINGS_BLOOD,
    NEW_CONNECTION,
    NUM_CHARACTERS,
    NUM_FACES,
    NUMBER,
    PHILOSOPHY,
)
from regalia.games.kings_blood.genealogy import BOTH_SIDES, LEFT, LEFT_ONLY, RIGHT, RIGHT_ONLY

if TYPE_CHECKING:
    from regalia.games.kings_blood.state import KingsBloodState

TURN = 0
DRAWN = 1
DEFEND = 2
BIRTH = 3
SIBLINGS = 4
FORCED = 5
BONUS = 6
OVER = 7
PHASE_NAMES = ("turn", "drawn", "defend", "birth", "siblings", "forced", "bonus", "over")
"""The decisions (``phase``) of a King's Blood state, by number."""

_ANNOUNCE = A.ANNOUNCE_ACTION
_DRAW = A.DRAW_ACTION
_END = A.END_ACTION
_PASS = A.PASS_ACTION


def legal_actions(self: KingsBloodState) -> list[KBAction]:
    """The legal actions of ``self.current_player`` in a stable order (see the state's phases)."""
    ph = self.phase
    hand = self.hands[self.cur]
    if ph == TURN:
        # gen_plays(self, out, sorted(hand), None, len(hand)), inlined: the most frequent case
        memo = self.gen.memo
        if memo is None or memo[0] != self.kb_on:
            memo = _new_memo(self)
        faces = sorted(hand)
        rows = memo[1]
        out = [a for f in faces for row in rows for a in row[f]]
        if faces and faces[-1] >= NUM_CHARACTERS and len(hand) >= 2:
            gen_events(self, out, faces, None)
        if self.pile or self.discard:
            out.append(_DRAW)
        elif not out:
            out.append(_PASS)  # KB-T7
    else:
        out = []
        if ph == DRAWN:
            gen_plays(self, out, [self.drawn], None, len(hand))  # KB-T1: only the card drawn
            out.append(_END)
        elif ph == DEFEND:
            gen_transfers(self, out)
            out.append(_DRAW)
        elif ph == BIRTH:
            child = self.child
            if self.gen.is_active(child):  # KB-X11: the child must be Active to be played on
                gen_plays(self, out, sorted(hand), child, len(hand))
                gen_siblings(self, out, child, None)
            out.append(_END)
        elif ph == SIBLINGS:
            gen_siblings(self, out, self.child, self.sib_side)
            if self.sib_count >= 2:
                out.append(_END)
        elif ph == FORCED:
            gen_event(self, out, self.pending_card, None)
        elif ph == BONUS:
            gen_plays(self, out, sorted(hand), None, len(hand))
            out.append(_END)
        else:
            return out  # OVER
    # KB-T4: ``announce`` on your own turn with two or fewer cards, once (the state's _announce_open)
    if 0 < len(hand) <= 2 and self.config.announcement == "required" and not self.announced[self.cur]:
        out.append(_ANNOUNCE)
    return out


def _build_match() -> tuple[bytes, ...]:
    """``MATCH[card][target]`` for two Characters: 0 when they do not match (KB-T1), 1 when they
    match by colour or number without a Marriage, 2 when they match and would marry (KB-M1: same
    colour, opposite gender). The King's Blood character (KB-E5) is handled by the callers."""
    rows = []
    for f in range(NUM_CHARACTERS):
        row = bytearray(NUM_CHARACTERS)
        for t in range(NUM_CHARACTERS):
            if PHILOSOPHY[f] == PHILOSOPHY[t]:
                row[t] = 2 if GENDER[f] != GENDER[t] else 1
            elif NUMBER[f] == NUMBER[t]:
                row[t] = 1
        rows.append(bytes(row))
    return tuple(rows)


MATCH = _build_match()

_PLACE = A.PLACE_TABLE
_CONNECT = A.CONNECT_TABLE
_NC4 = NUM_CHARACTERS * 4  # the stride of a card's row in PLACE_TABLE / CONNECT_TABLE

PlayTable = tuple[tuple[KBAction, ...], ...]
"""The plays on one Genealogy card with given placeable sides, indexed by the face played
(``NUM_FACES`` entries; ``()`` where there is none, always for Events and the King's Blood card)."""


@cache
def play_tables(optional: bool, kings_blood: bool) -> dict[tuple[int, ...], tuple[PlayTable, ...]]:
    """``play_tables(optional, kings_blood)[sides][target][face]``: the placements of the
    Character ``face`` beside ``target`` on each of ``sides`` (the target's placeable sides, one
    of the Genealogy's shared status tuples), in the order of move generation: side by side,
    each followed by its ``nomarry`` variant when ``optional`` and the play would marry.

    KB-T1: a colour or number match; KB-M1/KB-M2: a Marriage (``MATCH == 2``) may be declined
    when ``optional`` (option ``marriage_optional``); ``kings_blood``: the target is the King's
    Blood character, which every Character matches and marries (KB-E5). Built once per flavour.
    """
    tables: dict[tuple[int, ...], tuple[PlayTable, ...]] = {}
    for sides in (BOTH_SIDES, LEFT_ONLY, RIGHT_ONLY):
        per_target = []
        for t in range(NUM_CHARACTERS):
            per_face: list[tuple[KBAction, ...]] = []
            for f in range(NUM_FACES):
                m = 0
                if f < NUM_CHARACTERS and f != t:
                    m = 2 if kings_blood else MATCH[f][t]
                acts: list[KBAction] = []
                if m:
                    i = f * _NC4 + t * 4
                    for s in sides:
                        acts.append(_PLACE[i + s + s])
                        if m == 2 and optional:
                            acts.append(_PLACE[i + s + s + 1])
                per_face.append(tuple(acts) if acts else ())
            per_target.append(tuple(per_face))
        tables[sides] = tuple(per_target)
    return tables


def _play_rows(self: KingsBloodState, ts: list[tuple[int, tuple[int, ...]]], optional: bool) -> list[PlayTable]:
    """The play table of each target of ``ts`` (``(target, sides)`` pairs), in order."""
    tables = play_tables(optional, False)
    kb = self.kb_on
    if kb < 0:
        return [tables[ss][t] for t, ss in ts]
    kb_tables = play_tables(optional, True)  # KB-E5: the King's Blood character
    return [(kb_tables if t == kb else tables)[ss][t] for t, ss in ts]


Memo = tuple[int, list[PlayTable]]
"""What move generation keeps in the Genealogy's ``memo`` (dropped when the Genealogy changes):
``(kb_on, play tables of the Active cards in order)``. (The Event plays are not kept: the
Genealogy changes before the same Event is looked at again, almost always.)"""


def _new_memo(self: KingsBloodState) -> Memo:
    """A new :data:`Memo` for the current Genealogy. ``kb_on`` is checked by the readers (it is
    kept in the state, not in the Genealogy); the player count and the options are the same for
    every state that can share a Genealogy's memo (its clones)."""
    gen = self.gen
    kb = self.kb_on
    if kb < 0:
        rows = gen.active_lookup(play_tables(self.config.marriage_optional, False))
    else:
        rows = _play_rows(self, gen.active_sides(), self.config.marriage_optional)
    memo: Memo = (kb, rows)
    gen.memo = memo
    return memo


def gen_plays(self: KingsBloodState, out: list[KBAction], faces: list[int], only: int | None, hand_size: int) -> None:
    """Plays of ``faces`` (sorted; only Events may repeat) from hand on the Active cards (or on
    ``only``): KB-T1, KB-M1/M2, KB-T5 (no Event or King's Blood card as the last card),
    KB-E1..E5."""
    if not faces:
        return
    if only is None:
        memo = self.gen.memo
        if memo is None or memo[0] != self.kb_on:
            memo = _new_memo(self)
        rows = memo[1]
    else:
        sides = self.gen.sides_of(only)
        if not sides:
            return
        rows = _play_rows(self, [(only, sides)], self.config.marriage_optional)
    # Characters (faces < NUM_CHARACTERS) sort first; the play tables are empty for the rest
    out += [a for f in faces for row in rows for a in row[f]]
    if faces[-1] >= NUM_CHARACTERS and hand_size >= 2:
        gen_events(self, out, faces, only)


def gen_events(self: KingsBloodState, out: list[KBAction], faces: list[int], only: int | None) -> None:
    """The plays of the Events and the King's Blood card among ``faces`` (sorted), for a hand of
    two or more cards (KB-T5): KB-E1..E5."""
    prev = -1
    for f in faces:
        if f < NUM_CHARACTERS or f == prev:
            continue
        prev = f
        if f == KINGS_BLOOD:
            # KB-E5; not on a newborn child: only a Character or an Event may go there (KB-M4)
            if only is None:
                table = A.KINGSBLOOD_TABLE
                out += [table[t] for t in self.gen.active_order()]
        else:
            gen_event(self, out, f, only)


def gen_event(self: KingsBloodState, out: list[KBAction], f: int, only: int | None) -> None:
    """Plays of the Event ``f`` on the Active cards (or on ``only``): KB-E1..E4."""
    gen = self.gen
    if only is None:
        targets = gen.active_order()
    else:
        targets = [only] if gen.is_active(only) else []
    append = out.append
    if f == ASSASSINATION:
        table = A.ASSASSINATE_TABLE
        for t in targets:
            append(table[t])
    elif f == EXILE:
        n = self.num_players
        for t in targets:
            out.extend(A.EXILE_TABLE[t][:n])
    elif f == NEW_CONNECTION:
        optional = self.config.marriage_optional
        kb = self.kb_on
        for t in targets:
            row = MATCH[t]
            base = t * _NC4
            for d, s in gen.connection_moves(t):
                j = base + d * 4 + s + s
                append(_CONNECT[j])
                # the move would arrange a Marriage (KB-M1): it may be declined
                if optional and (row[d] == 2 or (kb >= 0 and (t == kb or d == kb))):
                    append(_CONNECT[j + 1])
    elif f == ENTHRONEMENT:
        table = A.ENTHRONE_TABLE
        for t in targets:
            if not gen.has_attachment(t, ENTHRONEMENT):
                append(table[t])


def gen_transfers(self: KingsBloodState, out: list[KBAction]) -> None:
    """KB-T3: a Skip, Reverse or Draw 3 played on an Active card by the matching rule (no
    Marriage, so no ``nomarry`` variant)."""
    abil = self.abil
    faces = [f for f in sorted(set(self.hands[self.cur])) if f < NUM_CHARACTERS and abil[f]]
    if not faces:
        return
    rows = _play_rows(self, self.gen.active_sides(), False)
    out += [a for f in faces for row in rows for a in row[f]]


def gen_siblings(self: KingsBloodState, out: list[KBAction], anchor: int, side: int | None) -> None:
    """KB-M4: two or more cards with the child's number in a line on one side of the child
    (KB-X11: matched by number only; they never marry)."""
    number = NUMBER[anchor]
    faces = [f for f in sorted(set(self.hands[self.cur])) if f < NUM_CHARACTERS and NUMBER[f] == number]
    gen = self.gen
    table = A.SIBLING_TABLE
    if side is None:
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
