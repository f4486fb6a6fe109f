"""regalia: five royal card games by their published rules, for players and researchers.

>>> import regalia
>>> state = regalia.make("kings-blood", players=4, seed=7)
>>> state.current_player
0
"""

from regalia.core import (
    Event,
    IllegalActionError,
    State,
    from_snapshot,
    games,
    get_game,
    make,
    replay,
)

__version__ = "0.1.0"

__all__ = [
    "Event",
    "IllegalActionError",
    "State",
    "__version__",
    "from_snapshot",
    "games",
    "get_game",
    "make",
    "replay",
]
