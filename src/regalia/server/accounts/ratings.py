"""Ratings per game: openskill's Plackett–Luce model over the final standings.

**The model.** Every rated table updates, for each account seated there, its rating in that
game: openskill's ``PlackettLuce`` with its defaults (a new rating ``mu`` 25, ``sigma`` 25/3;
``beta`` 25/6; ``tau`` 25/300 added to ``sigma`` before each game), each seat a team of one, the
final standings as ranks (equal ranks tie) — two to eight players alike.

**Bots are anchors.** A bot seat takes part with the fixed rating of its spec in that game
(``anchors.json``, measured once with ``regalia tournament``; see docs/server.md) and is never
moved by a game against people: the library's update of its rating is thrown away.

**Abandoning.** A person who left a rated game and timed out (the stand-in plays their seat at
the end) ranks last, below every seat still played; several such share the last rank.

**Time away.** openskill has no decay of its own, so, as lichess does with Glicko-2's rating
deviation, the deviation grows with the days since the rating last changed:
``sigma² + DRIFT_PER_DAY · days``, never above a new player's 25/3. The drift is lichess's
(``0.21436`` rating periods a day at a volatility of 0.06: a deviation of 60 becomes 110 in a
year, on the shown scale below), so a returning player moves faster again. It is applied when a
rating is read and before a game is rated.

**What people see.** ``rating = 1500 + 60·(mu − 25)`` and ``deviation = 60·sigma``, rounded: a
new player is 1500 ± 500, as on lichess. A rating is **provisional** (shown with ``?``) while its
deviation is at least :data:`PROVISIONAL_DEVIATION` — about a dozen rated games from a new
account; the leaderboard lists only settled ratings.
"""

from __future__ import annotations

import functools
import json
import math
from dataclasses import dataclass
from importlib import resources
from typing import Any

from openskill.models import PlackettLuce

MU0 = 25.0
"""A new rating's ``mu`` (openskill's default)."""
SIGMA0 = 25.0 / 3.0
"""A new rating's ``sigma`` (openskill's default), and the most time away can make it."""
SCALE = 60.0
"""Shown points per unit of ``mu`` (1500 ± 500 for a new player)."""
BASE = 1500.0
"""The shown rating of ``mu`` 25."""
PROVISIONAL_DEVIATION = 350
"""A rating whose shown deviation is at least this is provisional (about twelve two-player
games from a new account, a few more at larger tables)."""
DRIFT_PER_DAY = (110.0**2 - 60.0**2) / 365.0 / SCALE**2
"""How much ``sigma²`` grows a day away: lichess's practice (a deviation of 60 becomes 110 in
a year) on the shown scale."""
DAY = 86400.0

MODEL = PlackettLuce()
"""openskill's Plackett–Luce model with its defaults."""


@dataclass(frozen=True)
class Rating:
    """One rating: openskill's ``mu`` and ``sigma``, the rated games, when it last changed."""

    mu: float = MU0
    sigma: float = SIGMA0
    games: int = 0
    rated_at: float | None = None

    def at(self, now: float) -> Rating:
        """This rating as of ``now``: its ``sigma`` grown with the days since ``rated_at``
        (never above :data:`SIGMA0`)."""
        if self.rated_at is None or now <= self.rated_at:
            return self
        days = (now - self.rated_at) / DAY
        sigma = min(SIGMA0, math.sqrt(self.sigma**2 + DRIFT_PER_DAY * days))
        return Rating(self.mu, sigma, self.games, self.rated_at)

    @property
    def shown(self) -> int:
        """The rating people see (1500 for a new player)."""
        return round(BASE + SCALE * (self.mu - MU0))

    @property
    def deviation(self) -> int:
        """The deviation people see (500 for a new player)."""
        return round(SCALE * self.sigma)

    @property
    def provisional(self) -> bool:
        """Whether the rating is still provisional (shown with ``?``)."""
        return self.deviation >= PROVISIONAL_DEVIATION

    def to_json(self) -> dict[str, Any]:
        """``{"rating", "deviation", "provisional", "games"}`` as the API gives it."""
        return {"rating": self.shown, "deviation": self.deviation, "provisional": self.provisional, "games": self.games}


@functools.cache
def anchors() -> dict[str, dict[str, tuple[float, float]]]:
    """The bots' fixed ratings: game → bot spec → ``(mu, sigma)``, from ``anchors.json``."""
    text = resources.files("regalia.server.accounts").joinpath("anchors.json").read_text("utf-8")
    data = json.loads(text)
    return {
        g: {spec: (float(r["mu"]), float(r["sigma"])) for spec, r in bots.items()} for g, bots in data["games"].items()
    }


def anchor(game: str, spec: str) -> tuple[float, float] | None:
    """The fixed rating ``(mu, sigma)`` of bot ``spec`` in ``game``, or ``None`` (no anchor:
    such a bot cannot sit at a rated table)."""
    return anchors().get(game, {}).get(spec)


@dataclass(frozen=True)
class Entrant:
    """A seat of a rated table as the rating sees it: a person's rating (``rating``) or a bot's
    anchor (``anchor``), its rank in the final standings, and whether the person abandoned."""

    seat: int
    rank: int
    rating: Rating | None = None
    anchor: tuple[float, float] | None = None
    abandoned: bool = False


def final_ranks(standings: list[dict[str, Any]], abandoned: set[int]) -> dict[int, int]:
    """Each seat's rank for the rating: the standings' rank (1 best, ties shared), except that
    the seats in ``abandoned`` share the last rank, below every other seat."""
    kept = sorted({int(s["rank"]) for s in standings if int(s["seat"]) not in abandoned})
    dense = {r: i + 1 for i, r in enumerate(kept)}
    last = len(kept) + 1
    return {int(s["seat"]): last if int(s["seat"]) in abandoned else dense[int(s["rank"])] for s in standings}


def rate(entrants: list[Entrant], now: float) -> dict[int, tuple[Rating, Rating]]:
    """Rate one finished game: every person's rating before (as of ``now``) and after.

    Args:
        entrants: every seat of the table (2 to 8), persons with their current rating, bots
            with their anchor.
        now: the game's end (seconds since the epoch): the ratings' time away is counted to it.

    Returns:
        seat → ``(before, after)`` for each person (bots are not moved).

    Raises:
        ValueError: fewer than 2 or more than 8 seats, or a seat with neither a rating nor an
            anchor.
    """
    if not 2 <= len(entrants) <= 8:
        raise ValueError(f"entrants: a rated game has 2 to 8 seats, not {len(entrants)}")
    teams = []
    before: dict[int, Rating] = {}
    for e in entrants:
        if e.rating is not None:
            r = e.rating.at(now)
            before[e.seat] = r
            teams.append([MODEL.rating(mu=r.mu, sigma=r.sigma)])
        elif e.anchor is not None:
            teams.append([MODEL.rating(mu=e.anchor[0], sigma=e.anchor[1])])
        else:
            raise ValueError(f"entrants: seat {e.seat} has neither a rating nor an anchor")
    new = MODEL.rate(teams, ranks=[float(e.rank) for e in entrants])
    out: dict[int, tuple[Rating, Rating]] = {}
    for e, team in zip(entrants, new, strict=True):
        if e.seat in before:
            old = before[e.seat]
            out[e.seat] = (old, Rating(float(team[0].mu), float(team[0].sigma), old.games + 1, now))
    return out
