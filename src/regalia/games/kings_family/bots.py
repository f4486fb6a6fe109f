"""King's Family bots: ``heuristic`` (one-step look-ahead) and ``search`` (Monte Carlo planning
over sampled draw orders).

Both see only an :class:`~regalia.bots.base.InfoSet`: the view, the legal actions and
determinizations (``infoset.sample()``: the unseen draw pile reshuffled). Every full state they
touch is such a sample, so no choice can depend on the real order of the draw pile.
"""

from __future__ import annotations

import random
import time
from typing import Any

from regalia.bots.base import Bot, InfoSet
from regalia.games.kings_blood.cards import ENTHRONEMENT, GENDER, PHILOSOPHY
from regalia.games.kings_family import actions as A
from regalia.games.kings_family.actions import KFAction
from regalia.games.kings_family.state import KingsFamilyState

PILE_CARD_VALUE = 10.0 / 74.0
"""Points credited per card taken from the draw pile: an exhaustion (74 cards after the deal
and the founder) is worth 10 (KF-9)."""
ALIVE_BONUS = 1.5
"""Credit for a position where the game goes on (more generations and draws may follow)."""


def evaluate(state: KingsFamilyState) -> float:
    """A static value of a (sampled) state, in points: the KF-9 score, progress towards the next
    exhaustion of the draw pile, and a small credit for a game still running with room to grow
    (the depth of the lowest row with an Active card)."""
    value = float(state.score())
    if not state.closed:
        value -= PILE_CARD_VALUE * len(state.pile)
    if not state.over:
        value += ALIVE_BONUS
        active = state.gen.active()
        if active:
            rows = state.gen.rows()
            top = rows[0][0]
            deepest = max(state.gen.position(c)[0] for c in active)
            bottom = rows[-1][0]
            value += 0.3 if deepest == bottom else 0.0
            value += 0.05 * (deepest - top)
        value += 0.05 * min(len(state.hand), 6)
    return value


def rollout_choice(state: KingsFamilyState, legal: list[KFAction], rng: random.Random) -> KFAction:
    """A fast playout policy on a full (sampled) state, without look-ahead.

    Priorities: an Enthronement on the top row while none is in play (doubles every generation,
    KF-9); a Marriage placed in the deepest row (a child adds a generation); a play of a card
    with a drawing ability (KF-6); a play into the deepest row; otherwise a random play, avoiding
    Assassination, Exile and Enthronement elsewhere (they can cost generations).
    """
    if len(legal) == 1:
        return legal[0]
    gen = state.gen
    rows = gen.rows()
    top = rows[0][0]
    bottom = rows[-1][0]
    has_ent = any(gen.has_attachment(c, ENTHRONEMENT) for c in gen.cards())
    best: list[KFAction] = []
    best_score = -1e9
    abil = state._abil
    for a in legal:
        k = a.kind
        if k == A.PLACE or k == A.SIBLING:
            t = a.target if k == A.PLACE else state.sib_last
            row = gen.position(t)[0]
            s = 1.0 + 0.5 * (row - top)
            if k == A.PLACE and not a.flag and PHILOSOPHY[a.card] == PHILOSOPHY[t] and GENDER[a.card] != GENDER[t]:
                s += 3.0 + (1.5 if row == bottom else 0.0)
            if abil[a.card]:
                s += 1.0 + abil[a.card] * 0.5
        elif k == A.ENTHRONE:
            row = gen.position(a.target)[0]
            s = 8.0 if (row == top and not has_ent) else -2.0
        elif k == A.CONNECT:
            s = 0.0
            if not a.flag and PHILOSOPHY[a.card] == PHILOSOPHY[a.target] and GENDER[a.card] != GENDER[a.target]:
                s = 2.0
        elif k == A.DRAW:
            s = 0.0
        else:  # Assassination / Exile
            row = gen.position(a.target)[0]
            alone = gen.row_size(row) == 1
            s = -3.0 if alone or gen.has_attachment(a.target, ENTHRONEMENT) else 0.5
        s += rng.random() * 0.5
        if s > best_score:
            best_score = s
            best = [a]
    return best[0]


