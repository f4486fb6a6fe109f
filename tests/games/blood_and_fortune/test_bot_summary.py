"""Blood & Fortune's bot summary holds exactly the facts of the view that the heuristic bot used to read.

The heuristic bot read ``view(seat)`` until issue 23; it now reads ``summary(seat)``, built from
the state without the view's dict. :func:`summary_from_view` derives every field from the view as
the bot used to; along random playouts of every option set, for every seat at every step, the two
agree — so the bot decides as before, and sees only what the view shows (a card the seat has not
seen shows its house alone, BF-X4).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import regalia
from regalia.games.blood_and_fortune.cards import CARD_NAMES, HOUSE_OF, IS_DOUBLE
from regalia.games.blood_and_fortune.summary import BloodAndFortuneSummary


def _entry(text: str) -> tuple[int, float]:
    if text.endswith("?"):
        return (int(text[1]) - 1, -1.0)
    c = CARD_NAMES.index(text)
    return (HOUSE_OF[c], 1.0 if IS_DOUBLE[c] else 0.0)


def summary_from_view(view: dict[str, Any], seat: int) -> BloodAndFortuneSummary:
    """The summary as the view shows it (the bot's reading of the view before issue 23)."""
    pending = view.get("pending_offer")
    roles = view.get("roles")
    resolving = roles["resolving"] if roles else None
    return BloodAndFortuneSummary(
        view["players"],
        view["decision"] or "",
        [int(h[1:]) - 1 for h in view["houses"]],
        list(view["totals"]),
        [[_entry(e) for e in area] for area in view["areas"]],
        [CARD_NAMES.index(x) for x in view["hand"]],
        int(view["offer_turn"]),
        view["turns_taken"][seat],
        pending["from"] if pending else -1,
        int(view["score_cards"][seat][1:]) - 1,
        int(resolving[1:]) - 1 if resolving else -1,
        view["ring"],
        [(s, a, c) for s, a, c in (view.get("special_actions") or {}).get("bonuses", [])],
    )


@pytest.mark.parametrize("index", range(11))
def test_summary_is_the_view_as_the_bot_reads_it(index: int) -> None:
    players, options = regalia.get_game("blood-and-fortune").test_configurations()[index]
    for seed in range(1, 4):
        state = regalia.make("blood-and-fortune", players=players, seed=seed, **options)
        rng = random.Random(seed)
        while True:
            for seat in range(players):
                assert state.summary(seat) == summary_from_view(state.view(seat), seat), f"seed {seed}, seat {seat}"
            if state.is_terminal:
                break
            state.apply(rng.choice(state.legal_actions()))
