"""Small statistics shared by simulate, tournament and report: 95% intervals, tests of a
proportion with a multiple-comparison correction, and win counts."""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable

Z95 = 1.959964
"""The two-sided 95% quantile of the standard normal distribution."""


def mean_ci95(values: list[float]) -> tuple[float, float, float]:
    """Mean and the bounds of its 95% normal-approximation confidence interval.

    Returns ``(nan, nan, nan)`` for no values and a zero-width interval for one value.
    """
    if not values:
        return (math.nan, math.nan, math.nan)
    m = statistics.fmean(values)
    if len(values) < 2:
        return (m, m, m)
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values))
    return (m, m - half, m + half)


def wilson95(successes: int, n: int) -> tuple[float, float]:
    """The Wilson score 95% interval of a proportion ``successes / n`` (``(nan, nan)`` for ``n = 0``):
    always inside [0, 1], from exactly 0 when there is no success and to exactly 1 when all are."""
    if n <= 0:
        return (math.nan, math.nan)
    p = successes / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    lo = 0.0 if successes <= 0 else max(0.0, centre - half)
    hi = 1.0 if successes >= n else min(1.0, centre + half)
    return (lo, hi)


def outcome_ci95(values: list[float]) -> tuple[float, float, float]:
    """Mean and 95% interval of an outcome: Wilson's interval when every value is 0 or 1 (a
    proportion: the interval stays inside [0, 1] even at 0 or n successes), else
    :func:`mean_ci95`'s normal approximation.

    Returns ``(nan, nan, nan)`` for no values.
    """
    if values and all(v == 0 or v == 1 for v in values):
        wins = sum(1 for v in values if v == 1)
        lo, hi = wilson95(wins, len(values))
        return (wins / len(values), lo, hi)
    return mean_ci95(values)


def proportion_p_value(successes: int, n: int, p0: float) -> float:
    """The two-sided p-value of the score test of ``successes / n`` against the proportion
    ``p0`` (``z = (successes - n p0) / sqrt(n p0 (1 - p0))``, normal approximation).

    It is the test that Wilson's interval inverts: ``p0`` lies outside :func:`wilson95` exactly
    when this p-value is below 0.05. With ``p0`` of 0 or 1 the outcome is certain under the
    hypothesis: 1.0 if the count agrees, else 0.0; ``nan`` for ``n = 0``.
    """
    if n <= 0:
        return math.nan
    if p0 <= 0.0 or p0 >= 1.0:
        return 1.0 if successes == round(n * p0) else 0.0
    z = (successes - n * p0) / math.sqrt(n * p0 * (1.0 - p0))
    return math.erfc(abs(z) / math.sqrt(2.0))


def holm(p_values: list[float]) -> list[float]:
    """Holm's step-down adjustment of ``p_values`` (Holm 1979), in the same order.

    The ``i``-th smallest p-value (from 0) of ``m`` is multiplied by ``m - i``; the results are
    made non-decreasing in that order and capped at 1. Rejecting every hypothesis whose adjusted
    p-value is below ``alpha`` keeps the chance of even one false rejection among all ``m`` at
    most ``alpha``, whatever the dependence between the tests. ``nan`` entries stay ``nan`` and
    do not count in ``m``.
    """
    order = sorted((p, i) for i, p in enumerate(p_values) if not math.isnan(p))
    m = len(order)
    out = [math.nan] * len(p_values)
    running = 0.0
    for rank, (p, i) in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p))
        out[i] = running
    return out


def wins_by_seat(winners: Iterable[tuple[int, ...]], players: int) -> list[int]:
    """How many games each seat won, from each game's tuple of winning seats."""
    wins = [0] * players
    for game_winners in winners:
        for w in game_winners:
            wins[w] += 1
    return wins
