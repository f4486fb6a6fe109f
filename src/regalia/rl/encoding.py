"""A small data-driven layer that turns one seat's ``view(seat)`` dict into a flat float tensor.

An :class:`Encoder` is a list of named **slices**; each slice reads one part of the view (never
the hidden state) and writes a fixed number of floats. The encoder's layout — every slice's
name, offset, size and shape — is printable with :meth:`Encoder.describe_layout`, so a network's
input can be read back by name (:meth:`Encoder.split`).

Slices:

* :class:`CardSet` — multi-hot over the game's card universe (``Game.all_cards``): for each
  distinct card notation, the fraction of its copies found in the value (1.0 for a single-copy
  card that is present).
* :class:`Scalar` — one number times ``scale`` (``None`` or missing: ``default``).
* :class:`OneHot` — one-hot of an integer (``0 .. size-1``) or of a value among ``values``.
* :class:`PerSeat` — an inner slice applied to each entry of a per-seat list; rows are ordered
  relative to the observing seat (row 0 = that seat, row 1 = the next seat, ...) unless
  ``relative=False``.
* :class:`Observer` — one-hot of the observing seat.
* :class:`SeatRef` / :class:`SeatSet` — one-hot / multi-hot of seat numbers, relative to the
  observing seat.
* :class:`Counts` — how often each of a list of values occurs.
* :class:`CardTable` — one row of features per card (e.g. a Genealogy's row, position, Active
  flag and attachments).
* :class:`Func` — any function of the view returning ``size`` floats (escape hatch).

A slice appends only its non-zero floats to two lists (:meth:`Slice.emit`) and the encoder
writes the tensor with one NumPy assignment; a custom slice may implement :meth:`Slice.fill`
instead.

Values are found by ``key``: a top-level key, a dotted path (``"players.0.hand"``; integer parts
index lists), a tuple path, or ``None`` for "the value handed to the slice" (inside
:class:`PerSeat`).

This module is the encoders' language only. The games' own encoders are registered in
:mod:`regalia.rl.encoders` (``register_encoder``); its ``get_encoder`` returns the registered one
or, for a game without one, the generic :func:`fallback_encoder` here (built by walking views of a
few fixed-seed random playouts; deterministic and of fixed size for a players/config).

The information-state tensor (:class:`InfoStateEncoder`) is the view encoding followed by the
seat's own last ``history`` action ids as a ``(history, width)`` block (row 0 = the most recent
own action; rows for actions not yet taken are zero): one-hot rows for action spaces of at most
256 ids, otherwise a "taken" flag plus the id in binary.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Self

import numpy as np
import numpy.typing as npt

from regalia.core.observation import Layout, Part
from regalia.core.registry import get_game

FloatArray = npt.NDArray[np.float32]
Path = tuple[str | int, ...]
KeySpec = str | Path | Callable[[Any], Any] | None

_MISSING = object()


def _as_path(key: str | Path) -> Path:
    if isinstance(key, tuple):
        return key
    parts: list[str | int] = []
    for p in key.split("."):
        parts.append(int(p) if p.lstrip("-").isdigit() else p)
    return tuple(parts)


def lookup(value: Any, path: Path) -> Any:
    """The item at ``path`` inside nested dicts/lists, or a private missing marker."""
    for p in path:
        if isinstance(p, int):
            if isinstance(value, (list, tuple)) and -len(value) <= p < len(value):
                value = value[p]
            else:
                return _MISSING
        elif isinstance(value, dict) and p in value:
            value = value[p]
        else:
            return _MISSING
    return value


def _make_getter(key: KeySpec) -> Callable[[Any], Any]:
    """A fast reader for ``key`` (built once per slice)."""
    if key is None:
        return lambda container: container
    if callable(key):
        return key
    path = _as_path(key)
    if len(path) == 1 and isinstance(path[0], str):
        name = path[0]

        def get_one(container: Any) -> Any:
            return container.get(name) if isinstance(container, dict) else None

        return get_one

    def get_path(container: Any) -> Any:
        value = lookup(container, path)
        return None if value is _MISSING else value

    return get_path


class Slice:
    """One named part of an encoding (base class).

    Attributes:
        name: the slice's name in the layout.
        key: where its value is found (see the module docstring).
        shape: the shape of its part of the tensor.
        low, high: bounds of every float it writes (for observation spaces).
    """

    name: str
    key: KeySpec
    shape: tuple[int, ...]
    low: float = 0.0
    high: float = 1.0

    @property
    def size(self) -> int:
        """The number of floats this slice writes."""
        return math.prod(self.shape)

    def extract(self, container: Any) -> Any:
        """The value this slice encodes, read from ``container`` (a view or a sub-value)."""
        getter = self.__dict__.get("_getter")
        if getter is None:
            getter = self.__dict__["_getter"] = _make_getter(self.key)
        return getter(container)

    def emit(self, value: Any, seat: int | None, base: int, idx: list[int], vals: list[float]) -> None:
        """Append the non-zero floats of the encoding of ``value``: their positions (``base`` +
        position in the slice) to ``idx`` and their values to ``vals`` (each position once).

        The built-in slices implement this (the encoder then writes a whole tensor with one
        NumPy assignment); a custom slice may implement :meth:`fill` instead.
        """
        tmp = np.zeros(self.size, dtype=np.float32)
        self.fill(value, tmp, seat)
        nz = np.flatnonzero(tmp)
        idx.extend((nz + base).tolist())
        vals.extend(tmp[nz].tolist())

    def fill(self, value: Any, out: FloatArray, seat: int | None) -> None:
        """Write the encoding of ``value`` into ``out`` (a zeroed flat array of ``size`` floats).

        A slice implements this or :meth:`emit` (each default calls the other)."""
        idx: list[int] = []
        vals: list[float] = []
        self.emit(value, seat, 0, idx, vals)
        if idx:
            out[idx] = vals

    def details(self) -> dict[str, Any]:
        """What each float of the slice means, when it is not obvious (JSON-ready)."""
        return {}


def _leaves(value: Any) -> list[Any]:
    """Every non-container leaf under ``value`` (dict values and list items, in order)."""
    if isinstance(value, (list, tuple)):
        for item in value:
            if isinstance(item, (dict, list, tuple)):
                break
        else:
            return value if isinstance(value, list) else list(value)  # flat: the common case
        items: Any = value
    elif isinstance(value, dict):
        items = value.values()
    else:
        return [value]
    out: list[Any] = []
    for item in items:
        if isinstance(item, (dict, list, tuple)):
            out.extend(_leaves(item))
        else:
            out.append(item)
    return out


class CardSet(Slice):
    """Multi-hot over a card universe: every card notation anywhere inside the value counts.

    Args:
        name: slice name.
        key: where the cards are (a list, or any nesting of lists/dicts of notations).
        universe: every card of the game (``Game.all_cards(players, config)``), duplicates
            allowed; the slice has one float per distinct notation, in first-seen order, equal to
            the number of copies found divided by the number of copies in the universe (clipped
            to 1).
        numeric: also count integers (``3`` as the card ``"3"``), for games whose views hold
            cards as numbers.

    Shape: ``(distinct cards,)``.
    """

    def __init__(self, name: str, key: KeySpec, universe: Sequence[str], numeric: bool = False) -> None:
        self.name = name
        self.key = key
        self.numeric = numeric
        self.index: dict[str, int] = {}
        copies: list[int] = []
        for card in universe:
            if card not in self.index:
                self.index[card] = len(copies)
                copies.append(0)
            copies[self.index[card]] += 1
        self.inverse = [1.0 / c for c in copies]
        self.cards = list(self.index)
        self.shape = (len(copies),)

    @classmethod
    def of(cls, part: Part, key: KeySpec, universe: Sequence[str], numeric: bool = False) -> CardSet:
        """The slice of the layout's ``part`` (its name), over ``universe``."""
        return cls(part.name, key, universe, numeric)

    def details(self) -> dict[str, Any]:
        return {"cards": list(self.cards)}

    def emit(self, value: Any, seat: int | None, base: int, idx: list[int], vals: list[float]) -> None:
        index = self.index
        found: dict[int, int] = {}
        numeric = self.numeric
        if value is None:
            return
        for leaf in _leaves(value):
            if isinstance(leaf, str):
                i = index.get(leaf)
            elif numeric and isinstance(leaf, int) and not isinstance(leaf, bool):
                i = index.get(str(leaf))
            else:
                continue
            if i is not None:
                found[i] = found.get(i, 0) + 1
        inv = self.inverse
        for i, n in found.items():
            idx.append(base + i)
            x = n * inv[i]
            vals.append(1.0 if x > 1.0 else x)


