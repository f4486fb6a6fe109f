"""The rules of King's Family by action kind: for each kind what is legal (``legal_<kind>``), why
an action of that kind is refused (``explain_<kind>``, the reason and the rule it breaks) and what
it does (``do_<kind>``), side by side — PokerKit's ``verify_/can_/do`` model, with legality given
as the set of legal actions (the core's ``apply`` accepts exactly those, so the refusal and the
effect never disagree with it).

Kinds (:mod:`.actions`): ``PLACE`` (a Character from the hand beside an Active card, KB-T1, KB-M2,
KF-4), ``SIBLING`` (the sibling line after a birth, KB-M4), the Events (``ASSASSINATE``,
``EXILE``, ``CONNECT``, ``ENTHRONE``: KB-E*, KF-6) and ``DRAW`` (only with no legal play, KF-2).
Then the steps every kind shares — drawing (KF-3, KF-7), the special abilities (KF-6), the
Marriage (KB-M3), the end and the next decision (KF-8, KB-T8) — and the three entry points the
state calls: :func:`legal_actions`, :func:`explain`, :func:`apply_action`.

Every function takes the state first (``state``, imported for typing only: no import cycle). The
step path touches only ints, lists of ints and the shared action objects of :mod:`.actions`;
texts are built only when an event is read (:mod:`.eventtexts`) or an action refused.
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING, Final

from regalia.core.events import Event, new_event  # new_event(kind, text, seat, visible_to, data)
from regalia.core.state import shuffle
from regalia.games.kings_blood.cards import (
    ASSASSINATION,
    ENTHRONEMENT,
    EXILE,
    MATCH,
    NOTATION,
    NUM_CHARACTERS,
    NUMBER,
    PHILOSOPHY,
)
from regalia.games.kings_blood.genealogy import BOTH_SIDES, RIGHT, SIDE_NAMES, SIDES
from regalia.games.kings_family import actions as A
from regalia.games.kings_family import eventtexts as E
from regalia.games.kings_family.actions import KingsFamilyAction
from regalia.games.kings_family.cards import (
    ABILITY_DRAWS,
    EVENT_DRAWS,
    EVENT_OF_KIND,
    EVENT_TITLE,
    KIND_OF_EVENT,
    marries,
)
from regalia.games.kings_family.phases import (
    END_CAPPED,
    END_FULL_HAND,
    END_HAND_EMPTY,
    END_NO_DRAW,
    END_NO_FOUNDER,
    HAND_LIMIT,
    ME,
    RESHUFFLE_MINIMUM,
    ROW_LIMIT,
    SEAT,
)

if TYPE_CHECKING:
    from regalia.games.kings_family.state import KingsFamilyState

_NC: Final = NUM_CHARACTERS
# The lazy texts of the frequent events under Final names: compiled, these are read natively,
# where ``E.play_text`` would be an attribute look-up on the module at every event.
_play_text: Final = E.play_text
_play_data: Final = E.play_data
_sibling_text: Final = E.sibling_text
_pair_data: Final = E.pair_data
_draws_text: Final = E.draws_text
_draws_data: Final = E.draws_data
_drawn_text: Final = E.drawn_text
_cards_data: Final = E.cards_data
_birth_text: Final = E.birth_text
_child_data: Final = E.child_data
_card_data: Final = E.card_data

PlayTable = tuple[tuple[KingsFamilyAction, ...], ...]
"""The placements beside one Genealogy card with given placeable sides, indexed by the Character
played (``NUM_CHARACTERS`` entries; ``()`` where it matches neither colour nor number)."""

SideTables = list[list[PlayTable]]
"""``tables[mask][target]``: the :data:`PlayTable` of ``target`` when the mask of its placeable
sides is ``mask`` (``LEFT_SIDE``, ``RIGHT_SIDE``, ``BOTH_SIDES``; entry 0 is empty)."""

Memo = tuple[list[PlayTable], list[bool]]
"""What move generation keeps in the Genealogy's ``memo``: the play table of each Active card in
order, and whether its generation already holds ``ROW_LIMIT`` cards."""


# ---------------------------------------------------------------------- PLACE (KB-T1, KB-M2, KF-4)
def _build_play_tables(optional: bool) -> SideTables:
    tables: SideTables = [[]]
    for mask in range(1, BOTH_SIDES + 1):
        sides = SIDES[mask]
        per_target: list[PlayTable] = []
        for t in range(_NC):
            per_card: list[tuple[KingsFamilyAction, ...]] = []
            for h in range(_NC):
                m = MATCH[h * _NC + t] if h != t else 0
                acts: list[KingsFamilyAction] = []
                if m:
                    for s in sides:
                        acts.append(KingsFamilyAction(A.PLACE, h, t, s, 0))
                        if m == 2 and optional:
                            acts.append(KingsFamilyAction(A.PLACE, h, t, s, 1))
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
    KB-M2 with the option ``marriage_optional``). Built once per flavour; legal-move generation
    hands out these shared objects (the core's check of an action then succeeds on identity)."""
    i = 1 if optional else 0
    tables = _PLAY_TABLES[i]
    if tables is None:
        tables = _PLAY_TABLES[i] = _build_play_tables(optional)
    return tables


