"""regalia: five royal card games by their published rules, for players and researchers.

>>> import regalia
>>> state = regalia.make("kings-blood", players=4, seed=7)
>>> state.current_player
0
"""

# Choose the compiled or the pure-Python rules core before any of it is imported (regalia.native).
from regalia import native as _native

_native.install()

# Import the games package before binding the function ``games``: importing a package's
# sub-package sets it as an attribute of the parent the first time, which would otherwise
# replace ``regalia.games`` (the function) with the ``regalia.games`` package.
import regalia.games as _games_package  # noqa: F401, E402
from regalia.core import (  # noqa: E402 -- after the build is chosen
    Event,
    IllegalActionError,
    State,
    from_snapshot,
    game_names,
    get_game,
    make,
    replay,
)
from regalia.native import compiled  # noqa: E402
from regalia.series import Series  # noqa: E402

__version__ = "0.1.0"

__all__ = [
    "Event",
    "IllegalActionError",
    "Series",
    "State",
    "__version__",
    "compiled",
    "from_snapshot",
    "game_names",
    "get_game",
    "make",
    "replay",
]