class Scalar(Slice):
    """One number: ``float(value) * scale`` (booleans count 0/1; ``None``/missing → ``default``).

    Shape: ``(1,)``. Bounds ``low``/``high`` are declared for observation spaces (the value is
    clipped to them).
    """

    def __init__(
        self,
        name: str,
        key: KeySpec,
        scale: float = 1.0,
        default: float = 0.0,
        low: float = -math.inf,
        high: float = math.inf,
    ) -> None:
        self.name = name
        self.key = key
        self.scale = scale
        self.default = default
        self.low = low
        self.high = high
        self.shape = (1,)

    @classmethod
    def of(cls, part: Part, key: KeySpec, default: float = 0.0) -> Scalar:
        """The slice of the layout's ``part``: its name, scale and bounds."""
        return cls(part.name, key, scale=part.scale, default=default, low=part.low, high=part.high)

    def emit(self, value: Any, seat: int | None, base: int, idx: list[int], vals: list[float]) -> None:
        if isinstance(value, (int, float)):
            x = float(value) * self.scale
        elif isinstance(value, (list, tuple, dict, str)):
            x = float(len(value)) * self.scale
        else:
            x = self.default
        x = self.high if x > self.high else self.low if x < self.low else x
        if x:
            idx.append(base)
            vals.append(x)


