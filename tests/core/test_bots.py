"""Bots: the random and ISMCTS bots, the bot registry, and hidden-information safety."""

from __future__ import annotations

import random

import pytest

import regalia
from regalia.bots import HeuristicBot, InfoSet, ISMCTSBot, RandomBot, make_bot, play_game
from regalia.bots.simulate import SimulationSpec, simulate


def test_make_bot_knows_generic_bots_and_levels(toy: str) -> None:
    assert isinstance(make_bot("random", toy), RandomBot)
    bot = make_bot("ismcts:hard", toy)
    assert isinstance(bot, ISMCTSBot) and bot.iterations == 960 and bot.seconds is None
    assert make_bot("ismcts:300", toy).iterations == 300  # type: ignore[attr-defined]
    timed = make_bot("ismcts:0.5s", toy)
    assert isinstance(timed, ISMCTSBot) and timed.iterations is None and timed.seconds == 0.5
    with pytest.raises(ValueError, match="unknown bot 'alphazero'"):
        make_bot("alphazero", toy)
    with pytest.raises(ValueError, match="unknown ismcts level"):
        make_bot("ismcts:superhuman", toy)
    with pytest.raises(ValueError, match="unknown ismcts policy"):
        ISMCTSBot("easy", policy="oracle")


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


def test_ismcts_plays_its_policys_move_without_evidence_against_it() -> None:
    """With one rollout per candidate nothing is significant, so the bot keeps the policy's move."""
    heuristic = make_bot("heuristic", "kings-blood")
    for seed in range(6):
        state = regalia.make("kings-blood", players=4, seed=seed)
        while len(state.legal_actions()) < 2:
            state.apply(state.legal_actions()[0])
        seat = state.current_player
        assert seat is not None
        bot = ISMCTSBot("1")
        assert bot.choose(InfoSet(state, seat, random.Random(3))) == heuristic.choose(
            InfoSet(state, seat, random.Random(3))
        )
        assert bot.last_iterations >= 1


def test_ismcts_uses_the_games_heuristic_as_its_policy(toy: str) -> None:
    assert type(ISMCTSBot().policy("kings-blood")) is type(make_bot("heuristic", "kings-blood"))
    assert isinstance(ISMCTSBot().policy(toy), RandomBot)  # the toy game has no heuristic
    assert isinstance(ISMCTSBot(policy="random").policy("kings-blood"), RandomBot)


def test_ismcts_budget_scales_with_the_game(toy: str) -> None:
    assert ISMCTSBot("hard").budget("kings-blood") == 960
    assert ISMCTSBot("hard").budget("kingship") == round(960 * regalia.get_game("kingship").search_scale)
    assert ISMCTSBot("hard").budget("kingship") < 960
    assert ISMCTSBot("480").budget("kingship") == ISMCTSBot("medium").budget("kingship")


def test_ismcts_significance_bar_comes_from_the_game_unless_given() -> None:
    assert ISMCTSBot().threshold("kings-blood") == regalia.get_game("kings-blood").search_z == 0.5
    assert ISMCTSBot().threshold("kingdom") == 1.0
    assert ISMCTSBot(z=2.0).threshold("kings-blood") == 2.0


def test_ismcts_time_budget_stops_and_plays_a_legal_action(toy: str) -> None:
    state = regalia.make(toy, players=3, seed=2)
    seat = state.current_player
    assert seat is not None
    bot = ISMCTSBot("0.05s")
    action = bot.choose(InfoSet(state, seat, random.Random(1)))
    assert action in state.legal_actions()
    assert bot.last_iterations > 0


class _Recorder(HeuristicBot):
    """A heuristic bot that plays the last legal action and records what it was asked."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: list[list[object]] = []

    def choose_unforced(self, infoset: InfoSet, legal: list[object]) -> object:
        self.asked.append(list(legal))
        return legal[-1]


def test_heuristic_bot_plays_a_forced_choice_without_reading_the_view_or_summary(toy: str) -> None:
    state = regalia.make(toy, players=3, seed=5)
    seat = state.current_player
    assert seat is not None
    legal = state.legal_actions()
    assert len(legal) >= 2
    bot = _Recorder()
    forced = InfoSet(state, seat, random.Random(0), [legal[1]])
    assert bot.choose(forced) == legal[1]
    assert bot.asked == [] and forced._view is None and forced._summary is None
    open_choice = InfoSet(state, seat, random.Random(0))
    assert bot.choose(open_choice) == legal[-1]
    assert bot.asked == [legal]
    assert bot.name == "heuristic"


@pytest.mark.parametrize("game", ["blood-and-fortune", "kingdom", "kings-blood", "kings-family", "kingship"])
def test_every_games_heuristic_bot_shares_the_heuristic_base(game: str) -> None:
    bot = make_bot("heuristic", game)
    assert isinstance(bot, HeuristicBot) and bot.name == "heuristic"
    state = regalia.make(game, players=regalia.get_game(game).default_players, seed=3)
    while not state.is_terminal and len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    seat = state.current_player
    assert seat is not None
    assert bot.choose(InfoSet(state, seat, random.Random(0))) in state.legal_actions()
