"""Tournaments between bots: duplicate deals, rotated seats, openskill ratings, JSON and CSV.

**Entrants.** The ``--bots`` list names the entrants, in order; a name may repeat (each copy is
its own entrant, labelled ``"i:name"``). With more entrants than seats, every deal seats one
*lineup*: the lineups are all the ``players``-sized combinations of entrants, taken in turn
(deal ``i`` seats lineup ``i mod #lineups``).

**Duplicate deals.** Deal ``i`` is the game seed ``S + i``: the same shuffle, so the same cards in
the same places. It is replayed once under each *seating* of a rotation set: with
``seatings="rotations"`` the ``P`` cyclic rotations of the lineup (every entrant of the lineup
plays every seat of that deal once), with ``seatings="permutations"`` all ``P!`` orders. Luck of
the deal then falls on every entrant alike. Game ``g`` of the tournament is deal ``g // G``,
seating ``g % G`` (``G`` seatings per deal). The bots of game ``g`` draw their own random numbers
from a generator seeded with ``"{S + deal}/{seating}"``.

**Ratings.** The games are rated in game order with openskill's Plackett–Luce model (every
entrant starts at mu 25, sigma 25/3): a game ranks its seats by their returns (equal returns
tie, so a game with no winner is a draw). An entrant's rating is reported as mu, sigma and the
95% interval ``mu ± 1.96 sigma``. Beside it: wins and win rate (Wilson 95% interval), and the
mean return with a 95% interval computed over deals (an entrant's mean return on each deal it
played), which is where duplicate deals cancel the luck of the cards.

Results are identical for the same spec whatever the backend and the job count.
"""

from __future__ import annotations

import csv
import hashlib
import itertools
import json
import math
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from functools import partial
from pathlib import Path
from typing import Any

from regalia.bots import make_bot
from regalia.bots.backends import Backend, get_backend, require, run_indexed
from regalia.bots.play import play_game
from regalia.bots.stats import Z95, mean_ci95, wilson95
from regalia.core.registry import make

SEATINGS = ("rotations", "permutations")
RESULT_FORMAT = "regalia.tournament"
RESULT_VERSION = 1


@dataclass(frozen=True)
class TournamentSpec:
    """What to play.

    Attributes:
        game: registered game name.
        players: seats per game.
        bots: the entrants' bot names, in order (at least ``players``; names may repeat).
        deals: the number of deals; each is played once per seating (see :attr:`games`).
        seed: the seed of deal 0 (deal ``i`` uses game seed ``seed + i``).
        options: rule options.
        seatings: ``"rotations"`` (``P`` cyclic rotations) or ``"permutations"`` (``P!`` orders).
        max_steps: truncate a game after this many actions (``None``: play to the end).
    """

    game: str
    players: int
    bots: tuple[str, ...]
    deals: int
    seed: int = 0
    options: tuple[tuple[str, Any], ...] = ()
    seatings: str = "rotations"
    max_steps: int | None = None

    def verify(self) -> None:
        """Check the spec's shape (not the game or the bot names).

        Raises:
            ValueError: naming the field at fault.
        """
        if self.players < 1:
            raise ValueError(f"players: must be at least 1, not {self.players}")
        if len(self.bots) < self.players:
            raise ValueError(
                f"bots: {len(self.bots)} entrants for {self.players} seats; name at least {self.players} "
                "(repeat a name to seat a bot several times)"
            )
        if self.deals < 1:
            raise ValueError(f"games: must be at least 1 deal, not {self.deals}")
        if self.seatings not in SEATINGS:
            raise ValueError(f"seatings: {self.seatings!r} is not one of {', '.join(SEATINGS)}")

    @property
    def labels(self) -> list[str]:
        """The entrants' labels: the bot name, or ``"i:name"`` where a name repeats."""
        repeated = {b for b in self.bots if self.bots.count(b) > 1}
        return [f"{i}:{b}" if b in repeated else b for i, b in enumerate(self.bots)]

    def lineups(self) -> list[tuple[int, ...]]:
        """The entrant groups that take a deal, in turn (entrant indices, in list order)."""
        return list(itertools.combinations(range(len(self.bots)), self.players))

    def seating_orders(self) -> list[tuple[int, ...]]:
        """For each seating, the lineup position that sits in each seat."""
        p = self.players
        if self.seatings == "permutations":
            return list(itertools.permutations(range(p)))
        return [tuple((s - r) % p for s in range(p)) for r in range(p)]

    @property
    def games_per_deal(self) -> int:
        """The number of seatings each deal is played under."""
        return math.factorial(self.players) if self.seatings == "permutations" else self.players

    @property
    def games(self) -> int:
        """The total number of games: ``deals × games_per_deal``."""
        return self.deals * self.games_per_deal

    def plan(self, index: int) -> tuple[int, int, tuple[int, ...]]:
        """Game ``index`` as ``(deal, seating, entrant index of each seat)``."""
        g = self.games_per_deal
        deal, seating = divmod(index, g)
        lineups = self.lineups()
        lineup = lineups[deal % len(lineups)]
        order = self.seating_orders()[seating]
        return deal, seating, tuple(lineup[order[s]] for s in range(self.players))