class Numbers(Slice):
    """Several numbers at fixed paths under the value, each times its scale (missing → 0).

    Used by the fallback encoder (one slice per top-level key). Shape: ``(len(paths),)``;
    every number is clipped to ``[low, high]``.
    """

    def __init__(
        self,
        name: str,
        key: KeySpec,
        paths: Sequence[Path],
        scales: Sequence[float],
        low: float = -1.0,
        high: float = 1.0,
    ) -> None:
        self.name = name
        self.key = key
        self.paths = [tuple(p) for p in paths]
        self.scales = list(scales)
        self.low = low
        self.high = high
        self.shape = (len(self.paths),)

    def details(self) -> dict[str, Any]:
        return {"paths": [_path_name(p) for p in self.paths], "scales": list(self.scales)}

    def emit(self, value: Any, seat: int | None, base: int, idx: list[int], vals: list[float]) -> None:
        lo, hi = self.low, self.high
        for i, path in enumerate(self.paths):
            x = value
            for p in path:  # inline lookup: dict keys and list positions
                if isinstance(x, dict):
                    x = x.get(p)
                elif isinstance(x, (list, tuple)) and isinstance(p, int) and -len(x) <= p < len(x):
                    x = x[p]
                else:
                    x = None
                    break
            if isinstance(x, (int, float)) and x:
                v = float(x) * self.scales[i]
                idx.append(base + i)
                vals.append(hi if v > hi else lo if v < lo else v)


class OneHot(Slice):
    """One-hot of an integer ``0 .. size-1`` or, with ``values``, of one value of that list.

    ``None``, missing or out-of-range values leave the slice all zero. Shape: ``(size,)``.
    """

    def __init__(self, name: str, key: KeySpec, size: int | None = None, values: Sequence[Any] | None = None) -> None:
        if (size is None) == (values is None):
            raise ValueError("OneHot: give exactly one of size or values")
        self.name = name
        self.key = key
        self.values: dict[Any, int] | None = None
        if values is not None:
            self.values = {v: i for i, v in enumerate(values)}
            size = len(self.values)
        assert size is not None
        self.shape = (size,)

    @classmethod
    def of(cls, part: Part, key: KeySpec) -> OneHot:
        """The slice of the layout's ``part``: its name, and its ``values`` (or its size)."""
        if part.values:
            return cls(part.name, key, values=part.values)
        return cls(part.name, key, size=part.size)

    def details(self) -> dict[str, Any]:
        return {"values": list(self.values)} if self.values is not None else {}

    def emit(self, value: Any, seat: int | None, base: int, idx: list[int], vals: list[float]) -> None:
        if self.values is not None:
            try:
                i = self.values.get(value)
            except TypeError:  # unhashable
                return
            if i is not None:
                idx.append(base + i)
                vals.append(1.0)
        elif isinstance(value, int) and not isinstance(value, bool) and 0 <= value < self.shape[0]:
            idx.append(base + value)
            vals.append(1.0)


class Observer(Slice):
    """One-hot of the observing seat (all zero for a spectator). Shape: ``(players,)``."""

    def __init__(self, name: str, players: int) -> None:
        self.name = name
        self.key = None
        self.shape = (players,)

    @classmethod
    def of(cls, part: Part) -> Observer:
        """The slice of the layout's ``part`` (one float per seat)."""
        return cls(part.name, part.size)

    def emit(self, value: Any, seat: int | None, base: int, idx: list[int], vals: list[float]) -> None:
        if seat is not None:
            idx.append(base + seat)
            vals.append(1.0)


