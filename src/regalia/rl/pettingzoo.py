"""PettingZoo adapter: a regalia game as an AEC (agent-environment-cycle) environment.

::

    from regalia.rl import pettingzoo as rz
    env = rz.env("kingship", players=5, laws="pro")
    env.reset(seed=42)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        action = None if termination or truncation else env.action_space(agent).sample(obs["action_mask"])
        env.step(action)

Agents are ``"player_0" ... "player_{n-1}"`` (seat ``i`` is ``player_i``); the agent to act is
the seat whose decision is due (out-of-turn responses included). Observations are dicts:

* ``"observation"``: the game's encoder (:mod:`regalia.rl.encoding`) over ``view(seat)`` —
  ``Box(low, high, (size,), float32)`` with the encoder's bounds;
* ``"action_mask"``: ``Box(0, 1, (num_actions,), int8)``, 1 where the action id is legal now
  (all zero for an agent that is not to act, and at the end).

``infos[agent]["legal_actions"]`` lists the same legal ids (empty when the agent is not to act),
so an agent need not scan a mask of tens of thousands of ids to pick one. Observations are written
by the game's observation writer straight from the state (:mod:`regalia.rl.observe`).

Actions are ``Discrete(num_actions)`` integer ids; an illegal id raises
:class:`~regalia.core.IllegalActionError` (use the mask). Rewards are the change of each seat's
``state.returns()`` caused by a step, counted from 0 before the first step (so the first step also
pays what the deal scores before any move), and a game's rewards add up to its final returns; for
the win/lose games they are the final returns, on the last step.
Termination is the end of the game; truncation happens after ``max_steps`` actions (default
:func:`regalia.rl.common.adapter_info` ``.max_game_length``). ``reset(seed=s)`` deals the game
with a regalia seed drawn from ``random.Random(s)``; ``render_mode="ansi"`` renders the spectator
view with ``Game.render_text``.
"""

from __future__ import annotations

import random
import secrets
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped, import-not-found, unused-ignore]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped, import-not-found, unused-ignore]

import regalia.rl.encoders  # noqa: F401  (registers the games' own encoders)
from regalia.core.registry import get_game
from regalia.core.state import State
from regalia.rl.common import adapter_info, agent_name
from regalia.rl.observe import Observer


