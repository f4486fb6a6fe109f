"""Observation tensors and legal-action masks written straight from a state.

This is the fast path under the RL adapters (``docs/rl.md``, "The fast path"). A game may give,
for a player count and config, an :class:`ObservationWriter` (``Game.observation_writer``): it
writes one seat's **observation tensor** — the same floats, in the same layout, as the game's
encoder in ``regalia.rl.encoders`` computes from ``view(seat)`` — from the state's own fields
into a flat buffer, with no view dict in between. It reads only what ``view(seat)`` shows (the
conformance suite checks, on random playouts of every game, every seat and the spectator, that
the two paths give identical tensors).

Buffers are ``librt.vecs.vec`` arrays: ``vec[float]`` (C doubles) for tensors, ``vec[u8]`` for
masks. Compiled with mypyc, a store into one is a plain C store (a few nanoseconds, where a
Python ``array.array`` or NumPy item store costs a hundred); NumPy reads them without a copy
through the buffer protocol (``np.frombuffer(buf, np.float64)``).

Nothing here imports NumPy: the rules core stays free of it; ``regalia.rl`` turns the buffers into
arrays.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from librt.vecs import vec
from mypy_extensions import i64, mypyc_attr, u8

if TYPE_CHECKING:
    from regalia.core.state import State

SPECTATOR = -1
"""The ``seat`` a writer is given for a spectator (``view(None)``)."""


def float_buffer(size: int) -> vec[float]:
    """A zeroed ``vec[float]`` of ``size`` doubles."""
    return vec[float]([0.0] * size)


def byte_buffer(size: int) -> vec[u8]:
    """A zeroed ``vec[u8]`` of ``size`` bytes."""
    return vec[u8]([0] * size)


def clear(out: vec[float], base: i64, size: i64) -> None:
    """Set ``out[base : base + size]`` to 0."""
    i: i64 = base
    end: i64 = base + size
    while i < end:
        out[i] = 0.0
        i += 1


def put(out: vec[float], p: i64, x: float, low: float, high: float) -> None:
    """``out[p] = x`` clipped to ``[low, high]`` (the encoders' ``Scalar`` and ``CardTable``)."""
    out[p] = high if x > high else low if x < low else x


def add_copy(out: vec[float], p: i64, inv: float) -> None:
    """Count one more copy of a card in a multi-hot slot holding ``n * inv`` (``inv`` = 1 / the
    copies of that card in the game): the slot becomes ``(n + 1) * inv``, clipped to 1 — the
    encoders' ``CardSet`` value, computed the same way (so equal to the last bit)."""
    x = out[p]
    if x == 0.0:
        out[p] = 1.0 if inv > 1.0 else inv
        return
    n = int(x / inv + 0.5) + 1
    y = n * inv
    out[p] = 1.0 if y > 1.0 else y


def relative(s: int, seat: int, players: int) -> int:
    """The row of seat ``s`` seen from ``seat`` (row 0 = ``seat`` itself, then the next seats);
    a spectator (``seat < 0``) sees absolute seats."""
    return (s - seat) % players if seat >= 0 else s


def write_legal_mask(state: State, out: vec[u8], base: i64, previous: list[int]) -> list[int]:
    """Write the legal-action mask of ``state`` into ``out[base : base + num_actions]``.

    Only the bytes that change are touched: the ids of ``previous`` (what this region held) are
    set to 0, then the legal ids to 1. Returns the legal ids (the next call's ``previous``); empty
    once the game is over.
    """
    for a in previous:
        out[base + a] = 0
    ids = state.legal_action_ids() if not state.is_terminal else []
    for a in ids:
        out[base + a] = 1
    return ids


class Part:
    """One named part of an observation tensor, as a game declares it (:class:`Layout`).

    Attributes:
        name: the part's name (unique in its layout), e.g. ``"hand"``, ``"genealogy"``.
        shape: its shape, e.g. ``(82,)`` or ``(72, 6)``; it holds ``size`` floats.
        low, high: the bounds of every float it holds (an observation space's ``Box``).
        scale: what one unit of the number it encodes counts (a hand of 7 cards scaled by
            ``1 / 10`` is ``0.7``); 1.0 for flags, one-hots and multi-hots.
        values: the names along its last axis — the values of a one-hot (``"play"``,
            ``"draw"``…), the cards of a multi-hot, the columns of a table (``"row"``, ``"x"``…)
            — or ``()``.
        rows: the names along the first axis of a table (its cards), or ``()``.
        scales: per column of a table, the scale of that column (``()``: ``scale`` for all).
        doc: what it holds, in a few words, for ``docs/rl.md``.
    """

    __slots__ = ("doc", "high", "low", "name", "rows", "scale", "scales", "shape", "size", "values")

    def __init__(
        self,
        name: str,
        shape: tuple[int, ...],
        *,
        low: float = 0.0,
        high: float = 1.0,
        scale: float = 1.0,
        values: tuple[str, ...] = (),
        rows: tuple[str, ...] = (),
        scales: tuple[float, ...] = (),
        doc: str = "",
    ) -> None:
        self.name = name
        self.shape = shape
        self.low = low
        self.high = high
        self.scale = scale
        self.values = values
        self.rows = rows
        self.scales = scales
        self.doc = doc
        size = 1
        for d in shape:
            size *= d
        self.size = size

    def column_scale(self, column: str) -> float:
        """The scale of the table column called ``column`` (``scale`` without per-column scales).

        Raises:
            ValueError: the part has no such column.
        """
        if column not in self.values:
            raise ValueError(f"{self.name}: no column {column!r} (columns: {', '.join(self.values)})")
        return self.scales[self.values.index(column)] if self.scales else self.scale

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: ``name``, ``shape``, ``low``, ``high``, ``scale``, ``values``, ``rows``, ``doc``."""
        return {
            "name": self.name,
            "shape": list(self.shape),
            "low": self.low,
            "high": self.high,
            "scale": self.scale,
            "values": list(self.values),
            "rows": list(self.rows),
            "doc": self.doc,
        }


class Layout:
    """The layout of one game's observation tensors (one player count and config): its parts in
    tensor order, declared once by the game (``Game.observation_layout``) and read both by the
    game's :class:`ObservationWriter` (offsets) and by its encoder over the view
    (``regalia.rl.encoders``: names, shapes, bounds, scales), so that the two cannot disagree and
    ``docs/rl.md`` lists what both write.

    Attributes:
        parts: the parts, in tensor order.
        offsets: part name → its first float.
        size: the number of floats of a tensor.

    Raises:
        ValueError: two parts share a name.
    """

    __slots__ = ("_by_name", "offsets", "parts", "size")

    def __init__(self, parts: list[Part]) -> None:
        self.parts = parts
        self.offsets: dict[str, int] = {}
        self._by_name: dict[str, Part] = {}
        offset = 0
        for part in parts:
            if part.name in self.offsets:
                raise ValueError(f"layout: duplicate part name {part.name!r}")
            self.offsets[part.name] = offset
            self._by_name[part.name] = part
            offset += part.size
        self.size = offset

    def part(self, name: str) -> Part:
        """The part called ``name``.

        Raises:
            ValueError: no part has that name.
        """
        part = self._by_name.get(name)
        if part is None:
            raise ValueError(f"layout: no part {name!r}")
        return part

    def shapes(self) -> list[tuple[str, tuple[int, ...]]]:
        """``(name, shape)`` of every part, in tensor order."""
        return [(p.name, p.shape) for p in self.parts]


@mypyc_attr(allow_interpreted_subclasses=True)
class ObservationWriter:
    """Writes a seat's observation tensor of one game (one player count and config) from a state.

    Subclasses implement :meth:`write`, at the offsets of their game's :class:`Layout`, which the
    game's encoder (``regalia.rl.encoders``) follows too; ``regalia.rl`` uses a writer only when
    the registered encoder's layout is the writer's, and falls back to the view path otherwise
    (e.g. for an encoder a user registered instead).

    Attributes:
        layout: the :class:`Layout` written.
        size: the number of floats of a tensor.
        offsets: part name → its first float.
    """

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.offsets: dict[str, int] = layout.offsets
        self.size = layout.size

    def write(self, state: State, seat: int, out: vec[float], base: i64) -> None:
        """Write the tensor of ``seat`` (``SPECTATOR`` = -1 for a spectator) into
        ``out[base : base + size]``, which the caller has zeroed; only non-zero floats are stored.

        ``state`` is a state of this writer's game, player count and config (not checked here).
        """
        raise NotImplementedError

    def observation(self, state: State, seat: int | None) -> list[float]:
        """The tensor of ``seat`` (``None``: a spectator) as a list of ``size`` floats.

        Raises:
            ValueError: ``seat`` is not a seat of the state's game.
        """
        state._check_seat(seat)
        out = float_buffer(self.size)
        self.write(state, SPECTATOR if seat is None else seat, out, 0)
        return [out[i] for i in range(self.size)]


__all__ = [
    "SPECTATOR",
    "Layout",
    "ObservationWriter",
    "Part",
    "add_copy",
    "byte_buffer",
    "clear",
    "float_buffer",
    "put",
    "relative",
    "write_legal_mask",
]