class PerSeat(Slice):
    """An inner slice applied to each entry of a per-seat list (``value[s]`` for seat ``s``).

    Args:
        name: slice name.
        key: where the per-seat list is.
        inner: the slice applied to each entry (its own ``key`` is read inside the entry;
            ``None`` = the entry itself).
        players: the number of seats.
        relative: order rows from the observing seat (row ``r`` = seat ``(seat + r) % players``);
            a spectator sees absolute order. With ``False`` row ``s`` is seat ``s``.

    Shape: ``(players, *inner.shape)``.
    """

    def __init__(self, name: str, key: KeySpec, inner: Slice, players: int, relative: bool = True) -> None:
        self.name = name
        self.key = key
        self.inner = inner
        self._inner = (_make_getter(inner.key), inner.emit)
        self.players = players
        self.relative = relative
        self.low = inner.low
        self.high = inner.high
        self.shape = (players, *inner.shape)

    @classmethod
    def of(cls, part: Part, key: KeySpec, inner: Slice, relative: bool = True) -> PerSeat:
        """The slice of the layout's ``part`` (shape ``(players, *inner.shape)``)."""
        return cls(part.name, key, inner, part.shape[0], relative)

    def details(self) -> dict[str, Any]:
        return {"rows": "relative to the observing seat" if self.relative else "by seat", **self.inner.details()}

    def emit(self, value: Any, seat: int | None, base: int, idx: list[int], vals: list[float]) -> None:
        if not isinstance(value, (list, tuple)):
            return
        n = self.players
        k = self.inner.size
        get, emit = self._inner
        start = seat if (self.relative and seat is not None) else 0
        m = len(value)
        for r in range(n):
            s = (start + r) % n
            if s < m:
                emit(get(value[s]), seat, base + r * k, idx, vals)


class SeatRef(Slice):
    """One-hot of a seat number (an ``int``, or text ``"P<n>"``), relative to the observer.

    Row ``r`` = seat ``(seat + r) % players`` (row 0 = the observing seat itself); a spectator
    (or ``relative=False``) gets absolute seats. ``None``, missing or out-of-range → all zero.
    Shape: ``(players,)``.
    """

    def __init__(self, name: str, key: KeySpec, players: int, relative: bool = True) -> None:
        self.name = name
        self.key = key
        self.players = players
        self.relative = relative
        self.shape = (players,)

    @classmethod
    def of(cls, part: Part, key: KeySpec, relative: bool = True) -> Self:
        """The slice of the layout's ``part`` (one float per seat)."""
        return cls(part.name, key, part.size, relative)

    def details(self) -> dict[str, Any]:
        return {"rows": "relative to the observing seat" if self.relative else "by seat"}

    def emit(self, value: Any, seat: int | None, base: int, idx: list[int], vals: list[float]) -> None:
        s = _seat_number(value)
        if s is None or not 0 <= s < self.players:
            return
        if self.relative and seat is not None:
            s = (s - seat) % self.players
        idx.append(base + s)
        vals.append(1.0)


