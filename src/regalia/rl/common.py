"""What the adapters need to know about a game beyond the core protocol.

OpenSpiel wants a game's utility range and a bound on its length up front; the core protocol
does not say them, nor whether a game's returns stay zero until its end (OpenSpiel's *terminal*
reward model, which its ``MCTSBot`` requires). A user declares them for a game of their own with
:func:`register_adapter_info`; games without an entry get :data:`DEFAULT_INFO` (returns in
``[0, 1]``, rewards possibly before the end, at most 2,000 actions, after which the adapters
truncate the game). The built-in games have entries here (the games themselves never import the
adapters): the four win/lose games — King's Blood, Kingship, Blood & Fortune, Kingdom — pay one
point to each winner and nothing before the end (``terminal_rewards``); King's Family's return is
its running score (KF-9), which moves during the game, within 0-200.
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
        terminal_rewards: whether every seat's ``returns()`` is 0 until the game is over, so
            the only non-zero reward is at the end (OpenSpiel's ``RewardModel.TERMINAL``, which
            its ``MCTSBot`` requires); ``False``: rewards may come during the game
            (``RewardModel.REWARDS``).
    """

    min_utility: float = 0.0
    max_utility: float = 1.0
    max_game_length: int = 2000
    zero_sum: bool = False
    utility_sum: float = 0.0
    terminal_rewards: bool = False


DEFAULT_INFO = AdapterInfo()
_WIN_LOSE = AdapterInfo(min_utility=0.0, max_utility=1.0, terminal_rewards=True)
_INFO: dict[str, AdapterInfo] = {
    # one point to each winner at the end, nothing before it (a game with no winner, or cut
    # short by the adapters' length bound, gives every seat 0): not constant-sum
    "kings-blood": _WIN_LOSE,
    "kingship": _WIN_LOSE,
    "blood-and-fortune": _WIN_LOSE,
    "kingdom": _WIN_LOSE,
    # KF-9: one or two points per generation plus 10 per exhaustion of the draw pile, counted
    # as the game goes (the founder's generation scores 1 before the first move); a loose
    # bound, well above the scores bots reach
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
