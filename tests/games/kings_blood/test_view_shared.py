"""The Genealogy's parts of a view (``genealogy``, ``genealogy_rows``, ``active``,
``generations``) are made once for each state of the Genealogy and shared by every seat's view
(issue 22: the server builds a view for every seat after every move). Shared or not, every view
must be exactly the one built afresh."""

from __future__ import annotations

import random

import pytest

from regalia.core import make
from regalia.games.kings_blood.state import KingsBloodState

SHARED = ("genealogy", "genealogy_rows", "active", "generations")


def _fresh_view(state: KingsBloodState, seat: int | None) -> dict[str, object]:
    kept = state.gen.shown
    state.gen.shown = None
    try:
        return state.view(seat)
    finally:
        state.gen.shown = kept


@pytest.mark.parametrize("seed", [1, 4, 5])
def test_every_view_equals_one_built_afresh_through_whole_games(seed: int) -> None:
    """After every move, and in a clone and a determinization, each seat's and a spectator's
    view equals the view built with nothing kept; the Genealogy's parts are one object for all."""
    state = make("kings-blood", players=4, seed=seed)
    assert isinstance(state, KingsBloodState)
    rng = random.Random(seed)
    while not state.is_terminal:
        views = {seat: state.view(seat) for seat in (None, 0, 1, 2, 3)}
        for seat, view in views.items():
            assert view == _fresh_view(state, seat)
        for key in SHARED[:3]:
            assert len({id(v[key]) for v in views.values()}) == 1
        copy = state.clone()
        assert copy.view(0) == _fresh_view(copy, 0)
        guess = state.determinize(1, random.Random(seed))
        assert guess.view(1) == views[1]
        state.apply(rng.choice(state.legal_actions()))
    assert state.view(None) == _fresh_view(state, None)
    assert len(state.gen) >= 30  # a long game: the Genealogy grew and changed many times
