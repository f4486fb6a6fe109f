"""``ismcts`` budgets: a time budget is used whatever a rollout costs; rollout budgets are unchanged.

Nothing here is timed: the bot's clock is a fake one that the rollouts themselves advance.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable

import pytest

import regalia
from regalia.bots import InfoSet, ISMCTSBot
from regalia.core.bot import Bot
from regalia.core.state import State


class FakeClock:
    """A clock that moves only when told to (seconds)."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class PricedBot(ISMCTSBot):
    """An ``ISMCTSBot`` whose rollout number ``i`` (0, 1, ...) of each decision advances the fake
    clock by ``cost(i)`` seconds."""

    def __init__(self, level: str, clock: FakeClock, cost: Callable[[int], float]) -> None:
        super().__init__(level, clock=clock)
        self.fake = clock
        self.cost = cost
        self.made = 0

    def choose(self, infoset: InfoSet) -> object:
        self.made = 0
        return super().choose(infoset)

    def _rollout(self, state: State, rng: random.Random, me: int, policy: Bot, stage: int | None) -> float:
        self.fake.now += self.cost(self.made)
        self.made += 1
        return super()._rollout(state, rng, me, policy, stage)


def _decisions(toy: str, count: int) -> list[tuple[State, int]]:
    """``count`` positions of the toy game with at least three legal actions (two halving rounds)."""
    out = []
    for seed in range(50):
        state = regalia.make(toy, players=3, seed=seed)
        seat = state.current_player
        assert seat is not None
        if len(state.legal_actions()) >= 3:
            out.append((state, seat))
        if len(out) == count:
            return out
    raise AssertionError("not enough positions")


def test_time_budget_is_used_when_the_first_world_is_the_dearest(toy: str) -> None:
    """The old bot fixed its rollout count from the first world's cost: a first world ten times
    dearer than the rest (cold caches, a long first rollout) stopped it near half its budget."""
    for state, seat in _decisions(toy, 5):
        k = len(state.legal_actions())
        clock = FakeClock()
        bot = PricedBot("1.0s", clock, lambda i, k=k: 0.05 if i < k else 0.005)
        start = clock.now
        action = bot.choose(InfoSet(state, seat, random.Random(1)))
        assert action in state.legal_actions()
        spent = clock.now - start
        assert bot.last_seconds == pytest.approx(spent)
        world = 0.005 * k
        assert 1.0 - world / 2 <= spent <= 1.0 + world, spent
        assert bot.last_iterations == bot.made > 2 * k + (1.0 - 0.05 * k) / 0.005 * 0.9


def test_time_budget_is_used_at_a_steady_cost_and_not_overrun_when_rollouts_get_dearer(toy: str) -> None:
    for cost in (lambda i: 0.002, lambda i: 0.001 if i < 60 else 0.01):
        for state, seat in _decisions(toy, 3):
            k = len(state.legal_actions())
            clock = FakeClock()
            bot = PricedBot("0.5s", clock, cost)
            bot.choose(InfoSet(state, seat, random.Random(2)))
            assert bot.last_seconds is not None
            assert 0.9 * 0.5 <= bot.last_seconds <= 0.5 + 0.01 * k  # within one world of the budget


def test_time_budget_smaller_than_one_world_plays_one_world(toy: str) -> None:
    state, seat = _decisions(toy, 1)[0]
    clock = FakeClock()
    bot = PricedBot("0.01s", clock, lambda i: 1.0)
    action = bot.choose(InfoSet(state, seat, random.Random(3)))
    assert action in state.legal_actions()
    assert bot.last_iterations == len(state.legal_actions())  # every candidate once, then stop


def test_a_forced_move_spends_nothing() -> None:
    state = regalia.make("kings-blood", players=4, seed=0)
    rng = random.Random(0)
    while len(state.legal_actions()) != 1:
        state.apply(rng.choice(state.legal_actions()))
    seat = state.current_player
    assert seat is not None
    clock = FakeClock()
    bot = PricedBot("1.0s", clock, lambda i: 1.0)
    assert bot.choose(InfoSet(state, seat, random.Random(0))) == state.legal_actions()[0]
    assert bot.last_seconds == 0.0 and bot.last_iterations == 0


def _no_clock() -> float:
    raise AssertionError("a rollout budget read the clock")


def test_rollout_budgets_never_read_the_clock_and_choose_as_before(toy: str) -> None:
    """The levels are rollout counts: their choices are exactly those of the bot before the time
    budget was reworked (the digest was taken from that bot on the same positions, at ``easy``'s
    budget then: 120 rollouts, named ``easy`` in the digested lines)."""
    lines = []
    for label, level in (("easy", "120"), ("37", "37")):
        for seed in range(3):
            state = regalia.make(toy, players=3, seed=seed)
            bot = ISMCTSBot(level, clock=_no_clock)
            rng = random.Random(seed)
            while not state.is_terminal:
                seat = state.current_player
                assert seat is not None
                action = bot.choose(InfoSet(state, seat, rng))
                assert bot.last_seconds is None
                lines.append(f"{label} {seed} {action} {bot.last_iterations} {bot.last_estimate!r}")
                state.apply(action)
    digest = hashlib.sha256("\n".join(lines).encode()).hexdigest()
    assert len(lines) == 54
    assert digest == "b1ca5335abf4e8bcfd99a045e5a07cb7294d652eb265f2859c2eabdfaaf2efc7"
