"""Search support: round-end cut-offs (``search_stage``) and the win-chance estimate."""

from __future__ import annotations

import random

import pytest

import regalia
from regalia.bots import ISMCTSBot
from regalia.games.blood_and_fortune.scoring import win_chances


def test_win_chances_favour_the_leader_and_sum_to_one() -> None:
    chances = win_chances([10, 7, 7, 4], rounds_left=1)
    assert sum(chances) == pytest.approx(1.0)
    assert chances[0] > chances[1] > chances[3]
    assert chances[1] == pytest.approx(chances[2])


def test_win_chances_spread_out_with_more_rounds_left() -> None:
    assert win_chances([10, 7, 7, 4], rounds_left=2)[0] < win_chances([10, 7, 7, 4], rounds_left=1)[0]


def test_win_chances_with_no_round_left_are_the_result_bf_win() -> None:
    assert win_chances([10, 7, 7, 4], rounds_left=0) == [1.0, 0.0, 0.0, 0.0]
    assert win_chances([10, 10, 7, 4], rounds_left=0) == [0.0, 0.0, 0.0, 0.0]  # BF-WIN: a tie wins nothing


def test_search_stage_is_the_round_and_evaluate_follows_the_totals() -> None:
    state = regalia.make("blood-and-fortune", players=4, seed=3)
    rng = random.Random(0)
    assert state.search_stage() == 0
    while state.search_stage() == 0:
        state.apply(rng.choice(state.legal_actions()))
    assert state.search_stage() == 1
    chances = state.evaluate()
    assert chances == win_chances(state.totals, 2)
    assert max(range(4), key=chances.__getitem__) in [p for p in range(4) if state.totals[p] == max(state.totals)]
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    assert state.evaluate() == state.returns()


def test_ismcts_rollouts_stop_at_the_end_of_the_round() -> None:
    state = regalia.make("blood-and-fortune", players=4, seed=5)
    bot = ISMCTSBot("easy")
    value = bot._rollout(state.clone(), random.Random(1), 0, bot.policy("blood-and-fortune"), state.search_stage())
    assert 0.0 < value < 1.0  # an estimate at the end of round 1, not a final 0 or 1
