"""King's Blood card table: notation, philosophy, number, gender, ability, point value, deck files.

Shared with King's Family (``regalia.games.kings_family``), so it holds no multiplayer logic.

Cards are small integers called **faces** (one per distinct notation):

* ``0 .. 71`` — the characters: ``face = philosophy * 18 + (number - 1) * 2 + gender`` with
  philosophy ``0..3`` = ``M`` (Money), ``A`` (Art), ``R`` (Romance), ``B`` (Battle), number
  ``1..9`` (the clan, also the point value) and gender ``0`` = ``m``, ``1`` = ``f``;
  notation ``B5m``, ``R7f``.
* ``72 .. 75`` — the Events ``Assassination``, ``Exile``, ``NewConnection``, ``Enthronement``
  (point value 10 each; a deck holds several copies of each).
* ``76`` — the Advanced Rules card ``KingsBlood`` (point value 10).

The special abilities (``Skip``, ``Reverse``, ``Draw3``) belong to a deck, not to a face: a user's
deck file may give them to other characters. The deck shipped with regalia (``deck.txt``) is a
**reconstruction** (no official card list survives): 72 characters, one per philosophy x number x
gender; in every philosophy the 3f has Skip, the 5m has Reverse, the 7f has Draw 3; 10 Events
(Assassination 3, Exile 2, New Connection 3, Enthronement 2); the King's Blood card.

Deck file format (UTF-8 text, one card per line): ``<notation> [<ability>]``; blank lines and
text after ``#`` are ignored. Abilities are ``Skip``, ``Reverse`` or ``Draw3`` and only
characters may carry one. Each character notation may appear at most once (copies of a character
would make a Genealogy target ambiguous); Events may repeat; ``KingsBlood`` at most once.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Final

PHILOSOPHY_LETTERS: Final = "MARB"
PHILOSOPHY_NAMES: Final[tuple[str, ...]] = ("Money", "Art", "Romance", "Battle")
GENDER_LETTERS: Final = "mf"

NUM_CHARACTERS: Final = 72
ASSASSINATION: Final = 72
EXILE: Final = 73
NEW_CONNECTION: Final = 74
ENTHRONEMENT: Final = 75
KINGS_BLOOD: Final = 76
NUM_FACES: Final = 77

EVENT_NAMES: Final[dict[int, str]] = {
    ASSASSINATION: "Assassination",
    EXILE: "Exile",
    NEW_CONNECTION: "NewConnection",
    ENTHRONEMENT: "Enthronement",
}

NO_ABILITY: Final = 0
SKIP: Final = 1
REVERSE: Final = 2
DRAW3: Final = 3
ABILITY_NAMES: Final[tuple[str, ...]] = ("", "Skip", "Reverse", "Draw3")

EVENT_POINTS: Final = 10
KINGS_BLOOD_POINTS: Final = 10


def _build_tables() -> tuple[list[int], list[int], list[int], list[int], list[str]]:
    phil: list[int] = []
    num: list[int] = []
    gender: list[int] = []
    points: list[int] = []
    notation: list[str] = []
    for face in range(NUM_FACES):
        if face < NUM_CHARACTERS:
            p, rest = divmod(face, 18)
            n, g = divmod(rest, 2)
            phil.append(p)
            num.append(n + 1)
            gender.append(g)
            points.append(n + 1)
            notation.append(f"{PHILOSOPHY_LETTERS[p]}{n + 1}{GENDER_LETTERS[g]}")
        else:
            phil.append(-1)
            num.append(0)
            gender.append(-1)
            points.append(KINGS_BLOOD_POINTS if face == KINGS_BLOOD else EVENT_POINTS)
            notation.append("KingsBlood" if face == KINGS_BLOOD else EVENT_NAMES[face])
    return phil, num, gender, points, notation


_TABLES: Final = _build_tables()
PHILOSOPHY: Final[list[int]] = _TABLES[0]
"""Per face (index = face): the philosophy 0..3 (-1 for non-characters)."""
NUMBER: Final[list[int]] = _TABLES[1]
"""Per face: the number 1..9 (0 for non-characters)."""
GENDER: Final[list[int]] = _TABLES[2]
"""Per face: the gender 0 = m, 1 = f (-1 for non-characters)."""
POINTS: Final[list[int]] = _TABLES[3]
"""Per face: the point value."""
NOTATION: Final[list[str]] = _TABLES[4]
"""Per face: the notation (``B5m``, ``Exile``, ``KingsBlood``)."""


def _build_match() -> list[int]:
    out = [0] * (NUM_CHARACTERS * NUM_CHARACTERS)
    for f in range(NUM_CHARACTERS):
        for t in range(NUM_CHARACTERS):
            if PHILOSOPHY[f] == PHILOSOPHY[t]:
                out[f * NUM_CHARACTERS + t] = 2 if GENDER[f] != GENDER[t] else 1
            elif NUMBER[f] == NUMBER[t]:
                out[f * NUM_CHARACTERS + t] = 1
    return out


MATCH: Final[list[int]] = _build_match()
"""``MATCH[card * NUM_CHARACTERS + target]`` for two Characters: 0 when they do not match
(KB-T1), 1 when they match by colour or number without a Marriage, 2 when they match and would
marry (KB-M1: same colour, opposite gender). The King's Blood character (KB-E5) is the callers'
business. Shared with King's Family."""

_BY_NOTATION: Final[dict[str, int]] = {n.lower(): f for f, n in enumerate(NOTATION)}


def is_character(face: int) -> bool:
    """Whether ``face`` is a Character card (faces 0..71)."""
    return 0 <= face < NUM_CHARACTERS


