"""PettingZoo adapter on the toy game: api_test, seed_test, rewards, masks, rendering."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from regalia.core import IllegalActionError  # noqa: E402
from regalia.rl import pettingzoo as rz  # noqa: E402

# api_test warns about every dict observation; {"observation", "action_mask"} is the format asked for
pytestmark = pytest.mark.filterwarnings(
    "ignore:Observation space for each agent", "ignore:Observation is not a NumPy array"
)


@pytest.mark.parametrize(("players", "options"), [(2, {}), (3, {"plays": 1}), (4, {"mode": "low"})])
def test_api_test(toy_encoded: str, players: int, options: dict[str, object]) -> None:
    api_test(rz.env(toy_encoded, players=players, **options), num_cycles=100)


def test_api_test_with_fallback_encoder(toy: str) -> None:
    api_test(rz.env(toy, players=3), num_cycles=100)


@pytest.mark.parametrize("players", [2, 4])
def test_seed_test(toy_encoded: str, players: int) -> None:
    seed_test(lambda: rz.env(toy_encoded, players=players), num_cycles=50)


def test_a_game_to_the_end(toy_encoded: str) -> None:
    env = rz.env(toy_encoded, players=3, render_mode="ansi")
    env.reset(seed=7)
    assert env.possible_agents == ["player_0", "player_1", "player_2"]
    assert "deck" in env.render()
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, _info = env.last()
        totals[agent] += reward
        assert obs["observation"].dtype == np.float32 and obs["action_mask"].dtype == np.int8
        if termination or truncation:
            env.step(None)
            continue
        assert obs["action_mask"].sum() >= 1
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    final = env.unwrapped.state.returns()
    assert [totals[a] for a in env.possible_agents] == final


def test_illegal_action_raises_and_changes_nothing(toy_encoded: str) -> None:
    env = rz.env(toy_encoded, players=2)
    env.reset(seed=1)
    obs, *_ = env.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = env.unwrapped.state.snapshot()
    with pytest.raises(IllegalActionError):
        env.step(illegal)
    assert env.unwrapped.state.snapshot() == before


def test_truncation_after_max_steps(toy_encoded: str) -> None:
    env = rz.env(toy_encoded, players=2, max_steps=3)
    env.reset(seed=2)
    steps = 0
    for _agent in env.agent_iter():
        obs, _r, termination, truncation, _i = env.last()
        if termination or truncation:
            assert truncation and not termination
            env.step(None)
            continue
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        steps += 1
    assert steps == 3
