"""Balance reports: first-player advantage, game length, no-winner and truncation rates, and the
win-rate impact of each card in the opening hand, as JSON-ready statistics and PNG plots.

Everything is computed from bot games played through the core protocol (see
:mod:`regalia.bots.simulate`), so it works for every game. The per-card impact uses the initial
state's ``zones()``: for every seat ``s`` the cards of zone ``"{zone}:{s}"`` (``zone="hand"`` by
default) are the cards that seat *holds at the start*. For a card ``X``:

- ``held``: the number of (game, seat) pairs in which the seat held at least one ``X``;
- ``win_rate``: the share of those in which that seat won (Wilson 95% interval);
- ``expected``: the mean, over the same (game, seat) pairs, of that seat's overall win rate — the
  overall win rate, corrected for seat advantage when ``X`` lands unevenly on the seats;
- ``impact = win_rate - expected`` (with the interval of ``win_rate`` shifted by ``expected``);
- ``p_value``: the two-sided score test of "holding ``X`` does not change the win rate"
  (``win_rate = expected``; the test Wilson's interval inverts, so ``p_value < 0.05`` exactly when
  the interval of ``impact`` excludes 0);
- ``p_holm`` and ``significant``: the p-value after Holm's correction over every card tested, and
  whether it is below ``ALPHA`` (5 %).

Why a correction, and why Holm's: a report tests every card of the deck at once (sixty or more),
so at 5 % a few cards of no effect would look significant by chance alone. Holm's step-down
method keeps the chance of flagging even one such card at 5 % (family-wise error), for *any*
dependence between the tests — and the cards of one deal are dependent (a card in one hand is
not in another; some cards come in copies). Benjamini–Hochberg would flag more cards, but it
bounds only the expected share of false flags, and only for independent or positively dependent
tests, which dealt hands are not; a designer about to change a card wants each flagged card to be
real. Holm is never weaker than Bonferroni. ``card_tests`` in the report says how many cards were
tested and how many effects survive.

Every interval of a 0/1 outcome (win rates, no-winner and truncation rates) is Wilson's, so it
stays inside [0, 1] even at 0 or ``n`` successes.

Plots need matplotlib (extra ``report``); they are drawn with the Agg backend, without pyplot.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable
from pathlib import Path
from typing import Any

from regalia.bots.backends import Backend, require
from regalia.bots.simulate import GameSummary, SimulationSpec, iter_games
from regalia.bots.stats import holm, proportion_p_value, wilson95, wins_by_seat

ALPHA = 0.05
"""The family-wise error rate of the per-card tests (Holm's correction)."""
CORRECTION = "holm"


def collect(
    spec: SimulationSpec,
    games: int,
    jobs: int = 1,
    backend: str | Backend = "local",
    address: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[GameSummary]:
    """Play ``games`` games of ``spec`` and return their summaries in game order.

    Set ``spec.opening_zone`` to get the per-card statistics from :func:`balance`.
    """
    done: list[GameSummary] = []
    for s in iter_games(spec, games, jobs, backend, address):
        done.append(s)
        if progress is not None:
            progress(len(done))
    return sorted(done, key=lambda s: s.index)


def _r(x: float, k: int = 4) -> float | None:
    return None if math.isnan(x) else round(x, k)


def _quantile(values: list[int], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return math.nan
    pos = q * (len(ordered) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)


def _distribution(values: list[int]) -> dict[str, Any]:
    if not values:
        return {"mean": None, "stdev": None, "min": None, "p10": None, "median": None, "p90": None, "max": None}
    return {
        "mean": round(statistics.fmean(values), 3),
        "stdev": round(statistics.stdev(values), 3) if len(values) > 1 else 0.0,
        "min": min(values),
        "p10": _quantile(values, 0.1),
        "median": statistics.median(values),
        "p90": _quantile(values, 0.9),
        "max": max(values),
        "counts": {str(k): values.count(k) for k in sorted(set(values))},
    }


def card_impact(summaries: list[GameSummary], players: int, seat_rates: list[float]) -> list[dict[str, Any]]:
    """The win-rate impact of holding each card at the start (see the module text), best first.

    Args:
        summaries: games whose ``opening`` was kept.
        players: seats per game.
        seat_rates: each seat's overall win rate.

    Returns:
        one row per card notation: ``card``, ``held``, ``wins``, ``win_rate``, ``win_rate_ci95``,
        ``expected``, ``impact``, ``impact_ci95``, ``p_value``, ``p_holm`` (Holm's adjustment
        over all the rows) and ``significant`` (``p_holm < ALPHA``); sorted by impact (then by
        card).
    """
    held: dict[str, int] = {}
    wins: dict[str, int] = {}
    expected: dict[str, float] = {}
    for s in summaries:
        for seat in range(players):
            for card in set(s.opening.get(seat, [])):
                held[card] = held.get(card, 0) + 1
                wins[card] = wins.get(card, 0) + (seat in s.winners)
                expected[card] = expected.get(card, 0.0) + seat_rates[seat]
    rows: list[dict[str, Any]] = []
    p_values: list[float] = []
    for card, n in held.items():
        rate = wins[card] / n
        base = expected[card] / n
        lo, hi = wilson95(wins[card], n)
        p_values.append(proportion_p_value(wins[card], n, base))
        rows.append(
            {
                "card": card,
                "held": n,
                "wins": wins[card],
                "win_rate": _r(rate),
                "win_rate_ci95": [_r(lo), _r(hi)],
                "expected": _r(base),
                "impact": _r(rate - base),
                "impact_ci95": [_r(lo - base), _r(hi - base)],
            }
        )
    for row, p, adjusted in zip(rows, p_values, holm(p_values), strict=True):
        row["p_value"] = _r(p, 6)
        row["p_holm"] = _r(adjusted, 6)
        row["significant"] = adjusted < ALPHA
    rows.sort(key=lambda r: (-r["impact"], r["card"]))
    return rows


def card_tests(cards: list[dict[str, Any]]) -> dict[str, Any]:
    """What the per-card tests of :func:`card_impact` add up to: ``tested`` (the number of cards
    tested), ``correction`` (``"holm"``), ``alpha``, ``significant`` (how many card effects
    survive the correction) and ``cards`` (those cards, best impact first)."""
    flagged = [c["card"] for c in cards if c.get("significant")]
    return {
        "tested": len(cards),
        "correction": CORRECTION,
        "alpha": ALPHA,
        "significant": len(flagged),
        "cards": flagged,
    }


def card_tests_text(report: dict[str, Any]) -> str:
    """One line for people about the per-card tests of a :func:`balance` report, e.g. ``"60
    cards tested; 2 card effects survive Holm's correction for 60 tests at 5 %: R7f, B2m"``
    (empty when the report has no card statistics)."""
    tests = report.get("card_tests") or {}
    tested = tests.get("tested", 0)
    if not tested:
        return ""
    n = tests["significant"]
    alpha = f"{tests['alpha'] * 100:g} %"
    head = f"{tested} card{'s' if tested != 1 else ''} tested; "
    if not n:
        return head + f"no card effect survives Holm's correction for {tested} tests at {alpha}"
    effects = "1 card effect survives" if n == 1 else f"{n} card effects survive"
    return head + f"{effects} Holm's correction for {tested} tests at {alpha}: {', '.join(tests['cards'])}"


def balance(spec: SimulationSpec, summaries: list[GameSummary]) -> dict[str, Any]:
    """The balance statistics of a set of games as a JSON-ready dict.

    Keys: ``game``, ``players``, ``bots``, ``seed``, ``options``, ``max_steps``, ``games``;
    ``seats`` (per seat: ``wins``, ``win_rate`` and its Wilson 95% interval, ``mean_return``);
    ``first_player`` (seat 0's ``win_rate`` and interval, ``fair_share`` = the share of decided
    games divided by the seats, ``advantage`` = win rate minus fair share); ``turns`` and
    ``steps`` (mean, stdev, min, p10, median, p90, max and the count of each value);
    ``no_winner`` and ``truncated`` (count, rate, interval); ``zone`` and ``cards`` (see
    :func:`card_impact`; empty when no opening zone was kept or the game has no such zone);
    ``card_tests`` (see :func:`card_tests`: how many cards were tested and which effects survive
    Holm's correction). Every interval is a Wilson 95% interval of a 0/1 outcome, inside [0, 1].
    """
    summaries = sorted(summaries, key=lambda s: s.index)
    n = len(summaries)
    p = spec.players
    wins = wins_by_seat((s.winners for s in summaries), p)
    rates = [w / n if n else math.nan for w in wins]
    seats = []
    for seat in range(p):
        lo, hi = wilson95(wins[seat], n)
        seats.append(
            {
                "seat": seat,
                "wins": wins[seat],
                "win_rate": _r(rates[seat]),
                "win_rate_ci95": [_r(lo), _r(hi)],
                "mean_return": _r(statistics.fmean(s.returns[seat] for s in summaries) if n else math.nan),
            }
        )
    cards = card_impact(summaries, p, rates) if spec.opening_zone else []
    no_winner = sum(1 for s in summaries if not s.winners)
    truncated = sum(1 for s in summaries if s.truncated)
    fair = (n - no_winner) / n / p if n else math.nan
    nw_lo, nw_hi = wilson95(no_winner, n)
    tr_lo, tr_hi = wilson95(truncated, n)
    return {
        "game": spec.game,
        "players": p,
        "bots": list(spec.bots),
        "rotated": spec.rotate,
        "seed": spec.seed,
        "options": dict(spec.options),
        "max_steps": spec.max_steps,
        "games": n,
        "seats": seats,
        "first_player": {
            "win_rate": seats[0]["win_rate"] if p else None,
            "win_rate_ci95": seats[0]["win_rate_ci95"] if p else None,
            "fair_share": _r(fair),
            "advantage": _r(rates[0] - fair) if p else None,
        },
        "turns": _distribution([s.turns for s in summaries]),
        "steps": _distribution([s.steps for s in summaries]),
        "no_winner": {"count": no_winner, "rate": _r(no_winner / n if n else math.nan), "ci95": [_r(nw_lo), _r(nw_hi)]},
        "truncated": {"count": truncated, "rate": _r(truncated / n if n else math.nan), "ci95": [_r(tr_lo), _r(tr_hi)]},
        "zone": spec.opening_zone,
        "cards": cards,
        "card_tests": card_tests(cards),
    }


def write_plots(report: dict[str, Any], out_dir: Path, top: int = 15) -> dict[str, Path]:
    """Draw the report as PNGs in ``out_dir`` (created): ``seats.png`` (win rate by seat with 95%
    intervals and the fair share), ``length.png`` (histograms of turns and of actions per game),
    and ``cards.png`` (the ``top`` highest and lowest card impacts with 95% intervals, a ``*``
    beside the cards whose effect survives Holm's correction and the count of cards tested in the
    title; only when there are card statistics).

    Returns:
        the paths written, by kind (``seats``, ``length``, ``cards``).

    Raises:
        MissingExtraError: matplotlib is not installed (extra ``report``).
    """
    figure = require("matplotlib.figure", "report", "drawing report plots").Figure
    out_dir.mkdir(parents=True, exist_ok=True)
    paths: dict[str, Path] = {}
    title = f"{report['game']}, {report['players']} players, {report['games']} games ({', '.join(report['bots'])})"

    fig = figure(figsize=(6.4, 4.0), layout="constrained")
    ax = fig.subplots()
    seats = report["seats"]
    xs = [s["seat"] for s in seats]
    ys = [s["win_rate"] or 0.0 for s in seats]
    errs = [
        [max(0.0, y - (s["win_rate_ci95"][0] or 0.0)) for y, s in zip(ys, seats, strict=True)],
        [max(0.0, (s["win_rate_ci95"][1] or 0.0) - y) for y, s in zip(ys, seats, strict=True)],
    ]
    ax.bar(xs, ys, yerr=errs, capsize=4, color="#4878a8")
    fair = report["first_player"]["fair_share"]
    if fair is not None:
        ax.axhline(fair, color="#c04040", linestyle="--", label=f"fair share {fair:.3f}")
        ax.legend()
    ax.set_xticks(xs)
    ax.set_xlabel("seat (0 plays first)")
    ax.set_ylabel("win rate")
    ax.set_title(title, fontsize=9)
    paths["seats"] = out_dir / "seats.png"
    fig.savefig(paths["seats"], dpi=100)

    fig = figure(figsize=(9.0, 3.6), layout="constrained")
    axes = fig.subplots(1, 2)
    for ax, key, label in ((axes[0], "turns", "turns per game"), (axes[1], "steps", "actions per game")):
        counts = report[key].get("counts") or {}
        values = [int(k) for k in counts]
        if values:
            span = max(values) - min(values) + 1
            bins = min(60, span)
            edges = [min(values) - 0.5 + span * i / bins for i in range(bins + 1)]
            ax.hist(values, bins=edges, weights=list(counts.values()), color="#58a858")
        ax.set_xlabel(label)
        ax.set_ylabel("games")
        median = report[key].get("median")
        if median is not None:
            ax.axvline(median, color="#333333", linestyle=":", label=f"median {median:g}")
            ax.legend()
    fig.suptitle(
        f"{title}; no winner {report['no_winner']['rate']}, truncated {report['truncated']['rate']}", fontsize=9
    )
    paths["length"] = out_dir / "length.png"
    fig.savefig(paths["length"], dpi=100)

    cards = report["cards"]
    if cards:
        shown = cards if len(cards) <= 2 * top else cards[:top] + cards[-top:]
        shown = list(reversed(shown))  # best at the top of the chart
        fig = figure(figsize=(6.4, max(2.5, 0.22 * len(shown) + 1.2)), layout="constrained")
        ax = fig.subplots()
        ys2 = list(range(len(shown)))
        vals = [c["impact"] for c in shown]
        lo = [max(0.0, v - c["impact_ci95"][0]) for v, c in zip(vals, shown, strict=True)]
        hi = [max(0.0, c["impact_ci95"][1] - v) for v, c in zip(vals, shown, strict=True)]
        colours = ["#4878a8" if v >= 0 else "#c06040" for v in vals]
        ax.barh(ys2, vals, xerr=[lo, hi], capsize=2, color=colours)
        ax.set_yticks(
            ys2, [f"{'* ' if c.get('significant') else ''}{c['card']} ({c['held']})" for c in shown], fontsize=7
        )
        ax.axvline(0.0, color="#333333", linewidth=0.8)
        ax.set_xlabel(f"win rate when held in '{report['zone']}' at the start, minus expected")
        tests = report.get("card_tests") or card_tests(cards)
        ax.set_title(
            f"{title}\n{tests['tested']} cards tested; * = effect survives Holm's correction at "
            f"{tests['alpha'] * 100:g} % ({tests['significant']})",
            fontsize=8,
        )
        paths["cards"] = out_dir / "cards.png"
        fig.savefig(paths["cards"], dpi=100)
    return paths
