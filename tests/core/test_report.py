"""Balance reports: statistics from the core protocol only, and PNG plots."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from regalia.bots.report import balance, collect, write_plots
from regalia.bots.simulate import SimulationSpec


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
