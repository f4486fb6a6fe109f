"""Forced choices (``State.forced_action``): a front may play a person's only choice at once only
when taking it reveals nothing — the choice is single in every position consistent with what
the other seats know, and it is never a hidden response window.

On random playouts of every game and configuration, at every decision where the game says its
choices come from public facts (``_choice_forced_publicly``), every determinization made for
another seat (their information set: the decider's hidden cards redealt) has as many legal
actions as the true position — so the answer depends on public information only; and every
forced action is the single shown choice, at a decision that is not hidden.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

import regalia
from regalia.core import State

PLAYOUTS = 8  # per configuration
DEALS = 3  # determinizations per other seat


def _cases() -> list[Any]:
    out = []
    for name in regalia.game_names():
        for players, options in regalia.get_game(name).test_configurations():
            label = ",".join(f"{k}={v}" for k, v in sorted(options.items()))
            out.append(pytest.param(name, players, options, id=f"{name}-{players}p-{label or 'default'}"))
    return out


def _check(state: State, rng: random.Random) -> bool:
    """The checks at one decision; whether a forced action was found."""
    seat = state.current_player
    assert seat is not None
    forced = state.forced_action()
    if forced is not None:
        assert not state.decider_hidden()
        assert len(state.legal_choices()) == 1 and state.legal_choices()[0]["text"] == str(forced)
    if state.decider_hidden() or not state._choice_forced_publicly():
        assert forced is None or not state.decider_hidden()
        return forced is not None
    count = len(state.legal_actions())
    for other in range(state.num_players):
        if other == seat:
            continue
        for _ in range(DEALS):
            deal = state.determinize(other, random.Random(rng.random()))
            assert deal.current_player == seat
            assert deal._choice_forced_publicly(), f"P{other}'s information set does not tell the choice is forced"
            assert len(deal.legal_actions()) == count, (
                f"{state.decision_kind()}: {count} choices here but {len(deal.legal_actions())} in a position "
                f"P{other} cannot tell from it"
            )
            assert (deal.forced_action() is None) == (forced is None)
    return forced is not None


@pytest.mark.parametrize(("name", "players", "options"), _cases())
def test_forced_choices_depend_on_public_information_only(name: str, players: int, options: dict[str, Any]) -> None:
    for i in range(PLAYOUTS):
        seed = 8000 + i
        state = regalia.make(name, players=players, seed=seed, **options)
        rng = random.Random(seed)
        while not state.is_terminal:
            _check(state, rng)
            state.apply(rng.choice(state.legal_actions()))


def test_a_lone_end_that_the_hand_decides_is_never_forced_and_public_single_choices_are() -> None:
    """The issue's examples: King's Blood's "end, keeping the card drawn" and Kingdom's lone
    "end" are single only because of the hand, so never played for a person; a Blood & Fortune
    draft take from the only Role card left, a Kingdom declaration with nothing left to declare
    (a lone ``done``) and a Kingship target with one seat left are."""
    lone_end: Counter[str] = Counter()
    forced: Counter[str] = Counter()
    for game, players, options in (
        ("kings-blood", 3, {}),
        ("kingdom", 3, {}),
        ("blood-and-fortune", 4, {"roles": True}),
        ("kingship", 4, {}),
    ):
        for seed in range(12):
            state = regalia.make(game, players=players, seed=seed, **options)
            rng = random.Random(seed)
            while not state.is_terminal:
                legal = state.legal_actions()
                kind = str(state.decision_kind())
                if len(legal) == 1 and str(legal[0]) == "end" and kind in ("drawn", "main"):
                    assert state.forced_action() is None
                    lone_end[game] += 1
                action = state.forced_action()
                if action is not None:
                    assert action == legal[0]
                    forced[f"{game}:{kind}"] += 1
                state.apply(rng.choice(legal))
    assert lone_end["kings-blood"] and lone_end["kingdom"], lone_end
    assert forced["blood-and-fortune:take_role"] and forced["kingdom:attackers"] and forced["kingship:target"], forced