def _memo(state: KingsFamilyState) -> Memo:
    """The :data:`Memo` of the current Genealogy (kept in its ``memo`` until it changes)."""
    gen = state.gen
    memo: Memo | None = gen.memo
    if memo is None:
        rows = gen.active_lookup(play_tables(state.marriage_optional))
        full = [gen.row_size(gen.row_of(t)) >= ROW_LIMIT for t in gen.active_order()]
        memo = (rows, full)
        gen.memo = memo
    return memo


def legal_place(state: KingsFamilyState, out: list[KingsFamilyAction]) -> bool:
    """Append the placements of the hand's Characters (Active card by Active card, by row and
    position; each matching Character of the hand in card order, side by side); return whether a
    placement was refused only by the generation limit (KF-4)."""
    hand = state.hand  # sorted: the Characters first
    if not hand or hand[0] >= _NC:
        return False
    capped = False
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
                out.extend(acts)
    return capped


def _explain_placement(
    state: KingsFamilyState, h: int, t: int, side: int, flag: int, from_hand: bool
) -> tuple[str, str | None]:
    """Why placing ``h`` beside ``t`` (from the hand, or moved by New Connection) is refused."""
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
    if flag and not state.marriage_optional:
        return ("a Marriage may not be declined (marriage_optional is off)", "KB-M2")
    return ("not legal now", None)


def explain_place(state: KingsFamilyState, a: KingsFamilyAction) -> tuple[str, str | None]:
    """Why a placement from the hand is refused (KB-T1, KB-G2, KB-G3, KF-4, KB-M2)."""
    return _explain_placement(state, a.card, a.target, a.side, a.flag, True)


def do_place(state: KingsFamilyState, a: KingsFamilyAction, ev: list[Event]) -> None:
    """Place the Character (KB-T1); its special ability draws (KF-6), then it marries the card
    beside it unless declined (KF-5: the ability first, then the Marriage; KB-M2)."""
    _, h, t, side, declined = a
    state.hand.remove(h)
    state.gen.place(h, t, side)
    marry = not declined and marries(h, t)
    ev.append(new_event("play", (_play_text, h, side, t, marry, declined), SEAT, None, (_play_data, h, t, side)))
    ability_draws(state, h, ev)
    if marry:
        marriage(state, h, t, ev)


# ---------------------------------------------------------------------- SIBLING (KB-M4)
def legal_sibling(state: KingsFamilyState) -> list[KingsFamilyAction]:
    """The sibling plays now: siblings of the newborn child (cards of its number), in a line on
    one side. The first sibling is offered only while the hand holds two or more cards of the
    child's number and the line has room for two (a group has two or more, KB-M4; KF-4 row
    limit); after the first, the line goes on beside the last sibling on the same side."""
    gen = state.gen
    child = state.sib_child
    num = NUMBER[child]
    same = [h for h in state.hand if h < _NC and NUMBER[h] == num]
    out: list[KingsFamilyAction] = []
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