@dataclass
class TournamentGame:
    """One game of a tournament (picklable, JSON-ready through ``asdict``).

    Attributes:
        index: the game number.
        deal: the deal number; ``seed`` is the game seed of that deal.
        seating: which seating of the deal.
        deal_hash: a fingerprint of the initial state's ``zones()`` (equal for every game of a deal).
        entrants: the entrant index in each seat.
        returns: one float per seat.
        winners: the winning seats.
        ranks: the rank of each seat (1 = best; equal returns tie).
        turns, steps: the game's length.
        truncated: stopped by ``max_steps``.
    """

    index: int
    deal: int
    seating: int
    seed: int
    deal_hash: str
    entrants: list[int]
    returns: list[float]
    winners: list[int]
    ranks: list[int]
    turns: int
    steps: int
    truncated: bool


def deal_hash(zones: dict[str, list[str]]) -> str:
    """A short fingerprint of a state's ``zones()``."""
    text = json.dumps(zones, sort_keys=True, separators=(",", ":"))
    return hashlib.sha1(text.encode()).hexdigest()[:16]


def ranks_from_returns(returns: list[float]) -> list[int]:
    """Competition ranks (1 = best) of the seats by return; equal returns share a rank."""
    return [1 + sum(1 for o in returns if o > r) for r in returns]


def play_one(spec: TournamentSpec, index: int) -> TournamentGame:
    """Play game ``index`` of ``spec``."""
    deal, seating, entrants = spec.plan(index)
    seed = spec.seed + deal
    state = make(spec.game, players=spec.players, seed=seed, **dict(spec.options))
    fingerprint = deal_hash(state.zones())
    bots = [make_bot(spec.bots[e], spec.game) for e in entrants]
    result = play_game(state, bots, rng=random.Random(f"{seed}/{seating}"), max_steps=spec.max_steps)
    returns = [float(r) for r in result.returns]
    return TournamentGame(
        index=index,
        deal=deal,
        seating=seating,
        seed=seed,
        deal_hash=fingerprint,
        entrants=list(entrants),
        returns=returns,
        winners=list(result.winners),
        ranks=ranks_from_returns(returns),
        turns=result.turns,
        steps=result.steps,
        truncated=result.truncated,
    )


def _play_chunk(spec: TournamentSpec, indices: list[int]) -> list[TournamentGame]:
    return [play_one(spec, i) for i in indices]


def rate(spec: TournamentSpec, games: list[TournamentGame]) -> list[dict[str, float]]:
    """openskill Plackett–Luce ratings of the entrants after ``games`` (rated in index order).

    Returns:
        per entrant (in ``spec.bots`` order): ``mu``, ``sigma``, ``lo``, ``hi`` (the 95% interval).

    Raises:
        MissingExtraError: openskill is not installed (extra ``report``).
    """
    models = require("openskill.models", "report", "rating a tournament")
    model = models.PlackettLuce()
    ratings = [model.rating(name=label) for label in spec.labels]
    for g in sorted(games, key=lambda g: g.index):
        teams = [[ratings[e]] for e in g.entrants]
        new = model.rate(teams, ranks=[float(r) for r in g.ranks])
        for e, team in zip(g.entrants, new, strict=True):
            ratings[e] = team[0]
    out = []
    for r in ratings:
        mu, sigma = float(r.mu), float(r.sigma)
        out.append({"mu": mu, "sigma": sigma, "lo": mu - Z95 * sigma, "hi": mu + Z95 * sigma})
    return out


