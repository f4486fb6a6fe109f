"""The Blood & Fortune position's fields copied, saved and loaded, one by one by name (a class
compiled with mypyc has no ``__dict__`` to copy): :func:`copy_into` for ``clone``,
:func:`snapshot_state` / :func:`restore_state` for snapshots. The fields themselves, each with its
meaning, are declared on :class:`~regalia.games.blood_and_fortune.state.BloodAndFortuneState`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from regalia.games.blood_and_fortune.state import BloodAndFortuneState


def copy_into(state: BloodAndFortuneState, new: BloodAndFortuneState) -> None:
    """Copy every field of ``state`` into ``new`` (a blank state the core has given its common
    fields): every mutable field copied (lists of tuples one level, lists of lists two), the
    immutable ones shared."""
    new.houses = state.houses
    new.score_cards = state.score_cards
    new.ring = state.ring
    new.first = state.first
    new.round = state.round
    new.phase = state.phase
    new.to_act = state.to_act
    new.turns_total = state.turns_total
    new.totals = state.totals.copy()
    new.winners_ = state.winners_
    new.last_round = state.last_round
    new.round_log = state.round_log.copy()
    new.hands = [x.copy() for x in state.hands]
    new.areas = [x.copy() for x in state.areas]
    new.slots = [x.copy() for x in state.slots]
    new.known = [x.copy() for x in state.known]
    new.next_slot = state.next_slot
    new.offer = state.offer.copy()
    new.offerer = state.offerer
    new.recipient = state.recipient
    new.turn_k = state.turn_k
    new.special_used = state.special_used.copy()
    new.received = state.received.copy()
    new.closing = state.closing.copy()
    new.bonuses = state.bonuses.copy()
    new.keep_doubles = state.keep_doubles
    new.lose_doubles = state.lose_doubles
    new.regent = state.regent
    new.discard = state.discard.copy()
    new.played = state.played.copy()
    new.resolve_queue = state.resolve_queue.copy()
    new.offers_log = state.offers_log.copy()
    new.payments_log = state.payments_log.copy()
    new.peeks = [x.copy() for x in state.peeks]
    new.klog = state.klog.copy()
    new.role_deck = state.role_deck.copy()
    new.dealt = [x.copy() for x in state.dealt]
    new.placed = state.placed.copy()
    new.draft_queue = state.draft_queue.copy()
    new.takes = state.takes.copy()
    new.roles_on = state.roles_on
    new.specials_on = state.specials_on
    new.fixed_roles = state.fixed_roles


def snapshot_state(state: BloodAndFortuneState) -> dict[str, Any]:
    """Every field, JSON-ready (the core normalizes tuples to lists)."""
    return {
        "ring": state.ring,
        "first": state.first,
        "round": state.round,
        "phase": state.phase,
        "cp": state.to_act,
        "next_slot": state.next_slot,
        "offerer": state.offerer,
        "recipient": state.recipient,
        "turn_k": state.turn_k,
        "keep_doubles": state.keep_doubles,
        "lose_doubles": state.lose_doubles,
        "regent": state.regent,
        "turns_total": state.turns_total,
        "totals": state.totals,
        "special_used": state.special_used,
        "received": state.received,
        "closing": state.closing,
        "bonuses": state.bonuses,
        "discard": state.discard,
        "played": state.played,
        "resolve_queue": state.resolve_queue,
        "offers_log": state.offers_log,
        "payments_log": state.payments_log,
        "klog": state.klog,
        "role_deck": state.role_deck,
        "placed": state.placed,
        "draft_queue": state.draft_queue,
        "takes": state.takes,
        "offer": state.offer,
        "round_log": state.round_log,
        "hands": state.hands,
        "areas": state.areas,
        "slots": state.slots,
        "known": state.known,
        "dealt": state.dealt,
        "peeks": state.peeks,
        "houses": state.houses,
        "score_cards": state.score_cards,
        "winners": list(state.winners_),
        "last_round": state.last_round,
        "fixed_roles": state.fixed_roles,
    }


def restore_state(state: BloodAndFortuneState, data: dict[str, Any]) -> None:
    """Load what :func:`snapshot_state` saved (types and shapes are checked afterwards by
    ``_validate_restored``). The caller rewrites the move history in today's texts.

    Raises:
        ValueError: a field is missing or not a list or number where one is expected.
    """
    if not isinstance(data, dict):
        raise ValueError("state: expected an object")
    state.ring = _need_int(data, "ring")
    state.first = _need_int(data, "first")
    state.round = _need_int(data, "round")
    state.phase = _need_int(data, "phase")
    state.to_act = _need_int(data, "cp")
    state.next_slot = _need_int(data, "next_slot")
    state.offerer = _need_int(data, "offerer")
    state.recipient = _need_int(data, "recipient")
    state.turn_k = _need_int(data, "turn_k")
    state.keep_doubles = _need_int(data, "keep_doubles")
    state.lose_doubles = _need_int(data, "lose_doubles")
    state.regent = _need_int(data, "regent")
    state.turns_total = _need_int(data, "turns_total")
    state.totals = _need_list(data, "totals")
    state.special_used = _need_list(data, "special_used")
    state.received = _need_list(data, "received")
    state.closing = _need_list(data, "closing")
    state.bonuses = _tuple_rows(data, "bonuses")
    state.discard = _need_list(data, "discard")
    state.played = _tuple_rows(data, "played")
    state.resolve_queue = _tuple_rows(data, "resolve_queue")
    _need_list(data, "offers_log")  # read in full below; checked here in the order of the fields
    state.payments_log = _tuple_rows(data, "payments_log")
    state.klog = _tuple_rows(data, "klog")
    state.role_deck = _need_list(data, "role_deck")
    state.placed = _need_list(data, "placed")
    state.draft_queue = _need_list(data, "draft_queue")
    state.takes = _tuple_rows(data, "takes")
    state.offer = _need_list(data, "offer")
    state.round_log = _need_list(data, "round_log")
    offers: list[Any] = []  # not typed by entry: a compiled build would check them before ``validate``
    for i, e in enumerate(_rows(data, "offers_log")):
        if len(e) != 5 or not isinstance(e[2], list):
            raise ValueError(f"state.offers_log[{i}]: expected offerer, recipient, cards, kept card and slot")
        offers.append((e[0], e[1], tuple(e[2]), e[3], e[4]))
    state.offers_log = offers
    state.hands = _list_rows(data, "hands")
    state.areas = _list_rows(data, "areas")
    state.slots = _list_rows(data, "slots")
    state.known = _list_rows(data, "known")
    state.dealt = _list_rows(data, "dealt")
    state.peeks = _list_rows(data, "peeks")
    state.houses = _need_list(data, "houses")
    state.score_cards = _need_list(data, "score_cards")
    state.winners_ = tuple(_need_list(data, "winners"))
    last = data.get("last_round")
    if last is not None and not isinstance(last, dict):
        raise ValueError("state.last_round: expected null or an object")
    state.last_round = last
    state.fixed_roles = _need_list(data, "fixed_roles")
    state._twins = None
    state._reveal_rows = None
    state._read_options()


def _need(data: dict[str, Any], field: str) -> Any:
    if field not in data:
        raise ValueError(f"state.{field}: missing")
    return data[field]


def _need_int(data: dict[str, Any], field: str) -> int:
    value = _need(data, field)
    if value.__class__ is not int:  # not a bool either
        raise ValueError(f"state.{field}: expected an integer")
    return int(value)


def _need_list(data: dict[str, Any], field: str) -> list[Any]:
    value = _need(data, field)
    if not isinstance(value, list):
        raise ValueError(f"state.{field}: expected a list")
    return list(value)


def _rows(data: dict[str, Any], field: str) -> list[list[Any]]:
    value = _need_list(data, field)
    if not all(isinstance(x, list) for x in value):
        raise ValueError(f"state.{field}: expected a list of lists")
    return value


def _tuple_rows(data: dict[str, Any], field: str) -> list[Any]:
    return [tuple(x) for x in _rows(data, field)]


def _list_rows(data: dict[str, Any], field: str) -> list[Any]:
    return [list(x) for x in _rows(data, field)]
