"""The Game description, options and the heuristic bot."""

from __future__ import annotations

import random

import pytest

import regalia
from regalia.bots import make_bot, play_game
from regalia.games.kingship.rulings import RULINGS


def test_game_registered_with_options_rulings_and_bots() -> None:
    game = regalia.get_game("kingship")
    assert (game.min_players, game.max_players) == (4, 8)
    options = {o["name"]: o for o in game.options()}
    assert options["laws"]["default"] == "pro" and options["laws"]["choices"] == ["pro", "catalogue"]
    assert options["max_turns"]["default"] is None
    ids = [r.id for r in game.rulings]
    assert ids[:14] == [f"KS-{i}" for i in range(1, 15)] and len(ids) == len(set(ids)) == len(RULINGS)
    assert "heuristic" in game.bots()
    assert {(n, o["laws"]) for n, o in game.test_configurations()} == {
        (n, law) for n in (4, 6, 8) for law in ("pro", "catalogue")
    }


def test_bad_player_count_and_options_are_refused() -> None:
    with pytest.raises(ValueError, match="players"):
        regalia.make("kingship", players=3, seed=1)
    with pytest.raises(ValueError, match="laws"):
        regalia.make("kingship", players=4, seed=1, laws="anarchy")
    with pytest.raises(ValueError, match="max_turns"):
        regalia.make("kingship", players=4, seed=1, max_turns=0)


@pytest.mark.parametrize("laws", ["pro", "catalogue"])
def test_heuristic_bot_plays_legal_games_to_the_end(laws: str) -> None:
    for g in range(4):
        bots = [make_bot("heuristic" if s == g % 4 else "random", "kingship") for s in range(4)]
        state = regalia.make("kingship", players=4, seed=300 + g, laws=laws, max_turns=300)
        result = play_game(state, bots, rng=random.Random(g))
        assert result.state.is_terminal and not result.truncated
