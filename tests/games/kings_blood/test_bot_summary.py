"""King's Blood's bot summary holds exactly the facts of the view that the heuristic bot used to read.

The heuristic bot read ``view(seat)`` (and the deck's abilities from its ``deck_file``) until
issue 23; it now reads ``summary(seat)``, built from the state without the view's dict.
:func:`summary_from_view` derives every field from the view as the bot used to; along random
playouts of every option set, for every seat at every step, the two agree — so the bot decides as
before.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import regalia
from regalia.games.kings_blood.cards import load_deck, parse_card
from regalia.games.kings_blood.phases import PHASE_NAMES
from regalia.games.kings_blood.summary import KingsBloodSummary


def summary_from_view(view: dict[str, Any], deck_file: str | None) -> KingsBloodSummary:
    """The summary as the view shows it (the bot's reading of the view before issue 23)."""
    kb_on = -1
    for entry in view["genealogy"]:
        if "KingsBlood" in entry["attached"]:
            kb_on = parse_card(entry["card"])
    return KingsBloodSummary(
        PHASE_NAMES.index(view["phase"]),
        view["direction"],
        list(view["hand_sizes"]),
        kb_on,
        load_deck(deck_file).abilities,
    )


@pytest.mark.parametrize("index", range(8))
def test_summary_is_the_view_as_the_bot_reads_it(index: int) -> None:
    players, options = regalia.get_game("kings-blood").test_configurations()[index]
    for seed in range(1, 6):
        state = regalia.make("kings-blood", players=players, seed=seed, **options)
        rng = random.Random(seed)
        while True:
            for seat in range(players):
                expected = summary_from_view(state.view(seat), state.config.deck_file)
                assert state.summary(seat) == expected, f"seed {seed}, seat {seat}"
            if state.is_terminal:
                break
            state.apply(rng.choice(state.legal_actions()))
