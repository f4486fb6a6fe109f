"""Undo: back to an earlier decision, counted in the record and the result (core.registry.undo_to)."""

from __future__ import annotations

import random

import pytest

import regalia
from regalia.core import undo_to


def test_undo_goes_back_and_counts_in_record_and_result() -> None:
    state = regalia.make("kings-family", players=1, seed=4)
    earlier = state.snapshot()
    state.apply(state.legal_actions()[0])
    back = undo_to(state, earlier)
    assert back.history == [] and back.undos == 1
    assert back.record()["undos"] == 1
    rng = random.Random(2)
    while not back.is_terminal:
        back.apply(rng.choice(back.legal_actions()))
    assert back.result() is not None and back.result()["undos"] == 1  # type: ignore[index]
    again = regalia.replay(back.record())
    assert again.undos == 1 and again.result() == back.result()
    assert regalia.from_snapshot(back.snapshot()).undos == 1


def test_undo_is_refused_in_a_game_of_several_players_and_for_another_deal() -> None:
    state = regalia.make("kings-blood", players=2, seed=4)
    with pytest.raises(ValueError, match=r"^undo: "):
        undo_to(state, state.snapshot())
    solo = regalia.make("kings-family", players=1, seed=4)
    other = regalia.make("kings-family", players=1, seed=5)
    with pytest.raises(ValueError, match=r"^undo: "):
        undo_to(solo, other.snapshot())


def test_undos_in_a_record_must_be_a_count() -> None:
    record = regalia.make("kings-family", players=1, seed=4).record()
    record["undos"] = -1
    with pytest.raises(ValueError, match=r"^undos: "):
        regalia.replay(record)
