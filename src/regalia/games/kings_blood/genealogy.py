"""The Genealogy: the family tree of Character cards and its geometry (rulings KB-G1..KB-G7).

State-independent and shared with King's Family: it knows positions, not colours or rules of
play. Cards are integers (faces, see :mod:`regalia.games.kings_blood.cards`); each character
appears at most once.

Model (rule sheet, KB-G1): rows are generations numbered downward from the founder's row 0;
positions are in half-card units, a card at ``x`` in row ``g`` occupies ``[x, x + 2)``. The
founder sits at ``(0, 0)``; a card beside a card at ``x`` sits at ``x - 2`` or ``x + 2`` (KB-G2);
a child sits in the row below at the midpoint of its parents (KB-G4), so every row keeps one
parity and a card at ``x`` in row ``g + 1`` lies on top of the cards at ``x - 1`` and ``x + 1``
of row ``g``.

Sides are ``LEFT = 0`` and ``RIGHT = 1``.

Inside, a spot ``(row, x)`` is one integer, its *key* ``row * STRIDE + x + OFFSET`` (see
:func:`spot_key`): the spot beside it is ``key +- 2``, the spots of the row below ``key + STRIDE
+- 1`` and of the row above ``key - STRIDE +- 1``, and keys sort like ``(row, x)``. One dict holds
the cards by key; positions are limited to ``|x| < MAX_X`` and ``|row| < MAX_ROW`` (far beyond any
game: a card goes two half-cards beside another).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final, TypeVar

T = TypeVar("T")

LEFT: Final = 0
RIGHT: Final = 1
SIDE_NAMES: Final[tuple[str, ...]] = ("left", "right")

NO_SIDE: Final = 0
LEFT_SIDE: Final = 1
RIGHT_SIDE: Final = 2
BOTH_SIDES: Final = 3
"""The placeable sides of a card as a bit mask: bit ``1 << LEFT`` for the left side, ``1 << RIGHT``
for the right (KB-G2). An Active card's mask is ``LEFT_SIDE``, ``RIGHT_SIDE`` or ``BOTH_SIDES``;
``NO_SIDE`` means not Active (KB-G3). Integers, not shared tuples compared by identity: a tuple
constant compiled by mypyc is rebuilt on every read, so ``is`` would never hold."""
SIDES: Final[tuple[tuple[int, ...], ...]] = ((), (LEFT,), (RIGHT,), (LEFT, RIGHT))
"""``SIDES[mask]``: the sides of a mask as a tuple, left first."""

SHIFT: Final = 24
STRIDE: Final = 1 << SHIFT
"""The difference between the keys of ``(row + 1, x)`` and ``(row, x)``."""
OFFSET: Final = 1 << (SHIFT - 1)
MAX_X: Final = 1 << (SHIFT - 2)
"""Positions hold ``-MAX_X < x < MAX_X`` (half-card units)."""
MAX_ROW: Final = 1 << 30
"""Rows hold ``-MAX_ROW < row < MAX_ROW``."""
_LOW: Final = STRIDE - 1
_ORIGIN: Final = OFFSET
"""The key of ``(0, 0)``, the founder's spot."""


def spot_key(row: int, x: int) -> int:
    """The key of the spot ``(row, x)`` (see the module docstring).

    Raises:
        ValueError: the spot is outside ``|row| < MAX_ROW``, ``|x| < MAX_X``.
    """
    if not (-MAX_X < x < MAX_X and -MAX_ROW < row < MAX_ROW):
        raise ValueError(f"the spot ({row}, {x}) is outside the Genealogy (|x| < {MAX_X}, |row| < {MAX_ROW})")
    return row * STRIDE + x + OFFSET


def key_row(key: int) -> int:
    """The row of a spot's key."""
    return key >> SHIFT


def key_x(key: int) -> int:
    """The position ``x`` of a spot's key."""
    return (key & _LOW) - OFFSET


def _status(cells: dict[int, int], k: int, both_sides: bool) -> int:
    """KB-G3 for the card at key ``k``: the mask of its placeable sides (KB-G2) if it is Active,
    else ``NO_SIDE``."""
    b = k + STRIDE
    if (b - 1) in cells or (b + 1) in cells:
        return NO_SIDE  # covered by a card of the row below
    left = (k - 2) not in cells and (k - 4) not in cells and (b - 3) not in cells
    right = (k + 2) not in cells and (k + 4) not in cells and (b + 3) not in cells
    if left and right:
        return BOTH_SIDES
    if both_sides:
        return NO_SIDE
    if left:
        return LEFT_SIDE
    return RIGHT_SIDE if right else NO_SIDE


