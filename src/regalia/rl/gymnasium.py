"""Gymnasium adapter: any 1-player regalia game (King's Family) as a single-agent environment.

::

    import gymnasium as gym
    import regalia.rl.gymnasium  # registers regalia/KingsFamily-v0

    env = gym.make("regalia/KingsFamily-v0")
    obs, info = env.reset(seed=0)
    action = env.action_space.sample(info["action_mask"])
    obs, reward, terminated, truncated, info = env.step(action)

:class:`SinglePlayerEnv` works for every game that can be played alone
(``SinglePlayerEnv("kings-family", **options)``):

* observation: the game's encoder over ``view(0)`` — ``Box(low, high, (size,), float32)``;
* action: ``Discrete(num_actions)`` integer ids; ``info["action_mask"]`` is the ``int8`` legal
  mask (all zero at the end) and ``info["legal_actions"]`` the same ids as a list;
* reward: the change of ``state.returns()[0]`` (for King's Family, its score) caused by the step,
  counted from 0 before the first step — so the first step's reward also carries what the deal
  scores before any move (King's Family's founder point, KF-9), and the rewards of an episode add
  up to its final score;
* terminated: the game is over; truncated: ``max_steps`` actions were taken (default
  :func:`regalia.rl.common.adapter_info` ``.max_game_length``);
* an illegal action id leaves the state unchanged and, with ``illegal_action="penalize"`` (the
  default, so that unmasked random agents can run), gives ``illegal_reward`` and
  ``info["illegal_action"]`` (the reason); with ``illegal_action="raise"`` it raises
  :class:`~regalia.core.IllegalActionError`.

``regalia/KingsFamily-v0`` is registered on import; registering does not need the
``kings-family`` game — ``gym.make`` fails with a ``ValueError`` naming it if it is missing.
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

import regalia.rl.encoders  # noqa: F401  (registers the games' own encoders)
from regalia.core.errors import IllegalActionError
from regalia.core.registry import get_game
from regalia.core.state import State
from regalia.rl.common import adapter_info
from regalia.rl.observe import Observer

KINGS_FAMILY_ID = "regalia/KingsFamily-v0"


class SinglePlayerEnv(gym.Env[npt.NDArray[np.float32], np.int64]):
    """A 1-player regalia game as a Gymnasium environment (see the module docs).

    Args:
        game_name: a registered game that can be played by one player.
        render_mode: ``None`` or ``"ansi"`` (``render()`` returns ``Game.render_text`` of the view).
        max_steps: truncate after this many steps.
        illegal_action: ``"penalize"`` or ``"raise"``.
        illegal_reward: the reward of an illegal action when penalized.
        **options: rule options.

    Raises:
        ValueError: an unknown game or option, a game that cannot be played alone, a bad
            ``render_mode`` or ``illegal_action``.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        game_name: str,
        render_mode: str | None = None,
        max_steps: int | None = None,
        illegal_action: str = "penalize",
        illegal_reward: float = -1.0,
        **options: Any,
    ) -> None:
        game = get_game(game_name)
        if not game.min_players <= 1 <= game.max_players:
            raise ValueError(f"game: {game.title} cannot be played by one player")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode: {render_mode!r} is not one of {self.metadata['render_modes']}")
        if illegal_action not in ("penalize", "raise"):
            raise ValueError(f"illegal_action: {illegal_action!r} is not 'penalize' or 'raise'")
        self.game = game
        self.game_name = game_name
        self.config = game.make_config(**options)
        self.render_mode = render_mode
        self.max_steps = adapter_info(game_name).max_game_length if max_steps is None else max_steps
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.observer = Observer(game_name, 1, self.config)
        self.encoder = self.observer.encoder
        self.num_actions = self.observer.num_actions
        low, high = self.encoder.bounds()
        self.observation_space = spaces.Box(low, high, (self.encoder.size,), np.float32)
        self.action_space = spaces.Discrete(self.num_actions)
        self.state: State | None = None
        self.steps = 0
        self._score = 0.0
        self._legal_ids: list[int] = []  # the legal ids now, in legal_actions() order

    def _state(self) -> State:
        if self.state is None:
            raise RuntimeError("call reset() before step()")
        return self.state

    def _obs(self) -> npt.NDArray[np.float32]:
        return self.observer.observation(self._state(), 0)

    def _info(self, info: dict[str, Any]) -> dict[str, Any]:
        """``info`` with ``action_mask`` (``int8``) and ``legal_actions`` (the same ids as a list;
        both empty at the end)."""
        state = self._state()
        if not state.is_terminal and self.steps < self.max_steps:
            info["action_mask"] = self.observer.mask(state)
            self._legal_ids = self.observer.legal_ids
        else:
            info["action_mask"] = self.observer.empty_mask()
            self._legal_ids = []
        info["legal_actions"] = list(self._legal_ids)
        return info

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Deal a new game (its regalia seed drawn from the env's ``np_random``). Gymnasium's
        ``reset`` pays no reward: the score the deal starts with is paid by the first step."""
        super().reset(seed=seed)
        regalia_seed = int(self.np_random.integers(0, 2**63 - 1))
        self.state = self.game.new_initial_state(1, regalia_seed, None, self.config)
        self.steps = 0
        self._score = 0.0  # the score already paid in rewards
        return self._obs(), self._info({})

    def step(self, action: Any) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        """Apply an action id; returns ``(observation, reward, terminated, truncated, info)``.

        Raises:
            IllegalActionError: an illegal action with ``illegal_action="raise"``.
        """
        state = self._state()
        self.steps += 1
        info: dict[str, Any] = {}
        try:
            a = int(action)
            ids = self._legal_ids
            state.apply(state.legal_actions()[ids.index(a)] if a in ids else a)
        except IllegalActionError as exc:
            if self.illegal_action == "raise":
                self.steps -= 1
                raise
            reward = self.illegal_reward
            info["illegal_action"] = str(exc)
        else:
            score = float(state.returns()[0])
            reward = score - self._score
            self._score = score
        terminated = state.is_terminal
        truncated = not terminated and self.steps >= self.max_steps
        return self._obs(), reward, terminated, truncated, self._info(info)

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal-action mask now as booleans, ``(num_actions,)`` (all False at the end): what
        sb3-contrib's ``MaskablePPO`` reads from an environment."""
        state = self._state()
        if state.is_terminal or self.steps >= self.max_steps:
            return np.zeros(self.num_actions, np.bool_)
        return self.observer.mask(state).astype(np.bool_)

    def render(self) -> str | None:
        """The player's view drawn with ``Game.render_text`` (``render_mode="ansi"``)."""
        if self.render_mode is None:
            return None
        return self.game.render_text(self._state().view(0))


def register_envs() -> None:
    """Register ``regalia/KingsFamily-v0`` with Gymnasium (once; safe without the game)."""
    if KINGS_FAMILY_ID not in gym.registry:
        gym.register(
            id=KINGS_FAMILY_ID,
            entry_point="regalia.rl.gymnasium:SinglePlayerEnv",
            kwargs={"game_name": "kings-family"},
        )


register_envs()

__all__ = ["KINGS_FAMILY_ID", "SinglePlayerEnv", "register_envs"]
