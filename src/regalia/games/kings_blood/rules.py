"""The rules of King's Blood by action kind: for each kind what is legal (``legal_<kind>``), why an
action of that kind is refused (``explain_<kind>``, the reason and the rule it breaks) and what it
does (``do_<kind>``), side by side — PokerKit's ``verify_/can_/do`` model, with legality given as
the set of legal actions (the core's ``apply`` accepts exactly those).

Kinds (:mod:`.actions`): ``PLACE`` (a Character beside an Active card: KB-T1, KB-M1, KB-M2, KB-T3
when passing a Draw 3 on), ``SIBLING`` (KB-M4), ``DRAW`` (KB-T1, KB-T3), ``END``, ``PASS`` (KB-T7)
and ``ANNOUNCE`` (KB-T4) here; the Event cards and the King's Blood card in :mod:`.eventplays`;
the steps they share (the end of a turn, the Marriage, drawing…) in :mod:`.flow`. Then the entry
points the state calls: :func:`legal_actions` (by decision, :mod:`.phases`), :func:`explain` and
:func:`apply_action`.

Plays are looked up, never built: :func:`play_tables` holds, for every target card and every
mask of its placeable sides, the shared action objects of every Character that may go beside it,
and the state's Genealogy keeps the tables of its Active cards (its ``memo``) until it changes.
Functions of a :class:`~regalia.games.kings_blood.state.KingsBloodState` (``state``, imported for
typing only).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from regalia.core.events import Event, new_event  # new_event(kind, text, seat, visible_to, data)
from regalia.games.kings_blood import actions as A
from regalia.games.kings_blood import eventtexts as T
from regalia.games.kings_blood import flow
from regalia.games.kings_blood.actions import ANNOUNCE, DRAW, END, KINGSBLOOD, PASS, PLACE, SIBLING, KingsBloodAction
from regalia.games.kings_blood.cards import (
    MATCH,
    NOTATION,
    NUM_CHARACTERS,
    NUM_FACES,
    NUMBER,
    PHILOSOPHY,
    PHILOSOPHY_NAMES,
)
from regalia.games.kings_blood.eventplays import (
    EVENT_OF_KIND,
    do_event,
    do_kingsblood,
    explain_event_card,
    explain_event_target,
    legal_event,
    legal_events,
    target_refusal,
)
from regalia.games.kings_blood.genealogy import BOTH_SIDES, LEFT, RIGHT, SIDE_NAMES, SIDES
from regalia.games.kings_blood.phases import (
    BIRTH,
    BONUS,
    DEFEND,
    DRAWN,
    FORCED,
    MAX_SEATS,
    PHASE_NAMES,
    SEAT_NAMES,
    SIBLINGS,
    TURN,
)
from regalia.games.kings_blood.words import EVENT_WORDS

if TYPE_CHECKING:
    from regalia.games.kings_blood.state import KingsBloodState

_ANNOUNCE: Final = A.ANNOUNCE_ACTION
_DRAW: Final = A.DRAW_ACTION
_END: Final = A.END_ACTION
_PASS: Final = A.PASS_ACTION
_NC: Final = NUM_CHARACTERS
_NC4: Final = NUM_CHARACTERS * 4
"""The stride of a card's row in ``PLACE_TABLE``."""
_SEAT_NAMES: Final = SEAT_NAMES
_play_text: Final = T.play_text
_play_data: Final = T.play_data
_draws_text: Final = T.draws_text
_drawn_text: Final = T.drawn_text
_drawn_data: Final = T.drawn_data
_count_data: Final = T.count_data
_ends_text: Final = T.ends_text
_ONLY: Final[tuple[frozenset[int], ...]] = tuple(frozenset((seat,)) for seat in range(MAX_SEATS))
_PHASE_RULE: Final[tuple[str, ...]] = ("KB-T1", "KB-T1", "KB-T3", "KB-M4", "KB-M4", "KB-M3", "KB-E1", "KB-T1")
"""The rule of each decision (:mod:`.phases`), for a play it does not allow."""

