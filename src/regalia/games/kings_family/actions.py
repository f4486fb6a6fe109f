"""King's Family actions: frozen tuples with a canonical text and a stable integer id.

The texts are King's Blood's where the plays are the same (keywords are case-insensitive; cards
as in :mod:`regalia.games.kings_blood.cards`):

=====================================  ===========================================================
``play R7f right of B7m``              place a Character beside an Active card (marries if it can)
``play R7f right of B7m nomarry``      the same placement, declining the Marriage (KB-M2)
``sibling R4m left``                   a sibling beside the newborn child / the last sibling (KB-M4)
``assassinate B7m``                    Assassination: discard an Active card, draw 1 (KF-6)
``exile B7m``                          Exile: discard an Active card, draw 2 (KF-6)
``connect B7m right of R5f``           New Connection: move B7m beside R5f (KB-E3, KB-G5)
``connect B7m right of R5f nomarry``   the same move, declining the Marriage it would form
``enthrone B7m``                       Enthronement under an Active card; rows above go (KF-6)
``draw``                               draw one card (only with no legal play, KF-2)
=====================================  ===========================================================

The integer action space has a fixed size, :data:`NUM_ACTIONS` (41 689 ids).
"""

from __future__ import annotations

from typing import Final, NamedTuple

from regalia.core.errors import IllegalActionError
from regalia.games.kings_blood.actions import (
    malformed,
    placement_code,
    placement_from_code,
    read_character,
    read_placement,
    read_sibling,
)
from regalia.games.kings_blood.cards import NOTATION, NUM_CHARACTERS
from regalia.games.kings_blood.genealogy import SIDE_NAMES

PLACE: Final = 0
SIBLING: Final = 1
ASSASSINATE: Final = 2
EXILE: Final = 3
CONNECT: Final = 4
ENTHRONE: Final = 5
DRAW: Final = 6
NUM_KINDS: Final = 7
"""The action kinds, ``PLACE`` .. ``DRAW``."""

_NC: Final = NUM_CHARACTERS
_PLACE_SIZE: Final = _NC * _NC * 4
_SIB_BASE: Final = _PLACE_SIZE
_ASS_BASE: Final = _SIB_BASE + _NC * 2
_EXI_BASE: Final = _ASS_BASE + _NC
_ENT_BASE: Final = _EXI_BASE + _NC
_CON_BASE: Final = _ENT_BASE + _NC
_DRAW_ID: Final = _CON_BASE + _PLACE_SIZE
NUM_ACTIONS: Final = _DRAW_ID + 1
"""The size of the integer action space (the same for every config)."""


class KingsFamilyAction(NamedTuple):
    """One King's Family action.

    Fields (unused ones are 0):
        kind: ``PLACE``, ``SIBLING``, ``ASSASSINATE``, ``EXILE``, ``CONNECT``, ``ENTHRONE`` or
            ``DRAW``.
        card: the Character played (PLACE, SIBLING) or moved (CONNECT), a face ``0..71``.
        target: the Genealogy Character targeted (PLACE, CONNECT: the destination neighbour;
            the Events), a face ``0..71``.
        side: ``LEFT`` (0) or ``RIGHT`` (1).
        flag: PLACE/CONNECT: 1 declines the Marriage (``nomarry``, KB-M2).
    """

    kind: int
    card: int = 0
    target: int = 0
    side: int = 0
    flag: int = 0

    def __str__(self) -> str:
        k = self.kind
        if k in (PLACE, CONNECT):
            verb = "play" if k == PLACE else "connect"
            tail = " nomarry" if self.flag else ""
            return f"{verb} {NOTATION[self.card]} {SIDE_NAMES[self.side]} of {NOTATION[self.target]}{tail}"
        if k == SIBLING:
            return f"sibling {NOTATION[self.card]} {SIDE_NAMES[self.side]}"
        if k == ASSASSINATE:
            return f"assassinate {NOTATION[self.target]}"
        if k == EXILE:
            return f"exile {NOTATION[self.target]}"
        if k == ENTHRONE:
            return f"enthrone {NOTATION[self.target]}"
        return "draw"


DRAW_ACTION: Final = KingsFamilyAction(DRAW)

