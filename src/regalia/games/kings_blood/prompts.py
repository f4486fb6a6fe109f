"""The pending King's Blood decision in words (``State.prompt``), for every seat.

The deciding seat reads one sentence naming what opened the decision (its turn, the card it drew,
a Draw 3 passed to it, a child born of its Marriage, the siblings it is placing, the Event drawn
at its Marriage, its Assassination or King's Blood card) and what the choices do. Every other
seat and a spectator read "Waiting for P2 to ..." with only what everyone knows: the card drawn
stays hidden; that a player placing siblings must place another is the rules' own (KB-M4).

A prompt is built on every ``view()`` call (search bots call it in rollouts): string formatting
of a few fields, and for the decider at most one look at the legal actions, which the core
caches.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from regalia.games.kings_blood.actions import DRAW
from regalia.games.kings_blood.cards import (
    ASSASSINATION,
    EXILE,
    KINGS_BLOOD,
    NEW_CONNECTION,
    NOTATION,
    NUM_CHARACTERS,
    NUMBER,
)
from regalia.games.kings_blood.genealogy import SIDE_NAMES
from regalia.games.kings_blood.labels import ability_effect
from regalia.games.kings_blood.phases import BIRTH, BONUS, DEFEND, DRAWN, FORCED, SEAT_NAMES, SIBLINGS, TURN
from regalia.games.kings_blood.words import ABILITY_WORDS, EVENT_WORDS, deck_words, plural

if TYPE_CHECKING:
    from regalia.games.kings_blood.state import KingsBloodState

_WAITING: Final[dict[int, str]] = {
    TURN: "to play a card or draw",
    DRAWN: "to play the card just drawn or end the turn",
    BIRTH: "to play on the newborn child, play siblings, or end the turn",
    BONUS: "to play one more card or end the turn",
}
"""What the others wait for, by phase (the phases whose wording needs no field)."""

_FORCED_DOES: Final[dict[int, str]] = {
    ASSASSINATION: "choose the Active card to discard (then you may play one more card)",
    EXILE: "choose the Active card and the player whose hand it goes into",
    NEW_CONNECTION: "choose the Active card to move and the Active card to place it beside (a Marriage it forms is resolved)",
}
"""KB-M3: what choosing the target of an Event drawn at a Marriage does (Enthronement otherwise)."""


def _announce_note(state: KingsBloodState) -> str:
    """KB-T4, KB-T4b: the reminder while ``announce`` is open to the decider, or that the
    penalty is due after a last card played unannounced, else ``""``."""
    if state.last_card_penalty:
        return f" {_PENALTY_DUE}"
    held = len(state.hands[state.turn_player])
    if 0 < held <= 2 and state.announce_required and not state.announced[state.turn_player]:
        if held == 1:
            return (
                " You hold 1 card: announce King's Blood! before you play it or your turn ends, "
                "or draw 3 and miss your next turn."
            )
        return (
            " You hold 2 cards: announce King's Blood! before your turn ends with one card or you play your "
            "last card, or draw 3 and miss your next turn."
        )
    return ""


_PENALTY_DUE: Final = (
    "You played your last card without announcing King's Blood!, so it does not win: when this turn ends "
    "you draw 3 cards and miss your next turn."
)
"""KB-T4b, said to the decider for the rest of the turn."""


def _only_draw_or_end(state: KingsBloodState) -> bool:
    """Whether the decider's only choices are ``draw``/``end``/``pass`` (and ``announce``)."""
    return all(a.kind >= DRAW for a in state.legal_actions())


def _waiting(state: KingsBloodState) -> str:
    who = SEAT_NAMES[state.turn_player]
    phase = state.phase
    if phase == TURN and not state.pile and not state.discard:
        return f"Waiting for {who} to play a card or pass (no card is left to draw)."
    if phase == DEFEND:
        return f"Waiting for {who} to pass the Draw 3 on or draw {state.pending_draw} cards."
    if phase == SIBLINGS:
        more = ", or end the turn" if state.sib_count >= 2 else ""
        return f"Waiting for {who} to place another sibling beside {NOTATION[state.child]}{more}."
    if phase == BIRTH:
        return f"Waiting for {who} to play on the newborn {NOTATION[state.child]}, play siblings, or end the turn."
    if phase == FORCED:
        text = f"Waiting for {who} to play the {EVENT_WORDS[state.pending_card]} drawn at the Marriage."
        if state.last_card_penalty:  # KB-T4b: why a player with no card has not won
            text += (
                f" {who} played their last card without announcing King's Blood!: no win; {who} draws 3 cards "
                "and misses the next turn when this turn ends."
            )
        return text
    if phase == BONUS:
        opened = "the King's Blood card" if state.last_played == KINGS_BLOOD else "an Assassination"
        return f"Waiting for {who} to play one more card after {opened} or end the turn."
    return f"Waiting for {who} {_WAITING[phase]}."


def _turn(state: KingsBloodState) -> str:
    hand = state.hands[state.turn_player]
    can_draw = bool(state.pile or state.discard)
    if not hand:  # KB-T4b with nothing left to draw for the penalty: the hand stayed empty
        why = "you hold no card (your last card, played without announcing King's Blood!, did not win)"
        if can_draw:
            return f"Your turn: {why}, so draw a card."
        return f"Your turn: {why} and no card is left to draw: pass."
    if len(hand) == 1 and hand[0] >= NUM_CHARACTERS:  # an Event or the King's Blood card (KB-T5)
        only = EVENT_WORDS[hand[0]]
        if can_draw:
            return f"Your turn: your only card is {only}, and you can win only with a Character, so draw a card."
        return (
            f"Your turn: your only card is {only}, which cannot be your last card, and nothing is left to draw: pass."
        )
    if not can_draw:
        if _only_draw_or_end(state):
            return "Your turn: nothing you hold can be played and no card is left to draw: pass."
        return (
            "Your turn: play a Character beside an Active card of the same colour or number, or an Event on an "
            "Active card; no card is left to draw."
        )
    return (
        "Your turn: play a Character beside an Active card of the same colour or number (same colour and "
        "opposite sex marries), play an Event on an Active card, or draw a card."
    )


