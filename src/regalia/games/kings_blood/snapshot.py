"""Checks of a King's Blood state loaded from a snapshot (``regalia.from_snapshot``).

The core checks the common fields, card conservation across the zones, the decider and its legal
actions, and — for a snapshot with a history — that the history gives exactly this state. A
determinized snapshot has no history, so the fields are checked here: their types when they are
read (:func:`check_types`, called by ``_restore_state``) and their ranges and agreement with one
another once the state is built (:func:`validate`, the state's ``_validate_restored``). Every
failure is a ``ValueError`` whose message starts with the field (``state.hands[2][0]: ...``).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, Final

from regalia.core.errors import shown
from regalia.games.kings_blood.cards import ASSASSINATION, ENTHRONEMENT, KINGS_BLOOD, NUM_CHARACTERS, NUM_FACES
from regalia.games.kings_blood.genealogy import MAX_ROW, MAX_X
from regalia.games.kings_blood.phases import BIRTH, DEFEND, DRAWN, FORCED, OVER, PHASE_NAMES, SIBLINGS

if TYPE_CHECKING:
    from regalia.games.kings_blood.state import KingsBloodState

INT_FIELDS: Final[tuple[str, ...]] = (
    "pending_card", "cur", "direction", "phase", "drawn", "child", "sib_side", "sib_count",
    "pending_draw", "last_played", "passes", "winner", "turn_count", "kb_on",
)  # fmt: skip
"""The integer fields of a snapshot's ``state``."""


def _is_int(value: Any) -> bool:
    return value.__class__ is int


def _int_list(data: dict[str, Any], key: str) -> None:
    value = data.get(key)
    if not isinstance(value, list) or not all(_is_int(v) for v in value):
        raise ValueError(f"state.{key}: expected a list of card numbers, got {shown(value, 60)}")


def _int_lists(data: dict[str, Any], key: str) -> None:
    value = data.get(key)
    if not isinstance(value, list) or not all(isinstance(h, list) and all(_is_int(v) for v in h) for h in value):
        raise ValueError(f"state.{key}: expected one list of card numbers per seat, got {shown(value, 60)}")


def check_types(data: Any) -> None:
    """Check the types of a snapshot's ``state`` object before it is read.

    Raises:
        ValueError: naming the field (``state.pile``, ``state.phase``, ...).
    """
    if not isinstance(data, dict):
        raise ValueError(f"state: expected an object, got {shown(data, 60)}")
    for key in ("pile", "discard", "aside"):
        _int_list(data, key)
    for key in ("hands", "known"):
        _int_lists(data, key)
    gen = data.get("genealogy")
    if not isinstance(gen, list):
        raise ValueError(f"state.genealogy: expected a list of cards, got {shown(gen, 60)}")
    for i, entry in enumerate(gen):
        if (
            not isinstance(entry, list)
            or len(entry) != 4
            or not all(_is_int(v) for v in entry[:3])
            or not isinstance(entry[3], list)
            or not all(_is_int(v) for v in entry[3])
        ):
            raise ValueError(f"state.genealogy[{i}]: expected [card, row, x, [attached cards]], got {shown(entry, 60)}")
        if not (0 <= entry[1] < MAX_ROW and -MAX_X < entry[2] < MAX_X):
            raise ValueError(
                f"state.genealogy[{i}]: position ({entry[1]}, {entry[2]}) is outside the Genealogy "
                f"(rows 0..{MAX_ROW - 1}, |x| < {MAX_X})"
            )
    for key in INT_FIELDS:
        if not _is_int(data.get(key)):
            raise ValueError(f"state.{key}: expected an integer, got {shown(data.get(key), 60)}")
    for key in ("announced", "skip_next"):
        value = data.get(key)
        if not isinstance(value, list) or not all(v.__class__ is bool for v in value):
            raise ValueError(f"state.{key}: expected one true/false per seat, got {shown(value, 60)}")
    if "last_card_penalty" in data and data["last_card_penalty"].__class__ is not bool:
        # KB-T4b: written only while the penalty is due; absent means not due (rules 1.0 snapshots)
        raise ValueError(f"state.last_card_penalty: expected true or false, got {shown(data['last_card_penalty'], 60)}")


def _faces(name: str, cards: list[int], top: int) -> None:
    for i, c in enumerate(cards):
        if not 0 <= c < top:
            raise ValueError(f"state.{name}[{i}]: {c} is not a card number here (0..{top - 1})")


def _in_range(name: str, value: int, lo: int, hi: int) -> None:
    if not lo <= value <= hi:
        raise ValueError(f"state.{name}: {value} is outside {lo}..{hi}")


