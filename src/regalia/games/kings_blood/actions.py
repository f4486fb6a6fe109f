"""King's Blood actions: frozen tuples with a canonical text and a stable integer id.

Action texts (keywords are case-insensitive; cards as in :mod:`.cards`; seats ``P0``..``P5``):

=====================================  ===========================================================
``play R7f right of B7m``              place a Character beside an Active card (marries if it can)
``play R7f right of B7m nomarry``      the same placement, declining the Marriage (KB-M2)
``sibling R4m left``                   place a sibling beside the newborn child / the last sibling
``assassinate B7m``                    Assassination on an Active card (KB-E1)
``exile B7m to P2``                    Exile an Active card into seat 2's hand (KB-E2)
``connect B7m right of R5f``           New Connection: move B7m beside R5f (KB-E3, KB-G5)
``connect B7m right of R5f nomarry``   the same move, declining the Marriage it would form
``enthrone B7m``                       Enthronement under an Active card (KB-E4)
``kingsblood B7m``                     the King's Blood card under an Active card (KB-E5)
``draw``                               draw a card (or, facing a Draw 3, draw the whole count)
``end``                                end the turn (keep the drawn card, stop after a birth...)
``announce``                           say "King's Blood!" (KB-T4, KB-T4b)
``pass``                               nothing to play and nothing to draw (KB-T7)
=====================================  ===========================================================

The integer action space has a fixed size for a player count (see :func:`num_actions`).
"""

from __future__ import annotations

from typing import Final, NamedTuple

from regalia.core.errors import IllegalActionError
from regalia.games.kings_blood.cards import NOTATION, NUM_CHARACTERS, parse_card
from regalia.games.kings_blood.genealogy import LEFT, RIGHT, SIDE_NAMES
from regalia.games.kings_blood.phases import MAX_SEATS

PLACE: Final = 0
SIBLING: Final = 1
ASSASSINATE: Final = 2
EXILE_TO: Final = 3
CONNECT: Final = 4
ENTHRONE: Final = 5
KINGSBLOOD: Final = 6
DRAW: Final = 7
END: Final = 8
ANNOUNCE: Final = 9
PASS: Final = 10
NUM_KINDS: Final = 11
"""The action kinds, ``PLACE`` .. ``PASS``."""

_NC: Final = NUM_CHARACTERS
_PLACE_SIZE: Final = _NC * _NC * 4
_SIB_BASE: Final = _PLACE_SIZE
_ASS_BASE: Final = _SIB_BASE + _NC * 2
_ENT_BASE: Final = _ASS_BASE + _NC
_KB_BASE: Final = _ENT_BASE + _NC
_CON_BASE: Final = _KB_BASE + _NC
_EXI_BASE: Final = _CON_BASE + _PLACE_SIZE


