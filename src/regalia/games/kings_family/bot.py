"""King's Family bots: ``heuristic`` (one-step look-ahead) and ``search`` (Monte Carlo planning
over sampled draw orders).

Both see only an :class:`~regalia.core.bot.InfoSet`: the view, the legal actions and
determinizations (``infoset.sample()``: the unseen draw pile reshuffled). Every full state they
touch is such a sample, so no choice can depend on the real order of the draw pile.
"""

from __future__ import annotations

import random
import time
from typing import Any

from regalia.bots.base import HeuristicBot as HeuristicBase
from regalia.core.bot import Bot, Budget, InfoSet
from regalia.games.kings_blood.cards import ENTHRONEMENT, GENDER, PHILOSOPHY
from regalia.games.kings_family import actions as A
from regalia.games.kings_family.actions import KingsFamilyAction
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
            deepest = max(state.gen.row_of(c) for c in active)
            bottom = rows[-1][0]
            value += 0.3 if deepest == bottom else 0.0
            value += 0.05 * (deepest - top)
        value += 0.05 * min(len(state.hand), 6)
    return value


Context = tuple[int, int, list[int], int | None]


def context(state: KingsFamilyState) -> Context:
    """``(top row, bottom row, rows holding cards, topmost Enthronement row or None)`` of a
    state, for :func:`priority`."""
    gen = state.gen
    rows = [r for r, _ in gen.rows()]
    ent = None
    for c in gen.cards():
        if gen.has_attachment(c, ENTHRONEMENT):
            r = gen.row_of(c)
            ent = r if ent is None or r < ent else ent
    return rows[0], rows[-1], rows, ent


def _generation_points(rows: list[int], ent: int | None) -> int:
    """KF-9 without the exhaustion bonus: rows, plus the rows from the Enthronement down."""
    return len(rows) + (0 if ent is None else sum(1 for r in rows if r >= ent))


def priority(state: KingsFamilyState, a: KingsFamilyAction, ctx: Context) -> float:
    """A quick preference for one legal action on a full (sampled) state, without look-ahead.

    Generations are only gained by a child born under parents of the bottom row, so: a Marriage
    in the bottom row first (a new generation), an Enthronement by the exact change of the KF-9
    score it makes (doubling from the top row is worth most), plays that widen the bottom row
    (room for the next Marriage), cards that draw (KF-6: more cards, a longer game); and never
    an Assassination, Exile or New Connection that empties a generation or takes away the
    Enthronement.
    """
    gen = state.gen
    top, bottom, rows, ent = ctx
    k = a.kind
    if k == A.PLACE or k == A.SIBLING:
        t = a.target if k == A.PLACE else state.sib_last
        row = gen.row_of(t)
        s = 1.0 + 0.3 * (row - top)
        if row == bottom:
            s += 1.5
        if k == A.PLACE and not a.flag and PHILOSOPHY[a.card] == PHILOSOPHY[t] and GENDER[a.card] != GENDER[t]:
            s += 6.0 if row == bottom else 1.0
        ab = state.abilities[a.card]
        if ab:
            s += 0.6 * ab
        return s
    if k == A.ENTHRONE:
        row = gen.row_of(a.target)
        kept = [r for r in rows if r >= row]
        delta = 2 * len(kept) - _generation_points(rows, ent)
        return 3.0 + 2.0 * delta if delta > 0 else -4.0 + delta
    if k == A.DRAW:
        return 0.0
    if k == A.CONNECT:
        c, dest = a.card, a.target
        crow = gen.row_of(c)
        drow = gen.row_of(dest)
        s = -0.5
        if drow != crow and gen.row_size(crow) == 1:
            s -= 5.0
        if gen.has_attachment(c, ENTHRONEMENT):
            s -= 3.0
        if not a.flag and PHILOSOPHY[c] == PHILOSOPHY[dest] and GENDER[c] != GENDER[dest]:
            s += 6.0 if drow == bottom else 1.0
        return s
    row = gen.row_of(a.target)  # Assassination / Exile: discard, then draw 1 / 2
    if gen.row_size(row) == 1 or gen.has_attachment(a.target, ENTHRONEMENT):
        return -5.0
    return 0.5 - (1.0 if row == bottom else 0.0)


def rollout_choice(state: KingsFamilyState, legal: list[KingsFamilyAction], rng: random.Random) -> KingsFamilyAction:
    """The playout policy: the legal action of highest :func:`priority`, with a little noise."""
    if len(legal) == 1:
        return legal[0]
    best = legal[0]
    best_score = -1e9
    ctx = context(state)
    for a in legal:
        s = priority(state, a, ctx) + rng.random() * 0.5
        if s > best_score:
            best_score = s
            best = a
    return best


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


