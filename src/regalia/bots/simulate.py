"""Many bot games in parallel, with results independent of the backend and the job count.

Game ``i`` of a run with seed ``S`` uses game seed ``S + i`` and bot seed ``S + i``; with
``rotate`` the bot list is rotated by ``i`` seats, so every bot plays every seat. Games run on a
:mod:`regalia.bots.backends` backend (local processes by default, or Ray).
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from regalia.bots import make_bot
from regalia.bots.backends import Backend, get_backend, iter_indexed
from regalia.bots.play import play_game
from regalia.bots.stats import outcome_ci95, wins_by_seat
from regalia.core.registry import make


@dataclass(frozen=True)
class SimulationSpec:
    """What to simulate.

    Attributes:
        game: registered game name.
        players: seats per game.
        bots: one bot name per seat (a single name is used for every seat).
        seed: the seed of game 0 (game ``i`` uses ``seed + i``).
        options: rule options.
        rotate: rotate the bot list by ``i`` seats in game ``i``.
        max_steps: truncate a game after this many actions (``None``: play to the end).
        opening_zone: keep, for every seat ``s``, the cards of zone ``f"{opening_zone}:{s}"`` of the
            initial state (``GameSummary.opening``), e.g. ``"hand"`` for the opening hands.
    """

    game: str
    players: int
    bots: tuple[str, ...]
    seed: int = 0
    options: tuple[tuple[str, Any], ...] = ()
    rotate: bool = False
    max_steps: int | None = None
    opening_zone: str | None = None

    def seat_bots(self, index: int) -> list[str]:
        """The bot name of each seat in game ``index``."""
        names = list(self.bots) if len(self.bots) > 1 else [self.bots[0]] * self.players
        if len(names) != self.players:
            raise ValueError(f"bots: {len(names)} bot names for {self.players} seats")
        if self.rotate:
            k = index % self.players
            names = names[-k:] + names[:-k] if k else names
        return names


@dataclass
class GameSummary:
    """One finished game, reduced to what the statistics need (picklable).

    ``opening`` maps a seat to the card notations it held in ``spec.opening_zone`` at the start
    (empty unless the spec asks for it).
    """

    index: int
    winners: tuple[int, ...]
    winner_slots: tuple[int, ...]
    returns: list[float]
    slot_returns: list[float]
    turns: int
    steps: int
    truncated: bool
    stats: dict[str, float]
    opening: dict[int, list[str]] = field(default_factory=dict)


def run_one(spec: SimulationSpec, index: int) -> GameSummary:
    """Play game ``index`` of ``spec``."""
    names = spec.seat_bots(index)
    bots = [make_bot(n, spec.game) for n in names]
    state = make(spec.game, players=spec.players, seed=spec.seed + index, **dict(spec.options))
    opening: dict[int, list[str]] = {}
    if spec.opening_zone is not None:
        zones = state.zones()
        for seat in range(spec.players):
            opening[seat] = list(zones.get(f"{spec.opening_zone}:{seat}", []))
    result = play_game(state, bots, rng=random.Random(spec.seed + index), max_steps=spec.max_steps)
    k = index % spec.players if spec.rotate and len(spec.bots) > 1 else 0
    # slot = the position of a seat's bot in the spec's bot list
    slot_of_seat = [(seat - k) % spec.players for seat in range(spec.players)]
    slot_returns = [0.0] * spec.players
    for seat, r in enumerate(result.returns):
        slot_returns[slot_of_seat[seat]] = r
    extra = state.result() or {}
    stats = {key: float(v) for key, v in (extra.get("stats") or {}).items() if isinstance(v, (int, float))}
    return GameSummary(
        index=index,
        winners=tuple(result.winners),
        winner_slots=tuple(slot_of_seat[w] for w in result.winners),
        returns=list(result.returns),
        slot_returns=slot_returns,
        turns=result.turns,
        steps=result.steps,
        truncated=result.truncated,
        stats=stats,
        opening=opening,
    )


def _run_chunk(spec: SimulationSpec, indices: list[int]) -> list[GameSummary]:
    return [run_one(spec, i) for i in indices]


def iter_games(
    spec: SimulationSpec,
    games: int,
    jobs: int = 1,
    backend: str | Backend = "local",
    address: str | None = None,
) -> Iterator[GameSummary]:
    """Yield the summaries of games ``0 .. games-1``, in completion order (sort by ``index``).

    Args:
        jobs: parallel workers (see :func:`regalia.bots.backends.get_backend`).
        backend: ``"local"``, ``"ray"`` or a :class:`~regalia.bots.backends.Backend` (left open).
        address: a Ray cluster address.

    Raises:
        MissingExtraError: the ray backend without Ray installed.
        ClusterUnavailableError: the Ray cluster at ``address`` could not be joined.
    """
    if isinstance(backend, Backend):
        for _, results in iter_indexed(partial(_run_chunk, spec), games, backend):
            yield from results
        return
    with get_backend(backend, jobs, address) as own:
        for _, results in iter_indexed(partial(_run_chunk, spec), games, own):
            yield from results


def summarize(spec: SimulationSpec, summaries: list[GameSummary], seconds: float) -> dict[str, Any]:
    """The statistics of a run as a JSON-ready dict.

    Keys: ``games``, ``wins_by_seat``, ``no_winner``, ``truncated``, ``mean_turns``,
    ``mean_steps``, ``games_per_second``, ``mean_return_by_seat``; with several bots also
    ``bots``, ``wins_by_bot`` and ``mean_return_by_bot`` (with 95% intervals); and for every
    numeric entry of the games' ``result()["stats"]`` its mean, 95% interval and median. An
    interval of values that are all 0 or 1 (the returns of a win/lose game, a yes/no stat such
    as King's Family's ``emptied_hand``) is Wilson's, inside [0, 1]; others are normal.
    """
    summaries = sorted(summaries, key=lambda s: s.index)
    n = len(summaries)
    p = spec.players
    wins = wins_by_seat((s.winners for s in summaries), p)
    out: dict[str, Any] = {
        "game": spec.game,
        "players": p,
        "seed": spec.seed,
        "games": n,
        "wins_by_seat": wins,
        "no_winner": sum(1 for s in summaries if not s.winners),
        "truncated": sum(1 for s in summaries if s.truncated),
        "mean_turns": round(statistics.fmean(s.turns for s in summaries), 3) if n else 0.0,
        "mean_steps": round(statistics.fmean(s.steps for s in summaries), 3) if n else 0.0,
        "games_per_second": round(n / seconds, 3) if seconds > 0 else None,
        "mean_return_by_seat": [
            round(statistics.fmean(s.returns[i] for s in summaries), 4) if n else 0.0 for i in range(p)
        ],
    }
    if len(spec.bots) > 1:
        slot_wins = [0] * p
        for s in summaries:
            for w in s.winner_slots:
                slot_wins[w] += 1
        out["bots"] = list(spec.bots)
        out["rotated"] = spec.rotate
        out["wins_by_bot"] = {f"{i}:{b}": slot_wins[i] for i, b in enumerate(spec.bots)}
        by_bot = {}
        for i, b in enumerate(spec.bots):
            m, lo, hi = outcome_ci95([s.slot_returns[i] for s in summaries])
            by_bot[f"{i}:{b}"] = {"mean": round(m, 4), "ci95": [round(lo, 4), round(hi, 4)]}
        out["mean_return_by_bot"] = by_bot
    keys = sorted({k for s in summaries for k in s.stats})
    if keys:
        stats = {}
        for k in keys:
            vals = [s.stats[k] for s in summaries if k in s.stats]
            m, lo, hi = outcome_ci95(vals)
            stats[k] = {"mean": round(m, 4), "ci95": [round(lo, 4), round(hi, 4)], "median": statistics.median(vals)}
        out["stats"] = stats
    return out


def validate_spec(spec: SimulationSpec) -> None:
    """Check a spec in this process before any game runs, so errors are clear.

    Raises:
        ValueError: a bad game, option, player count or bot name (the message names the field).
    """
    spec.seat_bots(0)
    for name in set(spec.bots):
        make_bot(name, spec.game)
    make(spec.game, players=spec.players, seed=spec.seed, **dict(spec.options))


def simulate(
    spec: SimulationSpec,
    games: int,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    backend: str | Backend = "local",
    address: str | None = None,
) -> dict[str, Any]:
    """Play ``games`` games of ``spec`` on ``backend`` with ``jobs`` workers and summarize them.

    The summary is the same for the same spec whatever the backend and job count (except
    ``games_per_second``).

    Args:
        progress: called with the number of games finished so far, after each game or chunk.
        backend: ``"local"`` (processes), ``"ray"``, or an open backend.
        address: a Ray cluster address (``ray`` only).

    Raises:
        ValueError: a bad game, option, player count or bot name (checked before any process starts).
        MissingExtraError: the ray backend without Ray installed.
        ClusterUnavailableError: the Ray cluster at ``address`` could not be joined.
    """
    if games < 1:
        raise ValueError("games: must be at least 1")
    validate_spec(spec)
    own = None if isinstance(backend, Backend) else get_backend(backend, jobs, address)
    try:
        start = time.perf_counter()  # after the backend is up: Ray's start-up is not counted
        done: list[GameSummary] = []
        for s in iter_games(spec, games, jobs, own if own is not None else backend):
            done.append(s)
            if progress is not None:
                progress(len(done))
        seconds = time.perf_counter() - start
    finally:
        if own is not None:
            own.close()
    return summarize(spec, done, seconds)
