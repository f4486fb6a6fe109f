"""King's Blood's Event cards by action kind (KB-E1..KB-E5): Assassination, Exile, New Connection,
Enthronement and the King's Blood card. For each kind, side by side: what is legal, why a play is
refused and what it does (the ``legal_/explain_/do_`` model of :mod:`.rules`, which holds the
other kinds and the entry points).

Functions of a :class:`~regalia.games.kings_blood.state.KingsBloodState` (``state``, imported for
typing only); the rulings they implement are cited in each.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from regalia.core.events import new_event  # new_event(kind, text, seat, visible_to, data)
from regalia.games.kings_blood import actions as A
from regalia.games.kings_blood import eventtexts as T
from regalia.games.kings_blood import flow
from regalia.games.kings_blood.actions import KingsBloodAction
from regalia.games.kings_blood.cards import (
    ASSASSINATION,
    ENTHRONEMENT,
    EXILE,
    KINGS_BLOOD,
    MATCH,
    NEW_CONNECTION,
    NOTATION,
    NUM_CHARACTERS,
)
from regalia.games.kings_blood.genealogy import SIDE_NAMES
from regalia.games.kings_blood.phases import BIRTH, DEFEND, DRAWN, FORCED, SEAT_NAMES, SIBLINGS
from regalia.games.kings_blood.words import plural

if TYPE_CHECKING:
    from regalia.games.kings_blood.state import KingsBloodState

_SEAT_NAMES: Final = SEAT_NAMES
_NC: Final = NUM_CHARACTERS
_NC4: Final = NUM_CHARACTERS * 4
"""The stride of a card's row in ``CONNECT_TABLE``."""
EVENT_OF_KIND: Final[tuple[int, ...]] = tuple(
    {
        A.ASSASSINATE: ASSASSINATION,
        A.EXILE_TO: EXILE,
        A.CONNECT: NEW_CONNECTION,
        A.ENTHRONE: ENTHRONEMENT,
        A.KINGSBLOOD: KINGS_BLOOD,
    }.get(k, -1)
    for k in range(A.NUM_KINDS)
)
"""The card each action kind plays from the hand (-1: not an Event or the King's Blood card)."""


# ---------------------------------------------------------------------- the targets (KB-G3)
def target_refusal(state: KingsBloodState, t: int) -> tuple[str, str] | None:
    """Why ``t`` cannot be played on (not in the Genealogy, not Active: KB-G3), or ``None``."""
    if t not in state.gen:
        return f"{NOTATION[t]} is not in the Genealogy", "KB-G3"
    if not state.gen.is_active(t):
        return f"{NOTATION[t]} is not Active (covered, or no room beside it)", "KB-G3"
    return None


def legal_event(state: KingsBloodState, out: list[KingsBloodAction], f: int, only: int) -> None:
    """Append the plays of the Event ``f`` on the Active cards (or on ``only`` when not -1):
    Assassination and Exile (to each seat) on any of them, New Connection to every destination
    (KB-G5, with its ``nomarry`` variant where a Marriage may be declined, KB-M2), Enthronement
    on a card without one (KB-E4)."""
    gen = state.gen
    if only < 0:
        targets = gen.active_order()
    else:
        targets = [only] if gen.is_active(only) else []
    if f == ASSASSINATION:
        table = A.ASSASSINATE_TABLE
        for t in targets:
            out.append(table[t])
    elif f == EXILE:
        n = state.num_players
        for t in targets:
            out.extend(A.EXILE_TABLE[t][:n])
    elif f == NEW_CONNECTION:
        optional = state.marriage_optional
        kb = state.kb_on
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


def legal_events(state: KingsBloodState, out: list[KingsBloodAction], faces: list[int], only: int) -> None:
    """The plays of the Events and the King's Blood card among ``faces`` (sorted), for a hand of
    two or more cards (KB-T5): KB-E1..E5 (on the Active cards, or on ``only`` when not -1). The
    King's Blood card goes under an Active card (KB-E5), never on a newborn child (KB-M4)."""
    prev = -1
    for f in faces:
        if f < _NC or f == prev:
            continue
        prev = f
        if f == KINGS_BLOOD:
            if only < 0:
                table = A.KINGSBLOOD_TABLE
                out += [table[t] for t in state.gen.active_order()]
        else:
            legal_event(state, out, f, only)