PlayTable = tuple[tuple[KingsBloodAction, ...], ...]
"""The plays on one Genealogy card with given placeable sides, indexed by the face played
(``NUM_FACES`` entries; ``()`` where there is none, always for Events and the King's Blood card)."""

SideTables = list[list[PlayTable]]
"""``tables[mask][target]``: the :data:`PlayTable` of ``target`` when the mask of its placeable
sides is ``mask`` (``LEFT_SIDE``, ``RIGHT_SIDE``, ``BOTH_SIDES``; entry 0 is empty)."""


# ---------------------------------------------------------------------- PLACE (KB-T1, KB-M1, KB-M2, KB-T3)
def _build_play_tables(optional: bool, kings_blood: bool) -> SideTables:
    tables: SideTables = [[]]
    for mask in range(1, BOTH_SIDES + 1):
        sides = SIDES[mask]
        per_target: list[PlayTable] = []
        for t in range(_NC):
            per_face: list[tuple[KingsBloodAction, ...]] = []
            for f in range(NUM_FACES):
                m = 0
                if f < _NC and f != t:
                    m = 2 if kings_blood else MATCH[f * _NC + t]
                acts: list[KingsBloodAction] = []
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


def _rows_for(state: KingsBloodState, targets: list[int], optional: bool) -> list[PlayTable]:
    """The play table of each Active card of ``targets``, in order."""
    gen = state.gen
    tables = play_tables(optional, False)
    kb = state.kb_on
    if kb < 0:
        return [tables[gen.side_mask(t)][t] for t in targets]
    kb_tables = play_tables(optional, True)  # KB-E5: the King's Blood character
    return [(kb_tables if t == kb else tables)[gen.side_mask(t)][t] for t in targets]


def _new_memo(state: KingsBloodState) -> list[PlayTable]:
    """The play tables of the Active cards of the current Genealogy, kept in its ``memo`` with
    ``kb_on`` as its ``memo_key`` (``kb_on`` is kept in the state, not in the Genealogy); the
    player count and the options are the same for every state that can share a Genealogy's memo
    (its clones). (The Event plays are not kept: the Genealogy changes before the same Event is
    looked at again, almost always.)"""
    gen = state.gen
    kb = state.kb_on
    if kb < 0:
        rows = gen.active_lookup(play_tables(state.marriage_optional, False))
    else:
        rows = _rows_for(state, gen.active_order(), state.marriage_optional)
    gen.memo = rows
    gen.memo_key = kb
    return rows


def legal_place(
    state: KingsBloodState, out: list[KingsBloodAction], faces: list[int], only: int, hand_size: int
) -> None:
    """Plays of ``faces`` (sorted; only Events may repeat) from hand on the Active cards (or on
    the card ``only`` when it is not -1): KB-T1, KB-M1/M2, KB-T5 (no Event or King's Blood card
    as the last card), KB-E1..E5."""
    if not faces:
        return
    if only < 0:
        gen = state.gen
        memo: list[PlayTable] | None = gen.memo
        rows = memo if memo is not None and gen.memo_key == state.kb_on else _new_memo(state)
    else:
        if not state.gen.side_mask(only):
            return
        rows = _rows_for(state, [only], state.marriage_optional)
    # Characters (faces < NUM_CHARACTERS) sort first; the play tables are empty for the rest
    out += [a for f in faces for row in rows for a in row[f]]
    if faces[-1] >= _NC and hand_size >= 2:
        legal_events(state, out, faces, only)


def legal_transfers(state: KingsBloodState, out: list[KingsBloodAction]) -> None:
    """KB-T3: a Skip, Reverse or Draw 3 played on an Active card by the matching rule (no
    Marriage, so no ``nomarry`` variant)."""
    abilities = state.abilities
    faces = [f for f in sorted(set(state.hands[state.turn_player])) if f < _NC and abilities[f]]
    if not faces:
        return
    rows = _rows_for(state, state.gen.active_order(), False)
    out += [a for f in faces for row in rows for a in row[f]]