def _open(cells: dict[int, int], k: int, side: int) -> bool:
    """KB-G2: the spot beside key ``k`` on ``side`` is empty, the spot beyond it is empty, and no
    card of the row below lies at the spot +-1."""
    step = 2 if side == RIGHT else -2
    spot = k + step
    if spot in cells or (spot + step) in cells:
        return False
    b = spot + STRIDE
    return (b - 1) not in cells and (b + 1) not in cells


class Genealogy:
    """The cards of a Genealogy by position, with their attached cards.

    Args:
        active_needs_both_sides: KB-G3 option ``active_needs_both_sides``: a card is Active only
            when *both* of its sides are placeable (default: at least one).

    Attributes:
        both_sides: the KB-G3 switch given above.
        memo: free for the caller: anything it derives from this Genealogy (King's Blood keeps
            its plays on the Active cards there, King's Family its placements). Reset to
            ``None`` on every change (attachments included); ``clone`` copies it (the copy is the
            same Genealogy).
        memo_key: free for the caller beside ``memo``: what else ``memo`` depends on (King's
            Blood: the card holding the King's Blood card); copied by ``clone``, never reset.
        shown: free for the caller's view: the parts of every seat's view drawn from this
            Genealogy alone (King's Blood: its cards, rows and Active cards, shared by the views
            of all seats until the Genealogy changes — they are public). Reset and copied like
            ``memo``.
    """

    __slots__ = (
        "_active",
        "_att",
        "_cells",
        "_conn",
        "_count",
        "_order",
        "_pos",
        "_sides",
        "both_sides",
        "memo",
        "memo_key",
        "shown",
    )

    def __init__(self, active_needs_both_sides: bool = False) -> None:
        self.both_sides = active_needs_both_sides
        self._cells: dict[int, int] = {}
        """spot key -> card."""
        self._pos: dict[int, int] = {}
        """card -> its spot key."""
        self._count: dict[int, int] = {}
        """row -> the number of cards in it (rows holding a card only)."""
        self._att: dict[int, list[int]] = {}
        self._sides: dict[int, int] = {}
        """Active card -> the mask of its placeable sides (KB-G3); only the Active cards; kept up
        to date."""
        self._order: list[int] | None = None
        """The Active cards ordered by (row, position); computed on demand, dropped on every change."""
        self._active: list[tuple[int, tuple[int, ...]]] | None = None
        self._conn: dict[int, list[tuple[int, int]]] | None = None
        """card -> its New Connection moves (KB-G5), filled on demand; dropped on every change."""
        self.memo: Any = None
        self.memo_key = 0
        self.shown: Any = None

    # ------------------------------------------------------------------ queries
    def __len__(self) -> int:
        return len(self._pos)

    def __contains__(self, card: object) -> bool:
        return card in self._pos

    @property
    def is_empty(self) -> bool:
        """Whether no card is in the Genealogy."""
        return not self._pos

    def cards(self) -> list[int]:
        """The cards in the Genealogy, ordered by (row, position)."""
        cells = self._cells
        return [cells[k] for k in sorted(cells)]

    def position(self, card: int) -> tuple[int, int]:
        """``(row, x)`` of ``card`` (KB-G1).

        Raises:
            KeyError: the card is not in the Genealogy.
        """
        k = self._pos[card]
        return k >> SHIFT, (k & _LOW) - OFFSET

    def row_of(self, card: int) -> int:
        """The row of ``card`` (KB-G1).

        Raises:
            KeyError: the card is not in the Genealogy.
        """
        return self._pos[card] >> SHIFT

    def card_at(self, row: int, x: int) -> int | None:
        """The card at ``(row, x)``, or ``None``."""
        if not (-MAX_X < x < MAX_X and -MAX_ROW < row < MAX_ROW):
            return None
        return self._cells.get(row * STRIDE + x + OFFSET)

    def attachments(self, card: int) -> list[int]:
        """The cards attached under ``card`` (Enthronement, King's Blood), in the order attached."""
        return list(self._att.get(card, ()))

    def has_attachment(self, card: int, face: int) -> bool:
        """Whether ``face`` is attached under ``card``."""
        att = self._att.get(card)
        return att is not None and face in att

    def attached_cards(self) -> list[int]:
        """Every attached card in the Genealogy (one entry per physical card)."""
        out: list[int] = []
        for card in self.cards():
            out.extend(self._att.get(card, ()))
        return out

    def row_size(self, row: int) -> int:
        """The number of cards in ``row`` (King's Family KF-4 caps it at 10)."""
        return self._count.get(row, 0)

    def generations(self) -> int:
        """The number of generations: rows holding at least one card (KB-X4)."""
        return len(self._count)

    def row_numbers(self) -> list[int]:
        """The rows holding at least one card, top to bottom."""
        return sorted(self._count)

    def top_row_with(self, face: int) -> int | None:
        """The topmost row holding a card with ``face`` attached under it, or ``None``."""
        top: int | None = None
        pos = self._pos
        for c, att in self._att.items():
            if face in att:
                r = pos[c] >> SHIFT
                if top is None or r < top:
                    top = r
        return top

    def rows_from(self, row: int) -> int:
        """The number of rows holding a card from ``row`` down (``row`` included)."""
        return sum(1 for r in self._count if r >= row)

    def placed(self) -> list[tuple[int, int]]:
        """Every card with its spot's key, ``(card, key)``, in no particular order (a caller
        reads ``key_row(key)`` and ``key_x(key)``; cheaper than :meth:`cards`, which sorts)."""
        return list(self._pos.items())

    def cards_with(self, face: int) -> list[int]:
        """The cards that have ``face`` attached under them (in no particular order)."""
        return [c for c, att in self._att.items() if face in att]

    def is_covered(self, card: int) -> bool:
        """Whether a card of the row below lies on top of ``card`` (KB-G3, KB-G7)."""
        b = self._pos[card] + STRIDE
        cells = self._cells
        return (b - 1) in cells or (b + 1) in cells

    def is_open_beside(self, row: int, x: int, side: int) -> bool:
        """Whether a Character could go beside the spot ``(row, x)`` on ``side`` (KB-G2), whether
        or not a card is at ``(row, x)`` (used to plan a line of siblings)."""
        return _open(self._cells, spot_key(row, x), side)

    def spot(self, card: int, side: int) -> tuple[int, int]:
        """``(row, x)`` of the spot beside ``card`` on ``side`` (KB-G2)."""
        row, x = self.position(card)
        return row, x + (2 if side == RIGHT else -2)

    def can_place(self, target: int, side: int) -> bool:
        """Whether a Character may be placed beside ``target`` on ``side`` (KB-G2).

        Does not check that ``target`` is Active (see :meth:`is_active`).

        Raises:
            KeyError: ``target`` is not in the Genealogy.
        """
        return _open(self._cells, self._pos[target], side)

    def placeable_sides(self, target: int) -> list[int]:
        """The sides (``LEFT``/``RIGHT``) on which ``target`` takes a Character (KB-G2)."""
        k = self._pos[target]
        cells = self._cells
        return [s for s in (LEFT, RIGHT) if _open(cells, k, s)]

    def _refresh(self, k: int) -> None:
        """Recompute the cards whose status depends on the spot ``k``: the cards of its row at
        x-4..x+4 and of the row above at x-3..x+3 (KB-G2/G3 look no further)."""
        cells = self._cells
        sides = self._sides
        both = self.both_sides
        a = k - STRIDE
        for q in (k - 4, k - 2, k, k + 2, k + 4, a - 3, a - 1, a + 1, a + 3):
            c = cells.get(q)
            if c is not None:
                st = _status(cells, q, both)
                if st:
                    sides[c] = st
                else:
                    sides.pop(c, None)
        self._order = self._active = self.memo = self.shown = None
        self._conn = None  # not cleared in place: a clone may share the old dict (see clone)

    def _close(self, card: int, side: int) -> None:
        """``side`` of the Active card ``card`` is no longer placeable."""
        sides = self._sides
        st = sides[card]
        if st == BOTH_SIDES and not self.both_sides:
            sides[card] = RIGHT_SIDE if side == LEFT else LEFT_SIDE
        elif st == BOTH_SIDES or st == 1 << side:
            del sides[card]

    def _recompute_all(self) -> None:
        cells = self._cells
        both = self.both_sides
        sides: dict[int, int] = {}
        for c, k in self._pos.items():
            st = _status(cells, k, both)
            if st:
                sides[c] = st
        self._sides = sides
        self._order = self._active = self.memo = self.shown = None
        self._conn = None

    def active_order(self) -> list[int]:
        """The Active cards ordered by (row, position) (KB-G3).

        Cached until the Genealogy changes; do not modify it (:meth:`active` returns a copy).
        """
        order = self._order
        if order is None:
            order = self._order = sorted(self._sides, key=self._pos.__getitem__)  # keys sort like (row, x)
        return order

    def active_sides(self) -> list[tuple[int, tuple[int, ...]]]:
        """The Active cards with their placeable sides, ordered by (row, position) (KB-G2, KB-G3).

        Cached until the Genealogy changes; do not modify it.
        """
        active = self._active
        if active is None:
            sides = self._sides
            active = self._active = [(c, SIDES[sides[c]]) for c in self.active_order()]
        return active

    def active_lookup(self, table: Sequence[Sequence[T]]) -> list[T]:
        """``table[mask][card]`` for each Active card, in the order of :meth:`active_order`,
        ``mask`` being the mask of its placeable sides (King's Blood and King's Family read their
        play tables this way)."""
        sides = self._sides
        return [table[sides[c]][c] for c in self.active_order()]

    def side_mask(self, card: int) -> int:
        """The mask of the placeable sides of ``card`` if it is Active (``LEFT_SIDE``,
        ``RIGHT_SIDE`` or ``BOTH_SIDES``), else ``NO_SIDE`` (KB-G2, KB-G3)."""
        return self._sides.get(card, NO_SIDE)

    def active(self) -> list[int]:
        """The Active cards, ordered by (row, position) (KB-G3).

        A card is Active when no card of the row below lies on top of it and at least one side
        (both, with ``active_needs_both_sides``) is placeable by KB-G2.
        """
        return list(self.active_order())

    def sides_of(self, card: int) -> tuple[int, ...]:
        """The placeable sides of ``card`` if it is Active, else ``()`` (KB-G2, KB-G3)."""
        return SIDES[self._sides.get(card, NO_SIDE)]

    def is_active(self, card: int) -> bool:
        """Whether ``card`` is in the Genealogy and Active (KB-G3)."""
        return card in self._sides

    def child_spot(self, a: int, b: int) -> tuple[int, int]:
        """``(row, x)`` of the child of neighbours ``a`` and ``b`` (KB-G4: the row below, centred).

        Raises:
            ValueError: ``a`` and ``b`` are not side by side in one row.
        """
        ka = self._pos[a]
        kb = self._pos[b]
        if kb - ka != 2 and ka - kb != 2:
            raise ValueError("child_spot: the parents are not side by side")
        k = min(ka, kb) + STRIDE + 1
        return k >> SHIFT, (k & _LOW) - OFFSET

    # ------------------------------------------------------------------ changes
    def _put(self, card: int, k: int) -> None:
        """Put ``card`` at the spot ``k`` and update the statuses (KB-G2, KB-G3).

        A new card only ever closes sides or covers cards, so only the cards that ``_refresh``
        would look at can change, each in one known way: in its row the cards at x-2 and x-4
        lose their right side and those at x+2 and x+4 their left side; in the row above the
        cards at x-1 and x+1 are covered, the card at x-3 loses its right side (its right spot
        would lie on this card) and the card at x+3 its left side. The same result as
        ``_refresh``, with fewer lookups.
        """
        pos = self._pos
        if card in pos:
            raise ValueError(f"card {card} is already in the Genealogy")
        cells = self._cells
        if k in cells:
            raise ValueError(f"the spot ({k >> SHIFT}, {(k & _LOW) - OFFSET}) is taken")
        cells[k] = card
        pos[card] = k
        row = k >> SHIFT
        count = self._count
        count[row] = count.get(row, 0) + 1
        sides = self._sides
        if sides:
            if (c := cells.get(k - 2)) is not None and c in sides:
                self._close(c, RIGHT)
            if (c := cells.get(k - 4)) is not None and c in sides:
                self._close(c, RIGHT)
            if (c := cells.get(k + 2)) is not None and c in sides:
                self._close(c, LEFT)
            if (c := cells.get(k + 4)) is not None and c in sides:
                self._close(c, LEFT)
            a = k - STRIDE
            if (c := cells.get(a - 1)) is not None and c in sides:
                del sides[c]
            if (c := cells.get(a + 1)) is not None and c in sides:
                del sides[c]
            if (c := cells.get(a - 3)) is not None and c in sides:
                self._close(c, RIGHT)
            if (c := cells.get(a + 3)) is not None and c in sides:
                self._close(c, LEFT)
        st = _status(cells, k, self.both_sides)
        if st:
            sides[card] = st
        self._order = self._active = self.memo = self.shown = None
        self._conn = None  # not cleared in place: a clone may share the old dict (see clone)

    def _lift(self, card: int) -> int:
        k = self._pos.pop(card)
        del self._cells[k]
        row = k >> SHIFT
        count = self._count
        n = count[row] - 1
        if n:
            count[row] = n
        else:
            del count[row]
        self._sides.pop(card, None)
        self._refresh(k)
        return k

    def found(self, card: int) -> None:
        """Start a Genealogy with ``card`` as its founder at ``(0, 0)`` (KB-T8, setup).

        Raises:
            ValueError: the Genealogy is not empty.
        """
        if self._pos:
            raise ValueError("found: the Genealogy is not empty")
        self._put(card, _ORIGIN)

    def place(self, card: int, target: int, side: int) -> tuple[int, int]:
        """Place ``card`` beside ``target`` on ``side``; return its ``(row, x)`` (KB-G2, KB-G7).

        Raises:
            ValueError: the spot is not placeable.
        """
        pos = self._pos
        k = pos[target]
        sides = self._sides
        st = sides.get(target, NO_SIDE)
        cells = self._cells
        if not (st >> side) & 1:  # not a listed side of an Active card: the full check
            if not _open(cells, k, side):
                raise ValueError(f"place: the {SIDE_NAMES[side]} side of card {target} is not open")
            nk = k + 2 if side == RIGHT else k - 2
            self._put(card, nk)
            return nk >> SHIFT, (nk & _LOW) - OFFSET
        # The side is open (KB-G2): the spot and the spot beyond it are empty, and so are the
        # spot +-1 in the row below. So of the cards ``_put`` would look at, only four can
        # change (the others were already closed or covered by the target): the target loses
        # this side; the card two spots beyond (x +- 6) and the card of the row above at x +- 5
        # (``outer``) lose the side facing the new card; the card of the row above at x +- 3 is
        # covered. The new card faces the target, so only its outer side may be open: free when
        # x +- 6 is empty in its row and x +- 5 in the row below (x +- 4 is empty, see above).
        if card in pos:
            raise ValueError(f"card {card} is already in the Genealogy")
        a = k - STRIDE
        b = k + STRIDE
        if side == RIGHT:
            nk, far, covered, outer, below, facing, own = k + 2, k + 6, a + 3, a + 5, b + 5, LEFT, RIGHT_SIDE
        else:
            nk, far, covered, outer, below, facing, own = k - 2, k - 6, a - 3, a - 5, b - 5, RIGHT, LEFT_SIDE
        cells[nk] = card
        pos[card] = nk
        row = k >> SHIFT
        count = self._count
        count[row] = count[row] + 1
        if st == BOTH_SIDES and not self.both_sides:  # _close(target, side), inlined
            sides[target] = LEFT_SIDE if side == RIGHT else RIGHT_SIDE
        else:
            del sides[target]
        if (c := cells.get(far)) is not None and c in sides:
            self._close(c, facing)
        if (c := cells.get(covered)) is not None and c in sides:
            del sides[c]
        if (c := cells.get(outer)) is not None and c in sides:
            self._close(c, facing)
        if not self.both_sides and far not in cells and below not in cells:
            sides[card] = own  # its outer spot, the spot beyond and the spot below are free
        self._order = self._active = self.memo = self.shown = None
        self._conn = None  # not cleared in place: a clone may share the old dict (see clone)
        return row, (nk & _LOW) - OFFSET

    def add_child(self, a: int, b: int, child: int) -> tuple[int, int]:
        """Place ``child`` under its parents ``a`` and ``b``; return its ``(row, x)`` (KB-G4).

        Raises:
            ValueError: the parents are not neighbours or the spot is taken.
        """
        row, x = self.child_spot(a, b)
        self._put(child, spot_key(row, x))
        return row, x

    def place_at(self, card: int, row: int, x: int, attached: Iterable[int] = ()) -> None:
        """Put ``card`` at an exact spot with its attachments (restoring saved states, tests).

        Raises:
            ValueError: the spot or the card is taken, or the spot is outside the Genealogy's
                range (``|x| < MAX_X``, ``|row| < MAX_ROW``).
        """
        self._put(card, spot_key(row, x))
        att = list(attached)
        if att:
            self._att[card] = att

    def remove(self, card: int) -> list[int]:
        """Take ``card`` out of the Genealogy; return the cards that were attached to it.

        Cards below or beside it stay where they are (KB-G6). Raises ``KeyError`` if absent.
        """
        self._lift(card)
        return self._att.pop(card, [])

    def attach(self, card: int, face: int) -> None:
        """Attach ``face`` (Enthronement, King's Blood) under ``card`` (KB-E4, KB-E5)."""
        if card not in self._pos:
            raise KeyError(card)
        self._att.setdefault(card, []).append(face)
        self.memo = self.shown = None  # a caller may have derived something from the attachments

    def detach(self, card: int, face: int) -> None:
        """Remove one attached ``face`` from under ``card``.

        Raises:
            ValueError: ``face`` is not attached to ``card``.
        """
        att = self._att.get(card)
        if att is None or face not in att:
            raise ValueError(f"detach: {face} is not attached to {card}")
        att.remove(face)
        if not att:
            del self._att[card]
        self.memo = self.shown = None

    def find_attachment(self, face: int) -> int | None:
        """The card that ``face`` is attached to, or ``None``."""
        for card, att in self._att.items():
            if face in att:
                return card
        return None

    def connection_moves(self, card: int) -> list[tuple[int, int]]:
        """The New Connection destinations of ``card`` as ``(destination card, side)`` (KB-G5).

        The card is lifted first, so cards it uncovers may be Active destinations; the spot it
        came from is excluded. Does not check that ``card`` itself is Active.

        Cached until the Genealogy changes; do not modify the list returned.
        """
        conn = self._conn
        if conn is None:
            conn = self._conn = {}
        out = conn.get(card)
        if out is not None:
            return out
        # The Active cards with ``card`` lifted, computed without moving it: only the cards whose
        # status depends on its spot change (the cards ``_refresh`` looks at).
        pos = self._pos
        cells = self._cells
        k = pos[card]
        a = k - STRIDE
        both = self.both_sides
        sides = self._sides
        new: dict[int, int] = {}
        grows = False  # whether a card that is not Active now becomes Active
        del cells[k]  # out of its spot while the statuses are computed (put back below)
        for q in (k - 4, k - 2, k + 2, k + 4, a - 3, a - 1, a + 1, a + 3):
            c = cells.get(q)
            if c is not None:
                st = _status(cells, q, both)
                new[c] = st
                if st and c not in sides:
                    grows = True
        cells[k] = card
        if grows:
            merged = dict(sides)
            merged.update(new)
            keys = [pos[c] for c in merged]
            keys.sort()
            order = [cells[q] for q in keys]
        else:
            merged = sides
            order = self.active_order()  # the same cards in the same order, some with new sides
        left_of, right_of = cells.get(k - 2), cells.get(k + 2)  # their spot towards it is its own
        out = []
        for dest in order:
            if dest == card:
                continue
            m = new.get(dest, -1)
            if m < 0:
                m = merged[dest]
            if m & LEFT_SIDE and dest != right_of:
                out.append((dest, LEFT))
            if m & RIGHT_SIDE and dest != left_of:
                out.append((dest, RIGHT))
        conn[card] = out
        return out

    def can_move(self, card: int, dest: int, side: int) -> bool:
        """Whether New Connection may move ``card`` beside ``dest`` on ``side`` (KB-G5)."""
        if card == dest or card not in self._pos or dest not in self._pos:
            return False
        return (dest, side) in self.connection_moves(card)

    def move(self, card: int, dest: int, side: int) -> tuple[int, int]:
        """New Connection: move ``card`` (and its attachments) beside ``dest`` (KB-G5).

        Returns the new ``(row, x)``.

        Raises:
            ValueError: the move is not allowed by KB-G5.
        """
        if not self.can_move(card, dest, side):
            raise ValueError(f"move: card {card} cannot move to the {SIDE_NAMES[side]} of card {dest}")
        self._lift(card)
        nk = self._pos[dest] + (2 if side == RIGHT else -2)
        self._put(card, nk)
        return nk >> SHIFT, (nk & _LOW) - OFFSET

    def keep_only(self, card: int) -> list[tuple[int, list[int]]]:
        """Multiplayer Enthronement (KB-E4, KB-G6): discard every other card and repack.

        ``card`` becomes the founder at ``(0, 0)`` with its attachments. Returns the removed
        cards with their attachments, as ``(card, attached)`` pairs ordered by (row, position).
        """
        removed = [(c, self._att.get(c, [])) for c in self.cards() if c != card]
        att = self._att.get(card, [])
        self._cells = {_ORIGIN: card}
        self._pos = {card: _ORIGIN}
        self._count = {0: 1}
        self._att = {card: att} if att else {}
        self._recompute_all()
        return removed

    def remove_rows_above(self, row: int) -> list[tuple[int, list[int]]]:
        """Remove every card in rows above ``row`` (King's Family Enthronement, KF-6).

        Returns the removed cards with their attachments, ordered by (row, position).
        """
        pos = self._pos
        removed = [(c, self._att.get(c, [])) for c in self.cards() if pos[c] >> SHIFT < row]
        for c, _ in removed:
            self._lift(c)
            self._att.pop(c, None)
        return removed

    def clear(self) -> list[tuple[int, list[int]]]:
        """Remove every card; return them with their attachments."""
        removed = [(c, self._att.get(c, [])) for c in self.cards()]
        self._cells = {}
        self._pos = {}
        self._count = {}
        self._att = {}
        self._sides = {}
        self._order = self._active = self.memo = self.shown = None
        self._conn = None
        return removed

    # ------------------------------------------------------------------ copies, JSON, drawing
    def clone(self) -> Genealogy:
        """An independent copy."""
        new = Genealogy.__new__(Genealogy)
        new.both_sides = self.both_sides
        new._cells = self._cells.copy()
        new._pos = self._pos.copy()
        new._count = self._count.copy()
        new._att = {c: list(a) for c, a in self._att.items()} if self._att else {}
        new._sides = self._sides.copy()
        new._order = self._order
        new._active = self._active
        new.memo = self.memo
        new.memo_key = self.memo_key
        new.shown = self.shown
        new._conn = self._conn  # valid for both until one changes (a change drops the dict)
        return new

    def to_json(self) -> list[list[Any]]:
        """JSON-ready: ``[[card, row, x, [attached...]], ...]`` ordered by (row, position)."""
        out: list[list[Any]] = []
        for c in self.cards():
            k = self._pos[c]
            out.append([c, k >> SHIFT, (k & _LOW) - OFFSET, list(self._att.get(c, ()))])
        return out

    @classmethod
    def from_json(cls, data: list[list[Any]], active_needs_both_sides: bool = False) -> Genealogy:
        """Inverse of :meth:`to_json`.

        Raises:
            ValueError: a malformed entry, two cards on one spot or a spot out of range.
        """
        new = Genealogy(active_needs_both_sides)
        for entry in data:
            card, row, x, att = entry
            new.place_at(int(card), int(row), int(x), [int(a) for a in att])
        return new

    def rows(self) -> list[tuple[int, list[tuple[int, int]]]]:
        """The rows top to bottom as ``(row, [(x, card), ...])`` (positions ascending)."""
        out: list[tuple[int, list[tuple[int, int]]]] = []
        cur: list[tuple[int, int]] = []
        last = 0
        for c in self.cards():
            k = self._pos[c]
            row = k >> SHIFT
            if not out or row != last:
                cur = []
                out.append((row, cur))
                last = row
            cur.append(((k & _LOW) - OFFSET, c))
        return out

    def render(self, label: Callable[[int], str], width: int = 4) -> list[str]:
        """A text drawing: one line per generation, each card at its position.

        Args:
            label: the text of a card (at most ``2 * width`` characters), e.g. ``"*[B5m]E"``.
            width: characters per half-card unit.

        Returns:
            lines ``"G1 | ..."`` (generation numbers from 1 at the top); ``[]`` when empty.
        """
        rows = self.rows()
        if not rows:
            return []
        lo = min(x for _, cells in rows for x, _ in cells)
        top = rows[0][0]
        out = []
        for r, cells in rows:
            line = ""
            for x, card in cells:
                col = (x - lo) * width
                text = label(card)
                line = line.ljust(col) + text
            out.append(f"G{r - top + 1:<2}| {line.rstrip()}")
        return out

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Genealogy) and self.to_json() == other.to_json() and self.both_sides == other.both_sides
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<Genealogy {self.to_json()}>"
