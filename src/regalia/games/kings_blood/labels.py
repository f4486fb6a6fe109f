"""What each King's Blood action does, in the rulebook's words: ``State.label`` and the headings
of long choice lists (``State.legal_choices``).

``play R7f right of B7m`` → ``"R7f (Romance 7 ♀, Draw 3) right of B7m — P2 must draw 3 or pass it
on"``. A label is read by the deciding seat only, so it may speak of "you" and of that seat's own
cards; it never says anything the seat does not know (what a Marriage will draw stays unsaid).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from regalia.games.kings_blood import actions as A
from regalia.games.kings_blood import flow
from regalia.games.kings_blood.actions import KingsBloodAction
from regalia.games.kings_blood.cards import (
    DRAW3,
    ENTHRONEMENT,
    KINGS_BLOOD,
    MATCH,
    NOTATION,
    NUM_CHARACTERS,
    REVERSE,
    SKIP,
)
from regalia.games.kings_blood.genealogy import SIDE_NAMES
from regalia.games.kings_blood.phases import BIRTH, BONUS, DEFEND, DRAWN, FORCED, SEAT_NAMES, SIBLINGS
from regalia.games.kings_blood.words import ABILITY_WORDS, deck_words, plural

if TYPE_CHECKING:
    from regalia.games.kings_blood.state import KingsBloodState

PENALTY: Final = "one card left and no King's Blood! announced: you draw 3 and miss your next turn"
"""KB-T4, said of a move that ends the turn with one card unannounced."""

LAST_CARD_PENALTY: Final = (
    "your last card, but no King's Blood! announced: you do not win, you draw 3 and miss your next turn"
)
"""KB-T4b, said of a play of the last card unannounced."""

PENALTY_DUE: Final = "you played your last card unannounced: you draw 3 and miss your next turn"
"""KB-T4b, said of a move that ends a turn in which the last card was played unannounced."""


def penalty_due(state: KingsBloodState, hand_after: int) -> bool:
    """Whether the turn ending now with ``hand_after`` cards in the player's hand costs the
    announcement penalty: KB-T4 (one card left unannounced) or KB-T4b (the last card played
    unannounced, earlier in the turn or by the move itself, ``hand_after == 0``)."""
    if state.last_card_penalty:
        return True
    return (
        0 <= hand_after <= 1 and state.announce_required and not state.announced[state.turn_player] and state.winner < 0
    )


OTHER_CHOICES: Final = "Other choices"
"""The heading of ``draw``, ``end``, ``announce`` and ``pass`` in a long list."""


def turn_after(state: KingsBloodState, eff: int, hand_after: int) -> tuple[int, int]:
    """Who is skipped and who plays next when the current turn ends now with a last card of
    ability ``eff`` and ``hand_after`` cards in the player's hand: ``(skipped seat or -1, next
    seat)``. The same steps as the state's ``_end_turn`` (KB-T2, KB-T4 penalty, KB-T6, KB-X3),
    without changing anything."""
    n = state.num_players
    seat = state.turn_player
    d = state.direction
    skipped = -1
    if eff == REVERSE:
        if n == 2 and state.config.two_player_reverse_skips:
            eff = SKIP
        else:
            d = -d
    nxt = (seat + d) % n
    if eff == SKIP:
        skipped = nxt
        nxt = (nxt + d) % n
    flags = list(state.skip_next)
    if penalty_due(state, hand_after):
        flags[seat] = True  # _one_card_left (KB-T4) or the KB-T4b penalty runs first
    while flags[nxt]:  # _skip_penalized
        flags[nxt] = False
        nxt = (nxt + d) % n
    return skipped, nxt


def _seat(state: KingsBloodState, seat: int) -> str:
    return "you" if seat == state.turn_player else SEAT_NAMES[seat]


def ability_effect(state: KingsBloodState, eff: int, hand_after: int) -> str:
    """What the ability ``eff`` of the last card played does when the turn ends now (KB-T2,
    KB-T3, KB-T6, KB-X10), naming the seats: ``"P2 is skipped"``, ``"P3 must draw 6 or pass it
    on"``, ``"the order of play reverses"``."""
    skipped, nxt = turn_after(state, eff, hand_after)
    pending = state.pending_draw + (3 if eff == DRAW3 else 0)
    who = _seat(state, nxt)
    if eff == DRAW3:
        return f"{who} must draw {pending} or pass it on"
    if skipped >= 0:
        text = f"{_seat(state, skipped)} {'are' if skipped == state.turn_player else 'is'} skipped"
    elif state.num_players == 2:
        text = "Reverse changes nothing with two players"
    else:
        text = "the order of play reverses"
    if pending:
        return f"{text}; {who} must draw {pending} or pass it on"
    if nxt == state.turn_player:
        return f"{text}; you play again"
    return text


