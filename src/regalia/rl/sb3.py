"""Stable-Baselines3 over the batch env: one learner seat as an SB3 ``VecEnv`` with action masks.

::

    from sb3_contrib import MaskablePPO
    from regalia.rl.sb3 import MaskableVecEnv
    from regalia.rl.vector import VectorEnv

    env = MaskableVecEnv(VectorEnv("kings-blood", 16, players=2, opponents={1: "heuristic"}), seed=0)
    model = MaskablePPO("MlpPolicy", env, n_steps=128).learn(100_000)

:class:`MaskableVecEnv` wraps a :class:`~regalia.rl.vector.VectorEnv` whose other seats are played
by fixed bots (``opponents``), so exactly one seat is left to the learner: observations are that
seat's tensors, rewards its column of ``rewards``, ``dones`` the games ended or cut, and
``action_masks()`` (what sb3-contrib's ``MaskablePPO`` reads) the batch env's masks. The batch
env resets finished games in the same step, as SB3's ``VecEnv`` does; a game cut at
``max_steps`` is marked ``TimeLimit.truncated`` (its last observation is not kept, so SB3 does not
bootstrap it). Needs ``pip install -e ".[learn]"`` (sb3-contrib and PyTorch; ``docs/rl.md``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from stable_baselines3.common.vec_env import VecEnv  # type: ignore[import-untyped, import-not-found, unused-ignore]

from regalia.rl.vector import VectorEnv


class MaskableVecEnv(VecEnv):  # type: ignore[misc, unused-ignore]
    """A batch env with one learner seat as an SB3 ``VecEnv`` (see the module docs).

    Args:
        env: the batch env; all its seats but one played by ``opponents``.
        seed: the seed of the first reset (later resets draw theirs from it).

    Raises:
        ValueError: the batch env leaves more or fewer than one seat to the learner.
    """

    def __init__(self, env: VectorEnv, seed: int | None = None) -> None:
        if len(env.learner_seats) != 1:
            raise ValueError(
                f"env: exactly one seat must be left to the learner (give the others to opponents), "
                f"not {env.learner_seats}"
            )
        self.env = env
        self.seat = env.learner_seats[0]
        low, high = env.encoder.bounds()
        super().__init__(
            env.num_envs,
            spaces.Box(low, high, (env.observation_size,), np.float32),
            spaces.Discrete(env.num_actions),
        )
        self._seed = seed
        self._out: dict[str, Any] | None = None
        self._actions: npt.NDArray[np.int64] | None = None
        self._returns = np.zeros(env.num_envs, np.float64)
        self._lengths = np.zeros(env.num_envs, np.int64)

    def reset(self) -> npt.NDArray[np.float32]:
        out = self.env.reset(seed=self._seed)
        self._seed = None
        self._out = out
        self._returns[:] = 0.0
        self._lengths[:] = 0
        obs: npt.NDArray[np.float32] = out["observation"]
        return obs

    def step_async(self, actions: npt.NDArray[Any]) -> None:
        self._actions = np.asarray(actions, np.int64)

    def step_wait(
        self,
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32], npt.NDArray[np.bool_], list[dict[str, Any]]]:
        assert self._actions is not None, "step_async first"
        out = self.env.step(self._actions)
        self._out = out
        rewards = out["rewards"][:, self.seat].astype(np.float32)
        dones = out["terminated"] | out["truncated"]
        self._returns += rewards
        self._lengths += 1
        infos: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        for i in np.flatnonzero(dones).tolist():
            infos[i]["episode"] = {"r": float(self._returns[i]), "l": int(self._lengths[i])}
            infos[i]["TimeLimit.truncated"] = bool(out["truncated"][i])
            self._returns[i] = 0.0
            self._lengths[i] = 0
        return out["observation"], rewards, dones, infos

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal-action masks of the learner's decisions now, ``(num_envs, num_actions)``."""
        assert self._out is not None, "reset first"
        mask: npt.NDArray[np.bool_] = self._out["action_mask"]
        return mask

    def seed(self, seed: int | None = None) -> Sequence[int | None]:
        """Seed the next :meth:`reset`."""
        self._seed = seed
        return [seed] * self.num_envs

    def close(self) -> None:
        pass

    def _indices(self, indices: Any) -> list[int]:
        if indices is None:
            return list(range(self.num_envs))
        if isinstance(indices, int):
            return [indices]
        return list(indices)

    def get_attr(self, attr_name: str, indices: Any = None) -> list[Any]:
        if attr_name == "render_mode":
            return [None for _ in self._indices(indices)]
        raise AttributeError(f"MaskableVecEnv has no per-game attribute {attr_name!r}")

    def set_attr(self, attr_name: str, value: Any, indices: Any = None) -> None:
        raise AttributeError(f"MaskableVecEnv: {attr_name!r} cannot be set per game")

    def has_attr(self, attr_name: str) -> bool:
        return attr_name == "action_masks"

    def env_method(self, method_name: str, *method_args: Any, indices: Any = None, **method_kwargs: Any) -> list[Any]:
        if method_name == "action_masks":
            masks = self.action_masks()
            return [masks[i] for i in self._indices(indices)]
        raise AttributeError(f"MaskableVecEnv has no per-game method {method_name!r}")

    def env_is_wrapped(self, wrapper_class: type, indices: int | Iterable[int] | None = None) -> list[bool]:
        return [False for _ in self._indices(indices)]


__all__ = ["MaskableVecEnv"]
