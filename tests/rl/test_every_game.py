"""The adapters on every registered game (the real games, once they are installed).

The game list is read at run time; with no game installed the tests skip. Each game runs with
three of its conformance configurations (``Game.test_configurations``: the first, the middle and
the last, so several player counts and option sets; one OpenSpiel simulation each), and a game
whose returns fall outside ``[0, 1]`` must register its range with
``regalia.rl.register_adapter_info``.
"""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

import regalia  # noqa: E402
from regalia.core.registry import game_names  # noqa: E402
from regalia.rl import openspiel as rs  # noqa: E402
from regalia.rl import pettingzoo as rz  # noqa: E402
from regalia.rl.llm import observation_text, parse_reply  # noqa: E402

TEST_GAMES = {"toy", "toy-solo", "toy-str"}


def _cases() -> list[tuple[str, int, dict[str, object]]]:
    out = []
    for name in game_names():
        if name in TEST_GAMES:
            continue
        configs = regalia.get_game(name).test_configurations()
        # several player counts and option sets: the first, the middle and the last configuration
        picks = sorted({0, len(configs) // 2, len(configs) - 1})
        for i in picks:
            players, options = configs[i]
            out.append((name, players, dict(options)))
    if not out:
        pytest.skip("no real game is installed in this build yet")
    return out


def test_openspiel_random_sim_test_on_every_game() -> None:
    for name, players, options in _cases():
        game = rs.load_game(name, players=players, rng_seed=0, **options)
        pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
        state = game.new_initial_state()
        copy = game.deserialize_state(state.serialize())
        assert str(copy) == str(state), name


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_pettingzoo_api_test_and_seed_test_on_every_multiplayer_game() -> None:
    from pettingzoo.test import api_test, seed_test

    for name, players, options in _cases():
        if players < 2:
            continue  # an AEC environment per multi-player game; King's Family is the Gymnasium env
        api_test(rz.env(name, players=players, **options), num_cycles=50)
        seed_test(lambda n=name, p=players, o=options: rz.env(n, players=p, **o), num_cycles=50)


def test_llm_text_round_trip_on_every_game() -> None:
    for name, players, options in _cases():
        state = regalia.make(name, players=players, seed=1, **options)
        rng = random.Random(1)
        for _ in range(30):
            if state.is_terminal:
                break
            seat = state.current_player
            assert seat is not None
            observation_text(state, seat)
            legal = state.legal_actions()
            i = rng.randrange(len(legal))
            assert parse_reply(state, str(i + 1)) == legal[i], name
            assert parse_reply(state, str(legal[i])) == legal[i], name
            state.apply(legal[i])


def test_openspiel_ismcts_runs_on_every_game() -> None:
    """OpenSpiel's own Python IS-MCTS bot (random-rollout evaluator) with the adapter's
    resampler: a few searched moves of every game, each one legal, and every resampled state
    keeps the searching seat's information state."""
    ismcts = pytest.importorskip("open_spiel.python.algorithms.ismcts")
    mcts = pytest.importorskip("open_spiel.python.algorithms.mcts")
    first = {}
    for name, players, options in _cases():
        first.setdefault(name, (players, options))
    for name, (players, options) in first.items():
        game = rs.load_game(name, players=players, rng_seed=3, **options)
        rng = np.random.RandomState(3)
        bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 1.0, 4, random_state=rng)
        bot.set_resampler(rs.resampler(seed=3))
        state = game.new_initial_state()
        searched = 0
        while searched < 3 and not state.is_terminal():
            legal = state.legal_actions()
            if len(legal) > 1:
                player = state.current_player()
                sample = state.resample(player, random.Random(searched))
                assert sample.information_state_string(player) == state.information_state_string(player), name
                action = bot.step(state)
                searched += 1
                assert action in legal, name
            else:
                action = legal[0]
            state.apply_action(action)


WIN_LOSE = ("kings-blood", "kingship", "blood-and-fortune", "kingdom")


@pytest.mark.parametrize("name", WIN_LOSE)
def test_openspiel_mcts_plays_every_win_lose_game(name: str) -> None:
    """The win/lose games declare terminal rewards, so OpenSpiel's MCTSBot accepts them: the
    Python ``open_spiel.python.algorithms.mcts.MCTSBot`` and the C++ ``pyspiel.MCTSBot`` (through
    ``step_with_policy``: its ``step`` crashes on every Python game in open_spiel 2.0.2, see
    docs/rl.md) each play a few searched moves, every one legal."""
    if name not in game_names():
        pytest.skip(f"{name} is not installed")
    mcts = pytest.importorskip("open_spiel.python.algorithms.mcts")
    players, options = regalia.get_game(name).test_configurations()[0]
    game = rs.load_game(name, players=players, rng_seed=5, **options)
    assert game.get_type().reward_model == pyspiel.GameType.RewardModel.TERMINAL
    rng = np.random.RandomState(5)
    python_bot = mcts.MCTSBot(game, 1.0, 8, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    cpp_bot = pyspiel.MCTSBot(game, pyspiel.RandomRolloutEvaluator(1, 5), 1.0, 8, 50, False, 5, False)
    state = game.new_initial_state()
    searched = {"python": 0, "c++": 0}
    while min(searched.values()) < 2 and not state.is_terminal():
        legal = state.legal_actions()
        if len(legal) == 1:
            action = legal[0]
        elif searched["python"] <= searched["c++"]:
            action = python_bot.step(state)
            searched["python"] += 1
        else:
            policy, action = cpp_bot.step_with_policy(state)
            assert policy == [(action, 1.0)]
            searched["c++"] += 1
        assert action in legal, name
        state.apply_action(action)
    assert min(searched.values()) == 2, name


def test_openspiel_mcts_refuses_the_scored_solitaire() -> None:
    """King's Family rewards as its score moves (``RewardModel.REWARDS``): MCTSBot, which needs
    terminal rewards, says so instead of searching with a wrong value."""
    if "kings-family" not in game_names():
        pytest.skip("kings-family is not installed")
    mcts = pytest.importorskip("open_spiel.python.algorithms.mcts")
    game = rs.load_game("kings-family", rng_seed=0)
    with pytest.raises(ValueError, match="terminal rewards"):
        mcts.MCTSBot(game, 1.0, 8, mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)))
