"""The turn of King's Blood, the steps every kind of action shares: cards taken and gained,
drawing (KB-T7, KB-X14), going out (KB-T5, KB-T4b), the end of a turn with its announcement
(KB-T4), the last card's ability (KB-T2, KB-T3, KB-T6) and penalty skips (KB-X3), the Marriage
(KB-M3) and a Genealogy started again (KB-T8).

Functions of a :class:`~regalia.games.kings_blood.state.KingsBloodState` (``state``, imported for
typing only); the kinds of action (:mod:`.rules`, :mod:`.eventplays`) call them. The events of the
action being applied are appended to ``state.events``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from regalia.core.events import new_event  # new_event(kind, text, seat, visible_to, data)
from regalia.core.state import shuffle
from regalia.games.kings_blood import eventtexts as T
from regalia.games.kings_blood.cards import DRAW3, GENDER, NOTATION, NUM_CHARACTERS, NUMBER, PHILOSOPHY, REVERSE, SKIP
from regalia.games.kings_blood.phases import (
    BIRTH,
    BONUS,
    DEFEND,
    FORCED,
    MAX_SEATS,
    OVER,
    PENALTY_DRAW,
    SEAT_NAMES,
    TURN,
)
from regalia.games.kings_blood.words import EVENT_WORDS

if TYPE_CHECKING:
    from regalia.games.kings_blood.state import KingsBloodState

_SEAT_NAMES: Final = SEAT_NAMES
# The lazy texts of the frequent events under Final names: compiled, these are read natively,
# where ``T.play_text`` would be an attribute look-up on the module at every event.
_draws_text: Final = T.draws_text
_drawn_text: Final = T.drawn_text
_drawn_data: Final = T.drawn_data
_count_data: Final = T.count_data
_marriage_text: Final = T.marriage_text
_marriage_data: Final = T.marriage_data
_birth_text: Final = T.birth_text
_birth_data: Final = T.birth_data
_ability_text: Final = T.ability_text
_ONLY: Final[tuple[frozenset[int], ...]] = tuple(frozenset((seat,)) for seat in range(MAX_SEATS))
"""``_ONLY[seat]``: the audience of an event only ``seat`` may see."""


def marries(state: KingsBloodState, a: int, b: int) -> bool:
    """KB-M1: same colour and opposite gender, or either is the King's Blood character."""
    kb = state.kb_on
    if kb >= 0 and (a == kb or b == kb):
        return True
    return PHILOSOPHY[a] == PHILOSOPHY[b] and GENDER[a] != GENDER[b]


def matches(state: KingsBloodState, card: int, target: int) -> bool:
    """KB-T1 colour or number match; KB-E5 anything beside the King's Blood character."""
    return PHILOSOPHY[card] == PHILOSOPHY[target] or NUMBER[card] == NUMBER[target] or target == state.kb_on


def announce_open(state: KingsBloodState) -> bool:
    """KB-T4, KB-T4b: ``announce`` is offered on your own turn with two or fewer cards, once."""
    seat = state.turn_player
    return state.announce_required and not state.announced[seat] and 0 < len(state.hands[seat]) <= 2


def take(state: KingsBloodState, seat: int, face: int) -> None:
    """``face`` leaves ``seat``'s hand (and what everyone knows of it)."""
    state.hands[seat].remove(face)
    known = state.known[seat]
    if face in known:
        known.remove(face)


def gain(state: KingsBloodState, seat: int, faces: list[int], public_cards: bool) -> None:
    """``faces`` enter ``seat``'s hand, seen by everyone when ``public_cards`` (Exile, the King's
    Blood card)."""
    hand = state.hands[seat]
    hand.extend(faces)
    if public_cards:
        state.known[seat].extend(faces)
    if len(hand) > 2:
        state.announced[seat] = False  # KB-X1: an announcement lapses once the hand holds 3+


def draw_one(state: KingsBloodState) -> int | None:
    """The top card; the discards are reshuffled into a new pile when a card is needed and the
    pile is empty (KB-T7, KB-X14)."""
    if not state.pile:
        if not state.discard:
            return None
        state.pile = state.discard
        state.discard = []
        shuffle(state.rng, state.pile)
        state.events.append(
            new_event(
                "reshuffle",
                f"the discards are shuffled into a new draw pile ({len(state.pile)} cards)",
                None,
                None,
                {"cards": len(state.pile)},
            )
        )
    return state.pile.pop()