def _seat_number(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value[:1] in ("P", "p") and value[1:].isdigit():
        return int(value[1:])
    return None


class SeatSet(SeatRef):
    """Multi-hot of several seats (a list of seat numbers), relative to the observer like
    :class:`SeatRef`. Shape: ``(players,)``."""

    def emit(self, value: Any, seat: int | None, base: int, idx: list[int], vals: list[float]) -> None:
        if not isinstance(value, (list, tuple)):
            return
        start = seat if (self.relative and seat is not None) else 0
        n = self.players
        done: set[int] = set()
        for v in value:
            s = _seat_number(v)
            if s is not None and 0 <= s < n:
                done.add((s - start) % n)
        for r in sorted(done):
            idx.append(base + r)
            vals.append(1.0)


class Counts(Slice):
    """How many times each of ``values`` occurs among the leaves of the value, times ``scale``
    (clipped to ``[0, high]``). Shape: ``(len(values),)``."""

    def __init__(self, name: str, key: KeySpec, values: Sequence[Any], scale: float = 1.0, high: float = 1.0) -> None:
        self.name = name
        self.key = key
        self.index = {v: i for i, v in enumerate(values)}
        self.scale = scale
        self.high = high
        self.shape = (len(self.index),)

    @classmethod
    def of(cls, part: Part, key: KeySpec, values: Sequence[Any] | None = None) -> Counts:
        """The slice of the layout's ``part``: its name, scale, upper bound and (unless
        ``values`` gives them as the view writes them) its ``values``."""
        return cls(part.name, key, part.values if values is None else values, scale=part.scale, high=part.high)

    def details(self) -> dict[str, Any]:
        return {"values": list(self.index), "scale": self.scale}

    def emit(self, value: Any, seat: int | None, base: int, idx: list[int], vals: list[float]) -> None:
        if value is None:
            return
        index = self.index
        found: dict[int, float] = {}
        for leaf in _leaves(value):
            try:
                i = index.get(leaf)
            except TypeError:
                continue
            if i is not None:
                found[i] = found.get(i, 0.0) + self.scale
        for i, x in found.items():
            idx.append(base + i)
            vals.append(self.high if x > self.high else x)


class CardTable(Slice):
    """One row of features per card of a universe, for zones whose cards carry attributes (a
    Genealogy: row, position, Active, attachments).

    Args:
        name: slice name.
        key: where the list of items is.
        cards: the distinct card notations, one row each (in this order).
        columns: the feature names (one column each).
        row: ``row(item) -> (notation, features)`` for one item of the list (``None``: skip it);
            ``features`` has one float per column, written into the card's row.
        low: the lower bound of the features (each float is clipped to it).
        high: the upper bound of the features (each float is clipped to it).

    Shape: ``(len(cards), len(columns))``; rows of cards not in the list are zero.
    """

    def __init__(
        self,
        name: str,
        key: KeySpec,
        cards: Sequence[str],
        columns: Sequence[str],
        row: Callable[[Any], tuple[str, Sequence[float]] | None],
        low: float = -1.0,
        high: float = 1.0,
    ) -> None:
        self.name = name
        self.key = key
        self.cards = list(dict.fromkeys(cards))
        self.index = {c: i for i, c in enumerate(self.cards)}
        self.columns = list(columns)
        self.row = row
        self.low = low
        self.high = high
        self.shape = (len(self.cards), len(self.columns))

    @classmethod
    def of(
        cls, part: Part, key: KeySpec, cards: Sequence[str], row: Callable[[Any], tuple[str, Sequence[float]] | None]
    ) -> CardTable:
        """The slice of the layout's ``part``: its name, columns (``values``) and bounds."""
        return cls(part.name, key, cards, part.values, row, low=part.low, high=part.high)

    def details(self) -> dict[str, Any]:
        return {"cards": list(self.cards), "columns": list(self.columns)}

    def emit(self, value: Any, seat: int | None, base: int, idx: list[int], vals: list[float]) -> None:
        if not isinstance(value, (list, tuple)):
            return
        width = len(self.columns)
        lo, hi = self.low, self.high
        index = self.index
        row = self.row
        for item in value:
            r = row(item)
            if r is None:
                continue
            i = index.get(r[0])
            if i is None:
                continue
            at = base + i * width
            for j, x in enumerate(r[1]):
                if x:
                    idx.append(at + j)
                    vals.append(hi if x > hi else lo if x < lo else x)


class Func(Slice):
    """``fn(view, seat)`` returning ``size`` floats (any custom feature; a shorter result leaves
    the rest zero, so an empty list means all zero)."""

    def __init__(
        self,
        name: str,
        size: int,
        fn: Callable[[Any, int | None], Sequence[float]],
        low: float = -math.inf,
        high: float = math.inf,
    ) -> None:
        self.name = name
        self.key = None
        self.fn = fn
        self.low = low
        self.high = high
        self.shape = (size,)

    @classmethod
    def of(cls, part: Part, fn: Callable[[Any, int | None], Sequence[float]]) -> Func:
        """The slice of the layout's ``part``: its name, size and bounds."""
        return cls(part.name, part.size, fn, low=part.low, high=part.high)

    def emit(self, value: Any, seat: int | None, base: int, idx: list[int], vals: list[float]) -> None:
        for j, x in enumerate(self.fn(value, seat)):
            if x:
                idx.append(base + j)
                vals.append(float(x))


@dataclass(frozen=True)
class SliceInfo:
    """Where one slice sits in a tensor: name, offset, size, shape and bounds."""

    name: str
    offset: int
    size: int
    shape: tuple[int, ...]
    low: float
    high: float

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "offset": self.offset, "size": self.size, "shape": list(self.shape)}


