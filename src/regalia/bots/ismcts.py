"""Information-set Monte Carlo search with an opponent model (``ismcts``).

The bot decides from its seat's information set only, through the core protocol: it samples
determinizations of the information set (``InfoSet.sample()`` = ``State.determinize``), applies a
candidate action to a ``clone()`` of each sampled world, plays the game out and scores it with
``returns()``. It is the one-ply member of the ISMCTS family (Cowling, Powley & Whitehouse 2012),
made strong against real opponents by three choices:

- **Opponent model.** Every decision after the root — the other seats' and the bot's own later
  ones — is played by a *policy*: the game's ``heuristic`` bot when it has one (each seat's view
  of the sampled world, so the policy sees only what that seat would see), else uniform random.
  Against heuristic opponents this models them exactly; the search then improves on the policy's
  own move (rollout policy improvement, Tesauro & Galperin 1996).
- **Common random numbers.** Every candidate is played out on the *same* sampled worlds with the
  *same* rollout seeds, so the comparison between two candidates measures the candidates, not
  the luck of the draw.
- **Sequential Halving** (Karnin, Koren & Somekh 2013) shares the budget over ``ceil(log2 k)``
  rounds, keeping the better half of the candidates each round, so the promising ones get most of
  the rollouts. The policy's own move always stays in, and the bot leaves it only for a candidate
  that beats it on the common worlds by more than ``z`` standard errors, so sampling noise
  seldom makes the bot leave a good policy move.

Levels are rollout budgets per decision: ``easy`` (120), ``medium`` (240) and ``hard`` (480) times
the game's ``search_scale`` (a game whose rollouts are long or slow declares a smaller scale, so
``hard`` stays under 2 s a move on one core — see ``docs/bots.md`` for the measured times).
``ismcts:300`` sets a budget of 300 rollouts; ``ismcts:1.0s`` a time budget in seconds (not
reproducible: how far it gets depends on the machine). A budget counted in rollouts makes
the bot's choices a pure function of its information set and its random generator.

With a time budget each Sequential Halving round gets an equal share of the time still left,
and a round keeps sampling worlds until its share is used: before each world the bot
re-estimates what one costs (the time spent so far over the rollouts made, times the candidates
still in) and plays it unless it would end more than half its cost past the round's end. So a
decision uses its budget — within half a world, either way — however the cost of a rollout
changes during the search (rollouts grow shorter as the halving drops candidates, the first
world pays for cold caches, a long rollout is followed by short ones).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any, Final

from mypy_extensions import mypyc_attr

from regalia.bots.base import RandomBot
from regalia.core.bot import Bot, Budget, InfoSet
from regalia.core.errors import shown
from regalia.core.registry import get_game
from regalia.core.state import State

LEVELS: dict[str, int] = {"easy": 240, "medium": 480, "hard": 960}
"""Rollouts per decision at each level, before the game's ``search_scale``. Doubled when the
rules were compiled with mypyc (issue #17; they were 120/240/480, where ``docs/bots.md``'s
strength measurements were made): a level takes the time it took before on the compiled build
and spends it on twice the rollouts; the pure build takes about twice as long, which is why the
terminal's default opponent is ``hard`` on the compiled build and ``medium`` on the pure one."""
MAX_ROLLOUTS: Final = 1_000_000
"""The largest rollout budget ``ismcts:N`` takes."""
MAX_SECONDS: Final = 600.0
"""The largest time budget ``ismcts:Ns`` takes (seconds a decision)."""

_UNBOUNDED: Final = 10**9


