"""Research adapters: tensor encodings, OpenSpiel, PettingZoo, Gymnasium, a batch environment and a
text interface for language-model agents (see ``docs/rl.md``).

The framework modules (``regalia.rl.openspiel``, ``regalia.rl.pettingzoo``,
``regalia.rl.gymnasium``) import their framework and are not imported here; install them with
``pip install "regalia[rl]"``. ``regalia.rl.llm`` needs nothing beyond regalia.
:func:`vector_env` (the batch environment, ``regalia.rl.vector``) needs NumPy, imported when it
is first called.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from regalia.rl.common import AdapterInfo, adapter_info, register_adapter_info

if TYPE_CHECKING:
    from regalia.rl.vector import Opponent, VectorEnv


def vector_env(
    game_name: str,
    num_envs: int,
    players: int | None = None,
    opponents: Mapping[int, Opponent] | None = None,
    **options: Any,
) -> VectorEnv:
    """The batch environment of ``game_name``: ``num_envs`` games stepped together, with
    ``reset(seed) -> dict`` and ``step(actions) -> dict`` (:class:`regalia.rl.vector.VectorEnv`;
    ``docs/rl.md``, "The batch env").

    Args:
        game_name: a registered game.
        num_envs: the number of games.
        players: seats per game (default: the game's default).
        opponents: ``{seat: bot}`` seats played by fixed bots inside ``step``.
        **options: ``max_steps``, ``copy`` and rule options.

    Raises:
        ValueError: an unknown game, option, bot or seat, or a bad ``num_envs``.
    """
    # imported here, not at the top: regalia.rl itself must not need NumPy (regalia.rl.llm does not)
    from regalia.rl.vector import VectorEnv

    return VectorEnv(game_name, num_envs, players=players, opponents=opponents, **options)


__all__ = ["AdapterInfo", "adapter_info", "register_adapter_info", "vector_env"]