def explain_card(state: KingsBloodState, card: int) -> tuple[str, str] | None:
    """A Character's play (``place`` or ``sibling``) refused for the card: not in hand, or not
    the card drawn (KB-T1); ``None`` when it is playable."""
    if card not in state.hands[state.turn_player]:
        return f"you do not hold {NOTATION[card]}", "KB-T1"
    if state.phase == DRAWN and card != state.drawn:
        return f"after drawing you may play only the card drawn, {NOTATION[state.drawn]}", "KB-T1"
    return None


def explain_place(state: KingsBloodState, a: KingsBloodAction) -> tuple[str, str] | None:
    """``place`` refused: the sibling group or the child first (KB-M4), the target (KB-G3), no
    match (KB-T1), no room (KB-G2), passing a Draw on (KB-T3), ``nomarry`` (KB-M1, KB-M2)."""
    card, t = a.card, a.target
    ph = state.phase
    if ph == SIBLINGS:
        return "finish the sibling group (another sibling or end)", "KB-M4"
    if ph == BIRTH and t != state.child:
        return f"after a birth you may play only on the child, {NOTATION[state.child]}", "KB-M4"
    problem = target_refusal(state, t)
    if problem:
        return problem
    if not flow.matches(state, card, t):
        return (
            f"{NOTATION[card]} matches neither colour ({PHILOSOPHY_NAMES[PHILOSOPHY[t]]}) nor number ({NUMBER[t]}) of {NOTATION[t]}",
            "KB-T1",
        )
    if not state.gen.can_place(t, a.side):
        return (
            f"no room on the {SIDE_NAMES[a.side]} of {NOTATION[t]} (a card may touch only one neighbour)",
            "KB-G2",
        )
    if ph == DEFEND:
        if not state.abilities[card]:
            return (
                f"{NOTATION[card]} has no Skip, Reverse or Draw 3 ability to pass the Draw on; play one or draw",
                "KB-T3",
            )
        return "no Marriage is formed when passing a Draw on ('nomarry' does not apply)", "KB-T3"
    if a.flag:
        if not flow.marries(state, card, t):
            return f"{NOTATION[card]} beside {NOTATION[t]} forms no Marriage: drop 'nomarry'", "KB-M1"
        return "Marriages are compulsory (marriage_optional=false)", "KB-M2"
    return None


def do_place(state: KingsBloodState, a: KingsBloodAction, seat: int) -> None:
    """Place a Character beside an Active card (KB-T1): going out wins (KB-T5); passing a Draw 3
    on ends the turn (KB-T3, KB-X10); otherwise a Marriage draws a child (KB-M1, KB-M3) unless
    declined (KB-M2), else the turn ends."""
    state.passes = 0
    _, f, t, side, nomarry = a
    phase = state.phase
    hand = state.hands[seat]
    hand.remove(f)  # flow.take, inlined
    known = state.known[seat]
    if known and f in known:
        known.remove(f)
    row, x = state.gen.place(f, t, side)
    state.last_played = f
    state.events.append(
        new_event("play", (_play_text, seat, f, side, t, state.abilities[f]), seat, None, (_play_data, f, t, row, x))
    )
    if not hand and state.winner < 0:
        flow.check_emptied(state, seat)
    if phase == DEFEND:
        flow.end_turn(state)  # KB-T3: no Marriage; the pending draw moves on; KB-X10: this was the turn
    elif not nomarry and (MATCH[f * _NC + t] == 2 or (state.kb_on >= 0 and (f == state.kb_on or t == state.kb_on))):
        flow.marriage(state, f, t)  # flow.marries (KB-M1), inlined
    else:
        flow.end_turn(state)


# ---------------------------------------------------------------------- SIBLING (KB-M4)
def legal_sibling(state: KingsBloodState, out: list[KingsBloodAction], anchor: int, side: int) -> None:
    """KB-M4: two or more cards with the child's number in a line on one side of the child
    (KB-X11: matched by number only; they never marry). ``side`` is the side of the line once
    it has started, -1 before the first sibling."""
    number = NUMBER[anchor]
    faces = [f for f in sorted(set(state.hands[state.turn_player])) if f < _NC and NUMBER[f] == number]
    gen = state.gen
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