def explain_sibling(state: KingsFamilyState, a: KingsFamilyAction) -> tuple[str, str | None]:
    """Why a sibling play is refused (KB-M4, KB-T1, KF-4, KB-G2)."""
    if state.sib_child < 0:
        return ("siblings may be played only right after a birth", "KB-M4")
    h = a.card
    if h not in state.hand:
        return (f"{NOTATION[h]} is not in your hand", "KB-T1")
    if NUMBER[h] != NUMBER[state.sib_child]:
        return (f"{NOTATION[h]} does not have the number of the child {NOTATION[state.sib_child]}", "KB-M4")
    if state.sib_count == 0 and sum(1 for c in state.hand if c < _NC and NUMBER[c] == NUMBER[h]) < 2:
        return ("a sibling group needs two or more cards of the child's number in hand", "KB-M4")
    if state.sib_count > 0 and a.side != state.sib_side:
        return (f"siblings go on one side of the child only ({SIDE_NAMES[state.sib_side]})", "KB-M4")
    row = state.gen.row_of(state.sib_child)
    if state.gen.row_size(row) + (2 if state.sib_count == 0 else 1) > ROW_LIMIT:
        return ("the generation has no room for the sibling group (10 cards at most)", "KF-4")
    return (f"the {SIDE_NAMES[a.side]} side has no room for a line of siblings", "KB-G2")


def do_sibling(state: KingsFamilyState, a: KingsFamilyAction, ev: list[Event]) -> None:
    """Place a sibling beside the last card of the line (KB-M4); its ability draws (KF-6)."""
    h = a.card
    side = a.side
    state.hand.remove(h)
    beside = state.sib_last
    state.gen.place(h, beside, side)
    state.sib_last = h
    state.sib_side = side
    state.sib_count += 1
    ev.append(new_event("sibling", (_sibling_text, h, side, beside), SEAT, None, (_pair_data, h, beside)))
    ability_draws(state, h, ev)


# ---------------------------------------------------------------------- the Events (KB-E*, KF-6)
def legal_event(state: KingsFamilyState, face: int, out: list[KingsFamilyAction]) -> bool:
    """Append the plays of the Event ``face``; return whether a play was refused only by the
    generation limit (KF-4). Assassination and Exile target any Active card; Enthronement one
    without an Enthronement (KB-E4); New Connection moves an Active card beside another (KB-E3,
    KB-G5), each with its ``nomarry`` variant where a Marriage may be declined (KB-M2)."""
    gen = state.gen
    active = gen.active_order()
    if face in (ASSASSINATION, EXILE):
        table = A.ASSASSINATE_TABLE if face == ASSASSINATION else A.EXILE_TABLE
        for t in active:
            out.append(table[t])
        return False
    if face == ENTHRONEMENT:
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
            out.append(KingsFamilyAction(A.CONNECT, c, dest, side, 0))
            if optional and MATCH[c * _NC + dest] == 2:
                out.append(KingsFamilyAction(A.CONNECT, c, dest, side, 1))
    return capped


def explain_event(state: KingsFamilyState, a: KingsFamilyAction) -> tuple[str, str | None]:
    """Why an Event play is refused (KB-T1, KB-G3, KB-G5, KB-E4, KF-4, KB-M2)."""
    kind = a.kind
    face = EVENT_OF_KIND[kind]
    if state.pending_event < 0 and face not in state.hand:
        return (f"you hold no {EVENT_TITLE[face]} card", "KB-T1")
    gen = state.gen
    t = a.target if kind != A.CONNECT else a.card
    if t not in gen:
        return (f"{NOTATION[t]} is not in the Genealogy", "KB-G3")
    if not gen.is_active(t):
        return (f"{NOTATION[t]} is not Active", "KB-G3")
    if kind == A.ENTHRONE:
        return (f"{NOTATION[t]} already has an Enthronement attached", "KB-E4")
    if kind == A.CONNECT:
        return _explain_placement(state, a.card, a.target, a.side, a.flag, False)
    return ("not legal now", None)


