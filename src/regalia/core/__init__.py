"""The rules-core protocol shared by every game: Game, State, actions, events, records, and the
interface of a bot (Bot, InfoSet, Budget).

No I/O and no game knowledge lives here.
"""

from regalia.core.bot import Bot, Budget, InfoSet
from regalia.core.config import build_config, describe_options, option, parse_option
from regalia.core.errors import IllegalActionError, shown
from regalia.core.events import Event, is_public_move, private, public, visible_events
from regalia.core.game import Game, Ruling
from regalia.core.registry import (
    from_snapshot,
    game_names,
    get_game,
    make,
    register,
    replay,
    undo_to,
    verify_seed,
    verify_state,
)
from regalia.core.state import MAX_ACTION_TEXT, State, copy_rng, seat_name

__all__ = [
    "MAX_ACTION_TEXT",
    "Bot",
    "Budget",
    "Event",
    "Game",
    "IllegalActionError",
    "InfoSet",
    "Ruling",
    "State",
    "build_config",
    "copy_rng",
    "describe_options",
    "from_snapshot",
    "game_names",
    "get_game",
    "is_public_move",
    "make",
    "option",
    "parse_option",
    "private",
    "public",
    "register",
    "replay",
    "seat_name",
    "shown",
    "undo_to",
    "verify_seed",
    "verify_state",
    "visible_events",
]
