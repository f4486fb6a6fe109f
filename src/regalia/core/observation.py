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

from typing import TYPE_CHECKING

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


@mypyc_attr(allow_interpreted_subclasses=True)
class ObservationWriter:
    """Writes a seat's observation tensor of one game (one player count and config) from a state.

    Subclasses implement :meth:`write`. The layout — slice names and shapes, in tensor order — is
    the game's encoder's (``regalia.rl.encoders``); ``regalia.rl`` uses a writer only when the two
    layouts are equal, and falls back to the view path otherwise (e.g. for an encoder a user
    registered instead).

    Attributes:
        layout: ``(name, shape)`` of each slice, in tensor order.
        size: the number of floats of a tensor.
        offsets: slice name → its first float.
    """

    def __init__(self, layout: list[tuple[str, tuple[int, ...]]]) -> None:
        self.layout = layout
        self.offsets: dict[str, int] = {}
        offset = 0
        for name, shape in layout:
            if name in self.offsets:
                raise ValueError(f"layout: duplicate slice name {name!r}")
            self.offsets[name] = offset
            size = 1
            for d in shape:
                size *= d
            offset += size
        self.size = offset

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
    "ObservationWriter",
    "add_copy",
    "byte_buffer",
    "clear",
    "float_buffer",
    "put",
    "relative",
    "write_legal_mask",
]
