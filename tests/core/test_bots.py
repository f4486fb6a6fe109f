"""Bots: the random and ISMCTS bots, the bot registry, and hidden-information safety."""

from __future__ import annotations

import random

import pytest

import regalia
from regalia.bots import InfoSet, ISMCTSBot, RandomBot, make_bot, play_game
from regalia.bots.simulate import SimulationSpec, simulate


def test_make_bot_knows_generic_bots_and_levels(toy: str) -> None:
    assert isinstance(make_bot("random", toy), RandomBot)
    bot = make_bot("ismcts:hard", toy)
    assert isinstance(bot, ISMCTSBot) and bot.iterations == 2000 and bot.seconds == 1.5
    assert make_bot("ismcts:300", toy).iterations == 300  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="unknown bot 'alphazero'"):
        make_bot("alphazero", toy)
    with pytest.raises(ValueError, match="unknown ismcts level"):
        make_bot("ismcts:superhuman", toy)


def test_ismcts_beats_random_on_the_test_game(toy: str) -> None:
    stats = simulate(SimulationSpec(toy, 2, ("ismcts:easy", "random"), seed=0, rotate=True), 120)
    wins = stats["wins_by_bot"]
    assert wins["0:ismcts:easy"] > 2 * wins["1:random"]


def test_ismcts_choice_does_not_depend_on_hidden_cards(toy: str) -> None:
    state = regalia.make(toy, players=3, seed=5)
    state.apply("draw")
    seat = state.current_player
    assert seat is not None
    twin = state.determinize(seat, random.Random(1))  # same view, other hidden hands
    assert twin.view(seat) == state.view(seat)
    assert twin.snapshot()["state"] != state.snapshot()["state"]
    a = ISMCTSBot("100").choose(InfoSet(state, seat, random.Random(7)))
    b = ISMCTSBot("100").choose(InfoSet(twin, seat, random.Random(7)))
    assert a == b


def test_play_game_needs_one_bot_per_seat(toy: str) -> None:
    state = regalia.make(toy, players=3, seed=1)
    with pytest.raises(ValueError, match="bots: 2 bots for 3 seats"):
        play_game(state, [RandomBot(), RandomBot()])


def test_simulate_is_identical_for_any_job_count(toy: str) -> None:
    spec = SimulationSpec(toy, 3, ("random",), seed=4)
    one = simulate(spec, 30, jobs=1)
    two = simulate(spec, 30, jobs=2)
    for key in ("wins_by_seat", "no_winner", "mean_turns", "mean_steps", "mean_return_by_seat"):
        assert one[key] == two[key]
