"""Loading a saved King's Family position: the fields read strictly, then checked for what the
core cannot see (``State._validate_restored``).

``regalia.from_snapshot`` checks the common fields, card conservation, a legal action and — for a
state that is not a determinization — that its history replays to it. A determinized state has no
history, and a snapshot may claim to be one, so everything else is checked here: the types and
ranges of every field, the Genealogy's geometry (KB-G1, KB-G4: a card of row ``r`` sits at an
``x`` of the same parity; rows of at most 10 cards, KF-4; only Enthronements attached, one per
card, KB-E4), the hand (sorted, at most 10 cards, KF-3), the draw pile (empty exactly when drawing
is closed, KF-7), the sibling line (KB-M4), the Marriage that drew a pending Event (KB-M3), and
that the position is settled: the end, or the next decision, is the one the rules give (KF-8).
Every failure is a ``ValueError`` naming the field (``state.hand[2]: ...``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from regalia.core.errors import shown
from regalia.games.kings_blood.cards import ASSASSINATION, ENTHRONEMENT, KINGS_BLOOD, NUM_CHARACTERS
from regalia.games.kings_blood.genealogy import RIGHT, Genealogy
from regalia.games.kings_family import actions as A
from regalia.games.kings_family import rules
from regalia.games.kings_family.cards import marries
from regalia.games.kings_family.config import UNDO_OFF
from regalia.games.kings_family.deck import deck_list
from regalia.games.kings_family.phases import END_REASONS, HAND_LIMIT, ROW_LIMIT

if TYPE_CHECKING:
    from regalia.games.kings_family.state import KingsFamilyState

MAX_COORDINATE = 1000
"""The largest row number and ``|x|`` (half-card units) a loaded Genealogy may use. Far beyond
any position a game reaches (random play over 3,000 games stays within rows 0..10 and ``|x| <=
30``); it keeps a tampered position from asking a screen for a line millions of characters wide."""


def _int(value: Any, field: str, lo: int, hi: int) -> int:
    if value.__class__ is not int or not lo <= value <= hi:
        raise ValueError(f"state.{field}: expected an integer from {lo} to {hi}, got {shown(value)}")
    result: int = value
    return result


def _bool(value: Any, field: str) -> bool:
    if value.__class__ is not bool:
        raise ValueError(f"state.{field}: expected true or false, got {shown(value)}")
    result: bool = value
    return result


def _list(value: Any, field: str) -> list[Any]:
    if not isinstance(value, list):
        raise ValueError(f"state.{field}: expected a list, got {shown(value)}")
    return value


def _cards(value: Any, field: str) -> list[int]:
    """A list of playable card faces (Characters and Events; the King's Blood card is not used)."""
    return [_int(c, f"{field}[{i}]", 0, KINGS_BLOOD - 1) for i, c in enumerate(_list(value, field))]


def _genealogy(value: Any, both_sides: bool) -> Genealogy:
    entries = _list(value, "genealogy")
    gen = Genealogy(both_sides)
    for i, entry in enumerate(entries):
        where = f"genealogy[{i}]"
        if not isinstance(entry, list) or len(entry) != 4:
            raise ValueError(f"state.{where}: expected [card, row, x, [attached]], got {shown(entry)}")
        card = _int(entry[0], f"{where}[0]", 0, NUM_CHARACTERS - 1)
        row = _int(entry[1], f"{where}[1]", 0, MAX_COORDINATE)
        x = _int(entry[2], f"{where}[2]", -MAX_COORDINATE, MAX_COORDINATE)
        att = _cards(entry[3], f"{where}[3]")
        if card in gen:
            raise ValueError(f"state.{where}: the card is in the Genealogy twice")
        if gen.card_at(row, x) is not None:
            raise ValueError(f"state.{where}: two cards on one spot")
        gen.place_at(card, row, x, att)
    return gen


def _check_genealogy(state: KingsFamilyState) -> None:
    """KB-G1/KB-G4: a card of row ``r`` lies at an ``x`` of the parity of ``r`` (cards go two
    half-cards beside a card, a child one half-card off its parents, one row down); KF-4: at most
    10 cards in a generation; KB-E4: only an Enthronement is attached, at most one per card."""
    gen = state.gen
    for i, (_card, row, x, att) in enumerate(gen.to_json()):
        where = f"state.genealogy[{i}]"
        if (x - row) % 2:
            raise ValueError(f"{where}: a card of row {row} cannot lie at x = {x} (KB-G1, KB-G4)")
        if att and att != [ENTHRONEMENT]:
            raise ValueError(f"{where}[3]: only one Enthronement is ever attached under a card (KB-E4)")
    for row, cells in gen.rows():
        if len(cells) > ROW_LIMIT:
            raise ValueError(f"state.genealogy: {len(cells)} cards in row {row}, more than {ROW_LIMIT} (KF-4)")


def restore_state(state: KingsFamilyState, data: dict[str, Any]) -> None:
    """Load what ``KingsFamilyState._snapshot_state`` saved into ``state``, reading every field
    strictly (no conversion of texts, floats or booleans into numbers).

    Raises:
        ValueError: a missing or malformed field, named (``state.pile[3]: ...``).
    """
    for key in ("pile", "hand", "discard", "genealogy", "exhaustions", "closed", "pending_event", "sibling", "over"):
        if key not in data:
            raise ValueError(f"state.{key}: missing")
    state.deck = deck_list(state.config.deck_file)
    state.abilities = state.deck.abilities
    state.pile = _cards(data["pile"], "pile")
    state.hand = _cards(data["hand"], "hand")
    state.discard = _cards(data["discard"], "discard")
    state.gen = _genealogy(data["genealogy"], state.config.active_needs_both_sides)
    state.exhaustions = _int(data["exhaustions"], "exhaustions", 0, 1 << 31)
    state.closed = _bool(data["closed"], "closed")
    state.pending_event = _int(data["pending_event"], "pending_event", -1, ENTHRONEMENT)
    sibling = _list(data["sibling"], "sibling")
    if len(sibling) != 4:
        raise ValueError(f"state.sibling: expected [child, last, side, count], got {shown(sibling)}")
    state.sib_child = _int(sibling[0], "sibling[0]", -1, NUM_CHARACTERS - 1)
    state.sib_last = _int(sibling[1], "sibling[1]", -1, NUM_CHARACTERS - 1)
    state.sib_side = _int(sibling[2], "sibling[2]", -1, RIGHT)
    state.sib_count = _int(sibling[3], "sibling[3]", 0, ROW_LIMIT)
    state.over = _bool(data["over"], "over")
    reason = data.get("end_reason")
    if reason is not None and reason not in END_REASONS:
        raise ValueError(f"state.end_reason: not a way the game ends (KF-8), got {shown(reason)}")
    state.end_reason = reason
    state.marriage = _marriage(state, data)
    state.setup_events = []
    state._legal = None


def _marriage(state: KingsFamilyState, data: dict[str, Any]) -> tuple[int, int] | None:
    """The Marriage that drew the pending Event. A snapshot saved before regalia kept it has no
    ``marriage`` field: it is then read from the last move (the placement that married)."""
    if "marriage" not in data:
        if state.pending_event < 0 or not state.history:
            return None
        try:
            last = A.parse_action(str(state.history[-1]))
        except ValueError:
            return None
        if last.kind in (A.PLACE, A.CONNECT) and not last.flag:
            return (last.card, last.target)
        return None
    value = data["marriage"]
    if value is None:
        return None
    pair = _list(value, "marriage")
    if len(pair) != 2:
        raise ValueError(f"state.marriage: expected null or [card, card], got {shown(pair)}")
    return (_int(pair[0], "marriage[0]", 0, NUM_CHARACTERS - 1), _int(pair[1], "marriage[1]", 0, NUM_CHARACTERS - 1))


def validate_restored(state: KingsFamilyState) -> None:
    """Check a loaded state for what the core cannot see (see the module docstring).

    Raises:
        ValueError: naming the field at fault.
    """
    _check_genealogy(state)
    hand = state.hand
    if len(hand) > HAND_LIMIT:
        raise ValueError(f"state.hand: {len(hand)} cards, more than the hand limit of {HAND_LIMIT} (KF-3)")
    if hand != sorted(hand):
        raise ValueError("state.hand: the hand is kept in card order")
    if state.closed != (not state.pile):
        raise ValueError(
            "state.closed: drawing is closed exactly when the draw pile is empty (KF-7: an exhausted pile is "
            "reshuffled from more than 20 discards, or closed for good)"
        )
    if state.pending_event >= 0 and state.pending_event < ASSASSINATION:
        raise ValueError(f"state.pending_event: a Character is never a pending Event, got {state.pending_event}")
    if state.pending_event >= 0 and (state.over or state.sib_child >= 0):
        raise ValueError("state.pending_event: an Event drawn at a Marriage is pending only while play goes on")
    _check_marriage(state)
    _check_siblings(state)
    if state.over != (state.end_reason is not None):
        raise ValueError("state.end_reason: a finished game has a reason to end and a running game none (KF-8)")
    if state.config.undo == UNDO_OFF and state.undos:
        raise ValueError(f"undos: {state.undos} undos in a deal played with undo off (KF-X12)")
    _check_settled(state)


def _check_marriage(state: KingsFamilyState) -> None:
    m = state.marriage
    if m is None:
        return
    if state.pending_event < 0:
        raise ValueError("state.marriage: kept only while the Event it drew is pending (KB-M3)")
    a, b = m
    gen = state.gen
    if a not in gen or b not in gen:
        raise ValueError("state.marriage: the married Characters are in the Genealogy")
    (ra, xa), (rb, xb) = gen.position(a), gen.position(b)
    if ra != rb or abs(xa - xb) != 2 or not marries(a, b):
        raise ValueError("state.marriage: the two Characters are side by side, of one colour and both genders (KB-M1)")


def _check_siblings(state: KingsFamilyState) -> None:
    """KB-M4: the newborn child in the Genealogy; a line of ``count`` siblings beside it on one
    side, the last one at its end."""
    child = state.sib_child
    if child < 0:
        return  # the other fields are left from the last line and unused
    gen = state.gen
    if state.over or child not in gen:
        raise ValueError("state.sibling: the child just born is in the Genealogy of a running game")
    count, side = state.sib_count, state.sib_side
    if count == 0:
        if state.sib_last != child or side != -1:
            raise ValueError("state.sibling: before the first sibling the line starts at the child, on no side")
        return
    if side < 0 or state.sib_last not in gen:
        raise ValueError("state.sibling: a started sibling line has a side and a last sibling in the Genealogy")
    row, x = gen.position(child)
    step = 2 if side == RIGHT else -2
    for k in range(1, count + 1):
        if gen.card_at(row, x + k * step) is None:
            raise ValueError(f"state.sibling: sibling {k} of the line is missing from the Genealogy")
    if gen.position(state.sib_last) != (row, x + count * step):
        raise ValueError("state.sibling: the last sibling is at the end of the line")


def _reopen(probe: KingsFamilyState) -> None:
    """Take back the end of the game from ``probe`` (a clone), so that settling it decides again.

    A function of its own: type checkers (and mypyc, which compiles by their types) would
    otherwise take the fields just set here for what the settling leaves in them."""
    probe.over = False
    probe.end_reason = None
    probe._legal = None


def _check_settled(state: KingsFamilyState) -> None:
    """The position is settled: resolving it again (what follows every action: a drawn Event
    with no target discarded, a new founder, the end of the game, KF-8) changes nothing."""
    probe = state.clone()
    _reopen(probe)
    rules.settle(probe, [])
    if probe.over != state.over or probe.end_reason != state.end_reason:
        if state.over:
            raise ValueError(f"state.over: the position does not end the game as saved ({state.end_reason})")
        raise ValueError(f"state.over: the position ends the game ({probe.end_reason})")
    if probe._snapshot_state() != state._snapshot_state():
        raise ValueError("state: the position is not settled (the rules would resolve it further)")
