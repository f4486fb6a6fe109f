"""What King's Family says to a person: the prompt of each decision, the label of each action,
the heading of each group of actions, the final score line and the legend of the screen.

Everything here is in the rulebook's words (Genealogy, generation, Active card, Marriage, draw
pile, discard pile) and reads only what the player may know: the hand, the Genealogy, the sizes
of the piles. The prompts run on every ``view()`` (bots call it inside rollouts), so they only
format strings from fields the state keeps; the labels and groups are computed for fronts.

No two legal actions are interchangeable (``State._choice_key`` keeps its default): every action
names the card it plays, the card it targets and the side, and each leads to a different
Genealogy or hand; two copies of one Event in the hand already give a single action per target.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from regalia.games.kings_blood.cards import (
    ASSASSINATION,
    ENTHRONEMENT,
    EXILE,
    GENDER,
    NEW_CONNECTION,
    NOTATION,
    NUM_CHARACTERS,
    NUMBER,
    PHILOSOPHY,
    PHILOSOPHY_NAMES,
)
from regalia.games.kings_blood.genealogy import SIDE_NAMES
from regalia.games.kings_family import actions as A
from regalia.games.kings_family.actions import KFAction
from regalia.games.kings_family.config import UNDO_OFF
from regalia.games.kings_family.phases import (
    HAND_LIMIT,
    KIND_DRAW,
    KIND_DRAWN_EVENT,
    KIND_SECOND_SIBLING,
    KIND_SIBLINGS,
)
from regalia.games.kings_family.rules_data import (
    ABILITY_DRAWS,
    ABILITY_TITLE,
    EVENT_DRAWS,
    EVENT_OF_KIND,
    EVENT_TITLE,
    marries,
)

if TYPE_CHECKING:
    from regalia.games.kings_family.state import KingsFamilyState

GENDER_SIGNS: Final[tuple[str, ...]] = ("♂", "♀")

_WAITING: Final = "Waiting for P0 to play a card or draw."
"""The spectator's prompt for every decision whose kind only the hand tells (play, siblings, draw)."""

_EVENT_TASK: Final[dict[int, str]] = {
    ASSASSINATION: f"choose the Active card to discard (with anything attached); then you draw {EVENT_DRAWS[ASSASSINATION]} card",
    EXILE: f"choose the Active card to discard (with anything attached); then you draw {EVENT_DRAWS[EXILE]} cards",
    ENTHRONEMENT: (
        "choose the Active card to attach it under: every card of the higher generations is discarded, "
        "and that generation and every one below it score double"
    ),
    NEW_CONNECTION: "move an Active card beside another Active card (a Marriage it forms draws a child)",
}
"""What playing each Event at once asks for (KF-6, KB-E3, KB-G5)."""

LEGEND: Final = """\
Cards: a philosophy letter, a number and a gender letter. M Money, A Art, R Romance, B Battle; 1 to 9; \
m male (♂), f female (♀). B5m is Battle 5 male. Events: Assassination, Exile, NewConnection, Enthronement.
Ability suffix: a Character with a special ability shows it after its notation. s Skip (draw 1 card), \
r Reverse (draw 2 cards), 3 Draw 3 (draw 3 cards), as in R3fs, B5mr, R7f3 on the Genealogy and R3f(s), \
B5m(r), R7f(3) in the hand. It works only when the card is played from the hand (KF-6); the founder, \
children and cards moved by New Connection never use it.
Score line: score N (generations G, doubled D, exhaustion bonus X). One point per generation, one more for \
the Enthronement's generation and every generation below it, 10 points per exhaustion of the draw pile (KF-9).
Genealogy: one line per generation, the oldest at the top. G2 ( 4)| is generation 2 and the number of cards \
in it, at most 10 (KF-4). A child sits in the line below, centred under its parents.
* before a card: the card is Active. A Character goes beside it if it matches its colour or number, \
and an Event is played on it.
E after a card: an Enthronement is attached under it.
draw pile N: the cards left to draw (their order is hidden); closed, no more draws: the draw pile ran out with \
20 or fewer discards, so no card is ever drawn again (KF-7). discards N: the face-up discard pile. \
exhaustions N: how often the draw pile ran out.
hand (x/10): the cards in your hand and the hand limit of 10 (KF-3).
Actions: play R7f right of B7m places a card (nomarry at the end declines the Marriage it would form); \
sibling R4m left places a sibling beside the child just born; assassinate, exile and enthrone name the \
Active card; connect B7m right of R5f is New Connection; draw takes one card when nothing can be played.
Undo: with undo counted (the default) each undo is counted and shown with the final score; with undo off \
there is none (KF-X12)."""


# ----------------------------------------------------------------------------- cards
def card_name(state: KingsFamilyState, face: int) -> str:
    """A card with its name and ability: ``"R7f (Romance 7 ♀, Draw 3)"``, ``"B5m (Battle 5 ♂)"``,
    ``"Exile"`` (the ability from the deck in use)."""
    if face >= NUM_CHARACTERS:
        return EVENT_TITLE[face]
    name = f"{NOTATION[face]} ({PHILOSOPHY_NAMES[PHILOSOPHY[face]]} {NUMBER[face]} {GENDER_SIGNS[GENDER[face]]}"
    ability = state._abil[face]
    return f"{name}, {ABILITY_TITLE[ability]})" if ability else f"{name})"


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def _generation(state: KingsFamilyState, row: int) -> int:
    """The generation number a person sees (``G1`` is the top line of the screen)."""
    return row - state._top_row() + 1