def do_event(state: KingsFamilyState, a: KingsFamilyAction, ev: list[Event]) -> None:
    """Play an Event from the hand, or the one drawn at a Marriage (KB-M3): New Connection moves
    an Active card (KB-E3; a Marriage it forms draws a child, the moved card's ability does not
    trigger); Enthronement attaches under an Active card and only the higher generations go
    (KF-6); Assassination and Exile discard an Active card with what is attached, then draw."""
    kind = a.kind
    face = EVENT_OF_KIND[kind]
    drawn = state.pending_event >= 0
    if drawn:
        state.pending_event = -1  # the Event drawn at the Marriage (KB-M3)
        state.marriage = None
    else:
        state.hand.remove(face)
    gen = state.gen
    t = a.target
    if kind == A.CONNECT:
        c = a.card
        side = a.side
        declined = a.flag
        state.discard.append(face)
        gen.move(c, t, side)
        marry = not declined and marries(c, t)
        ev.append(
            new_event("connect", (E.connect_text, drawn, c, side, t, marry, declined), SEAT, None, (_pair_data, c, t))
        )
        if marry:
            marriage(state, c, t, ev)  # KB-E3: the moved card's ability does not trigger
        return
    if kind == A.ENTHRONE:
        row = gen.row_of(t)
        gen.attach(t, ENTHRONEMENT)
        removed = gen.remove_rows_above(row)  # KF-6: only the higher generations go
        gone: list[int] = []
        for c, att in removed:
            gone.append(c)
            gone.extend(att)
        state.discard.extend(gone)
        out = tuple(gone)
        ev.append(new_event("enthrone", (E.enthrone_text, drawn, t, len(out)), SEAT, None, (E.enthrone_data, t, out)))
        return
    att = gen.remove(t)
    state.discard.append(t)
    state.discard.extend(att)
    state.discard.append(face)
    attached = tuple(att)
    ev.append(new_event("discard", (E.removal_text, drawn, face, t, attached), SEAT, None, (E.removal_data, t, face)))
    draw_to_hand(state, EVENT_DRAWS[face], face, ev)


# ---------------------------------------------------------------------- DRAW (KF-2, KF-3, KF-7)
def explain_draw(state: KingsFamilyState) -> tuple[str, str | None]:
    """Why ``draw`` is refused: a full hand (KF-3), a closed draw pile (KF-7), or a legal play
    (KF-2: no drawing while a play exists)."""
    if len(state.hand) >= HAND_LIMIT:
        return ("your hand holds 10 cards: you may not draw", "KF-3")
    if not state.can_draw():
        return ("no card can be drawn (the draw pile is exhausted)", "KF-7")
    plays = state.legal_actions()
    example = f" (e.g. {plays[0]})" if plays else ""
    return (f"you may not draw while you hold a legal play{example}", "KF-2")


def do_draw(state: KingsFamilyState, ev: list[Event]) -> None:
    """Draw one card (KF-2)."""
    draw_to_hand(state, 1, E.NO_PLAY, ev)


# ---------------------------------------------------------------------- shared steps
def draw_one(state: KingsFamilyState, ev: list[Event]) -> int:
    """Take the top card of the draw pile (any cause); -1 when no card can be drawn.

    Runs KF-7 the moment the pile runs out: more than 20 discards are reshuffled into a new draw
    pile, otherwise drawing is closed for good; either way the exhaustion scores 10 (KF-9, KF-X5).
    """
    pile = state.pile
    if state.closed or not pile:
        return -1
    c = pile.pop()
    if not pile:
        state.exhaustions += 1
        discard = state.discard
        n = len(discard)
        if n >= RESHUFFLE_MINIMUM:
            state.discard = []
            shuffle(state.rng, discard)
            state.pile = discard
            ev.append(new_event("reshuffle", (E.reshuffle_text, n), None, None, (E.reshuffle_data, n)))
        else:
            state.closed = True
            ev.append(new_event("exhausted", (E.exhausted_text, n), None, None, (E.exhausted_data, n)))
    return c


