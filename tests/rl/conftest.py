"""Fixtures for the adapter tests: the toy game (and a 1-player variant) with a toy encoder."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from regalia.core import registry
from regalia.rl.encoders import register_encoder, unregister_encoder
from regalia.rl.encoding import CardSet, Encoder, Observer, OneHot, PerSeat, Scalar
from tests.core.toygame import ToyGame, ToyState


class SoloToyState(ToyState):
    """The toy game alone: the score is the total of the cards played so far."""

    def returns(self) -> list[float]:
        return [float(sum(self.played[0]))]


class SoloToyGame(ToyGame):
    name = "toy-solo"
    title = "High Hand solitaire (test game)"
    min_players = 1
    max_players = 1
    default_players = 1

    def new_initial_state(self, players: int, seed: int, deck: list[str] | None, config: Any) -> SoloToyState:
        return SoloToyState(self, config, players, seed, deck)

    def state_class(self) -> type[SoloToyState]:
        return SoloToyState


def toy_encoder(players: int, config: Any) -> Encoder:
    """The toy game's encoder: hand, played cards per seat, hand sizes, deck size, seat to move."""
    cards = ToyGame().all_cards(players, config)
    return Encoder(
        [
            Observer("observer", players),
            CardSet("hand", "hand", cards, numeric=True),
            PerSeat("played", "played", CardSet("cards", None, cards, numeric=True), players),
            PerSeat("hand_sizes", "hand_sizes", Scalar("n", None, scale=1 / 3, low=0.0, high=1.0), players),
            Scalar("deck_size", "deck_size", scale=1 / (4 * players), low=0.0, high=1.0),
            OneHot("to_move", "to_move", size=players),
        ]
    )


@pytest.fixture
def toy() -> Iterator[str]:
    """Register ``toy`` (2-4 players) without an encoder of its own (the fallback is used)."""
    registry.register(ToyGame())
    try:
        yield "toy"
    finally:
        registry._GAMES.pop("toy", None)
        unregister_encoder("toy")


@pytest.fixture
def toy_encoded(toy: str) -> Iterator[str]:
    """``toy`` with its own encoder registered."""
    register_encoder(toy, toy_encoder)
    yield toy


@pytest.fixture
def solo() -> Iterator[str]:
    """Register the 1-player ``toy-solo`` with the toy encoder."""
    registry.register(SoloToyGame())
    register_encoder("toy-solo", toy_encoder)
    try:
        yield "toy-solo"
    finally:
        registry._GAMES.pop("toy-solo", None)
        unregister_encoder("toy-solo")
