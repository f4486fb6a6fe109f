"""REINFORCE with a linear softmax policy through the PettingZoo adapter, on the tests' toy game.

Seat 0 learns against a uniformly random seat 1 (2 players, "High Hand"); the policy sees the
``"observation"`` tensor and samples only among the actions of ``"action_mask"``. Run from the
repository root: ``PYTHONPATH=src:. python docs/examples/reinforce_toy.py``.
"""

from __future__ import annotations

import time

import numpy as np
from tests.core.toygame import ToyGame
from tests.rl.conftest import toy_encoder

from regalia.core import registry
from regalia.rl import pettingzoo as rz
from regalia.rl.encoders import register_encoder

registry._load_all()
registry.register(ToyGame())
register_encoder("toy", toy_encoder)

env = rz.raw_env("toy", players=2)
size, n_actions = env.encoder.size, env.num_actions
rng = np.random.default_rng(0)
weights = np.zeros((size + 1, n_actions))  # linear logits (+ bias row)


def policy(obs: dict[str, np.ndarray]) -> np.ndarray:
    x = np.append(obs["observation"], 1.0)
    logits = x @ weights
    logits[obs["action_mask"] == 0] = -np.inf
    p = np.exp(logits - logits.max())
    return p / p.sum()


def play(seed: int, learn: bool) -> tuple[float, list[tuple[np.ndarray, np.ndarray, int]]]:
    """One game; returns seat 0's return and its (features, probabilities, action) steps."""
    env.reset(seed=seed)
    steps = []
    ret = 0.0
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        if agent == "player_0":
            ret += reward
        if term or trunc:
            env.step(None)
            continue
        if agent == "player_0":
            p = policy(obs) if learn else obs["action_mask"] / obs["action_mask"].sum()
            a = int(rng.choice(n_actions, p=p))
            steps.append((np.append(obs["observation"], 1.0), p, a))
        else:
            a = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        env.step(a)
    return ret, steps


def win_rate(games: int, learned: bool, seed0: int) -> float:
    return sum(play(seed0 + i, learned)[0] for i in range(games)) / games


start = time.perf_counter()
before = win_rate(2000, learned=False, seed0=10**6)
baseline = 0.0
for episode in range(6000):
    ret, steps = play(episode, learn=True)
    baseline += 0.01 * (ret - baseline)
    for x, p, a in steps:  # grad log pi(a|x) = x (onehot(a) - p)
        g = -p
        g[a] += 1.0
        weights += 0.05 * (ret - baseline) * np.outer(x, g)
after = win_rate(2000, learned=True, seed0=10**6)
print(
    f"seat 0 win rate vs random: random policy {before:.3f} -> REINFORCE {after:.3f} "
    f"({time.perf_counter() - start:.1f} s)"
)
