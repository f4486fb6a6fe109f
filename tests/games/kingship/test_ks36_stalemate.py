"""KS-36: a whole round with nothing changed ends the game with no winner."""

from __future__ import annotations

import random

import regalia
from regalia.bots import RandomBot, play_game
from regalia.games.kingship import flow


def test_ks36_a_round_with_nothing_changed_ends_the_game_with_no_winner() -> None:
    # seed 65, random play: the no-winner law is in force and every hand and the deck run empty;
    # before KS-36 the seats passed forever
    state = regalia.make("kingship", players=4, seed=65)
    result = play_game(state, [RandomBot() for _ in range(4)], rng=random.Random(65), max_steps=20_000)
    assert not result.truncated and state.is_terminal
    assert state.winners == () and state.returns() == [0.0] * 4
    assert not state.deck and len(state.pile) <= 1  # nobody could draw
    assert state.stall >= state.num_players - 1


def test_ks36_fingerprint_changes_when_a_card_moves() -> None:
    state = regalia.make("kingship", players=4, seed=3)
    before = flow.stall_fingerprint(state)
    rng = random.Random(3)
    while flow.stall_fingerprint(state) == before:
        state.apply(rng.choice(state.legal_actions()))
    assert state.stall == 0 and not state.is_terminal


def test_ks36_never_ends_ordinary_games_early() -> None:
    for seed in range(40):
        state = regalia.make("kingship", players=4, seed=seed)
        play_game(state, [RandomBot() for _ in range(4)], rng=random.Random(seed), max_steps=20_000)
        if not state.winners:  # only a stalemate may end a game with no winner here
            assert state.stall >= state.num_players - 1
