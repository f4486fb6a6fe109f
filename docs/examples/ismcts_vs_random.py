"""OpenSpiel's Python IS-MCTS bot against random players on a real regalia game.

Seat 0 is ``open_spiel.python.algorithms.ismcts.ISMCTSBot`` with the adapter's resampler
(``regalia.rl.openspiel.resampler``: a ``determinize`` of what seat 0 knows for every
simulation); the other seats play uniformly at random. The evaluator is a random rollout on the
regalia engine itself (a clone of the determinized state played out to the end, the game's own
``returns()`` as the value), which is about twice as fast as a rollout through OpenSpiel. When
seat 0 has a single legal action it plays it without searching.

Games are shared among ``--workers`` processes (default 2). Prints seat 0's win rate over N
games with a 95 % Wilson interval, beside the rate a random seat 0 gets on the same deals (same
seeds), the paired comparison by deal (exact sign test) and the time taken::

    PYTHONPATH=src python docs/examples/ismcts_vs_random.py            # King's Blood, 2 players
    PYTHONPATH=src python docs/examples/ismcts_vs_random.py --game kingship --players 4 --games 10
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import time
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from regalia.rl import openspiel as rs


class EngineRollout(mcts.Evaluator):  # type: ignore[misc]
    """Uniform prior; value = the returns of a random playout of the regalia state."""

    def __init__(self, seed: int, max_steps: int = 2000) -> None:
        self.rng = random.Random(seed)
        self.max_steps = max_steps

    def evaluate(self, state: Any) -> np.ndarray:
        s = state.regalia_state.clone()
        rng = self.rng
        for _ in range(self.max_steps):
            if s.is_terminal:
                break
            s.apply(rng.choice(s.legal_actions()))
        return np.array(s.returns(), dtype=float)

    def prior(self, state: Any) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a rate ``wins / n``."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def play(job: tuple[str, int, dict[str, Any], int, int | None]) -> float:
    """One game ``(game, players, options, seed, sims)`` on deal ``seed``: seat 0 searches with
    ``sims`` simulations per decision (``None``: seat 0 plays at random too). Returns seat 0's
    return (1.0 for a win)."""
    name, players, options, seed, sims = job
    game = rs.load_game(name, players=players, rng_seed=seed, **options)  # deal: from ``seed``
    rng = random.Random(seed)
    state = game.new_initial_state()
    bot = None
    if sims is not None:
        np_rng = np.random.RandomState(seed)
        bot = ismcts.ISMCTSBot(game, EngineRollout(seed), 1.0, sims, random_state=np_rng)
        bot.set_resampler(rs.resampler(seed=seed))
    while not state.is_terminal():
        legal = state.legal_actions()
        if state.current_player() == 0 and bot is not None and len(legal) > 1:
            action = bot.step(state)
        else:
            action = rng.choice(legal)
        state.apply_action(action)
    return float(state.returns()[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="kings-blood")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=32, help="games per side (IS-MCTS and random)")
    parser.add_argument("--sims", type=int, default=24, help="IS-MCTS simulations per decision")
    parser.add_argument("--workers", type=int, default=2, help="processes playing games in parallel")
    parser.add_argument("--option", action="append", default=[], help="rule option name=value (repeatable)")
    args = parser.parse_args()
    options: dict[str, Any] = {}
    for text in args.option:
        k, _, v = text.partition("=")
        options[k] = int(v) if v.lstrip("-").isdigit() else v
    start = time.perf_counter()
    results = {}
    with multiprocessing.Pool(args.workers) as pool:
        for label, sims in (("random", None), ("IS-MCTS", args.sims)):
            # the same deals for both: game k of each run is dealt from seed k
            jobs = [(args.game, args.players, options, k, sims) for k in range(args.games)]
            results[label] = pool.map(play, jobs, chunksize=1)
    elapsed = time.perf_counter() - start
    n = args.games
    for label, per_deal in results.items():
        wins = sum(per_deal)
        lo, hi = wilson(wins, n)
        print(
            f"{args.game} ({args.players} players), seat 0 {label:>7}: {wins / n:.3f} wins  [95% {lo:.3f}, {hi:.3f}]  ({n} games)"
        )
    # paired by deal: deals IS-MCTS won and random lost, and the reverse; exact two-sided sign test
    better = sum(1 for a, b in zip(results["IS-MCTS"], results["random"], strict=True) if a > b)
    worse = sum(1 for a, b in zip(results["IS-MCTS"], results["random"], strict=True) if a < b)
    m = better + worse
    tail = sum(math.comb(m, i) for i in range(min(better, worse) + 1)) / 2**m if m else 1.0
    print(
        f"same deals: IS-MCTS won {better} that random lost, lost {worse} that random won (sign test p = {min(1.0, 2 * tail):.3f})"
    )
    print(f"IS-MCTS {args.sims} simulations per decision, random rollouts; {elapsed:.1f} s")


if __name__ == "__main__":
    main()