def explain_sibling(state: KingsBloodState, a: KingsBloodAction) -> tuple[str, str]:
    """``sibling`` refused: not after a birth, another number, another side, too few siblings in
    hand (KB-M4), or no room (KB-G2)."""
    ph = state.phase
    if ph not in (BIRTH, SIBLINGS):
        return "siblings are played only right after a birth", "KB-M4"
    anchor = state.child
    if NUMBER[a.card] != NUMBER[anchor]:
        return f"a sibling must have the child's number {NUMBER[anchor]}, not {NUMBER[a.card]}", "KB-M4"
    if ph == SIBLINGS and a.side != state.sib_side:
        return f"all siblings go on one side of the child (the {SIDE_NAMES[state.sib_side]})", "KB-M4"
    if ph == BIRTH:
        same = sum(1 for f in set(state.hands[state.turn_player]) if f < _NC and NUMBER[f] == NUMBER[anchor])
        if same < 2:
            return f"siblings need two or more cards numbered {NUMBER[anchor]} (you hold {same})", "KB-M4"
    return f"there is no room for a line of siblings on the {SIDE_NAMES[a.side]} of {NOTATION[anchor]}", "KB-G2"


def do_sibling(state: KingsBloodState, a: KingsBloodAction, seat: int) -> None:
    """Place a sibling in the line beside the child or the last sibling (KB-M4); going out wins
    (KB-T5), and a line that uses up the hand ends the turn."""
    f = a.card
    anchor = state.child
    flow.take(state, seat, f)
    row, x = state.gen.place(f, anchor, a.side)
    if state.phase == BIRTH:
        state.sib_side = a.side
        state.sib_count = 1
        state.phase = SIBLINGS
    else:
        state.sib_count += 1
    state.child = f  # the next sibling goes beside this one (KB-M4: in a line)
    state.last_played = f
    state.events.append(
        new_event(
            "sibling",
            (T.sibling_text, seat, f, state.abilities[f], a.side, anchor),
            seat,
            None,
            (T.sibling_data, f, row, x),
        )
    )
    flow.check_emptied(state, seat)
    if not state.hands[seat]:
        flow.end_turn(state)  # won, or KB-T4b: a line that has used up the hand ends the turn


# ---------------------------------------------------------------------- DRAW (KB-T1, KB-T3)
def explain_draw(state: KingsBloodState) -> tuple[str, str]:
    """``draw`` refused, by the decision (KB-T7, KB-T1, KB-M4, KB-M3, KB-E1)."""
    ph = state.phase
    if ph == TURN:
        return "the draw pile and the discards are empty: nobody can draw", "KB-T7"
    if ph == DRAWN:
        return "you have already drawn this turn; play the card drawn or end", "KB-T1"
    if ph in (BIRTH, SIBLINGS):
        return "after a birth you may only play on the child (or siblings) or end; no draw", "KB-M4"
    if ph == FORCED:
        return f"the Event drawn at the Marriage ({NOTATION[state.pending_card]}) must be played first", "KB-M3"
    return "after an Assassination or the King's Blood card you may play one more card or end, not draw", "KB-E1"


def do_draw(state: KingsBloodState, seat: int) -> None:
    """Facing a Draw 3, draw the cards, then play a normal turn (KB-T3); otherwise draw one card,
    which may then be played (KB-T1)."""
    state.passes = 0
    ev = state.events
    if state.phase == DEFEND:
        count = state.pending_draw
        state.pending_draw = 0
        flow.draw_into(state, seat, count, " for the Draw 3")
        state.phase = TURN  # KB-T3: then a normal turn
        return
    pile = state.pile
    c = pile.pop() if pile else flow.draw_one(state)
    assert c is not None
    hand = state.hands[seat]
    hand.append(c)  # flow.gain, inlined
    if len(hand) > 2:
        state.announced[seat] = False  # KB-X1
    state.drawn = c
    state.phase = DRAWN
    ev.append(new_event("draw", (_draws_text, seat, 1, ""), seat, None, (_count_data, 1)))
    cards = (c,)
    ev.append(new_event("draw", (_drawn_text, seat, cards), seat, _ONLY[seat], (_drawn_data, cards)))


