"""King's Blood legal-move generation (the same code decides what ``apply`` accepts).

Functions of a :class:`~regalia.games.kings_blood.state.KingsBloodState`; the rulings they
implement are cited in each.
"""

from __future__ import annotations

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
    NUMBER,
    PHILOSOPHY,
)
from regalia.games.kings_blood.genealogy import LEFT, RIGHT

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
    out: list[KBAction] = []
    if ph == OVER:
        return out
    hand = self.hands[self.cur]
    if ph == TURN:
        gen_plays(self, out, sorted(set(hand)), None, len(hand))
        if self.pile or self.discard:
            out.append(_DRAW)
        elif not out:
            out.append(_PASS)  # KB-T7
    elif ph == DRAWN:
        gen_plays(self, out, [self.drawn], None, len(hand))  # KB-T1: only the card drawn
        out.append(_END)
    elif ph == DEFEND:
        gen_transfers(self, out)
        out.append(_DRAW)
    elif ph == BIRTH:
        child = self.child
        if self.gen.is_active(child):  # KB-X11: the child must be Active to be played on
            gen_plays(self, out, sorted(set(hand)), child, len(hand))
            gen_siblings(self, out, child, None)
        out.append(_END)
    elif ph == SIBLINGS:
        gen_siblings(self, out, self.child, self.sib_side)
        if self.sib_count >= 2:
            out.append(_END)
    elif ph == FORCED:
        gen_event(self, out, self.pending_card, None)
    elif ph == BONUS:
        gen_plays(self, out, sorted(set(hand)), None, len(hand))
        out.append(_END)
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


def _targets(self: KingsBloodState, only: int | None) -> list[int]:
    if only is None:
        return self.gen.active()
    return [only] if self.gen.is_active(only) else []


def gen_plays(self: KingsBloodState, out: list[KBAction], faces: list[int], only: int | None, hand_size: int) -> None:
    """Plays of ``faces`` from hand on the Active cards (or on ``only``): KB-T1, KB-M1/M2,
    KB-T5 (no Event or King's Blood card as the last card), KB-E1..E5."""
    gen = self.gen
    if only is None:
        ts = gen.active_sides()
    else:
        sides = gen.sides_of(only)
        ts = [(only, sides)] if sides else []
    if not ts:
        return
    optional = self.config.marriage_optional
    kb = self.kb_on
    append = out.append
    for f in faces:
        if f < NUM_CHARACTERS:
            row = MATCH[f]
            base = f * _NC4
            for t, ss in ts:
                # KB-T1 colour or number; KB-E5: anything matches (and marries) the King's Blood character
                m = 2 if t == kb else row[t]
                if not m:
                    continue
                i = base + t * 4
                if m == 2 and optional:  # KB-M2: a Marriage may be declined (``nomarry``)
                    for s in ss:
                        j = i + s + s
                        append(_PLACE[j])
                        append(_PLACE[j + 1])
                else:
                    for s in ss:
                        append(_PLACE[i + s + s])
        elif hand_size >= 2:
            if f == KINGS_BLOOD:
                # KB-E5; not on a newborn child: only a Character or an Event may go there (KB-M4)
                if only is None:
                    table = A.KINGSBLOOD_TABLE
                    for t, _ in ts:
                        append(table[t])
            else:
                gen_event(self, out, f, only)


def gen_event(self: KingsBloodState, out: list[KBAction], f: int, only: int | None) -> None:
    """Plays of the Event ``f`` on the Active cards (or on ``only``): KB-E1..E4."""
    targets = _targets(self, only)
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
        gen = self.gen
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
        gen = self.gen
        for t in targets:
            if not gen.has_attachment(t, ENTHRONEMENT):
                append(table[t])


def gen_transfers(self: KingsBloodState, out: list[KBAction]) -> None:
    """KB-T3: a Skip, Reverse or Draw 3 played on an Active card by the matching rule."""
    abil = self.abil
    faces = [f for f in sorted(set(self.hands[self.cur])) if f < NUM_CHARACTERS and abil[f]]
    if not faces:
        return
    kb = self.kb_on
    ts = self.gen.active_sides()
    for f in faces:
        row = MATCH[f]
        base = f * _NC4
        for t, ss in ts:
            if row[t] or t == kb:  # KB-T1 colour or number; KB-E5 the King's Blood character
                for s in ss:
                    out.append(_PLACE[base + t * 4 + s + s])


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