def validate(state: KingsBloodState) -> None:
    """The ranges of every field and their agreement: cards are card numbers of their zone (the
    King's Blood card never in the pile or the discards), publicly known cards are in their hand,
    Genealogy cards are Characters at positions of the KB-G1 grid with only Enthronement and
    King's Blood card attached (``kb_on`` names the one holding it), seats, phase, direction and
    counters in range, and the fields of the pending decision present (the drawn card in the
    drawer's hand, the newborn child in the Genealogy, the Event drawn at a Marriage, a pending
    Draw 3 exactly in a ``defend`` decision, a KB-T4b penalty due exactly while a player who
    played their last card unannounced plays the Event drawn at that Marriage).

    Raises:
        ValueError: naming the field.
    """
    n = state.num_players
    playable = NUM_FACES - 1  # the King's Blood card is set aside, in a hand or in the Genealogy
    _faces("pile", state.pile, playable)
    _faces("discard", state.discard, playable)
    _faces("aside", state.aside, NUM_FACES)
    if any(c != KINGS_BLOOD for c in state.aside) or len(state.aside) > 1:
        raise ValueError(f"state.aside: only the King's Blood card is set aside, not {state.aside}")
    for key, lists in (
        ("hands", state.hands),
        ("known", state.known),
        ("announced", state.announced),
        ("skip_next", state.skip_next),
    ):
        if len(lists) != n:
            raise ValueError(f"state.{key}: {len(lists)} entries for {n} seats")
    for p in range(n):
        _faces(f"hands[{p}]", state.hands[p], NUM_FACES)
        _faces(f"known[{p}]", state.known[p], NUM_FACES)
        if Counter(state.known[p]) - Counter(state.hands[p]):
            raise ValueError(f"state.known[{p}]: cards known to be in P{p}'s hand are not all in it")
    holder = -1
    for card in state.gen.cards():
        row, x = state.gen.position(card)
        if not 0 <= card < NUM_CHARACTERS:
            raise ValueError(f"state.genealogy: {card} is not a Character card number (0..{NUM_CHARACTERS - 1})")
        if row < 0 or (x - row) % 2:
            raise ValueError(f"state.genealogy: position ({row}, {x}) of card {card} is not on the grid (KB-G1)")
        att = state.gen.attachments(card)
        if any(a not in (ENTHRONEMENT, KINGS_BLOOD) for a in att) or len(set(att)) != len(att):
            raise ValueError(
                f"state.genealogy: card {card} has attached cards other than one Enthronement and one King's Blood card"
            )
        if KINGS_BLOOD in att:
            holder = card
    if state.kb_on != holder:
        where = f"to {holder}" if holder >= 0 else "to no card"
        raise ValueError(f"state.kb_on: {state.kb_on}, but the King's Blood card is attached {where}")
    _in_range("cur", state.turn_player, 0, n - 1)
    _in_range("phase", state.phase, 0, len(PHASE_NAMES) - 1)
    if state.direction not in (1, -1):
        raise ValueError(f"state.direction: {state.direction} is neither 1 nor -1")
    _in_range("winner", state.winner, -1, n - 1)
    _in_range("passes", state.passes, 0, n)
    _in_range("turn_count", state.turn_count, 1, 10**9)
    _in_range("last_played", state.last_played, -1, NUM_FACES - 1)
    _in_range("drawn", state.drawn, -1, NUM_FACES - 1)
    _in_range("child", state.child, -1, NUM_CHARACTERS - 1)
    _in_range("sib_side", state.sib_side, 0, 1)
    _in_range("sib_count", state.sib_count, 0, NUM_CHARACTERS)
    _in_range("pending_draw", state.pending_draw, 0, 10**6)
    if state.pending_draw % 3:
        raise ValueError(f"state.pending_draw: {state.pending_draw} is not a number of Draw 3 cards times 3")
    phase = state.phase
    if (state.pending_card >= 0) != (phase == FORCED) or not (
        state.pending_card == -1 or ASSASSINATION <= state.pending_card <= ENTHRONEMENT
    ):
        raise ValueError(f"state.pending_card: {state.pending_card} does not fit the {PHASE_NAMES[phase]} decision")
    if phase == OVER:
        if state.last_card_penalty:
            raise ValueError("state.last_card_penalty: the game is over, so no penalty is due (KB-T4b)")
        return
    if state.passes >= n:
        raise ValueError(f"state.passes: {state.passes} passes in sequence end the game (KB-T7), yet it runs")
    if state.passes and (state.pile or state.discard):
        raise ValueError(f"state.passes: {state.passes} passes in sequence, yet cards can be drawn (KB-T7)")
    if state.winner >= 0 and phase != FORCED:
        raise ValueError(f"state.winner: P{state.winner} has won, yet a {PHASE_NAMES[phase]} decision is pending")
    _check_last_card_penalty(state)
    if (state.pending_draw > 0) != (phase == DEFEND):
        raise ValueError(f"state.pending_draw: {state.pending_draw} cards pending in a {PHASE_NAMES[phase]} decision")
    if phase == DRAWN and state.drawn not in state.hands[state.turn_player]:
        raise ValueError(f"state.drawn: the card drawn, {state.drawn}, is not in P{state.turn_player}'s hand")
    if phase in (BIRTH, SIBLINGS) and state.child not in state.gen:
        raise ValueError(f"state.child: the newborn child {state.child} is not in the Genealogy")
    if phase == SIBLINGS and state.sib_count < 1:
        raise ValueError("state.sib_count: a siblings decision follows at least one sibling")


def _check_last_card_penalty(state: KingsBloodState) -> None:
    """KB-T4b: a last card played unannounced leaves the player with no card and no win, and
    the only decision of that turn still to come is the Event drawn at its Marriage; conversely
    a ``forced`` decider with no card who has not won is exactly such a player."""
    empty = not state.hands[state.turn_player]
    due = state.phase == FORCED and empty and state.winner < 0
    if state.last_card_penalty and not state.announce_required:
        raise ValueError("state.last_card_penalty: with announcement=automatic no penalty is due (KB-T4b)")
    if state.last_card_penalty and not due:
        raise ValueError(
            f"state.last_card_penalty: due only while P{state.turn_player}, with no card left and no win, plays the Event "
            f"drawn at the Marriage (KB-T4b), not in this {PHASE_NAMES[state.phase]} decision"
        )
    if due and not state.announce_required:
        raise ValueError(
            f"state.winner: P{state.turn_player} has played their last card, so has won (announcement=automatic)"
        )
    if due and not state.last_card_penalty:
        raise ValueError(
            f"state.last_card_penalty: P{state.turn_player} has played their last card and has not won, so the KB-T4b "
            "penalty must be due"
        )