def _draws(state: KingsFamilyState, asked: int, hand_after: int) -> str:
    """What drawing ``asked`` cards gives with ``hand_after`` cards left in the hand: ``"you draw
    3 cards"``, stopped by the hand limit (KF-3) or a closed draw pile (KF-7)."""
    if state.closed:
        return "you draw nothing (no card can be drawn, KF-7)"
    k = min(asked, max(0, HAND_LIMIT - hand_after))
    if k == 0:
        return "you draw nothing (hand limit 10)"
    if len(state.pile) < k:
        return f"you draw up to {_cards(k)} (the draw pile runs out)"
    return f"you draw {_cards(k)}" + (" (hand limit 10)" if k < asked else "")


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
        return f"; generation {_generation(state, row)} is left empty"
    return ""


# ----------------------------------------------------------------------------- prompts
def prompt(state: KingsFamilyState, seat: int | None, kind: str) -> str:
    """The pending decision in words for ``seat`` (0, or ``None`` for a spectator), ``kind`` being
    :meth:`KingsFamilyState.decision_kind`. Cheap: string formatting of kept fields only."""
    if kind == KIND_DRAWN_EVENT:
        event = EVENT_TITLE[state.pending_event]
        parents = state.marriage
        where = f"the Marriage of {NOTATION[parents[0]]} and {NOTATION[parents[1]]}" if parents else "a Marriage"
        if seat is None:
            return f"Waiting for P0 to play the {event} drawn at {where} (KB-M3)."
        return f"The {event} drawn at {where} must be played at once (KB-M3): {_EVENT_TASK[state.pending_event]}."
    if kind == KIND_SECOND_SIBLING:
        side = SIDE_NAMES[state.sib_side]
        last = NOTATION[state.sib_last]
        if seat is None:
            return f"Waiting for P0 to play a second sibling {side} of {last} (KB-M4)."
        child = state.sib_child
        return (
            f"A sibling group has two or more siblings (KB-M4): play a second card of number {NUMBER[child]} "
            f"{side} of {last}, in the line beside {NOTATION[child]}, the child just born."
        )
    if seat is None:
        return _WAITING
    n = len(state.hand)
    if kind == KIND_DRAW:
        which = "your only card" if n == 1 else f"any of your {n} cards"
        return (
            f"You cannot play {which}: draw the top card of the draw pile ({len(state.pile)} left, KF-2), and "
            "keep drawing until you draw a card you can play."
        )
    if kind == KIND_SIBLINGS:
        child = state.sib_child
        num = NUMBER[child]
        if state.sib_count == 0:
            return (
                f"{NOTATION[child]} was just born and you hold cards of its number {num}: play a sibling group, "
                f"two or more of them in a line on one side of {NOTATION[child]} (siblings never marry, KB-M4), "
                "or play on as usual."
            )
        return (
            f"Your sibling group beside {NOTATION[child]} has {state.sib_count} siblings: add another card of number "
            f"{num} {SIDE_NAMES[state.sib_side]} of {NOTATION[state.sib_last]} (KB-M4), or play on as usual."
        )
    which = "your only card" if n == 1 else f"one of your {n} cards"
    return (
        f"Play {which}: a Character beside an Active card (*) of its colour or number, or an Event on an "
        "Active card; you may not draw while you can play (KF-2)."
    )


def undo_note(state: KingsFamilyState) -> str:
    """How many undos the deal took (KF-X12): ``"no undo"``, ``"2 undos"``, ``"undo off"``."""
    if state.config.undo == UNDO_OFF:
        return "undo off"
    n = state.undos
    return "no undo" if n == 0 else "1 undo" if n == 1 else f"{n} undos"


def result_prompt(state: KingsFamilyState, seat: int | None) -> str:
    """The final score in words, with its parts, the reason the game ended and the undos taken
    (KF-8, KF-9, KF-X7: a score, not a winner)."""
    parts = state.score_parts()
    who = "your score is" if seat is not None else "P0 scores"
    g, d, e = parts["generations"], parts["doubled"], parts["exhaustions"]
    detail = (
        f"{g} generation{'s' if g != 1 else ''} x1, {d} doubled by the Enthronement, "
        f"{e} exhaustion{'s' if e != 1 else ''} of the draw pile x10"
    )
    return f"The game is over ({state.end_reason}): {who} {parts['score']} points ({detail}; {undo_note(state)})."


# ----------------------------------------------------------------------------- labels
def label(state: KingsFamilyState, a: KFAction) -> str:
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
        ability = state._abil[h]
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
            gone = f"the {_cards(sum(above))} of the {n} higher generation{'s' if n != 1 else ''} are discarded"
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


def choice_group(state: KingsFamilyState, a: KFAction) -> str:
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
