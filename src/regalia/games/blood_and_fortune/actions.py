"""Blood & Fortune actions: frozen tuples with a canonical text and a stable integer id.

Texts (seats are written ``P0``, ``P1``, … as everywhere on screen; area positions are 1-based
from the left, oldest first):

- ``offer H3s1 H3d2 to P2`` / ``offer H3s1 to P2`` — Offer Influence (cards in card order).
- ``keep H3d2`` — the recipient keeps one offered card.
- ``give H2s1`` — the recipient of a kept Role card pays the offerer an Influence card.
- ``place R7`` — role draft: put one of your two dealt roles face down.
- ``take from P2`` — role draft: take the face-down role placed by seat 2.
- ``special`` / ``special on P2`` / ``special on P2 at 3`` — use your Special Action.
- ``pass`` — decline your Special Action in the closing window (BF-X2).
- ``target P2`` / ``target P2 at 3`` — the target of the Role card being resolved.

A seat may also be typed as its bare number (``to 2``, ``take from 2``): records written before
the texts named seats ``P2`` (rules 1.0, 2015 rulebook) still replay.
"""

from __future__ import annotations

import re
from typing import Final, NamedTuple

from regalia.core.errors import IllegalActionError
from regalia.games.blood_and_fortune.cards import (
    CARD_NAMES,
    NUM_CARDS,
    NUM_INFLUENCE,
    NUM_ROLES,
    ROLE_BASE,
    parse_card,
)

OFFER: Final = 0
KEEP: Final = 1
GIVE: Final = 2
PLACE: Final = 3
TAKE: Final = 4
SPECIAL: Final = 5
PASS: Final = 6
TARGET: Final = 7
KIND_NAMES: Final[tuple[str, ...]] = ("offer", "keep", "give", "place", "take", "special", "pass", "target")
"""The first word of each kind's text."""

MAX_PLAYERS: Final = 6

# offer sets: a single card c -> c; a pair a<b -> NUM_CARDS + pair index
PAIRS: Final[list[tuple[int, int]]] = [(a, b) for a in range(NUM_CARDS) for b in range(a + 1, NUM_CARDS)]
PAIR_INDEX: Final[dict[tuple[int, int], int]] = {p: i for i, p in enumerate(PAIRS)}
NUM_OFFER_SETS: Final = NUM_CARDS + len(PAIRS)


class BloodAndFortuneAction(NamedTuple):
    """One decision. ``a``/``b`` are card ints (``-1`` unused), ``seat`` a seat, ``pos`` a 0-based
    area position (``-1`` unused). ``str()`` gives the canonical text."""

    kind: int
    a: int = -1
    b: int = -1
    seat: int = -1
    pos: int = -1

    def __str__(self) -> str:
        k = self.kind
        if k == OFFER:
            cards = CARD_NAMES[self.a] if self.b < 0 else f"{CARD_NAMES[self.a]} {CARD_NAMES[self.b]}"
            return f"offer {cards} to P{self.seat}"
        if k in (KEEP, GIVE, PLACE):
            return f"{KIND_NAMES[k]} {CARD_NAMES[self.a]}"
        if k == TAKE:
            return f"take from P{self.seat}"
        if k == PASS:
            return "pass"
        word = KIND_NAMES[k]
        if self.seat < 0:
            return word
        prefix = f"{word} on P{self.seat}" if k == SPECIAL else f"{word} P{self.seat}"
        return prefix if self.pos < 0 else f"{prefix} at {self.pos + 1}"


OFFER_TABLE: Final[list[list[list[BloodAndFortuneAction]]]] = [
    [
        [BloodAndFortuneAction(OFFER, a, b - 1 if b > 0 else -1, q) for q in range(MAX_PLAYERS)]
        for b in range(NUM_CARDS + 1)
    ]
    for a in range(NUM_CARDS)
]
"""``OFFER_TABLE[a][b + 1][to]``: the offer of cards ``a`` (and ``b``, ``-1`` for none) to seat ``to``, built once."""
KEEPS: Final[tuple[BloodAndFortuneAction, ...]] = tuple(BloodAndFortuneAction(KEEP, c) for c in range(NUM_CARDS))
"""``KEEPS[card]``: keep ``card``, built once (as every table below)."""
GIVES: Final[tuple[BloodAndFortuneAction, ...]] = tuple(BloodAndFortuneAction(GIVE, c) for c in range(NUM_CARDS))
"""``GIVES[card]``: give the Influence card ``card``."""
PLACES: Final[tuple[BloodAndFortuneAction, ...]] = tuple(BloodAndFortuneAction(PLACE, c) for c in range(NUM_CARDS))
"""``PLACES[card]``: place the Role card ``card``."""
TAKES: Final[tuple[BloodAndFortuneAction, ...]] = tuple(BloodAndFortuneAction(TAKE, seat=q) for q in range(MAX_PLAYERS))
"""``TAKES[seat]``: take the Role card placed by ``seat``."""
PASS_ACTION: Final = BloodAndFortuneAction(PASS)
"""``pass``."""