# Legal-move generation hands out these shared objects instead of building tuples in the hot path
# (the core's check of an action then succeeds on identity); the placements are in .plays.
SIBLING_TABLE: Final[tuple[KingsFamilyAction, ...]] = tuple(
    KingsFamilyAction(SIBLING, c, 0, s) for c in range(_NC) for s in (0, 1)
)
"""``SIBLING_TABLE[card * 2 + side]``."""
ASSASSINATE_TABLE: Final[tuple[KingsFamilyAction, ...]] = tuple(
    KingsFamilyAction(ASSASSINATE, 0, t) for t in range(_NC)
)
EXILE_TABLE: Final[tuple[KingsFamilyAction, ...]] = tuple(KingsFamilyAction(EXILE, 0, t) for t in range(_NC))
ENTHRONE_TABLE: Final[tuple[KingsFamilyAction, ...]] = tuple(KingsFamilyAction(ENTHRONE, 0, t) for t in range(_NC))
"""Indexed by the target."""


def action_id(a: KingsFamilyAction) -> int:
    """The integer id of ``a`` in ``range(NUM_ACTIONS)`` (stable for every config)."""
    k = a.kind
    if k == PLACE:
        return placement_code(a.card, a.target, a.side, a.flag)
    if k == SIBLING:
        return _SIB_BASE + a.card * 2 + a.side
    if k == ASSASSINATE:
        return _ASS_BASE + a.target
    if k == EXILE:
        return _EXI_BASE + a.target
    if k == ENTHRONE:
        return _ENT_BASE + a.target
    if k == CONNECT:
        return _CON_BASE + placement_code(a.card, a.target, a.side, a.flag)
    return _DRAW_ID


def action_from_id(i: int) -> KingsFamilyAction:
    """The action with integer id ``i``.

    Raises:
        IllegalActionError: ``i`` is outside ``range(NUM_ACTIONS)`` or names no action (a card
            placed beside itself).
    """
    if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < NUM_ACTIONS:
        raise IllegalActionError(f"action id {i} is outside 0..{NUM_ACTIONS - 1}", None, i)
    if i < _SIB_BASE or _CON_BASE <= i < _DRAW_ID:
        kind = PLACE if i < _SIB_BASE else CONNECT
        card, target, side, flag = placement_from_code(i - (0 if kind == PLACE else _CON_BASE), i)
        return KingsFamilyAction(kind, card, target, side, flag)
    if i < _ASS_BASE:
        card, side = divmod(i - _SIB_BASE, 2)
        return KingsFamilyAction(SIBLING, card, 0, side)
    if i < _EXI_BASE:
        return KingsFamilyAction(ASSASSINATE, 0, i - _ASS_BASE)
    if i < _ENT_BASE:
        return KingsFamilyAction(EXILE, 0, i - _EXI_BASE)
    if i < _CON_BASE:
        return KingsFamilyAction(ENTHRONE, 0, i - _ENT_BASE)
    return DRAW_ACTION


_EVENT_VERBS: Final[dict[str, int]] = {"assassinate": ASSASSINATE, "exile": EXILE, "enthrone": ENTHRONE}


def parse_action(text: str) -> KingsFamilyAction:
    """Read an action text (see the module docstring); it need not be legal now.

    Raises:
        IllegalActionError: the text is not a well-formed King's Family action (the reason
            names what is wrong; rule id ``None``).
    """
    words = text.split()
    if not words:
        raise malformed(text, "empty action")
    verb = words[0].lower()
    n = len(words)
    if verb == "draw" and n == 1:
        return DRAW_ACTION
    if verb in ("play", "connect"):
        card, target, side, flag = read_placement(text, words)
        return KingsFamilyAction(PLACE if verb == "play" else CONNECT, card, target, side, flag)
    if verb == "sibling":
        card, side = read_sibling(text, words)
        return KingsFamilyAction(SIBLING, card, 0, side)
    if verb in _EVENT_VERBS:
        if n != 2:
            raise malformed(text, f"expected '{verb} <card>'")
        return KingsFamilyAction(_EVENT_VERBS[verb], 0, read_character(text, words[1]))
    if verb in ("kingsblood", "announce", "pass", "end"):
        raise malformed(text, f"'{verb}' is not an action of King's Family (KB-T4/KB-E5/KB-T7 are multiplayer rules)")
    raise malformed(text, "unknown action (play, sibling, assassinate, exile, connect, enthrone, draw)")
