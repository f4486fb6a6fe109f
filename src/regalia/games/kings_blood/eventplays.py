"""King's Blood Event cards played (KB-E1..KB-E5): Assassination, Exile, New Connection,
Enthronement, and the King's Blood card taken at an Enthronement (Advanced Rules).

Functions of a :class:`~regalia.games.kings_blood.state.KingsBloodState`, called by its
``_apply``; the rulings they implement are cited in each.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from regalia.core.events import new_event  # new_event(kind, text, seat, visible_to, data)
from regalia.games.kings_blood import actions as A
from regalia.games.kings_blood import eventtexts as T
from regalia.games.kings_blood.actions import KBAction
from regalia.games.kings_blood.cards import ASSASSINATION, ENTHRONEMENT, EXILE, KINGS_BLOOD, NEW_CONNECTION, NOTATION
from regalia.games.kings_blood.phases import FORCED, SEAT_NAMES
from regalia.games.kings_blood.words import plural

if TYPE_CHECKING:
    from regalia.games.kings_blood.state import KingsBloodState

_SEAT_NAMES: Final = SEAT_NAMES
_FACE: Final[dict[int, int]] = {
    A.ASSASSINATE: ASSASSINATION,
    A.EXILE_TO: EXILE,
    A.CONNECT: NEW_CONNECTION,
    A.ENTHRONE: ENTHRONEMENT,
}
"""The Event card an action kind plays."""


def apply_event(self: KingsBloodState, a: KBAction, seat: int) -> None:
    """Play an Event card from hand (or the one drawn at a Marriage, ``phase == FORCED``)."""
    k = a.kind
    face = _FACE[k]
    if self.phase == FORCED:
        self.pending_card = -1
    else:
        self._take(seat, face)
    self.last_played = face  # KB-X12: an Event (even one drawn at a Marriage) is the last card played
    gen = self.gen
    ev = self._ev
    if k == A.ASSASSINATE:
        t = a.target
        att = gen.remove(t)
        self.discard.append(face)
        self.discard.append(t)
        for c in att:
            if c == KINGS_BLOOD:
                self.aside.append(c)  # KB-E5: set aside
                self.kb_on = -1
            else:
                self.discard.append(c)  # KB-E1: the Enthronement goes too
        attached = tuple(att)
        ev.append(
            new_event("assassinate", (T.assassinate_text, seat, t, attached), seat, None, (T.removed_data, t, attached))
        )
        self._refound()
        self._after_event_play(seat)
    elif k == A.EXILE_TO:
        t, to = a.target, a.flag
        att = gen.remove(t)
        self.discard.append(face)
        if KINGS_BLOOD in att:
            self.kb_on = -1
        self._gain(to, [t, *att], True)  # KB-E2: with anything attached; seen by everyone
        attached = tuple(att)
        ev.append(
            new_event("exile", (T.exile_text, seat, t, to, attached), seat, None, (T.exile_data, t, to, attached))
        )
        self._refound()
        self._end_turn()
    elif k == A.CONNECT:
        t, d = a.card, a.target
        self.discard.append(face)
        row, x = gen.move(t, d, a.side)  # KB-G5; the moved card's ability does not trigger (KB-E3)
        ev.append(new_event("connect", (T.connect_text, seat, t, a.side, d), seat, None, (T.play_data, t, d, row, x)))
        if not a.flag and self._marries(t, d):
            self._marriage(t, d)
        else:
            self._end_turn()
    else:
        enthrone(self, a.target, seat)


def enthrone(self: KingsBloodState, t: int, seat: int) -> None:
    """KB-E4: attach the Enthronement, discard every other card; Advanced: take the King's Blood card."""
    gen = self.gen
    kb_in_genealogy = self.kb_on >= 0
    gen.attach(t, ENTHRONEMENT)
    removed = gen.keep_only(t)
    for c, att in removed:
        self.discard.append(c)
        for x in att:
            if x == KINGS_BLOOD:
                self.aside.append(x)
                self.kb_on = -1
            else:
                self.discard.append(x)
    self._ev.append(
        new_event(
            "enthrone",
            f"{_SEAT_NAMES[seat]} plays Enthronement under {NOTATION[t]}: "
            + (
                f"{plural(len(removed), 'other card')} {'leaves' if len(removed) == 1 else 'leave'} the Genealogy"
                if removed
                else "it was the only card"
            ),
            seat,
            None,
            {"target": NOTATION[t]},
        )
    )
    if self.config.advanced:
        take_kings_blood(self, seat, kb_in_genealogy)
    self._end_turn()


def take_kings_blood(self: KingsBloodState, seat: int, was_in_genealogy: bool) -> None:
    """KB-E4/KB-T5 (Advanced): the Enthronement's player takes the King's Blood card."""
    if KINGS_BLOOD in self.aside:
        self.aside.remove(KINGS_BLOOD)
        where = "from the Genealogy" if was_in_genealogy else "from beside the table"
    elif self.kb_on >= 0:
        self.gen.detach(self.kb_on, KINGS_BLOOD)
        self.kb_on = -1
        where = "from the Genealogy"
    else:
        holder = next(p for p in range(self.num_players) if KINGS_BLOOD in self.hands[p])
        if holder == seat:
            return
        self._take(holder, KINGS_BLOOD)
        where = f"from {_SEAT_NAMES[holder]}"
        if not self.hands[holder] and self.winner < 0:
            self.winner = holder  # KB-T5: left with no cards, the holder wins at once
            self._ev.append(
                new_event(
                    "out", f"{_SEAT_NAMES[holder]} loses the King's Blood card, their only card", holder, None, {}
                )
            )
    self._gain(seat, [KINGS_BLOOD], True)
    self._ev.append(new_event("kingsblood", f"{_SEAT_NAMES[seat]} takes the King's Blood card {where}", seat, None, {}))
