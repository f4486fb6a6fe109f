"""OpenSpiel adapter on the toy game: random_sim_test, tensors, resampling, IS-MCTS."""

from __future__ import annotations

import dataclasses
import random
from typing import Literal

import pytest

from regalia.core.config import option, parse_option
from regalia.rl import AdapterInfo, register_adapter_info

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from regalia.rl import openspiel as rs  # noqa: E402


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {}), (3, {"plays": 1}), (4, {"mode": "low"}), (2, {"plays": 3, "mode": "low"})],
)
def test_random_sim_test_with_fallback_encoder(toy: str, players: int, options: dict[str, object]) -> None:
    game = rs.load_game(toy, players=players, rng_seed=players, **options)
    assert game.num_players() == players
    pyspiel.random_sim_test(game, num_sims=5, serialize=False, verbose=False)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_sim_test_with_game_encoder(toy_encoded: str, players: int) -> None:
    game = rs.load_game(toy_encoded, players=players, rng_seed=1)
    pyspiel.random_sim_test(game, num_sims=5, serialize=False, verbose=False)
    enc = game.encoder
    assert game.observation_tensor_shape() == [enc.size]
    assert game.information_state_tensor_shape() == [enc.size + 8 * game.num_distinct_actions()]


def test_game_type_and_parameters(toy: str) -> None:
    assert rs.short_name("kings-blood") == "python_regalia_kings_blood"
    game = rs.load_game(toy, players=3, plays=1)
    gt = game.get_type()
    assert gt.short_name == "python_regalia_toy"
    assert gt.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert gt.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert (gt.min_num_players, gt.max_num_players) == (2, 4)
    assert game.num_distinct_actions() == 14  # draw, 12 cards, pass
    assert game.spec.config.plays == 1
    with pytest.raises(ValueError, match="unknown parameter 'colour'"):
        rs.load_game(toy, colour="red")


def test_rng_seed_makes_deals_reproducible(toy: str) -> None:
    a = rs.load_game(toy, players=2, rng_seed=5)
    b = rs.load_game(toy, players=2, rng_seed=5)
    deals = [str(a.new_initial_state()) for _ in range(3)]
    assert deals == [str(b.new_initial_state()) for _ in range(3)]
    assert len(set(deals)) == 3


def test_one_player_game_with_a_score_range(solo: str) -> None:
    register_adapter_info(solo, AdapterInfo(min_utility=0.0, max_utility=30.0, max_game_length=20))
    game = rs.load_game(solo, plays=3, rng_seed=0)
    assert game.num_players() == 1 and game.max_utility() == 30.0 and game.max_game_length() == 20
    pyspiel.random_sim_test(game, num_sims=5, serialize=False, verbose=False)


def test_options_of_other_types_are_passed_as_text() -> None:
    @dataclasses.dataclass(frozen=True, kw_only=True)
    class Config:
        limit: int | None = option(None, doc="a limit", label="Limit")
        fast: bool = option(False, doc="go fast", label="Fast")
        mode: Literal["a", "b"] = option("a", doc="a mode", label="Mode")

    kinds = rs._option_kinds(Config)
    assert kinds == {"limit": (True, "none"), "fast": (False, False), "mode": (False, "a")}
    assert parse_option(Config, "limit=none") == ("limit", None)


def test_state_serialization_round_trip(toy_encoded: str) -> None:
    game = rs.load_game(toy_encoded, players=3, rng_seed=2)
    state = game.new_initial_state()
    rng = random.Random(0)
    while not state.is_terminal():
        copy = game.deserialize_state(state.serialize())
        assert str(copy) == str(state)
        assert copy.history() == state.history()
        assert copy.information_state_string(0) == state.information_state_string(0)
        assert copy.observation_tensor(1) == state.observation_tensor(1)
        state.apply_action(rng.choice(state.legal_actions()))


def test_observations_strings_and_masks(toy_encoded: str) -> None:
    game = rs.load_game(toy_encoded, players=2, rng_seed=3)
    state = game.new_initial_state()
    assert '"hand"' in state.observation_string(0)
    mask = state.legal_actions_mask(0)
    assert len(mask) == 10 and sum(mask) == len(state.legal_actions())
    state.apply_action(state.legal_actions()[-1])
    info = state.information_state_string(0)
    assert info.startswith("p0 ") and info.endswith(state.action_to_string(0, state.history()[0]))
    tensor = np.array(state.information_state_tensor(0))
    own = tensor[game.encoder.size :].reshape(8, 10)
    assert own[0, state.history()[0]] == 1.0 and own.sum() == 1.0
    public = game.make_py_observer(
        pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE)
    )
    public.set_from(state, 0)
    assert game.encoder.split(public.tensor)["hand"].sum() == 0.0  # a spectator sees no hand


