"""Why a well-formed King's Blood action is not legal now: ``(reason, rule id)``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from regalia.games.kings_blood import actions as A
from regalia.games.kings_blood.actions import KBAction
from regalia.games.kings_blood.cards import (
    ASSASSINATION,
    ENTHRONEMENT,
    EXILE,
    KINGS_BLOOD,
    NEW_CONNECTION,
    NOTATION,
    NUMBER,
    PHILOSOPHY,
    PHILOSOPHY_NAMES,
)
from regalia.games.kings_blood.genealogy import SIDE_NAMES
from regalia.games.kings_blood.phases import BIRTH, DEFEND, DRAWN, FORCED, PHASE_NAMES, SIBLINGS, TURN

if TYPE_CHECKING:
    from regalia.games.kings_blood.state import KingsBloodState

_EVENT_OF: Final[dict[int, int]] = {
    A.ASSASSINATE: ASSASSINATION,
    A.EXILE_TO: EXILE,
    A.CONNECT: NEW_CONNECTION,
    A.ENTHRONE: ENTHRONEMENT,
    A.KINGSBLOOD: KINGS_BLOOD,
}
_PHASE_RULE: Final[dict[str, str]] = {
    "drawn": "KB-T1",
    "defend": "KB-T3",
    "birth": "KB-M4",
    "siblings": "KB-M4",
    "forced": "KB-M3",
    "bonus": "KB-E1",
}


def _target_problem(s: KingsBloodState, t: int) -> tuple[str, str] | None:
    if t not in s.gen:
        return f"{NOTATION[t]} is not in the Genealogy", "KB-G3"
    if not s.gen.is_active(t):
        return f"{NOTATION[t]} is not Active (covered, or no room beside it)", "KB-G3"
    return None


def explain(s: KingsBloodState, a: KBAction) -> tuple[str, str | None]:
    """The reason ``a`` is refused in state ``s`` and the rule or ruling it rests on: the
    ``_why_<kind>`` function of its kind, the checks a card play shares first (the Event drawn
    at a Marriage, the card in hand); a play none of them refuses is not legal in the phase."""
    k = a.kind
    if k == A.ANNOUNCE:
        return _why_announce(s)
    if k == A.PASS:
        return "you may pass only when you can neither play nor draw", "KB-T7"
    if k == A.DRAW:
        return _why_draw(s)
    if k == A.END:
        return _why_end(s)
    why = _why_event_card(s, k)
    if why is None and (k == A.PLACE or k == A.SIBLING):
        why = _why_card(s, a.card)
    if why is None:
        if k == A.SIBLING:
            return _why_sibling(s, a)
        if k == A.PLACE:
            why = _why_place(s, a)
        elif k in _EVENT_OF:
            why = _why_event_target(s, a)
    if why is not None:
        return why
    pname = PHASE_NAMES[s.phase]
    return f"not legal now ({pname} decision of P{s.cur})", _PHASE_RULE.get(pname, "KB-T1")


def _why_announce(s: KingsBloodState) -> tuple[str, str]:
    """``announce`` refused: automatic announcements, too late, already made, or not with one
    or two cards in hand [KB-T4, KB-T4b]."""
    hand = s.hands[s.cur]
    if s.config.announcement == "automatic":
        return "announcements are made automatically (announcement=automatic)", "KB-T4"
    if s.last_card_penalty:
        return (
            "too late: you played your last card without announcing King's Blood!, so you draw 3 and miss "
            "your next turn when this turn ends",
            "KB-T4b",
        )
    if s.announced[s.cur]:
        return "you have already announced King's Blood!", "KB-T4"
    if not hand:
        return "you hold no card: King's Blood! is announced while you hold one or two", "KB-T4"
    return f"you may announce only with two or fewer cards (you hold {len(hand)})", "KB-T4"


def _why_draw(s: KingsBloodState) -> tuple[str, str]:
    """``draw`` refused, by the phase [KB-T7, KB-T1, KB-M4, KB-M3, KB-E1]."""
    ph = s.phase
    if ph == TURN:
        return "the draw pile and the discards are empty: nobody can draw", "KB-T7"
    if ph == DRAWN:
        return "you have already drawn this turn; play the card drawn or end", "KB-T1"
    if ph in (BIRTH, SIBLINGS):
        return "after a birth you may only play on the child (or siblings) or end; no draw", "KB-M4"
    if ph == FORCED:
        return f"the Event drawn at the Marriage ({NOTATION[s.pending_card]}) must be played first", "KB-M3"
    return "after an Assassination or the King's Blood card you may play one more card or end, not draw", "KB-E1"


def _why_end(s: KingsBloodState) -> tuple[str, str]:
    """``end`` refused, by the phase [KB-T1, KB-T3, KB-M3, KB-M4]."""
    ph = s.phase
    if ph == TURN:
        return "you must play a card or draw on your turn", "KB-T1"
    if ph == DEFEND:
        return "facing a Draw, pass it on or draw the cards", "KB-T3"
    if ph == FORCED:
        return f"the Event drawn at the Marriage ({NOTATION[s.pending_card]}) must be played", "KB-M3"
    return "a sibling group has at least two siblings: place another", "KB-M4"


def _why_event_card(s: KingsBloodState, k: int) -> tuple[str, str] | None:
    """An Event card's play refused for the card itself, or any play other than the Event drawn
    at a Marriage [KB-M3]; None when neither refuses it."""
    ph = s.phase
    if ph == FORCED:
        if _EVENT_OF.get(k) != s.pending_card:
            return f"you must play the Event drawn at the Marriage, {NOTATION[s.pending_card]}", "KB-M3"
        return None
    if k not in _EVENT_OF:
        return None
    face = _EVENT_OF[k]
    hand = s.hands[s.cur]
    if face not in hand:
        return f"you do not hold {NOTATION[face]}", "KB-T1"
    if face == KINGS_BLOOD and not s.config.advanced:
        return "the King's Blood card is used only with the Advanced Rules", "KB-E5"
    if ph == DRAWN and face != s.drawn:
        return f"after drawing you may play only the card drawn, {NOTATION[s.drawn]}", "KB-T1"
    if ph == DEFEND:
        return "facing a Draw you may only play Skip, Reverse or Draw 3, or draw", "KB-T3"
    if ph == SIBLINGS:
        return "finish the sibling group (another sibling or end)", "KB-M4"
    if ph == BIRTH and face == KINGS_BLOOD:
        return "after a birth only a Character, an Event or siblings may be played on the child", "KB-M4"
    if len(hand) < 2:
        return f"{NOTATION[face]} cannot be your last card: you can only win with a Character", "KB-T5"
    return None


def _why_card(s: KingsBloodState, card: int) -> tuple[str, str] | None:
    """A Character's play (``place`` or ``sibling``) refused for the card: not in hand, or not
    the card drawn [KB-T1]; None when it is playable."""
    if card not in s.hands[s.cur]:
        return f"you do not hold {NOTATION[card]}", "KB-T1"
    if s.phase == DRAWN and card != s.drawn:
        return f"after drawing you may play only the card drawn, {NOTATION[s.drawn]}", "KB-T1"
    return None


def _why_sibling(s: KingsBloodState, a: KBAction) -> tuple[str, str]:
    """``sibling`` refused: not after a birth, another number, another side, too few siblings in
    hand [KB-M4], or no room [KB-G2]."""
    ph = s.phase
    if ph not in (BIRTH, SIBLINGS):
        return "siblings are played only right after a birth", "KB-M4"
    anchor = s.child
    if NUMBER[a.card] != NUMBER[anchor]:
        return f"a sibling must have the child's number {NUMBER[anchor]}, not {NUMBER[a.card]}", "KB-M4"
    if ph == SIBLINGS and a.side != s.sib_side:
        return f"all siblings go on one side of the child (the {SIDE_NAMES[s.sib_side]})", "KB-M4"
    if ph == BIRTH:
        same = sum(1 for f in set(s.hands[s.cur]) if f < 72 and NUMBER[f] == NUMBER[anchor])
        if same < 2:
            return f"siblings need two or more cards numbered {NUMBER[anchor]} (you hold {same})", "KB-M4"
    return f"there is no room for a line of siblings on the {SIDE_NAMES[a.side]} of {NOTATION[anchor]}", "KB-G2"


def _why_place(s: KingsBloodState, a: KBAction) -> tuple[str, str] | None:
    """``place`` refused: the sibling group or the child first [KB-M4], the target [KB-G3], no
    match [KB-T1], no room [KB-G2], passing a Draw on [KB-T3], ``nomarry`` [KB-M1, KB-M2]."""
    card, t = a.card, a.target
    ph = s.phase
    if ph == SIBLINGS:
        return "finish the sibling group (another sibling or end)", "KB-M4"
    if ph == BIRTH and t != s.child:
        return f"after a birth you may play only on the child, {NOTATION[s.child]}", "KB-M4"
    problem = _target_problem(s, t)
    if problem:
        return problem
    if not s._matches(card, t):
        return (
            f"{NOTATION[card]} matches neither colour ({PHILOSOPHY_NAMES[PHILOSOPHY[t]]}) nor number ({NUMBER[t]}) of {NOTATION[t]}",
            "KB-T1",
        )
    if not s.gen.can_place(t, a.side):
        return (
            f"no room on the {SIDE_NAMES[a.side]} of {NOTATION[t]} (a card may touch only one neighbour)",
            "KB-G2",
        )
    if ph == DEFEND:
        if not s.abil[card]:
            return (
                f"{NOTATION[card]} has no Skip, Reverse or Draw 3 ability to pass the Draw on; play one or draw",
                "KB-T3",
            )
        return "no Marriage is formed when passing a Draw on ('nomarry' does not apply)", "KB-T3"
    if a.flag:
        if not s._marries(card, t):
            return f"{NOTATION[card]} beside {NOTATION[t]} forms no Marriage: drop 'nomarry'", "KB-M1"
        return "Marriages are compulsory (marriage_optional=false)", "KB-M2"
    return None


def _why_event_target(s: KingsBloodState, a: KBAction) -> tuple[str, str] | None:
    """An Event's target refused: the child first [KB-M4], the target [KB-G3], a second
    Enthronement [KB-E4], a New Connection's destination [KB-G5], ``nomarry`` [KB-M1, KB-M2]."""
    k = a.kind
    t = a.card if k == A.CONNECT else a.target
    if s.phase == BIRTH and t != s.child:
        return f"after a birth you may play only on the child, {NOTATION[s.child]}", "KB-M4"
    problem = _target_problem(s, t)
    if problem:
        return problem
    if k == A.ENTHRONE:
        return f"{NOTATION[t]} already has an Enthronement attached", "KB-E4"
    if k != A.CONNECT:
        return None
    d = a.target
    if d not in s.gen:
        return f"{NOTATION[d]} is not in the Genealogy", "KB-G5"
    if (d, a.side) not in s.gen.connection_moves(t):
        return (
            f"{NOTATION[t]} cannot go to the {SIDE_NAMES[a.side]} of {NOTATION[d]} (no room, or back where it came from)",
            "KB-G5",
        )
    if a.flag:
        if not s._marries(t, d):
            return f"moving {NOTATION[t]} beside {NOTATION[d]} forms no Marriage: drop 'nomarry'", "KB-M1"
        return "Marriages are compulsory (marriage_optional=false)", "KB-M2"
    return None