def max_positions(players: int) -> int:
    """The largest possible area size (one card per offer at most: 3 turns x players)."""
    return 3 * players


def num_actions(players: int) -> int:
    """The size of the integer action space for ``players`` seats (options do not change it)."""
    m = max_positions(players)
    return (
        NUM_OFFER_SETS * players
        + NUM_CARDS
        + NUM_INFLUENCE
        + NUM_ROLES
        + players
        + (1 + players + players * m)
        + 1
        + (players + players * m)
    )


def _bases(players: int) -> tuple[int, ...]:
    m = max_positions(players)
    keep = NUM_OFFER_SETS * players
    give = keep + NUM_CARDS
    place = give + NUM_INFLUENCE
    take = place + NUM_ROLES
    special = take + players
    pas = special + 1 + players + players * m
    target = pas + 1
    return 0, keep, give, place, take, special, pas, target


_BASES: Final[tuple[tuple[int, ...], ...]] = tuple(_bases(n) for n in range(MAX_PLAYERS + 1))
"""``_BASES[players][kind]``: the first id of each kind of action."""


def action_to_id(action: BloodAndFortuneAction, players: int) -> int:
    """The integer id of ``action`` in a game of ``players`` seats."""
    bases = _BASES[players]
    k = action.kind
    m = max_positions(players)
    if k == OFFER:
        s = action.a if action.b < 0 else NUM_CARDS + PAIR_INDEX[(action.a, action.b)]
        return s * players + action.seat
    if k == KEEP:
        return bases[KEEP] + action.a
    if k == GIVE:
        return bases[GIVE] + action.a
    if k == PLACE:
        return bases[PLACE] + action.a - ROLE_BASE
    if k == TAKE:
        return bases[TAKE] + action.seat
    if k == SPECIAL:
        if action.seat < 0:
            return bases[SPECIAL]
        if action.pos < 0:
            return bases[SPECIAL] + 1 + action.seat
        return bases[SPECIAL] + 1 + players + action.seat * m + action.pos
    if k == PASS:
        return bases[PASS]
    if action.pos < 0:
        return bases[TARGET] + action.seat
    return bases[TARGET] + players + action.seat * m + action.pos


def action_from_id(i: int, players: int) -> BloodAndFortuneAction:
    """The action with id ``i``.

    Raises:
        IllegalActionError: ``i`` is outside the action space.
    """
    if not isinstance(i, int) or not 0 <= i < num_actions(players):
        raise IllegalActionError(f"action id {i!r} is outside the action space", None, i)
    b = _BASES[players]
    m = max_positions(players)
    if i < b[KEEP]:
        s, to = divmod(i, players)
        if s < NUM_CARDS:
            return BloodAndFortuneAction(OFFER, s, -1, to)
        x, y = PAIRS[s - NUM_CARDS]
        return BloodAndFortuneAction(OFFER, x, y, to)
    if i < b[GIVE]:
        return BloodAndFortuneAction(KEEP, i - b[KEEP])
    if i < b[PLACE]:
        return BloodAndFortuneAction(GIVE, i - b[GIVE])
    if i < b[TAKE]:
        return BloodAndFortuneAction(PLACE, ROLE_BASE + i - b[PLACE])
    if i < b[SPECIAL]:
        return BloodAndFortuneAction(TAKE, seat=i - b[TAKE])
    if i < b[PASS]:
        j = i - b[SPECIAL]
        if j == 0:
            return BloodAndFortuneAction(SPECIAL)
        if j <= players:
            return BloodAndFortuneAction(SPECIAL, seat=j - 1)
        seat, pos = divmod(j - 1 - players, m)
        return BloodAndFortuneAction(SPECIAL, seat=seat, pos=pos)
    if i == b[PASS]:
        return BloodAndFortuneAction(PASS)
    j = i - b[TARGET]
    if j < players:
        return BloodAndFortuneAction(TARGET, seat=j)
    seat, pos = divmod(j - players, m)
    return BloodAndFortuneAction(TARGET, seat=seat, pos=pos)


