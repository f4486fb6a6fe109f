"""regalia: five royal card games by their published rules, for players and researchers.

>>> import regalia
>>> state = regalia.make("kings-blood", players=4, seed=7)
>>> state.current_player
0
"""

# Import the games package before binding the function ``games``: importing a package's
# sub-package sets it as an attribute of the parent the first time, which would otherwise
# replace ``regalia.games`` (the function) with the ``regalia.games`` package.
import regalia.games as _games_package  # noqa: F401
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
from regalia.series import Series

__version__ = "0.1.0"

__all__ = [
    "Event",
    "IllegalActionError",
    "Series",
    "State",
    "__version__",
    "from_snapshot",
    "games",
    "get_game",
    "make",
    "replay",
]
