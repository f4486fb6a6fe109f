"""Tournaments: the duplicate-deal schedule, ratings, result files, and identical results for any job count."""

from __future__ import annotations

import csv
import json
from collections import defaultdict
from pathlib import Path

import pytest

import regalia
from regalia.bots.backends import MissingExtraError
from regalia.bots.tournament import (
    TournamentSpec,
    deal_hash,
    play_games,
    ranks_from_returns,
    run_tournament,
    verify,
    wilson95,
    write_results,
)


def test_rotations_seat_every_entrant_in_every_seat_once_per_deal() -> None:
    spec = TournamentSpec("toy", 3, ("a", "b", "c"), deals=2)
    assert spec.games_per_deal == 3 and spec.games == 6
    for deal in range(2):
        plans = [spec.plan(deal * 3 + k) for k in range(3)]
        assert all(p[0] == deal for p in plans)
        assert sorted(p[1] for p in plans) == [0, 1, 2]
        for seat in range(3):
            assert sorted(p[2][seat] for p in plans) == [0, 1, 2]
        for p in plans:
            assert sorted(p[2]) == [0, 1, 2]


def test_permutations_play_every_order() -> None:
    spec = TournamentSpec("toy", 3, ("a", "b", "c"), deals=1, seatings="permutations")
    assert spec.games == 6
    assert len({spec.plan(i)[2] for i in range(6)}) == 6


def test_more_entrants_than_seats_take_turns_by_lineup() -> None:
    spec = TournamentSpec("toy", 2, ("a", "b", "c"), deals=3)
    lineups = {frozenset(spec.plan(d * 2)[2]) for d in range(3)}
    assert lineups == {frozenset({0, 1}), frozenset({0, 2}), frozenset({1, 2})}


def test_repeated_names_are_separate_entrants() -> None:
    spec = TournamentSpec("toy", 3, ("ismcts", "random", "random"), deals=1)
    assert spec.labels == ["ismcts", "1:random", "2:random"]


def test_bad_specs_name_the_field() -> None:
    with pytest.raises(ValueError, match="bots: 1 entrants for 2 seats"):
        TournamentSpec("toy", 2, ("random",), deals=1).verify()
    with pytest.raises(ValueError, match="games: must be at least 1"):
        TournamentSpec("toy", 2, ("a", "b"), deals=0).verify()
    with pytest.raises(ValueError, match="seatings"):
        TournamentSpec("toy", 2, ("a", "b"), deals=1, seatings="random").verify()


def test_ranks_tie_equal_returns() -> None:
    assert ranks_from_returns([1.0, 0.0, 0.0]) == [1, 2, 2]
    assert ranks_from_returns([0.0, 0.0]) == [1, 1]
    assert ranks_from_returns([3.0, 5.0, 4.0]) == [3, 1, 2]


def test_wilson_interval() -> None:
    lo, hi = wilson95(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    assert wilson95(0, 10)[0] == 0.0


def test_duplicate_deals_replay_the_same_deal_with_seats_permuted(toy: str) -> None:
    spec = TournamentSpec(toy, 3, ("random", "ismcts:5", "random"), deals=4, seed=11)
    games = play_games(spec)
    assert [g.index for g in games] == list(range(12))
    by_deal = defaultdict(list)
    for g in games:
        by_deal[g.deal].append(g)
    hashes = set()
    for deal, group in by_deal.items():
        assert len(group) == 3
        assert {g.seed for g in group} == {11 + deal}
        assert len({g.deal_hash for g in group}) == 1  # the very same cards in the same places
        # the deal itself: the initial zones of seed 11+deal
        zones = regalia.make(toy, players=3, seed=11 + deal).zones()
        assert group[0].deal_hash == deal_hash(zones)
        seatings = [tuple(g.entrants) for g in group]
        assert len(set(seatings)) == 3 and all(sorted(s) == [0, 1, 2] for s in seatings)
        hashes.add(group[0].deal_hash)
    assert len(hashes) == 4  # different deals are different


def test_results_identical_for_one_and_two_jobs(toy: str) -> None:
    pytest.importorskip("openskill")
    spec = TournamentSpec(toy, 2, ("ismcts:10", "random", "random"), deals=9, seed=5)
    one = run_tournament(spec, jobs=1)
    two = run_tournament(spec, jobs=2)
    one.pop("seconds")
    two.pop("seconds")
    assert one == two


def test_ratings_order_a_lopsided_matchup(toy: str) -> None:
    pytest.importorskip("openskill")
    spec = TournamentSpec(toy, 2, ("random", "ismcts:40"), deals=20, seed=1)
    results = run_tournament(spec, jobs=2)
    best, worst = results["standings"]
    assert best["label"] == "ismcts:40" and best["rank"] == 1
    assert best["mu"] > worst["mu"]
    assert best["win_rate"] > worst["win_rate"]
    assert best["mu_ci95"][0] < best["mu"] < best["mu_ci95"][1]
    assert best["sigma"] < 25 / 3  # the games taught the model something
    assert best["games"] == worst["games"] == 40 and best["deals"] == 20


def test_result_files_are_written(toy: str, tmp_path: Path) -> None:
    pytest.importorskip("openskill")
    spec = TournamentSpec(toy, 3, ("random", "ismcts:5", "random"), deals=3, seed=2)
    results = run_tournament(spec)
    paths = write_results(results, tmp_path / "out")
    data = json.loads(paths["json"].read_text())
    assert data["format"] == "regalia.tournament" and data["games"] == 9
    assert len(data["results"]) == 9 and len(data["standings"]) == 3
    with paths["standings"].open() as fh:
        rows = list(csv.DictReader(fh))
    assert [r["label"] for r in rows] == [s["label"] for s in data["standings"]]
    assert {r["label"] for r in rows} == {"0:random", "ismcts:5", "2:random"}
    with paths["games"].open() as fh:
        games = list(csv.DictReader(fh))
    assert len(games) == 9
    assert set(games[0]) >= {"game", "deal", "seating", "seed", "deal_hash", "bot_0", "bot_2", "return_1", "winners"}
    assert len({g["deal_hash"] for g in games if g["deal"] == "0"}) == 1


def test_missing_openskill_names_the_extra(toy: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(__import__("sys").modules, "openskill.models", None)
    with pytest.raises(MissingExtraError, match=r"regalia\[report\]"):
        verify(TournamentSpec(toy, 2, ("random", "random"), deals=1))