class KingsFamilyBot(HeuristicBase):
    """Rule-based: plays the legal action of highest :func:`priority` (Enthronement on the top
    row, Marriages in the deepest row, drawing abilities, deep plays; ties broken at random).
    The priorities read only the Genealogy and the hand, which the view shows; a sample is used
    as a convenient full state.
    """

    def scores(self, infoset: InfoSet) -> list[tuple[float, Any]]:
        """``(priority, action)`` for every legal action, best first (ties in random order)."""
        base = _sample(infoset)
        rng = infoset.rng
        ctx = context(base)
        out = [(priority(base, a, ctx) + rng.random() * 0.5, a) for a in infoset.legal_actions]
        out.sort(key=lambda p: -p[0])
        return out

    def choose_unforced(self, infoset: InfoSet, legal: list[Any]) -> Any:
        """The legal action of highest priority (see :meth:`scores`)."""
        return self.scores(infoset)[0][1]


class KingsFamilySearchBot(Bot):
    """Monte Carlo planning over the unknown draw order, by successive halving.

    The heuristic's :func:`priority` ranks the legal actions and the best ``width`` become
    candidates. Each round draws ``rollouts`` determinizations (``infoset.sample()``: the draw
    pile reshuffled); every surviving candidate is applied to each of them and played out to the
    end with :func:`rollout_choice` (common random numbers: the same draw orders and playout
    noise for every candidate); then the worse half is dropped. The candidate with the best mean
    final score is played. Forced moves (one legal action) are played at once.

    Args:
        level: ``"<n>"`` determinizations per round (default 6) or ``"<t>s"`` a time budget in
            seconds per move (rounds stop when it is spent).
        width: how many candidates enter the first round (default 12).

    Attributes:
        last_estimate: the mean final score (points) of the chosen action over its playouts,
            or ``None`` after a forced move.

    Raises:
        ValueError: an unreadable level.
    """

    name = "search"

    def __init__(self, level: str = "6", width: int = 12) -> None:
        self.rollouts = 6
        self.budget: float | None = None
        if level.endswith("s"):
            try:
                self.budget = float(level[:-1])
            except ValueError:
                raise ValueError(f"bot: search level {level!r}: expected a count ('6') or seconds ('0.2s')") from None
            self.rollouts = 6
        else:
            try:
                self.rollouts = max(1, int(level))
            except ValueError:
                raise ValueError(f"bot: search level {level!r}: expected a count ('6') or seconds ('0.2s')") from None
        self.width = width
        self.last_estimate: float | None = None

    def decision_budget(self) -> Budget:
        """Playouts a decision at most: ``rollouts`` draw orders a round for every candidate
        still in (``width``, then halved to one), and the time budget if the level sets one
        (rounds stop when it is spent: it shortens a decision, never lengthens it)."""
        alive, per_world = self.width, 0
        while True:
            per_world += alive
            if alive <= 1:
                break
            alive = max(1, alive // 2)
        return Budget(rollouts=self.rollouts * per_world, seconds=self.budget)

    def choose(self, infoset: InfoSet) -> Any:
        legal = infoset.legal_actions
        if len(legal) == 1:
            self.last_estimate = None
            return legal[0]
        ranked = KingsFamilyBot().scores(infoset)
        cands = [a for _, a in ranked[: self.width]]
        rng = infoset.rng
        totals = dict.fromkeys(range(len(cands)), 0.0)
        counts = dict.fromkeys(range(len(cands)), 0)
        alive = list(range(len(cands)))
        deadline = None if self.budget is None else time.perf_counter() + self.budget
        while True:
            for _ in range(self.rollouts):
                # common random numbers: every candidate is tried on the same draw order and
                # the same playout noise, so the comparison measures the action, not the luck
                base = _sample(infoset)
                seed = rng.getrandbits(32)
                for i in alive:
                    s = base.clone()
                    s.apply(cands[i])
                    totals[i] += playout(s, random.Random(seed))
                    counts[i] += 1
            alive.sort(key=lambda i: (-totals[i] / counts[i], i))
            if len(alive) == 1 or (deadline is not None and time.perf_counter() > deadline):
                break
            alive = alive[: max(1, len(alive) // 2)]
        best = alive[0]
        self.last_estimate = totals[best] / counts[best]
        return cands[best]