def _drawn(state: KingsBloodState) -> str:
    card = deck_words(state.abilities).described[state.drawn]
    if _only_draw_or_end(state):
        return f"You drew {card}; it cannot be played now, so end your turn and keep it."
    return f"You drew {card}: play it now, or end your turn and keep it."


def _defend(state: KingsBloodState) -> str:
    due = state.pending_draw
    stack = f"{due} cards, {plural(due // 3, 'Draw 3 card')} stacked"
    if _only_draw_or_end(state):
        return (
            f"A Draw 3 is passed to you ({stack}) and you hold no Skip, Reverse or Draw 3 that can be played: "
            f"draw the {due} cards, then take your turn."
        )
    return (
        f"A Draw 3 is passed to you ({stack}): draw the {due} cards and then take your turn, or pass it on by "
        "playing a Skip, Reverse or Draw 3 character beside an Active card it matches (no Marriage forms; "
        "Draw 3 adds 3 for the next player, Skip and Reverse take effect first)."
    )


def _ending_note(state: KingsBloodState) -> str:
    """What ending the turn now does through the last card's ability (KB-T2), or ``""``."""
    last = state.last_played
    eff = state.abilities[last] if last >= 0 else 0
    if not eff:
        return ""
    effect = ability_effect(state, eff, len(state.hands[state.turn_player]))
    return f" (ending now, {NOTATION[last]}'s {ABILITY_WORDS[eff]}: {effect})"


def _birth(state: KingsBloodState) -> str:
    child = state.child
    words = deck_words(state.abilities)
    row, x = state.gen.position(child)
    a, b = state.gen.card_at(row - 1, x - 1), state.gen.card_at(row - 1, x + 1)
    parents = f" of {NOTATION[a]} and {NOTATION[b]}" if a is not None and b is not None else ""
    born = f"{words.described[child]} is born to your Marriage{parents}"
    if not state.gen.is_active(child):
        return f"{born}, but it is not Active (no room beside it), so nothing can be played on it: end your turn{_ending_note(state)}."
    return (
        f"{born}: make one play on the child — a Character of its colour or number beside it (a new Marriage "
        f"continues the chain), an Event on it, or two or more siblings numbered {NUMBER[child]} in a line on "
        f"one side — or end your turn{_ending_note(state)}."
    )


def _siblings(state: KingsBloodState) -> str:
    last = NOTATION[state.child]
    side = SIDE_NAMES[state.sib_side]
    number = NUMBER[state.child]
    if state.sib_count < 2:
        return (
            f"You are placing siblings numbered {number}: place the second {side} of {last} (a line has two or more)."
        )
    if _only_draw_or_end(state):
        return (
            f"You have placed {state.sib_count} siblings numbered {number} and no other card of yours fits the line: "
            f"end your turn{_ending_note(state)}."
        )
    return (
        f"You have placed {state.sib_count} siblings numbered {number}: place another {side} of {last}, or end your "
        f"turn{_ending_note(state)}."
    )


def _forced(state: KingsBloodState) -> str:
    card = state.pending_card
    does = _FORCED_DOES.get(card, "choose the Active card to enthrone; every other card leaves the Genealogy")
    return f"{EVENT_WORDS[card]} was drawn at your Marriage and must be played at once on an Active card: {does}."


def _bonus(state: KingsBloodState) -> str:
    opened = "your Assassination" if state.last_played != KINGS_BLOOD else "placing the King's Blood card"
    return (
        f"After {opened} you may play one more card from your hand — a Character beside an Active card of the "
        "same colour or number, or an Event — or end your turn."
    )


def _decider(state: KingsBloodState) -> str:
    """The sentence of the deciding seat, by phase."""
    phase = state.phase
    if phase == TURN:
        return _turn(state)
    if phase == DRAWN:
        return _drawn(state)
    if phase == DEFEND:
        return _defend(state)
    if phase == BIRTH:
        return _birth(state)
    if phase == SIBLINGS:
        return _siblings(state)
    if phase == FORCED:
        return _forced(state)
    return _bonus(state)


def prompt(state: KingsBloodState, seat: int | None) -> str:
    """The pending decision in words for ``seat`` (``None``: a spectator); the game is running."""
    if seat != state.turn_player:
        return _waiting(state)
    return _decider(state) + _announce_note(state)


def result_prompt(state: KingsBloodState) -> str:
    """The end of the game in words: the winner and, with a ``scoring`` option, the scores
    (KB-X7); with no winner, why (KB-T7: every player passed; KB-T8: no Character is left)."""
    w = state.winner
    if w < 0:
        if state.passes >= state.num_players:
            return "The game is over with no winner: every player passed in turn with nothing left to draw."
        return "The game is over with no winner: the Genealogy is empty and no Character is left to start a new one."
    text = f"The game is over: {SEAT_NAMES[w]} wins."
    if state.config.scoring != "none":
        scores = state.scores()
        text += " Scores of this game: " + ", ".join(f"{SEAT_NAMES[p]} {v}" for p, v in enumerate(scores)) + "."
    return text
