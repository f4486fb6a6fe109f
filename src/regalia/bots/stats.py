"""Small statistics shared by simulate, tournament and report: 95% intervals and win counts."""

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
    """The Wilson score 95% interval of a proportion ``successes / n`` (``(nan, nan)`` for ``n = 0``)."""
    if n <= 0:
        return (math.nan, math.nan)
    p = successes / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def wins_by_seat(winners: Iterable[tuple[int, ...]], players: int) -> list[int]:
    """How many games each seat won, from each game's tuple of winning seats."""
    wins = [0] * players
    for game_winners in winners:
        for w in game_winners:
            wins[w] += 1
    return wins