def _turn_ends(state: KingsBloodState, parts: list[str], eff: int, hand_after: int) -> None:
    """The clauses of a move that ends the turn: the ability of the last card, the penalty."""
    if state.winner >= 0:  # KB-X8: the winner's play is being finished
        parts.append(f"then the game ends: {SEAT_NAMES[state.winner]} has won")
        return
    said = len(parts)
    if eff:
        parts.append(ability_effect(state, eff, hand_after))
    if state.last_card_penalty:  # KB-T4b, the last card was played earlier this turn
        parts.append(PENALTY_DUE)
    elif hand_after == 1 and penalty_due(state, 1):  # KB-T4
        parts.append(PENALTY)
    if len(parts) == said:
        parts.append("ends your turn")


def _place(state: KingsBloodState, a: KingsBloodAction) -> str:
    words = deck_words(state.abilities)
    f, t = a.card, a.target
    head = f"{words.described[f]} {SIDE_NAMES[a.side]} of {NOTATION[t]}"
    hand_after = len(state.hands[state.turn_player]) - 1
    parts: list[str] = []
    eff = state.abilities[f]
    defend = state.phase == DEFEND  # KB-T3: passes the Draw 3 on, never a Marriage
    kb = state.kb_on >= 0 and (f == state.kb_on or t == state.kb_on)
    could_marry = not defend and (kb or MATCH[f * NUM_CHARACTERS + t] == 2)
    marries = could_marry and not a.flag
    if hand_after == 0 and state.winner < 0:
        if not penalty_due(state, 0):
            return f"{head} — your last card: you win" + (", and the Marriage is still resolved" if marries else "")
        parts.append(LAST_CARD_PENALTY)  # KB-T4b: played, no win; what else it does still happens
        if marries:
            parts.append("the Marriage is still resolved")
        else:
            if could_marry:
                parts.append("declines the Marriage")
            if eff:
                parts.append(ability_effect(state, eff, 0))
    elif marries:
        parts.append("marries beside the King's Blood character" if kb else "marries")
    else:
        if could_marry:
            parts.append("declines the Marriage")
        _turn_ends(state, parts, eff, hand_after)
    return f"{head} — {'; '.join(parts)}"


def _sibling(state: KingsBloodState, a: KingsBloodAction) -> str:
    words = deck_words(state.abilities)
    head = f"{words.described[a.card]} as a sibling {SIDE_NAMES[a.side]} of {NOTATION[state.child]}"
    if len(state.hands[state.turn_player]) == 1:
        if penalty_due(state, 0):  # KB-T4b
            eff = state.abilities[a.card]
            effect = f"; {ability_effect(state, eff, 0)}" if eff else ""
            return f"{head} — {LAST_CARD_PENALTY}{effect}"
        return f"{head} — your last card: you win"
    if state.phase == BIRTH:
        return f"{head} — the first of two or more siblings on this side"
    return f"{head} — sibling {state.sib_count + 1} of the line"


def _event(state: KingsBloodState, a: KingsBloodAction) -> str:
    words = deck_words(state.abilities)
    k = a.kind
    cur = state.turn_player
    hand_after = len(state.hands[cur]) - (0 if state.phase == FORCED else 1)
    gen = state.gen
    if k == A.CONNECT:
        c, d = a.card, a.target
        head = f"New Connection: {words.described[c]} {SIDE_NAMES[a.side]} of {NOTATION[d]}"
        parts: list[str] = []
        if flow.marries(state, c, d):
            if not a.flag:
                return f"{head} — marries"
            parts.append("declines the Marriage")
        _turn_ends(state, parts, 0, hand_after)
        return f"{head} — {'; '.join(parts)}"
    t = a.target
    target = words.described[t]
    att = gen.attachments(t)
    if k == A.ASSASSINATE:
        parts = ["discards it with its Enthronement" if ENTHRONEMENT in att else "discards it"]
        if KINGS_BLOOD in att:
            parts.append("the King's Blood card is set aside")
        if len(gen) == 1:
            parts.append("a new Genealogy starts with the next Character drawn")
        if hand_after and state.winner < 0:
            parts.append("then you may play one more card")  # KB-E1
        else:
            _turn_ends(state, parts, 0, hand_after)
        return f"Assassination on {target} — {'; '.join(parts)}"
    if k == A.EXILE_TO:
        to = a.flag
        goes = [NOTATION[c] if c == ENTHRONEMENT else "the King's Blood card" for c in att]
        with_ = f" with {' and '.join(goes)}" if goes else ""
        whose = "your own hand" if to == cur else f"{SEAT_NAMES[to]}'s hand"
        if to == cur:
            hand_after += 1 + len(att)
        parts = []
        if len(gen) == 1:
            parts.append("a new Genealogy starts with the next Character drawn")
        _turn_ends(state, parts, 0, hand_after)
        return f"Exile {target} into {whose}{with_} — {'; '.join(parts)}"
    if k == A.ENTHRONE:
        others = len(gen) - 1
        parts = [
            f"{plural(others, 'other card')} {'leaves' if others == 1 else 'leave'} the Genealogy"
            if others
            else "no other card to discard"
        ]
        if state.config.advanced and KINGS_BLOOD not in state.known[cur]:  # KB-E4: from wherever it is
            parts.append("you take the King's Blood card")
            hand_after += 1
            for p, known in enumerate(state.known):
                if KINGS_BLOOD in known and len(state.hands[p]) == 1 and state.winner < 0:
                    return f"Enthronement under {target} — {'; '.join(parts)}; {SEAT_NAMES[p]} wins, left without cards"
        _turn_ends(state, parts, 0, hand_after)
        return f"Enthronement under {target} — {'; '.join(parts)}"
    # KB-E5: the King's Blood card, never the last card, so one more play follows
    return f"the King's Blood card under {target} — any Character may then marry it; then you may play one more card"