def test_resample_keeps_the_information_state(toy_encoded: str) -> None:
    game = rs.load_game(toy_encoded, players=3, rng_seed=4)
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    differs = False
    for _ in range(20):
        for player in range(3):
            twin = state.resample_from_infostate(player, sampler)
            assert twin.information_state_string(player) == state.information_state_string(player)
            assert twin.history() == state.history()
            differs |= str(twin) != str(state)
    assert differs


def _ismcts_bot(game: object, sims: int, own_resampler: bool = True) -> object:
    ismcts = pytest.importorskip("open_spiel.python.algorithms.ismcts")
    mcts = pytest.importorskip("open_spiel.python.algorithms.mcts")
    rng = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 1.0, sims, random_state=rng)
    if own_resampler:  # otherwise the bot calls state.resample_from_infostate itself
        bot.set_resampler(rs.resampler(0))
    return bot


def test_openspiel_ismcts_finds_the_sure_win(toy_encoded: str) -> None:
    # one card each: seat 0 wins for sure by playing a card above every card it cannot see
    for seed in range(100):
        game = rs.load_game(toy_encoded, players=2, plays=1, rng_seed=seed)
        state = game.new_initial_state()
        hand = state.regalia_state.view(0)["hand"]
        if 8 in hand and min(hand) < 7:
            break
    for own_resampler in (True, False):
        bot = _ismcts_bot(game, 100, own_resampler)
        assert bot.step(state) == 8  # type: ignore[attr-defined]


def test_openspiel_ismcts_beats_random(toy_encoded: str) -> None:
    game = rs.load_game(toy_encoded, players=2, rng_seed=0)
    bot = _ismcts_bot(game, 40)
    rng = np.random.RandomState(1)
    wins = {"ismcts": 0, "random": 0}
    for g in range(16):
        seat = g % 2
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player() == seat:
                action = bot.step(state)  # type: ignore[attr-defined]
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
        returns = state.returns()
        wins["ismcts"] += int(returns[seat] == 1.0)
        wins["random"] += int(returns[1 - seat] == 1.0)
    assert wins["ismcts"] > wins["random"], wins


def test_python_fast_paths_match_the_cpp_observer(toy_encoded: str) -> None:
    game = rs.load_game(toy_encoded, players=3, rng_seed=6)
    state = game.new_initial_state()
    rng = random.Random(1)
    while not state.is_terminal():
        for p in range(3):
            assert state.observation_tensor(p) == pytest.approx(pyspiel.State.observation_tensor(state, p))
            assert state.information_state_tensor(p) == pytest.approx(pyspiel.State.information_state_tensor(state, p))
            assert state.observation_string(p) == pyspiel.State.observation_string(state, p)
            assert state.information_state_string(p) == pyspiel.State.information_state_string(state, p)
        assert state.observation_tensor() == state.observation_tensor(state.current_player())
        state.apply_action(rng.choice(state.legal_actions()))
    with pytest.raises(ValueError, match="not a seat"):
        state.observation_tensor(5)


def test_openspiel_rl_environment_runs_episodes(toy_encoded: str) -> None:
    rl_environment = pytest.importorskip("open_spiel.python.rl_environment")
    game = rs.load_game(toy_encoded, players=3, rng_seed=0)
    env = rl_environment.Environment(game)
    assert env.observation_spec()["info_state"] == (game.information_state_tensor_size(),)
    rng = np.random.RandomState(0)
    for _ in range(3):
        ts = env.reset()
        totals = np.zeros(3)
        while not ts.last():
            p = ts.observations["current_player"]
            ts = env.step([rng.choice(ts.observations["legal_actions"][p])])
            totals += ts.rewards
        assert totals.tolist() == env.get_state.returns()


def test_wrap_an_exact_deal(toy_encoded: str) -> None:
    import regalia

    game = rs.load_game(toy_encoded, players=2)
    deal = regalia.make(toy_encoded, players=2, seed=0, deck=[str(c) for c in range(8, 0, -1)])
    state = game.wrap(deal)
    assert state.regalia_state.view(0)["hand"] == [6, 8] and state.history() == []
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False, specific_initial_state=state)
    deal.apply("draw")
    with pytest.raises(ValueError, match="no moves yet"):
        game.wrap(deal)
    with pytest.raises(ValueError, match="does not fit"):
        game.wrap(regalia.make(toy_encoded, players=3, seed=0))