@mypyc_attr(allow_interpreted_subclasses=True)
class ISMCTSBot(Bot):
    """Information-set Monte Carlo search: determinized, paired rollouts under an opponent model.

    Args:
        level: ``"easy"``, ``"medium"``, ``"hard"``, a rollout budget (``"300"``) or a time
            budget in seconds (``"1.5s"``).
        policy: the bot that plays every decision after the root, in every seat: ``"heuristic"``
            (the game's own; uniform random for a game without one) or ``"random"``.
        z: how many standard errors a candidate must beat the policy's own move by, on the
            common sampled worlds, before the bot plays it instead; ``None`` (the default):
            the game's ``search_z`` (1.0 unless the game declares otherwise).
        rollout_limit: a rollout stops after this many actions and scores every seat ``1/n``
            (a draw) — bounds the time of one rollout in long games.
        clock: the clock a time budget is measured with (seconds, monotonic; default
            ``time.perf_counter``). A budget counted in rollouts never reads it.

    Attributes:
        iterations: the rollout budget per decision (before the game's ``search_scale``), or
            ``None`` with a time budget.
        seconds: the time budget per decision, or ``None``.
        last_iterations: rollouts made for the last decision.
        last_seconds: with a time budget, the time the last decision took by ``clock``
            (0.0 for a forced move); ``None`` with a rollout budget.
        last_estimate: the chosen action's mean return over its rollouts (0..1, the chance of
            winning for win/lose games), or ``None`` for a forced move.

    Raises:
        ValueError: an unknown level or policy.
    """

    name = "ismcts"

    def __init__(
        self,
        level: str = "medium",
        policy: str = "heuristic",
        z: float | None = None,
        rollout_limit: int = 1000,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.iterations: int | None
        self.seconds: float | None
        if level in LEVELS:
            self.iterations, self.seconds = LEVELS[level], None
        elif level.endswith("s") and _is_float(level[:-1]) and 0 < float(level[:-1]) <= MAX_SECONDS:
            self.iterations, self.seconds = None, float(level[:-1])
        elif level.isascii() and level.isdigit() and 0 < int(level) <= MAX_ROLLOUTS:
            self.iterations, self.seconds = int(level), None
        else:
            raise ValueError(
                f"bot: unknown ismcts level {shown(level)!r} (easy, medium, hard, N rollouts from 1 to "
                f"{MAX_ROLLOUTS:,} or Ns seconds up to {MAX_SECONDS:g})"
            )
        if policy not in ("heuristic", "random"):
            raise ValueError(f"bot: unknown ismcts policy {policy!r} (heuristic or random)")
        self.name = f"ismcts:{level}"
        self.policy_name = policy
        self.z = z
        self.rollout_limit = rollout_limit
        self.clock = clock
        self.last_iterations = 0
        self.last_estimate: float | None = None
        self.last_seconds: float | None = None
        self._policies: dict[str, Bot] = {}

    def policy(self, game_name: str) -> Bot:
        """The bot that models every decision after the root (built once per game)."""
        bot = self._policies.get(game_name)
        if bot is None:
            factories = get_game(game_name).bots()
            if self.policy_name == "heuristic" and "heuristic" in factories:
                bot = factories["heuristic"]()
            else:
                bot = RandomBot()
            self._policies[game_name] = bot
        return bot

    def threshold(self, game_name: str) -> float:
        """The ``z`` used for ``game_name``: the bot's own, else the game's ``search_z``."""
        if self.z is not None:
            return self.z
        return get_game(game_name).search_z

    def decision_budget(self) -> Budget:
        """The level's budget: ``iterations`` rollouts (before ``search_scale``), or ``seconds``."""
        return Budget(rollouts=self.iterations, seconds=self.seconds)

    def budget(self, game_name: str) -> int:
        """Rollouts per decision for ``game_name`` (its ``search_scale`` applied); unbounded
        with a time budget."""
        if self.iterations is None:
            return _UNBOUNDED
        scale = get_game(game_name).search_scale
        return max(1, round(self.iterations * scale))

    def choose(self, infoset: InfoSet) -> Any:
        start = self.clock() if self.seconds is not None else 0.0
        legal = infoset.legal_actions
        self.last_iterations = 0
        self.last_estimate = None
        self.last_seconds = None if self.seconds is None else 0.0
        if len(legal) == 1:
            return legal[0]
        policy = self.policy(infoset.game_name)
        default = legal.index(policy.choose(infoset))
        k = len(legal)
        ids = [infoset.action_id(a) for a in legal]
        outcomes: list[list[float]] = [[] for _ in range(k)]
        if self.seconds is None:
            alive, used = self._halve_by_rollouts(infoset, ids, outcomes, policy, default)
        else:
            alive, used = self._halve_by_time(infoset, ids, outcomes, policy, default, start, start + self.seconds)
            self.last_seconds = self.clock() - start
        self.last_iterations = used
        best = max(alive, key=lambda j: (_mean(outcomes[j]), j == default))
        if best != default and not _significantly_better(
            outcomes[best], outcomes[default], self.threshold(infoset.game_name)
        ):
            best = default
        self.last_estimate = _mean(outcomes[best]) if outcomes[best] else None
        return legal[best]

    def _halve_by_rollouts(
        self, infoset: InfoSet, ids: list[int], outcomes: list[list[float]], policy: Bot, default: int
    ) -> tuple[list[int], int]:
        """Sequential Halving with a rollout budget: each round gets an equal share of the
        rollouts still left. Returns the surviving candidates and the rollouts made."""
        budget = self.budget(infoset.game_name)
        alive = list(range(len(ids)))
        used = 0
        rounds = max(1, math.ceil(math.log2(len(ids))))
        for r in range(rounds):
            target = used + (budget - used) // (rounds - r)  # this round's share of what is left
            while used + len(alive) <= target or not outcomes[alive[0]]:
                used += self._play_world(infoset, alive, ids, outcomes, policy)
            if r < rounds - 1 and len(alive) > 2:
                alive = _better_half(alive, outcomes, default)
        return alive, used

    def _halve_by_time(
        self,
        infoset: InfoSet,
        ids: list[int],
        outcomes: list[list[float]],
        policy: Bot,
        default: int,
        start: float,
        deadline: float,
    ) -> tuple[list[int], int]:
        """Sequential Halving with a time budget (``clock`` seconds, from ``start`` to
        ``deadline``): each round gets an equal share of the time still left, and plays worlds
        until the next one, at the cost re-estimated before it, would end more than half its
        cost past the round's end (the first world is always played). Returns the surviving
        candidates and the rollouts made."""
        clock = self.clock
        alive = list(range(len(ids)))
        used = 0
        rounds = max(1, math.ceil(math.log2(len(ids))))
        for r in range(rounds):
            now = clock()
            round_end = now + max(0.0, deadline - now) / (rounds - r)
            while True:
                if outcomes[alive[0]]:
                    now = clock()
                    world = (now - start) / used * len(alive)  # the next world's cost, re-estimated
                    if now + 0.5 * world >= round_end:
                        break
                used += self._play_world(infoset, alive, ids, outcomes, policy)
            if r < rounds - 1 and len(alive) > 2:
                alive = _better_half(alive, outcomes, default)
        return alive, used

    def _play_world(
        self, infoset: InfoSet, alive: list[int], ids: list[int], outcomes: list[list[float]], policy: Bot
    ) -> int:
        """Sample one world and play every candidate of ``alive`` out on it with one common
        rollout seed; append each outcome to ``outcomes[j]``. Returns the rollouts made."""
        world = infoset.sample()
        seed = infoset.rng.getrandbits(64)
        stage = world.search_stage()  # every candidate's rollout stops at the same boundary
        for j in alive:
            state = world.clone()
            state.apply(ids[j])
            outcomes[j].append(self._rollout(state, random.Random(seed), infoset.seat, policy, stage))
        return len(alive)

    def _rollout(self, state: State, rng: random.Random, me: int, policy: Bot, stage: int | None) -> float:
        """Play ``state`` out with ``policy`` in every seat; ``me``'s return — or its
        ``evaluate()`` estimate as soon as ``search_stage()`` differs from ``stage`` (the stage
        of the sampled world before the candidate; ``None``: play to the end)."""
        steps = 0
        limit = self.rollout_limit
        while not state.is_terminal:
            if steps >= limit:
                return 1.0 / state.num_players
            if stage is not None and state.search_stage() != stage:
                return state.evaluate()[me]
            legal = state.legal_actions()
            if len(legal) == 1:
                state.apply(legal[0])
            else:
                seat = state.current_player
                assert seat is not None
                state.apply(policy.choose(InfoSet(state, seat, rng, legal)))
            steps += 1
        return state.returns()[me]


def _mean(xs: list[float]) -> float:
    return sum(xs) / len(xs) if xs else -math.inf


def _better_half(alive: list[int], outcomes: list[list[float]], keep: int) -> list[int]:
    """The better half of ``alive`` by mean outcome (ties: lower index), always with ``keep``."""
    ranked = sorted(alive, key=lambda j: -_mean(outcomes[j]))
    half = ranked[: (len(ranked) + 1) // 2]
    if keep not in half:
        half[-1] = keep
    return sorted(half)


def _significantly_better(a: list[float], b: list[float], z: float) -> bool:
    """Whether outcomes ``a`` beat ``b`` — paired by world, on the worlds both were played on
    (the first ``min(len)``, since both lists grow together) — by more than ``z`` standard
    errors of the mean difference."""
    n = min(len(a), len(b))
    if n < 2:
        return False
    d = [a[i] - b[i] for i in range(n)]
    mean = sum(d) / n
    var = sum((x - mean) ** 2 for x in d) / (n - 1)
    return mean > z * math.sqrt(var / n)


def _is_float(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True
