"""The batch environment: many games of one game stepped together, in the manner of EnvPool and pgx.

::

    import numpy as np
    import regalia.rl

    env = regalia.rl.vector_env("kings-blood", 64, players=4)
    out = env.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(1000):
        actions = env.sample_actions(rng)     # or your policy's choice, from out["observation"] and out["action_mask"]
        out = env.step(actions)

``reset(seed)`` and ``step(actions)`` return a dict of NumPy arrays (``N = num_envs``):

==================  ==============================  =======  ===============================================
key                 shape                           dtype    what
==================  ==============================  =======  ===============================================
``observation``     ``(N, observation_size)``       float32  the tensor of the seat to act (the game's encoder layout)
``action_mask``     ``(N, num_actions)``            bool     True where the action id is legal for that seat
``current_player``  ``(N,)``                        int64    the seat to act
``rewards``         ``(N, players)``                float32  each seat's change of ``returns()`` caused by the step
``terminated``      ``(N,)``                        bool     the step ended the game (its rules)
``truncated``       ``(N,)``                        bool     the step cut the game at ``max_steps`` actions
==================  ==============================  =======  ===============================================

**Auto-reset (same step).** A game that a step finishes is replaced at once by a new one: that
step returns ``terminated`` (or ``truncated``) True and the finished game's last ``rewards``, with
the ``observation``, ``action_mask`` and ``current_player`` of the *new* game's first decision (as
pgx's ``auto_reset`` and Gymnasium's ``SAME_STEP`` mode; the finished game's last observation is
not returned: after the end nothing is left to decide). A new game pays what its deal scores
before any move (King's Family's founder point) with its first step.

**Opponents.** ``opponents={seat: bot}`` plays those seats with fixed bots (a name of
``regalia bots``, a :class:`~regalia.bots.Bot`, or ``policy(state, seat) -> action``) inside
``step``: ``current_player`` is then always one of the other seats. Each bot seat has its own
generator, seeded from the reset seed.

**Seeds.** ``reset(seed)`` makes the deals (and the bots' choices) reproducible: the same seed and
actions give the same games. ``reset()`` without a seed draws one from the env's previous seed.

The loop over the games — actions, the bots' turns, rewards, auto-reset, writing observations
and masks — is :class:`regalia.core.batch.BatchRunner`, compiled with the rules; observations are
written by the game's observation writer (``regalia.rl.observe``).
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from regalia.bots import Bot, InfoSet, make_bot
from regalia.core.batch import BatchRunner
from regalia.core.registry import get_game
from regalia.core.state import State
from regalia.rl.common import adapter_info
from regalia.rl.observe import Observer

Opponent = str | Bot | Callable[[State, int], Any]


class _BotPolicy:
    """A bot as a policy of the runner: ``policy(state, seat)`` → the bot's action."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.rng = random.Random(0)

    def __call__(self, state: State, seat: int) -> Any:
        return self.bot.choose(InfoSet(state, seat, self.rng))