class Encoder:
    """A list of slices encoding one seat's view into a flat ``float32`` vector.

    Args:
        slices: the slices, in tensor order; names must be unique.
        layout: the game's declared layout (``Game.observation_layout``) that the slices follow
            part by part, or ``None`` for an encoder of its own (a user's, the fallback).

    Attributes:
        size: the length of the tensor.
        parts: the layout's parts (what each slice holds, for ``docs/rl.md``), or ``None``.

    Raises:
        ValueError: two slices share a name, or a slice is not the layout's part at its place
            (its name, shape or bounds).
    """

    def __init__(self, slices: Sequence[Slice], layout: Layout | None = None) -> None:
        names = [s.name for s in slices]
        if len(set(names)) != len(names):
            dup = sorted({n for n in names if names.count(n) > 1})
            raise ValueError(f"encoder: duplicate slice names {dup}")
        if layout is not None:
            _check_layout(slices, layout)
        self.parts = None if layout is None else list(layout.parts)
        self.slices = list(slices)
        self.layout: list[SliceInfo] = []
        offset = 0
        for s in self.slices:
            self.layout.append(SliceInfo(s.name, offset, s.size, s.shape, s.low, s.high))
            offset += s.size
        self.size = offset
        # (value getter, emit, offset) per slice, bound once
        self._plan = [(_make_getter(s.key), s.emit, i.offset) for s, i in zip(self.slices, self.layout, strict=True)]

    @property
    def shape(self) -> tuple[int]:
        """``(size,)``."""
        return (self.size,)

    def encode(self, view: dict[str, Any], seat: int | None = None) -> FloatArray:
        """The tensor of ``view`` (the view of ``seat``; ``None`` = spectator): shape ``(size,)``."""
        out = np.zeros(self.size, dtype=np.float32)
        self.encode_into(view, seat, out)
        return out

    def encode_into(self, view: dict[str, Any], seat: int | None, out: FloatArray) -> None:
        """Write the tensor of ``view`` into ``out`` (length ``size``; zeroed here first)."""
        idx: list[int] = []
        vals: list[float] = []
        for get, emit, offset in self._plan:
            emit(get(view), seat, offset, idx, vals)
        out[:] = 0.0
        n = len(idx)
        if n:
            out[np.fromiter(idx, np.intp, n)] = np.fromiter(vals, np.float32, n)

    def bounds(self) -> tuple[FloatArray, FloatArray]:
        """Per-float lower and upper bounds (for a ``Box`` observation space)."""
        low = np.empty(self.size, dtype=np.float32)
        high = np.empty(self.size, dtype=np.float32)
        for info in self.layout:
            low[info.offset : info.offset + info.size] = info.low
            high[info.offset : info.offset + info.size] = info.high
        return low, high

    def split(self, tensor: FloatArray) -> dict[str, FloatArray]:
        """The named, reshaped parts of a tensor made by this encoder (views, not copies)."""
        return {i.name: tensor[i.offset : i.offset + i.size].reshape(i.shape) for i in self.layout}

    def describe_layout(self, details: bool = False) -> list[dict[str, Any]]:
        """The layout as JSON-ready dicts: ``name``, ``offset``, ``size``, ``shape`` (and, with
        ``details``, what the floats mean: ``cards``, ``paths``/``scales``, ``values``, ``rows``)."""
        out = [i.to_dict() for i in self.layout]
        if details:
            for d, s in zip(out, self.slices, strict=True):
                d.update(s.details())
            for d, part in zip(out, self.parts or (), strict=False):
                if part.doc:
                    d["doc"] = part.doc
        return out

    def layout_text(self) -> str:
        """The layout as a printable table (name, offset, size, shape)."""
        rows = [f"{'slice':<28} {'offset':>7} {'size':>6}  shape"]
        for i in self.layout:
            rows.append(f"{i.name:<28} {i.offset:>7} {i.size:>6}  {i.shape}")
        rows.append(f"{'total':<28} {'':>7} {self.size:>6}")
        return "\n".join(rows)


def _check_layout(slices: Sequence[Slice], layout: Layout) -> None:
    """Raise ``ValueError`` unless ``slices`` are ``layout``'s parts in order (name, shape, bounds)."""
    if len(slices) != len(layout.parts):
        raise ValueError(f"encoder: {len(slices)} slices for a layout of {len(layout.parts)} parts")
    for s, part in zip(slices, layout.parts, strict=True):
        mine = (s.name, tuple(s.shape), float(s.low), float(s.high))
        theirs = (part.name, tuple(part.shape), float(part.low), float(part.high))
        if mine != theirs:
            raise ValueError(f"encoder: slice {mine} is not the layout's part {theirs}")