_SEAT: Final = r"p?([0-9]+)"  # "P2" as shown on screen, or the bare number of older records
_RE: Final[tuple[tuple[int, re.Pattern[str]], ...]] = (
    (OFFER, re.compile(r"^offer\s+(\S+)(?:\s+(\S+))?\s+to\s+" + _SEAT + "$")),
    (KEEP, re.compile(r"^keep\s+(\S+)$")),
    (GIVE, re.compile(r"^give\s+(\S+)$")),
    (PLACE, re.compile(r"^place\s+(\S+)$")),
    (TAKE, re.compile(r"^take\s+from\s+" + _SEAT + "$")),
    (SPECIAL, re.compile(r"^special(?:\s+on\s+" + _SEAT + r"(?:\s+at\s+([0-9]+))?)?$")),
    (PASS, re.compile(r"^pass$")),
    (TARGET, re.compile(r"^target\s+" + _SEAT + r"(?:\s+at\s+([0-9]+))?$")),
)
"""The reader of each kind of action text, tried in this order."""


def _bad(text: str, why: str) -> IllegalActionError:
    return IllegalActionError(
        f"not a Blood & Fortune action ({why}): the actions are offer H3s1 H3d2 to P2, offer H3s1 to P2, keep H3d2, "
        "give H2s1, place R7, take from P2, special, special on P2, special on P2 at 3, pass, target P2, "
        "target P2 at 3",
        None,
        text,
    )


def _seat(text: str, s: str, players: int) -> int:
    """The seat written ``s`` (digits) in ``text``."""
    v = int(s) if len(s) <= 3 else players
    if not 0 <= v < players:
        raise _bad(text, f"P{s if len(s) <= 3 else s[:3] + '…'} is not a seat of this {players}-player game")
    return v


def _pos(text: str, s: str | None, players: int) -> int:
    """The 0-based area position written ``s`` (1-based digits) in ``text``; ``-1`` for none."""
    if s is None:
        return -1
    m_pos = max_positions(players)
    v = int(s) if len(s) <= 3 else 0
    if not 1 <= v <= m_pos:
        raise _bad(text, f"area position {s if len(s) <= 3 else s[:3] + '…'} is outside 1..{m_pos}")
    return v - 1


def _card(text: str, s: str, influence: bool = False, role: bool = False) -> int:
    """The card written ``s`` in ``text`` (only an Influence card / only a Role card when asked)."""
    c = parse_card(s)
    if c is None:
        raise _bad(text, f"unknown card {s!r}")
    if influence and c >= ROLE_BASE:
        raise _bad(text, f"{CARD_NAMES[c]} is not an Influence card")
    if role and c < ROLE_BASE:
        raise _bad(text, f"{CARD_NAMES[c]} is not a Role card")
    return c


def parse_action_text(text: str, players: int) -> BloodAndFortuneAction:
    """Read any well-formed action text (legal now or not).

    Raises:
        IllegalActionError: the text is malformed (unknown word or card, seat or position out of range).
    """
    t = " ".join(text.strip().split()).lower()
    for kind, rx in _RE:
        m = rx.match(t)
        if m is None:
            continue
        if kind == OFFER:
            a = _card(text, m.group(1))
            to = _seat(text, m.group(3), players)
            if m.group(2) is None:
                return BloodAndFortuneAction(OFFER, a, -1, to)
            b = _card(text, m.group(2))
            if a == b:
                raise _bad(text, "the same card twice")
            return BloodAndFortuneAction(OFFER, min(a, b), max(a, b), to)
        if kind == KEEP:
            return BloodAndFortuneAction(KEEP, _card(text, m.group(1)))
        if kind == GIVE:
            return BloodAndFortuneAction(GIVE, _card(text, m.group(1), influence=True))
        if kind == PLACE:
            return BloodAndFortuneAction(PLACE, _card(text, m.group(1), role=True))
        if kind == TAKE:
            return BloodAndFortuneAction(TAKE, seat=_seat(text, m.group(1), players))
        if kind == PASS:
            return BloodAndFortuneAction(PASS)
        if m.group(1) is None:
            return BloodAndFortuneAction(SPECIAL)
        return BloodAndFortuneAction(kind, seat=_seat(text, m.group(1), players), pos=_pos(text, m.group(2), players))
    raise _bad(text, "unknown action")
