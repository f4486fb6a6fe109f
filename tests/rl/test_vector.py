"""The batch environment (``regalia.rl.vector_env``): shapes and dtypes, every step checked against
the same games played one by one, same-step auto-reset, reproducible seeds, refused actions,
fixed opponents, truncation (issue 23)."""

from __future__ import annotations

from typing import Any

import pytest

np = pytest.importorskip("numpy")

import regalia  # noqa: E402
import regalia.rl  # noqa: E402
from regalia.core.registry import game_names  # noqa: E402
from regalia.rl.encoders import (  # noqa: E402
    ENCODERS,
    get_encoder,
    register_encoder,
    unregister_encoder,
)

KEYS = {
    "observation": np.float32,
    "action_mask": np.bool_,
    "current_player": np.int64,
    "rewards": np.float32,
    "terminated": np.bool_,
    "truncated": np.bool_,
}


def _config(name: str) -> tuple[int, dict[str, Any]]:
    players, options = regalia.get_game(name).test_configurations()[0]
    return players, dict(options)


@pytest.mark.parametrize("name", sorted(game_names()))
def test_batch_env_returns_the_documented_shapes_and_dtypes(name: str) -> None:
    players, options = _config(name)
    env = regalia.rl.vector_env(name, 3, players=players, **options)
    assert env.fast, f"{name}: the batch env should use the game's observation writer"
    out = env.reset(seed=0)
    assert set(out) == set(KEYS)
    shapes = {
        "observation": (3, env.observation_size),
        "action_mask": (3, env.num_actions),
        "current_player": (3,),
        "rewards": (3, players),
        "terminated": (3,),
        "truncated": (3,),
    }
    for key, dtype in KEYS.items():
        assert out[key].dtype == dtype, key
        assert out[key].shape == shapes[key], key
    assert env.observation_size == get_encoder(name, players, regalia.get_game(name).make_config(**options)).size
    assert not out["rewards"].any() and not out["terminated"].any()


@pytest.mark.parametrize("name", sorted(game_names()))
def test_every_step_equals_the_same_games_played_one_by_one(name: str) -> None:
    """Each step: the rewards are the change of returns() of a copy stepped alone, the flags its
    end, and the observation, mask and seat to act those of the game now under way (the new game
    after an end: same-step auto-reset); a game's rewards add up to its final returns."""
    players, options = _config(name)
    env = regalia.rl.vector_env(name, 4, players=players, max_steps=150, **options)
    config = regalia.get_game(name).make_config(**options)
    enc = get_encoder(name, players, config)
    out = env.reset(seed=11)
    rng = np.random.default_rng(11)
    totals = np.zeros((4, players))
    finished = 0
    for _ in range(160):
        shadows = env.states()
        for i, s in enumerate(shadows):
            seat = s.current_player
            assert out["current_player"][i] == seat
            assert np.array_equal(out["observation"][i], enc.encode(s.view(seat), seat))
            mask = np.zeros(env.num_actions, np.bool_)
            mask[s.legal_action_ids()] = True
            assert np.array_equal(out["action_mask"][i], mask)
        actions = env.sample_actions(rng)
        before = [s.returns() if s.history else [0.0] * players for s in shadows]
        out = env.step(actions)
        for i, s in enumerate(shadows):
            s.apply(int(actions[i]))
            want = np.array(s.returns()) - np.array(before[i])
            assert np.allclose(out["rewards"][i], want), (i, out["rewards"][i], want)
            totals[i] += out["rewards"][i]
            assert bool(out["terminated"][i]) == s.is_terminal
            assert bool(out["truncated"][i]) == (not s.is_terminal and len(s.history) >= 150)
            if out["terminated"][i] or out["truncated"][i]:
                assert np.allclose(totals[i], s.returns())
                totals[i] = 0.0
                finished += 1
    assert finished == env.episodes
    assert finished > 0, f"{name}: no game finished in the test"


def test_first_step_pays_the_opening_score() -> None:
    """King's Family's founder point (KF-9) is paid by a game's first step, not by reset()."""
    env = regalia.rl.vector_env("kings-family", 2)
    out = env.reset(seed=0)
    assert not out["rewards"].any()
    assert [s.returns()[0] for s in env.states()] == [1.0, 1.0]
    out = env.step(env.sample_actions(np.random.default_rng(0)))
    after = env.states()
    for i in range(2):
        if not out["terminated"][i]:
            assert out["rewards"][i, 0] == after[i].returns()[0] >= 1.0


def test_same_seed_same_games_and_another_seed_other_games() -> None:
    def run(seed: int) -> list[np.ndarray]:
        env = regalia.rl.vector_env("kingship", 3, players=4, max_turns=60)
        out = env.reset(seed=seed)
        rng = np.random.default_rng(5)
        seen = [out["observation"].copy()]
        for _ in range(80):
            out = env.step(env.sample_actions(rng))
            seen.append(out["observation"].copy())
            seen.append(out["rewards"].copy())
        return seen

    a, b, c = run(7), run(7), run(8)
    assert all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))
    assert not np.array_equal(a[0], c[0])


def test_reset_without_seed_draws_a_new_deal_from_the_last_seed() -> None:
    env = regalia.rl.vector_env("kings-blood", 2, players=3)
    first = env.reset(seed=3)["observation"]
    again = env.reset()["observation"]
    assert not np.array_equal(first, again)
    other = regalia.rl.vector_env("kings-blood", 2, players=3)
    other.reset(seed=3)
    assert np.array_equal(other.reset()["observation"], again)