def playout(state: KingsFamilyState, rng: random.Random, max_steps: int = 400) -> float:
    """Play ``state`` (a sample; changed in place) to the end with :func:`rollout_choice`;
    return the final score (points)."""
    steps = 0
    while not state.over and steps < max_steps:
        legal = state.legal_actions()
        state.apply(rollout_choice(state, legal, rng))
        steps += 1
    return float(state.score()) if state.over else evaluate(state)


def _sample(infoset: InfoSet) -> KingsFamilyState:
    s = infoset.sample()
    assert isinstance(s, KingsFamilyState)
    return s


class HeuristicBot(Bot):
    """One-step look-ahead: applies each legal action to a sampled state and keeps the one with
    the best :func:`evaluate` (ties broken at random).

    Args:
        samples: how many determinizations each action is tried on (default 1).
    """

    name = "heuristic"

    def __init__(self, samples: int | str = 1) -> None:
        self.samples = max(1, int(samples))

    def scores(self, infoset: InfoSet) -> list[tuple[float, Any]]:
        """``(value, action)`` for every legal action, best first."""
        legal = infoset.legal_actions
        bases = [_sample(infoset) for _ in range(self.samples)]
        out = []
        for a in legal:
            total = 0.0
            for base in bases:
                s = base.clone()
                s.apply(a)
                total += evaluate(s)
            out.append((total / len(bases) + infoset.rng.random() * 1e-6, a))
        out.sort(key=lambda p: -p[0])
        return out

    def choose(self, infoset: InfoSet) -> Any:
        legal = infoset.legal_actions
        if len(legal) == 1:
            return legal[0]
        return self.scores(infoset)[0][1]


class SearchBot(Bot):
    """Monte Carlo planning over the unknown draw order.

    The heuristic ranks the legal actions; the best ``width`` are each tried on fresh
    determinizations (``infoset.sample()``: the draw pile reshuffled) and played out to the end
    with :func:`rollout_choice`; the action with the best mean final score is chosen. Rollouts
    go round-robin until ``rollouts`` per candidate are done or ``budget`` seconds have passed.
    Forced moves (one legal action) are played at once.

    Args:
        level: ``"<n>"`` rollouts per candidate (default 12) or ``"<t>s"`` a time budget in
            seconds per move (default cap 0.3 s).
        width: how many candidates are searched.

    Attributes:
        last_estimate: the mean final score (points) expected after the last chosen action,
            or ``None`` after a forced move.

    Raises:
        ValueError: an unreadable level.
    """

    name = "search"

    def __init__(self, level: str = "12", width: int = 4) -> None:
        self.rollouts = 12
        self.budget = 0.3
        if level.endswith("s"):
            self.budget = float(level[:-1])
            self.rollouts = 1_000_000
        else:
            try:
                self.rollouts = int(level)
            except ValueError:
                raise ValueError(f"bot: search level {level!r}: expected a rollout count ('12') or seconds ('0.2s')") from None
        self.width = width
        self.last_estimate: float | None = None

    def choose(self, infoset: InfoSet) -> Any:
        legal = infoset.legal_actions
        if len(legal) == 1:
            self.last_estimate = None
            return legal[0]
        ranked = HeuristicBot().scores(infoset)
        cands = [a for _, a in ranked[: self.width]]
        rng = infoset.rng
        totals = [0.0] * len(cands)
        counts = [0] * len(cands)
        deadline = time.perf_counter() + self.budget
        for _ in range(self.rollouts):
            for i, a in enumerate(cands):
                s = _sample(infoset)
                s.apply(a)
                totals[i] += playout(s, rng)
                counts[i] += 1
            if time.perf_counter() > deadline:
                break
        means = [t / c for t, c in zip(totals, counts, strict=True)]
        best = max(range(len(cands)), key=lambda i: (means[i], -i))
        self.last_estimate = means[best]
        return cands[best]