def _r(x: float, k: int = 4) -> float | None:
    return None if math.isnan(x) else round(x, k)


def standings(spec: TournamentSpec, games: list[TournamentGame]) -> list[dict[str, Any]]:
    """One row per entrant, best rating first: label, bot, games, wins, win rate and interval,
    mean return and its interval over deals, and the openskill rating (mu, sigma, 95% interval).

    Raises:
        MissingExtraError: openskill is not installed.
    """
    ratings = rate(spec, games)
    rows: list[dict[str, Any]] = []
    for e, (label, bot) in enumerate(zip(spec.labels, spec.bots, strict=True)):
        played = wins = 0
        by_deal: dict[int, list[float]] = {}
        for g in games:
            if e not in g.entrants:
                continue
            seat = g.entrants.index(e)
            played += 1
            wins += seat in g.winners
            by_deal.setdefault(g.deal, []).append(g.returns[seat])
        lo, hi = wilson95(wins, played)
        m, mlo, mhi = mean_ci95([statistics.fmean(v) for _, v in sorted(by_deal.items())])
        rt = ratings[e]
        rows.append(
            {
                "entrant": e,
                "label": label,
                "bot": bot,
                "games": played,
                "deals": len(by_deal),
                "wins": wins,
                "win_rate": _r(wins / played if played else math.nan),
                "win_rate_ci95": [_r(lo), _r(hi)],
                "mean_return": _r(m),
                "mean_return_ci95": [_r(mlo), _r(mhi)],
                "mu": round(rt["mu"], 4),
                "sigma": round(rt["sigma"], 4),
                "mu_ci95": [round(rt["lo"], 4), round(rt["hi"], 4)],
            }
        )
    rows.sort(key=lambda r: (-r["mu"], r["entrant"]))
    for i, row in enumerate(rows, 1):
        row["rank"] = i
    return rows


def summarize(spec: TournamentSpec, games: list[TournamentGame], seconds: float | None = None) -> dict[str, Any]:
    """The whole tournament as a JSON-ready dict (format ``regalia.tournament``, version 1).

    Keys: ``format``, ``version``, ``game``, ``players``, ``seed``, ``options``, ``max_steps``,
    ``seatings``, ``deals``, ``games_per_deal``, ``games``, ``entrants`` (label and bot),
    ``rating`` (the model), ``standings`` (see :func:`standings`), ``by_seat`` (wins and mean
    return per seat), ``no_winner``, ``truncated``, ``seconds`` and ``results`` (every game, see
    :class:`TournamentGame`).

    Raises:
        MissingExtraError: openskill is not installed.
    """
    games = sorted(games, key=lambda g: g.index)
    p = spec.players
    wins = [0] * p
    for g in games:
        for w in g.winners:
            wins[w] += 1
    n = len(games)
    return {
        "format": RESULT_FORMAT,
        "version": RESULT_VERSION,
        "game": spec.game,
        "players": p,
        "seed": spec.seed,
        "options": dict(spec.options),
        "max_steps": spec.max_steps,
        "seatings": spec.seatings,
        "deals": spec.deals,
        "games_per_deal": spec.games_per_deal,
        "games": n,
        "entrants": [{"label": lb, "bot": b} for lb, b in zip(spec.labels, spec.bots, strict=True)],
        "rating": {"model": "openskill PlackettLuce", "mu0": 25.0, "sigma0": 25.0 / 3, "interval": "mu ± 1.96 sigma"},
        "standings": standings(spec, games),
        "by_seat": {
            "wins": wins,
            "mean_return": [round(statistics.fmean(g.returns[s] for g in games), 4) if n else 0.0 for s in range(p)],
        },
        "no_winner": sum(1 for g in games if not g.winners),
        "truncated": sum(1 for g in games if g.truncated),
        "seconds": None if seconds is None else round(seconds, 3),
        "results": [asdict(g) for g in games],
    }