class KingsBloodAction(NamedTuple):
    """One King's Blood action.

    Fields (unused ones are 0):
        kind: ``PLACE``, ``SIBLING``, ``ASSASSINATE``, ``EXILE_TO``, ``CONNECT``, ``ENTHRONE``,
            ``KINGSBLOOD``, ``DRAW``, ``END``, ``ANNOUNCE`` or ``PASS``.
        card: the character played (PLACE, SIBLING) or moved (CONNECT).
        target: the Genealogy character targeted (PLACE, CONNECT: the destination neighbour;
            events).
        side: ``LEFT`` (0) or ``RIGHT`` (1).
        flag: PLACE/CONNECT: 1 declines the Marriage (``nomarry``); EXILE_TO: the receiving seat.
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
        if k == EXILE_TO:
            return f"exile {NOTATION[self.target]} to P{self.flag}"
        if k == ENTHRONE:
            return f"enthrone {NOTATION[self.target]}"
        if k == KINGSBLOOD:
            return f"kingsblood {NOTATION[self.target]}"
        return _SIMPLE_TEXT[k]


_SIMPLE_TEXT: Final[dict[int, str]] = {DRAW: "draw", END: "end", ANNOUNCE: "announce", PASS: "pass"}
_SIMPLE: Final[dict[str, KingsBloodAction]] = {v: KingsBloodAction(k) for k, v in _SIMPLE_TEXT.items()}

DRAW_ACTION: Final = _SIMPLE["draw"]
END_ACTION: Final = _SIMPLE["end"]
ANNOUNCE_ACTION: Final = _SIMPLE["announce"]
PASS_ACTION: Final = _SIMPLE["pass"]


# ---------------------------------------------------------------------------- prebuilt actions
# Legal-move generation hands out these shared objects instead of building tuples in the hot path
# (and the core's ``act in legal`` check then succeeds on identity). The tables are indexed like the
# action ids; an entry with ``card == target`` exists but names no action and is never generated.
_make = KingsBloodAction._make
PLACE_TABLE: Final[tuple[KingsBloodAction, ...]] = tuple(
    _make((PLACE, c, t, s, f)) for c in range(_NC) for t in range(_NC) for s in (LEFT, RIGHT) for f in (0, 1)
)
"""``PLACE_TABLE[((card * 72 + target) * 2 + side) * 2 + nomarry]`` (the action id)."""
CONNECT_TABLE: Final[tuple[KingsBloodAction, ...]] = tuple(
    _make((CONNECT, c, t, s, f)) for c in range(_NC) for t in range(_NC) for s in (LEFT, RIGHT) for f in (0, 1)
)
"""``CONNECT_TABLE[((card * 72 + destination) * 2 + side) * 2 + nomarry]``."""
SIBLING_TABLE: Final[tuple[KingsBloodAction, ...]] = tuple(
    KingsBloodAction(SIBLING, c, 0, s) for c in range(_NC) for s in (LEFT, RIGHT)
)
"""``SIBLING_TABLE[card * 2 + side]``."""
ASSASSINATE_TABLE: Final[tuple[KingsBloodAction, ...]] = tuple(KingsBloodAction(ASSASSINATE, 0, t) for t in range(_NC))
ENTHRONE_TABLE: Final[tuple[KingsBloodAction, ...]] = tuple(KingsBloodAction(ENTHRONE, 0, t) for t in range(_NC))
KINGSBLOOD_TABLE: Final[tuple[KingsBloodAction, ...]] = tuple(KingsBloodAction(KINGSBLOOD, 0, t) for t in range(_NC))
"""Indexed by the target."""
EXILE_TABLE: Final[tuple[tuple[KingsBloodAction, ...], ...]] = tuple(
    tuple(KingsBloodAction(EXILE_TO, 0, t, 0, p) for p in range(MAX_SEATS)) for t in range(_NC)
)
"""``EXILE_TABLE[target][seat]``."""


def placement_code(card: int, target: int, side: int, flag: int) -> int:
    """The offset of a placement (play or New Connection) within its block of ``72 * 72 * 4`` ids:
    card, target, side, ``nomarry`` flag. Shared with King's Family's action space."""
    return ((card * _NC + target) * 2 + side) * 2 + flag


def placement_from_code(code: int, action_id: int) -> tuple[int, int, int, int]:
    """``(card, target, side, flag)`` from :func:`placement_code`'s offset.

    Raises:
        IllegalActionError: the offset names a card placed beside itself (``action_id`` is named).
    """
    r, flag = divmod(code, 2)
    r, side = divmod(r, 2)
    card, target = divmod(r, _NC)
    if card == target:
        raise IllegalActionError(f"action id {action_id} names no action (a card beside itself)", None, action_id)
    return card, target, side, flag


def num_actions(players: int) -> int:
    """The size of the integer action space for ``players`` seats."""
    return _EXI_BASE + _NC * players + 4


def action_id(a: KingsBloodAction, players: int) -> int:
    """The integer id of ``a`` (stable for a player count)."""
    k = a.kind
    if k == PLACE:
        return placement_code(a.card, a.target, a.side, a.flag)
    if k == SIBLING:
        return _SIB_BASE + a.card * 2 + a.side
    if k == ASSASSINATE:
        return _ASS_BASE + a.target
    if k == ENTHRONE:
        return _ENT_BASE + a.target
    if k == KINGSBLOOD:
        return _KB_BASE + a.target
    if k == CONNECT:
        return _CON_BASE + placement_code(a.card, a.target, a.side, a.flag)
    if k == EXILE_TO:
        return _EXI_BASE + a.target * players + a.flag
    return _EXI_BASE + _NC * players + (k - DRAW)


def action_from_id(i: int, players: int) -> KingsBloodAction:
    """The action with id ``i``.

    Raises:
        IllegalActionError: ``i`` is outside the action space or names no action (a card placed
            beside itself).
    """
    if not isinstance(i, int) or not 0 <= i < num_actions(players):
        raise IllegalActionError(f"action id {i} is outside 0..{num_actions(players) - 1}", None, i)
    if i < _SIB_BASE or _CON_BASE <= i < _EXI_BASE:
        kind = PLACE if i < _SIB_BASE else CONNECT
        card, target, side, flag = placement_from_code(i - (0 if kind == PLACE else _CON_BASE), i)
        return KingsBloodAction(kind, card, target, side, flag)
    if i < _ASS_BASE:
        card, side = divmod(i - _SIB_BASE, 2)
        return KingsBloodAction(SIBLING, card, 0, side)
    if i < _ENT_BASE:
        return KingsBloodAction(ASSASSINATE, 0, i - _ASS_BASE)
    if i < _KB_BASE:
        return KingsBloodAction(ENTHRONE, 0, i - _ENT_BASE)
    if i < _CON_BASE:
        return KingsBloodAction(KINGSBLOOD, 0, i - _KB_BASE)
    r = i - _EXI_BASE
    if r < _NC * players:
        target, seat = divmod(r, players)
        return KingsBloodAction(EXILE_TO, 0, target, 0, seat)
    return KingsBloodAction(DRAW + (r - _NC * players))


def malformed(text: str, why: str) -> IllegalActionError:
    """The error for an action text that does not read (rule id ``None``)."""
    return IllegalActionError(f"cannot read {text!r}: {why}", None, text)


def read_character(text: str, word: str) -> int:
    """The Character face named by ``word`` in the action text ``text``.

    Raises:
        IllegalActionError: ``word`` is not a card, or not a Character card.
    """
    try:
        face = parse_card(word)
    except ValueError:
        raise malformed(text, f"{word!r} is not a card") from None
    if face >= NUM_CHARACTERS:
        raise malformed(text, f"{word!r} is not a Character card")
    return face


def read_side(text: str, word: str) -> int:
    """``LEFT`` or ``RIGHT`` from ``word``.

    Raises:
        IllegalActionError: ``word`` is neither ``left`` nor ``right``.
    """
    w = word.lower()
    if w == "left":
        return LEFT
    if w == "right":
        return RIGHT
    raise malformed(text, f"expected 'left' or 'right', got {word!r}")


def read_placement(text: str, words: list[str]) -> tuple[int, int, int, int]:
    """``(card, target, side, nomarry)`` from ``play|connect CARD left|right of TARGET [nomarry]``.

    Shared by King's Blood and King's Family (the same placement texts).

    Raises:
        IllegalActionError: the words are not of that form, or a card beside itself.
    """
    n = len(words)
    verb = words[0].lower()
    if n not in (5, 6) or words[3].lower() != "of" or (n == 6 and words[5].lower() != "nomarry"):
        raise malformed(text, f"expected '{verb} <card> left|right of <card> [nomarry]'")
    card = read_character(text, words[1])
    target = read_character(text, words[4])
    if card == target:
        raise malformed(text, "a card cannot go beside itself")
    return card, target, read_side(text, words[2]), 1 if n == 6 else 0


def read_sibling(text: str, words: list[str]) -> tuple[int, int]:
    """``(card, side)`` from ``sibling CARD left|right``.

    Raises:
        IllegalActionError: the words are not of that form.
    """
    if len(words) != 3:
        raise malformed(text, "expected 'sibling <card> left|right'")
    return read_character(text, words[1]), read_side(text, words[2])


def parse_action(text: str, players: int) -> KingsBloodAction:
    """Read an action text (see the module docstring); it need not be legal now.

    Raises:
        IllegalActionError: the text is not a well-formed King's Blood action.
    """
    words = text.split()
    if not words:
        raise malformed(text, "empty action")
    verb = words[0].lower()
    n = len(words)
    if verb in _SIMPLE and n == 1:
        return _SIMPLE[verb]
    if verb in ("play", "connect"):
        card, target, side, flag = read_placement(text, words)
        return KingsBloodAction(PLACE if verb == "play" else CONNECT, card, target, side, flag)
    if verb == "sibling":
        card, side = read_sibling(text, words)
        return KingsBloodAction(SIBLING, card, 0, side)
    if verb in ("assassinate", "enthrone", "kingsblood") and n == 2:
        kind = {"assassinate": ASSASSINATE, "enthrone": ENTHRONE, "kingsblood": KINGSBLOOD}[verb]
        return KingsBloodAction(kind, 0, read_character(text, words[1]))
    if verb == "exile":
        if n != 4 or words[2].lower() != "to":
            raise malformed(text, "expected 'exile <card> to P<seat>'")
        target = read_character(text, words[1])
        seat_word = words[3].upper()
        if not (seat_word.startswith("P") and seat_word[1:].isdigit() and int(seat_word[1:]) < players):
            raise malformed(text, f"{words[3]!r} is not a seat (P0..P{players - 1})")
        return KingsBloodAction(EXILE_TO, 0, target, 0, int(seat_word[1:]))
    raise malformed(
        text,
        "unknown action (play, sibling, assassinate, exile, connect, enthrone, kingsblood, draw, end, announce, pass)",
    )
