"""regalia: five royal card games by their published rules, for players and researchers.

>>> import regalia
>>> state = regalia.make("kings-blood", players=4, seed=7)
>>> state.current_player
0
"""

# Import the ``regalia.games`` package first: importing a subpackage binds it as an attribute of
# its parent, which would otherwise shadow the ``games()`` function below after the first import.
from regalia import games as _games_package  # noqa: F401  (bound, then replaced by games())
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
