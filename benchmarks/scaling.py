"""Scaling of ``regalia simulate`` over worker processes, and ISMCTS rollouts per second, per game.

For every registered game (or those named with ``--games``): ``simulate`` throughput in games/s
(random bots, or ``--bot``) with 1 and 2 local jobs (and, with ``--ray``, on a private 2-CPU Ray
instance); the speed-up over 1 job; the CPU time spent per game in each local run (equal CPU per
game means the parallel run lost nothing to overhead, and its speed-up is bounded only by free
cores, which a busy machine does not have); and the ISMCTS bot's rollouts/s from a few early and
mid-game positions. The same games are played in every column (same seeds), so the columns differ
only in how they are run, and ``identical`` checks that their statistics agree.

``--toy`` also registers the test game of ``tests/core/toygame.py`` (run from the repository root).

Usage: ``python benchmarks/scaling.py [--seconds 5] [--players 4] [--toy] [--ray] [--bot ismcts:20]
[--seed 1000] [--json out.json]``
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from typing import Any

import regalia
from regalia.bots import InfoSet, ISMCTSBot
from regalia.bots.simulate import SimulationSpec, simulate


def players_for(name: str, wanted: int) -> int:
    g = regalia.get_game(name)
    return max(g.min_players, min(g.max_players, wanted))


def end_options(name: str, players: int) -> dict[str, Any]:
    """The conformance options that make random games end (e.g. ``max_turns``), as throughput.py uses."""
    g = regalia.get_game(name)
    configs = [o for p, o in g.test_configurations() if p == players]
    return {k: v for k, v in configs[0].items() if k == "max_turns"} if configs else {}


def _cpu_seconds() -> float:
    """CPU time (user + system) of this process and of its finished child processes."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def bench_simulate(
    name: str, players: int, seconds: float, use_ray: bool, bot: str = "random", seed: int = 1000
) -> dict[str, Any]:
    options = tuple(sorted(end_options(name, players).items()))
    spec = SimulationSpec(name, players, (bot,), seed=seed, options=options)
    probe = simulate(spec, 10)
    per_s = probe["games_per_second"] or 1.0
    games = max(20, int(per_s * seconds))
    row: dict[str, Any] = {"game": name, "players": players, "sim_games": games}
    results: dict[str, dict[str, Any]] = {}
    for label, kwargs in (("jobs1", {"jobs": 1}), ("jobs2", {"jobs": 2})):
        cpu0 = _cpu_seconds()
        start = time.perf_counter()
        results[label] = simulate(spec, games, **kwargs)
        row[f"{label}_games_per_s"] = games / (time.perf_counter() - start)
        row[f"{label}_cpu_ms_per_game"] = 1000 * (_cpu_seconds() - cpu0) / games
    if use_ray:
        results["ray2"] = simulate(spec, games, jobs=2, backend="ray")
        row["ray2_games_per_s"] = results["ray2"]["games_per_second"]  # Ray start-up not counted
    row["speedup_2_jobs"] = row["jobs2_games_per_s"] / row["jobs1_games_per_s"]
    base = {k: v for k, v in results["jobs1"].items() if k != "games_per_second"}
    row["identical"] = all({k: v for k, v in r.items() if k != "games_per_second"} == base for r in results.values())
    return row


def bench_ismcts(name: str, players: int, seconds: float, positions: int = 6) -> dict[str, Any]:
    options = end_options(name, players)
    iterations = 0
    elapsed = 0.0
    rng = random.Random(7)
    budget = seconds / positions
    for k in range(positions):
        state = regalia.make(name, players=players, seed=500 + k, **options)
        for _ in range(rng.randrange(0, 30)):  # a random early or mid-game position
            if state.is_terminal:
                break
            state.apply(rng.choice(state.legal_actions()))
        while not state.is_terminal and len(state.legal_actions()) < 2:
            state.apply(state.legal_actions()[0])
        if state.is_terminal:
            continue
        seat = state.current_player
        assert seat is not None
        bot = ISMCTSBot(f"{budget}s")
        start = time.perf_counter()
        bot.choose(InfoSet(state, seat, random.Random(k)))
        elapsed += time.perf_counter() - start
        iterations += bot.last_iterations
    return {"ismcts_rollouts_per_s": iterations / elapsed if elapsed else float("nan")}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="about how long each measurement runs")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", default="", help="comma-separated game names (default: every registered game)")
    parser.add_argument("--toy", action="store_true", help="also register the test game (tests/core/toygame.py)")
    parser.add_argument("--ray", action="store_true", help="also measure a private 2-CPU Ray instance")
    parser.add_argument("--bot", default="random", help="the bot of every seat in the simulate runs")
    parser.add_argument("--seed", type=int, default=1000, help="seed of the first simulated game")
    parser.add_argument("--json", help="write the results here as JSON")
    args = parser.parse_args()
    if args.toy:
        sys.path.insert(0, os.getcwd())
        from tests.core.toygame import ToyGame

        from regalia.core import registry

        registry.register(ToyGame())
    names = [g for g in args.games.split(",") if g] or regalia.game_names()
    rows = []
    for name in names:
        players = players_for(name, args.players)
        row = bench_simulate(name, players, args.seconds, args.ray, args.bot, args.seed)
        row.update(bench_ismcts(name, players, args.seconds))
        rows.append(row)
        print(f"# {name}: done", file=sys.stderr)
    print(f"cores: {os.cpu_count()}, load average {os.getloadavg()[0]:.1f}, simulate bot {args.bot}")
    header = [
        "game",
        "players",
        "games",
        "1 job games/s",
        "2 jobs games/s",
        "speed-up",
        "CPU ms/game 1 job",
        "CPU ms/game 2 jobs",
    ]
    if args.ray:
        header.append("ray 2 CPUs games/s")
    header += ["identical", "ISMCTS rollouts/s"]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for r in rows:
        cells = [
            r["game"],
            str(r["players"]),
            str(r["sim_games"]),
            f"{r['jobs1_games_per_s']:,.1f}",
            f"{r['jobs2_games_per_s']:,.1f}",
            f"{r['speedup_2_jobs']:.2f}×",
            f"{r['jobs1_cpu_ms_per_game']:.2f}",
            f"{r['jobs2_cpu_ms_per_game']:.2f}",
        ]
        if args.ray:
            cells.append(f"{r['ray2_games_per_s']:,.1f}")
        cells += ["yes" if r["identical"] else "NO", f"{r['ismcts_rollouts_per_s']:,.0f}"]
        print("| " + " | ".join(cells) + " |")
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(rows, fh, indent=1)


if __name__ == "__main__":
    main()