def explain_event_card(state: KingsBloodState, k: int) -> tuple[str, str] | None:
    """Why a play of kind ``k`` is refused for the card itself — any play other than the Event
    drawn at a Marriage (KB-M3), an Event card not held, out of turn order or as the last card
    (KB-T1, KB-T3, KB-T5, KB-M4, KB-E5); ``None`` when neither refuses it."""
    ph = state.phase
    if ph == FORCED:
        if EVENT_OF_KIND[k] != state.pending_card:
            return f"you must play the Event drawn at the Marriage, {NOTATION[state.pending_card]}", "KB-M3"
        return None
    face = EVENT_OF_KIND[k]
    if face < 0:
        return None
    hand = state.hands[state.turn_player]
    if face not in hand:
        return f"you do not hold {NOTATION[face]}", "KB-T1"
    if face == KINGS_BLOOD and not state.config.advanced:
        return "the King's Blood card is used only with the Advanced Rules", "KB-E5"
    if ph == DRAWN and face != state.drawn:
        return f"after drawing you may play only the card drawn, {NOTATION[state.drawn]}", "KB-T1"
    if ph == DEFEND:
        return "facing a Draw you may only play Skip, Reverse or Draw 3, or draw", "KB-T3"
    if ph == SIBLINGS:
        return "finish the sibling group (another sibling or end)", "KB-M4"
    if ph == BIRTH and face == KINGS_BLOOD:
        return "after a birth only a Character, an Event or siblings may be played on the child", "KB-M4"
    if len(hand) < 2:
        return f"{NOTATION[face]} cannot be your last card: you can only win with a Character", "KB-T5"
    return None


def explain_event_target(state: KingsBloodState, a: KingsBloodAction) -> tuple[str, str] | None:
    """Why an Event's target is refused: the child first (KB-M4), the target (KB-G3), a second
    Enthronement (KB-E4), a New Connection's destination (KB-G5), ``nomarry`` (KB-M1, KB-M2)."""
    k = a.kind
    t = a.card if k == A.CONNECT else a.target
    if state.phase == BIRTH and t != state.child:
        return f"after a birth you may play only on the child, {NOTATION[state.child]}", "KB-M4"
    problem = target_refusal(state, t)
    if problem:
        return problem
    if k == A.ENTHRONE:
        return f"{NOTATION[t]} already has an Enthronement attached", "KB-E4"
    if k != A.CONNECT:
        return None
    d = a.target
    if d not in state.gen:
        return f"{NOTATION[d]} is not in the Genealogy", "KB-G5"
    if (d, a.side) not in state.gen.connection_moves(t):
        return (
            f"{NOTATION[t]} cannot go to the {SIDE_NAMES[a.side]} of {NOTATION[d]} (no room, or back where it came from)",
            "KB-G5",
        )
    if a.flag:
        if not flow.marries(state, t, d):
            return f"moving {NOTATION[t]} beside {NOTATION[d]} forms no Marriage: drop 'nomarry'", "KB-M1"
        return "Marriages are compulsory (marriage_optional=false)", "KB-M2"
    return None