class VectorEnv:
    """``num_envs`` games of ``game_name`` stepped together (see the module docs).

    Args:
        game_name: a registered game.
        num_envs: the number of games (at least 1).
        players: seats per game (default: the game's default).
        opponents: seats played by fixed bots: ``{seat: bot}`` (a bot name such as
            ``"heuristic"`` or ``"random"``, a :class:`~regalia.bots.Bot`, or a callable
            ``policy(state, seat) -> action``).
        max_steps: cut a game after this many actions (default: the game's adapter info).
        copy: return fresh arrays (default); with ``False`` the arrays are read-only views of the
            env's buffers, overwritten by the next ``step`` (faster; copy what you keep).
        **options: rule options.

    Attributes:
        num_envs, players, num_actions, observation_size: the shapes.
        encoder: the observation layout (``encoder.layout_text()``).
        fast: whether the game's own observation writer is used (else views are encoded).
        learner_seats: the seats whose actions ``step`` takes.

    Raises:
        ValueError: an unknown game, option, bot or seat; a bad ``num_envs`` or ``max_steps``;
            every seat given to opponents.
    """

    def __init__(
        self,
        game_name: str,
        num_envs: int,
        players: int | None = None,
        opponents: Mapping[int, Opponent] | None = None,
        max_steps: int | None = None,
        copy: bool = True,
        **options: Any,
    ) -> None:
        game = get_game(game_name)
        self.game = game
        self.game_name = game_name
        self.players = game.verify_players(game.default_players if players is None else players)
        self.config = game.make_config(**options)
        if not isinstance(num_envs, int) or isinstance(num_envs, bool) or num_envs < 1:
            raise ValueError(f"num_envs: expected a whole number of games, at least 1, not {num_envs!r}")
        self.num_envs = num_envs
        self.max_steps = adapter_info(game_name).max_game_length if max_steps is None else int(max_steps)
        self.copy = bool(copy)
        self.observer = Observer(game_name, self.players, self.config)
        self.encoder = self.observer.encoder
        self.fast = self.observer.fast
        self.num_actions = self.observer.num_actions
        self.observation_size = self.observer.size
        policies: list[Any] = [None] * self.players
        self._bot_policies: list[tuple[int, _BotPolicy]] = []
        for seat, who in (opponents or {}).items():
            if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
                raise ValueError(f"opponents: {seat!r} is not a seat of this {self.players}-player game")
            policies[seat] = self._policy(who)
        self.learner_seats = [s for s in range(self.players) if policies[s] is None]
        self.runner = BatchRunner(
            game, self.players, self.config, num_envs, self.observer.writer, self.max_steps, policies
        )
        r = self.runner
        n = num_envs
        self._obs = np.frombuffer(memoryview(r.obs), np.float64).reshape(n, self.observation_size)
        self._mask = np.frombuffer(memoryview(r.mask), np.bool_).reshape(n, self.num_actions)
        self._rewards = np.frombuffer(memoryview(r.rewards), np.float64).reshape(n, self.players)
        self._current = np.frombuffer(memoryview(r.current), np.int64)
        self._terminated = np.frombuffer(memoryview(r.terminated), np.bool_)
        self._truncated = np.frombuffer(memoryview(r.truncated), np.bool_)
        self._seed: random.Random | None = None

    def _policy(self, who: Opponent) -> Callable[[State, int], Any]:
        if isinstance(who, str):
            policy = _BotPolicy(make_bot(who, self.game_name))
        elif isinstance(who, Bot):
            policy = _BotPolicy(who)
        elif callable(who):
            return who
        else:
            raise ValueError(f"opponents: {who!r} is not a bot name, a Bot or a policy(state, seat)")
        self._bot_policies.append((len(self._bot_policies), policy))
        return policy

    def _out(self) -> dict[str, Any]:
        obs = self._obs.astype(np.float32)
        rewards = self._rewards.astype(np.float32)
        if self.copy:
            return {
                "observation": obs,
                "action_mask": self._mask.copy(),
                "current_player": self._current.copy(),
                "rewards": rewards,
                "terminated": self._terminated.copy(),
                "truncated": self._truncated.copy(),
            }
        return {
            "observation": obs,
            "action_mask": self._mask,
            "current_player": self._current,
            "rewards": rewards,
            "terminated": self._terminated,
            "truncated": self._truncated,
        }

    def reset(self, seed: int | None = None) -> dict[str, Any]:
        """Deal ``num_envs`` new games; returns the dict (rewards 0, no game finished).

        ``seed`` makes the deals and the bots reproducible; without it a seed is drawn from the
        previous one (or from the system on the first reset)."""
        if seed is None:
            if self._seed is None:
                self._seed = random.Random(secrets.randbits(64))
            seed = self._seed.getrandbits(63)
        else:
            self._seed = random.Random(seed)
        for k, policy in self._bot_policies:
            policy.rng = random.Random(f"{seed}/bot/{k}")
        self.runner.reset(int(seed))
        return self._out()

    def step(self, actions: Any) -> dict[str, Any]:
        """Apply ``actions[i]`` (an action id; any integer array-like of shape ``(num_envs,)``)
        in game ``i``; returns the dict (see the module docs).

        Raises:
            ValueError: the shape is wrong, an id is not an integer, or an action is not legal in
                its game (the message names it); no game is changed then.
        """
        arr = np.asarray(actions)
        if arr.shape != (self.num_envs,):
            raise ValueError(f"actions: expected shape ({self.num_envs},), got {arr.shape}")
        if arr.dtype.kind not in "iu":
            if arr.dtype.kind == "f" and np.all(np.floor(arr) == arr):
                arr = arr.astype(np.int64)
            else:
                raise ValueError(f"actions: expected integer action ids, got dtype {arr.dtype}")
        self.runner.step(arr.tolist())
        return self._out()

    @property
    def episodes(self) -> int:
        """Games finished (ended or cut) since the last reset."""
        return self.runner.episodes

    def sample_actions(self, rng: np.random.Generator) -> npt.NDArray[np.int64]:
        """A uniformly random legal action id per game now (``(num_envs,)``), for random agents
        and tests: the same as drawing from each row of ``action_mask``, without reading the
        whole mask."""
        u = rng.random(self.num_envs).tolist()
        return np.array([ids[int(x * len(ids))] for ids, x in zip(self.runner.legal, u, strict=True)], np.int64)

    def states(self) -> list[State]:
        """Copies (``clone()``) of the games now under way, for inspection."""
        return [s.clone() for s in self.runner.states]


def vector_env(
    game_name: str,
    num_envs: int,
    players: int | None = None,
    opponents: Mapping[int, Opponent] | None = None,
    **options: Any,
) -> VectorEnv:
    """The batch environment of ``game_name``: ``num_envs`` games (see :class:`VectorEnv`)."""
    return VectorEnv(game_name, num_envs, players=players, opponents=opponents, **options)


__all__ = ["VectorEnv", "vector_env"]
