"""The rewards of a whole episode add up to the final returns, in every adapter and every game.

King's Family scores its founder's generation (1 point, KF-9) before the first move; no adapter
may drop that point (Gymnasium's ``reset`` and PettingZoo's ``reset`` pay no reward, and
OpenSpiel's ``rl_environment`` reads ``rewards()`` only after actions), so the first step's reward
carries it. The win/lose games pay only at the end.
"""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

import regalia  # noqa: E402
from regalia.rl import openspiel as rs  # noqa: E402
from regalia.rl import pettingzoo as rz  # noqa: E402
from regalia.rl.gymnasium import SinglePlayerEnv  # noqa: E402

REAL_GAMES = ("kings-blood", "kings-family", "kingship", "blood-and-fortune", "kingdom")


def _installed(name: str) -> None:
    if name not in regalia.game_names():
        pytest.skip(f"{name} is not installed")


def _first_config(name: str) -> tuple[int, dict[str, object]]:
    players, options = regalia.get_game(name).test_configurations()[0]
    return players, dict(options)


@pytest.mark.parametrize("seed", range(6))
def test_kf_9_gymnasium_rewards_add_up_to_the_score(seed: int) -> None:
    _installed("kings-family")
    env = SinglePlayerEnv("kings-family")
    _obs, info = env.reset(seed=seed)
    assert env.state is not None
    start = env.state.returns()[0]
    assert start == 1.0  # the founder's generation scores before any move
    rng = np.random.default_rng(seed)
    rewards = []
    terminated = truncated = False
    while not (terminated or truncated):
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _obs, reward, terminated, truncated, info = env.step(action)
        rewards.append(reward)
    assert terminated
    result = env.state.result()
    assert result is not None
    assert sum(rewards) == env.state.returns()[0] == result["score"]
    assert rewards[0] >= start  # the first step pays the founder's point


@pytest.mark.parametrize("seed", range(6))
def test_kf_9_openspiel_rewards_add_up_to_the_score(seed: int) -> None:
    _installed("kings-family")
    game = rs.load_game("kings-family", rng_seed=seed)
    assert game.get_type().reward_model == pyspiel.GameType.RewardModel.REWARDS
    state = game.new_initial_state()
    # before the first action nothing is paid yet: OpenSpiel's returns are the rewards so far
    assert state.rewards() == state.returns() == [0.0]
    rng = random.Random(seed)
    total = 0.0
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
        total += state.rewards()[0]
    assert total == state.returns()[0] == state.regalia_state.result()["score"]  # type: ignore[index]


def test_kf_9_openspiel_rl_environment_rewards_add_up_to_the_score() -> None:
    _installed("kings-family")
    rl_environment = pytest.importorskip("open_spiel.python.rl_environment")
    env = rl_environment.Environment(rs.load_game("kings-family", rng_seed=4))
    rng = np.random.RandomState(4)
    for _ in range(4):
        ts = env.reset()
        total = 0.0
        while not ts.last():
            ts = env.step([rng.choice(ts.observations["legal_actions"][0])])
            total += ts.rewards[0]
        assert total == env.get_state.returns()[0]


@pytest.mark.parametrize("seed", range(4))
def test_kf_9_pettingzoo_rewards_add_up_to_the_score(seed: int) -> None:
    _installed("kings-family")
    env = rz.env("kings-family")
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total = 0.0
    for _agent in env.agent_iter():
        obs, reward, termination, truncation, _info = env.last()
        total += reward
        if termination or truncation:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert total == env.unwrapped.state.returns()[0] >= 1.0


def test_kf_9_a_truncated_episode_still_pays_the_founders_point() -> None:
    _installed("kings-family")
    env = SinglePlayerEnv("kings-family", max_steps=1)
    _obs, info = env.reset(seed=0)
    _obs, reward, terminated, truncated, _info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert truncated and not terminated
    assert env.state is not None and reward == env.state.returns()[0] >= 1.0


@pytest.mark.parametrize("name", REAL_GAMES)
def test_every_adapter_pays_a_whole_game_exactly_its_returns(name: str) -> None:
    _installed(name)
    players, options = _first_config(name)
    # OpenSpiel: the sum of rewards() after each action
    game = rs.load_game(name, players=players, rng_seed=11, **options)
    state = game.new_initial_state()
    rng = random.Random(11)
    totals = [0.0] * players
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
        totals = [t + r for t, r in zip(totals, state.rewards(), strict=True)]
    assert totals == state.returns(), name
    # PettingZoo: the rewards env.last() hands each agent
    env = rz.env(name, players=players, **options)
    env.reset(seed=11)
    paid = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, _info = env.last()
        paid[agent] += reward
        if termination or truncation:
            env.step(None)
            continue
        env.step(int(rng.choice(list(np.flatnonzero(obs["action_mask"])))))
    assert [paid[a] for a in env.possible_agents] == env.unwrapped.state.returns(), name