# ---------------------------------------------------------------------- END
def explain_end(state: KingsBloodState) -> tuple[str, str]:
    """``end`` refused, by the decision (KB-T1, KB-T3, KB-M3, KB-M4)."""
    ph = state.phase
    if ph == TURN:
        return "you must play a card or draw on your turn", "KB-T1"
    if ph == DEFEND:
        return "facing a Draw, pass it on or draw the cards", "KB-T3"
    if ph == FORCED:
        return f"the Event drawn at the Marriage ({NOTATION[state.pending_card]}) must be played", "KB-M3"
    return "a sibling group has at least two siblings: place another", "KB-M4"


def do_end(state: KingsBloodState, seat: int) -> None:
    """End the turn (after a draw, a birth, siblings or one more play)."""
    state.passes = 0
    if state.phase == SIBLINGS or state.phase == BIRTH:
        state.events.append(new_event("end", (_ends_text, seat), seat, None, {}))
    flow.end_turn(state)


# ---------------------------------------------------------------------- PASS (KB-T7)
def explain_pass(state: KingsBloodState) -> tuple[str, str]:
    """``pass`` refused: a play or a draw is possible (KB-T7)."""
    return "you may pass only when you can neither play nor draw", "KB-T7"


def do_pass(state: KingsBloodState, seat: int) -> None:
    """Pass with nothing to play or draw; when every player has passed in a row the game ends
    (KB-T7)."""
    state.passes += 1
    state.events.append(
        new_event("pass", f"{_SEAT_NAMES[seat]} passes: nothing to play, nothing to draw", seat, None, {})
    )
    if state.passes >= state.num_players:
        flow.finish(state)  # KB-T7: every player passed in sequence
    else:
        flow.end_turn(state)


# ---------------------------------------------------------------------- ANNOUNCE (KB-T4, KB-T4b)
def legal_announce(state: KingsBloodState) -> bool:
    """Whether ``announce`` is offered: at every decision of your own turn with one or two cards,
    once, with ``announcement = "required"`` (KB-T4, KB-T4b) — so it can come before the turn ends
    with one card or before the last card is played."""
    hand = state.hands[state.turn_player]
    return 0 < len(hand) <= 2 and state.announce_required and not state.announced[state.turn_player]


def explain_announce(state: KingsBloodState) -> tuple[str, str]:
    """``announce`` refused: automatic announcements, too late, already made, or not with one
    or two cards in hand (KB-T4, KB-T4b)."""
    hand = state.hands[state.turn_player]
    if state.config.announcement == "automatic":
        return "announcements are made automatically (announcement=automatic)", "KB-T4"
    if state.last_card_penalty:
        return (
            "too late: you played your last card without announcing King's Blood!, so you draw 3 and miss "
            "your next turn when this turn ends",
            "KB-T4b",
        )
    if state.announced[state.turn_player]:
        return "you have already announced King's Blood!", "KB-T4"
    if not hand:
        return "you hold no card: King's Blood! is announced while you hold one or two", "KB-T4"
    return f"you may announce only with two or fewer cards (you hold {len(hand)})", "KB-T4"


def do_announce(state: KingsBloodState, seat: int) -> None:
    """Announce King's Blood! (KB-T4): the decision stays the same."""
    state.announced[seat] = True
    state.events.append(new_event("announce", f"{_SEAT_NAMES[seat]}: King's Blood!", seat, None, {}))


