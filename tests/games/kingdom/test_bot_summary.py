"""Kingdom's bot summary holds exactly the facts of the view that the heuristic bot used to read.

The heuristic bot read ``view(seat)`` until issue 23; it now reads ``summary(seat)``, built from
the table KD-X13 shows the seat without the view's dict. :func:`summary_from_view` derives every
field from the view as the bot used to; along random playouts of every option set, for every
seat at every step, the two agree — so the bot decides as before, and sees nothing the view
does not show (a response window kept from the other seats included).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import regalia
from regalia.games.kingdom.cards import MAX_DECKS, SUITS, parse_card
from regalia.games.kingdom.phases import C_ASSASSIN, CHAIN_NAMES
from regalia.games.kingdom.summary import KingdomSummary


def _card(name: str) -> int:
    c = parse_card(name, MAX_DECKS)
    assert c is not None
    return c


def summary_from_view(view: dict[str, Any]) -> KingdomSummary:
    """The summary as the view shows it (the bot's reading of the view before issue 23)."""
    kingdoms = view["kingdoms"]
    combat = view["combat"]
    chain = []
    for e in view["chain"]:
        kind = CHAIN_NAMES.index(e["kind"])
        target = _card(e["target"]) if kind == C_ASSASSIN and e["target"] else -1
        chain.append((kind, e["player"], target))
    splitting = combat["splitting"] if combat else None
    return KingdomSummary(
        view["decision"],
        [_card(x) for x in view["hand"]],
        [[_card(x["card"]) for x in k["in_play"]] for k in kingdoms],
        [[not x["preoccupied"] for x in k["in_play"]] for k in kingdoms],
        [[SUITS.index(x["suit"]) for x in k["in_play"]] for k in kingdoms],
        [k["territories"] for k in kingdoms],
        [k["alive"] for k in kingdoms],
        combat["defender"] if combat else -1,
        [_card(x["card"]) for x in combat["attackers"]] if combat else [],
        [[_card(b) for b in x["blockers"]] for x in combat["attackers"]] if combat else [],
        _card(splitting["attacker"]) if splitting else -1,
        splitting["blocker"] if splitting else -1,
        chain,
    )


@pytest.mark.parametrize("index", range(5))
def test_summary_is_the_view_as_the_bot_reads_it(index: int) -> None:
    players, options = regalia.get_game("kingdom").test_configurations()[index]
    for seed in range(1, 4):
        state = regalia.make("kingdom", players=players, seed=seed, **options)
        rng = random.Random(seed)
        while True:
            for seat in range(players):
                assert state.summary(seat) == summary_from_view(state.view(seat)), f"seed {seed}, seat {seat}"
            if state.is_terminal:
                break
            state.apply(rng.choice(state.legal_actions()))
