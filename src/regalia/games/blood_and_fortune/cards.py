"""Blood & Fortune cards as small integers, their notation, and the house-rule effect tables.

Cards (rulebook "Components"):

- Influence cards ``0..29``: house ``h`` (0-based, ``0..5``) owns ``5h..5h+4``; offsets ``0..2`` are
  the singles ``H{h+1}s1..s3`` (worth 1), offsets ``3..4`` the doubles ``H{h+1}d1..d2`` (worth 2).
- Role cards ``30..44``: ``R1..R15`` (card ``29 + n``).
- House cards ``H1..H6``, Score cards ``S1..S8`` and the ``Ring`` are pieces, not numbered cards;
  they appear only in zones and in the ``deck=`` parameter.

The texts of the Role cards and Special Actions are not published; ``house_rules.json`` holds
regalia's own tables (house rules, BF-X3), one declarative effect per entry.
"""

from __future__ import annotations

import json
import re
from importlib import resources
from typing import Final, NamedTuple

NUM_HOUSES: Final = 6
NUM_INFLUENCE: Final = 30
NUM_ROLES: Final = 15
NUM_SCORE_CARDS: Final = 8
NUM_CARDS: Final = 45
"""Influence and Role cards: ``NUM_INFLUENCE + NUM_ROLES``."""
ROLE_BASE: Final = 30
"""The first Role card (``R1``): every card from here on is a Role card (``NUM_INFLUENCE``)."""
ROUNDS: Final = 3
TURNS_PER_ROUND: Final = 3
SPECIAL_CUTOFF: Final = 15
"""BF-4: a Special Action is usable while the total before this round is 15 or less."""

