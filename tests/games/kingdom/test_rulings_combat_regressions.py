"""Regression: a blocker that leaves play between the block declaration and the damage split."""

from __future__ import annotations

import random

import regalia
from regalia.bots import RandomBot, play_game


def test_kd_x4_blocker_assassinated_before_the_split_keeps_damage_parallel() -> None:
    # Found by a 4-player random simulation (seed 1442): a blocker of a multi-block was
    # assassinated in the window after blockers were declared; the damage split then crashed.
    state = regalia.make("kingdom", players=4, seed=1442, max_turns=40)
    result = play_game(state, [RandomBot() for _ in range(4)], rng=random.Random(1442))
    assert state.is_terminal and not result.truncated
    for i, blockers in enumerate(state.blockers):
        assert len(blockers) == len(state.dealt[i])