def verify(spec: TournamentSpec) -> None:
    """Check everything about ``spec`` in this process, before any worker starts.

    Raises:
        ValueError: a bad game, option, player count, bot name or shape.
        MissingExtraError: openskill is not installed.
    """
    spec.verify()
    for name in set(spec.bots):
        make_bot(name, spec.game)
    make(spec.game, players=spec.players, seed=spec.seed, **dict(spec.options))
    require("openskill.models", "report", "rating a tournament")


def play_games(
    spec: TournamentSpec,
    jobs: int = 1,
    backend: str | Backend = "local",
    address: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[TournamentGame]:
    """Play every game of ``spec``; return them in game order."""
    fn = partial(_play_chunk, spec)
    if isinstance(backend, Backend):
        return run_indexed(fn, spec.games, backend, progress)
    with get_backend(backend, jobs, address) as own:
        return run_indexed(fn, spec.games, own, progress)


def run_tournament(
    spec: TournamentSpec,
    jobs: int = 1,
    backend: str | Backend = "local",
    address: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Play the tournament and return its results (see :func:`summarize`).

    Args:
        jobs: parallel workers; backend: ``"local"``, ``"ray"`` or an open backend;
        address: a Ray cluster address; progress: called with the games finished so far.

    Raises:
        ValueError: a bad spec (checked before any game is played).
        MissingExtraError: openskill (or, for ``ray``, Ray) is not installed.
        ClusterUnavailableError: the Ray cluster at ``address`` could not be joined.
    """
    verify(spec)
    own = None if isinstance(backend, Backend) else get_backend(backend, jobs, address)
    try:
        start = time.perf_counter()  # after the backend is up: Ray's start-up is not counted
        games = play_games(spec, jobs, own if own is not None else backend, address, progress)
        seconds = time.perf_counter() - start
    finally:
        if own is not None:
            own.close()
    return summarize(spec, games, seconds)


def write_results(results: dict[str, Any], out_dir: Path) -> dict[str, Path]:
    """Write ``tournament.json``, ``standings.csv`` and ``games.csv`` into ``out_dir`` (created).

    ``standings.csv``: ``rank, label, bot, games, deals, wins, win_rate, win_lo, win_hi,
    mean_return, return_lo, return_hi, mu, sigma, mu_lo, mu_hi``.
    ``games.csv``: ``game, deal, seating, seed, deal_hash, bot_0..bot_{P-1}, return_0..,
    rank_0.., winners`` (seats, space-separated)``, turns, steps, truncated``.

    Returns:
        the paths written, by kind (``json``, ``standings``, ``games``).
    """
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = {
        "json": out_dir / "tournament.json",
        "standings": out_dir / "standings.csv",
        "games": out_dir / "games.csv",
    }
    paths["json"].write_text(json.dumps(results, indent=1) + "\n")
    with paths["standings"].open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(
            [
                "rank",
                "label",
                "bot",
                "games",
                "deals",
                "wins",
                "win_rate",
                "win_lo",
                "win_hi",
                "mean_return",
                "return_lo",
                "return_hi",
                "mu",
                "sigma",
                "mu_lo",
                "mu_hi",
            ]
        )
        for r in results["standings"]:
            w.writerow(
                [
                    r["rank"],
                    r["label"],
                    r["bot"],
                    r["games"],
                    r["deals"],
                    r["wins"],
                    r["win_rate"],
                    *r["win_rate_ci95"],
                    r["mean_return"],
                    *r["mean_return_ci95"],
                    r["mu"],
                    r["sigma"],
                    *r["mu_ci95"],
                ]
            )
    p = results["players"]
    labels = [e["label"] for e in results["entrants"]]
    with paths["games"].open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(
            ["game", "deal", "seating", "seed", "deal_hash"]
            + [f"bot_{s}" for s in range(p)]
            + [f"return_{s}" for s in range(p)]
            + [f"rank_{s}" for s in range(p)]
            + ["winners", "turns", "steps", "truncated"]
        )
        for g in results["results"]:
            w.writerow(
                [g["index"], g["deal"], g["seating"], g["seed"], g["deal_hash"]]
                + [labels[e] for e in g["entrants"]]
                + g["returns"]
                + g["ranks"]
                + [" ".join(map(str, g["winners"])), g["turns"], g["steps"], int(g["truncated"])]
            )
    return paths
