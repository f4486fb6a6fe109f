"""Kingship cards: kinds as small integers, notation, the deck data file and card specifications.

A card is a *kind* ``0..39``: ``(value - 1) * 3 + suit`` for the values ``A=1 .. K=13`` and the suits
``L=0`` (Light), ``D=1`` (Dark), ``T=2`` (Terra); kind ``39`` is the suitless Outlaw. Copies of a
card are indistinguishable, so hands are count vectors indexed by kind. The 80-card deck is read
from ``deck.txt`` beside this module (sheet "Components").
"""

from __future__ import annotations

from importlib import resources
from typing import Final

SUITS: Final = "LDT"
SUIT_NAMES: Final[tuple[str, ...]] = ("Light", "Dark", "Terra")
VALUE_TEXT: Final[tuple[str, ...]] = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
VALUE_NAMES: Final[tuple[str, ...]] = (
    "",
    "Angel",
    "Messenger",
    "Farmer",
    "Poacher",
    "Priest",
    "Demon",
    "Merchant",
    "Wizard",
    "Witch",
    "Knight",
    "Prince",
    "Queen",
    "Emperor",
    "Outlaw",
)

ANGEL: Final = 1
MESSENGER: Final = 2
FARMER: Final = 3
POACHER: Final = 4
PRIEST: Final = 5
DEMON_V: Final = 6
MERCHANT: Final = 7
WIZARD: Final = 8
WITCH: Final = 9
KNIGHT: Final = 10
PRINCE: Final = 11
QUEEN: Final = 12
EMPEROR: Final = 13
KNIGHT_KINDS: Final[tuple[int, ...]] = (27, 28, 29)
"""The three Knights (10L, 10D, 10T), by suit."""
OUTLAW_V: Final = 14
OUTLAW: Final = 39
NK: Final = 40
"""Number of card kinds (39 valued kinds, of which Terra Queen never occurs, plus the Outlaw)."""

VALUE: Final[list[int]] = [k // 3 + 1 for k in range(39)] + [OUTLAW_V]
"""VALUE[kind]: the value 1..13, or 14 for the Outlaw."""
SUIT: Final[list[int]] = [k % 3 for k in range(39)] + [-1]
"""SUIT[kind]: 0 Light, 1 Dark, 2 Terra, -1 for the Outlaw."""


def kind_of(value: int, suit: int) -> int:
    """The kind of ``value`` (1..13) in ``suit`` (0..2)."""
    return (value - 1) * 3 + suit


NAME: Final[list[str]] = [VALUE_TEXT[VALUE[k]] + SUITS[SUIT[k]] for k in range(39)] + ["Outlaw"]
"""NAME[kind]: the notation, e.g. ``"QL"``, ``"10T"``, ``"Outlaw"``."""
_BY_NAME = {n.upper(): k for k, n in enumerate(NAME) if n != "QT"}  # there is no Terra Queen
_BY_NAME["1L"], _BY_NAME["1D"], _BY_NAME["1T"] = 0, 1, 2


def parse_card(text: str) -> int:
    """The kind of a card notation (``"7L"``, ``"10t"``, ``"Outlaw"``; case-insensitive).

    Raises:
        KeyError: not a card notation.
    """
    return _BY_NAME[text.strip().upper()]


def _load_deck() -> list[int]:
    counts = [0] * NK
    text = resources.files(__package__).joinpath("deck.txt").read_text(encoding="utf-8")
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        name, count = line.split()
        counts[parse_card(name)] += int(count)
    return counts


DECK_COUNTS: Final[list[int]] = _load_deck()
"""DECK_COUNTS[kind]: copies of each kind in the 80-card deck (from ``deck.txt``)."""
DECK_SIZE: Final = sum(DECK_COUNTS)
FULL_DECK: Final[list[int]] = [k for k in range(NK) for _ in range(DECK_COUNTS[k])]
"""The deck as a list of kinds, in kind order."""
HAND_SIZE: Final[dict[int, int]] = {4: 12, 5: 11, 6: 10, 7: 9, 8: 8}
"""Cards dealt to each player by player count [rulebook, set-up]."""

# ---------------------------------------------------------------- titles
KING: Final = 0
DARK_QUEEN: Final = 1
LIGHT_QUEEN: Final = 2
OUTLAW_T: Final = 3
DEMON: Final = 4
SILENCED: Final = 5
TITLE_NAMES: Final[tuple[str, ...]] = ("Kingship", "DarkQueen", "LightQueen", "Outlaw", "Demon", "Silenced")
TITLE_BY_NAME: Final[dict[str, int]] = {n.upper(): i for i, n in enumerate(TITLE_NAMES)}
TITLE_BY_NAME.update({"KING": KING, "DQ": DARK_QUEEN, "LQ": LIGHT_QUEEN})

# ---------------------------------------------------------------- specifications (KS-10)
NSPEC: Final = 15 * 4
"""A specification is ``value * 4 + suit``: value 0 = any, 1..13, 14 = Outlaw; suit 0 = any,
1..3 = L, D, T. Spec 0 is "any Kingship card" [KS-10]."""


def spec_matches(spec: int, kind: int) -> bool:
    """Whether card ``kind`` fits specification ``spec`` [KS-10]."""
    v, s = divmod(spec, 4)
    if v and VALUE[kind] != v:
        return False
    return not (s and SUIT[kind] != s - 1)


SPEC_MATCH: Final[list[list[bool]]] = [[spec_matches(sp, k) for k in range(NK)] for sp in range(NSPEC)]


def is_valid_spec(spec: int) -> bool:
    """Whether a spec names at least one card of the deck (e.g. not ``"QT"`` nor ``"Outlaw L"``)."""
    return any(SPEC_MATCH[spec][k] and DECK_COUNTS[k] for k in range(NK))


VALID_SPECS: Final[list[int]] = [sp for sp in range(NSPEC) if is_valid_spec(sp)]


def spec_text(spec: int) -> str:
    """The text of a spec: ``"7L"``, ``"7"``, ``"L"``, ``"Outlaw"``, ``"any"``."""
    v, s = divmod(spec, 4)
    if v == 0 and s == 0:
        return "any"
    if v == OUTLAW_V:
        return "Outlaw"
    return (VALUE_TEXT[v] if v else "") + (SUITS[s - 1] if s else "")


def parse_spec(text: str) -> int:
    """Read a spec text (see :func:`spec_text`).

    Raises:
        KeyError: not a spec.
    """
    t = text.strip().upper()
    if t == "ANY":
        return 0
    if t == "OUTLAW":
        return OUTLAW_V * 4
    suit = 0
    if t and t[-1] in SUITS:
        suit = SUITS.index(t[-1]) + 1
        t = t[:-1]
    if not t:
        if not suit:
            raise KeyError(text)
        return suit
    if t not in VALUE_TEXT[1:]:
        if t == "1":
            t = "A"
        else:
            raise KeyError(text)
    spec = VALUE_TEXT.index(t) * 4 + suit
    if not is_valid_spec(spec):
        raise KeyError(text)
    return spec
