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
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Final

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


def _status_at(cells: dict[int, int], below: dict[int, int] | None, x: int, both_sides: bool) -> int:
    """KB-G3 for the card at ``x`` of a row (``cells``; ``below`` is the row under it): the mask
    of its placeable sides (KB-G2) if it is Active, else ``NO_SIDE``."""
    if below is not None and ((x - 1) in below or (x + 1) in below):
        return NO_SIDE  # covered by a card of the row below
    left = (x - 2) not in cells and (x - 4) not in cells and (below is None or (x - 3) not in below)
    right = (x + 2) not in cells and (x + 4) not in cells and (below is None or (x + 3) not in below)
    if left and right:
        return BOTH_SIDES
    if both_sides:
        return NO_SIDE
    if left:
        return LEFT_SIDE
    return RIGHT_SIDE if right else NO_SIDE


def _update_sides(
    sides: dict[int, int],
    cells: dict[int, int] | None,
    below: dict[int, int] | None,
    above: dict[int, int] | None,
    x: int,
    both_sides: bool,
) -> None:
    """Recompute in ``sides`` (Active card -> mask of its sides) the cards whose status depends on the cell
    ``x`` of a row (``cells``, with the rows ``below`` and ``above`` it): the cards of the row at
    x-4..x+4 and of the row above at x-3..x+3 (KB-G2/G3 look no further)."""
    if cells:
        for xx in (x - 4, x - 2, x, x + 2, x + 4):
            if xx in cells:
                st = _status_at(cells, below, xx, both_sides)
                if st:
                    sides[cells[xx]] = st
                else:
                    sides.pop(cells[xx], None)
    if above:
        for xx in (x - 3, x - 1, x + 1, x + 3):
            if xx in above:
                st = _status_at(above, cells, xx, both_sides)
                if st:
                    sides[above[xx]] = st
                else:
                    sides.pop(above[xx], None)


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
    """

    __slots__ = ("_active", "_att", "_conn", "_order", "_pos", "_rows", "_sides", "both_sides", "memo", "memo_key")

    def __init__(self, active_needs_both_sides: bool = False) -> None:
        self.both_sides = active_needs_both_sides
        self._rows: dict[int, dict[int, int]] = {}
        self._pos: dict[int, tuple[int, int]] = {}
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
        return sorted(self._pos, key=self._pos.__getitem__)

    def position(self, card: int) -> tuple[int, int]:
        """``(row, x)`` of ``card`` (KB-G1).

        Raises:
            KeyError: the card is not in the Genealogy.
        """
        return self._pos[card]

    def card_at(self, row: int, x: int) -> int | None:
        """The card at ``(row, x)``, or ``None``."""
        r = self._rows.get(row)
        return None if r is None else r.get(x)

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
        return len(self._rows.get(row, ()))

    def generations(self) -> int:
        """The number of generations: rows holding at least one card (KB-X4)."""
        return sum(1 for r in self._rows.values() if r)

    def is_covered(self, card: int) -> bool:
        """Whether a card of the row below lies on top of ``card`` (KB-G3, KB-G7)."""
        row, x = self._pos[card]
        below = self._rows.get(row + 1)
        return below is not None and ((x - 1) in below or (x + 1) in below)

    def _side_open(self, row: int, x: int, side: int) -> bool:
        """KB-G2: the spot beside ``x`` on ``side`` in ``row`` is empty, the spot beyond it is
        empty, and no card of the row below lies at the spot +-1."""
        step = 2 if side == RIGHT else -2
        spot = x + step
        cells = self._rows.get(row)
        if cells is not None and (spot in cells or (spot + step) in cells):
            return False
        below = self._rows.get(row + 1)
        return below is None or ((spot - 1) not in below and (spot + 1) not in below)

    def is_open_beside(self, row: int, x: int, side: int) -> bool:
        """Whether a Character could go beside the spot ``(row, x)`` on ``side`` (KB-G2), whether
        or not a card is at ``(row, x)`` (used to plan a line of siblings)."""
        return self._side_open(row, x, side)

    def spot(self, card: int, side: int) -> tuple[int, int]:
        """``(row, x)`` of the spot beside ``card`` on ``side`` (KB-G2)."""
        row, x = self._pos[card]
        return row, x + (2 if side == RIGHT else -2)

    def can_place(self, target: int, side: int) -> bool:
        """Whether a Character may be placed beside ``target`` on ``side`` (KB-G2).

        Does not check that ``target`` is Active (see :meth:`is_active`).

        Raises:
            KeyError: ``target`` is not in the Genealogy.
        """
        row, x = self._pos[target]
        return self._side_open(row, x, side)

    def placeable_sides(self, target: int) -> list[int]:
        """The sides (``LEFT``/``RIGHT``) on which ``target`` takes a Character (KB-G2)."""
        row, x = self._pos[target]
        return [s for s in (LEFT, RIGHT) if self._side_open(row, x, s)]

    def _status(self, card: int) -> int:
        """KB-G3 for one card: the mask of its placeable sides if Active, else ``NO_SIDE``."""
        row, x = self._pos[card]
        rows = self._rows
        return _status_at(rows[row], rows.get(row + 1), x, self.both_sides)

    def _refresh(self, row: int, x: int) -> None:
        """Recompute the cards whose status depends on the cell ``(row, x)``: the cards of its
        row at x-4..x+4 and of the row above at x-3..x+3 (KB-G2/G3 look no further)."""
        rows = self._rows
        _update_sides(self._sides, rows.get(row), rows.get(row + 1), rows.get(row - 1), x, self.both_sides)
        self._order = self._active = self.memo = None
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
        self._sides = {c: st for c in self._pos if (st := self._status(c))}
        self._order = self._active = self.memo = None
        self._conn = None

    def active_order(self) -> list[int]:
        """The Active cards ordered by (row, position) (KB-G3).

        Cached until the Genealogy changes; do not modify it (:meth:`active` returns a copy).
        """
        order = self._order
        if order is None:
            order = self._order = sorted(self._sides, key=self._pos.__getitem__)
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
        return bool(self._sides.get(card))

    def child_spot(self, a: int, b: int) -> tuple[int, int]:
        """``(row, x)`` of the child of neighbours ``a`` and ``b`` (KB-G4: the row below, centred).

        Raises:
            ValueError: ``a`` and ``b`` are not side by side in one row.
        """
        ra, xa = self._pos[a]
        rb, xb = self._pos[b]
        if ra != rb or abs(xa - xb) != 2:
            raise ValueError("child_spot: the parents are not side by side")
        return ra + 1, min(xa, xb) + 1

    # ------------------------------------------------------------------ changes
    def _put(self, card: int, row: int, x: int) -> None:
        """Put ``card`` at ``(row, x)`` and update the statuses (KB-G2, KB-G3).

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
        rows = self._rows
        cells = rows.get(row)
        if cells is None:
            cells = rows[row] = {}
        elif x in cells:
            raise ValueError(f"the spot ({row}, {x}) is taken")
        cells[x] = card
        pos[card] = (row, x)
        sides = self._sides
        if sides:
            close = self._close
            get = cells.get
            if (c := get(x - 2)) in sides:
                close(c, RIGHT)
            if (c := get(x - 4)) in sides:
                close(c, RIGHT)
            if (c := get(x + 2)) in sides:
                close(c, LEFT)
            if (c := get(x + 4)) in sides:
                close(c, LEFT)
            above = rows.get(row - 1)
            if above:
                get = above.get
                if (c := get(x - 1)) in sides:
                    del sides[c]
                if (c := get(x + 1)) in sides:
                    del sides[c]
                if (c := get(x - 3)) in sides:
                    close(c, RIGHT)
                if (c := get(x + 3)) in sides:
                    close(c, LEFT)
        st = _status_at(cells, rows.get(row + 1), x, self.both_sides)
        if st:
            sides[card] = st
        self._order = self._active = self.memo = None
        self._conn = None  # not cleared in place: a clone may share the old dict (see clone)

    def _lift(self, card: int) -> tuple[int, int]:
        row, x = self._pos.pop(card)
        cells = self._rows[row]
        del cells[x]
        if not cells:
            del self._rows[row]
        self._sides.pop(card, None)
        self._refresh(row, x)
        return row, x

    def found(self, card: int) -> None:
        """Start a Genealogy with ``card`` as its founder at ``(0, 0)`` (KB-T8, setup).

        Raises:
            ValueError: the Genealogy is not empty.
        """
        if self._pos:
            raise ValueError("found: the Genealogy is not empty")
        self._put(card, 0, 0)

    def place(self, card: int, target: int, side: int) -> tuple[int, int]:
        """Place ``card`` beside ``target`` on ``side``; return its ``(row, x)`` (KB-G2, KB-G7).

        Raises:
            ValueError: the spot is not placeable.
        """
        pos = self._pos
        row, x = pos[target]
        sides = self._sides
        st = sides.get(target, NO_SIDE)
        if not (st >> side) & 1:  # not a listed side of an Active card: the full check
            if not self._side_open(row, x, side):
                raise ValueError(f"place: the {SIDE_NAMES[side]} side of card {target} is not open")
            nx = x + 2 if side == RIGHT else x - 2
            self._put(card, row, nx)
            return row, nx
        # The side is open (KB-G2): the spot and the spot beyond it are empty, and so are the
        # spot +-1 in the row below. So of the cards ``_put`` would look at, only four can
        # change (the others were already closed or covered by the target): the target loses
        # this side; the card two spots beyond (x +- 6) and the card of the row above at x +- 5
        # (``outer``) lose the side facing the new card; the card of the row above at x +- 3 is
        # covered. The new card faces the target, so only its outer side may be open: free when
        # x +- 6 is empty in its row and x +- 5 in the row below (x +- 4 is empty, see above).
        if card in pos:
            raise ValueError(f"card {card} is already in the Genealogy")
        if side == RIGHT:
            nx, far, covered, outer, facing, own = x + 2, x + 6, x + 3, x + 5, LEFT, RIGHT_SIDE
        else:
            nx, far, covered, outer, facing, own = x - 2, x - 6, x - 3, x - 5, RIGHT, LEFT_SIDE
        rows = self._rows
        cells = rows[row]
        cells[nx] = card
        pos[card] = (row, nx)
        if st == BOTH_SIDES and not self.both_sides:  # _close(target, side), inlined
            sides[target] = LEFT_SIDE if side == RIGHT else RIGHT_SIDE
        else:
            del sides[target]
        close = self._close
        if (c := cells.get(far)) in sides:
            close(c, facing)
        above = rows.get(row - 1)
        if above:
            if (c := above.get(covered)) in sides:
                del sides[c]
            if (c := above.get(outer)) in sides:
                close(c, facing)
        below = rows.get(row + 1)
        if not self.both_sides and far not in cells and (below is None or outer not in below):
            sides[card] = own  # its outer spot, the spot beyond and the spot below are free
        self._order = self._active = self.memo = None
        self._conn = None  # not cleared in place: a clone may share the old dict (see clone)
        return row, nx

    def add_child(self, a: int, b: int, child: int) -> tuple[int, int]:
        """Place ``child`` under its parents ``a`` and ``b``; return its ``(row, x)`` (KB-G4).

        Raises:
            ValueError: the parents are not neighbours or the spot is taken.
        """
        row, x = self.child_spot(a, b)
        self._put(child, row, x)
        return row, x

    def place_at(self, card: int, row: int, x: int, attached: Iterable[int] = ()) -> None:
        """Put ``card`` at an exact spot with its attachments (restoring saved states, tests).

        Raises:
            ValueError: the spot or the card is taken.
        """
        self._put(card, row, x)
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
        self.memo = None  # a caller may have derived something from the attachments

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
        self.memo = None

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
        # status depends on its cell change (the cards ``_refresh`` looks at).
        pos = self._pos
        rows = self._rows
        row, x = pos[card]
        cells = rows[row].copy()
        del cells[x]
        below = rows.get(row + 1)
        above = rows.get(row - 1)
        both = self.both_sides
        sides = self._sides
        new: dict[int, int] = {}
        grows = False  # whether a card that is not Active now becomes Active
        if cells:  # the neighbours on its own row (resting on ``below``)
            for xx in (x - 4, x - 2, x + 2, x + 4):
                c = cells.get(xx)
                if c is not None:
                    st = new[c] = _status_at(cells, below, xx, both)
                    if st and c not in sides:
                        grows = True
        if above:  # the cards of the row above (resting on its row)
            for xx in (x - 3, x - 1, x + 1, x + 3):
                c = above.get(xx)
                if c is not None:
                    st = new[c] = _status_at(above, cells, xx, both)
                    if st and c not in sides:
                        grows = True
        if grows:
            merged = dict(sides)
            merged.update(new)
            order = sorted(merged, key=pos.__getitem__)
        else:
            merged = sides
            order = self.active_order()  # the same cards in the same order, some with new sides
        left_of, right_of = cells.get(x - 2), cells.get(x + 2)  # their spot towards x is its own
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
        drow, dx = self._pos[dest]
        nx = dx + (2 if side == RIGHT else -2)
        self._put(card, drow, nx)
        return drow, nx

    def keep_only(self, card: int) -> list[tuple[int, list[int]]]:
        """Multiplayer Enthronement (KB-E4, KB-G6): discard every other card and repack.

        ``card`` becomes the founder at ``(0, 0)`` with its attachments. Returns the removed
        cards with their attachments, as ``(card, attached)`` pairs ordered by (row, position).
        """
        removed = [(c, self._att.get(c, [])) for c in self.cards() if c != card]
        att = self._att.get(card, [])
        self._rows = {0: {0: card}}
        self._pos = {card: (0, 0)}
        self._att = {card: att} if att else {}
        self._recompute_all()
        return removed

    def remove_rows_above(self, row: int) -> list[tuple[int, list[int]]]:
        """Remove every card in rows above ``row`` (King's Family Enthronement, KF-6).

        Returns the removed cards with their attachments, ordered by (row, position).
        """
        removed = [(c, self._att.get(c, [])) for c in self.cards() if self._pos[c][0] < row]
        for c, _ in removed:
            self._lift(c)
            self._att.pop(c, None)
        return removed

    def clear(self) -> list[tuple[int, list[int]]]:
        """Remove every card; return them with their attachments."""
        removed = [(c, self._att.get(c, [])) for c in self.cards()]
        self._rows = {}
        self._pos = {}
        self._att = {}
        self._sides = {}
        self._order = self._active = self.memo = None
        self._conn = None
        return removed

    # ------------------------------------------------------------------ copies, JSON, drawing
    def clone(self) -> Genealogy:
        """An independent copy."""
        new = Genealogy.__new__(Genealogy)
        new.both_sides = self.both_sides
        new._rows = {r: dict(c) for r, c in self._rows.items()}
        new._pos = dict(self._pos)
        new._att = {c: list(a) for c, a in self._att.items()}
        new._sides = dict(self._sides)
        new._order = self._order
        new._active = self._active
        new.memo = self.memo
        new.memo_key = self.memo_key
        new._conn = self._conn  # valid for both until one changes (a change drops the dict)
        return new

    def to_json(self) -> list[list[Any]]:
        """JSON-ready: ``[[card, row, x, [attached...]], ...]`` ordered by (row, position)."""
        return [[c, *self._pos[c], list(self._att.get(c, ()))] for c in self.cards()]

    @classmethod
    def from_json(cls, data: list[list[Any]], active_needs_both_sides: bool = False) -> Genealogy:
        """Inverse of :meth:`to_json`.

        Raises:
            ValueError: a malformed entry or two cards on one spot.
        """
        new = cls(active_needs_both_sides)
        for entry in data:
            card, row, x, att = entry
            new.place_at(int(card), int(row), int(x), [int(a) for a in att])
        return new

    def rows(self) -> list[tuple[int, list[tuple[int, int]]]]:
        """The rows top to bottom as ``(row, [(x, card), ...])`` (positions ascending)."""
        return [(r, sorted(self._rows[r].items())) for r in sorted(self._rows) if self._rows[r]]

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
