"""What each King's Family action does, in the rulebook's words (``State.label``), and the heading
of each group of actions in a long list (``State.choice_group``); computed for the fronts only.

No two legal actions are interchangeable (``State._choice_key`` keeps its default): every action
names the card it plays, the card it targets and the side, and each leads to a different
Genealogy or hand; two copies of one Event in the hand already give a single action per target.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from regalia.games.kings_blood.cards import (
    ENTHRONEMENT,
    NOTATION,
    PHILOSOPHY,
)
from regalia.games.kings_blood.genealogy import SIDE_NAMES
from regalia.games.kings_family import actions as A
from regalia.games.kings_family.actions import KingsFamilyAction
from regalia.games.kings_family.cards import (
    ABILITY_DRAWS,
    EVENT_DRAWS,
    EVENT_OF_KIND,
    EVENT_TITLE,
    marries,
)
from regalia.games.kings_family.phases import (
    HAND_LIMIT,
)
from regalia.games.kings_family.words import card_name, cards_word, generation_number

if TYPE_CHECKING:
    from regalia.games.kings_family.state import KingsFamilyState


def _draws(state: KingsFamilyState, asked: int, hand_after: int) -> str:
    """What drawing ``asked`` cards gives with ``hand_after`` cards left in the hand: ``"you draw
    3 cards"``, stopped by the hand limit (KF-3) or a closed draw pile (KF-7)."""
    if state.closed:
        return "you draw nothing (no card can be drawn, KF-7)"
    k = min(asked, max(0, HAND_LIMIT - hand_after))
    if k == 0:
        return "you draw nothing (hand limit 10)"
    if len(state.pile) < k:
        return f"you draw up to {cards_word(k)} (the draw pile runs out)"
    return f"you draw {cards_word(k)}" + (" (hand limit 10)" if k < asked else "")


def _marriage(state: KingsFamilyState, card: int, beside: int, declined: int) -> str:
    """What a placement of ``card`` beside ``beside`` does about a Marriage (KB-M1..M3)."""
    if not marries(card, beside):
        return ""
    if declined:
        return f"the Marriage with {NOTATION[beside]} is declined"
    if state.closed:
        return f"a Marriage with {NOTATION[beside]}, without a child (no card can be drawn, KF-X2)"
    return f"a Marriage with {NOTATION[beside]}: their child is the top card of the draw pile"


def _left_empty(state: KingsFamilyState, card: int) -> str:
    """The note for taking ``card`` out of its generation: the generation or the Genealogy left
    empty (fewer points, KF-9; a new founder, KB-T8)."""
    gen = state.gen
    if len(gen) == 1:
        if state.closed:
            return "; the Genealogy is left empty and, with no card to draw, the game ends (KB-T8)"
        return "; the Genealogy is left empty and a new founder is drawn (KB-T8)"
    row = gen.row_of(card)
    if gen.row_size(row) == 1:
        return f"; generation {generation_number(state, row)} is left empty"
    return ""


def label(state: KingsFamilyState, a: KingsFamilyAction) -> str:
    """A short label for action ``a``: the cards with their names and abilities, then, after a
    dash, what the action does (cards drawn, the Marriage, discards, the score an Enthronement
    gives)."""
    kind = a.kind
    if kind == A.DRAW:
        return f"draw the top card of the draw pile ({len(state.pile)} left): no card in your hand can be played"
    effects: list[str] = []
    if kind in (A.PLACE, A.SIBLING):
        h = a.card
        if kind == A.PLACE:
            t = a.target
            match = "same colour" if PHILOSOPHY[h] == PHILOSOPHY[t] else "same number"
            text = f"{card_name(state, h)} {SIDE_NAMES[a.side]} of {NOTATION[t]} ({match})"
        else:
            first = state.sib_count == 0
            beside = state.sib_child if first else state.sib_last
            what = "starts a sibling group" if first else "adds a sibling"
            text = f"{card_name(state, h)} {what} {SIDE_NAMES[a.side]} of {NOTATION[beside]} (siblings never marry)"
        ability = state.abilities[h]
        if ability:  # KF-6, resolved before the Marriage (KF-5)
            effects.append(_draws(state, ABILITY_DRAWS[ability], len(state.hand) - 1))
        if kind == A.PLACE:
            m = _marriage(state, h, a.target, a.flag)
            if m:
                effects.append(m)
        return text + (" — " + ", then ".join(effects) if effects else "")
    face = EVENT_OF_KIND[kind]
    drawn = state.pending_event >= 0
    event = f"{EVENT_TITLE[face]} (drawn at the Marriage)" if drawn else EVENT_TITLE[face]
    hand_after = len(state.hand) - (0 if drawn else 1)
    gen = state.gen
    if kind == A.CONNECT:
        c = a.card
        carried = " with its Enthronement" if gen.has_attachment(c, ENTHRONEMENT) else ""
        text = f"{event}: move {card_name(state, c)}{carried} {SIDE_NAMES[a.side]} of {NOTATION[a.target]}"
        m = _marriage(state, c, a.target, a.flag)
        if gen.row_of(c) != gen.row_of(a.target):
            m = (m + _left_empty(state, c)) if m else _left_empty(state, c)[2:]
        return text + (f" — {m}" if m else "")
    t = a.target
    if kind == A.ENTHRONE:
        row = gen.row_of(t)
        above = [len(cells) for r, cells in gen.rows() if r < row]
        stay = len(gen.rows()) - len(above)
        score = 2 * stay + state.score_parts()["exhaustion_bonus"]  # it becomes the topmost (KF-9)
        if above:
            n = len(above)
            gone = f"the {cards_word(sum(above))} of the {n} higher generation{'s' if n != 1 else ''} are discarded"
        else:
            gone = "nothing above it is discarded"
        return (
            f"{event} under {card_name(state, t)} — {gone}; its generation and every one below it score double "
            f"(score {state.score()} → {score})"
        )
    carried = " with its Enthronement" if gen.has_attachment(t, ENTHRONEMENT) else ""
    return (
        f"{event} on {card_name(state, t)} — it is discarded{carried}, then "
        f"{_draws(state, EVENT_DRAWS[face], hand_after)}{_left_empty(state, t)}"
    )


def choice_group(state: KingsFamilyState, a: KingsFamilyAction) -> str:
    """The heading of ``a`` in a long list: the card played from the hand, the sibling group,
    the Event (New Connection by the card it moves), or the draw."""
    kind = a.kind
    if kind == A.PLACE:
        return f"Play {card_name(state, a.card)}"
    if kind == A.SIBLING:
        return "Sibling group"
    if kind == A.CONNECT:
        return f"New Connection: move {NOTATION[a.card]}"
    if kind == A.DRAW:
        return "Draw"
    return EVENT_TITLE[EVENT_OF_KIND[kind]]
