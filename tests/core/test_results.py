"""Results in each game's own terms (``State.result``: ``text``, ``score_name``, ``standings``):
totals and ranks in Blood & Fortune, points under King's Blood's scoring options, territories in
Kingdom, the score of King's Family's solitaire (never "no winner"), the winner of Kingship; the
words every front shows, and records saved before these fields still replaying."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import regalia
from regalia.core.state import standings


def _play_out(game: str, players: int, seed: int, **options: Any) -> Any:
    state = regalia.make(game, players=players, seed=seed, **options)
    rng = random.Random(seed)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_standings_share_a_rank_on_equal_scores_and_skip_the_next() -> None:
    rows = standings(4, [3], ("total", [17.0, 17.0, 16.0, 24.0], False))
    assert rows == [
        {"seat": 3, "rank": 1, "score": 24},
        {"seat": 0, "rank": 2, "score": 17},
        {"seat": 1, "rank": 2, "score": 17},
        {"seat": 2, "rank": 4, "score": 16},
    ]


def test_standings_lowest_first_and_without_a_score() -> None:
    rows = standings(3, [1], ("points", [12.0, -5.0, 3.0], True))
    assert [r["seat"] for r in rows] == [1, 2, 0]
    assert [r["rank"] for r in rows] == [1, 2, 3]
    plain = standings(3, [2], None)
    assert plain == [
        {"seat": 2, "rank": 1, "score": None},
        {"seat": 0, "rank": 2, "score": None},
        {"seat": 1, "rank": 2, "score": None},
    ]


def test_bf_win_result_names_the_totals_and_ranks_every_seat() -> None:
    for seed in range(1, 40):
        state = _play_out("blood-and-fortune", 4, seed)
        if state.winners:
            break
    res = state.result()
    totals = state.totals
    (w,) = state.winners
    assert res["score_name"] == "total"
    assert f"P{w} wins with the highest total, {totals[w]}" in res["text"]
    assert [r["score"] for r in res["standings"]] == sorted(totals, reverse=True)
    assert res["standings"][0] == {"seat": w, "rank": 1, "score": totals[w]}
    assert res["returns"][w] == 1.0  # the returns stay the win/loss an RL agent learns from


def test_bf_win_tie_nobody_wins_and_the_tied_share_first_place() -> None:
    for seed in range(1, 80):
        state = _play_out("blood-and-fortune", 4, seed)
        if not state.winners:
            break
    else:
        pytest.fail("no tied playout found")
    res = state.result()
    best = max(state.totals)
    firsts = [r["seat"] for r in res["standings"] if r["rank"] == 1]
    assert firsts == [q for q, t in enumerate(state.totals) if t == best] and len(firsts) > 1
    assert "nobody wins" in res["text"]


def test_kf_9_the_solitaire_result_is_its_score_never_no_winner() -> None:
    state = _play_out("kings-family", 1, 5)
    res = state.result()
    score = state.score()
    assert res["winners"] == []
    assert res["score_name"] == "points"
    assert res["standings"] == [{"seat": 0, "rank": 1, "score": score}]
    assert f"scores {score} points" in res["text"]
    assert "no winner" not in res["text"].lower() and "nobody" not in res["text"].lower()


def test_kd_12_kingdom_result_counts_territories() -> None:
    state = _play_out("kingdom", 3, 4)
    res = state.result()
    assert res["score_name"] == "territories"
    assert sorted(r["score"] for r in res["standings"]) == sorted(state.territories)
    for w in state.winners:
        assert res["standings"][0]["rank"] == 1 and f"P{w}" in res["text"]


@pytest.mark.parametrize(("scoring", "lowest"), [("winner_collects", False), ("lowest_wins", True)])
def test_kb_x7_scoring_results_rank_the_points(scoring: str, lowest: bool) -> None:
    for seed in range(1, 30):
        state = _play_out("kings-blood", 3, seed, scoring=scoring)
        if state.winners:
            break
    res = state.result()
    (w,) = state.winners
    assert res["score_name"] == "points"
    scores = [r["score"] for r in res["standings"]]
    assert scores == sorted(state.scores(), reverse=not lowest)
    assert res["standings"][0]["seat"] == w
    assert "Scores of this game" in res["text"]


def test_a_game_without_a_score_ranks_its_winner_first() -> None:
    state = _play_out("kingship", 4, 2, max_turns=40)
    res = state.result()
    assert res["score_name"] is None
    assert all(r["score"] is None for r in res["standings"])
    assert [r["seat"] for r in res["standings"] if r["rank"] == 1] == list(state.winners)
    assert res["text"] == state.prompt(None)


def test_a_record_saved_before_the_result_had_words_and_standings_still_replays() -> None:
    state = _play_out("blood-and-fortune", 3, 7)
    record = json.loads(json.dumps(state.record()))
    old = dict(record, result={k: v for k, v in record["result"].items() if k in ("winners", "returns", "turns")})
    assert regalia.replay(old).result() == state.result()
    reworded = dict(record, result={**record["result"], "text": "words of an older release"})
    regalia.replay(reworded)
    wrong = dict(record, result={**record["result"], "standings": list(reversed(record["result"]["standings"]))})
    with pytest.raises(ValueError, match="result"):
        regalia.replay(wrong)