def draw_into(state: KingsBloodState, seat: int, count: int, why: str) -> None:
    """``seat`` draws ``count`` cards (fewer when none is left, KB-T7); ``why`` ends the event's text."""
    got: list[int] = []
    for _ in range(count):
        c = draw_one(state)
        if c is None:
            break
        got.append(c)
    gain(state, seat, got, False)
    n = len(got)
    if n < count:
        why += f" ({count} due; no more cards to draw)"
    state.events.append(new_event("draw", (_draws_text, seat, n, why), seat, None, (_count_data, n)))
    if got:
        cards = tuple(got)
        state.events.append(new_event("draw", (_drawn_text, seat, cards), seat, _ONLY[seat], (_drawn_data, cards)))


def finish(state: KingsBloodState) -> None:
    """The game is over: the winner (KB-T5), or none (KB-T7, KB-T8)."""
    state.phase = OVER
    state.last_card_penalty = False  # KB-T4b: nothing more is drawn once the game is over
    # the hands are shown at the end (they are scored), so they become public knowledge
    state.known = [list(h) for h in state.hands]
    if state.winner >= 0:
        state.events.append(
            new_event("win", f"{_SEAT_NAMES[state.winner]} wins", state.winner, None, {"winner": state.winner})
        )
    else:
        state.events.append(new_event("end", "the game ends with no winner", None, None, {}))


def check_emptied(state: KingsBloodState, seat: int) -> None:
    """KB-T5: emptying your hand with a Character wins (the play is still resolved) —
    unless, with ``announcement = "required"``, the player has not announced King's Blood!
    (KB-T4b: the card is played, there is no win, and the penalty falls when the turn ends)."""
    if not state.hands[seat] and state.winner < 0:  # KB-X8: the first to go out wins, for good
        if state.announce_required and not state.announced[seat]:
            state.last_card_penalty = True
            state.events.append(
                new_event(
                    "penalty",
                    f"{_SEAT_NAMES[seat]} did not announce King's Blood! before playing their last card: "
                    "no win; draws 3 and skips the next turn",
                    seat,
                    None,
                    {},
                )
            )
            return
        state.winner = seat
        state.events.append(new_event("out", f"{_SEAT_NAMES[seat]} has played their last card", seat, None, {}))


def refound(state: KingsBloodState) -> None:
    """KB-T8: an empty Genealogy restarts with the next Character drawn."""
    if not state.gen.is_empty or state.winner >= 0:
        return
    if not any(c < NUM_CHARACTERS for c in state.pile) and not any(c < NUM_CHARACTERS for c in state.discard):
        state.events.append(
            new_event("genealogy", "the Genealogy is empty and no Character is left to start a new one", None, None, {})
        )
        finish(state)
        return
    while True:
        c = draw_one(state)
        assert c is not None
        if c < NUM_CHARACTERS:
            state.gen.found(c)
            state.events.append(
                new_event("found", f"{NOTATION[c]} starts a new Genealogy", None, None, {"card": NOTATION[c]})
            )
            return
        state.discard.append(c)
        state.events.append(
            new_event(
                "discard",
                f"{NOTATION[c]} is drawn for the new Genealogy and discarded",
                None,
                None,
                {"card": NOTATION[c]},
            )
        )


def end_turn(state: KingsBloodState) -> None:
    """End the current turn: announcement penalty (KB-T4, or KB-T4b after a last card played
    unannounced), ability of the last card played (KB-T2, KB-T3, KB-T6), next player."""
    if state.phase == OVER:
        return
    if state.winner >= 0:
        finish(state)
        return
    seat = state.turn_player
    if state.last_card_penalty:
        # KB-T4b: once, whatever the hand holds now (a forced Exile or Enthronement may have
        # put cards into it since the last card was played)
        state.last_card_penalty = False
        draw_into(state, seat, PENALTY_DRAW, " (penalty)")
        state.skip_next[seat] = True
    elif len(state.hands[seat]) == 1:
        one_card_left(state, seat)
    # the last card's ability; -1 (none) reads face 76, the King's Blood card: never an ability
    eff = state.abilities[state.last_played]
    if eff:
        nxt = last_card_ability(state, seat, eff)
    else:
        nxt = (seat + state.direction) % state.num_players
    # the next turn starts
    if state.skip_next[nxt]:
        nxt = skip_penalized(state, nxt)
    state.turn_player = nxt
    state.turn_count += 1
    state.last_played = -1
    state.drawn = -1
    state.child = -1
    state.phase = DEFEND if state.pending_draw else TURN