ONE_HOT_ACTIONS_LIMIT = 256
"""Action spaces up to this size are one-hot in the own-action history; larger ones are binary."""


class InfoStateEncoder:
    """The information-state tensor: a view :class:`Encoder` followed by the seat's own actions.

    Layout: the view encoder's slices, then ``own_actions`` of shape ``(history, width)``: row 0
    is the seat's most recent own action, row 1 the one before, ...; rows past the number of
    actions taken are zero. Older own actions than ``history`` are dropped (the tensor is
    fixed-size; the information-state *string* keeps the whole own history). A row is

    * the one-hot action id when ``num_actions <= ONE_HOT_ACTIONS_LIMIT`` (``width = num_actions``);
    * otherwise ``[1, bit 0, bit 1, ...]``: a "taken" flag then the id in binary, least
      significant bit first (``width = 1 + bits``, ``bits = (num_actions - 1).bit_length()``) —
      the real games have thousands of action ids.
    """

    def __init__(self, encoder: Encoder, num_actions: int, history: int = 8) -> None:
        self.encoder = encoder
        self.num_actions = num_actions
        self.history = history
        self.one_hot = num_actions <= ONE_HOT_ACTIONS_LIMIT
        self.width = num_actions if self.one_hot else 1 + max(1, (num_actions - 1).bit_length())
        self.layout = [
            *encoder.layout,
            SliceInfo("own_actions", encoder.size, history * self.width, (history, self.width), 0.0, 1.0),
        ]
        self.size = encoder.size + history * self.width

    def encode(self, view: dict[str, Any], seat: int | None, own_actions: Sequence[int]) -> FloatArray:
        """The tensor: the view's encoding, then the own-action rows. Shape ``(size,)``."""
        out = np.zeros(self.size, dtype=np.float32)
        self.encode_into(view, seat, own_actions, out)
        return out

    def encode_into(self, view: dict[str, Any], seat: int | None, own_actions: Sequence[int], out: FloatArray) -> None:
        """Write the tensor into ``out`` (length ``size``)."""
        self.encoder.encode_into(view, seat, out[: self.encoder.size])
        self.encode_history(own_actions, out[self.encoder.size :])

    def encode_history(self, own_actions: Sequence[int], hist: FloatArray) -> None:
        """Write the ``own_actions`` rows into ``hist`` (length ``history * width``; zeroed here)."""
        hist[:] = 0.0
        w = self.width
        recent = list(own_actions[-self.history :])[::-1]
        for row, aid in enumerate(recent):
            base = row * w
            if self.one_hot:
                hist[base + aid] = 1.0
            else:
                hist[base] = 1.0
                for b in range(w - 1):
                    if aid >> b & 1:
                        hist[base + 1 + b] = 1.0

    def describe_layout(self) -> list[dict[str, Any]]:
        """The layout as JSON-ready dicts: ``name``, ``offset``, ``size``, ``shape``."""
        return [i.to_dict() for i in self.layout]

    def layout_text(self) -> str:
        """The layout as a printable table."""
        rows = [f"{'slice':<28} {'offset':>7} {'size':>6}  shape"]
        for i in self.layout:
            rows.append(f"{i.name:<28} {i.offset:>7} {i.size:>6}  {i.shape}")
        rows.append(f"{'total':<28} {'':>7} {self.size:>6}")
        return "\n".join(rows)


# --------------------------------------------------------------------------- fallback
FALLBACK_PROBE_GAMES = 4
FALLBACK_PROBE_STEPS = 300
FALLBACK_MAX_NUMBERS = 64  # numeric leaves kept per top-level key
FALLBACK_MAX_CATEGORIES = 16  # distinct strings kept per path
FALLBACK_MAX_PATHS = 16  # categorical paths kept per top-level key


def _walk(value: Any, path: Path, out: list[tuple[Path, Any]]) -> None:
    if isinstance(value, dict):
        for k in value:
            _walk(value[k], (*path, str(k)), out)
    elif isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            _walk(v, (*path, i), out)
    else:
        out.append((path, value))


def _path_name(path: Path) -> str:
    return ".".join(str(p) for p in path)


def _sort_key(path: Path) -> tuple[tuple[int, str, int], ...]:
    return tuple((0, p, 0) if isinstance(p, str) else (1, "", p) for p in path)


