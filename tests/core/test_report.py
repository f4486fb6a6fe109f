"""Balance reports: statistics from the core protocol only, and PNG plots."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import pytest

from regalia.bots.report import balance, card_tests_text, collect, write_plots
from regalia.bots.simulate import GameSummary, SimulationSpec, simulate
from regalia.bots.stats import holm, mean_ci95, outcome_ci95, proportion_p_value, wilson95


def test_balance_statistics_on_the_test_game(toy: str) -> None:
    spec = SimulationSpec(toy, 3, ("random",), seed=0, opening_zone="hand")
    summaries = collect(spec, 300, jobs=2)
    assert [s.index for s in summaries] == list(range(300))
    assert all(len(s.opening[seat]) == 2 for s in summaries for seat in range(3))  # dealt two each
    report = balance(spec, summaries)
    assert report["games"] == 300
    decided = 300 - report["no_winner"]["count"]
    assert sum(s["wins"] for s in report["seats"]) == decided
    assert report["first_player"]["fair_share"] == pytest.approx(decided / 300 / 3, abs=1e-4)
    assert report["turns"]["min"] == report["turns"]["max"] == 6  # 3 seats x 2 plays
    assert report["steps"]["min"] >= 6 and sum(report["steps"]["counts"].values()) == 300
    assert report["truncated"]["count"] == 0
    # High Hand: high cards win. The 12 is the best card to be dealt, the 1 the worst.
    cards = {c["card"]: c for c in report["cards"]}
    assert set(cards) == {str(c) for c in range(1, 13)}
    assert report["cards"][0]["card"] in {"12", "11"}
    assert cards["12"]["impact"] > 0.1 > -0.1 > cards["1"]["impact"]
    assert sum(c["held"] for c in report["cards"]) == 300 * 3 * 2
    # the extremes survive Holm's correction over the 12 cards; the middle cards do not
    assert report["card_tests"]["tested"] == 12
    assert {"12", "11", "2", "1"} <= set(report["card_tests"]["cards"])
    assert not cards["7"]["significant"] and cards["7"]["p_holm"] == 1.0
    json.dumps(report)  # JSON-ready


def test_truncation_and_no_opening_zone(toy: str) -> None:
    spec = SimulationSpec(toy, 2, ("random",), seed=0, max_steps=3, opening_zone="nowhere")
    report = balance(spec, collect(spec, 20))
    assert report["truncated"]["count"] == 20 and report["truncated"]["rate"] == 1.0
    assert report["no_winner"]["count"] == 20
    assert report["cards"] == []


def test_plots_are_written(toy: str, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    spec = SimulationSpec(toy, 2, ("random",), seed=0, opening_zone="hand")
    report = balance(spec, collect(spec, 60))
    paths = write_plots(report, tmp_path / "plots", top=3)
    assert set(paths) == {"seats", "length", "cards"}
    for path in paths.values():
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_report_is_identical_for_one_and_two_jobs(toy: str) -> None:
    spec = SimulationSpec(toy, 3, ("random", "ismcts:5", "random"), seed=8, rotate=True, opening_zone="hand")
    assert balance(spec, collect(spec, 45, jobs=1)) == balance(spec, collect(spec, 45, jobs=2))


def _synthetic(games: int, seed: int, boost: str | None = None) -> tuple[SimulationSpec, list[GameSummary]]:
    """4-seat games dealing 5 of 60 cards to each seat; the winner is a uniformly random seat,
    except that a seat dealt ``boost`` wins whenever a coin says so (a planted card effect)."""
    rng = random.Random(seed)
    deck = [f"C{i:02d}" for i in range(60)]
    out = []
    for g in range(games):
        rng.shuffle(deck)
        opening = {s: deck[5 * s : 5 * s + 5] for s in range(4)}
        winner = rng.randrange(4)
        if boost is not None:
            holder = next((s for s in range(4) if boost in opening[s]), None)
            if holder is not None and rng.random() < 0.3:
                winner = holder
        returns = [1.0 if s == winner else 0.0 for s in range(4)]
        out.append(GameSummary(g, (winner,), (winner,), returns, returns, 10, 40, False, {}, opening))
    return SimulationSpec("synthetic", 4, ("random",), seed=seed, opening_zone="hand"), out


def test_card_tests_say_how_many_cards_were_tested_and_chance_effects_do_not_survive_holm() -> None:
    """60 cards of no effect: at 5 % a few look significant one by one; after Holm's
    correction none does."""
    spec, games = _synthetic(2000, seed=3)
    report = balance(spec, games)
    tests = report["card_tests"]
    assert tests["tested"] == len(report["cards"]) == 60
    assert tests["correction"] == "holm" and tests["alpha"] == 0.05
    one_by_one = [c["card"] for c in report["cards"] if c["p_value"] < 0.05]
    assert len(one_by_one) >= 2  # chance alone (seeded)
    assert tests["significant"] == 0 and tests["cards"] == []
    assert not any(c["significant"] for c in report["cards"])
    assert card_tests_text(report) == "60 cards tested; no card effect survives Holm's correction for 60 tests at 5 %"


def test_a_real_card_effect_survives_holm() -> None:
    spec, games = _synthetic(2000, seed=4, boost="C17")
    report = balance(spec, games)
    assert report["card_tests"]["cards"] == ["C17"]
    row = next(c for c in report["cards"] if c["card"] == "C17")
    assert row["significant"] and row["p_holm"] < 0.05 and row["impact"] > 0.1
    assert report["cards"][0]["card"] == "C17"  # the best impact
    assert card_tests_text(report) == (
        "60 cards tested; 1 card effect survives Holm's correction for 60 tests at 5 %: C17"
    )


def test_holm_adjustment() -> None:
    assert holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert holm([0.5, 0.9]) == [1.0, 1.0]  # capped at 1
    adjusted = holm([0.2, math.nan, 0.01])
    assert math.isnan(adjusted[1]) and adjusted[0] == pytest.approx(0.2) and adjusted[2] == pytest.approx(0.02)
    rng = random.Random(0)
    for _ in range(200):  # the adjusted p-values reject exactly what Holm's step-down procedure rejects
        ps = [rng.random() ** 3 for _ in range(rng.randrange(1, 12))]
        m = len(ps)
        rejected = set()
        for rank, i in enumerate(sorted(range(m), key=lambda i: ps[i])):
            if ps[i] > 0.05 / (m - rank):
                break
            rejected.add(i)
        assert {i for i, a in enumerate(holm(ps)) if a < 0.05} == rejected


def test_score_test_and_wilson_interval_agree() -> None:
    """The per-card p-value is below 5 % exactly when the Wilson interval excludes the expected rate."""
    for n in (1, 2, 5, 13, 40, 100):
        for k in range(n + 1):
            lo, hi = wilson95(k, n)
            for p0 in (0.03, 0.1, 0.25, 0.4, 0.5, 0.77, 0.95):
                if min(abs(p0 - lo), abs(p0 - hi)) < 1e-6:
                    continue
                assert (proportion_p_value(k, n, p0) < 0.05) == (not lo <= p0 <= hi), (k, n, p0)
    assert proportion_p_value(0, 10, 0.0) == 1.0 and proportion_p_value(1, 10, 0.0) == 0.0
    assert math.isnan(proportion_p_value(0, 0, 0.5))


def _intervals(node: object) -> list[list[float]]:
    if isinstance(node, dict):
        found = [v for k, v in node.items() if k.endswith("ci95") and k != "impact_ci95"]
        for v in node.values():
            found.extend(_intervals(v))
        return found
    if isinstance(node, list):
        return [x for v in node for x in _intervals(v)]
    return []


def test_every_interval_of_a_0_1_outcome_stays_inside_0_1(toy: str) -> None:
    # few games and lopsided outcomes: a card held once, rates of 0 and of 1
    spec = SimulationSpec(toy, 2, ("random",), seed=0, max_steps=3, opening_zone="hand")
    for report in (balance(spec, collect(spec, 3)), _report_of_few_games(toy)):
        intervals = _intervals(report)
        assert intervals
        for lo, hi in intervals:
            assert 0.0 <= lo <= hi <= 1.0
    assert wilson95(0, 4)[0] == 0.0 and wilson95(4, 4)[1] == 1.0 and wilson95(4, 4)[0] > 0.4


def _report_of_few_games(toy: str) -> dict[str, object]:
    spec = SimulationSpec(toy, 3, ("random",), seed=1, opening_zone="hand")
    report = balance(spec, collect(spec, 4))
    assert any(c["held"] == 1 for c in report["cards"])
    return report


def test_simulate_intervals_of_0_1_outcomes_are_wilson(toy: str) -> None:
    """``simulate``'s mean return of a bot in a win/lose game is a proportion: its interval is
    Wilson's (a normal interval of 19 wins in 20 games would reach past 1)."""
    assert outcome_ci95([1.0] * 19 + [0.0]) == pytest.approx((0.95, *wilson95(19, 20)))
    assert outcome_ci95([1.0] * 19 + [0.0])[2] <= 1.0 < mean_ci95([1.0] * 19 + [0.0])[2]
    assert outcome_ci95([2.0, 4.0]) == mean_ci95([2.0, 4.0])  # not a 0/1 outcome
    stats = simulate(SimulationSpec(toy, 2, ("ismcts:easy", "random"), seed=0, rotate=True), 12)
    for entry in stats["mean_return_by_bot"].values():
        lo, hi = entry["ci95"]
        assert 0.0 <= lo <= entry["mean"] <= hi <= 1.0
