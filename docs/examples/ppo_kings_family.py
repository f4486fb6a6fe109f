"""MaskablePPO (sb3-contrib) learns King's Family through the Gymnasium env ``regalia/KingsFamily-v0``.

The policy sees the observation tensor (1,048 floats) and picks among the legal action ids only
(``action_masks()``, 41,833 ids); the reward is the score's change (KF-9). After training, the
trained policy, the uniformly random policy and the game's ``heuristic`` bot play the same deals
(evaluation seeds ``10_000 + k``, never trained on) and their mean scores are printed with 95 %
confidence intervals; the learning curve is saved as a PNG (``docs/rl-ppo-kings-family.png``).

    python docs/examples/ppo_kings_family.py                 # the full run (see docs/rl.md)
    python docs/examples/ppo_kings_family.py --timesteps 2000 --eval-games 20 --out /tmp/kf.png

Needs ``pip install -e ".[rl,learn]"``. Runs on the CPU, in one process (``--threads`` PyTorch
threads).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

import gymnasium as gym
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.monitor import Monitor
from stable_baselines3.common.vec_env import DummyVecEnv

sys.path.insert(0, str(Path(__file__).resolve().parent))
from learning_common import Curve, Result, mean_interval, plot  # noqa: E402

import regalia.rl.gymnasium  # noqa: E402, F401  (registers regalia/KingsFamily-v0)
from regalia.bots import InfoSet, make_bot  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
EVAL_SEED = 10_000
N_ENVS = 4
N_STEPS = 256


def make_env() -> Any:
    return Monitor(gym.make("regalia/KingsFamily-v0"))


def train(
    timesteps: int, seed: int = 0, n_envs: int = N_ENVS, n_steps: int = N_STEPS, verbose: int = 0
) -> tuple[Any, Curve]:
    """Train MaskablePPO for ``timesteps`` decisions; returns the model and its learning curve."""
    env = DummyVecEnv([make_env for _ in range(n_envs)])
    env.seed(seed)
    model = MaskablePPO(
        "MlpPolicy",
        env,
        n_steps=n_steps,
        batch_size=512,
        n_epochs=2,
        learning_rate=3e-4,
        gamma=1.0,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [64, 64]},
        seed=seed,
        verbose=verbose,
        device="cpu",
    )
    curve = Curve()
    # the action distribution has ~42,000 ids: skip torch's argument checks of every one of them
    torch.distributions.Distribution.set_default_validate_args(False)
    model.learn(total_timesteps=timesteps, callback=curve)
    return model, curve


def play(choose: Any, games: int) -> list[float]:
    """The final scores of ``games`` deals (seeds ``EVAL_SEED + k``) played by ``choose(env,
    obs, info) -> action id``."""
    env = gym.make("regalia/KingsFamily-v0")
    scores = []
    for k in range(games):
        obs, info = env.reset(seed=EVAL_SEED + k)
        total = 0.0
        done = False
        while not done:
            obs, reward, term, trunc, info = env.step(choose(env, obs, info))
            total += float(reward)
            done = term or trunc
        scores.append(total)
    return scores


def evaluate(model: Any, games: int) -> list[Result]:
    """The trained policy, the random policy and the heuristic bot on the same ``games`` deals."""
    rng = random.Random(0)
    heuristic = make_bot("heuristic", "kings-family")

    def trained(env: Any, obs: Any, info: dict[str, Any]) -> int:
        action, _ = model.predict(obs, action_masks=info["action_mask"].astype(bool), deterministic=True)
        return int(action)

    def uniform(env: Any, obs: Any, info: dict[str, Any]) -> int:
        return int(rng.choice(info["legal_actions"]))

    def bot(env: Any, obs: Any, info: dict[str, Any]) -> int:
        state = env.unwrapped.state
        return int(state.action_id(heuristic.choose(InfoSet(state, 0, rng))))

    out = []
    for label, choose in (("trained MaskablePPO", trained), ("random policy", uniform), ("heuristic bot", bot)):
        scores = play(choose, games)
        mean, low, high = mean_interval(scores)
        out.append(Result(label, mean, low, high, games))
    return out


def main(argv: list[str] | None = None) -> list[Result]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timesteps", type=int, default=120_000)
    parser.add_argument("--eval-games", type=int, default=500)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--n-envs", type=int, default=N_ENVS, help="games played at once while training")
    parser.add_argument("--n-steps", type=int, default=N_STEPS, help="steps per game between two PPO updates")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "rl-ppo-kings-family.png")
    args = parser.parse_args(argv)
    torch.set_num_threads(args.threads)
    start = time.perf_counter()
    model, curve = train(args.timesteps, seed=args.seed, n_envs=args.n_envs, n_steps=args.n_steps)
    trained_s = time.perf_counter() - start
    results = evaluate(model, args.eval_games)
    total_s = time.perf_counter() - start
    for r in results:
        print(r.text("mean score"))
    print(
        f"{args.timesteps:,} timesteps ({len(curve.points):,} games) trained in {trained_s / 60:.1f} min; "
        f"{total_s / 60:.1f} min with the evaluation"
    )
    plot(
        args.out,
        curve.points,
        window=200,
        title=f"King's Family: MaskablePPO through the Gymnasium env ({args.timesteps:,} steps)",
        ylabel="score per game (KF-9)",
        baselines=results[1:],
    )
    print(f"learning curve: {args.out}")
    return results


if __name__ == "__main__":
    main()