def test_illegal_action_is_refused_naming_it_and_no_game_changes() -> None:
    env = regalia.rl.vector_env("kings-blood", 3, players=4)
    out = env.reset(seed=2)
    before = [s.snapshot() for s in env.states()]
    actions = env.sample_actions(np.random.default_rng(0))
    bad = int(np.flatnonzero(~out["action_mask"][1])[0])
    actions[1] = bad
    with pytest.raises(ValueError, match=rf"actions\[1\]: action id {bad} is not legal in game 1"):
        env.step(actions)
    assert [s.snapshot() for s in env.states()] == before
    with pytest.raises(ValueError, match=r"actions: expected shape \(3,\)"):
        env.step(actions[:2])
    with pytest.raises(ValueError, match="integer action ids"):
        env.step(actions + 0.5)
    with pytest.raises(ValueError, match=r"actions\[0\]"):
        env.step(np.full(3, env.num_actions))
    assert [s.snapshot() for s in env.states()] == before


def test_bad_arguments_are_refused_naming_the_field() -> None:
    with pytest.raises(ValueError, match="num_envs"):
        regalia.rl.vector_env("kings-blood", 0)
    with pytest.raises(ValueError, match="players"):
        regalia.rl.vector_env("kings-blood", 2, players=9)
    with pytest.raises(ValueError, match="opponents"):
        regalia.rl.vector_env("kings-blood", 2, players=2, opponents={2: "random"})
    with pytest.raises(ValueError, match="bot"):
        regalia.rl.vector_env("kings-blood", 2, players=2, opponents={1: "nobody"})
    with pytest.raises(ValueError, match="leave at least one"):
        regalia.rl.vector_env("kings-blood", 2, players=2, opponents={0: "random", 1: "random"})
    with pytest.raises(ValueError, match="max_steps"):
        regalia.rl.vector_env("kings-blood", 2, max_steps=0)
    with pytest.raises(ValueError, match="step"):
        regalia.rl.vector_env("kings-blood", 2).step(np.zeros(2, np.int64))


def test_opponents_play_their_seats_inside_step() -> None:
    env = regalia.rl.vector_env("kings-blood", 4, players=3, opponents={1: "heuristic", 2: "random"})
    assert env.learner_seats == [0]
    out = env.reset(seed=4)
    rng = np.random.default_rng(4)
    wins = np.zeros(3)
    for _ in range(300):
        assert (out["current_player"] == 0).all()
        out = env.step(env.sample_actions(rng))
        wins += out["rewards"].sum(axis=0)
    assert env.episodes > 0
    assert wins.sum() > 0 and wins[1] + wins[2] > 0  # the bots win games too


def test_opponents_are_reproducible_with_the_seed() -> None:
    def run() -> np.ndarray:
        env = regalia.rl.vector_env("kingdom", 2, players=2, opponents={1: "random"}, max_turns=40)
        out = env.reset(seed=9)
        rng = np.random.default_rng(9)
        for _ in range(60):
            out = env.step(env.sample_actions(rng))
        return np.asarray(out["observation"])

    assert np.array_equal(run(), run())


def test_games_are_cut_at_max_steps() -> None:
    env = regalia.rl.vector_env("kings-blood", 2, players=4, max_steps=5)
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    flags = [env.step(env.sample_actions(rng))["truncated"].copy() for _ in range(5)]
    assert not any(f.any() for f in flags[:4])
    assert flags[4].all()
    assert env.episodes == 2


def test_without_copy_the_arrays_are_read_only_views_updated_by_step() -> None:
    env = regalia.rl.vector_env("kings-blood", 2, players=4, copy=False)
    out = env.reset(seed=1)
    mask = out["action_mask"]
    assert not mask.flags.writeable
    before = mask.copy()
    out2 = env.step(env.sample_actions(np.random.default_rng(0)))
    assert out2["action_mask"] is mask and not np.array_equal(before, mask)


def test_a_registered_encoder_replaces_the_fast_path() -> None:
    from regalia.rl.encoders.kings_blood import encoder as builtin

    def small(players: int, config: Any) -> Any:
        full = builtin(players, config)
        return type(full)(full.slices[:3])

    register_encoder("kings-blood", small)
    try:
        env = regalia.rl.vector_env("kings-blood", 2, players=2)
        assert not env.fast
        out = env.reset(seed=0)
        state = env.states()[0]
        want = get_encoder("kings-blood", 2, regalia.get_game("kings-blood").make_config()).encode(
            state.view(state.current_player), state.current_player
        )
        assert out["observation"].shape == (2, want.size)
        assert np.array_equal(out["observation"][0], want)
    finally:
        unregister_encoder("kings-blood")
        register_encoder("kings-blood", ENCODERS["kings-blood"])


def test_random_agent_plays_many_games_with_consistent_flags() -> None:
    env = regalia.rl.vector_env("blood-and-fortune", 8, players=4)
    out = env.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(200):
        out = env.step(env.sample_actions(rng))
        done = out["terminated"] | out["truncated"]
        assert not (out["terminated"] & out["truncated"]).any()
        assert out["action_mask"].any(axis=1).all()
        assert (out["rewards"][~done] == 0).all()  # win/lose games pay only at the end
    assert env.episodes >= 8
