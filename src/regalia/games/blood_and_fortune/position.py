"""The Blood & Fortune position: every field of a game in play, its copy and its snapshot.

:class:`BloodAndFortuneTable` is the middle of the one line of inheritance ``core.State →
BloodAndFortuneTable → BloodAndFortuneState``: it holds the fields (declared here, each with its
meaning), copies them (``clone``), saves and loads them (``_snapshot_state``/``_restore_state``)
and answers the small questions the rules, the prompts and the views share (turn order, whose
Role card may be taken). The rules that change the fields are in ``state.py``; the helpers
(``effects``, ``scoring``, ``knowledge``, ``view``, ``prompts``, ``labels``, ``refusals``,
``snapshot``) take a table and import only this module and the constants modules, so the
package has no import cycle.

Fields are copied and saved one by one, by name: a class compiled with mypyc has no
``__dict__`` to copy.
"""

from __future__ import annotations

from typing import Any, Final

from regalia.core.state import State
from regalia.games.blood_and_fortune.phases import OFFERING, OVER, PHASE_NAMES

_INTERPRETED: Final = __file__.endswith(".py")
"""Whether this module runs as Python source (not the mypyc build)."""


class BloodAndFortuneTable(State):
    """A Blood & Fortune position. Seats ``0..n-1``; turn order is ascending seat order from the
    first player (clockwise, BF-X5). Per-seat lists are indexed by seat.

    Attributes:
        houses: the house (0-based) of each seat. score_cards: the Score card (0-based) of each seat.
        ring: the seat holding the Ring. first: the first player of the round.
        round: the round (0-based; 3 once the game is over). phase: the pending decision (``phases``).
        cp: the seat to decide (``-1`` once the game is over). turns_total: Offer turns started.
        totals: the scores of the finished rounds. winners_: the winners once the game is over.
        last_round / round_log: the reveal and score table of the last / every finished round.
        hands: the cards in hand (Influence and Role ints).
        areas / slots / known: each player area oldest -> newest: the card ints, their slot ids
            and the bitmask of the seats that know each card.
        next_slot: the next slot id. offer / offerer / recipient: the pending offer.
        turn_k: the Offer turns taken this round (``0 .. 3n``).
        special_used / received: per seat, the Special Action used this round, and the Influence
            cards received into the area this round (BF-X14).
        closing: the seats still to be asked in the closing Special Action window (BF-X2).
        bonuses: ``(seat, amount, condition)`` score changes of house-rule effects this round.
        keep_doubles / lose_doubles: bitmasks of the shielded / assassinated areas (BF-X10).
        regent: the seat that wins this round's tie (R14), or ``-1``.
        discard: the face-up discard (BF-X11). played: ``(role, seat)`` Role cards resolved.
        resolve_queue: ``(role, seat)`` still to resolve, in ascending order (BF-RESOLVE).
        offers_log: ``(offerer, recipient, cards, kept card, slot)`` of this round's offers.
        payments_log: ``(payer, payee, card, slot)`` of this round's gifts for Role cards.
        peeks: per seat, what it looked at this round (``{"source", "seat", "position", "cards"}``).
        klog: the knowledge log of this round (see ``knowledge``).
        role_deck / dealt / placed / draft_queue / takes: the role draft (BF-DRAFT).
        roles_on / specials_on: the options ``roles`` / ``special_actions`` (read on every move).
    """

    houses: list[int]
    score_cards: list[int]
    ring: int
    first: int
    round: int
    phase: int
    cp: int
    turns_total: int
    totals: list[int]
    winners_: tuple[int, ...]
    last_round: dict[str, Any] | None
    round_log: list[dict[str, Any]]
    hands: list[list[int]]
    areas: list[list[int]]
    slots: list[list[int]]
    known: list[list[int]]
    next_slot: int
    offer: list[int]
    offerer: int
    recipient: int
    turn_k: int
    special_used: list[bool]
    received: list[int]
    closing: list[int]
    bonuses: list[tuple[int, int, str]]
    keep_doubles: int
    lose_doubles: int
    regent: int
    discard: list[int]
    played: list[tuple[int, int]]
    resolve_queue: list[tuple[int, int]]
    offers_log: list[tuple[int, int, tuple[int, ...], int, int]]
    payments_log: list[tuple[int, int, int, int]]
    peeks: list[list[dict[str, Any]]]
    klog: list[tuple[Any, ...]]
    role_deck: list[int]
    dealt: list[list[int]]
    placed: list[int]
    draft_queue: list[int]
    takes: list[tuple[int, int, int]]
    roles_on: bool
    specials_on: bool
    _fixed_roles: list[int]
    _twins: tuple[tuple[int, ...], dict[int, int]] | None = None
    """The twin cards of the position ``labels`` last labelled (a cache, never copied or saved)."""
    _reveal_rows: tuple[dict[str, Any], list[list[dict[str, Any]]]] | None = None
    """The card rows of ``last_round`` for the views (a cache, never copied or saved)."""

    def __init__(self) -> None:
        """A blank position with no seat (``_blank``): ``deal``, ``clone`` or ``_restore_state``
        fills it after the core has set the common fields."""
        self.houses = []
        self.score_cards = []
        self.ring = 0
        self.first = 0
        self.round = 0
        self.phase = OFFERING
        self.cp = -1
        self.turns_total = 0
        self.totals = []
        self.winners_ = ()
        self.last_round = None
        self.round_log = []
        self.hands = []
        self.areas = []
        self.slots = []
        self.known = []
        self.next_slot = 0
        self.offer = []
        self.offerer = -1
        self.recipient = -1
        self.turn_k = 0
        self.special_used = []
        self.received = []
        self.closing = []
        self.bonuses = []
        self.keep_doubles = 0
        self.lose_doubles = 0
        self.regent = -1
        self.discard = []
        self.played = []
        self.resolve_queue = []
        self.offers_log = []
        self.payments_log = []
        self.peeks = []
        self.klog = []
        self.role_deck = []
        self.dealt = []
        self.placed = []
        self.draft_queue = []
        self.takes = []
        self.roles_on = False
        self.specials_on = False
        self._fixed_roles = []

    @classmethod
    def _blank(cls) -> BloodAndFortuneTable:
        """A blank instance for ``clone`` and ``from_snapshot``, which set every field. Compiled,
        the argument-free constructor (a compiled class's ``__new__`` runs ``__init__``); as
        Python source, an object made without ``__init__`` (the fields would be set twice)."""
        if _INTERPRETED:
            return cls.__new__(cls)
        return cls()

    def _read_options(self) -> None:
        """Keep the options read on every move as native fields (``config`` is typed ``Any``)."""
        self.roles_on = bool(self.config.roles)
        self.specials_on = bool(self.config.special_actions)

    # ------------------------------------------------------------------ small shared questions
    def order(self) -> list[int]:
        """Turn order: from the first player, ascending seats (clockwise, BF-X5)."""
        n = self.num_players
        return [(self.first + i) % n for i in range(n)]

    def take_options(self, p: int) -> list[int]:
        """BF-DRAFT 4: the seats whose face-down Role card ``p`` may take (another player's;
        BF-X1: the second-to-last taker must take the last taker's while it is on the table)."""
        if len(self.draft_queue) == 2:
            last = self.draft_queue[1]
            if self.placed[last] >= 0:
                return [last]
        return [x for x in range(self.num_players) if x != p and self.placed[x] >= 0]

    def decision(self) -> str | None:
        """The kind of the pending decision (the view's ``decision``), ``None`` once the game is over."""
        return None if self.phase == OVER else PHASE_NAMES[self.phase]

    # ------------------------------------------------------------------ copies and snapshots
    def clone(self) -> BloodAndFortuneTable:
        """An independent copy: every mutable field copied (lists of tuples one level, lists of
        lists two), the immutable ones shared; the random generator shared until one draws."""
        new = self._blank()
        self._copy_base(new)
        new.houses = self.houses
        new.score_cards = self.score_cards
        new.ring = self.ring
        new.first = self.first
        new.round = self.round
        new.phase = self.phase
        new.cp = self.cp
        new.turns_total = self.turns_total
        new.totals = self.totals.copy()
        new.winners_ = self.winners_
        new.last_round = self.last_round
        new.round_log = self.round_log.copy()
        new.hands = [x.copy() for x in self.hands]
        new.areas = [x.copy() for x in self.areas]
        new.slots = [x.copy() for x in self.slots]
        new.known = [x.copy() for x in self.known]
        new.next_slot = self.next_slot
        new.offer = self.offer.copy()
        new.offerer = self.offerer
        new.recipient = self.recipient
        new.turn_k = self.turn_k
        new.special_used = self.special_used.copy()
        new.received = self.received.copy()
        new.closing = self.closing.copy()
        new.bonuses = self.bonuses.copy()
        new.keep_doubles = self.keep_doubles
        new.lose_doubles = self.lose_doubles
        new.regent = self.regent
        new.discard = self.discard.copy()
        new.played = self.played.copy()
        new.resolve_queue = self.resolve_queue.copy()
        new.offers_log = self.offers_log.copy()
        new.payments_log = self.payments_log.copy()
        new.peeks = [x.copy() for x in self.peeks]
        new.klog = self.klog.copy()
        new.role_deck = self.role_deck.copy()
        new.dealt = [x.copy() for x in self.dealt]
        new.placed = self.placed.copy()
        new.draft_queue = self.draft_queue.copy()
        new.takes = self.takes.copy()
        new.roles_on = self.roles_on
        new.specials_on = self.specials_on
        new._fixed_roles = self._fixed_roles
        return new

    def _snapshot_state(self) -> dict[str, Any]:
        """Every field, JSON-ready (the core normalizes tuples to lists)."""
        return {
            "ring": self.ring,
            "first": self.first,
            "round": self.round,
            "phase": self.phase,
            "cp": self.cp,
            "next_slot": self.next_slot,
            "offerer": self.offerer,
            "recipient": self.recipient,
            "turn_k": self.turn_k,
            "keep_doubles": self.keep_doubles,
            "lose_doubles": self.lose_doubles,
            "regent": self.regent,
            "turns_total": self.turns_total,
            "totals": self.totals,
            "special_used": self.special_used,
            "received": self.received,
            "closing": self.closing,
            "bonuses": self.bonuses,
            "discard": self.discard,
            "played": self.played,
            "resolve_queue": self.resolve_queue,
            "offers_log": self.offers_log,
            "payments_log": self.payments_log,
            "klog": self.klog,
            "role_deck": self.role_deck,
            "placed": self.placed,
            "draft_queue": self.draft_queue,
            "takes": self.takes,
            "offer": self.offer,
            "round_log": self.round_log,
            "hands": self.hands,
            "areas": self.areas,
            "slots": self.slots,
            "known": self.known,
            "dealt": self.dealt,
            "peeks": self.peeks,
            "houses": self.houses,
            "score_cards": self.score_cards,
            "winners": list(self.winners_),
            "last_round": self.last_round,
            "fixed_roles": self._fixed_roles,
        }

    def _restore_state(self, data: dict[str, Any]) -> None:
        """Load what :meth:`_snapshot_state` saved (types and shapes are checked afterwards by
        ``_validate_restored``). The caller rewrites the move history in today's texts.

        Raises:
            ValueError: a field is missing or not a list or number where one is expected.
        """
        if not isinstance(data, dict):
            raise ValueError("state: expected an object")
        self.ring = _need_int(data, "ring")
        self.first = _need_int(data, "first")
        self.round = _need_int(data, "round")
        self.phase = _need_int(data, "phase")
        self.cp = _need_int(data, "cp")
        self.next_slot = _need_int(data, "next_slot")
        self.offerer = _need_int(data, "offerer")
        self.recipient = _need_int(data, "recipient")
        self.turn_k = _need_int(data, "turn_k")
        self.keep_doubles = _need_int(data, "keep_doubles")
        self.lose_doubles = _need_int(data, "lose_doubles")
        self.regent = _need_int(data, "regent")
        self.turns_total = _need_int(data, "turns_total")
        self.totals = _need_list(data, "totals")
        self.special_used = _need_list(data, "special_used")
        self.received = _need_list(data, "received")
        self.closing = _need_list(data, "closing")
        self.bonuses = _tuple_rows(data, "bonuses")
        self.discard = _need_list(data, "discard")
        self.played = _tuple_rows(data, "played")
        self.resolve_queue = _tuple_rows(data, "resolve_queue")
        _need_list(data, "offers_log")  # read in full below; checked here in the order of the fields
        self.payments_log = _tuple_rows(data, "payments_log")
        self.klog = _tuple_rows(data, "klog")
        self.role_deck = _need_list(data, "role_deck")
        self.placed = _need_list(data, "placed")
        self.draft_queue = _need_list(data, "draft_queue")
        self.takes = _tuple_rows(data, "takes")
        self.offer = _need_list(data, "offer")
        self.round_log = _need_list(data, "round_log")
        offers: list[Any] = []  # not typed by entry: a compiled build would check them before ``validate``
        for i, e in enumerate(_rows(data, "offers_log")):
            if len(e) != 5 or not isinstance(e[2], list):
                raise ValueError(f"state.offers_log[{i}]: expected offerer, recipient, cards, kept card and slot")
            offers.append((e[0], e[1], tuple(e[2]), e[3], e[4]))
        self.offers_log = offers
        self.hands = _list_rows(data, "hands")
        self.areas = _list_rows(data, "areas")
        self.slots = _list_rows(data, "slots")
        self.known = _list_rows(data, "known")
        self.dealt = _list_rows(data, "dealt")
        self.peeks = _list_rows(data, "peeks")
        self.houses = _need_list(data, "houses")
        self.score_cards = _need_list(data, "score_cards")
        self.winners_ = tuple(_need_list(data, "winners"))
        last = data.get("last_round")
        if last is not None and not isinstance(last, dict):
            raise ValueError("state.last_round: expected null or an object")
        self.last_round = last
        self._fixed_roles = _need_list(data, "fixed_roles")
        self._twins = None
        self._reveal_rows = None
        self._read_options()


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


__all__ = ["BloodAndFortuneTable"]
