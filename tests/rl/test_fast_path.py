"""The adapters use the fast path (issue 23): every built-in game's adapters write their tensors
with the game's observation writer, and what they return equals the encoder over the seat's view;
legal action ids are offered beside the masks; a user's encoder turns the fast path off."""

from __future__ import annotations

import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")
pyspiel = pytest.importorskip("pyspiel")

import regalia  # noqa: E402
from regalia.core.registry import game_names  # noqa: E402
from regalia.rl import openspiel as rs  # noqa: E402
from regalia.rl import pettingzoo as rz  # noqa: E402
from regalia.rl.encoders import (  # noqa: E402
    ENCODERS,
    get_encoder,
    register_encoder,
)
from regalia.rl.encoding import Encoder  # noqa: E402
from regalia.rl.gymnasium import SinglePlayerEnv  # noqa: E402
from regalia.rl.observe import Observer  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore:Observation space for each agent", "ignore:Observation is not a NumPy")


def _config(name: str) -> tuple[int, dict[str, Any]]:
    players, options = regalia.get_game(name).test_configurations()[0]
    return players, dict(options)


@pytest.mark.parametrize("name", sorted(game_names()))
def test_every_builtin_game_takes_the_fast_path(name: str) -> None:
    players, options = _config(name)
    observer = Observer(name, players, regalia.get_game(name).make_config(**options))
    assert observer.fast
    assert observer.size == observer.encoder.size


@pytest.mark.parametrize("name", sorted(g for g in game_names() if regalia.get_game(g).max_players > 1))
def test_pettingzoo_observations_are_the_view_encoding_and_infos_list_the_legal_ids(name: str) -> None:
    players, options = _config(name)
    env = rz.raw_env(name, players=players, **options)
    assert env.observer.fast
    env.reset(seed=3)
    rng = random.Random(3)
    for agent in env.agent_iter(max_iter=60):
        obs, _r, term, trunc, info = env.last()
        state = env.state
        assert state is not None
        seat = env._seat[agent]
        assert np.array_equal(obs["observation"], env.encoder.encode(state.view(seat), seat))
        if term or trunc:
            env.step(None)
            continue
        assert sorted(info["legal_actions"]) == np.flatnonzero(obs["action_mask"]).tolist()
        assert info["legal_actions"] == state.legal_action_ids()
        other = env.possible_agents[(seat + 1) % players]
        assert env.infos[other]["legal_actions"] == []
        env.step(rng.choice(info["legal_actions"]))


def test_gymnasium_offers_action_masks_and_legal_ids() -> None:
    env = SinglePlayerEnv("kings-family")
    assert env.observer.fast
    obs, info = env.reset(seed=2)
    rng = random.Random(2)
    done = False
    while not done:
        state = env.state
        assert state is not None
        assert np.array_equal(obs, env.encoder.encode(state.view(0), 0))
        assert np.array_equal(env.action_masks(), info["action_mask"].astype(bool))
        assert sorted(info["legal_actions"]) == np.flatnonzero(info["action_mask"]).tolist()
        obs, _r, term, trunc, info = env.step(rng.choice(info["legal_actions"]))
        done = term or trunc
    assert not env.action_masks().any() and info["legal_actions"] == []


@pytest.mark.parametrize("name", sorted(game_names()))
def test_openspiel_tensors_come_from_the_writer_and_equal_the_view_encoding(name: str) -> None:
    players, options = _config(name)
    game = rs.load_game(name, players=players, rng_seed=1, **options)
    state = game.new_initial_state()
    config = regalia.get_game(name).make_config(**options)
    enc = get_encoder(name, players, config)
    rng = random.Random(1)
    public = game.make_py_observer(
        pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE)
    )
    for _ in range(25):
        if state.is_terminal():
            break
        p = state.current_player()
        inner = state.regalia_state
        assert state.observation_tensor(p) == enc.encode(inner.view(p), p).tolist()
        info = state.information_state_tensor(p)
        assert info[: enc.size] == enc.encode(inner.view(p), p).tolist() and len(info) == game.info_state_encoder.size
        public.set_from(state, p)
        assert np.array_equal(public.tensor, enc.encode(inner.view(None), None))
        state.apply_action(rng.choice(state.legal_actions()))


def test_a_user_encoder_turns_the_fast_path_off_and_is_used() -> None:
    def tiny(players: int, config: Any) -> Encoder:
        return Encoder(ENCODERS["kings-blood"](players, config).slices[:2])

    register_encoder("kings-blood", tiny)
    try:
        env = rz.raw_env("kings-blood", players=2)
        assert not env.observer.fast
        env.reset(seed=0)
        obs = env.observe("player_0")["observation"]
        assert obs.shape == (tiny(2, env.config).size,)
        assert env.state is not None
        assert np.array_equal(obs, get_encoder("kings-blood", 2, env.config).encode(env.state.view(0), 0))
    finally:
        register_encoder("kings-blood", ENCODERS["kings-blood"])
    assert rz.raw_env("kings-blood", players=2).observer.fast
