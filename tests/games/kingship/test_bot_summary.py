"""Kingship's bot summary holds exactly the facts of the view that the heuristic bot used to read.

The heuristic bot read ``view(seat)`` until issue 23; it now reads ``summary(seat)``, built from
the state as the seat is shown it, without the view's dict. :func:`summary_from_view` derives
every field from the view as the bot used to; along random playouts of every option set, for
every seat at every step, the two agree — so the bot decides as before, and sees nothing the view
does not show (a hidden window for another seat included, KS-37).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import regalia
from regalia.games.kingship.cards import parse_card
from regalia.games.kingship.summary import KingshipSummary


def summary_from_view(view: dict[str, Any], seat: int) -> KingshipSummary:
    """The summary as the view shows it (the bot's reading of the view before issue 23)."""
    info = view["decision_info"]
    return KingshipSummary(
        view["decision"] or "",
        [parse_card(c) for c in view["hand"]],
        list(view["hand_sizes"]),
        view["players"],
        not any("nobody can win" in law or f"P{seat} cannot win" in law for law in view["laws"]),
        view["drawn_this_turn"],
        info.get("target", -1),
        info.get("drawer", -1),
        str(info.get("law", "")),
        view["turn_player"],
    )


@pytest.mark.parametrize("index", range(6))
def test_summary_is_the_view_as_the_bot_reads_it(index: int) -> None:
    players, options = regalia.get_game("kingship").test_configurations()[index]
    for seed in range(1, 4):
        state = regalia.make("kingship", players=players, seed=seed, **options)
        rng = random.Random(seed)
        steps = 0
        while steps < 400:
            for seat in range(players):
                assert state.summary(seat) == summary_from_view(state.view(seat), seat), f"seed {seed}, seat {seat}"
            if state.is_terminal:
                break
            state.apply(rng.choice(state.legal_actions()))
            steps += 1