def _end(state: KingsBloodState) -> str:
    phase = state.phase
    if phase == DRAWN:
        text = "end your turn, keeping the card drawn"
    elif phase == BIRTH:
        text = "end your turn without playing on the child"
    elif phase == SIBLINGS:
        text = f"end the line of {state.sib_count} siblings and your turn"
    elif phase == BONUS:
        text = "end your turn without another play"
    else:
        text = "end your turn"
    last = state.last_played
    eff = state.abilities[last] if last >= 0 else 0
    hand_after = len(state.hands[state.turn_player])
    parts: list[str] = []
    if eff:
        parts.append(f"{NOTATION[last]}'s {ABILITY_WORDS[eff]}: {ability_effect(state, eff, hand_after)}")
    if hand_after == 1 and penalty_due(state, 1):  # KB-T4
        parts.append(PENALTY)
    return f"{text} — {'; '.join(parts)}" if parts else text


def label(state: KingsBloodState, a: KingsBloodAction) -> str:
    """The label of ``a`` (an action of ``s``'s game, legal or not) for the deciding seat: the
    card with its philosophy, number, sex and ability, where it goes, and what the move does
    (marries, ends the turn and hits the next player with an ability, wins, ...)."""
    k = a.kind
    if k == A.PLACE:
        return _place(state, a)
    if k == A.SIBLING:
        return _sibling(state, a)
    if k == A.DRAW:
        if state.phase == DEFEND:
            due = state.pending_draw
            left = len(state.pile) + len(state.discard)
            if left < due:
                return f"draw the {plural(left, 'card')} left of the {due} the Draw 3 asks, then take your turn"
            return f"draw the {due} cards of the Draw 3, then take your turn"
        return "draw a card; you may then play it if it fits"
    if k == A.END:
        return _end(state)
    if k == A.ANNOUNCE:
        held = len(state.hands[state.turn_player])
        if held == 1:
            return (
                "announce King's Blood! — you hold 1 card; playing it or ending your turn with it unannounced "
                "costs 3 cards and your next turn"
            )
        return (
            f"announce King's Blood! — you hold {plural(held, 'card')}; ending a turn with one card or playing "
            "your last card unannounced costs 3 cards and your next turn"
        )
    if k == A.PASS:
        return "pass — you cannot play and no card is left to draw"
    return _event(state, a)


def choice_group(state: KingsBloodState, a: KingsBloodAction) -> str:
    """The heading of ``a`` in a long list: the card played (``"R7f (Romance 7 ♀, Draw 3)"``),
    the Event (``"Assassination"``, New Connection by the card it moves), or ``"Other choices"``."""
    k = a.kind
    words = deck_words(state.abilities)
    if k == A.PLACE or k == A.SIBLING:
        return words.described[a.card]
    if k == A.CONNECT:
        return f"New Connection moving {NOTATION[a.card]}"
    if k == A.ASSASSINATE:
        return "Assassination"
    if k == A.EXILE_TO:
        return "Exile"
    if k == A.ENTHRONE:
        return "Enthronement"
    if k == A.KINGSBLOOD:
        return "the King's Blood card"
    return OTHER_CHOICES
