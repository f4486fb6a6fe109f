"""The games' own tensor encoders, registered with :func:`regalia.rl.encoding.register_encoder`.

One module per game; each builds its encoder from ``view(seat)`` and the game's public card list
(``Game.all_cards``) only, never from hidden state. Importing this package registers them all
(the adapters and :func:`regalia.rl.encoding.get_encoder` do it); a factory is called only when
its game is used, so an encoder may be registered for a game that is not installed yet.
Layouts are listed in ``docs/rl.md`` (``python docs/examples/encoder_layouts.py`` prints them).
"""

from __future__ import annotations

from regalia.rl.encoders import blood_and_fortune, kingdom, kings_blood, kings_family, kingship
from regalia.rl.encoding import register_encoder

ENCODERS = {
    "kings-blood": kings_blood.encoder,
    "kings-family": kings_family.encoder,
    "kingship": kingship.encoder,
    "blood-and-fortune": blood_and_fortune.encoder,
    "kingdom": kingdom.encoder,
}
"""Game name → encoder factory ``(players, config) -> Encoder``."""

for _name, _factory in ENCODERS.items():
    register_encoder(_name, _factory)

__all__ = ["ENCODERS"]
