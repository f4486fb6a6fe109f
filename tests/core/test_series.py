"""regalia.Series: a scoring series of King's Blood games (rule sheet "Scoring across games")."""

from __future__ import annotations

import pytest

import regalia
from regalia.bots import InfoSet, make_bot
from regalia.series import scoring_of


def _finish(state: regalia.State, seed: int = 0) -> regalia.State:
    import random

    rng = random.Random(seed)
    bot = make_bot("heuristic", state.game.name)
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        state.apply(bot.choose(InfoSet(state, seat, rng)))
    return state


def test_series_adds_each_game_s_scores_until_a_total_reaches_the_target() -> None:
    series = regalia.Series("kings-blood", players=3, seed=11, target=60, scoring="winner_collects")
    assert series.direction == "highest" and series.scoring == "winner_collects"
    expected = [0, 0, 0]
    while not series.is_over:
        state = series.next_game()
        assert state.seed == 11 + len(series.games)  # game i is dealt with seed + i
        _finish(state)
        scores = state.result()["scores"]  # type: ignore[index]
        game = series.add(state)
        expected = [t + s for t, s in zip(expected, scores, strict=True)]
        assert game.scores == scores and series.totals == expected
        assert regalia.replay(game.record).result() == state.result()
    assert max(series.totals) >= 60
    assert series.winners == tuple(s for s, t in enumerate(series.totals) if t == max(series.totals))
    data = series.to_dict()
    assert data["over"] and data["totals"] == series.totals and len(data["games"]) == len(series.games)
    with pytest.raises(ValueError, match="series: the series is over"):
        series.next_game()


def test_lowest_wins_series_is_won_by_the_lowest_total() -> None:
    series = regalia.Series("kings-blood", players=3, seed=4, target=30, scoring="lowest_wins")
    assert series.direction == "lowest"
    while not series.is_over:
        series.add(_finish(series.next_game()))
    totals = series.totals
    assert max(totals) >= 30  # someone reached the target, which ends it ...
    assert series.winners == tuple(s for s, t in enumerate(totals) if t == min(totals))  # ... the lowest wins
    assert "lowest total wins" in series.standings()


def test_leaders_and_winners_while_the_series_runs() -> None:
    series = regalia.Series("kings-blood", players=2, seed=1, target=10_000, scoring="winner_collects")
    assert series.totals == [0, 0] and series.leaders == (0, 1) and series.winners == ()
    series.add(_finish(series.next_game()))
    assert not series.is_over and series.winners == ()
    assert series.leaders == tuple(s for s, t in enumerate(series.totals) if t == max(series.totals))


def test_series_refuses_what_it_cannot_count() -> None:
    series = regalia.Series("kings-blood", players=2, seed=1, target=50, scoring="winner_collects")
    running = series.next_game()
    with pytest.raises(ValueError, match="state: the game is not over"):
        series.add(running)
    other_seed = _finish(regalia.make("kings-blood", players=2, seed=9, scoring="winner_collects"))
    with pytest.raises(ValueError, match="seed 9"):
        series.add(other_seed)
    unscored = _finish(regalia.make("kings-blood", players=2, seed=1))
    with pytest.raises(ValueError, match="not scored by 'winner_collects'"):
        series.add(unscored)
    three = _finish(regalia.make("kings-blood", players=3, seed=1, scoring="winner_collects"))
    with pytest.raises(ValueError, match="not a game of this series"):
        series.add(three)
    assert series.games == []


@pytest.mark.parametrize(
    ("args", "options", "message"),
    [
        (("kingship",), {}, "scoring: Kingship keeps no score across games"),
        (("kings-blood",), {}, "scoring: a series needs a scoring rule other than 'none'"),
        (("kings-blood",), {"scoring": "sideways"}, "option 'scoring'"),
        (("nope",), {}, "unknown game 'nope'"),
    ],
)
def test_series_of_an_unscored_game_is_refused(args: tuple[str], options: dict[str, str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        regalia.Series(*args, players=4, **options)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"target": 0}, "target: expected a number of points of at least 1"),
        ({"target": True}, "target"),
        ({"seed": -1}, "seed: expected an integer from 0"),
        ({"players": 9}, "players: King's Blood takes 2-6 players"),
    ],
)
def test_series_names_the_bad_field(kwargs: dict[str, object], message: str) -> None:
    args: dict[str, object] = {"players": 3, "scoring": "winner_collects", **kwargs}
    with pytest.raises(ValueError, match=message):
        regalia.Series("kings-blood", **args)  # type: ignore[arg-type]


def test_scoring_of_reads_the_option_or_its_default() -> None:
    assert scoring_of("kings-blood", {}) is None
    assert scoring_of("kings-blood", {"scoring": "lowest_wins"}) == "lowest_wins"
    assert scoring_of("kingdom", {}) is None
