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
    if self._announce_open():
        out.append(_ANNOUNCE)
    return out


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
    place = A.PLACE
    for f in faces:
        if f < NUM_CHARACTERS:
            pf = PHILOSOPHY[f]
            nf = NUMBER[f]
            gf = GENDER[f]
            for t, ss in ts:
                if PHILOSOPHY[t] == pf:
                    marry = GENDER[t] != gf or t == kb
                elif NUMBER[t] == nf or t == kb:
                    marry = t == kb
                else:
                    continue
                for s in ss:
                    out.append(KBAction(place, f, t, s, 0))
                    if marry and optional:
                        out.append(KBAction(place, f, t, s, 1))
        elif hand_size >= 2:
            if f == KINGS_BLOOD:
                # KB-E5; not on a newborn child: only a Character or an Event may go there (KB-M4)
                if only is None:
                    for t, _ in ts:
                        out.append(KBAction(A.KINGSBLOOD, 0, t))
            else:
                gen_event(self, out, f, only)


def gen_event(self: KingsBloodState, out: list[KBAction], f: int, only: int | None) -> None:
    targets = _targets(self, only)
    if f == ASSASSINATION:
        for t in targets:
            out.append(KBAction(A.ASSASSINATE, 0, t))
    elif f == EXILE:
        for t in targets:
            for p in range(self.num_players):
                out.append(KBAction(A.EXILE_TO, 0, t, 0, p))
    elif f == NEW_CONNECTION:
        optional = self.config.marriage_optional
        for t in targets:
            for d, s in self.gen.connection_moves(t):
                out.append(KBAction(A.CONNECT, t, d, s, 0))
                if optional and self._marries(t, d):
                    out.append(KBAction(A.CONNECT, t, d, s, 1))
    elif f == ENTHRONEMENT:
        for t in targets:
            if not self.gen.has_attachment(t, ENTHRONEMENT):
                out.append(KBAction(A.ENTHRONE, 0, t))


def gen_transfers(self: KingsBloodState, out: list[KBAction]) -> None:
    """KB-T3: a Skip, Reverse or Draw 3 played on an Active card by the matching rule."""
    abil = self.abil
    faces = [f for f in sorted(set(self.hands[self.cur])) if f < NUM_CHARACTERS and abil[f]]
    if not faces:
        return
    for f in faces:
        for t, ss in self.gen.active_sides():
            if self._matches(f, t):
                for s in ss:
                    out.append(KBAction(A.PLACE, f, t, s, 0))


def gen_siblings(self: KingsBloodState, out: list[KBAction], anchor: int, side: int | None) -> None:
    """KB-M4: two or more cards with the child's number in a line on one side of the child
    (KB-X11: matched by number only; they never marry)."""
    number = NUMBER[anchor]
    faces = [f for f in sorted(set(self.hands[self.cur])) if f < NUM_CHARACTERS and NUMBER[f] == number]
    gen = self.gen
    if side is None:
        if len(faces) < 2:
            return
        row, x = gen.position(anchor)
        for s in (LEFT, RIGHT):
            step = 2 if s == RIGHT else -2
            if gen.can_place(anchor, s) and gen.is_open_beside(row, x + step, s):
                for f in faces:
                    out.append(KBAction(A.SIBLING, f, 0, s))
    elif faces and gen.can_place(anchor, side):
        for f in faces:
            out.append(KBAction(A.SIBLING, f, 0, side))