def one_card_left(state: KingsBloodState, seat: int) -> None:
    """KB-T4 at the end of a turn with one card: the announcement, or its penalty."""
    if not state.announce_required:  # announcement=automatic
        state.events.append(new_event("announce", f"{_SEAT_NAMES[seat]}: King's Blood! (automatic)", seat, None, {}))
    elif not state.announced[seat]:
        state.events.append(
            new_event(
                "penalty",
                f"{_SEAT_NAMES[seat]} did not announce King's Blood!: draws 3 and skips the next turn",
                seat,
                None,
                {},
            )
        )
        draw_into(state, seat, PENALTY_DRAW, " (penalty)")
        state.skip_next[seat] = True


def last_card_ability(state: KingsBloodState, seat: int, eff: int) -> int:
    """The ability ``eff`` of the last card played takes effect (KB-T2, KB-T3, KB-T6);
    returns the next seat. Its events name the card and, when a Draw 3 is pending, the
    player who must now draw (after any penalty skips, KB-X3)."""
    n = state.num_players
    card = state.last_played
    ability = eff
    reversed_ = False
    if eff == REVERSE:
        if n == 2 and state.reverse_skips:
            eff = SKIP  # KB-T6 option
        else:
            state.direction = -state.direction
            reversed_ = True
    nxt = (seat + state.direction) % n
    skipped = -1
    if eff == SKIP:
        skipped = nxt
        nxt = (nxt + state.direction) % n
    if eff == DRAW3:
        state.pending_draw += 3
    pending = state.pending_draw
    target = first_unskipped(state, nxt) if pending else nxt
    ev = state.events
    if reversed_:
        word = "the order of play is reversed" + (", which changes nothing with two players" if n == 2 else "")
        ev.append(new_event("reverse", (_ability_text, word, card, ability, pending, target), seat, None, {}))
    if skipped >= 0:
        word = f"{_SEAT_NAMES[skipped]} is skipped"
        ev.append(
            new_event(
                "skip",
                (_ability_text, word, card, ability, pending, target),
                seat,
                None,
                {"seat_skipped": skipped},
            )
        )
    if eff == DRAW3:
        ev.append(new_event("draw3", (_ability_text, "", card, DRAW3, pending, target), seat, None, {"count": pending}))
    return nxt


def first_unskipped(state: KingsBloodState, seat: int) -> int:
    """The seat that :func:`skip_penalized` will give from ``seat`` on, changing nothing."""
    flags = state.skip_next
    if not flags[seat]:
        return seat
    flags = list(flags)
    n = state.num_players
    while flags[seat]:
        flags[seat] = False
        seat = (seat + state.direction) % n
    return seat


def skip_penalized(state: KingsBloodState, seat: int) -> int:
    """KB-X3: a penalty skip consumes the turn; a pending Draw 3 falls to the next player.
    Returns the first seat from ``seat`` on that is not skipped."""
    n = state.num_players
    while state.skip_next[seat]:
        state.skip_next[seat] = False
        state.events.append(new_event("skip", f"{_SEAT_NAMES[seat]} skips this turn (penalty)", seat, None, {}))
        seat = (seat + state.direction) % n
    return seat


def after_event_play(state: KingsBloodState, seat: int) -> None:
    """After an Event that offers one more play (KB-E1, KB-E5) — or the end of the turn."""
    if state.phase == OVER:
        return
    if state.hands[seat] and state.winner < 0:
        state.phase = BONUS
    else:
        end_turn(state)


def marriage(state: KingsBloodState, a: int, b: int) -> None:
    """KB-M3: the arranging player draws: a Character is the child, an Event is played."""
    seat = state.turn_player
    state.events.append(new_event("marriage", (_marriage_text, a, b), seat, None, (_marriage_data, a, b)))
    pile = state.pile
    card = pile.pop() if pile else draw_one(state)
    if card is None:
        # KB-X5: nothing can be drawn, so the Marriage has no issue and the chain stops.
        state.events.append(new_event("marriage", "no card can be drawn for the Marriage", seat, None, {}))
        end_turn(state)
        return
    if card < NUM_CHARACTERS:
        row, x = state.gen.add_child(a, b, card)  # KB-G4; the child's ability never triggers (KB-T2)
        state.events.append(new_event("birth", (_birth_text, card, a, b), seat, None, (_birth_data, card, row, x)))
        if state.winner >= 0 or not state.hands[seat]:
            end_turn(state)
            return
        state.child = card
        state.phase = BIRTH  # KB-M4/KB-M5: a play on the child may marry and continue the chain
        return
    state.events.append(
        new_event(
            "forced",
            f"{EVENT_WORDS[card]} is drawn at the Marriage and must be played on an Active card",
            seat,
            None,
            {"card": NOTATION[card]},
        )
    )
    state.pending_card = card
    state.phase = FORCED  # KB-X6: without an Active card to play it on it is discarded (rules.settle)
