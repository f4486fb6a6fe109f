"""MaskablePPO (sb3-contrib) learns 2-player King's Blood against a fixed bot through the batch env.

``regalia.rl.vector_env("kings-blood", N, players=2, opponents={1: "heuristic"})`` runs N games at
once with seat 1 played by the game's heuristic bot inside ``step``; ``regalia.rl.sb3.MaskableVecEnv``
hands seat 0's observations (1,226 floats), rewards (1 for a win, at the end) and action masks
(41,980 ids) to MaskablePPO. After training, seat 0 is played by the trained policy, by the
uniformly random policy and by the heuristic bot, each against a random seat 1 and against a
heuristic seat 1; their win rates are printed with 95 % Wilson intervals; the learning curve is
saved as a PNG (``docs/rl-ppo-kings-blood.png``).

    python docs/examples/ppo_kings_blood.py                  # the full run (see docs/rl.md)
    python docs/examples/ppo_kings_blood.py --timesteps 2000 --eval-games 20 --out /tmp/kb.png

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

import numpy as np
import torch
from sb3_contrib import MaskablePPO

sys.path.insert(0, str(Path(__file__).resolve().parent))
from learning_common import Curve, Result, plot, wilson  # noqa: E402

from regalia.bots import InfoSet, make_bot  # noqa: E402
from regalia.rl.sb3 import MaskableVecEnv  # noqa: E402
from regalia.rl.vector import VectorEnv  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = 2
EVAL_SEED = 10_000
N_ENVS = 16
N_STEPS = 128


def train(
    timesteps: int,
    seed: int = 0,
    opponent: str = "heuristic",
    n_envs: int = N_ENVS,
    n_steps: int = N_STEPS,
    verbose: int = 0,
) -> tuple[Any, Curve]:
    """Train MaskablePPO as seat 0 for ``timesteps`` decisions against ``opponent`` at seat 1."""
    env = MaskableVecEnv(VectorEnv("kings-blood", n_envs, players=PLAYERS, opponents={1: opponent}, copy=False), seed=seed)
    model = MaskablePPO(
        "MlpPolicy",
        env,
        n_steps=n_steps,
        batch_size=512,
        n_epochs=2,
        learning_rate=3e-4,
        gamma=0.997,
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


def win_rate(choose: Any, opponent: str, games: int, label: str, num_envs: int = 32) -> Result:
    """Seat 0's wins over the first ``games`` games finished, seat 0 played by ``choose(env, out)
    -> action ids`` against ``opponent`` at seat 1 (deals from ``EVAL_SEED``)."""
    env = VectorEnv("kings-blood", num_envs, players=PLAYERS, opponents={1: opponent})
    out = env.reset(seed=EVAL_SEED)
    wins = finished = 0
    while finished < games:
        out = env.step(choose(env, out))
        for i in np.flatnonzero(out["terminated"] | out["truncated"]).tolist():
            if finished < games:
                finished += 1
                wins += int(out["rewards"][i, 0] > 0)
    rate, low, high = wilson(wins, games)
    return Result(f"{label} vs {opponent}", rate, low, high, games)


def evaluate(model: Any, games: int) -> list[Result]:
    """Seat 0's win rate for the trained policy, the random policy and the heuristic bot, each
    against a random and a heuristic seat 1."""
    rng = np.random.default_rng(0)
    bot_rng = random.Random(0)
    heuristic = make_bot("heuristic", "kings-blood")

    def trained(env: VectorEnv, out: dict[str, Any]) -> Any:
        actions, _ = model.predict(out["observation"], action_masks=out["action_mask"], deterministic=True)
        return actions

    def uniform(env: VectorEnv, out: dict[str, Any]) -> Any:
        return env.sample_actions(rng)

    def bot(env: VectorEnv, out: dict[str, Any]) -> Any:
        return np.array([s.action_id(heuristic.choose(InfoSet(s, 0, bot_rng))) for s in env.states()])

    results = []
    for opponent in ("random", "heuristic"):
        for label, choose in (("trained MaskablePPO", trained), ("random policy", uniform), ("heuristic bot", bot)):
            results.append(win_rate(choose, opponent, games, label))
    return results


def main(argv: list[str] | None = None) -> list[Result]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timesteps", type=int, default=150_000)
    parser.add_argument("--eval-games", type=int, default=500)
    parser.add_argument("--opponent", default="heuristic", help="the bot at seat 1 while training")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--n-envs", type=int, default=N_ENVS, help="games played at once while training")
    parser.add_argument("--n-steps", type=int, default=N_STEPS, help="steps per game between two PPO updates")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "rl-ppo-kings-blood.png")
    args = parser.parse_args(argv)
    torch.set_num_threads(args.threads)
    start = time.perf_counter()
    model, curve = train(args.timesteps, seed=args.seed, opponent=args.opponent, n_envs=args.n_envs, n_steps=args.n_steps)
    trained_s = time.perf_counter() - start
    results = evaluate(model, args.eval_games)
    total_s = time.perf_counter() - start
    for r in results:
        print(r.text("seat 0 wins"))
    print(
        f"{args.timesteps:,} timesteps ({len(curve.points):,} games) trained in {trained_s / 60:.1f} min "
        f"against {args.opponent}; {total_s / 60:.1f} min with the evaluation"
    )
    baselines = [r for r in results if r.label.endswith(f"vs {args.opponent}") and not r.label.startswith("trained")]
    plot(
        args.out,
        curve.points,
        window=200,
        title=f"King's Blood, 2 players: MaskablePPO vs {args.opponent} through the batch env",
        ylabel=f"seat 0 win rate against {args.opponent}",
        baselines=baselines,
    )
    print(f"learning curve: {args.out}")
    return results


if __name__ == "__main__":
    main()