def draw_to_hand(state: KingsFamilyState, n: int, cause: int, ev: list[Event]) -> int:
    """Draw up to ``n`` cards into the hand, stopping at 10 cards (KF-3) or when no card can be
    drawn (KF-7); ``cause`` is the card whose ability or Event draws them, or
    ``eventtexts.NO_PLAY`` (KF-2). Returns the number drawn."""
    drawn: list[int] = []
    hand = state.hand
    for _ in range(n):
        if len(hand) >= HAND_LIMIT:
            break
        c = draw_one(state, ev)
        if c < 0:
            break
        insort(hand, c)
        drawn.append(c)
    k = len(drawn)
    short = E.SHORT_NONE
    if k < n:
        short = E.SHORT_LIMIT if len(hand) >= HAND_LIMIT else E.SHORT_EMPTY
    ability = state.abilities[cause] if 0 <= cause < _NC else 0
    ev.append(new_event("draw", (_draws_text, k, n, cause, ability, short), SEAT, None, (_draws_data, k, n)))
    if drawn:
        cards = tuple(drawn)
        ev.append(new_event("draw", (_drawn_text, cards, cause, ability), SEAT, ME, (_cards_data, cards)))
    return k


def ability_draws(state: KingsFamilyState, card: int, ev: list[Event]) -> None:
    """KF-6: the special ability of a Character played from the hand draws cards (Skip 1,
    Reverse 2, Draw 3 three)."""
    ability = state.abilities[card]
    if ability:
        draw_to_hand(state, ABILITY_DRAWS[ability], card, ev)


def marriage(state: KingsFamilyState, a: int, b: int, ev: list[Event]) -> None:
    """KB-M3: draw the top card; a Character is born under the parents, an Event must be played
    at once. KF-X1: the hand limit does not apply (the card never enters the hand); KF-X2: with no
    card to draw the Marriage has no child; KF-X4: a child that would be an 11th card in its
    generation is discarded."""
    c = draw_one(state, ev)
    if c < 0:
        ev.append(new_event("marriage", (E.childless_text, a, b), None, None, {}))
        return
    if c >= _NC:
        state.pending_event = c
        state.marriage = (a, b)
        ev.append(new_event("marriage", (E.marriage_event_text, a, b, c), None, None, (E.drawn_card_data, c)))
        return
    gen = state.gen
    row, _ = gen.child_spot(a, b)
    if gen.row_size(row) >= ROW_LIMIT:
        state.discard.append(c)
        ev.append(new_event("marriage", (E.crowded_text, a, b, c), None, None, (E.drawn_card_data, c)))
        return
    gen.add_child(a, b, c)
    state.sib_child = c
    state.sib_last = c
    state.sib_side = -1
    state.sib_count = 0
    ev.append(new_event("birth", (_birth_text, a, b, c), None, None, (_child_data, c)))


def end(state: KingsFamilyState, reason: str, ev: list[Event]) -> None:
    """The game ends (KF-8) for ``reason`` (one of ``phases.END_REASONS``)."""
    state.over = True
    state.end_reason = reason
    state.pending_event = -1
    state.marriage = None
    state.sib_child = -1
    state._legal = []
    parts = state.score_parts()
    ev.append(new_event("end", (E.end_text, reason, parts["score"]), None, None, (E.end_data, reason, parts)))


def refound(state: KingsFamilyState, ev: list[Event]) -> bool:
    """KB-T8: draw until a Character appears and make it the founder; Events drawn are discarded.
    Returns False when no card can be drawn."""
    while True:
        c = draw_one(state, ev)
        if c < 0:
            return False
        if c < _NC:
            state.gen.found(c)
            ev.append(new_event("found", (E.new_founder_text, c), None, None, (_card_data, c)))
            return True
        state.discard.append(c)
        ev.append(new_event("discard", (E.not_founder_text, c), None, None, (_card_data, c)))