# ---------------------------------------------------------------------- the effects
def do_event(state: KingsBloodState, a: KingsBloodAction, seat: int) -> None:
    """Play an Event card from hand (or the one drawn at a Marriage, ``phase == FORCED``): an
    Assassination discards an Active card and offers one more play (KB-E1); an Exile sends it to
    a player's hand, seen by everyone (KB-E2); a New Connection moves it, which may marry (KB-E3,
    KB-G5); an Enthronement keeps only its card (KB-E4). Any of them may empty the Genealogy
    (KB-T8)."""
    k = a.kind
    face = EVENT_OF_KIND[k]
    if state.phase == FORCED:
        state.pending_card = -1
    else:
        flow.take(state, seat, face)
    state.last_played = face  # KB-X12: an Event (even one drawn at a Marriage) is the last card played
    gen = state.gen
    ev = state.events
    if k == A.ASSASSINATE:
        t = a.target
        att = gen.remove(t)
        state.discard.append(face)
        state.discard.append(t)
        for c in att:
            if c == KINGS_BLOOD:
                state.aside.append(c)  # KB-E5: set aside
                state.kb_on = -1
            else:
                state.discard.append(c)  # KB-E1: the Enthronement goes too
        attached = tuple(att)
        ev.append(
            new_event("assassinate", (T.assassinate_text, seat, t, attached), seat, None, (T.removed_data, t, attached))
        )
        flow.refound(state)
        flow.after_event_play(state, seat)
    elif k == A.EXILE_TO:
        t, to = a.target, a.flag
        att = gen.remove(t)
        state.discard.append(face)
        if KINGS_BLOOD in att:
            state.kb_on = -1
        flow.gain(state, to, [t, *att], True)  # KB-E2: with anything attached; seen by everyone
        attached = tuple(att)
        ev.append(
            new_event("exile", (T.exile_text, seat, t, to, attached), seat, None, (T.exile_data, t, to, attached))
        )
        flow.refound(state)
        flow.end_turn(state)
    elif k == A.CONNECT:
        t, d = a.card, a.target
        state.discard.append(face)
        row, x = gen.move(t, d, a.side)  # KB-G5; the moved card's ability does not trigger (KB-E3)
        ev.append(new_event("connect", (T.connect_text, seat, t, a.side, d), seat, None, (T.play_data, t, d, row, x)))
        if not a.flag and flow.marries(state, t, d):
            flow.marriage(state, t, d)
        else:
            flow.end_turn(state)
    else:
        enthrone(state, a.target, seat)


def do_kingsblood(state: KingsBloodState, a: KingsBloodAction, seat: int) -> None:
    """KB-E5: the King's Blood card goes under an Active card, which every Character then matches
    and marries; the player may play one more card."""
    flow.take(state, seat, KINGS_BLOOD)
    state.gen.attach(a.target, KINGS_BLOOD)
    state.kb_on = a.target
    state.last_played = KINGS_BLOOD
    state.events.append(
        new_event("kingsblood", (T.kingsblood_text, seat, a.target), seat, None, (T.target_data, a.target))
    )
    flow.after_event_play(state, seat)


def enthrone(state: KingsBloodState, t: int, seat: int) -> None:
    """KB-E4: attach the Enthronement, discard every other card; Advanced: take the King's Blood card."""
    gen = state.gen
    kb_in_genealogy = state.kb_on >= 0
    gen.attach(t, ENTHRONEMENT)
    removed = gen.keep_only(t)
    for c, att in removed:
        state.discard.append(c)
        for x in att:
            if x == KINGS_BLOOD:
                state.aside.append(x)
                state.kb_on = -1
            else:
                state.discard.append(x)
    state.events.append(
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
    if state.config.advanced:
        take_kings_blood(state, seat, kb_in_genealogy)
    flow.end_turn(state)


def take_kings_blood(state: KingsBloodState, seat: int, was_in_genealogy: bool) -> None:
    """KB-E4/KB-T5 (Advanced): the Enthronement's player takes the King's Blood card."""
    if KINGS_BLOOD in state.aside:
        state.aside.remove(KINGS_BLOOD)
        where = "from the Genealogy" if was_in_genealogy else "from beside the table"
    elif state.kb_on >= 0:
        state.gen.detach(state.kb_on, KINGS_BLOOD)
        state.kb_on = -1
        where = "from the Genealogy"
    else:
        holder = next(p for p in range(state.num_players) if KINGS_BLOOD in state.hands[p])
        if holder == seat:
            return
        flow.take(state, holder, KINGS_BLOOD)
        where = f"from {_SEAT_NAMES[holder]}"
        if not state.hands[holder] and state.winner < 0:
            state.winner = holder  # KB-T5: left with no cards, the holder wins at once
            state.events.append(
                new_event(
                    "out", f"{_SEAT_NAMES[holder]} loses the King's Blood card, their only card", holder, None, {}
                )
            )
    flow.gain(state, seat, [KINGS_BLOOD], True)
    state.events.append(
        new_event("kingsblood", f"{_SEAT_NAMES[seat]} takes the King's Blood card {where}", seat, None, {})
    )
