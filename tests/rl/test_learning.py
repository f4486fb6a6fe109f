"""Smoke runs of the learning examples (issue 23): MaskablePPO trains a few hundred steps on King's
Family through the Gymnasium env and on King's Blood against a fixed bot through the batch env,
is evaluated against the random policy and the heuristic bot, and draws its learning curve. The
full runs (minutes each) are in docs/rl.md, not here."""

from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path
from types import ModuleType

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


def _example(name: str) -> ModuleType:
    try:
        import sb3_contrib  # noqa: F401
        import torch  # noqa: F401
    except ImportError as exc:  # the README's install brings them (the test extra includes learn)
        if os.environ.get("CI") == "true":
            pytest.fail(f"{exc} (CI=true: the learning smoke tests must run)")
        pytest.skip(str(exc))
    sys.path.insert(0, str(EXAMPLES))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(EXAMPLES))


def test_maskable_ppo_learns_kings_family_through_the_gymnasium_env(tmp_path: Path) -> None:
    kf = _example("ppo_kings_family")
    out = tmp_path / "kf.png"
    args = ["--timesteps", "256", "--eval-games", "3", "--n-envs", "2", "--n-steps", "64", "--threads", "1"]
    results = kf.main([*args, "--out", str(out)])
    assert [r.label for r in results] == ["trained MaskablePPO", "random policy", "heuristic bot"]
    assert all(r.games == 3 and r.low <= r.value <= r.high and r.value >= 1.0 for r in results)
    assert out.stat().st_size > 10_000 and out.read_bytes()[:4] == b"\x89PNG"


def test_maskable_ppo_learns_kings_blood_against_a_bot_through_the_batch_env(tmp_path: Path) -> None:
    kb = _example("ppo_kings_blood")
    out = tmp_path / "kb.png"
    args = ["--timesteps", "256", "--eval-games", "4", "--n-envs", "2", "--n-steps", "64", "--threads", "1"]
    results = kb.main([*args, "--out", str(out), "--opponent", "random"])
    labels = [r.label for r in results]
    assert labels == [
        f"{who} vs {opponent}"
        for opponent in ("random", "heuristic")
        for who in ("trained MaskablePPO", "random policy", "heuristic bot")
    ]
    assert all(r.games == 4 and 0.0 <= r.low <= r.value <= r.high <= 1.0 for r in results)
    assert out.read_bytes()[:4] == b"\x89PNG"


def test_the_sb3_env_leaves_exactly_one_seat_to_the_learner() -> None:
    _example("learning_common")
    from regalia.rl.sb3 import MaskableVecEnv
    from regalia.rl.vector import VectorEnv

    with pytest.raises(ValueError, match="exactly one seat"):
        MaskableVecEnv(VectorEnv("kings-blood", 2, players=3, opponents={1: "random"}))
    env = MaskableVecEnv(VectorEnv("kings-blood", 3, players=2, opponents={1: "random"}), seed=1)
    obs = env.reset()
    assert obs.shape == (3, env.observation_space.shape[0])
    masks = env.env_method("action_masks")
    assert len(masks) == 3 and all(m.any() for m in masks) and env.has_attr("action_masks")
