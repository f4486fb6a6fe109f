"""The encoder registry: each game's own tensor encoder, and the fallback for a game without one.

One module per game builds its encoder in the language of :mod:`regalia.rl.encoding` from
``view(seat)`` and the game's public card list (``Game.all_cards``) only, never from hidden state;
importing this package registers the five. :func:`register_encoder` adds or replaces a game's
factory (a factory is called only when its game is used, so an encoder may be registered for a
game that is not installed yet); :func:`get_encoder` returns the registered encoder or
:func:`regalia.rl.encoding.fallback_encoder`. Layouts are listed in ``docs/rl.md``
(``python docs/examples/encoder_layouts.py`` prints them).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from regalia.rl.encoders import blood_and_fortune, kingdom, kings_blood, kings_family, kingship
from regalia.rl.encoding import Encoder, fallback_encoder

EncoderFactory = Callable[[int, Any], Encoder]
"""``factory(players, config) -> Encoder``: builds a game's encoder for a player count and config."""

ENCODERS: dict[str, EncoderFactory] = {
    "kings-blood": kings_blood.encoder,
    "kings-family": kings_family.encoder,
    "kingship": kingship.encoder,
    "blood-and-fortune": blood_and_fortune.encoder,
    "kingdom": kingdom.encoder,
}
"""The built-in encoders: game name → encoder factory."""

_FACTORIES: dict[str, EncoderFactory] = dict(ENCODERS)
_CACHE: dict[tuple[str, int, Any], Encoder] = {}


def _forget(game_name: str) -> None:
    for key in [k for k in _CACHE if k[0] == game_name]:
        del _CACHE[key]


def register_encoder(game_name: str, factory: EncoderFactory) -> None:
    """Register ``factory(players, config) -> Encoder`` as the encoder of ``game_name``.

    Replaces any earlier factory for that game (and forgets the encoders it built), the
    built-in ones of :data:`ENCODERS` included.
    """
    _FACTORIES[game_name] = factory
    _forget(game_name)


def unregister_encoder(game_name: str) -> None:
    """Forget the encoder factory of ``game_name`` (it then uses the fallback)."""
    _FACTORIES.pop(game_name, None)
    _forget(game_name)


def encoder_factory(game_name: str) -> EncoderFactory | None:
    """The registered encoder factory of ``game_name`` (``None``: it uses the fallback)."""
    return _FACTORIES.get(game_name)


def has_encoder(game_name: str) -> bool:
    """Whether ``game_name`` has a registered encoder (otherwise the fallback is used)."""
    return game_name in _FACTORIES


def get_encoder(game_name: str, players: int, config: Any) -> Encoder:
    """The encoder of a game for this player count and config (built once, then cached).

    Returns the registered encoder, or :func:`regalia.rl.encoding.fallback_encoder` when the
    game has none.

    Raises:
        ValueError: an unknown game.
    """
    key = (game_name, players, config)
    enc = _CACHE.get(key)
    if enc is None:
        factory = _FACTORIES.get(game_name)
        enc = factory(players, config) if factory is not None else fallback_encoder(game_name, players, config)
        _CACHE[key] = enc
    return enc


__all__ = [
    "ENCODERS",
    "EncoderFactory",
    "encoder_factory",
    "get_encoder",
    "has_encoder",
    "register_encoder",
    "unregister_encoder",
]