def fallback_encoder(game_name: str, players: int, config: Any) -> Encoder:
    """A generic encoder for a game without its own, built from the views alone.

    It plays ``FALLBACK_PROBE_GAMES`` random games (seeds ``0, 1, ...``, at most
    ``FALLBACK_PROBE_STEPS`` actions each) and walks every seat's view after every action. Then,
    for every top-level key of the views, in sorted order:

    * ``cards:<key>`` — if card notations (strings of ``Game.all_cards``) occur under the key: a
      :class:`CardSet` of everything under it; if the key's value is always a list of
      ``players`` entries, a :class:`PerSeat` of card sets instead (rows relative to the seat);
    * ``num:<key>`` — every numeric leaf path seen under the key (dict keys and list positions;
      at most ``FALLBACK_MAX_NUMBERS``, in sorted path order; the paths are listed in the slice's
      ``paths``), as a :class:`Numbers` slice, each scaled by ``1 / max(1, largest absolute value
      seen)`` and clipped to ``[-1, 1]``;
    * ``cat:<path>`` — every leaf path holding other strings, as a :class:`OneHot` over the values
      seen (sorted; at most ``FALLBACK_MAX_CATEGORIES``).

    Plus ``observer`` (one-hot of the seat). The result depends only on the game, players and
    config, and has a fixed size; values at paths never seen in the probe are not encoded.

    Raises:
        ValueError: an unknown game.
    """
    game = get_game(game_name)
    universe = game.all_cards(players, config)
    notations = set(universe)
    # per top-level key: card presence, per-seat shape, numeric paths (max abs), string paths (values)
    has_cards: dict[str, bool] = {}
    per_seat: dict[str, bool] = {}
    numbers: dict[Path, float] = {}
    strings: dict[Path, set[str]] = {}
    top_keys: set[str] = set()

    def visit(view: dict[str, Any]) -> None:
        for key, value in view.items():
            k = str(key)
            top_keys.add(k)
            seatlike = isinstance(value, list) and len(value) == players
            per_seat[k] = per_seat.get(k, True) and seatlike
            leaves: list[tuple[Path, Any]] = []
            _walk(value, (k,), leaves)
            for path, leaf in leaves:
                if isinstance(leaf, (bool, int, float)):
                    if isinstance(leaf, float) and not math.isfinite(leaf):
                        continue
                    numbers[path] = max(numbers.get(path, 0.0), abs(float(leaf)))
                elif isinstance(leaf, str):
                    if leaf in notations:
                        has_cards[k] = True
                    else:
                        strings.setdefault(path, set()).add(leaf)

    for probe in range(FALLBACK_PROBE_GAMES):
        state = game.new_initial_state(players, probe, None, config)
        rng = random.Random(probe)
        for _ in range(FALLBACK_PROBE_STEPS + 1):
            for seat in range(players):
                visit(state.view(seat))
            if state.is_terminal:
                break
            state.apply(rng.choice(state.legal_actions()))

    slices: list[Slice] = [Observer("observer", players)]
    for k in sorted(top_keys):
        if has_cards.get(k):
            if per_seat.get(k):
                slices.append(PerSeat(f"cards:{k}", k, CardSet("cards", None, universe), players))
            else:
                slices.append(CardSet(f"cards:{k}", k, universe))
        num_paths = sorted((p for p in numbers if p[0] == k), key=_sort_key)[:FALLBACK_MAX_NUMBERS]
        if num_paths:
            scales = [1.0 / max(1.0, numbers[p]) for p in num_paths]
            slices.append(Numbers(f"num:{k}", k, [p[1:] for p in num_paths], scales))
        str_paths = sorted((p for p in strings if p[0] == k), key=_sort_key)[:FALLBACK_MAX_PATHS]
        for p in str_paths:
            values = sorted(strings[p])[:FALLBACK_MAX_CATEGORIES]
            slices.append(OneHot(f"cat:{_path_name(p)}", p, values=values))
    return Encoder(slices)


__all__ = [
    "ONE_HOT_ACTIONS_LIMIT",
    "CardSet",
    "CardTable",
    "Counts",
    "Encoder",
    "Func",
    "InfoStateEncoder",
    "Numbers",
    "Observer",
    "OneHot",
    "PerSeat",
    "Scalar",
    "SeatRef",
    "SeatSet",
    "Slice",
    "SliceInfo",
    "fallback_encoder",
    "lookup",
]
