"""Observation tensors and action masks for the adapters: the fast path, or the view path.

Every adapter (PettingZoo, Gymnasium, OpenSpiel, the batch env) gets its tensors from an
:class:`Observer`. It writes them with the game's **observation writer**
(``Game.observation_writer``, compiled with the rules: straight from the state's fields, no view
dict) when the game has one and the encoder registered for the game is the built-in one whose
layout the writer follows; otherwise — a game without a writer, or an encoder a user registered
instead (``register_encoder``) — it encodes ``view(seat)`` with the registered encoder, as
before. Both give the same floats (``tests/conformance/test_observation.py`` checks it on every
game), so the choice is invisible but for the speed; ``Observer.fast`` says which is used.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from librt.vecs import vec
from mypy_extensions import i64

import regalia.rl.encoders  # noqa: F401  (registers the games' own encoders)
from regalia.core.observation import (
    SPECTATOR,
    Layout,
    ObservationWriter,
    Part,
    byte_buffer,
    clear,
    float_buffer,
    write_legal_mask,
)
from regalia.core.registry import get_game
from regalia.core.state import State
from regalia.native import compiled
from regalia.rl.encoders import ENCODERS, encoder_factory, get_encoder
from regalia.rl.encoding import Encoder

FloatArray = npt.NDArray[np.float32]
MaskArray = npt.NDArray[np.int8]


class ViewWriter(ObservationWriter):
    """An :class:`~regalia.core.observation.ObservationWriter` that encodes ``view(seat)`` with an
    encoder (the view path, for games without a writer of their own or with a user's encoder)."""

    def __init__(self, encoder: Encoder) -> None:
        super().__init__(Layout([Part(i.name, i.shape, low=i.low, high=i.high) for i in encoder.layout]))
        self.encoder = encoder

    def write(self, state: State, seat: int, out: vec[float], base: i64) -> None:
        who = None if seat == SPECTATOR else seat
        t = self.encoder.encode(state.view(who), who)
        for i in np.flatnonzero(t).tolist():
            out[base + i] = float(t[i])


_WRITERS: dict[tuple[str, int, Any], ObservationWriter | None] = {}


def game_writer(game_name: str, players: int, config: Any) -> ObservationWriter | None:
    """The game's own writer for this player count and config if the adapters may use it: the
    game has one, the encoder registered for the game is the built-in one, and the two layouts
    (slice names and shapes) are equal. ``None`` otherwise. Cached per game, players and config."""
    key = (game_name, players, config)
    if key in _WRITERS:
        writer = _WRITERS[key]
    else:
        writer = get_game(game_name).observation_writer(players, config)
        _WRITERS[key] = writer
    if writer is None:
        return None
    builtin = ENCODERS.get(game_name)
    if builtin is None or encoder_factory(game_name) is not builtin:
        return None
    encoder = get_encoder(game_name, players, config)
    if writer.layout.shapes() != [(i.name, i.shape) for i in encoder.layout]:
        return None
    return writer


class Observer:
    """Observation tensors and legal-action masks of one game, player count and config.

    Args:
        game_name: a registered game.
        players: seats.
        config: the rule options (``Game.make_config``).

    Attributes:
        encoder: the registered encoder (its layout describes every tensor).
        writer: what writes the tensors: the game's own writer (``fast``) or a :class:`ViewWriter`.
        fast: whether the game's writer is used.
        size: floats per tensor; num_actions: the size of the action space.
    """

    def __init__(self, game_name: str, players: int, config: Any) -> None:
        game = get_game(game_name)
        self.encoder = get_encoder(game_name, players, config)
        own = game_writer(game_name, players, config)
        self.fast = own is not None
        self.writer: ObservationWriter = own if own is not None else ViewWriter(self.encoder)
        self.size = self.writer.size
        self.num_actions = game.num_actions(players, config)
        self._buf = float_buffer(self.size)
        self._array = np.frombuffer(memoryview(self._buf), np.float64)
        # zeroing the buffer is a C loop when compiled; interpreted, a new zeroed buffer is faster
        self._zero_in_place = compiled()
        self._mask = byte_buffer(self.num_actions)
        self._mask_array = np.frombuffer(memoryview(self._mask), np.int8)
        self._legal: list[int] = []

    def _zeroed(self) -> vec[float]:
        if self._zero_in_place:
            clear(self._buf, 0, self.size)
        else:
            self._buf = float_buffer(self.size)
            self._array = np.frombuffer(memoryview(self._buf), np.float64)
        return self._buf

    def observation(self, state: State, seat: int | None) -> FloatArray:
        """The tensor of ``seat`` (``None``: a spectator) in ``state``: a new ``float32`` array
        of shape ``(size,)``."""
        self.writer.write(state, SPECTATOR if seat is None else seat, self._zeroed(), 0)
        return self._array.astype(np.float32)

    def observation_list(self, state: State, seat: int | None) -> list[float]:
        """The tensor as a list of floats (each a ``float32`` value), as OpenSpiel returns it."""
        out: list[float] = self.observation(state, seat).tolist()
        return out

    def write(self, state: State, seat: int | None, out: FloatArray) -> None:
        """Write the tensor into ``out`` (a ``float32`` array of ``size`` floats)."""
        self.writer.write(state, SPECTATOR if seat is None else seat, self._zeroed(), 0)
        out[:] = self._array

    def mask(self, state: State) -> MaskArray:
        """The legal-action mask of ``state``: a new ``int8`` array of shape ``(num_actions,)``,
        1 where the action id is legal now (all 0 once the game is over). :attr:`legal_ids` then
        lists the same ids."""
        self._legal = write_legal_mask(state, self._mask, 0, self._legal)
        return self._mask_array.copy()

    @property
    def legal_ids(self) -> list[int]:
        """The legal action ids of the last :meth:`mask` (a new list, in ``legal_actions()``
        order)."""
        return list(self._legal)

    def empty_mask(self) -> MaskArray:
        """An all-zero mask (for a seat that is not to act)."""
        return np.zeros(self.num_actions, np.int8)


__all__ = ["Observer", "ViewWriter", "game_writer"]
