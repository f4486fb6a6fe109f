"""What the adapters need to know about a game beyond the core protocol.

OpenSpiel wants a game's utility range and a bound on its length up front; the core protocol
does not say them. A game (or a user) declares them with :func:`register_adapter_info`; games
without an entry get :data:`DEFAULT_INFO` (returns in ``[0, 1]`` — one point to the winner —
and at most 2,000 actions, after which the adapters truncate the game). King's Family, whose
return is its score, has a provisional built-in entry (scores 0-200) until the game registers
its own.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class AdapterInfo:
    """Facts about one game for the RL adapters.

    Attributes:
        min_utility, max_utility: the range of every seat's ``returns()`` at the end of a game.
        max_game_length: the adapters stop (truncate) a game after this many actions.
        zero_sum: whether the returns always add up to ``utility_sum``.
        utility_sum: the constant sum of the returns when ``zero_sum``-like (constant-sum).
    """

    min_utility: float = 0.0
    max_utility: float = 1.0
    max_game_length: int = 2000
    zero_sum: bool = False
    utility_sum: float = 0.0


DEFAULT_INFO = AdapterInfo()
_INFO: dict[str, AdapterInfo] = {
    # provisional: KF-9 scores one or two points per generation plus 10 per exhaustion of the
    # draw pile; a loose bound until the game registers an exact one
    "kings-family": AdapterInfo(min_utility=0.0, max_utility=200.0),
}


def register_adapter_info(game_name: str, info: AdapterInfo) -> None:
    """Declare the utility range and length bound of ``game_name`` for the adapters."""
    _INFO[game_name] = info


def adapter_info(game_name: str) -> AdapterInfo:
    """The registered :class:`AdapterInfo` of ``game_name``, or :data:`DEFAULT_INFO`."""
    return _INFO.get(game_name, DEFAULT_INFO)


def agent_name(seat: int) -> str:
    """The PettingZoo agent name of a seat: ``"player_0"``, ``"player_1"``, ..."""
    return f"player_{seat}"