INFLUENCE_NAMES: Final[tuple[str, ...]] = tuple(
    f"H{h + 1}{'s' if k < 3 else 'd'}{k + 1 if k < 3 else k - 2}" for h in range(NUM_HOUSES) for k in range(5)
)
ROLE_NAMES: Final[tuple[str, ...]] = tuple(f"R{i + 1}" for i in range(NUM_ROLES))
CARD_NAMES: Final[tuple[str, ...]] = INFLUENCE_NAMES + ROLE_NAMES
CARD_INDEX: Final[dict[str, int]] = {name.lower(): i for i, name in enumerate(CARD_NAMES)}
VALUE: Final[tuple[int, ...]] = tuple(1 if i % 5 < 3 else 2 for i in range(NUM_INFLUENCE)) + (0,) * NUM_ROLES
HOUSE_OF: Final[tuple[int, ...]] = tuple(i // 5 for i in range(NUM_INFLUENCE)) + (-1,) * NUM_ROLES
IS_DOUBLE: Final[tuple[bool, ...]] = tuple(VALUE[i] == 2 for i in range(NUM_CARDS))
HOUSE_NAMES: Final[tuple[str, ...]] = tuple(f"H{h + 1}" for h in range(NUM_HOUSES))
SCORE_NAMES: Final[tuple[str, ...]] = tuple(f"S{i + 1}" for i in range(NUM_SCORE_CARDS))
RING: Final = "Ring"

_PIECE: Final = re.compile(r"^(?:H([1-6])|S([1-8])|R([1-9]|1[0-5]))$", re.IGNORECASE)


def is_role(card: int) -> bool:
    """Whether card ``card`` (an int) is a Role card."""
    return card >= ROLE_BASE


def house_cards(house: int) -> list[int]:
    """The 5 Influence cards (ints) of ``house`` (0-based)."""
    return list(range(5 * house, 5 * house + 5))


def card_name(card: int) -> str:
    """The notation of card ``card`` (``"H3d2"``, ``"R7"``)."""
    return CARD_NAMES[card]


def parse_card(text: str) -> int | None:
    """The card int of an Influence or Role notation (case-insensitive), or ``None``."""
    return CARD_INDEX.get(text.lower())


def parse_piece(text: str) -> tuple[str, int] | None:
    """Read a ``deck=`` entry: ``("house", h)``, ``("score", s)`` or ``("role", r)`` (0-based), or ``None``."""
    m = _PIECE.match(text.strip())
    if m is None:
        return None
    if m.group(1):
        return ("house", int(m.group(1)) - 1)
    if m.group(2):
        return ("score", int(m.group(2)) - 1)
    return ("role", int(m.group(3)) - 1)


class Effect(NamedTuple):
    """One house-rule effect (a Special Action or a Role card), read from ``house_rules.json``.

    Attributes:
        id: ``"S1".."S8"`` or ``"R1".."R15"``.
        name: a short name.
        op: the operation run by ``effects.apply_effect``.
        target: ``"self"`` (no choice), ``"other"`` (choose another seat) or ``"other_card"``
            (choose another seat and a position in their area).
        amount: the score change of ``bonus``/``penalty`` (round-score points).
        cond: ``""``, ``"ring"`` or ``"empty_area"`` (a condition checked at Score Influence).
        text: the text shown to players.
    """

    id: str
    name: str
    op: str
    target: str
    amount: int
    cond: str
    text: str


OPS: Final = frozenset(
    {
        "swap_newest",
        "rightmost_to_left",
        "leftmost_to_right",
        "peek_area",
        "peek_hand",
        "bonus",
        "penalty",
        "keep_doubles",
        "lose_doubles",
        "take_ring",
        "regent",
        "envoy",
        "discard_newest",
    }
)
TARGETS: Final = frozenset({"self", "other", "other_card"})
CONDS: Final = frozenset({"", "ring", "empty_area"})


def load_effects(data: dict[str, object]) -> tuple[tuple[Effect, ...], tuple[Effect, ...]]:
    """Validate and build the (special actions, roles) tables from a ``house_rules.json`` dict.

    Raises:
        ValueError: a wrong count, id, op, target or condition (the message names the entry).
    """
    out: list[tuple[Effect, ...]] = []
    for key, count, prefix in (("special_actions", NUM_SCORE_CARDS, "S"), ("roles", NUM_ROLES, "R")):
        raw = data.get(key)
        if not isinstance(raw, list) or len(raw) != count:
            raise ValueError(f"house_rules.{key}: expected {count} entries")
        table = []
        for i, entry in enumerate(raw):
            if not isinstance(entry, dict):
                raise ValueError(f"house_rules.{key}[{i}]: expected an object")
            eff = Effect(
                str(entry["id"]),
                str(entry["name"]),
                str(entry["op"]),
                str(entry["target"]),
                int(entry.get("amount", 0)),
                str(entry.get("cond", "")),
                str(entry["text"]),
            )
            if eff.id != f"{prefix}{i + 1}":
                raise ValueError(f"house_rules.{key}[{i}]: id {eff.id!r}, expected {prefix}{i + 1}")
            if eff.op not in OPS or eff.target not in TARGETS or eff.cond not in CONDS:
                raise ValueError(f"house_rules.{key}[{i}]: unknown op, target or cond in {eff.id}")
            if (eff.op == "peek_area") != (eff.target == "other_card"):
                raise ValueError(f"house_rules.{key}[{i}]: peek_area goes with target other_card, and only it")
            if eff.op in ("envoy", "peek_hand") and eff.target != "other":
                raise ValueError(f"house_rules.{key}[{i}]: {eff.op} needs target other")
            table.append(eff)
        out.append(tuple(table))
    return out[0], out[1]


def _load_default() -> tuple[tuple[Effect, ...], tuple[Effect, ...]]:
    text = resources.files("regalia.games.blood_and_fortune").joinpath("house_rules.json").read_text(encoding="utf-8")
    data = json.loads(text)
    return load_effects(data)


_TABLES: Final = _load_default()
SPECIAL_ACTIONS: Final[tuple[Effect, ...]] = _TABLES[0]
"""The house-rule Special Actions (BF-X3): ``SPECIAL_ACTIONS[s]`` for Score card ``S{s+1}``."""
ROLES: Final[tuple[Effect, ...]] = _TABLES[1]
"""The house-rule Role cards (BF-X3): ``ROLES[r]`` for ``R{r+1}``."""

assert NUM_CARDS == NUM_INFLUENCE + NUM_ROLES and ROLE_BASE == NUM_INFLUENCE