def settle(state: KingsFamilyState, ev: list[Event]) -> None:
    """Resolve what needs no decision and find the next decision (its legal actions, kept in
    ``state._legal``), or end the game (KF-8). An Event drawn at a Marriage with no legal target is
    discarded (KF-X3); an empty Genealogy gets a new founder (KB-T8)."""
    while True:
        if state.pending_event >= 0:
            plays, _ = legal_plays(state)
            if plays:
                state._legal = plays
                return
            e = state.pending_event
            state.pending_event = -1
            state.marriage = None
            state.discard.append(e)
            ev.append(new_event("discard", (E.unplayable_text, e), None, None, (_card_data, e)))
            continue
        if state.gen.is_empty:
            if not refound(state, ev):
                end(state, END_NO_FOUNDER, ev)
                return
            continue
        if not state.hand:
            end(state, END_HAND_EMPTY, ev)
            return
        plays, capped = legal_plays(state)
        if plays:
            state._legal = plays
            return
        if capped:
            end(state, END_CAPPED, ev)
        elif len(state.hand) >= HAND_LIMIT:
            end(state, END_FULL_HAND, ev)
        elif not state.can_draw():
            end(state, END_NO_DRAW, ev)
        else:
            state._legal = [A.DRAW_ACTION]
        return


# ---------------------------------------------------------------------- the decision due now
def legal_plays(state: KingsFamilyState) -> tuple[list[KingsFamilyAction], bool]:
    """The legal plays now (no ``draw``) and whether some play was refused only by the
    10-cards-per-generation limit (KF-4, KF-8). Order: the sibling plays; the placements
    (:func:`legal_place`); the Events of the hand in card order. An Event drawn at a Marriage is
    the only play while it waits (KB-M3); a second sibling is owed after the first (KB-M4)."""
    if state.pending_event >= 0:
        out: list[KingsFamilyAction] = []
        legal_event(state, state.pending_event, out)
        return out, False
    legal: list[KingsFamilyAction] = []
    if state.sib_child >= 0:
        sib = legal_sibling(state)
        if state.sib_count == 1:
            return sib, False  # KB-M4: a sibling group has at least two siblings
        legal.extend(sib)
    capped = legal_place(state, legal)
    last = -1
    for h in state.hand:
        if h >= _NC and h != last:
            last = h
            if legal_event(state, h, legal):
                capped = True
    return legal, capped


def legal_actions(state: KingsFamilyState) -> list[KingsFamilyAction]:
    """The legal actions of the decision due now: the plays, or ``draw`` alone when none exists
    (KF-2); none once the game is over."""
    if state.over:
        return []
    plays, _ = legal_plays(state)
    return plays if plays else [A.DRAW_ACTION]


def explain(state: KingsFamilyState, a: KingsFamilyAction) -> tuple[str, str | None]:
    """``(reason, rule id)`` for a well-formed action that is not legal now: a pending Event or a
    sibling owed first (KB-M3, KB-M4), then the refusal of the action's kind."""
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
        return explain_draw(state)
    if kind == A.SIBLING:
        return explain_sibling(state, a)
    if kind == A.PLACE:
        return explain_place(state, a)
    return explain_event(state, a)


def apply_action(state: KingsFamilyState, a: KingsFamilyAction) -> list[Event]:
    """Apply ``a`` (legal now): its kind's effect, then :func:`settle`. Any action but a sibling
    closes the sibling window (KB-M4). Returns the events."""
    ev: list[Event] = []
    kind = a.kind
    if kind != A.SIBLING:
        state.sib_child = -1
    if kind == A.PLACE:
        do_place(state, a, ev)
    elif kind == A.DRAW:
        do_draw(state, ev)
    elif kind == A.SIBLING:
        do_sibling(state, a, ev)
    else:
        do_event(state, a, ev)
    settle(state, ev)
    return ev
