"""Gymnasium adapter: the generic single-player env on a 1-player toy, and King's Family."""

from __future__ import annotations

import pytest

gym = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from regalia.core import IllegalActionError  # noqa: E402
from regalia.core.registry import game_names  # noqa: E402
from regalia.rl.gymnasium import KINGS_FAMILY_ID, SinglePlayerEnv  # noqa: E402


@pytest.mark.parametrize("options", [{}, {"plays": 3}])
def test_check_env(solo: str, options: dict[str, object]) -> None:
    if "regalia/ToySolo-v0" not in gym.registry:
        gym.register("regalia/ToySolo-v0", entry_point="regalia.rl.gymnasium:SinglePlayerEnv")
    env = gym.make("regalia/ToySolo-v0", game_name=solo, render_mode="ansi", **options)
    check_env(env.unwrapped, skip_render_check=False)


def test_reward_is_the_score_change(solo: str) -> None:
    env = SinglePlayerEnv(solo, render_mode="ansi", plays=3)
    obs, info = env.reset(seed=3)
    assert obs.shape == env.observation_space.shape and "hand" in env.render()
    total = 0.0
    terminated = truncated = False
    while not (terminated or truncated):
        action = int(np.flatnonzero(info["action_mask"])[-1])
        obs, reward, terminated, truncated, info = env.step(action)
        total += reward
    assert terminated and info["action_mask"].sum() == 0
    assert total == env.state.returns()[0] > 0


def test_illegal_actions_penalized_or_raised(solo: str) -> None:
    env = SinglePlayerEnv(solo)
    _obs, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    before = env.state.snapshot()
    _obs, reward, terminated, _t, info = env.step(illegal)
    assert reward == -1.0 and not terminated and "illegal action" in info["illegal_action"]
    assert env.state.snapshot() == before
    strict = SinglePlayerEnv(solo, illegal_action="raise")
    strict.reset(seed=1)
    with pytest.raises(IllegalActionError):
        strict.step(illegal)


def test_multi_player_games_are_refused(toy: str) -> None:
    with pytest.raises(ValueError, match="cannot be played by one player"):
        SinglePlayerEnv(toy)


def test_kings_family_is_registered() -> None:
    assert KINGS_FAMILY_ID in gym.registry


def test_kings_family_env() -> None:
    if "kings-family" not in game_names():  # an installation without the game still registers the id
        pytest.skip("the kings-family game is not installed")
    env = gym.make(KINGS_FAMILY_ID)
    check_env(env.unwrapped)
