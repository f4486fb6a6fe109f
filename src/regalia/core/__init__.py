"""The rules-core protocol shared by every game: Game, State, actions, events, records.

No I/O and no game knowledge lives here.
"""

from regalia.core.config import build_config, describe_options, option, parse_option
from regalia.core.errors import IllegalActionError
from regalia.core.events import Event, private, public, visible_events
from regalia.core.game import Game, Ruling
from regalia.core.registry import from_snapshot, games, get_game, make, register, replay
from regalia.core.state import State, copy_rng

__all__ = [
    "Event",
    "Game",
    "IllegalActionError",
    "Ruling",
    "State",
    "build_config",
    "copy_rng",
    "describe_options",
    "from_snapshot",
    "games",
    "get_game",
    "make",
    "option",
    "parse_option",
    "private",
    "public",
    "register",
    "replay",
    "visible_events",
]
