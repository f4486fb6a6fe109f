"""The shortcuts of the speed work that the golden playouts cannot see: configs reused by ``make``
and the random generator that ``clone()`` shares until first use."""

from __future__ import annotations

import random

import pytest

import regalia


def test_make_reuses_the_config_of_equal_options_only() -> None:
    a = regalia.make("kingship", players=4, seed=1, max_turns=300)
    b = regalia.make("kingship", players=5, seed=2, max_turns=300)
    assert a.config is b.config
    assert regalia.make("kingship", players=4, seed=1).config.max_turns is None
    regalia.make("kingship", players=4, seed=1, max_turns=1)
    with pytest.raises(ValueError, match="max_turns"):  # equal to 1, but not an int: still refused
        regalia.make("kingship", players=4, seed=1, max_turns=True)
    with pytest.raises(ValueError, match="laws"):  # unhashable: validated as usual
        regalia.make("kingship", players=4, seed=1, laws=["pro"])


def test_a_determinization_leaves_the_original_generator_alone() -> None:
    state = regalia.make("kingship", players=4, seed=4)
    rng = random.Random(0)
    for _ in range(30):
        state.apply(rng.choice(state.legal_actions()))
    before = state.snapshot()
    det = state.determinize(state.current_player or 0, random.Random(1))
    det.rng.random()
    assert state.snapshot() == before
    twin = regalia.make("kingship", players=4, seed=4)
    for a in state.history:
        twin.apply(a)
    assert twin.rng.getstate() == state.rng.getstate()