def is_event(face: int) -> bool:
    """Whether ``face`` is one of the four Event cards."""
    return ASSASSINATION <= face <= ENTHRONEMENT


def parse_card(text: str) -> int:
    """The face of a card notation (``"B5m"``, ``"R7f"``, ``"Exile"``, ``"KingsBlood"``).

    Case is ignored (``b5m``, ``newconnection``), as are ``_``/``-``/spaces inside event names.

    Raises:
        ValueError: the text names no card.
    """
    key = text.strip().lower().replace("_", "").replace("-", "").replace(" ", "").replace("'", "")
    face = _BY_NOTATION.get(key)
    if face is None:
        raise ValueError(f"unknown card {text!r}")
    return face


def card_notation(face: int) -> str:
    """The notation of a face (``B5m``, ``Exile``, ``KingsBlood``).

    Raises:
        IndexError: ``face`` is outside ``0..76``.
    """
    if not 0 <= face < NUM_FACES:
        raise IndexError(f"no card face {face}")
    return NOTATION[face]


def card_name(face: int) -> str:
    """A long English name: ``"Battle 5 male"``, ``"New Connection"``, ``"King's Blood"``."""
    if is_character(face):
        return f"{PHILOSOPHY_NAMES[PHILOSOPHY[face]]} {NUMBER[face]} {'male' if GENDER[face] == 0 else 'female'}"
    if face == KINGS_BLOOD:
        return "King's Blood"
    return {NEW_CONNECTION: "New Connection"}.get(face, NOTATION[face])


@dataclass(frozen=True)
class DeckList:
    """A deck read from a deck file.

    Attributes:
        cards: the faces of the playable deck (characters and Events; the King's Blood card is
            not among them), in file order, one entry per physical card.
        abilities: per face (length 77), ``NO_ABILITY``/``SKIP``/``REVERSE``/``DRAW3``.
        has_kings_blood: whether the file lists the King's Blood card (Advanced Rules).
        source: the file's path or ``"<builtin>"``.
    """

    cards: tuple[int, ...]
    abilities: tuple[int, ...]
    has_kings_blood: bool
    source: str

    @property
    def characters(self) -> tuple[int, ...]:
        """The character faces of the deck."""
        return tuple(c for c in self.cards if c < NUM_CHARACTERS)


def parse_deck_text(text: str, source: str) -> DeckList:
    """Read a deck list (see the module docstring for the format).

    Args:
        text: the file contents.
        source: the file name, used in error messages.

    Raises:
        ValueError: ``"<source>, line <n>: <field>: <problem>"`` for an unknown card, an unknown
            ability, an ability on a non-character, a duplicate character or King's Blood card,
            extra fields; ``"<source>: ..."`` for a deck with no character.
    """
    cards: list[int] = []
    abilities = [NO_ABILITY] * NUM_FACES
    seen: dict[int, int] = {}
    has_kb = False
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        fields = line.split()
        where = f"{source}, line {lineno}"
        if len(fields) > 2:
            raise ValueError(f"{where}: expected '<card> [<ability>]', got {len(fields)} fields")
        try:
            face = parse_card(fields[0])
        except ValueError:
            raise ValueError(
                f"{where}: card: unknown card {fields[0]!r} (characters are M/A/R/B, 1-9, m/f as in B5m)"
            ) from None
        ability = NO_ABILITY
        if len(fields) == 2:
            names = {n.lower(): i for i, n in enumerate(ABILITY_NAMES) if n}
            names["draw 3"] = DRAW3
            ability = names.get(fields[1].lower(), -1)
            if ability < 0:
                raise ValueError(f"{where}: ability: unknown ability {fields[1]!r} (Skip, Reverse or Draw3)")
            if not is_character(face):
                raise ValueError(f"{where}: ability: only characters have abilities, not {NOTATION[face]}")
        if face == KINGS_BLOOD:
            if has_kb:
                raise ValueError(f"{where}: card: a second KingsBlood card (at most one)")
            has_kb = True
            continue
        if is_character(face):
            if face in seen:  # KB-X13
                raise ValueError(
                    f"{where}: card: duplicate character {NOTATION[face]} (first on line {seen[face]}); each character may appear once"
                )
            seen[face] = lineno
            abilities[face] = ability
        cards.append(face)
    if not seen:
        raise ValueError(f"{source}: the deck has no character card")
    return DeckList(tuple(cards), tuple(abilities), has_kb, source)


@lru_cache(maxsize=1)
def default_deck() -> DeckList:
    """The reconstructed deck shipped with regalia (``deck.txt``): 82 playable cards + King's Blood."""
    text = resources.files("regalia.games.kings_blood").joinpath("deck.txt").read_text(encoding="utf-8")
    return parse_deck_text(text, "<builtin deck.txt>")


@lru_cache(maxsize=16)
def _load_cached(path: str, mtime: float) -> DeckList:
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except OSError as exc:
        raise ValueError(f"deck_file: cannot read {path!r}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise ValueError(f"deck_file: {path!r} is not UTF-8 text") from None
    return parse_deck_text(text, path)


def load_deck(path: str | None) -> DeckList:
    """The deck of a ``deck_file`` option: the built-in reconstruction for ``None``, else the file.

    Raises:
        ValueError: the file cannot be read (``"deck_file: ..."``) or is malformed (naming the
            file, line and field).
    """
    if path is None:
        return default_deck()
    try:
        mtime = os.stat(path).st_mtime
    except OSError as exc:
        raise ValueError(f"deck_file: cannot read {path!r}: {exc.strerror}") from None
    return _load_cached(path, mtime)