class RegaliaAECEnv(AECEnv):  # type: ignore[misc]
    """The AEC environment of one regalia game (see the module docs).

    Args:
        game_name: a registered game.
        players: seats (default: the game's default).
        render_mode: ``None`` or ``"ansi"``.
        max_steps: truncate after this many actions (default: the game's adapter info).
        **options: rule options.

    Raises:
        ValueError: an unknown game, option or player count; an unknown render mode.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "name": "regalia_v0", "is_parallelizable": False}  # noqa: RUF012

    def __init__(
        self,
        game_name: str,
        players: int | None = None,
        render_mode: str | None = None,
        max_steps: int | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        game = get_game(game_name)
        self.game = game
        self.game_name = game_name
        self.num_players = game.verify_players(game.default_players if players is None else players)
        self.options = dict(options)
        self.config = game.make_config(**options)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode: {render_mode!r} is not one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        info = adapter_info(game_name)
        self.max_steps = info.max_game_length if max_steps is None else max_steps
        self._terminal_rewards = info.terminal_rewards
        self.metadata = {**self.metadata, "name": f"regalia_{game_name.replace('-', '_')}_v0"}
        self.observer = Observer(game_name, self.num_players, self.config)
        self.encoder = self.observer.encoder
        self.num_actions = self.observer.num_actions
        self.possible_agents = [agent_name(i) for i in range(self.num_players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        low, high = self.encoder.bounds()
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(low, high, (self.encoder.size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (self.num_actions,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(self.num_actions) for a in self.possible_agents}
        self._rng: random.Random | None = None
        self.state: State | None = None
        self.agents: list[str] = []
        self.steps = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def _state(self) -> State:
        if self.state is None:
            raise RuntimeError("call reset() before using the environment")
        return self.state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; ``seed`` makes the deal (and every later reset) reproducible."""
        if seed is not None:
            self._rng = random.Random(seed)
        elif self._rng is None:
            self._rng = random.Random(secrets.randbits(64))
        self.state = self.game.new_initial_state(self.num_players, self._rng.getrandbits(63), None, self.config)
        self.steps = 0
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {"legal_actions": []} for a in self.agents}
        self._returns = [0.0] * self.num_players  # what the rewards have paid so far
        self._skip_agent_selection = None
        seat = self.state.current_player
        self.agent_selection = agent_name(seat if seat is not None else 0)
        self.infos[self.agent_selection] = {"legal_actions": self.state.legal_action_ids()}

    def observe(self, agent: str) -> dict[str, Any]:
        """``{"observation": float32 tensor, "action_mask": int8 mask}`` of ``agent``."""
        state = self._state()
        seat = self._seat[agent]
        observer = self.observer
        mask = observer.empty_mask()
        if not state.is_terminal and state.current_player == seat and self.steps < self.max_steps:
            mask[self.infos[agent]["legal_actions"]] = 1  # the ids step() listed for this decision
        return {"observation": observer.observation(state, seat), "action_mask": mask}

    def step(self, action: Any) -> None:
        """Apply ``action`` (an integer id) for ``agent_selection``; ``None`` for a finished agent.

        Raises:
            IllegalActionError: the action id is not legal now (the state is unchanged).
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._state()
        state.apply(_legal_object(state, self.infos[agent]["legal_actions"], int(action)))
        self.steps += 1
        self.infos[agent] = {"legal_actions": []}
        self._cumulative_rewards[agent] = 0.0
        if self._terminal_rewards and not state.is_terminal:
            # the game's returns stay 0 until its end (AdapterInfo.terminal_rewards): nothing to pay
            for a in self.agents:
                self.rewards[a] = 0.0
        else:
            new = [float(r) for r in state.returns()]
            for a in self.agents:
                s = self._seat[a]
                self.rewards[a] = new[s] - self._returns[s]
            self._returns = new
        if state.is_terminal:
            self.terminations = {a: True for a in self.agents}
        elif self.steps >= self.max_steps:
            self.truncations = {a: True for a in self.agents}
        else:
            seat = state.current_player
            assert seat is not None
            self.agent_selection = self.possible_agents[seat]
            self.infos[self.agent_selection] = {"legal_actions": state.legal_action_ids()}
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The spectator view drawn with ``Game.render_text`` (``render_mode="ansi"``)."""
        if self.render_mode is None:
            return None
        return self.game.render_text(self._state().view(None))

    def close(self) -> None:
        pass


def _legal_object(state: State, ids: list[int], action: int) -> Any:
    """The legal action object whose id is ``action`` (``ids``: the legal ids in
    ``legal_actions()`` order), which ``apply`` takes without decoding the id; the id itself when
    it is not among them (``apply`` then refuses it with the reason)."""
    try:
        i = ids.index(action)
    except ValueError:
        return action
    return state.legal_actions()[i]


def raw_env(game_name: str, players: int | None = None, **kwargs: Any) -> RegaliaAECEnv:
    """The unwrapped :class:`RegaliaAECEnv`."""
    return RegaliaAECEnv(game_name, players=players, **kwargs)


def env(game_name: str, players: int | None = None, **kwargs: Any) -> Any:
    """The AEC environment of ``game_name`` wrapped in PettingZoo's ``OrderEnforcingWrapper``.

    Args:
        game_name: a registered game.
        players: seats (default: the game's default).
        **kwargs: ``render_mode``, ``max_steps`` and rule options.

    Raises:
        ValueError: an unknown game, option or player count.
    """
    return wrappers.OrderEnforcingWrapper(raw_env(game_name, players=players, **kwargs))


__all__ = ["RegaliaAECEnv", "env", "raw_env"]