# ---------------------------------------------------------------------- the decision due now
def legal_actions(state: KingsBloodState) -> list[KingsBloodAction]:
    """The legal actions of the seat to act in a stable order, by decision (see :mod:`.phases`)."""
    ph = state.phase
    hand = state.hands[state.turn_player]
    if ph == TURN:
        # legal_place(state, out, sorted(hand), -1, len(hand)), inlined: the most frequent case
        gen = state.gen
        rows: list[PlayTable] | None = gen.memo
        if rows is None or gen.memo_key != state.kb_on:
            rows = _new_memo(state)
        faces = sorted(hand)
        out = [a for f in faces for row in rows for a in row[f]]
        if faces and faces[-1] >= _NC and len(hand) >= 2:
            legal_events(state, out, faces, -1)
        if state.pile or state.discard:
            out.append(_DRAW)
        elif not out:
            out.append(_PASS)  # KB-T7
    else:
        out = []
        if ph == DRAWN:
            legal_place(state, out, [state.drawn], -1, len(hand))  # KB-T1: only the card drawn
            out.append(_END)
        elif ph == DEFEND:
            legal_transfers(state, out)
            out.append(_DRAW)
        elif ph == BIRTH:
            child = state.child
            if state.gen.is_active(child):  # KB-X11: the child must be Active to be played on
                legal_place(state, out, sorted(hand), child, len(hand))
                legal_sibling(state, out, child, -1)
            out.append(_END)
        elif ph == SIBLINGS:
            legal_sibling(state, out, state.child, state.sib_side)
            if state.sib_count >= 2:
                out.append(_END)
        elif ph == FORCED:
            legal_event(state, out, state.pending_card, -1)
        elif ph == BONUS:
            legal_place(state, out, sorted(hand), -1, len(hand))
            out.append(_END)
        else:
            return out  # OVER
    if legal_announce(state):
        out.append(_ANNOUNCE)
    return out


def explain(state: KingsBloodState, a: KingsBloodAction) -> tuple[str, str | None]:
    """The reason ``a`` is refused now and the rule or ruling it rests on: the ``explain_<kind>``
    of its kind, after the checks a card play shares (the Event drawn at a Marriage, the card in
    hand); a play none of them refuses is not legal in the decision."""
    k = a.kind
    if k == ANNOUNCE:
        return explain_announce(state)
    if k == PASS:
        return explain_pass(state)
    if k == DRAW:
        return explain_draw(state)
    if k == END:
        return explain_end(state)
    why = explain_event_card(state, k)
    if why is None and k in (PLACE, SIBLING):
        why = explain_card(state, a.card)
    if why is None:
        if k == SIBLING:
            return explain_sibling(state, a)
        if k == PLACE:
            why = explain_place(state, a)
        elif EVENT_OF_KIND[k] >= 0:
            why = explain_event_target(state, a)
    if why is not None:
        return why
    return f"not legal now ({PHASE_NAMES[state.phase]} decision of P{state.turn_player})", _PHASE_RULE[state.phase]


def settle(state: KingsBloodState) -> None:
    """After an action: an Event drawn at a Marriage with no Active card to play it on is
    discarded and the turn ends (KB-X6)."""
    if state.phase != FORCED:
        return
    card = state.pending_card
    probe: list[KingsBloodAction] = []
    legal_event(state, probe, card, -1)
    if probe:
        return
    state.pending_card = -1
    state.discard.append(card)
    state.events.append(
        new_event(
            "discard",
            f"{EVENT_WORDS[card]} has no Active card to target and is discarded",
            state.turn_player,
            None,
            {"card": NOTATION[card]},
        )
    )
    flow.end_turn(state)


def apply_action(state: KingsBloodState, a: KingsBloodAction) -> list[Event]:
    """Apply ``a`` (legal now) for the seat to act: its kind's ``do_<kind>``, then :func:`settle`.
    Returns the events."""
    ev: list[Event] = []
    state.events = ev
    seat = state.turn_player
    k = a.kind
    if k == PLACE:  # the most frequent action first
        do_place(state, a, seat)
    elif k == DRAW:
        do_draw(state, seat)
    elif k == END:
        do_end(state, seat)
    elif k == ANNOUNCE:
        do_announce(state, seat)
        return ev
    elif k == PASS:
        do_pass(state, seat)
        return ev
    elif k == SIBLING:
        state.passes = 0
        do_sibling(state, a, seat)
    elif k == KINGSBLOOD:
        state.passes = 0
        do_kingsblood(state, a, seat)
    else:
        state.passes = 0
        do_event(state, a, seat)
    settle(state)
    return ev
