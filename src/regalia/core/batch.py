"""A batch of games stepped together, their observations and masks written into flat buffers.

:class:`BatchRunner` is the compiled loop under ``regalia.rl.vector_env`` (``docs/rl.md``, "The
batch env"): ``num_envs`` states of one game, player count and config; one call of :meth:`step`
applies one action in each, lets the seats played by fixed policies (bots) move, pays the rewards,
deals a new game in place of every finished one, and writes for every game the observation tensor
of the seat to act and its legal-action mask. Everything lives in ``librt.vecs`` buffers that
``regalia.rl`` reads as NumPy arrays without a copy; nothing here imports NumPy.

Reproducibility: :meth:`reset` seeds one generator; every game dealt, at the reset or later in
place of a finished one, takes its seed from it in turn (game ``i`` first, then in the order
games finish, lowest index first within a step), so a seed and the same actions give the same
games.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Final

from librt.vecs import vec
from mypy_extensions import i64

from regalia.core.game import Game
from regalia.core.observation import ObservationWriter, byte_buffer, clear, float_buffer, write_legal_mask
from regalia.core.state import State

Policy = Callable[[State, int], Any]
"""A fixed player: ``policy(state, seat)`` returns the action of ``seat`` (to act in ``state``)."""

SEED_BITS: Final = 63


class BatchRunner:
    """``num_envs`` games of one game, player count and config, stepped together.

    Args:
        game: the game.
        players: seats per game.
        config: the rule options.
        num_envs: the number of games.
        writer: the observation writer (``Game.observation_writer``, or one that encodes views).
        max_steps: a game is cut (truncated) after this many actions, its seats' and its bots'.
        policies: per seat, ``None`` for a seat whose actions :meth:`step` receives, or a fixed
            :data:`Policy` that plays it inside :meth:`step` (at least one seat must be ``None``).

    Buffers (``vec``; shapes as the NumPy views of ``regalia.rl``):
        obs: ``(num_envs, size)`` doubles — the observation of the seat to act in each game;
        mask: ``(num_envs, num_actions)`` bytes — 1 where the action id is legal;
        rewards: ``(num_envs, players)`` doubles — the change of every seat's ``returns()``;
        current: ``(num_envs,)`` — the seat to act (in the new game after one finished);
        terminated, truncated: ``(num_envs,)`` bytes — whether the step finished a game, by its
        end or by ``max_steps``.

    Raises:
        ValueError: no seat is left to the caller; ``num_envs`` or ``max_steps`` below 1.
    """

    def __init__(
        self,
        game: Game,
        players: int,
        config: Any,
        num_envs: int,
        writer: ObservationWriter,
        max_steps: int,
        policies: list[Policy | None],
    ) -> None:
        if num_envs < 1:
            raise ValueError(f"num_envs: must be at least 1, not {num_envs}")
        if max_steps < 1:
            raise ValueError(f"max_steps: must be at least 1, not {max_steps}")
        if len(policies) != players:
            raise ValueError(f"policies: one per seat ({players}), not {len(policies)}")
        if all(p is not None for p in policies):
            raise ValueError("policies: every seat is played by a fixed policy; leave at least one to the caller")
        self.game = game
        self.players = players
        self.config = config
        self.num_envs = num_envs
        self.writer = writer
        self.size = writer.size
        self.num_actions = game.num_actions(players, config)
        self.max_steps = max_steps
        self.policies = policies
        self.obs = float_buffer(num_envs * self.size)
        self.mask = byte_buffer(num_envs * self.num_actions)
        self.rewards = float_buffer(num_envs * players)
        self.current = vec[i64]([0] * num_envs)
        self.terminated = byte_buffer(num_envs)
        self.truncated = byte_buffer(num_envs)
        self.states: list[State] = []
        self.legal: list[list[int]] = [[] for _ in range(num_envs)]
        self.paid: list[list[float]] = [[0.0] * players for _ in range(num_envs)]
        self.steps: list[int] = [0] * num_envs
        self.rng = random.Random(0)
        self.episodes = 0
        """Games finished since the last reset."""

    def _start(self, i: int) -> State:
        """Deal game ``i`` and let the fixed policies make the moves before a caller's seat is to
        act; a deal that ends (or is cut) before that is dealt again."""
        while True:
            state = self.game.new_initial_state(self.players, self.rng.getrandbits(SEED_BITS), None, self.config)
            paid = self.paid[i]
            for s in range(self.players):
                paid[s] = 0.0
            self.steps[i] = 0
            self._play_fixed(i, state)
            if not state.is_terminal and self.steps[i] < self.max_steps:
                return state

    def _play_fixed(self, i: int, state: State) -> None:
        """Let the fixed policies move until a caller's seat is to act (or the game ends)."""
        policies = self.policies
        while not state.is_terminal and self.steps[i] < self.max_steps:
            seat = state.current_player
            assert seat is not None
            policy = policies[seat]
            if policy is None:
                return
            state.apply(policy(state, seat))
            self.steps[i] += 1

    def _observe(self, i: int) -> None:
        """Write game ``i``'s observation (the seat to act) and mask."""
        state = self.states[i]
        seat = state.current_player
        assert seat is not None  # a game finished is replaced by a new one (``_start``)
        size = self.size
        base: i64 = i * size
        clear(self.obs, base, size)
        self.current[i] = seat
        self.writer.write(state, seat, self.obs, base)
        self.legal[i] = write_legal_mask(state, self.mask, i * self.num_actions, self.legal[i])

    def reset(self, seed: int) -> None:
        """Deal ``num_envs`` new games from ``seed`` (see the module docs) and write their first
        observations; rewards and flags are zeroed."""
        self.rng = random.Random(seed)
        self.episodes = 0
        self.states = []
        for i in range(self.num_envs):
            self.states.append(self._start(i))
            self.terminated[i] = 0
            self.truncated[i] = 0
            self._observe(i)
        players = self.players
        for k in range(self.num_envs * players):
            self.rewards[k] = 0.0

    def check(self, actions: list[int]) -> None:
        """Raise ``ValueError`` naming the first action that is not legal in its game (nothing
        is applied then)."""
        if len(actions) != self.num_envs:
            raise ValueError(f"actions: expected {self.num_envs} action ids (one per game), got {len(actions)}")
        if not self.states:
            raise ValueError("actions: call reset() before step()")
        na = self.num_actions
        for i in range(self.num_envs):
            a = actions[i]
            if not 0 <= a < na or not self.mask[i * na + a]:
                raise ValueError(
                    f"actions[{i}]: action id {a} is not legal in game {i} "
                    f"(seat {self.current[i]} has {len(self.legal[i])} legal action ids; use action_mask)"
                )

    def step(self, actions: list[int]) -> None:
        """Apply ``actions[i]`` in game ``i`` for every game, then as described in the class docs.

        The rewards of a step are, per seat, the change of ``returns()`` in the game the action
        was applied to (its final returns, less what earlier steps paid, when the step ends it);
        a new game dealt in place of a finished one pays its opening returns, and those of its
        fixed policies' first moves, with its first step.

        Raises:
            ValueError: an action is not legal (see :meth:`check`); no game is changed then.
        """
        self.check(actions)
        players = self.players
        for i in range(self.num_envs):
            state = self.states[i]
            a = actions[i]
            legal = state._legal
            if legal is not None:
                state.apply(legal[self.legal[i].index(a)])
            else:
                state.apply(a)
            self.steps[i] += 1
            self._play_fixed(i, state)
            returns = state.returns()
            paid = self.paid[i]
            base = i * players
            for s in range(players):
                r = returns[s]
                self.rewards[base + s] = r - paid[s]
                paid[s] = r
            done = state.is_terminal
            cut = not done and self.steps[i] >= self.max_steps
            self.terminated[i] = 1 if done else 0
            self.truncated[i] = 1 if cut else 0
            if done or cut:
                self.episodes += 1
                self.states[i] = self._start(i)
            self._observe(i)


__all__ = ["BatchRunner", "Policy"]
